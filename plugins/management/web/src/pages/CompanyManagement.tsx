import { useEffect, useState } from 'react';
import { Button, Classes, Dialog, DialogBody, DialogFooter, HTMLSelect, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Action, Module, type ContributionProps } from '@tezgah/core';
import type { Company, CompanyCreate, Sector } from '@tezgah/sdk';
import { CompanyProfilesUpload } from './CompanyProfilesUpload';
import { CompanyForm, PagedTable, reportFailure, useAddRequest, useApiData, useConfirm, useShell, type PagedTableColumn, type RowAction } from '@tezgah/workbench/ui';

type StatusFilter = 'all' | 'active' | 'passive';

/**
 * /company-management: every company (GET /companies with an all-companies authority), searched
 * and paged; add and edit with the company form (modules chosen here), and set passive (the
 * seeds' delete) after 'Emin misiniz?'.
 */
export default function CompanyManagement({ host }: ContributionProps) {
  const shell = useShell();
  const { t } = useTranslation('management');
  const { t: k } = useTranslation();
  const { confirm, dialog } = useConfirm();
  const [version, setVersion] = useState(0);
  const [status, setStatus] = useState<StatusFilter>('all');
  // The sectors' names for the list and the form (none: the list shows the sector's key).
  const sectors: Sector[] = useApiData(['GET', '/services/onmuhasebe/api/sectors'], (api) => api.sectors(), { report: false }).data ?? [];
  const [editing, setEditing] = useState<{ company: Company | null } | null>(null);
  const [addRequested, addHandled] = useAddRequest();
  const canCreate = host.can({ module: Module.COMPANY, allActions: [Action.CREATE] });
  const canUpdate = host.can({ module: Module.COMPANY, allActions: [Action.UPDATE] });
  const canDelete = host.can({ module: Module.COMPANY, allActions: [Action.DELETE] });

  useEffect(() => {
    if (!addRequested) return;
    if (canCreate) setEditing({ company: null });
    addHandled();
  }, [addRequested, canCreate, addHandled]);

  const sectorName = (c: Company) => sectors.find((s) => s.id === c.sectorId)?.name ?? c.sectorKey;
  const columns: PagedTableColumn<Company>[] = [
    { key: 'name', title: t('companies.name'), render: (c) => c.name, sortField: 'name', width: 200 },
    { key: 'title', title: t('companies.companyTitle'), render: (c) => c.title ?? '', sortField: 'title', width: 220 },
    { key: 'taxNumber', title: t('companies.taxNumber'), render: (c) => c.taxNumber, width: 130 },
    { key: 'sector', title: t('companies.sector'), render: sectorName, width: 100 },
    { key: 'erpType', title: t('companies.erpType'), render: (c) => (c.erpType ? k(`company.erpTypes.${c.erpType}`, { defaultValue: c.erpType }) : ''), width: 100 },
    { key: 'owner', title: t('companies.owner'), render: (c) => c.ownerLogin ?? '', width: 130 },
    {
      key: 'status',
      title: t('companies.status'),
      render: (c) => <Tag minimal intent={c.active ? 'success' : 'none'}>{k(c.active ? 'common.active' : 'common.passive')}</Tag>,
      width: 80,
    },
  ];

  async function setPassive(c: Company) {
    if (!(await confirm({ detail: t('companies.passiveDetail', { name: c.name }) }))) return;
    try {
      await shell.api.companies.remove(c.id);
      shell.notify.success(t('companies.passived'));
      setVersion((v) => v + 1);
    } catch (err) {
      reportFailure(shell.notify, err, k('notify.error'));
    }
  }

  const actions: RowAction<Company>[] = [
    ...(canUpdate ? [{ key: 'edit', label: k('common.edit'), icon: 'edit' as const, onClick: (c: Company) => setEditing({ company: c }) }] : []),
    ...(canDelete
      ? [{
          key: 'passive',
          label: t('companies.setPassive'),
          icon: 'disable' as const,
          intent: 'danger' as const,
          // The company of the session cannot be set passive (the server refuses: switch first).
          hidden: (c: Company) => !c.active || c.id === shell.account?.companyId,
          onClick: (c: Company) => void setPassive(c),
        }]
      : []),
  ];

  async function save(body: CompanyCreate) {
    const current = editing?.company ?? null;
    if (current === null) {
      await shell.api.companies.create(body);
      shell.notify.success(t('companies.added'));
    } else {
      const { ownerLogin: _owner, ...fields } = body;
      await shell.api.companies.update({ ...fields, id: current.id });
      shell.notify.success(k('notify.updated'));
    }
    setEditing(null);
    setVersion((v) => v + 1);
  }

  return (
    <section aria-labelledby="company-management-title">
      <h2 id="company-management-title" className={Classes.HEADING}>{t('companies.title')}</h2>
      <PagedTable<Company>
        label={t('companies.list')}
        columns={columns}
        searchable
        rowActions={actions}
        rowLabel={(c) => c.name}
        reloadKey={`${version}-${status}`}
        onError={shell.notify.failure}
        toolbar={
          <>
          <HTMLSelect
            aria-label={t('companies.filter')}
            value={status}
            onChange={(e) => setStatus(e.currentTarget.value as StatusFilter)}
            options={[
              { value: 'all', label: t('companies.all') },
              { value: 'active', label: k('common.active') },
              { value: 'passive', label: k('common.passive') },
            ]}
          />
          {canUpdate ? <CompanyProfilesUpload onDone={() => setVersion((v) => v + 1)} /> : null}
          </>
        }
        fetchPage={(q) =>
          shell.api.companies.list({
            page: q.page,
            size: q.size,
            sort: [q.sort],
            ...(q.search ? { search: q.search } : {}),
            ...(status === 'all' ? {} : { active: status === 'active' }),
          })
        }
      />
      {editing && (
        <Dialog
          isOpen
          title={editing.company ? t('companies.edit') : t('companies.add')}
          icon="office"
          onClose={() => setEditing(null)}
          style={{ width: 'min(960px, 96vw)' }}
        >
          <CompanyForm
            label={t('companies.form')}
            idPrefix="managed-company"
            company={editing.company}
            sectors={sectors}
            editableModules
            askOwner={editing.company === null}
            defaultOwner={shell.account?.login ?? ''}
            onSubmit={save}
            extraButtons={<Button text={k('common.cancel')} onClick={() => setEditing(null)} />}
            layout={(fields, buttons) => (
              <>
                <DialogBody>{fields}</DialogBody>
                <DialogFooter actions={buttons} />
              </>
            )}
          />
        </Dialog>
      )}
      {dialog}
    </section>
  );
}
