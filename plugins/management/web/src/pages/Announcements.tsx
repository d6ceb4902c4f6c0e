import { useEffect, useState } from 'react';
import { Button, Callout, Classes, Dialog, DialogBody, DialogFooter, FormGroup, HTMLSelect, InputGroup, Tag, TextArea } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { formatDate, todayInTurkey, type ContributionProps } from '@tezgah/core';
import type { Sector } from '@tezgah/sdk';
import { DateInput, PagedTable, reportFailure, useAddRequest, useApiData, useConfirm, useShell, type PagedTableColumn, type RowAction } from '@tezgah/workbench/ui';
import { call, page, PATHS, type Announcement, type AnnouncementTarget } from '../announcements/api';

export interface AnnouncementDraft {
  id?: number; title: string; body: string; startDate: string; endDate: string; target: AnnouncementTarget; companyIds: string; sectorId: string;
}
const DAY = /^\d{4}-\d{2}-\d{2}$/;

export const newAnnouncement = (today: string): AnnouncementDraft => ({ title: '', body: '', startDate: today, endDate: today, target: 'ALL', companyIds: '', sectorId: '' });
export const announcementDraft = (a: Announcement): AnnouncementDraft => ({
  id: a.id, title: a.title, body: a.body, startDate: a.startDate, endDate: a.endDate, target: a.target, companyIds: a.companyIds.join(', '), sectorId: a.sectorId ? String(a.sectorId) : '',
});

/** The body of POST / PUT announcements, or the key of what is wrong. */
export function announcementBody(d: AnnouncementDraft): { body: Record<string, unknown> } | { error: string } {
  if (!d.title.trim()) return { error: 'titleNeeded' };
  if (!DAY.test(d.startDate) || !DAY.test(d.endDate)) return { error: 'datesNeeded' };
  if (d.endDate < d.startDate) return { error: 'dateOrder' };
  const companyIds = d.companyIds.split(/[\s,;]+/).filter(Boolean).map(Number);
  if (d.target === 'COMPANIES' && (!companyIds.length || companyIds.some((n) => !Number.isInteger(n) || n < 1))) return { error: 'companiesNeeded' };
  if (d.target === 'SECTOR' && !d.sectorId) return { error: 'sectorNeeded' };
  return {
    body: {
      ...(d.id ? { id: d.id } : {}), title: d.title.trim(), body: d.body, startDate: d.startDate, endDate: d.endDate, target: d.target,
      ...(d.target === 'COMPANIES' ? { companyIds } : {}), ...(d.target === 'SECTOR' ? { sectorId: Number(d.sectorId) } : {}),
    },
  };
}

function AnnouncementDialog(props: { draft: AnnouncementDraft; sectors: Sector[]; onClose: () => void; onSaved: () => void }) {
  const shell = useShell();
  const { t } = useTranslation('management');
  const { t: k } = useTranslation();
  const [d, setD] = useState(props.draft);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function save() {
    const r = announcementBody(d);
    if ('error' in r) { setError(t(`announcements.${r.error}`)); return; }
    setError(null);
    setBusy(true);
    try {
      await call(shell.api)(d.id ? 'PUT' : 'POST', PATHS.announcements, { body: r.body });
      shell.notify.success(t(d.id ? 'announcements.updated' : 'announcements.added'));
      props.onSaved();
    } catch (e) {
      reportFailure(shell.notify, e, k('notify.error'));
    } finally {
      setBusy(false);
    }
  }
  return (
    <Dialog isOpen title={d.id ? t('announcements.edit') : t('announcements.add')} icon="notifications" onClose={props.onClose}>
      <DialogBody>
        <FormGroup label={t('announcements.headline')} labelFor="ann-title">
          <InputGroup id="ann-title" value={d.title} maxLength={200} onChange={(e) => setD({ ...d, title: e.currentTarget.value })} />
        </FormGroup>
        <FormGroup label={t('announcements.body')} labelFor="ann-body">
          <TextArea id="ann-body" fill rows={5} value={d.body} maxLength={10000} onChange={(e) => setD({ ...d, body: e.currentTarget.value })} />
        </FormGroup>
        <FormGroup label={t('announcements.startDate')} labelFor="ann-start">
          <DateInput id="ann-start" value={d.startDate} onValueChange={(v) => setD({ ...d, startDate: v })} />
        </FormGroup>
        <FormGroup label={t('announcements.endDate')} labelFor="ann-end">
          <DateInput id="ann-end" value={d.endDate} onValueChange={(v) => setD({ ...d, endDate: v })} />
        </FormGroup>
        <FormGroup label={t('announcements.target')} labelFor="ann-target">
          <HTMLSelect id="ann-target" fill value={d.target} onChange={(e) => setD({ ...d, target: e.currentTarget.value as AnnouncementTarget })}>
            {(['ALL', 'COMPANIES', 'SECTOR'] as const).map((x) => <option key={x} value={x}>{t(`announcements.targets.${x}`)}</option>)}
          </HTMLSelect>
        </FormGroup>
        {d.target === 'COMPANIES' ? (
          <FormGroup label={t('announcements.companyIds')} labelFor="ann-companies">
            <InputGroup id="ann-companies" value={d.companyIds} onChange={(e) => setD({ ...d, companyIds: e.currentTarget.value })} />
          </FormGroup>
        ) : null}
        {d.target === 'SECTOR' ? (
          <FormGroup label={t('announcements.sector')} labelFor="ann-sector">
            <HTMLSelect id="ann-sector" fill value={d.sectorId} onChange={(e) => setD({ ...d, sectorId: e.currentTarget.value })}>
              <option value="">—</option>
              {props.sectors.map((s) => <option key={s.id} value={String(s.id)}>{s.name}</option>)}
            </HTMLSelect>
          </FormGroup>
        ) : null}
        {error ? <Callout intent="danger" role="alert">{error}</Callout> : null}
      </DialogBody>
      <DialogFooter actions={<><Button text={k('common.cancel')} onClick={props.onClose} /><Button intent="primary" text={k('common.save')} loading={busy} onClick={() => { void save(); }} /></>} />
    </Dialog>
  );
}

