import { useState } from 'react';
import { Button, Dialog, DialogBody, DialogFooter, FormGroup, H2, HTMLTable, InputGroup, NonIdealState, Spinner, Tag, TextArea } from '@blueprintjs/core';
import { formatDate, isValidTckn, type ContributionProps } from '@tezgah/core';
import { DateInput, Pager, reportFailure, useApiData, useConfirm, useShell } from '@tezgah/workbench/ui';
import { call, page, PATHS, query, type HastaRapor } from '../api';
import { useTexts } from '../texts';

const SIZE = 20;
const TEXT_FIELDS = ['reportNo', 'patientTckn', 'patientName', 'patientSurname', 'reportDate', 'startDate', 'endDate', 'facilityCode', 'facilityName', 'reportType', 'doctorName', 'doctorSurname'] as const;
type TextField = (typeof TEXT_FIELDS)[number];
export type RaporDraft = Record<TextField, string> & { id?: number; diagnoses: string; barcodes: string; description: string };

/** A kept report's diagnoses as the form writes them: "code name" per line (Medula's reports keep {code, name} too). */
const codeName = (x: Record<string, unknown>) => [x.code ?? x.taniKodu, x.name ?? x.taniAdi].filter((v) => typeof v === 'string' && v).join(' ');

export function raporDraft(r?: HastaRapor): RaporDraft {
  const d = Object.fromEntries(TEXT_FIELDS.map((f) => [f, (r?.[f] as string | null | undefined) ?? ''])) as Record<TextField, string>;
  return { ...d, id: r?.id, diagnoses: (r?.diagnoses ?? []).map(codeName).join('\n'), barcodes: (r?.barcodes ?? []).join(', '), description: r?.description ?? '' };
}

/** Problems of the form (keys of hastaRapor.errors). */
export function raporErrors(d: RaporDraft): Record<string, string> {
  const out: Record<string, string> = {};
  if (!d.reportNo.trim()) out.reportNo = 'required';
  if (!d.patientTckn.trim()) out.patientTckn = 'required';
  else if (!isValidTckn(d.patientTckn.trim())) out.patientTckn = 'tckn';
  if (d.barcodes.split(',').map((b) => b.trim()).filter(Boolean).some((b) => !/^[0-9]{8,14}$/.test(b))) out.barcodes = 'barcode';
  // The dates are typed DD/MM/YYYY; one that is not a whole, real date is said, not sent.
  for (const f of ['reportDate', 'startDate', 'endDate'] as const) if (d[f].trim() && !/^\d{4}-\d{2}-\d{2}$/.test(d[f])) out[f] = 'date';
  if (!out.startDate && !out.endDate && d.startDate && d.endDate && d.endDate < d.startDate) out.endDate = 'dates';
  return out;
}

/** The body of POST/PUT hasta-rapors (prescriptions.yaml HastaRaporInput). */
export function raporBody(d: RaporDraft) {
  const text = (v: string) => (v.trim() === '' ? null : v.trim());
  return {
    reportNo: d.reportNo.trim(), patientTckn: d.patientTckn.trim(),
    patientName: text(d.patientName), patientSurname: text(d.patientSurname), reportDate: text(d.reportDate), startDate: text(d.startDate), endDate: text(d.endDate),
    facilityCode: text(d.facilityCode), facilityName: text(d.facilityName), reportType: text(d.reportType), doctorName: text(d.doctorName), doctorSurname: text(d.doctorSurname),
    diagnoses: d.diagnoses.split('\n').map((l) => l.trim()).filter(Boolean).map((l) => { const [code, ...rest] = l.split(/\s+/); return { code: code!, name: rest.join(' ') || null }; }),
    barcodes: d.barcodes.split(',').map((b) => b.trim()).filter(Boolean),
    description: text(d.description),
  };
}

/**
 * /hasta-rapor: the patient reports kept (seeds 001 §7 hasta-rapors CRUD): read from Medula at the
 * counter (source Medula) or entered by hand; by the patient's national ID or report number.
 */
