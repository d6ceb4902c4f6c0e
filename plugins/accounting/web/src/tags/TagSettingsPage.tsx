import { useEffect, useState } from 'react';
import { Dialog, DialogBody, H2 } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Action, Module, type ContributionProps } from '@tezgah/core';
import { PagedTable, reportFailure, useAddRequest, useConfirm, useShell } from '@tezgah/workbench/ui';
import { TagChip, TagForm, TAGS_PATH, type Tag } from './TagForm';

/** /tag-settings (Etiket Ayarları): the company's tags with their colours. */
export default function TagSettingsPage({ host }: ContributionProps) {
  const shell = useShell();
  const { t } = useTranslation('accounting');
  const { confirm, dialog: confirmDialog } = useConfirm();
  const [reload, setReload] = useState(0);
  const [editing, setEditing] = useState<Partial<Tag> | null>(null);
  const [addRequested, addDone] = useAddRequest();
  useEffect(() => {
    if (addRequested) { setEditing({}); addDone(); }
  }, [addRequested, addDone]);
  const canEdit = host.can({ module: Module.TAG, anyActions: [Action.UPDATE] });
  const canDelete = host.can({ module: Module.TAG, anyActions: [Action.DELETE] });
  const isNew = editing?.id === undefined;
  const title = isNew ? t('tags.add') : t('tags.edit');

  return (
    <section aria-label={t('tags.title')}>
      <H2>{t('tags.title')}</H2>
      <PagedTable<Tag>
        label={t('tags.title')}
        searchable
        reloadKey={reload}
        defaultSort="name,asc"
        columns={[
          { key: 'name', title: t('tags.name'), sortField: 'name', render: (x) => <TagChip name={x.name} color={x.color} />, width: 280 },
          { key: 'color', title: t('tags.color'), sortField: 'color', render: (x) => t(`tags.colors.${x.color}`), width: 140 },
        ]}
        rowLabel={(x) => x.name}
        rowActions={[
          { key: 'edit', label: t('tags.edit'), icon: 'edit', onClick: (x) => setEditing(x), hidden: () => !canEdit },
          {
            key: 'delete', label: t('tags.delete'), icon: 'trash', intent: 'danger', hidden: () => !canDelete,
            onClick: async (x) => {
              if (!(await confirm({ message: x.name }))) return;
              try {
                await shell.api.request('DELETE', `${TAGS_PATH}/{id}`, { params: { path: { id: x.id } } });
                host.notify.success(t('tags.deleted'));
                host.bus.emit('entity.deleted', { plugin: 'accounting', entity: 'tag', id: x.id });
                setReload((n) => n + 1);
              } catch (e) {
                reportFailure(shell.notify, e, t('notify.error', { ns: 'kernel' }));
              }
            },
          },
        ]}
        fetchPage={(q) => shell.api.list(TAGS_PATH, { params: { query: { page: q.page, size: q.size, sort: [q.sort], ...(q.search ? { search: q.search } : {}) } } })}
        onError={(e) => shell.notify.failure(e)}
      />
      {editing && (
        <Dialog isOpen onClose={() => setEditing(null)} title={title}>
          <DialogBody>
            <TagForm
              tag={editing}
              label={title}
              onCancel={() => setEditing(null)}
              onSaved={(tag, created) => {
                host.notify.success(t(created ? 'tags.created' : 'tags.updated'));
                host.bus.emit(created ? 'entity.created' : 'entity.updated', { plugin: 'accounting', entity: 'tag', id: tag.id, record: tag });
                setEditing(null);
                setReload((n) => n + 1);
              }}
            />
          </DialogBody>
        </Dialog>
      )}
      {confirmDialog}
    </section>
  );
}
