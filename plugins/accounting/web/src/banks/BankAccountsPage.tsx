import { useEffect, useState } from 'react';
import { Button, Card, H2, HTMLSelect, Tab, Tabs } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Action, type ContributionProps, type WorkbenchHost } from '@tezgah/core';
import { PagedTable, reportFailure, useAddRequest, useConfirm, useShell } from '@tezgah/workbench/ui';
import { Go } from '../warehouses/StockTables';
import { formatIban } from '../currents/model';
import { money } from '../ledger/model';
import { TL, currencyCode, moneyChanged, useMoneyVersion } from '../finance/model';
import { BankAccountDialog } from './BankAccountForm';
import { BankDialog, useBanks } from './BankForms';
import { ACCOUNT_TYPES, BANKS, BANK_ACCOUNTS, mayBank, type Bank, type BankAccount, type BankAccountType } from './model';

/** A bank account's balance in its own currency ("85,50 EUR"), in lira for a lira account. */
export const ownBalance = (a: Pick<BankAccount, 'currencyId' | 'balance' | 'balanceFc'>) =>
  (a.currencyId === TL || a.balanceFc === null ? `${money(a.balance)} TL` : `${money(a.balanceFc)} ${currencyCode(a.currencyId)}`);

/** The company's bank accounts with balances, filters by bank and type, add/edit/delete. */
function AccountsTab(props: { host: WorkbenchHost; banks: readonly Bank[] | null; adding: boolean; onAdded: () => void }) {
  const { host } = props;
  const shell = useShell();
  const { t } = useTranslation('accounting');
  const { confirm, dialog } = useConfirm();
  const version = useMoneyVersion(host);
  const [bankId, setBankId] = useState('');
  const [type, setType] = useState<'' | BankAccountType>('');
  const [editing, setEditing] = useState<BankAccount | 'new' | null>(null);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(() => { if (props.adding) { setEditing('new'); props.onAdded(); } }, [props.adding]);
  const canEdit = mayBank(host, Action.UPDATE);
  const canDelete = mayBank(host, Action.DELETE);

  async function remove(a: BankAccount) {
    if (!(await confirm({ message: a.name, detail: t('banks.accounts.deleteDetail') }))) return;
    try {
      await shell.api.request('DELETE', `${BANK_ACCOUNTS}/{id}`, { params: { path: { id: a.id } } });
      host.notify.success(t('notify.deleted', { ns: 'kernel' }));
      moneyChanged(host, 'deleted', 'bankAccount', a.id);
    } catch (e) {
      reportFailure(shell.notify, e, t('notify.error', { ns: 'kernel' }));
    }
  }

  return (
    <>
      <PagedTable<BankAccount>
        label={t('banks.accounts.title')}
        reloadKey={`${version}/${bankId}/${type}`}
        searchable
        searchPlaceholder={t('banks.accounts.searchHint')}
        defaultSort="name,asc"
        toolbar={<>
          <HTMLSelect aria-label={t('banks.accounts.fields.bank')} value={bankId} onChange={(e) => setBankId(e.currentTarget.value)}>
            <option value="">{t('banks.accounts.allBanks')}</option>
            {(props.banks ?? []).map((b) => <option key={b.id} value={String(b.id)}>{b.name}</option>)}
          </HTMLSelect>
          <HTMLSelect aria-label={t('banks.accounts.fields.accountType')} value={type} onChange={(e) => setType(e.currentTarget.value as typeof type)}>
            <option value="">{t('banks.accounts.allTypes')}</option>
            {ACCOUNT_TYPES.map((ty) => <option key={ty} value={ty}>{t(`banks.types.${ty}`)}</option>)}
          </HTMLSelect>
        </>}
        columns={[
          { key: 'name', title: t('banks.accounts.fields.name'), sortField: 'name', render: (a) => <Go host={host} to={`/bank/${a.id}`}>{a.name}</Go>, width: 200 },
          { key: 'bank', title: t('banks.accounts.fields.bank'), sortField: 'bankName', render: (a) => a.bankName, width: 180 },
          { key: 'branch', title: t('banks.accounts.fields.branch'), render: (a) => a.branchName ?? '', width: 140 },
          { key: 'type', title: t('banks.accounts.fields.accountType'), render: (a) => t(`banks.types.${a.accountType}`), width: 150 },
          { key: 'iban', title: t('banks.accounts.fields.iban'), render: (a) => (a.iban ? formatIban(a.iban) : ''), width: 260 },
          { key: 'balance', title: t('banks.accounts.balance'), render: ownBalance, width: 150 },
          { key: 'lira', title: t('banks.accounts.balanceLira'), render: (a) => money(a.balance), width: 130 },
        ]}
        rowLabel={(a) => a.name}
        rowActions={[
          { key: 'open', label: t('banks.open'), icon: 'document-open', onClick: (a) => host.navigate(`/bank/${a.id}`) },
          { key: 'edit', label: t('banks.accounts.edit'), icon: 'edit', hidden: () => !canEdit, onClick: (a) => setEditing(a) },
          { key: 'delete', label: t('banks.accounts.delete'), icon: 'trash', intent: 'danger', hidden: () => !canDelete, onClick: (a) => { void remove(a); } },
        ]}
        fetchPage={(q) => shell.api.list(BANK_ACCOUNTS, {
          params: { query: { page: q.page, size: q.size, sort: [q.sort], ...(q.search ? { search: q.search } : {}), ...(bankId ? { bankId: Number(bankId) } : {}), ...(type ? { accountType: type } : {}) } },
        })}
        onError={(e) => shell.notify.failure(e)}
      />
      {editing && (
        <BankAccountDialog
          banks={props.banks}
          account={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(saved, created) => {
            setEditing(null);
            host.notify.success(t(created ? 'notify.added' : 'notify.updated', { ns: 'kernel' }));
            moneyChanged(host, created ? 'created' : 'updated', 'bankAccount', saved.id, saved);
          }}
        />
      )}
      {dialog}
    </>
  );
}

