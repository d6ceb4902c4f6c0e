import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createBus, validateWebPlugin, type WorkbenchHost } from '@tezgah/core';
import plugin from './index';
import HelloPage from './HelloPage';
import TeamWidget from './TeamWidget';

function host(over: Partial<WorkbenchHost> = {}): WorkbenchHost & { notes: string[] } {
  const notes: string[] = [];
  return {
    session: { login: 'eczaci', firstName: 'Elif', lastName: 'Eczacı', companyId: 2, companyName: 'Demo Eczanesi', sectorKey: 'ECZ', erpType: 'MEDULA', authorities: [], roles: [], impersonating: false, previousLogin: null },
    bus: createBus(), notify: { success: (m) => notes.push(m), warning: () => {}, error: () => {} },
    navigate: () => {}, can: () => true, language: 'tr', theme: 'default', apiBase: 'http://tezgah.test', notes, ...over,
  };
}

describe('the example plugin', () => {
  it('is a valid web plugin that declares a menu item, a page and a gated widget', () => {
    expect(validateWebPlugin(plugin)).toEqual([]);
    expect(plugin.menu?.[0]?.route).toBe('/hello');
    expect(plugin.widgets?.[0]).toMatchObject({ module: 17, actions: [1] });
  });

  it('greets in the host language and notifies through the host', async () => {
    const h = host({ language: 'en' });
    render(<HelloPage host={h} />);
    expect(screen.getByRole('heading', { name: 'Hello, Elif Eczacı!' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Say hello' }));
    expect(h.notes).toEqual(['Hello sent']);
  });

  it('counts the company users through the host\'s QueryClient, with its own SDK client', async () => {
    const seen: string[] = [];
    const realFetch = globalThis.fetch;
    globalThis.fetch = (async (input: Request | string) => {
      const url = typeof input === 'string' ? input : input.url;
      seen.push(url);
      return new Response('[]', { headers: { 'content-type': 'application/json', 'x-total-count': '7' } });
    }) as typeof fetch;
    try {
      // The workbench's HostProvider provides the client; here the test does.
      const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
      render(<QueryClientProvider client={client}><TeamWidget host={host()} /></QueryClientProvider>);
      await waitFor(() => expect(screen.getByText('7 kullanıcı')).toBeInTheDocument());
      expect(seen[0]).toContain('/api/users?size=1');
      // The count is in the host's cache under its operation, where a write to /api/users finds it.
      expect(client.getQueryData(['GET', '/api/users', { size: 1 }, 'total'])).toBe(7);
    } finally {
      globalThis.fetch = realFetch;
    }
  });

  it('listens for company switches on the bus and stops when cleaned up', () => {
    const h = host();
    const logs: string[] = [];
    const info = console.info;
    console.info = (m: string) => logs.push(m);
    try {
      const cleanup = plugin.setup!(h) as () => void;
      h.bus.emit('shell.company.switched', { from: 2, to: 3 });
      cleanup();
      h.bus.emit('shell.company.switched', { from: 3, to: 2 });
    } finally {
      console.info = info;
    }
    expect(logs).toEqual(['[hello] company switched to 3']);
  });
});
