import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createBus, validateWebPlugin, type WorkbenchHost } from '@tezgah/core';
import plugin from './index.js';
import Page from './Page.js';
import { GREETING_PATH } from './greeting.js';

/** A host as the workbench hands it to a page, with a signed-in user of a demo company. */
function host(over: Partial<WorkbenchHost> = {}): WorkbenchHost {
  return {
    session: { login: 'eczaci', firstName: 'Elif', lastName: 'Eczacı', companyId: 2, companyName: 'Demo Eczanesi', sectorKey: 'ECZ', erpType: 'MEDULA', authorities: [], roles: [], impersonating: false, previousLogin: null },
    bus: createBus(), notify: { success: () => {}, warning: () => {}, error: () => {} },
    navigate: () => {}, can: () => true, language: 'tr', theme: 'default', apiBase: 'http://tezgah.test', ...over,
  };
}

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
  cleanup();
});

describe('the __PLUGIN_ID__ plugin', () => {
  it('declares a menu entry and a page with its loader', () => {
    expect(validateWebPlugin(plugin)).toEqual([]);
    expect(plugin.menu?.[0]).toMatchObject({ route: '/__PLUGIN_ID__' });
    expect(Object.keys(plugin.load?.routes ?? {})).toEqual(['/__PLUGIN_ID__']);
  });

  it("shows the route's greeting, asked with the session's token and company", async () => {
    document.cookie = 'accessToken=t0k3n; path=/';
    document.cookie = 'company-id=2; path=/';
    const seen: Request[] = [];
    globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      seen.push(new Request(input, init));
      return Response.json({ plugin: '__PLUGIN_ID__', login: 'eczaci', companyId: 2, message: 'Merhaba, eczaci!' });
    }) as typeof fetch;
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(<QueryClientProvider client={client}><Page host={host()} /></QueryClientProvider>);
    expect(await screen.findByText('Merhaba, eczaci!')).toBeTruthy();
    expect(screen.getByText('Şirket: Demo Eczanesi')).toBeTruthy();
    expect(seen[0]?.url).toBe(`http://tezgah.test${GREETING_PATH}`);
    expect(seen[0]?.headers.get('authorization')).toBe('Bearer t0k3n');
    expect(seen[0]?.headers.get('company-id')).toBe('2');
  });

  it('says so in the host language when the route fails', async () => {
    globalThis.fetch = (async () => new Response('{}', { status: 500 })) as typeof fetch;
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(<QueryClientProvider client={client}><Page host={host({ language: 'en' })} /></QueryClientProvider>);
    expect(await screen.findByText('The greeting could not be loaded.')).toBeTruthy();
  });
});
