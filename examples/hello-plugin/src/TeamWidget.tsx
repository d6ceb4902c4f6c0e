import { useQuery } from '@tanstack/react-query';
import { cookieTokenStore, createTezgahApi } from '@tezgah/sdk';
import type { ContributionProps } from '@tezgah/core';
import { text } from './text';

/**
 * A dashboard widget: how many users the company has. It reads through the workbench's data layer
 * (TanStack Query: the host provides the QueryClient, emptied at a sign-out or a company switch)
 * with its own SDK client as the fetcher; the session cookies the workbench keeps sign it in. The
 * key starts with the operation (method and path), so a write under /api/users refreshes it.
 */
export default function TeamWidget({ host }: ContributionProps) {
  const { data: count } = useQuery({
    queryKey: ['GET', '/api/users', { size: 1 }, 'total'],
    queryFn: () => createTezgahApi({ baseUrl: host.apiBase, tokenStore: cookieTokenStore() }).users.list({ size: 1 }).then((page) => page.total),
  });
  return <p className="tz-hello-team">{count === undefined ? '…' : text(host, 'members', { count })}</p>;
}
