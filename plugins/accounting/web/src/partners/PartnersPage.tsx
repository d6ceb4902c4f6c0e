import { useEffect, useState } from 'react';
import { H2, HTMLSelect, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Action, formatAmount, type ContributionProps } from '@tezgah/core';
import { PagedTable, reportFailure, useAddRequest, useConfirm, useShell } from '@tezgah/workbench/ui';
import { Go } from '../warehouses/StockTables';
import { money } from '../ledger/model';
import { moneyChanged, useMoneyVersion } from '../finance/model';
import { PartnerDialog } from './PartnerForm';
import { PARTNERS, PARTNER_TYPES, mayPartner, partnerName, type Partner, type PartnerType } from './model';

/** A share as the screens show it: "%12,50". */
export const share = (n: number) => `%${formatAmount(n)}`;

/**
 * /partner (Ortaklar, seeds 000 §2 "partner"): the partners with their type, share, capital and
 * what the ledger says of it (committed, unpaid), searchable and filtered by status and type; add
 * and edit in a dialog (the server refuses shares above 100 %: its message shows at the share),
 * delete after the confirmation (one with capital records stays: the server says why).
 */
export default function PartnersPage({ host }: ContributionProps) {
  const shell = useShell();
  const { t } = useTranslation('accounting');
  const { confirm, dialog } = useConfirm();
  const version = useMoneyVersion(host);
  const [reload, setReload] = useState(0);
  const [status, setStatus] = useState<'' | 'true' | 'false'>('');
  const [type, setType] = useState<'' | PartnerType>('');
  const [editing, setEditing] = useState<Partner | 'new' | null>(null);
  const [addRequested, addDone] = useAddRequest();
  const canAdd = mayPartner(host, Action.CREATE);
  useEffect(() => {
    if (addRequested) { if (canAdd) setEditing('new'); addDone(); }
  }, [addRequested, addDone, canAdd]);
  const canEdit = mayPartner(host, Action.UPDATE);
  const canDelete = mayPartner(host, Action.DELETE);

  async function remove(p: Partner) {
    if (!(await confirm({ message: partnerName(p), detail: t('partners.deleteDetail') }))) return;
    try {
      await shell.api.request('DELETE', `${PARTNERS}/{id}`, { params: { path: { id: p.id } } });
      host.notify.success(t('notify.deleted', { ns: 'kernel' }));
      moneyChanged(host, 'deleted', 'current', p.id);
      setReload((n) => n + 1);
    } catch (e) {
      reportFailure(shell.notify, e, t('notify.error', { ns: 'kernel' }));
    }
  }

  return (
    <section aria-label={t('partners.title')}>
      <H2>{t('partners.title')}</H2>
      <PagedTable<Partner>
        label={t('partners.title')}
        reloadKey={`${reload}/${version}/${status}/${type}`}
        searchable
        searchPlaceholder={t('partners.searchHint')}
        defaultSort="name,asc"
        toolbar={<>
          <HTMLSelect aria-label={t('partners.filter.status')} value={status} onChange={(e) => setStatus(e.currentTarget.value as typeof status)}>
            <option value="">{t('partners.filter.all')}</option>
            <option value="true">{t('partners.filter.active')}</option>
            <option value="false">{t('partners.filter.passive')}</option>
          </HTMLSelect>
          <HTMLSelect aria-label={t('partners.filter.type')} value={type} onChange={(e) => setType(e.currentTarget.value as typeof type)}>
            <option value="">{t('partners.filter.allTypes')}</option>
            {PARTNER_TYPES.map((x) => <option key={x} value={x}>{t(`partners.types.${x}`)}</option>)}
          </HTMLSelect>
        </>}
        columns={[
          { key: 'name', title: t('partners.fields.name'), sortField: 'name', render: (p) => <Go host={host} to={`/partner/${p.id}`}>{partnerName(p)}</Go>, width: 220 },
          { key: 'type', title: t('partners.fields.partnerType'), render: (p) => (p.partnerType ? t(`partners.types.${p.partnerType}`, { defaultValue: p.partnerType }) : ''), width: 110 },
          { key: 'share', title: t('partners.fields.sharePercentage'), sortField: 'sharePercentage', render: (p) => share(p.sharePercentage), width: 110 },
          { key: 'capital', title: t('partners.fields.capital'), sortField: 'capital', render: (p) => money(p.capital), width: 140 },
          { key: 'committed', title: t('partners.fields.committedCapital'), render: (p) => money(p.committedCapital), width: 140 },
          { key: 'remaining', title: t('partners.fields.remaining'), render: (p) => money(p.remaining), width: 150 },
          { key: 'active', title: t('partners.fields.status'), width: 90,
            render: (p) => <Tag minimal intent={p.active ? 'success' : 'none'}>{t(p.active ? 'partners.filter.active' : 'partners.filter.passive')}</Tag> },
        ]}
        rowLabel={partnerName}
        rowActions={[
          { key: 'open', label: t('partners.open'), icon: 'document-open', onClick: (p) => host.navigate(`/partner/${p.id}`) },
          { key: 'edit', label: t('partners.edit'), icon: 'edit', hidden: () => !canEdit, onClick: (p) => setEditing(p) },
          { key: 'delete', label: t('partners.delete'), icon: 'trash', intent: 'danger', hidden: () => !canDelete, onClick: (p) => { void remove(p); } },
        ]}
        fetchPage={(q) => shell.api.list(PARTNERS, {
          params: { query: { page: q.page, size: q.size, sort: [q.sort], ...(q.search ? { search: q.search } : {}), ...(status ? { active: status === 'true' } : {}), ...(type ? { partnerType: type } : {}) } },
        })}
        onError={(e) => shell.notify.failure(e)}
      />
      {editing && (
        <PartnerDialog
          partner={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(saved, created) => {
            setEditing(null);
            host.notify.success(t(created ? 'notify.added' : 'notify.updated', { ns: 'kernel' }));
            moneyChanged(host, created ? 'created' : 'updated', 'current', saved.id);
            setReload((n) => n + 1);
          }}
        />
      )}
      {dialog}
    </section>
  );
}
