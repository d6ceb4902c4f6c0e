import { useEffect, useState } from 'react';
import { Button, ButtonGroup, Card, H2, HTMLSelect, Tab, Tabs, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { formatDate, type ContributionProps, type WorkbenchHost } from '@tezgah/core';
import { DateInput, Field, PagedTable, reportFailure, useAddRequest, useConfirm, useShell } from '@tezgah/workbench/ui';
import { isDay, money } from '../ledger/model';
import { MoneySummaryPanel } from './SummaryView';
import { TransactionDialog, TYPES } from './TransactionForm';
import { MoneyAccountSelect, useMoneyAccounts, useMoneyWrite } from './parts';
import {
  TRANSACTIONS, TRANSACTION_LINES, TRANSACTION_REVERSE, currencyCode, mayCancel, mayMoneyView, mayRecord, moneyChanged, useMoneyVersion,
  type MoneyKind, type MoneyTransaction, type TransactionLine, type TransactionType,
} from './model';

/** A transaction's two sides as a person reads them: where the money left and where it went. */
export function sides(x: MoneyTransaction): { out: string; in: string } {
  return { out: x.from?.name ?? x.currentName ?? '', in: x.to?.name ?? x.currentName ?? '' };
}

/** Its state: cancelled (İptal edildi) or the cancelling one (İptal kaydı). */
export function TransactionState(props: { tx: MoneyTransaction }) {
  const { t } = useTranslation('accounting');
  if (props.tx.reversedById !== null) return <Tag minimal intent="warning" icon="undo">{t('finance.list.cancelled')}</Tag>;
  if (props.tx.reversesId !== null) return <Tag minimal intent="primary">{t('finance.list.cancellation')}</Tag>;
  return null;
}

/**
 * The money transactions (listTransactions) with the type, date and account filters, newest
 * first; "İptal et" cancels one by reversing it (after the confirmation). `accountKind`/`accountId`
 * fix the list to one safe or bank account (its detail page).
 */
export function TransactionsTable(props: { host: WorkbenchHost; label: string; accountKind?: MoneyKind; accountId?: number; reloadKey?: unknown; filters?: boolean }) {
  const shell = useShell();
  const { t } = useTranslation('accounting');
  const { confirm, dialog } = useConfirm();
  const moneyWrite = useMoneyWrite();
  const accounts = useMoneyAccounts(0, !props.accountKind && (props.filters ?? true));
  const [type, setType] = useState<'' | TransactionType>('');
  const [startDate, setStart] = useState('');
  const [endDate, setEnd] = useState('');
  const [account, setAccount] = useState('');
  const [reload, setReload] = useState(0);
  const [kind, id] = props.accountKind && props.accountId ? [props.accountKind, props.accountId] : account ? account.split(':') : [undefined, undefined];
  const filter = {
    ...(type ? { type } : {}),
    ...(isDay(startDate) ? { startDate } : {}),
    ...(isDay(endDate) ? { endDate } : {}),
    ...(kind && id ? { accountKind: kind as MoneyKind, accountId: Number(id) } : {}),
  };
  const canCancel = mayCancel(props.host);
  const cancellable = (x: MoneyTransaction) => canCancel && x.reversedById === null && x.reversesId === null;

  async function cancel(x: MoneyTransaction) {
    const s = sides(x);
    if (!(await confirm({
      message: t('finance.list.cancelConfirm', { type: t(`finance.types.${x.type}`, { defaultValue: x.type }), date: formatDate(x.date) }),
      detail: t('finance.list.cancelDetail', { amount: money(x.amount), currency: currencyCode(x.currencyId), out: s.out, in: s.in }),
    }))) return;
    try {
      const r = await moneyWrite((api) => api.request('POST', TRANSACTION_REVERSE, { params: { path: { id: x.id } }, body: {} }));
      props.host.notify.success(t('finance.list.cancelledDone', { no: r.entryNo }));
      moneyChanged(props.host, 'created', 'moneyTransaction', r.id, r);
      setReload((n) => n + 1);
    } catch (e) {
      reportFailure(shell.notify, e, t('notify.error', { ns: 'kernel' }));
    }
  }

  return (
    <>
      <PagedTable<MoneyTransaction>
        label={props.label}
        reloadKey={`${reload}/${String(props.reloadKey)}/${JSON.stringify(filter)}`}
        defaultSort="date,desc"
        toolbar={(props.filters ?? true) && <>
          <HTMLSelect aria-label={t('finance.list.type')} value={type} onChange={(e) => setType(e.currentTarget.value as typeof type)}>
            <option value="">{t('finance.list.allTypes')}</option>
            {TYPES.map((ty) => <option key={ty} value={ty}>{t(`finance.types.${ty}`)}</option>)}
          </HTMLSelect>
          {!props.accountKind && (
            <MoneyAccountSelect id="tx-filter-account" aria-label={t('finance.list.account')} accounts={accounts} value={account} onChange={(k) => setAccount(k)} emptyLabel={t('finance.list.allAccounts')} />
          )}
          <Field id={`tx-filter-start-${props.accountId ?? 0}`} label={t('ledger.common.startDate')} inline>
            <DateInput id={`tx-filter-start-${props.accountId ?? 0}`} value={startDate} onValueChange={setStart} />
          </Field>
          <Field id={`tx-filter-end-${props.accountId ?? 0}`} label={t('ledger.common.endDate')} inline>
            <DateInput id={`tx-filter-end-${props.accountId ?? 0}`} value={endDate} onValueChange={setEnd} />
          </Field>
        </>}
        columns={[
          { key: 'date', title: t('finance.list.date'), sortField: 'date', render: (x) => formatDate(x.date), width: 110 },
          { key: 'type', title: t('finance.list.type'), render: (x) => t(`finance.types.${x.type}`, { defaultValue: x.type }), width: 100 },
          { key: 'out', title: t('finance.list.out'), render: (x) => sides(x).out, width: 190 },
          { key: 'in', title: t('finance.list.in'), render: (x) => sides(x).in, width: 190 },
          { key: 'amount', title: t('finance.list.amount'), sortField: 'amount', render: (x) => `${money(x.amount)} ${currencyCode(x.currencyId)}`, width: 140 },
          { key: 'lira', title: t('finance.list.lira'), render: (x) => money(x.liraAmount), width: 120 },
          { key: 'explanation', title: t('finance.list.explanation'), render: (x) => x.explanation ?? '', width: 220 },
          { key: 'entryNo', title: t('finance.list.entryNo'), render: (x) => x.entryNo, width: 70 },
          { key: 'state', title: t('finance.list.state'), render: (x) => <TransactionState tx={x} />, width: 130 },
        ]}
        rowLabel={(x) => `${formatDate(x.date)} ${t(`finance.types.${x.type}`, { defaultValue: x.type })}`}
        rowActions={[
          { key: 'cancel', label: t('finance.list.cancel'), icon: 'undo', intent: 'warning', hidden: (x) => !cancellable(x), onClick: (x) => { void cancel(x); } },
        ]}
        fetchPage={(q) => shell.api.list(TRANSACTIONS, { params: { query: { page: q.page, size: q.size, sort: [q.sort], ...filter } } })}
        onError={(e) => shell.notify.failure(e)}
      />
      {dialog}
    </>
  );
}

/**
 * The money accounts' movements (listTransactionLines: the lines of 100, 102 and 108, newest
 * first): money in is a debit, money out a credit.
 */
export function MoneyLinesTable(props: { label: string }) {
  const shell = useShell();
  const { t } = useTranslation('accounting');
  return (
    <PagedTable<TransactionLine>
      label={props.label}
      columns={[
        { key: 'date', title: t('finance.list.date'), render: (l) => formatDate(l.date), width: 110 },
        { key: 'entryNo', title: t('finance.list.entryNo'), render: (l) => l.entryNo, width: 70 },
        { key: 'account', title: t('finance.lines.account'), render: (l) => `${l.accountCode} ${l.accountName}`, width: 220 },
        { key: 'explanation', title: t('finance.list.explanation'), render: (l) => l.explanation, width: 280 },
        { key: 'in', title: t('finance.lines.in'), render: (l) => (l.debit ? money(l.debit) : ''), width: 130 },
        { key: 'out', title: t('finance.lines.out'), render: (l) => (l.credit ? money(l.credit) : ''), width: 130 },
        // Its account's balance after the line (each account runs on its own).
        { key: 'balance', title: t('finance.lines.balance'), render: (l) => money(l.balance), width: 140 },
      ]}
      fetchPage={(q) => shell.api.list(TRANSACTION_LINES, { params: { query: { page: q.page, size: q.size, accountGroups: '100,102,108' } } })}
      onError={(e) => shell.notify.failure(e)}
    />
  );
}

/**
 * /finance (Para hareketleri, the seeds' "finance" menu): the cash and bank summary, the money
 * transactions with their filters and cancellation, the money accounts' movements, and the
 * buttons that record a Virman, a Tahsilat or an Ödeme. Whatever moves money reads the summary,
 * this month's range and the first page of the movements again.
 */
export default function TransactionsPage({ host }: ContributionProps) {
  const { t } = useTranslation('accounting');
  const version = useMoneyVersion(host);
  const [recording, setRecording] = useState<TransactionType | null>(null);
  const [tab, setTab] = useState('transactions');
  const [addRequested, addDone] = useAddRequest();
  useEffect(() => {
    if (addRequested) { setRecording('TRANSFER'); addDone(); }
  }, [addRequested, addDone]);
  const canRecord = mayRecord(host);

  return (
    <section aria-label={t('finance.title')}>
      <div style={{ display: 'flex', alignItems: 'center', gap: 12, flexWrap: 'wrap' }}>
        <H2 style={{ margin: 0 }}>{t('finance.title')}</H2>
        {canRecord && (
          <ButtonGroup style={{ marginLeft: 'auto', flexWrap: 'wrap' }}>
            {TYPES.map((ty) => (
              <Button key={ty} icon={ty === 'TRANSFER' ? 'swap-horizontal' : ty === 'COLLECTION' ? 'import' : 'export'} text={t(`finance.form.title.${ty}`)} onClick={() => setRecording(ty)} />
            ))}
          </ButtonGroup>
        )}
      </div>
      {mayMoneyView(host) && (
        <Card style={{ marginTop: 12 }} aria-label={t('finance.summary.title')}>
          <MoneySummaryPanel host={host} />
        </Card>
      )}
      <Card style={{ marginTop: 12 }}>
        <Tabs id="finance-tabs" selectedTabId={tab} onChange={(x) => setTab(String(x))} renderActiveTabPanelOnly>
          <Tab id="transactions" title={t('finance.tabs.transactions')} panel={<TransactionsTable host={host} label={t('finance.tabs.transactions')} reloadKey={version} />} />
          <Tab id="lines" title={t('finance.tabs.lines')} panel={<MoneyLinesTable key={version} label={t('finance.tabs.lines')} />} />
        </Tabs>
      </Card>
      {recording && (
        <TransactionDialog
          host={host}
          type={recording}
          onClose={() => setRecording(null)}
          onSaved={(x) => {
            setRecording(null);
            host.notify.success(t('finance.form.saved', { type: t(`finance.types.${x.type}`, { defaultValue: x.type }), no: x.entryNo }));
            moneyChanged(host, 'created', 'moneyTransaction', x.id, x);
          }}
        />
      )}
    </section>
  );
}