/** The banks (every company starts with the TBB list): search, add one the list lacks, correct or delete one. */
function BanksTab(props: { host: WorkbenchHost; onChanged: () => void }) {
  const { host } = props;
  const shell = useShell();
  const { t } = useTranslation('accounting');
  const { confirm, dialog } = useConfirm();
  const [reload, setReload] = useState(0);
  const [editing, setEditing] = useState<Bank | 'new' | null>(null);
  const changed = () => { setReload((n) => n + 1); props.onChanged(); };

  async function remove(b: Bank) {
    if (!(await confirm({ message: b.name, detail: t('banks.banks.deleteDetail') }))) return;
    try {
      await shell.api.request('DELETE', `${BANKS}/{id}`, { params: { path: { id: b.id } } });
      host.notify.success(t('notify.deleted', { ns: 'kernel' }));
      host.bus.emit('entity.deleted', { plugin: 'accounting', entity: 'bank', id: b.id });
      changed();
    } catch (e) {
      reportFailure(shell.notify, e, t('notify.error', { ns: 'kernel' }));
    }
  }

  return (
    <>
      <PagedTable<Bank>
        label={t('banks.banks.title')}
        reloadKey={reload}
        searchable
        searchPlaceholder={t('banks.banks.searchHint')}
        defaultSort="name,asc"
        toolbar={mayBank(host, Action.CREATE) && <Button icon="add" text={t('banks.banks.add')} onClick={() => setEditing('new')} />}
        columns={[
          { key: 'name', title: t('banks.banks.fields.name'), sortField: 'name', render: (b) => b.name, width: 280 },
          { key: 'eftCode', title: t('banks.banks.fields.eftCode'), sortField: 'eftCode', render: (b) => b.eftCode ?? '', width: 100 },
          { key: 'ibanCode', title: t('banks.banks.fields.ibanCode'), render: (b) => b.ibanCode ?? '', width: 120 },
          { key: 'swift', title: t('banks.banks.fields.swift'), render: (b) => b.swift ?? '', width: 120 },
        ]}
        rowLabel={(b) => b.name}
        rowActions={[
          { key: 'edit', label: t('banks.banks.edit'), icon: 'edit', hidden: () => !mayBank(host, Action.UPDATE), onClick: (b) => setEditing(b) },
          { key: 'delete', label: t('banks.banks.delete'), icon: 'trash', intent: 'danger', hidden: () => !mayBank(host, Action.DELETE), onClick: (b) => { void remove(b); } },
        ]}
        fetchPage={(q) => shell.api.list(BANKS, { params: { query: { page: q.page, size: q.size, sort: [q.sort], ...(q.search ? { search: q.search } : {}) } } })}
        onError={(e) => shell.notify.failure(e)}
      />
      {editing && (
        <BankDialog bank={editing === 'new' ? null : editing} onClose={() => setEditing(null)} onSaved={(saved, created) => {
          setEditing(null);
          host.notify.success(t(created ? 'notify.added' : 'notify.updated', { ns: 'kernel' }));
          host.bus.emit(created ? 'entity.created' : 'entity.updated', { plugin: 'accounting', entity: 'bank', id: saved.id, record: saved });
          changed();
        }} />
      )}
      {dialog}
    </>
  );
}

/**
 * /bank (Banka, seeds 000 §2 "bank"): the bank accounts with their balances from the ledger (add
 * with the IBAN in groups of four, edit, delete, open one's page), and the banks.
 */
export default function BankAccountsPage({ host }: ContributionProps) {
  const { t } = useTranslation('accounting');
  const [tab, setTab] = useState('accounts');
  const [banksVersion, setBanksVersion] = useState(0);
  const banks = useBanks(banksVersion);
  const [addRequested, addDone] = useAddRequest();
  const [adding, setAdding] = useState(false);
  useEffect(() => {
    if (addRequested) { setTab('accounts'); setAdding(true); addDone(); }
  }, [addRequested, addDone]);

  return (
    <section aria-label={t('banks.title')}>
      <H2>{t('banks.title')}</H2>
      <Card>
        <Tabs id="bank-tabs" selectedTabId={tab} onChange={(x) => setTab(String(x))} renderActiveTabPanelOnly>
          <Tab id="accounts" title={t('banks.accounts.title')} panel={<AccountsTab host={host} banks={banks} adding={adding} onAdded={() => setAdding(false)} />} />
          <Tab id="banks" title={t('banks.banks.title')} panel={<BanksTab host={host} onChanged={() => setBanksVersion((n) => n + 1)} />} />
        </Tabs>
      </Card>
    </section>
  );
}
