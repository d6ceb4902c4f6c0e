import { useState } from 'react';
import { Button, Card, FormGroup, H2, H4, HTMLSelect, HTMLTable, NonIdealState, Spinner, Tag, type Intent } from '@blueprintjs/core';
import { formatDate, type ContributionProps } from '@tezgah/core';
import { Pager, reportFailure, useApiData, useConfirm, useQueryClient, useShell } from '@tezgah/workbench/ui';
import { call, CREDIT_STATES, page, PATHS, query, type CreditProduct, type CreditState } from '../api';
import { useTexts } from '../texts';
import { OPEN_STATES, reloadAfterCancel, type ListPage } from './reload';

const SIZE = 10;
/** A current's deposits counted by state (GET currents-credit-products). */
interface CurrentCounts { currentId: number; pending: number; onCredit: number; completed: number; cancelled: number; overdue: number }
/** The state filter's choices: the open ones (pending and on credit, the list after a cancel), every state, or one. */
type StateChoice = 'OPEN' | 'ALL' | CreditState;
const INTENT: Record<CreditState, Intent> = { PENDING: 'warning', ON_CREDIT: 'primary', COMPLETED: 'success', CANCEL: 'none' };

type Api = Parameters<typeof page>[0];

/** One page of the deposits in these states, newest first. */
async function loadPage(api: Api, p: number, s: CreditState[]): Promise<ListPage<CreditProduct>> {
  const r = await page(api)(PATHS.creditProducts, { params: { query: query({ page: p, size: SIZE, sort: 'id,desc', state: s }) } });
  return { items: r.items as CreditProduct[], total: r.total };
}
const listKey = (p: number, s: CreditState[]) => ['GET', PATHS.creditProducts, { page: p, states: s }, 'page'];

/** A current's deposits (its last 100) and their counts by state. */
async function loadCurrent(api: Api, id: number): Promise<{ items: CreditProduct[]; counts: CurrentCounts | null }> {
  const [counts, items] = await Promise.all([
    page(api)(PATHS.currentsCreditProducts, { params: { query: { currentId: id, openOnly: false, page: 0, size: 1 } } }).then((p) => (p.items[0] as CurrentCounts | undefined) ?? null, () => null),
    page(api)(PATHS.creditProducts, { params: { query: { currentId: id, page: 0, size: 100, sort: 'id,desc' } } }).then((p) => p.items as CreditProduct[]),
  ]);
  return { items, counts };
}

const statesOf = (c: StateChoice): CreditState[] => (c === 'OPEN' ? [...OPEN_STATES] : c === 'ALL' ? [] : [c]);
const choiceOf = (s: CreditState[]): StateChoice => (s.length === 2 && OPEN_STATES.every((x) => s.includes(x)) ? 'OPEN' : s.length === 1 ? s[0]! : 'ALL');

/**
 * /emanet, the medicines given on deposit (seeds 001 §2, §3 credit product, §4 states and the
 * reload rule): current, medicine, QR code, given and due dates and the state (shown as given on
 * deposit, completed, cancelled, pending); a cancel reloads the list filtered to pending and on
 * credit, a page back when the page became empty. A current's name opens its deposits (its
 * records, and their counts by state from GET currents-credit-products).
 */
