import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { WebPlugin } from '@tezgah/core';
import { createTezgahApi, memoryTokenStore, type Account, type TezgahPromiseApi, type UserCompany } from '@tezgah/sdk';
import { HostProvider, useShell } from '../host/HostProvider';
import { Loading } from '../host/Contribution';
import { createRegistry, type Registry } from '../host/registry';
import { DEFAULT_SETTINGS, getSettings, updateSettings, type LayoutSettings } from '../settings/settings';
import { account, fakeServer, token, userCompanies, type FakeServer } from '../../test/fake-server';

/** Authority codes a demo account holds by default: the common modules, view and create. */
export const DEMO_CODES = [1, 2, 3, 5, 6, 11, 12, 13, 14, 15, 16, 17, 23, 27, 29, 30].flatMap((m) => [`${m}_1`, `${m}_2`]);

export interface StoryHostProps {
  children: ReactNode;
  /** Plugins the registry holds (menu, routes, widgets ...). */
  plugins?: WebPlugin[];
  /** Authority codes for the current company (default DEMO_CODES). */
  codes?: string[];
  /** Authority codes for every company (company 0). */
  allCompanyCodes?: string[];
  /** Other fields of the account (impersonate, company, role ...). */
  account?: Partial<Account>;
  /** The companies the selector offers (default: two pharmacies and a shop). */
  companies?: Partial<UserCompany>[];
  /** Layout settings applied over the defaults before the first render (theme, menuStyle, favourites ...). */
  settings?: Partial<LayoutSettings>;
  /** Adds routes to the fake server: `server.on('GET /api/...', () => json(...))`. */
  serve?: (server: FakeServer) => void;
}

interface Backend {
  server: FakeServer;
  api: TezgahPromiseApi;
  registry: Registry;
}

function makeBackend(props: StoryHostProps): Backend {
  const server = fakeServer();
  const a = account({ codes: props.codes ?? DEMO_CODES, allCompanyCodes: props.allCompanyCodes ?? [], ...props.account });
  const companies = userCompanies(
    ...(props.companies ?? [
      { companyId: a.companyId, name: a.company.name, sectorKey: a.company.sectorKey },
      { name: 'Şifa Eczanesi', sectorKey: 'ECZ' },
      { name: 'Tezgah Ticaret A.Ş.', sectorKey: 'GENEL', erpType: 'STANDARD' },
    ]),
  ).map((c, i) => (i === 0 ? c : { ...c, companyId: a.companyId + i }));
  server.setAccount(a, companies);
  // A company switch answers with a token; the account then names the chosen company.
  server.on('POST /api/company-authenticate', async (req) => {
    const body = (await req.json().catch(() => ({}))) as { companyId?: number };
    const chosen = companies.find((c) => c.companyId === Number(body.companyId ?? new URL(req.url).searchParams.get('companyId')));
    if (chosen) {
      server.setAccount({ ...a, companyId: chosen.companyId, company: { ...a.company, id: chosen.companyId, name: chosen.name, sectorKey: chosen.sectorKey } }, companies);
    }
    return new Response(JSON.stringify({ id_token: token({ cid: chosen?.companyId ?? a.companyId }) }), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  props.serve?.(server);
  const store = memoryTokenStore();
  store.set({ token: token({ cid: a.companyId }), companyId: a.companyId });
  const api = createTezgahApi({ baseUrl: 'http://tezgah.story', tokenStore: store, fetch: server.fetch as typeof fetch });
  return { server, api, registry: createRegistry(props.plugins ?? []) };
}

/** Renders its children once the session has loaded (the shell's components need an account). */
function WhenSignedIn(props: { children: ReactNode }) {
  const shell = useShell();
  if (shell.status !== 'signed-in') return <div className="tz-story-pending"><Loading /></div>;
  return <>{props.children}</>;
}

/**
 * A signed-in shell for stories and tests: a HostProvider over a fake server whose account holds
 * `codes`, with the given plugins registered and their texts added to i18n. Needs a router and
 * an I18nextProvider around it (the Storybook preview gives both).
 */
export function StoryHost(props: StoryHostProps) {
  const { i18n } = useTranslation();
  const [backend] = useState(() => {
    // Each story starts from the default layout (keeping the toolbar's language) plus its own settings.
    updateSettings({ ...DEFAULT_SETTINGS, language: getSettings().language, ...props.settings });
    for (const p of props.plugins ?? []) {
      for (const [lang, msgs] of Object.entries(p.messages ?? {})) if (msgs) i18n.addResourceBundle(lang, p.id, msgs, true, true);
    }
    return makeBackend(props);
  });
  useEffect(() => { (window as { __tezgahStoryServer?: FakeServer }).__tezgahStoryServer = backend.server; }, [backend]);
  return (
    <HostProvider registry={backend.registry} api={backend.api} hasToken={() => true}>
      <WhenSignedIn>{props.children}</WhenSignedIn>
    </HostProvider>
  );
}
