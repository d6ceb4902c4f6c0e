import { useState } from 'react';
import { Button, ButtonGroup, Card, H2, HTMLTable, NonIdealState, Spinner, Tab, Tabs, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Action, formatDate, type ContributionProps } from '@tezgah/core';
import { reportFailure, useApiData, useConfirm, useQueryClient, useShell } from '@tezgah/workbench/ui';
import { formatIban } from '../currents/model';
import { money } from '../ledger/model';
import { Movements } from '../finance/Movements';
import { AccountTransactionDialog, RecordButtons } from '../finance/TransactionForm';
import { TransactionsTable } from '../finance/TransactionsPage';
import { useMoneyRefresh, useMoneyWrite, type MoneyAccountChoice } from '../finance/parts';
import { moneyChanged, useMoneyVersion, type TransactionType } from '../finance/model';
import { BankAccountDialog } from './BankAccountForm';
import { useBanks } from './BankForms';
import { ownBalance } from './BankAccountsPage';
import { BANK_ACCOUNTS, MOVEMENTS, mayBank, type BankAccountMovement } from './model';

const ACCOUNT = `${BANK_ACCOUNTS}/{id}` as const;

/**
 * One bank account (/bank/:id): its balance, edit and delete, the buttons that move money in or
 * out of it, and its tabs: Hareketler (its ledger lines with the balance after each), İşlemler and
 * Bilgiler (bank, branch, type, IBAN, opening).
 */
export default function BankAccountDetailPage({ host, params }: ContributionProps) {
  const shell = useShell();
  const { t } = useTranslation('accounting');
  const { confirm, dialog } = useConfirm();
  const version = useMoneyVersion(host);
  const id = Number(params?.id);
  const valid = Number.isInteger(id) && id > 0;
  const key = ['GET', ACCOUNT, { id }];
  // Read again on every visit: its balance moves with writes under other paths (an invoice's payment).
  const read = useApiData(key, (api) => api.request('GET', ACCOUNT, { params: { path: { id } } }), { enabled: valid, refetchOnEveryMount: true });
  const client = useQueryClient();
  const moneyWrite = useMoneyWrite();
  const [editing, setEditing] = useState(false);
  const [recording, setRecording] = useState<TransactionType | null>(null);
  const [tab, setTab] = useState('movements');
  const banks = useBanks(editing);
  // Its balance moves with every money change announced on the bus.
  useMoneyRefresh(host, ACCOUNT);

  if (read.isError || !valid) return <NonIdealState icon="search" title={t('banks.accounts.notFound')} />;
  if (!read.data) return <div role="status"><Spinner size={20} /> {t('finance.common.loading')}</div>;
  const a = read.data;
  const self: MoneyAccountChoice = { kind: 'BANK_ACCOUNT', id: a.id, name: a.name, currencyId: a.currencyId };

  async function remove() {
    if (!(await confirm({ message: a.name, detail: t('banks.accounts.deleteDetail') }))) return;
    try {
      await moneyWrite((api) => api.request('DELETE', ACCOUNT, { params: { path: { id: a.id } } }));
      host.notify.success(t('notify.deleted', { ns: 'kernel' }));
      moneyChanged(host, 'deleted', 'bankAccount', a.id);
      // The write marked this read stale; it is gone, so its refresh is not awaited (nor its 404 reported).
      void client.cancelQueries({ queryKey: key, exact: true });
      host.navigate('/bank');
    } catch (e) {
      reportFailure(shell.notify, e, t('notify.error', { ns: 'kernel' }));
    }
  }

  const rows: [string, string | null][] = [
    [t('banks.accounts.fields.bank'), a.bankName],
    [t('banks.accounts.fields.branch'), a.branchName],
    [t('banks.accounts.fields.accountType'), t(`banks.types.${a.accountType}`)],
    [t('banks.accounts.fields.iban'), a.iban ? formatIban(a.iban) : null],
    [t('banks.accounts.fields.accountNo'), a.accountNo],
    [t('banks.accounts.fields.accountCode'), a.accountCode],
    [t('banks.accounts.fields.currencyId'), a.currencyCode],
    [t('banks.accounts.fields.openingBalance', { currency: a.currencyCode }), money(a.openingBalance)],
    [t('banks.accounts.fields.openingDate'), a.openingDate ? formatDate(a.openingDate) : null],
    [t('banks.accounts.fields.openingAccount'), a.openingAccount],
    [t('banks.accounts.fields.explanation'), a.explanation],
  ];

  return (
    <section aria-label={a.name}>
      <div style={{ display: 'flex', alignItems: 'center', gap: 12, flexWrap: 'wrap' }}>
        <H2 style={{ margin: 0 }}>{a.name}</H2>
        <Tag minimal intent="primary">{a.bankName}</Tag>
        <Tag minimal large aria-label={t('banks.accounts.balance')}>{ownBalance(a)}</Tag>
        <ButtonGroup style={{ marginLeft: 'auto', flexWrap: 'wrap' }}>
          <Button icon="arrow-left" text={t('banks.back')} onClick={() => host.navigate('/bank')} />
          <RecordButtons host={host} onRecord={setRecording} />
          {mayBank(host, Action.UPDATE) && <Button icon="edit" text={t('banks.accounts.edit')} onClick={() => setEditing(true)} />}
          {mayBank(host, Action.DELETE) && <Button icon="trash" intent="danger" text={t('banks.accounts.delete')} onClick={remove} />}
        </ButtonGroup>
      </div>
      <Card style={{ marginTop: 12 }}>
        <Tabs id="bank-account-tabs" selectedTabId={tab} onChange={(x) => setTab(String(x))} renderActiveTabPanelOnly>
          <Tab id="movements" title={t('banks.tabs.movements')} panel={
            <Movements<BankAccountMovement> key={version} label={t('banks.tabs.movements')} account={a} emptyText={t('banks.movements.empty')} datesId="bm"
              fetchPage={(q, dates) => shell.api.list(MOVEMENTS, { params: { path: { id: a.id }, query: { page: q.page, size: q.size, sort: [q.sort], ...dates } } })} />
          } />
          <Tab id="transactions" title={t('banks.tabs.transactions')} panel={
            <TransactionsTable host={host} label={t('banks.tabs.transactions')} accountKind="BANK_ACCOUNT" accountId={a.id} reloadKey={version} />
          } />
          <Tab id="info" title={t('banks.tabs.info')} panel={
            <HTMLTable compact aria-label={t('banks.tabs.info')}>
              <tbody>{rows.filter(([, v]) => v).map(([k, v]) => <tr key={k}><th scope="row">{k}</th><td>{v}</td></tr>)}</tbody>
            </HTMLTable>
          } />
        </Tabs>
      </Card>
      {editing && (
        <BankAccountDialog banks={banks} account={a} onClose={() => setEditing(false)} onSaved={(saved) => {
          setEditing(false);
          client.setQueryData(key, saved);
          host.notify.success(t('notify.updated', { ns: 'kernel' }));
          moneyChanged(host, 'updated', 'bankAccount', saved.id, saved);
        }} />
      )}
      {recording && <AccountTransactionDialog host={host} type={recording} account={self} onClose={() => setRecording(null)} />}
      {dialog}
    </section>
  );
}
