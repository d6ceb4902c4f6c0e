import { useRef, useState } from 'react';
import { Button, ButtonGroup, FormGroup, H2, H4, HTMLSelect, HTMLTable, Icon, NonIdealState, Spinner } from '@blueprintjs/core';
import { DATE_FORMATS, formatDate, type ContributionProps } from '@tezgah/core';
import { POS_PAYMENT_STATUSES, POS_PAYMENT_STATUS_LABELS, POS_USER_ACTIONS, userActions } from '@tezgah/pos-common';
import { Pager, useApiData, useConfirm, useInvalidate, useShell } from '@tezgah/workbench/ui';
import { call, page, PATHS, query, reportPosFailure, WAITING, type PosPayment, type PosStatus } from '../api';
import { money } from '../ui/money';
import { useTexts } from '../texts';
import { LIVE } from './live';
import { StatusTag, useLang } from './StatusTag';

const SIZE = 20;
type UserAction = keyof typeof POS_USER_ACTIONS;
const ICONS: Record<UserAction, 'send-to' | 'disable' | 'undo'> = { send: 'send-to', giveUp: 'disable', cancelSale: 'undo' };

/** The buttons a payment's status allows (the transition table of @tezgah/pos-common), nothing else. */
export function PaymentActions(props: { payment: PosPayment; canUpdate: boolean; busy: boolean; onAction: (p: PosPayment, a: UserAction) => void }) {
  const { t } = useTexts();
  const actions = props.canUpdate ? userActions(props.payment.status) : [];
  if (!actions.length) return null;
  return (
    <ButtonGroup>
      {actions.map((a) => (
        <Button
          key={a} size="small" icon={ICONS[a]} intent={a === 'send' ? 'primary' : 'danger'} variant={a === 'send' ? 'solid' : 'outlined'}
          text={t(`actions.${a}`)} aria-label={t(`actions.${a}Of`, { id: props.payment.id })} disabled={props.busy}
          onClick={() => props.onAction(props.payment, a)}
        />
      ))}
    </ButtonGroup>
  );
}

