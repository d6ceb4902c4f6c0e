import { Suspense, use, type ReactNode } from 'react';
import { BlueprintProvider } from '@blueprintjs/core';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import type { i18n as I18n } from 'i18next';
import type { Decorator } from '@storybook/react-vite';
import { createI18n, LANGUAGES, type Language } from '../i18n';
import { getSettings, updateSettings } from '../settings/settings';

/**
 * What Storybook's preview (.storybook/preview.tsx) and the stories test wrap every story in:
 * Blueprint's provider, the kernel's i18next instance made by createI18n (Turkish unless the
 * toolbar's locale says otherwise) and a MemoryRouter at `parameters.route` (default `/`).
 */
const instances = new Map<Language, Promise<I18n>>();
const ready = new Map<Language, I18n>();

/** One i18next instance per language, made once (stories share it; StoryHost adds plugin texts). */
export function storyI18n(language: Language): Promise<I18n> {
  let p = instances.get(language);
  if (!p) {
    p = createI18n(language).then((i18n) => { ready.set(language, i18n); return i18n; });
    instances.set(language, p);
  }
  return p;
}

function WithI18n(props: { language: Language; children: ReactNode }) {
  // Once made, the instance is used at once (no suspense), so a story renders in one pass.
  const i18n = ready.get(props.language) ?? use(storyI18n(props.language));
  return <I18nextProvider i18n={i18n}>{props.children}</I18nextProvider>;
}

export const storyDecorators: Decorator[] = [
  (Story, ctx) => {
    const route = typeof ctx.parameters.route === 'string' ? ctx.parameters.route : '/';
    return (
      <MemoryRouter key={`${ctx.id}:${route}`} initialEntries={[route]}>
        <Story />
      </MemoryRouter>
    );
  },
  (Story, ctx) => {
    const language = (LANGUAGES as readonly string[]).includes(ctx.globals.locale) ? (ctx.globals.locale as Language) : 'tr';
    // The shell follows settings.language; keep it in step with the toolbar.
    if (getSettings().language !== language) updateSettings({ language });
    return (
      <BlueprintProvider>
        <Suspense fallback={<div className="tz-story-pending">…</div>}>
          <WithI18n language={language}>
            <Story />
          </WithI18n>
        </Suspense>
      </BlueprintProvider>
    );
  },
];

export const storyGlobalTypes = {
  locale: {
    description: 'Workbench language',
    toolbar: {
      title: 'Dil',
      icon: 'globe',
      items: LANGUAGES.map((l) => ({ value: l, title: l.toUpperCase() })),
      dynamicTitle: true,
    },
  },
};
