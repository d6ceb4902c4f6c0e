import { useState } from 'react';
import { Button, ButtonGroup, Card, H2, HTMLTable, NonIdealState, Spinner, Tab, Tabs, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Action, formatDate, type ContributionProps } from '@tezgah/core';
import type { TezgahPromiseApi } from '@tezgah/sdk';
import { reportFailure, useApiData, useConfirm, useShell, type PagedResult } from '@tezgah/workbench/ui';
import { money } from '../ledger/model';
import { TagChips, useCompanyTags } from '../currents/CurrentTags';
import { Movements } from '../finance/Movements';
import { AccountTransactionDialog, RecordButtons } from '../finance/TransactionForm';
import { TransactionsTable } from '../finance/TransactionsPage';
import type { MoneyAccountChoice } from '../finance/parts';
import {
  SAFES, TRANSACTION_LINES, maySafe, moneyChanged, useMoneyVersion,
  type MoneyKind, type Safe, type TransactionLine, type TransactionType,
} from '../finance/model';
import { SafeDialog } from './SafeForm';
import { ownBalance } from './SafesPage';

/** A line with the account's balance after it (in lira, and in the account's currency for a foreign one), as listTransactionLines gives it. */
export type LineWithBalance = TransactionLine;

/** One page of a money account's lines (listTransactionLines, newest first), each with the server's balance after it. */
export async function linesWithBalance(api: TezgahPromiseApi, account: { kind: MoneyKind; id: number }, page: number, size: number): Promise<PagedResult<LineWithBalance>> {
  return api.list(TRANSACTION_LINES, { params: { query: { accountKind: account.kind, accountId: account.id, page, size } } });
}

/**
 * One safe (/safe/:id): its balance, edit and delete, the buttons that move money in or out of
 * it, and its tabs: Hareketler (its ledger lines, newest first, with the balance after each),
 * İşlemler (its transactions, cancellable) and Bilgiler (its fields).
 */
export default function SafeDetailPage({ host, params }: ContributionProps) {
  const shell = useShell();
  const { t } = useTranslation('accounting');
  const { confirm, dialog } = useConfirm();
  const version = useMoneyVersion(host);
  const tags = useCompanyTags(host);
  const id = Number(params?.id);
  const [editing, setEditing] = useState(false);
  const [recording, setRecording] = useState<TransactionType | null>(null);
  const [tab, setTab] = useState('lines');

  // The safe, read again after every money change (told on the bus: its balance moves with
  // transactions written under other paths) and on every visit, the last one shown meanwhile.
  const init = { params: { path: { id } } };
  const q = useApiData(
    ['GET', `${SAFES}/{id}`, init, version],
    (api) => api.request('GET', `${SAFES}/{id}`, init),
    { enabled: Number.isInteger(id) && id > 0, keepPrevious: true, refetchOnEveryMount: true },
  );
  const safe: Safe | null = q.data ?? null;
  const missing = q.isError && !safe;

  if (missing || !Number.isInteger(id) || id < 1) return <NonIdealState icon="search" title={t('safes.notFound')} />;
  if (!safe) return <div role="status"><Spinner size={20} /> {t('finance.common.loading')}</div>;
  const s = safe;
  const self: MoneyAccountChoice = { kind: 'SAFE', id: s.id, name: s.name, currencyId: s.currencyId };

  async function remove() {
    if (!(await confirm({ message: s.name, detail: t('safes.deleteDetail') }))) return;
    try {
      await shell.api.request('DELETE', `${SAFES}/{id}`, { params: { path: { id: s.id } } });
      host.notify.success(t('notify.deleted', { ns: 'kernel' }));
      moneyChanged(host, 'deleted', 'safe', s.id);
      host.navigate('/safe');
    } catch (e) {
      reportFailure(shell.notify, e, t('notify.error', { ns: 'kernel' }));
    }
  }

  const rows: [string, string | null][] = [
    [t('safes.fields.accountCode'), s.accountCode],
    [t('safes.fields.currencyId'), `${s.currencyCode}${s.currencySymbol ? ` (${s.currencySymbol})` : ''}`],
    [t('safes.fields.openingBalance', { currency: s.currencyCode }), money(s.openingBalance)],
    [t('safes.fields.openingDate'), s.openingDate ? formatDate(s.openingDate) : null],
    [t('safes.balance'), ownBalance(s)],
    [t('safes.balanceLira'), money(s.balance)],
    [t('safes.fields.explanation'), s.explanation],
  ];
  const safeTags = (tags ?? []).filter((x) => s.tagIds.includes(x.id));

  return (
    <section aria-label={s.name}>
      <div style={{ display: 'flex', alignItems: 'center', gap: 12, flexWrap: 'wrap' }}>
        <H2 style={{ margin: 0 }}>{s.name}</H2>
        <Tag minimal intent="primary">{s.currencyCode}</Tag>
        <Tag minimal large aria-label={t('safes.balance')}>{ownBalance(s)}</Tag>
        <ButtonGroup style={{ marginLeft: 'auto', flexWrap: 'wrap' }}>
          <Button icon="arrow-left" text={t('safes.back')} onClick={() => host.navigate('/safe')} />
          <RecordButtons host={host} onRecord={setRecording} />
          {maySafe(host, Action.UPDATE) && <Button icon="edit" text={t('safes.edit')} onClick={() => setEditing(true)} />}
          {maySafe(host, Action.DELETE) && <Button icon="trash" intent="danger" text={t('safes.delete')} onClick={remove} />}
        </ButtonGroup>
      </div>
      <Card style={{ marginTop: 12 }}>
        <Tabs id="safe-tabs" selectedTabId={tab} onChange={(x) => setTab(String(x))} renderActiveTabPanelOnly>
          <Tab id="lines" title={t('safes.tabs.lines')} panel={
            <Movements<LineWithBalance> key={version} label={t('safes.tabs.lines')} account={s} emptyText={t('safes.lines.empty')}
              fetchPage={(q) => linesWithBalance(shell.api, { kind: 'SAFE', ...s }, q.page, q.size)} />
          } />
          <Tab id="transactions" title={t('safes.tabs.transactions')} panel={
            <TransactionsTable host={host} label={t('safes.tabs.transactions')} accountKind="SAFE" accountId={s.id} reloadKey={version} />
          } />
          <Tab id="info" title={t('safes.tabs.info')} panel={
            <HTMLTable compact aria-label={t('safes.tabs.info')}>
              <tbody>
                {rows.filter(([, v]) => v).map(([k, v]) => <tr key={k}><th scope="row">{k}</th><td>{v}</td></tr>)}
                {safeTags.length > 0 && <tr><th scope="row">{t('safes.fields.tagIds')}</th><td><TagChips tags={safeTags} /></td></tr>}
              </tbody>
            </HTMLTable>
          } />
        </Tabs>
      </Card>
      {editing && (
        <SafeDialog host={host} safe={s} onClose={() => setEditing(false)} onSaved={(saved) => {
          setEditing(false);
          host.notify.success(t('notify.updated', { ns: 'kernel' }));
          moneyChanged(host, 'updated', 'safe', saved.id, saved);
        }} />
      )}
      {recording && <AccountTransactionDialog host={host} type={recording} account={self} onClose={() => setRecording(null)} />}
      {dialog}
    </section>
  );
}
