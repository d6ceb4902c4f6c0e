import { useEffect, useState } from 'react';
import { Button, H2, HTMLSelect, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Action, formatAmount, formatPhone, type ContributionProps } from '@tezgah/core';
import { PagedTable, reportFailure, useAddRequest, useConfirm, useShell, type PagedTableColumn } from '@tezgah/workbench/ui';
import { CurrentForm } from './CurrentForm';
import { TagChips, TagFilter, canSeeTags, useCompanyTags } from './CurrentTags';
import { CURRENTS, TYPES, isPharmacy, may, typeKey, type Current, type CurrentType } from './model';

/**
 * The list of one type of current account (/customer, /supplier, /personnel, /partner): paged,
 * sortable, searchable, filtered by status; add from the sub-bar's Add button, open, edit and
 * delete from the row.
 */
export function CurrentsPage({ host, type }: ContributionProps & { type: CurrentType }) {
  const shell = useShell();
  const { t } = useTranslation('accounting');
  const { confirm, dialog: confirmDialog } = useConfirm();
  const pharmacy = isPharmacy(host);
  const [reload, setReload] = useState(0);
  const [status, setStatus] = useState<'' | 'true' | 'false'>('');
  const [tagId, setTagId] = useState('');
  const tags = useCompanyTags(host);
  const [editing, setEditing] = useState<Current | 'new' | null>(null);
  const [addRequested, addDone] = useAddRequest();
  useEffect(() => {
    if (addRequested) { setEditing('new'); addDone(); }
  }, [addRequested, addDone]);
  const canEdit = may(host, type, Action.UPDATE);
  const canDelete = may(host, type, Action.DELETE);
  const heading = t(typeKey(type, pharmacy, 'many'));
  const open = (c: Current) => host.navigate(`${TYPES[type].route}/${c.id}`);
  const fullName = (c: Current) => [c.name, c.lastName].filter(Boolean).join(' ');

  const columns: PagedTableColumn<Current>[] = [
    { key: 'name', title: t('currents.fields.name'), sortField: 'name', width: 220,
      render: (c) => <Button variant="minimal" size="small" text={fullName(c)} onClick={() => open(c)} /> },
    { key: 'taxNumber', title: t('currents.fields.taxNumber'), sortField: 'taxNumber', render: (c) => c.taxNumber ?? '', width: 130 },
    { key: 'phone', title: t('currents.fields.phone'), render: (c) => (c.phone ? formatPhone(c.phone) : ''), width: 130 },
    { key: 'city', title: t('currents.columns.place'), render: (c) => [c.cityName, c.citySubdivisionName].filter(Boolean).join(' / '), width: 160 },
  ];
  if (type === 'CUSTOMER' || type === 'SUPPLIER') columns.push({ key: 'taxOffice', title: t('currents.fields.taxOfficeId'), render: (c) => c.taxOfficeName ?? '', width: 180 });
  if (type === 'PARTNER') {
    columns.push(
      { key: 'share', title: t('currents.fields.sharePercentage'), render: (c) => (c.sharePercentage === null || c.sharePercentage === undefined ? '' : `%${formatAmount(c.sharePercentage)}`), width: 110 },
      { key: 'capital', title: t('currents.fields.capital'), render: (c) => (c.capital === null || c.capital === undefined ? '' : `${formatAmount(c.capital)} ${c.currencyCode}`), width: 150 },
    );
  }
  columns.push(
    { key: 'account', title: t('currents.fields.accountGroupCode'), render: (c) => c.accountGroupCode, width: 90 },
    { key: 'currency', title: t('currents.fields.currencyId'), render: (c) => c.currencyCode, width: 80 },
    ...(canSeeTags(host) ? [{ key: 'tags', title: t('currents.fields.tagIds'), render: (c: Current) => <TagChips tags={c.tags} />, width: 160 }] : []),
    { key: 'active', title: t('currents.filter.status'), width: 90,
      render: (c) => <Tag minimal intent={c.active ? 'success' : 'none'}>{t(c.active ? 'currents.filter.active' : 'currents.filter.passive')}</Tag> },
  );

  return (
    <section aria-label={heading}>
      <H2>{heading}</H2>
      <PagedTable<Current>
        label={heading}
        searchable
        searchPlaceholder={t('currents.searchHint')}
        reloadKey={`${reload}/${status}/${tagId}`}
        defaultSort="id,desc"
        columns={columns}
        rowLabel={fullName}
        toolbar={(
          <>
            <HTMLSelect aria-label={t('currents.filter.status')} value={status} onChange={(e) => setStatus(e.currentTarget.value as typeof status)}>
              <option value="">{t('currents.filter.all')}</option>
              <option value="true">{t('currents.filter.active')}</option>
              <option value="false">{t('currents.filter.passive')}</option>
            </HTMLSelect>
            {tags && tags.length > 0 && <TagFilter tags={tags} value={tagId} onChange={setTagId} />}
          </>
        )}
        rowActions={[
          { key: 'open', label: t('currents.open'), icon: 'eye-open', onClick: open },
          { key: 'edit', label: t('currents.edit', { type: t(typeKey(type, pharmacy)) }), icon: 'edit', onClick: (c) => setEditing(c), hidden: () => !canEdit },
          {
            key: 'delete', label: t('currents.delete'), icon: 'trash', intent: 'danger', hidden: () => !canDelete,
            onClick: async (c) => {
              if (!(await confirm({ message: fullName(c) }))) return;
              try {
                await shell.api.request('DELETE', `${CURRENTS}/{id}`, { params: { path: { id: c.id } } });
                host.notify.success(t('notify.deleted', { ns: 'kernel' }));
                host.bus.emit('entity.deleted', { plugin: 'accounting', entity: 'current', id: c.id });
                setReload((n) => n + 1);
              } catch (e) {
                reportFailure(shell.notify, e, t('notify.error', { ns: 'kernel' }));
              }
            },
          },
        ]}
        fetchPage={(q) => shell.api.list(CURRENTS, {
          params: { query: { page: q.page, size: q.size, sort: [q.sort], currentAccountType: type, ...(q.search ? { search: q.search } : {}), ...(status ? { active: status === 'true' } : {}), ...(tagId ? { tagId: Number(tagId) } : {}) } },
        })}
        onError={(e) => shell.notify.failure(e)}
      />
      {editing && (
        <CurrentForm host={host} type={type} current={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)} onSaved={() => { setEditing(null); setReload((n) => n + 1); }} />
      )}
      {confirmDialog}
    </section>
  );
}

export const CustomerPage = (p: ContributionProps) => <CurrentsPage {...p} type="CUSTOMER" />;
export const SupplierPage = (p: ContributionProps) => <CurrentsPage {...p} type="SUPPLIER" />;
export const PersonnelPage = (p: ContributionProps) => <CurrentsPage {...p} type="PERSONNEL" />;
export const PartnerPage = (p: ContributionProps) => <CurrentsPage {...p} type="PARTNER" />;
