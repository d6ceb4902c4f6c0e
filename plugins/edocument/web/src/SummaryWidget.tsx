import { type MouseEvent } from 'react';
import { Callout, HTMLTable, Spinner } from '@blueprintjs/core';
import { useTexts } from './texts';
import { formatDate, type ContributionProps } from '@tezgah/core';
import { useApiData, useShell } from '@tezgah/workbench/ui';
import { PATHS, type EDocument } from './api';
import { StatusTag } from './StatusTag';

type Summary = { sending: number; failed: number; incomingOpen: number; latest: EDocument[] };

/**
 * Home widget "e-Belgeler": how many documents wait for the integrator (SENDING), how many failed
 * (FAILURE, UNKNOWN), how many incoming invoices are not yet purchases, and the latest of them;
 * each a link to its list.
 */
export default function SummaryWidget({ host }: ContributionProps) {
  const shell = useShell();
  const { t } = useTexts();
  const q = useApiData(['GET', PATHS.summary], (api) => api.request('GET', PATHS.summary) as Promise<Summary>);
  const s: Summary | 'failed' | null = q.data ?? (q.isError ? 'failed' : null);
  if (s === null) return <Spinner size={20} />;
  if (s === 'failed') return <Callout intent="warning">{t('widget.failedLoad')}</Callout>;
  const go = (to: string) => (e: MouseEvent) => { e.preventDefault(); host.navigate(to); };
  const link = (to: string, text: string) => <a href={to} onClick={go(to)}>{text}</a>;
  if (s.sending + s.failed + s.incomingOpen === 0) return <Callout intent="success">{t('widget.empty')} {link('/e-documents', t('widget.all'))}</Callout>;
  const right = { textAlign: 'right' } as const;
  return (
    <div>
      <HTMLTable compact aria-label={t('widget.title')} style={{ width: '100%' }}>
        <tbody>
          <tr><th scope="row">{link('/e-documents/outgoing', t('widget.sending'))}</th><td style={right}><strong>{s.sending}</strong></td></tr>
          <tr><th scope="row">{link('/e-documents/outgoing', t('widget.failed'))}</th><td style={right}><strong style={{ color: s.failed ? '#c23030' : undefined }}>{s.failed}</strong></td></tr>
          <tr><th scope="row">{link('/e-documents/incoming', t('widget.incomingOpen'))}</th><td style={right}><strong>{s.incomingOpen}</strong></td></tr>
        </tbody>
      </HTMLTable>
      {s.latest.length > 0 && (
        <HTMLTable compact striped aria-label={t('widget.latest')} style={{ width: '100%', marginTop: 8, tableLayout: 'fixed', overflowWrap: 'anywhere' }}>
          <tbody>
            {s.latest.slice(0, 5).map((d) => (
              <tr key={d.id}>
                <td style={{ whiteSpace: 'nowrap' }}>{formatDate(d.issueDate ?? d.createdDate)}</td>
                <td>{d.invoiceId ? link(`/invoice/${d.invoiceId}`, d.documentNo ?? d.uuid) : (d.documentNo ?? d.uuid)} {d.partyTitle ?? ''}</td>
                <td style={right}><StatusTag status={d.status} /></td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
    </div>
  );
}
