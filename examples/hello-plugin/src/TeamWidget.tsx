import { useEffect, useState } from 'react';
import { cookieTokenStore, createTezgahApi } from '@tezgah/sdk';
import type { ContributionProps } from '@tezgah/core';
import { text } from './text';

/**
 * A dashboard widget: how many users the company has. It calls the API with its own SDK client;
 * the session cookies the workbench keeps sign it in.
 */
export default function TeamWidget({ host }: ContributionProps) {
  const [count, setCount] = useState<number | null>(null);
  useEffect(() => {
    const api = createTezgahApi({ baseUrl: host.apiBase, tokenStore: cookieTokenStore() });
    let live = true;
    api.users.list({ size: 1 }).then((page) => live && setCount(page.total), () => live && setCount(null));
    return () => { live = false; };
  }, [host.apiBase, host.session?.companyId]);
  return <p className="tz-hello-team">{count === null ? '…' : text(host, 'members', { count })}</p>;
}