export default function HastaRaporsPage({ host }: ContributionProps) {
  const shell = useShell();
  const { t } = useTexts();
  const { confirm, dialog } = useConfirm();
  const [draft, setDraft] = useState({ patientTckn: '', reportNo: '' });
  const [filters, setFilters] = useState(draft);
  const [at, setAt] = useState(0);
  const [edit, setEdit] = useState<RaporDraft | null>(null);
  // The page of reports (a visit shows the last one at once and reads it again; a save or a delete reads it again too).
  const q = useApiData(
    ['GET', PATHS.hastaRapors, { page: at, ...filters }, 'page'],
    (api) => page(api)(PATHS.hastaRapors, { params: { query: query({ page: at, size: SIZE, patientTckn: filters.patientTckn.trim(), reportNo: filters.reportNo.trim() }) } })
      .then((p) => ({ items: p.items as HastaRapor[], total: p.total })),
    { keepPrevious: true, refetchOnEveryMount: true },
  );
  const data: { items: HastaRapor[]; total: number } | null = q.data ?? (q.isError ? { items: [], total: 0 } : null);
  async function remove(r: HastaRapor) {
    if (!await confirm({ message: t('hastaRapor.removeConfirm', { no: r.reportNo }), intent: 'danger' })) return;
    try { await call(shell.api)('DELETE', PATHS.hastaRapor, { params: { path: { id: r.id } } }); shell.notify.success(t('hastaRapor.removed')); } catch (e) { reportFailure(shell.notify, e, t('common.error')); }
  }
  const link = (to: string, label: string) => <a href={to} onClick={(e) => { e.preventDefault(); host.navigate(to); }}>{label}</a>;
  return (
    <section aria-label={t('hastaRapor.title')}>
      <H2>{t('hastaRapor.title')}</H2>
      <p>{link('/recete', t('hastaRapor.recetesLink'))} · {link('/tesis', t('hastaRapor.tesisLink'))}</p>
      <form onSubmit={(e) => { e.preventDefault(); setAt(0); setFilters(draft); }} style={{ display: 'flex', gap: 8, alignItems: 'flex-end', flexWrap: 'wrap', marginBottom: 8 }}>
        <FormGroup label={t('hastaRapor.patientTckn')} labelFor="hr-f-tckn" style={{ margin: 0 }}><InputGroup id="hr-f-tckn" value={draft.patientTckn} maxLength={11} inputMode="numeric" onChange={(e) => { const v = e.currentTarget.value; setDraft((d) => ({ ...d, patientTckn: v })); }} /></FormGroup>
        <FormGroup label={t('hastaRapor.reportNo')} labelFor="hr-f-no" style={{ margin: 0 }}><InputGroup id="hr-f-no" value={draft.reportNo} maxLength={40} onChange={(e) => { const v = e.currentTarget.value; setDraft((d) => ({ ...d, reportNo: v })); }} /></FormGroup>
        <Button type="submit" icon="filter" text={t('hastaRapor.filter')} />
        <Button intent="primary" icon="add" text={t('hastaRapor.add')} onClick={() => setEdit(raporDraft())} />
      </form>
      {data === null ? <Spinner size={24} /> : data.items.length === 0 ? <NonIdealState icon="document" title={t('hastaRapor.empty')} /> : (
        <div style={{ overflowX: 'auto' }}>
          <HTMLTable compact striped aria-label={t('hastaRapor.table')} style={{ width: '100%' }}>
            <thead><tr>
              <th>{t('hastaRapor.reportNo')}</th><th>{t('hastaRapor.patientTckn')}</th><th>{t('rapor.validity')}</th><th>{t('hastaRapor.reportType')}</th>
              <th>{t('rapor.diagnoses')}</th><th>{t('hastaRapor.source')}</th><th />
            </tr></thead>
            <tbody>
              {data.items.map((r) => (
                <tr key={r.id}>
                  <td>{r.reportNo}</td>
                  <td>{r.patientTckn}<div className="bp6-text-muted"><small>{[r.patientName, r.patientSurname].filter(Boolean).join(' ')}</small></div></td>
                  <td>{[r.startDate, r.endDate].filter(Boolean).map((x) => formatDate(x)).join(' – ')}</td>
                  <td>{r.reportType ?? ''}</td>
                  <td>{(r.diagnoses ?? []).map(codeName).join(', ')}</td>
                  <td><Tag minimal>{t(`hastaRapor.sources.${r.source}`)}</Tag></td>
                  <td style={{ whiteSpace: 'nowrap' }}>
                    <Button size="small" variant="minimal" icon="edit" aria-label={t('hastaRapor.edit', { no: r.reportNo })} onClick={() => setEdit(raporDraft(r))} />
                    <Button size="small" variant="minimal" icon="trash" intent="danger" aria-label={t('hastaRapor.remove', { no: r.reportNo })} onClick={() => { void remove(r); }} />
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
          <Pager page={at} size={SIZE} total={data.total} onPage={setAt} />
        </div>
      )}
      {edit && <RaporDialog draft={edit} onClose={() => setEdit(null)} onSaved={() => setEdit(null)} />}
      {dialog}
    </section>
  );
}

function RaporDialog(props: { draft: RaporDraft; onClose: () => void; onSaved: () => void }) {
  const shell = useShell();
  const { t } = useTexts();
  const [d, setD] = useState(props.draft);
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const errors = raporErrors(d);
  const err = (k: string) => (tried && errors[k] ? t(`hastaRapor.errors.${errors[k]}`) : undefined);
  async function save() {
    setTried(true);
    if (Object.keys(raporErrors(d)).length) return;
    setBusy(true);
    try {
      if (d.id) await call(shell.api)('PUT', PATHS.hastaRapor, { params: { path: { id: d.id } }, body: raporBody(d) });
      else await call(shell.api)('POST', PATHS.hastaRapors, { body: raporBody(d) });
      shell.notify.success(t('hastaRapor.saved'));
      props.onSaved();
    } catch (e) { reportFailure(shell.notify, e, t('common.error')); } finally { setBusy(false); }
  }
  const set = (k: keyof RaporDraft) => (e: { currentTarget: { value: string } }) => { const v = e.currentTarget.value; setD((x) => ({ ...x, [k]: v })); };
  const dates = new Set<TextField>(['reportDate', 'startDate', 'endDate']);
  return (
    <Dialog isOpen title={d.id ? t('hastaRapor.editTitle', { no: props.draft.reportNo }) : t('hastaRapor.newTitle')} onClose={props.onClose} style={{ width: 760, maxWidth: '98vw' }}>
      <form onSubmit={(e) => { e.preventDefault(); void save(); }}>
        <DialogBody>
          <div style={{ display: 'flex', flexWrap: 'wrap', gap: '0 12px' }}>
            {TEXT_FIELDS.map((f, i) => (
              <FormGroup key={f} label={t(`hastaRapor.${f}`)} labelFor={`hr-${f}`} labelInfo={f === 'reportNo' || f === 'patientTckn' ? '*' : undefined} intent={err(f) ? 'danger' : 'none'} helperText={err(f)} style={{ flex: '1 1 200px' }}>
                {dates.has(f)
                  ? <DateInput id={`hr-${f}`} value={d[f]} onValueChange={(v) => setD((x) => ({ ...x, [f]: v }))} />
                  : <InputGroup id={`hr-${f}`} autoFocus={i === 0} value={d[f]} onChange={set(f)} maxLength={f === 'patientTckn' ? 11 : f === 'facilityCode' ? 12 : 100} />}
              </FormGroup>
            ))}
          </div>
          <FormGroup label={t('hastaRapor.diagnoses')} labelFor="hr-diagnoses"><TextArea id="hr-diagnoses" fill rows={3} value={d.diagnoses} onChange={set('diagnoses')} /></FormGroup>
          <FormGroup label={t('hastaRapor.barcodes')} labelFor="hr-barcodes" intent={err('barcodes') ? 'danger' : 'none'} helperText={err('barcodes')}><InputGroup id="hr-barcodes" value={d.barcodes} onChange={set('barcodes')} /></FormGroup>
          <FormGroup label={t('hastaRapor.description')} labelFor="hr-description"><TextArea id="hr-description" fill rows={2} maxLength={2000} value={d.description} onChange={set('description')} /></FormGroup>
        </DialogBody>
        <DialogFooter actions={<><Button text={t('common.cancel')} onClick={props.onClose} /><Button type="submit" intent="primary" icon="floppy-disk" text={t('common.save')} loading={busy} /></>} />
      </form>
    </Dialog>
  );
}
