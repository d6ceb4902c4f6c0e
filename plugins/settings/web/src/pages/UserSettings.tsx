import { useEffect, useState } from 'react';
import { Classes, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Action, Module, type ContributionProps } from '@tezgah/core';
import type { User } from '@tezgah/sdk';
import { PagedTable, reportFailure, useAddRequest, useConfirm, useShell, type PagedTableColumn, type RowAction } from '@tezgah/workbench/ui';
import { UserDialog } from '../users/UserDialog';

/**
 * /user-settings: the current company's users (GET /api/users, paged, sorted, searchable), with
 * add and edit (the user dialog) and removal from the company after 'Emin misiniz?'.
 */
export default function UserSettings({ host }: ContributionProps) {
  const shell = useShell();
  const { t } = useTranslation('settings');
  const { t: k } = useTranslation();
  const { confirm, dialog } = useConfirm();
  const [version, setVersion] = useState(0);
  const [editing, setEditing] = useState<{ user: User | null } | null>(null);
  const [addRequested, addHandled] = useAddRequest();
  const canCreate = host.can({ module: Module.USER, allActions: [Action.CREATE] });
  const canUpdate = host.can({ module: Module.USER, allActions: [Action.UPDATE] });
  const canDelete = host.can({ module: Module.USER, allActions: [Action.DELETE] });

  useEffect(() => {
    if (!addRequested) return;
    if (canCreate) setEditing({ user: null });
    addHandled();
  }, [addRequested, canCreate, addHandled]);

  const columns: PagedTableColumn<User>[] = [
    { key: 'login', title: t('users.login'), render: (u) => u.login, sortField: 'login', width: 200 },
    { key: 'name', title: t('users.name'), render: (u) => `${u.firstName} ${u.lastName}`, sortField: 'firstName', width: 200 },
    { key: 'email', title: t('users.email'), render: (u) => u.email, sortField: 'email', width: 240 },
    {
      key: 'activated',
      title: t('users.activated'),
      render: (u) => <Tag minimal intent={u.activated ? 'success' : 'none'}>{k(u.activated ? 'common.yes' : 'common.no')}</Tag>,
      width: 90,
    },
    {
      key: 'roles',
      title: t('users.roles'),
      render: (u) => u.roles.map((r) => r.name).join(', '),
      width: 220,
    },
  ];

  async function remove(user: User) {
    const companyId = shell.account?.companyId;
    if (companyId === undefined) return;
    const ok = await confirm({ detail: t('users.removeDetail', { name: `${user.firstName} ${user.lastName}`, login: user.login }) });
    if (!ok) return;
    try {
      await shell.api.users.remove(user.id, companyId);
      shell.notify.success(k('notify.deleted'));
      setVersion((v) => v + 1);
    } catch (err) {
      reportFailure(shell.notify, err, k('notify.error'));
    }
  }

  const actions: RowAction<User>[] = [
    ...(canUpdate ? [{ key: 'edit', label: k('common.edit'), icon: 'edit' as const, onClick: (u: User) => setEditing({ user: u }) }] : []),
    ...(canDelete
      ? [{
          key: 'remove',
          label: t('users.remove'),
          icon: 'remove' as const,
          intent: 'danger' as const,
          hidden: (u: User) => u.login === shell.account?.login,
          onClick: (u: User) => void remove(u),
        }]
      : []),
  ];

  return (
    <section aria-labelledby="user-settings-title">
      <h2 id="user-settings-title" className={Classes.HEADING}>{t('users.title')}</h2>
      <PagedTable<User>
        label={t('users.list')}
        columns={columns}
        searchable
        rowActions={actions}
        rowLabel={(u) => u.login}
        reloadKey={version}
        onError={shell.notify.failure}
        fetchPage={(q) => shell.api.users.list({ page: q.page, size: q.size, sort: [q.sort], ...(q.search ? { search: q.search } : {}) })}
      />
      {editing && (
        <UserDialog
          user={editing.user}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            setVersion((v) => v + 1);
          }}
        />
      )}
      {dialog}
    </section>
  );
}
