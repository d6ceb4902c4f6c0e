import { useState } from 'react';
import { Button, Dialog, DialogBody, DialogFooter, FormGroup, H2, H4, HTMLTable, InputGroup, NonIdealState, Spinner } from '@blueprintjs/core';
import type { ContributionProps } from '@tezgah/core';
import { useApiData, Pager, reportFailure, useConfirm, useShell } from '@tezgah/workbench/ui';
import { call, page, PATHS, query, type Doctor, type Tesis } from '../api';
import { useTexts } from '../texts';

const SIZE = 20;
type Draft = { id?: number; code: string; name: string; city: string; kind: string };

/**
 * /tesis: the pharmacy's health facilities (seeds 001 §7 tesis CRUD; SGK facility codes) and a
 * search of the doctors Medula knows (doctor-list, by name or facility). Medula's doctor list is
 * our own invention (no public documentation): the simulator answers it.
 */
export default function TesisPage(_props: ContributionProps) {
  const shell = useShell();
  const { t } = useTexts();
  const { confirm, dialog } = useConfirm();
  const [search, setSearch] = useState('');
  const [applied, setApplied] = useState('');
  const [at, setAt] = useState(0);
  const [version, setVersion] = useState(0);
  const [edit, setEdit] = useState<Draft | null>(null);
  // The page of facilities (a visit shows the last one at once and reads it again behind it).
  const q = useApiData(
    ['GET', PATHS.tesisList, { page: at, search: applied.trim(), version }, 'page'],
    (api) => page(api)(PATHS.tesisList, { params: { query: query({ page: at, size: SIZE, search: applied.trim() }) } }).then((p) => ({ items: p.items as Tesis[], total: p.total })),
    { keepPrevious: true, refetchOnEveryMount: true },
  );
  const data: { items: Tesis[]; total: number } | null = q.data ?? (q.isError ? { items: [], total: 0 } : null);
  async function remove(x: Tesis) {
    if (!await confirm({ message: t('tesis.removeConfirm', { code: x.code }), intent: 'danger' })) return;
    try { await call(shell.api)('DELETE', PATHS.tesis, { params: { path: { id: x.id } } }); shell.notify.success(t('tesis.removed')); setVersion((v) => v + 1); } catch (e) { reportFailure(shell.notify, e, t('common.error')); }
  }
  return (
    <section aria-label={t('tesis.title')}>
      <H2>{t('tesis.title')}</H2>
      <form onSubmit={(e) => { e.preventDefault(); setAt(0); setApplied(search); }} style={{ display: 'flex', gap: 8, alignItems: 'flex-end', marginBottom: 8 }}>
        <FormGroup label={t('tesis.search')} labelFor="tesis-search" style={{ margin: 0 }}><InputGroup id="tesis-search" value={search} maxLength={100} onChange={(e) => setSearch(e.currentTarget.value)} /></FormGroup>
        <Button type="submit" icon="filter" text={t('tesis.search')} />
        <Button intent="primary" icon="add" text={t('tesis.add')} onClick={() => setEdit({ code: '', name: '', city: '', kind: '' })} />
      </form>
      {data === null ? <Spinner size={24} /> : data.items.length === 0 ? <NonIdealState icon="office" title={t('tesis.empty')} /> : (
        <>
          <HTMLTable compact striped aria-label={t('tesis.table')} style={{ width: '100%' }}>
            <thead><tr><th>{t('tesis.code')}</th><th>{t('tesis.name')}</th><th>{t('tesis.city')}</th><th>{t('tesis.kind')}</th><th /></tr></thead>
            <tbody>
              {data.items.map((x) => (
                <tr key={x.id}>
                  <td>{x.code}</td><td>{x.name}</td><td>{x.city ?? ''}</td><td>{x.kind ?? ''}</td>
                  <td style={{ whiteSpace: 'nowrap' }}>
                    <Button size="small" variant="minimal" icon="edit" aria-label={t('tesis.edit', { code: x.code })} onClick={() => setEdit({ id: x.id, code: x.code, name: x.name, city: x.city ?? '', kind: x.kind ?? '' })} />
                    <Button size="small" variant="minimal" icon="trash" intent="danger" aria-label={t('tesis.remove', { code: x.code })} onClick={() => { void remove(x); }} />
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
          <Pager page={at} size={SIZE} total={data.total} onPage={setAt} />
        </>
      )}
      <H4 style={{ marginTop: 16 }}>{t('tesis.doctors')}</H4>
      <DoctorSearch />
      {edit && <TesisDialog draft={edit} onClose={() => setEdit(null)} onSaved={() => { setEdit(null); setVersion((v) => v + 1); }} />}
      {dialog}
    </section>
  );
}

function TesisDialog(props: { draft: Draft; onClose: () => void; onSaved: (x: Tesis) => void }) {
  const shell = useShell();
  const { t } = useTexts();
  const [d, setD] = useState(props.draft);
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const bad = (k: 'code' | 'name') => tried && !d[k].trim();
  async function save() {
    setTried(true);
    if (!d.code.trim() || !d.name.trim()) return;
    setBusy(true);
    try {
      const body = { code: d.code.trim(), name: d.name.trim(), city: d.city.trim() || null, kind: d.kind.trim() || null };
      const x = d.id
        ? await call(shell.api)('PUT', PATHS.tesis, { params: { path: { id: d.id } }, body })
        : await call(shell.api)('POST', PATHS.tesisList, { body });
      shell.notify.success(t('tesis.saved'));
      props.onSaved(x as Tesis);
    } catch (e) { reportFailure(shell.notify, e, t('common.error')); } finally { setBusy(false); }
  }
  const field = (k: keyof Omit<Draft, 'id'>, extra: object = {}) => (
    <FormGroup label={t(`tesis.${k}`)} labelFor={`tesis-${k}`} labelInfo={k === 'code' || k === 'name' ? '*' : undefined} intent={bad(k as 'code') ? 'danger' : 'none'} helperText={bad(k as 'code') ? t('tesis.required') : undefined}>
      <InputGroup id={`tesis-${k}`} value={d[k]} onChange={(e) => { const v = e.currentTarget.value; setD((x) => ({ ...x, [k]: v })); }} {...extra} />
    </FormGroup>
  );
  return (
    <Dialog isOpen title={d.id ? t('tesis.editTitle', { code: props.draft.code }) : t('tesis.newTitle')} onClose={props.onClose}>
      <form onSubmit={(e) => { e.preventDefault(); void save(); }}>
        <DialogBody>
          {field('code', { autoFocus: true, maxLength: 12, inputMode: 'numeric' })}
          {field('name', { maxLength: 200 })}
          {field('city', { maxLength: 100 })}
          {field('kind', { maxLength: 50 })}
        </DialogBody>
        <DialogFooter actions={<><Button text={t('common.cancel')} onClick={props.onClose} /><Button type="submit" intent="primary" icon="floppy-disk" text={t('common.save')} loading={busy} /></>} />
      </form>
    </Dialog>
  );
}

/** Medula's doctors by name or facility code (doctor-list); `onPick` makes it a picker (the manual prescription's doctor). */
export function DoctorSearch(props: { facilityCode?: string; onPick?: (d: Doctor) => void }) {
  const shell = useShell();
  const { t } = useTexts();
  const [name, setName] = useState('');
  const [list, setList] = useState<Doctor[] | null>(null);
  const [busy, setBusy] = useState(false);
  async function run() {
    setBusy(true);
    try { setList(await call(shell.api)('GET', PATHS.doctorList, { params: { query: query({ name: name.trim(), facilityCode: props.facilityCode?.trim() }) } }) as Doctor[]); } catch (e) { setList([]); reportFailure(shell.notify, e, t('common.error')); } finally { setBusy(false); }
  }
  const full = (d: Doctor) => [d.name, d.surname].filter(Boolean).join(' ');
  return (
    <div>
      <div style={{ display: 'flex', gap: 8, alignItems: 'flex-end' }}>
        <FormGroup label={t('tesis.doctorName')} labelFor="doctor-search" style={{ margin: 0 }}>
          <InputGroup id="doctor-search" value={name} maxLength={100} onChange={(e) => setName(e.currentTarget.value)} onKeyDown={(e) => { if (e.key === 'Enter') { e.preventDefault(); e.stopPropagation(); void run(); } }} />
        </FormGroup>
        <Button icon="search" text={t('tesis.doctorSearch')} loading={busy} onClick={() => { void run(); }} />
      </div>
      {list && (list.length === 0 ? <p className="bp6-text-muted">{t('tesis.doctorNone')}</p> : (
        <HTMLTable compact aria-label={t('tesis.doctorTable')} style={{ width: '100%' }}>
          <thead><tr><th>{t('tesis.doctorName')}</th><th>{t('tesis.branch')}</th><th>{t('tesis.code')}</th><th>{t('tesis.diplomaNo')}</th>{props.onPick && <th />}</tr></thead>
          <tbody>
            {list.map((d) => (
              <tr key={d.tckn}>
                <td>{full(d)}</td><td>{d.branch ?? ''}</td><td>{d.facilityCode ?? ''}</td><td>{d.diplomaNo ?? ''}</td>
                {props.onPick && <td><Button size="small" text={t('tesis.doctorPick', { name: full(d) })} onClick={() => props.onPick!(d)} /></td>}
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      ))}
    </div>
  );
}
