import type { ContributionProps } from '@tezgah/core';
import { text } from './text';

/** /hello: greets the signed-in user and shows the company, all from the host the workbench hands in. */
export default function HelloPage({ host }: ContributionProps) {
  const s = host.session;
  return (
    <section aria-label="Merhaba">
      <h2>{text(host, 'title', { name: s ? `${s.firstName} ${s.lastName}` : '' })}</h2>
      <p>{text(host, 'company', { company: s?.companyName ?? '' })}</p>
      <button type="button" className="bp6-button bp6-intent-primary" onClick={() => host.notify.success(text(host, 'greeted'))}>
        {text(host, 'greet')}
      </button>
    </section>
  );
}
