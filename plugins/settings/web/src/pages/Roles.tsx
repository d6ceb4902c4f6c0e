import { useEffect, useState } from 'react';
import { Classes, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Action, Module, type ContributionProps } from '@tezgah/core';
import type { Role } from '@tezgah/sdk';
import { PagedTable, reportFailure, useAddRequest, useConfirm, useShell, type PagedTableColumn, type RowAction } from '@tezgah/workbench/ui';
import { RoleDialog } from '../roles/RoleDialog';

/**
 * /roles: the company's roles (permission groups) with their editor, a modules × actions matrix.
 * Fixed roles open read-only; deleting asks 'Emin misiniz?' and a role still held by users is
 * refused by the server (409 ROLE_IN_USE), whose text is shown.
 */
export default function Roles({ host }: ContributionProps) {
  const shell = useShell();
  const { t } = useTranslation('settings');
  const { t: k } = useTranslation();
  const { confirm, dialog } = useConfirm();
  const [version, setVersion] = useState(0);
  const [open, setOpen] = useState<{ role: Role | null } | null>(null);
  const [addRequested, addHandled] = useAddRequest();
  const canCreate = host.can({ module: Module.ROLE, allActions: [Action.CREATE] });
  const canUpdate = host.can({ module: Module.ROLE, allActions: [Action.UPDATE] });
  const canDelete = host.can({ module: Module.ROLE, allActions: [Action.DELETE] });

  useEffect(() => {
    if (!addRequested) return;
    if (canCreate) setOpen({ role: null });
    addHandled();
  }, [addRequested, canCreate, addHandled]);

  const columns: PagedTableColumn<Role>[] = [
    { key: 'name', title: t('roles.name'), render: (r) => r.name, sortField: 'name', width: 240 },
    {
      key: 'type',
      title: t('roles.type'),
      render: (r) => (r.fixed ? <Tag minimal icon="lock">{t('roles.fixed')}</Tag> : <Tag minimal>{t('roles.custom')}</Tag>),
      width: 110,
    },
    { key: 'authorities', title: t('roles.authorityCount'), render: (r) => r.authorities.length, width: 90 },
    { key: 'users', title: t('roles.userCount'), render: (r) => r.userCount ?? 0, width: 90 },
  ];

  async function remove(role: Role) {
    if (!(await confirm({ detail: t('roles.deleteDetail', { name: role.name }) }))) return;
    try {
      await shell.api.roles.remove(role.id);
      shell.notify.success(k('notify.deleted'));
      setVersion((v) => v + 1);
    } catch (err) {
      reportFailure(shell.notify, err, k('notify.error'));
    }
  }

  const actions: RowAction<Role>[] = [
    {
      key: 'open',
      label: k('common.edit'),
      icon: 'edit',
      hidden: (r) => r.fixed || !canUpdate,
      onClick: (r) => setOpen({ role: r }),
    },
    {
      key: 'view',
      label: t('roles.view'),
      icon: 'eye-open',
      hidden: (r) => !r.fixed && canUpdate,
      onClick: (r) => setOpen({ role: r }),
    },
    ...(canDelete
      ? [{ key: 'delete', label: t('roles.delete'), icon: 'trash' as const, intent: 'danger' as const, hidden: (r: Role) => r.fixed, onClick: (r: Role) => void remove(r) }]
      : []),
  ];

  return (
    <section aria-labelledby="roles-title">
      <h2 id="roles-title" className={Classes.HEADING}>{t('roles.title')}</h2>
      <PagedTable<Role>
        label={t('roles.list')}
        columns={columns}
        searchable
        rowActions={actions}
        rowLabel={(r) => r.name}
        reloadKey={version}
        onError={shell.notify.failure}
        fetchPage={(q) => shell.api.roles.list({ page: q.page, size: q.size, sort: [q.sort], ...(q.search ? { search: q.search } : {}) })}
      />
      {open && (
        <RoleDialog
          role={open.role}
          readOnly={open.role !== null && !canUpdate}
          onClose={() => setOpen(null)}
          onSaved={() => {
            setOpen(null);
            setVersion((v) => v + 1);
          }}
        />
      )}
      {dialog}
    </section>
  );
}
