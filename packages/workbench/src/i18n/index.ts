import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { WebPlugin } from '@tezgah/core';
import { tr } from './locales/tr';
import { en } from './locales/en';
import { fr } from './locales/fr';
import { ru } from './locales/ru';
import { zh } from './locales/zh';

export const LANGUAGES = ['tr', 'en', 'fr', 'ru', 'zh'] as const;
export type Language = (typeof LANGUAGES)[number];

/** The kernel's texts live in one namespace ('kernel', the default: t('shell.loading')); each
 * plugin gets a namespace named by its id (useTranslation('hello'), t('hello:title')). */
export const KERNEL_NS = 'kernel';

const bundles: Partial<Record<Language, Record<string, unknown>>> = { tr, en, fr, ru, zh };

/** Adds another language's kernel texts (fr, ru and zh cover the shell; the rest falls back to English). */
export function addLanguage(lang: Language, messages: Record<string, unknown>): void {
  bundles[lang] = messages;
}

/**
 * One i18next instance for the page: Turkish by default; English complete; French, Russian and
 * Chinese fall back to English where they have no text. Plugins bring their texts in
 * `messages[lang]`, loaded into the namespace named by the plugin id.
 */
export async function createI18n(language: Language, plugins: readonly WebPlugin[] = []): Promise<I18n> {
  const instance = i18next.createInstance();
  const resources: Record<string, Record<string, unknown>> = {};
  for (const [lang, msgs] of Object.entries(bundles)) resources[lang] = { [KERNEL_NS]: msgs as Record<string, unknown> };
  for (const p of plugins) {
    for (const [lang, msgs] of Object.entries(p.messages ?? {})) {
      resources[lang] ??= {};
      resources[lang]![p.id] = msgs;
    }
  }
  await instance.use(initReactI18next).init({
    resources: resources as any,
    lng: language,
    fallbackLng: { fr: ['en'], ru: ['en'], zh: ['en'], en: ['tr'], default: ['tr'] },
    ns: [KERNEL_NS, ...plugins.map((p) => p.id)],
    defaultNS: KERNEL_NS,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return instance;
}

/** Adds the texts of plugins registered after the instance was made (a deferred registry's). */
export function addPluginTexts(instance: I18n, plugins: readonly WebPlugin[]): void {
  for (const p of plugins) {
    for (const [lang, msgs] of Object.entries(p.messages ?? {})) instance.addResourceBundle(lang, p.id, msgs, true, true);
    const ns = instance.options.ns;
    if (Array.isArray(ns) && !ns.includes(p.id)) ns.push(p.id);
  }
}