/**
 * /announcements (seeds 001 §2 "Announcements list with create, update, delete", §8, §9): every
 * announcement, paged; add, change and delete in a dialog with the success notices 'Duyuru
 * eklendi.', 'Duyuru güncellendi.', 'Duyuru silindi.'; after a change the list starts again at
 * page 0 with 10 rows (the table is made anew).
 */
export default function Announcements(_props: ContributionProps) {
  const shell = useShell();
  const { t } = useTranslation('management');
  const { t: k } = useTranslation();
  const { confirm, dialog } = useConfirm();
  const [addRequested, addHandled] = useAddRequest();
  const [version, setVersion] = useState(0);
  const [editing, setEditing] = useState<AnnouncementDraft | null>(null);
  const sectors: Sector[] = useApiData(['GET', '/services/onmuhasebe/api/sectors'], (api) => api.sectors(), { report: false }).data ?? [];
  const today = todayInTurkey();

  useEffect(() => {
    if (addRequested) { setEditing(newAnnouncement(today)); addHandled(); }
  }, [addRequested, addHandled, today]);

  const changed = () => { setEditing(null); setVersion((v) => v + 1); };
  async function remove(a: Announcement) {
    if (!(await confirm({ detail: t('announcements.removeDetail', { title: a.title }) }))) return;
    try {
      await call(shell.api)('DELETE', PATHS.announcement, { params: { path: { id: a.id } } });
      shell.notify.success(t('announcements.removed'));
      changed();
    } catch (e) {
      reportFailure(shell.notify, e, k('notify.error'));
    }
  }

  const columns: PagedTableColumn<Announcement>[] = [
    { key: 'title', title: t('announcements.headline'), render: (a) => a.title, sortField: 'title', width: 240 },
    { key: 'startDate', title: t('announcements.startDate'), render: (a) => formatDate(a.startDate), sortField: 'startDate', width: 110 },
    { key: 'endDate', title: t('announcements.endDate'), render: (a) => formatDate(a.endDate), sortField: 'endDate', width: 110 },
    { key: 'target', title: t('announcements.target'), render: (a) => t(`announcements.targets.${a.target}`), width: 140 },
    { key: 'author', title: t('announcements.author'), render: (a) => a.authorName ?? '', width: 150 },
    { key: 'status', title: t('announcements.status'), render: (a) => <Tag minimal intent={a.active ? 'success' : 'none'}>{t(a.active ? 'announcements.active' : 'announcements.inactive')}</Tag>, width: 110 },
  ];
  const actions: RowAction<Announcement>[] = [
    { key: 'edit', label: k('common.edit'), icon: 'edit', onClick: (a) => setEditing(announcementDraft(a)) },
    { key: 'remove', label: t('announcements.remove'), icon: 'trash', intent: 'danger', onClick: (a) => void remove(a) },
  ];

  return (
    <section aria-labelledby="announcements-title">
      <h2 id="announcements-title" className={Classes.HEADING}>{t('announcements.title')}</h2>
      <PagedTable<Announcement>
        key={version}
        queryKey={['GET', PATHS.announcements]}
        label={t('announcements.list')}
        columns={columns}
        searchable
        rowActions={actions}
        rowLabel={(a) => a.title}
        defaultPageSize={10}
        onError={shell.notify.failure}
        toolbar={<Button icon="add" text={t('announcements.add')} onClick={() => setEditing(newAnnouncement(today))} />}
        fetchPage={(q) => page(shell.api)(PATHS.announcements, {
          params: { query: { page: q.page, size: q.size, sort: [q.sort], ...(q.search ? { search: q.search } : {}) } },
        }) as Promise<{ items: Announcement[]; total: number }>}
      />
      {editing ? <AnnouncementDialog draft={editing} sectors={sectors} onClose={() => setEditing(null)} onSaved={changed} /> : null}
      {dialog}
    </section>
  );
}