function PaymentsTable(props: { label: string; items: PosPayment[]; canUpdate: boolean; busy: number | null; onAction: (p: PosPayment, a: UserAction) => void }) {
  const { t } = useTexts();
  const shell = useShell();
  return (
    <div style={{ overflowX: 'auto' }}>
      <HTMLTable compact striped aria-label={props.label} style={{ width: '100%' }}>
        <thead>
          <tr>
            <th>{t('payments.id')}</th><th>{t('payments.status')}</th><th>{t('payments.total')}</th><th>{t('payments.actions')}</th>
            <th>{t('payments.customer')}</th><th>{t('payments.terminal')}</th><th>{t('payments.updatedAt')}</th><th>{t('payments.invoice')}</th>
          </tr>
        </thead>
        <tbody>
          {props.items.map((p) => (
            <tr key={p.id} data-payment={p.id}>
              <td>{p.id}</td>
              <td>
                <StatusTag status={p.status} />
                {p.statusReason ? <div className="bp6-text-muted bp6-text-small">{p.statusReason}</div> : null}
              </td>
              <td style={{ textAlign: 'right', whiteSpace: 'nowrap' }}>{money(p.total)}</td>
              <td><PaymentActions payment={p} canUpdate={props.canUpdate} busy={props.busy === p.id} onAction={props.onAction} /></td>
              <td>{p.customerName ?? ''}</td>
              <td>{p.terminalSerialNo}{p.maskedPan ? <div className="bp6-text-muted bp6-text-small">{`${t('payments.card')}: ${p.maskedPan}`}</div> : null}</td>
              <td style={{ whiteSpace: 'nowrap' }}>{p.updateDate ? formatDate(p.updateDate, DATE_FORMATS.DASHED_TIME) : ''}</td>
              <td>{p.invoiceId ? <a href={`/invoice/${p.invoiceId}`} onClick={(e) => { e.preventDefault(); shell.host.navigate(`/invoice/${p.invoiceId}`); }}>{t('payments.openInvoice', { id: p.invoiceId })}</a> : ''}</td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </div>
  );
}

/**
 * /pos-payment (seeds 001 §2 "POS payments, including pending ones", §4): the payments waiting for
 * their terminal on top, every payment below (newest first, paged), both updating live without a
 * reload; each row offers exactly the actions its status allows: send to the device (FAILED,
 * ABORTED, CANCELLED), give up collecting (PENDING, ON_TERMINAL, UNKNOWN), send the cancellation to
 * the device (SUCCESS, SALE_CANCEL_FAILED), through PUT /pos-payments/update-status.
 */
export default function PaymentsPage(_props: ContributionProps) {
  const shell = useShell();
  const { t } = useTexts();
  const lang = useLang();
  const { confirm, dialog } = useConfirm();
  const canUpdate = shell.host.can({ module: 30, anyActions: [3] });
  const [status, setStatus] = useState<PosStatus | ''>('');
  const [at, setAt] = useState(0);
  const [busy, setBusy] = useState<number | null>(null);
  const invalidate = useInvalidate();

  // The page of payments and those waiting for their terminal, asked again every LIVE.ms while the
  // page is open (not while the tab is hidden). Only a failure with nothing on screen is reported:
  // a failed round leaves the rows as they were and the next one tries again.
  const shown = useRef(false);
  const q = useApiData(['GET', PATHS.paymentsToPortal, { page: at, status }, 'live'], async (api) => {
    const [list, waiting] = await Promise.all([
      page(api)(PATHS.paymentsToPortal, { params: { query: query({ page: at, size: SIZE, sort: 'id,desc', status }) } }),
      page(api)(PATHS.paymentsToPortal, { params: { query: { page: 0, size: 50, sort: 'id,desc', status: [...WAITING] } } }),
    ]);
    return { data: { items: list.items as PosPayment[], total: list.total }, pending: (waiting.items as PosPayment[]).filter((p) => WAITING.includes(p.status)) };
  }, {
    keepPrevious: true, refetchOnEveryMount: true, refetchInterval: LIVE.ms,
    report: (e) => { if (!shown.current) reportPosFailure(shell.notify, e, t); },
  });
  shown.current = q.data !== undefined;
  const data = q.data?.data ?? (q.isError ? { items: [], total: 0 } : null);
  const pending = q.data?.pending ?? (q.isError ? [] : null);

  async function act(p: PosPayment, a: UserAction) {
    if (a !== 'send' && !(await confirm({ message: t(a === 'giveUp' ? 'actions.giveUpConfirm' : 'actions.cancelSaleConfirm', { id: p.id }) }))) return;
    setBusy(p.id);
    try {
      await call(shell.api)('PUT', PATHS.updateStatus, { body: { id: p.id, status: POS_USER_ACTIONS[a] } });
      shell.notify.success(t('actions.done'));
      // The payment's status changed: every list of payments (this one, the counter's) is read again.
      await invalidate(PATHS.paymentsToPortal, PATHS.payments);
    } catch (e) {
      reportPosFailure(shell.notify, e, t);
    } finally {
      setBusy(null);
    }
  }

  return (
    <section aria-label={t('payments.title')}>
      <H2>{t('payments.title')}</H2>
      <p className="bp6-text-muted" role="note"><Icon icon="refresh" size={12} /> {t('payments.live')}</p>
      <div role="region" aria-label={t('payments.pending')} style={{ marginBottom: 16 }}>
        <H4>{t('payments.pending')}</H4>
        {pending === null ? <Spinner size={20} /> : pending.length === 0
          ? <p className="bp6-text-muted">{t('payments.noPending')}</p>
          : <PaymentsTable label={t('payments.pendingTable')} items={pending} canUpdate={canUpdate} busy={busy} onAction={(p, a) => { void act(p, a); }} />}
      </div>
      <div role="region" aria-label={t('payments.recent')}>
        <H4>{t('payments.recent')}</H4>
        <FormGroup label={t('payments.filter')} labelFor="pos-status-filter" inline>
          <HTMLSelect id="pos-status-filter" value={status} onChange={(e) => { setAt(0); setStatus(e.currentTarget.value as PosStatus | ''); }}>
            <option value="">{t('common.all')}</option>
            {POS_PAYMENT_STATUSES.map((s) => <option key={s} value={s}>{POS_PAYMENT_STATUS_LABELS[s][lang]}</option>)}
          </HTMLSelect>
        </FormGroup>
        {data === null ? <Spinner size={20} /> : data.items.length === 0
          ? <NonIdealState icon="credit-card" title={t('payments.none')} />
          : (
            <>
              <PaymentsTable label={t('payments.table')} items={data.items} canUpdate={canUpdate} busy={busy} onAction={(p, a) => { void act(p, a); }} />
              <Pager page={at} size={SIZE} total={data.total} onPage={setAt} />
            </>
          )}
      </div>
      {dialog}
    </section>
  );
}
