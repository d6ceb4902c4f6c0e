import { describe, expect, it } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { defineWebPlugin, type ContributionProps } from '@tezgah/core';
import { renderWorkbench } from '../../test/render';
import { account, fakeServer, json, problem } from '../../test/fake-server';
import { useShell, type Shell } from '../host/HostProvider';
import { collectionOf, createQueryClient, isTransient, isUnder } from './query';
import { useApiList, useApiMutation } from './hooks';

describe('the data layer\'s keys and rules', () => {
  it('takes a path\'s collection up to its first parameter and finds the reads under it', () => {
    expect(collectionOf('/api/users')).toBe('/api/users');
    expect(collectionOf('/api/users/{login}')).toBe('/api/users');
    expect(collectionOf('/services/onmuhasebe/api/invoices/{id}/cancel')).toBe('/services/onmuhasebe/api/invoices');
    expect(isUnder(['GET', '/api/users', { page: 0 }], '/api/users')).toBe(true);
    expect(isUnder(['GET', '/api/users/{login}', { login: 'x' }], '/api/users')).toBe(true);
    // A sibling that only starts with the same letters is another collection.
    expect(isUnder(['GET', '/api/users-no-authorities'], '/api/users')).toBe(false);
    expect(isUnder(['PagedTable', 3], '/api/users')).toBe(false);
  });

  it('retries a read only after a network failure or a 5xx', () => {
    expect(isTransient({ _tag: 'NetworkError' })).toBe(true);
    expect(isTransient({ _tag: 'ServerError', status: 503 })).toBe(true);
    expect(isTransient({ _tag: 'NotFound', status: 404 })).toBe(false);
    expect(isTransient({ _tag: 'Conflict', status: 409 })).toBe(false);
    const retry = createQueryClient().getDefaultOptions().queries!.retry as (n: number, e: unknown) => boolean;
    expect(retry(0, { status: 500 })).toBe(true);
    expect(retry(2, { status: 500 })).toBe(false);
    expect(retry(0, { status: 400 })).toBe(false);
  });
});

let shell: Shell | null = null;

function UsersPage({ host }: ContributionProps) {
  shell = useShell();
  const users = useApiList('/api/users', { params: { query: { size: 10 } } });
  const add = useApiMutation<string>({ mutate: (api, login) => api.request('POST', '/api/users', { body: { login, email: `${login}@x.tr`, firstName: 'A', lastName: 'B', authorities: [] } as never }) });
  return (
    <section>
      <p>{users.data ? `${users.data.total} kullanıcı` : 'yükleniyor'}</p>
      <button type="button" onClick={() => add.mutate('yeni')}>ekle</button>
      <button type="button" onClick={() => host.navigate('/elsewhere')}>git</button>
    </section>
  );
}

function Elsewhere({ host }: ContributionProps) {
  return <button type="button" onClick={() => host.navigate('/users-probe')}>geri</button>;
}

const probe = defineWebPlugin({
  id: 'probe',
  title: 'Probe',
  version: '0.0.0',
  routes: [{ path: '/users-probe', title: 'Kullanıcılar' }, { path: '/elsewhere', title: 'Başka' }],
  load: {
    routes: {
      '/users-probe': async () => ({ default: UsersPage }),
      '/elsewhere': async () => ({ default: Elsewhere }),
    },
  },
});

describe('the data layer in the workbench', () => {
  it('shows a revisited read from the cache, refreshes it after a write under its path, and empties at a sign-out', async () => {
    const server = fakeServer();
    server.setAccount(account({ codes: [] }));
    let total = 3;
    server.on('GET /api/users', () => json([], { total }));
    server.on('POST /api/users', () => { total += 1; return json({ login: 'yeni' }, { status: 201 }); });
    const reads = () => server.requests.filter((r) => r.method === 'GET' && r.path.startsWith('/api/users')).length;
    const user = userEvent.setup();
    const { queryClient } = await renderWorkbench({ plugins: [probe], path: '/users-probe', server, signedIn: true });
    await screen.findByText('3 kullanıcı');
    expect(reads()).toBe(1);

    await user.click(screen.getByRole('button', { name: 'git' }));
    await user.click(await screen.findByRole('button', { name: 'geri' }));
    // Back on the list: its rows are there at once, from the cache (fresh: not asked again).
    expect(await screen.findByText('3 kullanıcı')).toBeInTheDocument();
    expect(reads()).toBe(1);

    await user.click(screen.getByRole('button', { name: 'ekle' }));
    await screen.findByText('4 kullanıcı');
    expect(reads()).toBe(2);

    expect(queryClient.getQueryCache().getAll().length).toBeGreaterThan(0);
    await act(async () => { await shell!.signOut(); });
    expect(queryClient.getQueryCache().getAll()).toEqual([]);
  });

  it('reports a failed read as the pages did (the error catalogue) and does not retry a 4xx', async () => {
    const server = fakeServer();
    server.setAccount(account({ codes: [] }));
    server.on('GET /api/users', () => problem(403, 'Forbidden'));
    const view = await renderWorkbench({ plugins: [probe], path: '/users-probe', server, signedIn: true });
    await waitFor(() => expect(view.toasts.shown.length).toBeGreaterThan(0));
    expect(server.requests.filter((r) => r.path.startsWith('/api/users')).length).toBe(1);
    expect(screen.getByText('yükleniyor')).toBeInTheDocument();
  });
});
