import { render } from '@testing-library/react';
import { createTezgahApi, memoryTokenStore, type TezgahPromiseApi } from '@tezgah/sdk';
import type { WebPlugin } from '@tezgah/core';
import { Workbench } from '../src/app/Workbench';
import { createRegistry, deferredRegistry } from '../src/host/registry';
import { addPluginTexts, createI18n, type Language } from '../src/i18n';
import { setToaster } from '../src/notify/notify';
import { createQueryClient } from '../src/data/query';
import { fakeServer, token, type FakeServer } from './fake-server';

export interface Toasts {
  shown: { message: unknown; intent?: unknown; timeout?: number }[];
  /** The messages of the toasts taken down before their time (the shell does on a page change). */
  dismissed: unknown[];
}

/** A toaster that records what it was asked to show and to take down (the real one portals outside the test root). */
export function recordToasts(): Toasts {
  const shown: Toasts['shown'] = [];
  const dismissed: unknown[] = [];
  const byKey = new Map<string, unknown>();
  setToaster({
    show: (p, key) => {
      shown.push({ message: p.message, intent: p.intent, ...(p.timeout !== undefined ? { timeout: p.timeout } : {}) });
      const k = key ?? String(shown.length);
      byKey.set(k, p.message);
      return k;
    },
    dismiss(key) { if (byKey.has(key)) { dismissed.push(byKey.get(key)); byKey.delete(key); } },
    clear() {},
    getToasts: () => [],
  });
  return { shown, dismissed };
}

/**
 * Renders the whole workbench at a path over a fake server. With `signedIn`, the token store holds
 * a token so the shell loads the session from the fake server's account.
 */
export async function renderWorkbench(opts: { plugins?: WebPlugin[]; path?: string; server?: FakeServer; language?: Language; signedIn?: boolean; /** The plugins come in when the shell first needs them, as in the built workbench (main.tsx). */ deferred?: boolean } = {}) {
  const server = opts.server ?? fakeServer();
  const store = memoryTokenStore();
  if (opts.signedIn) store.set({ token: token({ cid: 2 }), companyId: 2 });
  const api: TezgahPromiseApi = createTezgahApi({ baseUrl: 'http://tezgah.test', tokenStore: store, fetch: server.fetch as typeof fetch });
  const registry = opts.deferred
    ? deferredRegistry([], async () => opts.plugins ?? [], (added) => addPluginTexts(i18n, added))
    : createRegistry(opts.plugins ?? []);
  const i18n = await createI18n(opts.language ?? 'tr', registry.plugins);
  const toasts = recordToasts();
  // The data layer's cache, without retries: a failure shows at once, as it did before the cache.
  const queryClient = createQueryClient({ retries: 0 });
  const view = render(
    <Workbench registry={registry} i18n={i18n} api={api} hasToken={() => store.get() !== null} initialPath={opts.path ?? '/'}
      queryClient={queryClient} />,
  );
  return { ...view, server, store, registry, i18n, toasts, api, queryClient };
}
