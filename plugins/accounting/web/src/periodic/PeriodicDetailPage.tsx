import { useState } from 'react';
import { Button, Card, H2, HTMLTable, NonIdealState, Spinner } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { formatDate, type ContributionProps } from '@tezgah/core';
import { useApiQuery, useConfirm, useInvalidate, useQueryClient, useShell } from '@tezgah/workbench/ui';
import { INVOICES } from '../invoices/model';
import { Go } from '../warehouses/StockTables';
import { money } from '../ledger/model';
import { LIST_ROUTE, PROCESS, PROCESSES, REPROCESS, TERMINATE, mayRun, retryable, type PeriodicLine, type PeriodicProcessDetail } from './model';
import { LineStatusTag, ProcessStatusTag, usePeriodText } from './parts';

const right = { textAlign: 'right' } as const;

/**
 * One periodic process (/periodic-processes/:id): its plan and its periods with their statuses,
 * the invoice or money transaction each made, why one failed; "Yeniden dene" on a failed or
 * insufficient-balance period and "Sonlandır" while it runs, for a user holding its authority.
 */
export default function PeriodicDetailPage({ host, params }: ContributionProps) {
  const shell = useShell();
  const { t } = useTranslation('accounting');
  const { confirm, dialog } = useConfirm();
  const periodText = usePeriodText();
  const id = Number(params?.id);
  const [busy, setBusy] = useState(false);
  const client = useQueryClient();
  const invalidate = useInvalidate();
  const init = { params: { path: { id } } };
  // Its periods run on the server's schedule: each visit asks again.
  const q = useApiQuery(PROCESS, init, { enabled: Number.isInteger(id) && id > 0, refetchOnEveryMount: true });
  const p: PeriodicProcessDetail | null = q.data ?? null;
  const missing = q.isError && !p;

  if (missing || !Number.isInteger(id) || id < 1) return <NonIdealState icon="search" title={t('periodic.notFound')} />;
  if (!p) return <div role="status"><Spinner size={20} /> {t('periodic.loading')}</div>;
  const may = mayRun(host, p.invoiceType, p.processType);

  async function retry(l: PeriodicLine) {
    setBusy(true);
    try {
      await shell.api.request('PUT', REPROCESS, { body: { id: l.id } });
      host.notify.success(t('periodic.retried', { n: l.periodNumber }));
      // The period's line is the process's; a period that ran made an invoice.
      await invalidate(PROCESSES, INVOICES);
    } catch (e) {
      shell.notify.failure(e);
    } finally {
      setBusy(false);
    }
  }
  async function terminate() {
    if (!(await confirm({ detail: t('periodic.terminateDetail') }))) return;
    setBusy(true);
    try {
      const ended = await shell.api.request('PUT', TERMINATE, { params: { path: { id } } });
      // The answer is the process as it is now: it replaces the read the write started.
      await client.cancelQueries({ queryKey: ['GET', PROCESS, init], exact: true });
      client.setQueryData(['GET', PROCESS, init], ended);
      host.notify.success(t('periodic.terminated'));
    } catch (e) {
      shell.notify.failure(e);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="tz-page">
      {dialog}
      <p><Go host={host} to={LIST_ROUTE}>{t('periodic.back')}</Go></p>
      <H2>{p.name}</H2>
      <Card>
        <dl className="tz-details">
          <dt>{t('periodic.columns.type')}</dt><dd>{t(`periodic.typeOf.${p.invoiceType}.${p.processType}`)}</dd>
          <dt>{t('periodic.columns.current')}</dt><dd>{p.currentName}</dd>
          <dt>{t('periodic.columns.invoice')}</dt><dd><Go host={host} to={`/invoice/${p.invoiceId}`}>{p.invoiceDocumentNo ?? `#${p.invoiceId}`}</Go></dd>
          {p.processType === 'PERIODIC'
            ? <><dt>{t('periodic.detail.plan')}</dt><dd>{periodText(p.period)}</dd></>
            : <><dt>{t('periodic.detail.account')}</dt><dd>{p.accountName ?? '—'}</dd></>}
          <dt>{t('periodic.columns.status')}</dt><dd><ProcessStatusTag status={p.status} /></dd>
        </dl>
        {may && p.status === 'ACTIVE' && <Button intent="danger" icon="stop" disabled={busy} onClick={() => void terminate()}>{t('periodic.actions.terminate')}</Button>}
      </Card>
      <div className="tz-table-scroll">
        <HTMLTable compact striped aria-label={t('periodic.detail.lines')}>
          <thead>
            <tr>
              <th>{t('periodic.columns.period')}</th><th>{t('periodic.columns.runDate')}</th><th>{t('periodic.columns.status')}</th>
              <th style={right}>{t('periodic.columns.amount')}</th><th>{t('periodic.columns.document')}</th><th>{t('periodic.columns.reason')}</th><th>{t('periodic.columns.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {p.lines.map((l) => (
              <tr key={l.id}>
                <td>{l.periodNumber}</td>
                <td>{formatDate(l.runDate)}</td>
                <td><LineStatusTag status={l.status} /></td>
                <td style={right}>{l.amount === null || l.amount === undefined ? '' : money(l.amount)}</td>
                <td>
                  {l.invoiceId ? <Go host={host} to={`/invoice/${l.invoiceId}`}>{t('periodic.detail.invoice', { no: l.invoiceDocumentNo ?? `#${l.invoiceId}` })}</Go>
                    : l.transactionId ? t('periodic.detail.transaction', { id: l.transactionId }) : ''}
                </td>
                <td>{l.reason ?? ''}</td>
                <td>{may && retryable(l) && p.status !== 'TERMINATED' && (
                  <Button small icon="refresh" disabled={busy} onClick={() => void retry(l)} aria-label={`${t('periodic.actions.retry')} (${l.periodNumber})`}>{t('periodic.actions.retry')}</Button>
                )}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      </div>
    </div>
  );
}
