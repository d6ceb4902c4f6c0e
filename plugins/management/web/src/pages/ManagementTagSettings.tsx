import { useEffect, useState } from 'react';
import { Button, Classes, Dialog, DialogBody, DialogFooter, FormGroup, HTMLSelect, InputGroup, NonIdealState, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { ContributionProps } from '@tezgah/core';
import type { Company } from '@tezgah/sdk';
import { PagedTable, reportFailure, useApiData, useConfirm, useShell, type PagedTableColumn, type RowAction } from '@tezgah/workbench/ui';
import { call, page } from '../announcements/api';

export const MANAGEMENT_TAGS = '/services/onmuhasebe/api/management/tags';
const COLORS = ['blue', 'red', 'orange', 'green', 'magenta', 'purple', 'gold', 'lime', 'cyan'] as const;
type Color = (typeof COLORS)[number];
interface CompanyTag { id: number; name: string; color: Color }

function TagDialog(props: { companyId: number; tag: CompanyTag | null; onClose: () => void; onSaved: () => void }) {
  const shell = useShell();
  const { t } = useTranslation('management');
  const { t: k } = useTranslation();
  const [name, setName] = useState(props.tag?.name ?? '');
  const [color, setColor] = useState<Color>(props.tag?.color ?? 'blue');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function save() {
    if (!name.trim()) { setError(t('tagSettings.nameRequired')); return; }
    setBusy(true);
    try {
      const body = { companyId: props.companyId, name: name.trim(), color, ...(props.tag ? { id: props.tag.id } : {}) };
      await call(shell.api)(props.tag ? 'PUT' : 'POST', MANAGEMENT_TAGS, { body });
      shell.notify.success(t(props.tag ? 'tagSettings.updated' : 'tagSettings.added'));
      props.onSaved();
    } catch (e) {
      reportFailure(shell.notify, e, k('notify.error'));
    } finally {
      setBusy(false);
    }
  }
  return (
    <Dialog isOpen title={t(props.tag ? 'tagSettings.edit' : 'tagSettings.add')} icon="tag" onClose={props.onClose}>
      <form onSubmit={(e) => { e.preventDefault(); void save(); }}>
        <DialogBody>
          <FormGroup label={t('tagSettings.name')} labelFor="mt-name" labelInfo="*" intent={error ? 'danger' : 'none'} helperText={error}>
            <InputGroup id="mt-name" autoFocus maxLength={50} value={name} intent={error ? 'danger' : 'none'} onChange={(e) => { setName(e.currentTarget.value); setError(null); }} />
          </FormGroup>
          <FormGroup label={t('tagSettings.color')} labelFor="mt-color">
            <HTMLSelect id="mt-color" value={color} onChange={(e) => setColor(e.currentTarget.value as Color)}>
              {COLORS.map((c) => <option key={c} value={c}>{t(`tagSettings.colors.${c}`)}</option>)}
            </HTMLSelect>
          </FormGroup>
        </DialogBody>
        <DialogFooter actions={<><Button text={k('common.cancel')} onClick={props.onClose} /><Button type="submit" intent="primary" text={k('common.save')} loading={busy} /></>} />
      </form>
    </Dialog>
  );
}

/**
 * /management-tag-settings (seeds 000 §2, 001 §2 "management settings"): the tags of a company
 * management chooses — the same tags its users keep on /tag-settings — listed, added, changed and
 * deleted for them (GET/POST/PUT/DELETE /management/tags with the company's id).
 */
export default function ManagementTagSettings(_props: ContributionProps) {
  const shell = useShell();
  const { t } = useTranslation('management');
  const { t: k } = useTranslation();
  const { confirm, dialog } = useConfirm();
  const companies: Company[] = useApiData(
    ['GET', '/services/onmuhasebe/api/companies', { size: 1000 }, 'page'],
    (api) => api.companies.list({ page: 0, size: 1000, sort: ['name,asc'] }).then((p) => p.items),
    { report: false },
  ).data ?? [];
  const [companyId, setCompanyId] = useState('');
  const [editing, setEditing] = useState<CompanyTag | null | 'new'>(null);
  const [version, setVersion] = useState(0);

  // The first company is chosen once the list is there (and nothing was chosen yet).
  const firstId = companies[0]?.id;
  useEffect(() => {
    if (firstId !== undefined) setCompanyId((c) => c || String(firstId));
  }, [firstId]);

  const columns: PagedTableColumn<CompanyTag>[] = [
    { key: 'name', title: t('tagSettings.name'), render: (x) => x.name, sortField: 'name', width: 260 },
    { key: 'color', title: t('tagSettings.color'), render: (x) => <Tag minimal style={{ borderLeft: `6px solid ${x.color}` }}>{t(`tagSettings.colors.${x.color}`)}</Tag>, sortField: 'color', width: 160 },
  ];
  const actions: RowAction<CompanyTag>[] = [
    { key: 'edit', label: k('common.edit'), icon: 'edit', onClick: (x) => setEditing(x) },
    {
      key: 'delete', label: k('common.delete'), icon: 'trash', intent: 'danger',
      onClick: async (x) => {
        if (!(await confirm({ message: t('tagSettings.deleteConfirm', { name: x.name }) }))) return;
        try {
          await call(shell.api)('DELETE', `${MANAGEMENT_TAGS}/{id}`, { params: { path: { id: x.id }, query: { companyId: Number(companyId) } } });
          shell.notify.success(t('tagSettings.deleted'));
          setVersion((v) => v + 1);
        } catch (e) {
          reportFailure(shell.notify, e, k('notify.error'));
        }
      },
    },
  ];

  return (
    <section aria-labelledby="tag-settings-title">
      <h2 id="tag-settings-title" className={Classes.HEADING}>{t('tagSettings.title')}</h2>
      <p className={Classes.TEXT_MUTED}>{t('tagSettings.hint')}</p>
      {!companyId ? <NonIdealState icon="office" title={t('tagSettings.noCompany')} /> : (
        <PagedTable<CompanyTag>
          key={`${companyId}-${version}`}
          label={t('tagSettings.list')}
          columns={columns}
          searchable
          rowActions={actions}
          rowLabel={(x) => x.name}
          defaultPageSize={10}
          onError={shell.notify.failure}
          toolbar={(
            <>
              <HTMLSelect aria-label={t('tagSettings.company')} value={companyId} onChange={(e) => setCompanyId(e.currentTarget.value)}>
                {companies.map((c) => <option key={c.id} value={String(c.id)}>{c.name}</option>)}
              </HTMLSelect>
              <Button icon="add" intent="primary" text={t('tagSettings.add')} onClick={() => setEditing('new')} />
            </>
          )}
          fetchPage={(q) => page(shell.api)(MANAGEMENT_TAGS, {
            params: { query: { companyId: Number(companyId), page: q.page, size: q.size, sort: [q.sort], ...(q.search ? { search: q.search } : {}) } },
          }) as Promise<{ items: CompanyTag[]; total: number }>}
        />
      )}
      {editing ? (
        <TagDialog companyId={Number(companyId)} tag={editing === 'new' ? null : editing} onClose={() => setEditing(null)}
          onSaved={() => { setEditing(null); setVersion((v) => v + 1); }} />
      ) : null}
      {dialog}
    </section>
  );
}
