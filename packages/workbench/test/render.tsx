import { render } from '@testing-library/react';
import { createTezgahApi, memoryTokenStore, type TezgahPromiseApi } from '@tezgah/sdk';
import type { WebPlugin } from '@tezgah/core';
import { Workbench } from '../src/app/Workbench';
import { createRegistry } from '../src/host/registry';
import { createI18n, type Language } from '../src/i18n';
import { setToaster } from '../src/notify/notify';
import { fakeServer, token, type FakeServer } from './fake-server';

export interface Toasts {
  shown: { message: unknown; intent?: unknown; timeout?: number }[];
}

/** A toaster that records what it was asked to show (the real one portals outside the test root). */
export function recordToasts(): Toasts {
  const shown: Toasts['shown'] = [];
  setToaster({ show: (p) => { shown.push({ message: p.message, intent: p.intent, ...(p.timeout !== undefined ? { timeout: p.timeout } : {}) }); return String(shown.length); }, dismiss() {}, clear() {}, getToasts: () => [] });
  return { shown };
}

/**
 * Renders the whole workbench at a path over a fake server. With `signedIn`, the token store holds
 * a token so the shell loads the session from the fake server's account.
 */
export async function renderWorkbench(opts: { plugins?: WebPlugin[]; path?: string; server?: FakeServer; language?: Language; signedIn?: boolean } = {}) {
  const server = opts.server ?? fakeServer();
  const store = memoryTokenStore();
  if (opts.signedIn) store.set({ token: token({ cid: 2 }), companyId: 2 });
  const api: TezgahPromiseApi = createTezgahApi({ baseUrl: 'http://tezgah.test', tokenStore: store, fetch: server.fetch as typeof fetch });
  const registry = createRegistry(opts.plugins ?? []);
  const i18n = await createI18n(opts.language ?? 'tr', registry.plugins);
  const toasts = recordToasts();
  const view = render(
    <Workbench registry={registry} i18n={i18n} api={api} hasToken={() => store.get() !== null} initialPath={opts.path ?? '/'} />,
  );
  return { ...view, server, store, registry, i18n, toasts, api };
}
