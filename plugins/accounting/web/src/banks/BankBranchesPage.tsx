import { useEffect, useState } from 'react';
import { H2, HTMLSelect } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Action, formatPhone, type ContributionProps } from '@tezgah/core';
import { PagedTable, reportFailure, useAddRequest, useConfirm, useShell } from '@tezgah/workbench/ui';
import { BranchDialog, useBanks } from './BankForms';
import { BRANCHES, mayBranch, type BankBranch } from './model';

/**
 * /bank-branch (Banka Şubeleri; module BANK_BRANCH 22): the branches, filtered by bank and searched
 * by name or code; add, edit, delete (a branch an account uses stays: the server says why).
 */
export default function BankBranchesPage({ host }: ContributionProps) {
  const shell = useShell();
  const { t } = useTranslation('accounting');
  const { confirm, dialog } = useConfirm();
  const banks = useBanks();
  const [bankId, setBankId] = useState('');
  const [reload, setReload] = useState(0);
  const [editing, setEditing] = useState<BankBranch | 'new' | null>(null);
  const [addRequested, addDone] = useAddRequest();
  useEffect(() => {
    if (addRequested) { setEditing('new'); addDone(); }
  }, [addRequested, addDone]);

  async function remove(b: BankBranch) {
    if (!(await confirm({ message: `${b.bankName} — ${b.name}` }))) return;
    try {
      await shell.api.request('DELETE', `${BRANCHES}/{id}`, { params: { path: { id: b.id } } });
      host.notify.success(t('notify.deleted', { ns: 'kernel' }));
      host.bus.emit('entity.deleted', { plugin: 'accounting', entity: 'bankBranch', id: b.id });
      setReload((n) => n + 1);
    } catch (e) {
      reportFailure(shell.notify, e, t('notify.error', { ns: 'kernel' }));
    }
  }

  return (
    <section aria-label={t('banks.branches.title')}>
      <H2>{t('banks.branches.title')}</H2>
      <PagedTable<BankBranch>
        label={t('banks.branches.title')}
        reloadKey={`${reload}/${bankId}`}
        searchable
        searchPlaceholder={t('banks.branches.searchHint')}
        defaultSort="name,asc"
        toolbar={(
          <HTMLSelect aria-label={t('banks.branches.fields.bank')} value={bankId} onChange={(e) => setBankId(e.currentTarget.value)}>
            <option value="">{t('banks.accounts.allBanks')}</option>
            {(banks ?? []).map((b) => <option key={b.id} value={String(b.id)}>{b.name}</option>)}
          </HTMLSelect>
        )}
        columns={[
          { key: 'name', title: t('banks.branches.fields.name'), sortField: 'name', render: (b) => b.name, width: 200 },
          { key: 'bank', title: t('banks.branches.fields.bank'), sortField: 'bankName', render: (b) => b.bankName, width: 220 },
          { key: 'code', title: t('banks.branches.fields.code'), render: (b) => b.code ?? '', width: 100 },
          { key: 'city', title: t('banks.branches.fields.city'), render: (b) => b.cityName ?? '', width: 120 },
          { key: 'phone', title: t('banks.branches.fields.phone'), render: (b) => (b.phone ? formatPhone(b.phone) : ''), width: 140 },
          { key: 'address', title: t('banks.branches.fields.address'), render: (b) => b.address ?? '', width: 240 },
        ]}
        rowLabel={(b) => b.name}
        rowActions={[
          { key: 'edit', label: t('banks.branches.edit'), icon: 'edit', hidden: () => !mayBranch(host, Action.UPDATE), onClick: (b) => setEditing(b) },
          { key: 'delete', label: t('banks.branches.delete'), icon: 'trash', intent: 'danger', hidden: () => !mayBranch(host, Action.DELETE), onClick: (b) => { void remove(b); } },
        ]}
        fetchPage={(q) => shell.api.list(BRANCHES, { params: { query: { page: q.page, size: q.size, sort: [q.sort], ...(q.search ? { search: q.search } : {}), ...(bankId ? { bankId: Number(bankId) } : {}) } } })}
        onError={(e) => shell.notify.failure(e)}
      />
      {editing && (
        <BranchDialog banks={banks} branch={editing === 'new' ? null : editing} onClose={() => setEditing(null)} onSaved={(saved, created) => {
          setEditing(null);
          host.notify.success(t(created ? 'notify.added' : 'notify.updated', { ns: 'kernel' }));
          host.bus.emit(created ? 'entity.created' : 'entity.updated', { plugin: 'accounting', entity: 'bankBranch', id: saved.id, record: saved });
          setReload((n) => n + 1);
        }} />
      )}
      {dialog}
    </section>
  );
}
