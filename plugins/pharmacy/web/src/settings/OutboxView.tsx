import { useCallback, useState } from 'react';
import { Button, H4, HTMLSelect, HTMLTable, NonIdealState, Spinner, Tag, type Intent } from '@blueprintjs/core';
import { DATE_FORMATS, formatDate } from '@tezgah/core';
import { OUTBOX_STATE_LABELS, TRACKING_NOTIFICATION_LABELS, type OutboxState, type TrackingNotificationKind } from '@tezgah/pharmacy-common';
import { useApiData, Pager, reportFailure, useShell } from '@tezgah/workbench/ui';
import { call, page, PATHS, query, type MedulaOutboxItem, type OutboxItem } from '../api';
import { useDocumentNames } from '../tracking/refs';
import { useTexts } from '../texts';

const SIZE = 10;
const INTENT: Record<string, Intent> = { WAITING: 'warning', PENDING: 'warning', SENT: 'success', DONE: 'success', FAILED: 'danger', CANCELLED: 'none' };
/** A moment as the product writes one (DD-MM-YYYY HH:mm), in Türkiye's time, not the server's UTC. */
const when = (s: string | null | undefined) => formatDate(s, DATE_FORMATS.DASHED_TIME);

/**
 * What waits to reach the outside systems (issue 12: "a person sees what is waiting"): the İTS and
 * ÜTS notifications (GET its/outbox; WAITING by default) and the prescriptions waiting for Medula
 * (GET medula/outbox), each with its attempts and last error, and a retry.
 */
