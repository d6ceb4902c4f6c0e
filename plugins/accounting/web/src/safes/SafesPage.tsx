import { useEffect, useState } from 'react';
import { H2 } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Action, type ContributionProps } from '@tezgah/core';
import { PagedTable, reportFailure, useAddRequest, useConfirm, useShell } from '@tezgah/workbench/ui';
import { Go } from '../warehouses/StockTables';
import { money } from '../ledger/model';
import { SAFES, TL, currencyCode, maySafe, moneyChanged, useMoneyVersion, type Safe } from '../finance/model';
import { SafeDialog } from './SafeForm';

/** A safe's balance in its own currency ("100,00 USD"); the lira balance for a lira safe. */
export const ownBalance = (s: Pick<Safe, 'currencyId' | 'balance' | 'balanceFc'>) =>
  (s.currencyId === TL || s.balanceFc === null ? `${money(s.balance)} TL` : `${money(s.balanceFc)} ${currencyCode(s.currencyId)}`);

/**
 * /safe (Kasa, seeds 000 §2 "safe"): the company's safes with their balances from the ledger (in
 * their own currency and in lira), searchable; add and edit in a dialog, delete after the
 * confirmation (a safe with movements stays: the server says why), open a safe's page.
 */
export default function SafesPage({ host }: ContributionProps) {
  const shell = useShell();
  const { t } = useTranslation('accounting');
  const { confirm, dialog } = useConfirm();
  const version = useMoneyVersion(host);
  const [editing, setEditing] = useState<Safe | 'new' | null>(null);
  const [addRequested, addDone] = useAddRequest();
  useEffect(() => {
    if (addRequested) { setEditing('new'); addDone(); }
  }, [addRequested, addDone]);
  const canEdit = maySafe(host, Action.UPDATE);
  const canDelete = maySafe(host, Action.DELETE);

  async function remove(s: Safe) {
    if (!(await confirm({ message: s.name, detail: t('safes.deleteDetail') }))) return;
    try {
      await shell.api.request('DELETE', `${SAFES}/{id}`, { params: { path: { id: s.id } } });
      host.notify.success(t('notify.deleted', { ns: 'kernel' }));
      moneyChanged(host, 'deleted', 'safe', s.id);
    } catch (e) {
      reportFailure(shell.notify, e, t('notify.error', { ns: 'kernel' }));
    }
  }

  return (
    <section aria-label={t('safes.title')}>
      <H2>{t('safes.title')}</H2>
      <PagedTable<Safe>
        label={t('safes.title')}
        reloadKey={version}
        searchable
        searchPlaceholder={t('safes.searchHint')}
        defaultSort="name,asc"
        columns={[
          { key: 'name', title: t('safes.fields.name'), sortField: 'name', render: (s) => <Go host={host} to={`/safe/${s.id}`}>{s.name}</Go>, width: 220 },
          { key: 'accountCode', title: t('safes.fields.accountCode'), render: (s) => s.accountCode, width: 100 },
          { key: 'currency', title: t('safes.fields.currencyId'), render: (s) => s.currencyCode, width: 90 },
          { key: 'balance', title: t('safes.balance'), render: ownBalance, width: 150 },
          { key: 'lira', title: t('safes.balanceLira'), render: (s) => money(s.balance), width: 140 },
          { key: 'explanation', title: t('safes.fields.explanation'), render: (s) => s.explanation ?? '', width: 220 },
        ]}
        rowLabel={(s) => s.name}
        rowActions={[
          { key: 'open', label: t('safes.open'), icon: 'document-open', onClick: (s) => host.navigate(`/safe/${s.id}`) },
          { key: 'edit', label: t('safes.edit'), icon: 'edit', hidden: () => !canEdit, onClick: (s) => setEditing(s) },
          { key: 'delete', label: t('safes.delete'), icon: 'trash', intent: 'danger', hidden: () => !canDelete, onClick: (s) => { void remove(s); } },
        ]}
        fetchPage={(q) => shell.api.list(SAFES, { params: { query: { page: q.page, size: q.size, sort: [q.sort], ...(q.search ? { search: q.search } : {}) } } })}
        onError={(e) => shell.notify.failure(e)}
      />
      {editing && (
        <SafeDialog
          host={host}
          safe={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(saved, created) => {
            setEditing(null);
            host.notify.success(t(created ? 'notify.added' : 'notify.updated', { ns: 'kernel' }));
            moneyChanged(host, created ? 'created' : 'updated', 'safe', saved.id, saved);
          }}
        />
      )}
      {dialog}
    </section>
  );
}
