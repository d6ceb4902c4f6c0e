import { useQuery } from '@tanstack/react-query';
import type { ContributionProps } from '@tezgah/core';
import { fetchGreeting, greetingKey } from './greeting.js';
import { text } from './text.js';

/**
 * /__PLUGIN_ID__: the plugin's page. It reads its own route through the workbench's data layer
 * (the host provides the QueryClient) and shows the company from the host's session.
 */
export default function Page({ host }: ContributionProps) {
  const greeting = useQuery({ queryKey: greetingKey, queryFn: () => fetchGreeting(host.apiBase) });
  return (
    <section aria-label="__PLUGIN_TITLE__">
      <h2>{text(host, 'heading')}</h2>
      <p>{text(host, 'company', { company: host.session?.companyName ?? '' })}</p>
      <p className="__PLUGIN_ID__-greeting">
        {greeting.data ? greeting.data.message : greeting.isError ? text(host, 'failed') : text(host, 'loading')}
      </p>
    </section>
  );
}