export function OutboxView() {
  const shell = useShell();
  const { t, i18n } = useTexts();
  const lang = i18n.language === 'en' ? 'en' : 'tr';
  const [state, setState] = useState<OutboxState | ''>('WAITING');
  const [at, setAt] = useState(0);
  const [version, setVersion] = useState(0);
  // The page of notifications and the Medula sends still waiting, read again after a retry (`version`).
  const listed = useApiData(
    ['GET', PATHS.outbox, { page: at, state, version }, 'page'],
    (api) => page(api)(PATHS.outbox, { params: { query: query({ page: at, size: SIZE, sort: 'id,desc', state }) } }).then((p) => ({ items: p.items as OutboxItem[], total: p.total })),
    { keepPrevious: true, refetchOnEveryMount: true },
  );
  const data: { items: OutboxItem[]; total: number } | null = listed.data ?? (listed.isError ? { items: [], total: 0 } : null);
  // Each notification's document by its number ('Fatura ECZ…'), not the server's key ('invoice:5').
  const docName = useDocumentNames(shell.api, (data?.items ?? []).map((o) => o.ref ?? (o.invoiceId ? `invoice:${o.invoiceId}` : null)));
  const pending = useApiData(
    ['GET', PATHS.medulaOutbox, { status: 'PENDING', version }, 'page'],
    (api) => page(api)(PATHS.medulaOutbox, { params: { query: { page: 0, size: 20, status: 'PENDING' } } }).then((p) => p.items as MedulaOutboxItem[]),
    { keepPrevious: true, refetchOnEveryMount: true, report: false },
  );
  const medula: MedulaOutboxItem[] | null = pending.data ?? (pending.isError ? [] : null);
  const canRetry = shell.host.can({ module: 29, anyActions: [3] });
  const retry = useCallback(async (path: string, id: number) => {
    try {
      await call(shell.api)('POST', path, { params: { path: { id } } });
      shell.notify.success(t('outbox.retried'));
      setVersion((v) => v + 1);
    } catch (e) {
      reportFailure(shell.notify, e, t('common.error'));
    }
  }, [shell.api, shell.notify, t]);
  return (
    <div role="region" aria-label={t('outbox.title')}>
      <div style={{ display: 'flex', gap: 8, alignItems: 'center', flexWrap: 'wrap', marginBottom: 8 }}>
        <H4 style={{ margin: 0 }}>{t('outbox.title')}</H4>
        <HTMLSelect aria-label={t('outbox.state')} value={state} onChange={(e) => { setState(e.currentTarget.value as OutboxState | ''); setAt(0); }}>
          <option value="">{t('common.all')}</option>
          {(Object.keys(OUTBOX_STATE_LABELS) as OutboxState[]).map((s) => <option key={s} value={s}>{OUTBOX_STATE_LABELS[s][lang]}</option>)}
        </HTMLSelect>
        <Button icon="refresh" text={t('outbox.refresh')} onClick={() => setVersion((v) => v + 1)} />
      </div>
      {data === null ? <Spinner size={20} /> : data.items.length === 0 ? <NonIdealState icon="tick-circle" title={t('outbox.empty')} /> : (
        <div style={{ overflowX: 'auto' }}>
          <HTMLTable compact striped aria-label={t('outbox.table')} style={{ width: '100%' }}>
            <thead><tr>
              <th>#</th><th>{t('outbox.kind')}</th><th>{t('outbox.state')}</th><th>{t('outbox.attempts')}</th><th>{t('outbox.lastError')}</th>
              <th>{t('outbox.createdAt')}</th><th>{t('outbox.nextAttemptAt')}</th><th>{t('outbox.document')}</th><th />
            </tr></thead>
            <tbody>{data.items.map((o) => (
              <tr key={o.id}>
                <td>{o.id}</td>
                <td>{TRACKING_NOTIFICATION_LABELS[o.kind as TrackingNotificationKind]?.[lang] ?? o.kind}</td>
                <td><Tag minimal intent={INTENT[o.state] ?? 'none'}>{OUTBOX_STATE_LABELS[o.state]?.[lang] ?? o.state}</Tag></td>
                <td>{o.attempts}</td>
                <td style={{ maxWidth: 280 }}>{o.lastError ?? ''}</td>
                <td>{when(o.createdAt)}</td>
                <td>{o.state === 'SENT' ? when(o.sentAt) : when(o.nextAttemptAt)}</td>
                <td>{o.ref ? docName(o.ref, t) : o.invoiceId ? docName(`invoice:${o.invoiceId}`, t) : ''}</td>
                <td>{canRetry && o.state !== 'SENT' && <Button size="small" icon="repeat" text={t('outbox.retry')} aria-label={t('outbox.retryOf', { id: o.id })} onClick={() => { void retry(PATHS.outboxRetry, o.id); }} />}</td>
              </tr>
            ))}</tbody>
          </HTMLTable>
          <Pager page={at} size={SIZE} total={data.total} onPage={setAt} />
        </div>
      )}
      {medula && medula.length > 0 && (
        <>
          <H4 style={{ marginTop: 16 }}>{t('outbox.medula')}</H4>
          <HTMLTable compact striped aria-label={t('outbox.medula')} style={{ width: '100%' }}>
            <thead><tr><th>#</th><th>{t('outbox.recete')}</th><th>{t('outbox.kind')}</th><th>{t('outbox.attempts')}</th><th>{t('outbox.lastError')}</th><th>{t('outbox.nextAttemptAt')}</th><th /></tr></thead>
            <tbody>{medula.map((o) => (
              <tr key={o.id}>
                <td>{o.id}</td><td>{o.receteNo ?? o.ereceteNo ?? `#${o.receteId}`}</td><td>{t(`outbox.medulaKinds.${o.kind}`)}</td><td>{o.attempts}</td>
                <td style={{ maxWidth: 280 }}>{o.lastError ?? ''}</td><td>{when(o.nextAttemptAt)}</td>
                <td>{canRetry && <Button size="small" icon="repeat" text={t('outbox.retry')} aria-label={t('outbox.retryOf', { id: o.id })} onClick={() => { void retry(PATHS.medulaOutboxRetry, o.id); }} />}</td>
              </tr>
            ))}</tbody>
          </HTMLTable>
        </>
      )}
    </div>
  );
}