export default function EmanetPage({ host }: ContributionProps) {
  const shell = useShell();
  const { t } = useTexts();
  const { confirm, dialog } = useConfirm();
  const [states, setStates] = useState<CreditState[]>([...OPEN_STATES]);
  const [at, setAt] = useState(0);
  const client = useQueryClient();
  // The page shown (a revisit shows the last one at once and reads it again behind it).
  const list = useApiData(listKey(at, states), (api) => loadPage(api, at, states), { keepPrevious: true, refetchOnEveryMount: true });
  const data: ListPage<CreditProduct> | null = list.data ?? (list.isError ? { items: [], total: 0 } : null);
  // The current whose deposits are open below the list.
  const [chosen, setCurrent] = useState<{ id: number; name: string } | null>(null);
  const ofCurrent = useApiData(['GET', PATHS.creditProducts, { currentId: chosen?.id }, 'current'], (api) => loadCurrent(api, chosen!.id), { enabled: chosen !== null });
  const current = chosen && { ...chosen, items: ofCurrent.data?.items ?? (ofCurrent.isError ? [] : null), counts: ofCurrent.data?.counts };

  async function cancel(row: CreditProduct) {
    if (!(await confirm({ message: t('emanet.cancelConfirm', { name: row.medicineName }) }))) return;
    try {
      await call(shell.api)('PUT', PATHS.creditProductsList, { body: [{ id: row.id, state: 'CANCEL' }] });
      shell.notify.success(t('emanet.cancelled'));
      // Every deposit list read so far is out of date; the one shown next is read here (a page back when it came back empty).
      void client.invalidateQueries({ queryKey: ['GET', PATHS.creditProducts], refetchType: 'none' });
      void client.invalidateQueries({ queryKey: ['GET', PATHS.currentsCreditProducts] });
      const r = await reloadAfterCancel((p, s) => loadPage(shell.api, p, s), at);
      client.setQueryData(listKey(r.page, r.states), r.result);
      setStates(r.states);
      setAt(r.page);
      if (chosen) void ofCurrent.refetch();
    } catch (e) {
      reportFailure(shell.notify, e, t('common.error'));
    }
  }

  function openCurrent(id: number, name: string) {
    setCurrent({ id, name });
  }

  const rows = (items: CreditProduct[], label: string, withCurrent: boolean) => (
    <HTMLTable compact striped aria-label={label} style={{ width: '100%' }}>
      <thead><tr>
        {withCurrent && <th>{t('emanet.current')}</th>}<th>{t('emanet.medicine')}</th><th>{t('emanet.qr')}</th><th>{t('emanet.givenDate')}</th><th>{t('emanet.dueDate')}</th><th>{t('emanet.state')}</th><th />
      </tr></thead>
      <tbody>
        {items.map((r) => (
          <tr key={r.id}>
            {withCurrent && <td><a href="#" onClick={(e) => { e.preventDefault(); openCurrent(r.currentId, r.currentName ?? `#${r.currentId}`); }}>{r.currentName ?? `#${r.currentId}`}</a></td>}
            <td>{r.medicineName}{r.barcode ? <div className="bp6-text-muted">{r.barcode}</div> : null}</td>
            <td style={{ wordBreak: 'break-all', maxWidth: 220 }}><small>{r.qrCode ?? ''}</small></td>
            <td style={{ whiteSpace: 'nowrap' }}>{formatDate(r.givenDate)}</td>
            <td style={{ whiteSpace: 'nowrap' }}>{formatDate(r.dueDate)}</td>
            <td><Tag minimal intent={INTENT[r.state]}>{t(`emanet.states.${r.state}`)}</Tag></td>
            <td style={{ whiteSpace: 'nowrap' }}>{(r.state === 'PENDING' || r.state === 'ON_CREDIT') && (
              <Button size="small" intent="danger" icon="cross" text={t('emanet.cancel')} aria-label={t('emanet.cancelOf', { name: r.medicineName })} onClick={() => { void cancel(r); }} />
            )}</td>
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );

  return (
    <section aria-label={t('emanet.title')}>
      <H2>{t('emanet.title')}</H2>
      <div style={{ display: 'flex', gap: 12, alignItems: 'flex-end', flexWrap: 'wrap' }}>
        <FormGroup label={t('emanet.stateFilter')} labelFor="emanet-state">
          <HTMLSelect id="emanet-state" value={choiceOf(states)} onChange={(e) => { setStates(statesOf(e.currentTarget.value as StateChoice)); setAt(0); }}>
            <option value="OPEN">{`${t('emanet.states.PENDING')} + ${t('emanet.states.ON_CREDIT')}`}</option>
            <option value="ALL">{t('common.all')}</option>
            {CREDIT_STATES.map((s) => <option key={s} value={s}>{t(`emanet.states.${s}`)}</option>)}
          </HTMLSelect>
        </FormGroup>
        <FormGroup>
          {host.can({ module: 29, anyActions: [2] }) && <Button intent="primary" icon="add" text={t('emanet.newButton')} onClick={() => host.navigate('/emanet/new')} />}{' '}
          <Button icon="refresh" aria-label={t('outbox.refresh')} onClick={() => { void list.refetch(); }} />
        </FormGroup>
      </div>
      {data === null ? <Spinner size={24} /> : data.items.length === 0 ? <NonIdealState icon="inherited-group" title={t('emanet.empty')} /> : (
        <div style={{ overflowX: 'auto' }}>
          {rows(data.items, t('emanet.table'), true)}
          <Pager page={at} size={SIZE} total={data.total} onPage={setAt} />
        </div>
      )}
      {current && (
        <Card style={{ marginTop: 12 }} role="region" aria-label={`${t('emanet.perCurrent')}: ${current.name}`}>
          <div style={{ display: 'flex', justifyContent: 'space-between' }}>
            <H4>{`${t('emanet.perCurrent')}: ${current.name}`}</H4>
            <Button variant="minimal" icon="cross" aria-label={t('common.close')} onClick={() => setCurrent(null)} />
          </div>
          {current.counts && (
            <p aria-label={t('emanet.counts')}>
              {(['pending', 'onCredit', 'completed', 'cancelled', 'overdue'] as const).map((k) => <Tag key={k} minimal style={{ marginRight: 6 }}>{t(`emanet.countsOf.${k}`, { n: current.counts![k] })}</Tag>)}
            </p>
          )}
          {current.items === null ? <Spinner size={20} /> : current.items.length === 0 ? <p>{t('emanet.empty')}</p> : rows(current.items, `${t('emanet.perCurrent')}: ${current.name}`, false)}
        </Card>
      )}
      {dialog}
    </section>
  );
}
