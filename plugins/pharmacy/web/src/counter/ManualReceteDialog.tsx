import { useState } from 'react';
import { Button, Callout, Dialog, DialogBody, DialogFooter, FormGroup, HTMLSelect, HTMLTable, InputGroup, NumericInput } from '@blueprintjs/core';
import { isValidTckn, todayInTurkey } from '@tezgah/core';
import { RECETE_COLORS, RECETE_COLOR_LABELS, type ReceteColor } from '@tezgah/pharmacy-common';
import { DateInput, useApiData, useShell } from '@tezgah/workbench/ui';
import { call, isMedulaDown, PATHS, receteOf, wordsOf, type Recete } from '../api';
import { useTexts } from '../texts';

export interface ManualDraft {
  receteNo: string; receteDate: string; color: ReceteColor; provisionType: string;
  patientTckn: string; patientName: string; patientSurname: string;
  doctorName: string; doctorSurname: string; doctorBranch: string; facilityCode: string;
  medicines: { barcode: string; count: number }[];
}
type Field = Exclude<keyof ManualDraft, 'medicines' | 'color'>;
const REQUIRED: Field[] = ['receteDate', 'patientTckn', 'patientName', 'patientSurname', 'doctorName', 'doctorSurname', 'facilityCode'];

/** Problems of a manual prescription (seeds 001 §3 required fields; §5 patient name and surname not empty); keys of `manual.errors`. */
export function manualErrors(d: ManualDraft): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of REQUIRED) if (!String(d[f]).trim()) out[f] = 'required';
  if (!out.patientTckn && !isValidTckn(d.patientTckn.trim())) out.patientTckn = 'tckn';
  if (!out.receteDate && !/^\d{4}-\d{2}-\d{2}$/.test(d.receteDate)) out.receteDate = 'date';
  if (d.receteNo.trim() && !/^[A-Za-z0-9]{1,7}$/.test(d.receteNo.trim())) out.receteNo = 'ereceteNo';
  const lines = d.medicines.filter((m) => m.barcode.trim());
  if (lines.length === 0) out.medicines = 'noMedicine';
  else if (lines.some((m) => !/^\d{13}$/.test(m.barcode.trim()) || !(m.count >= 1))) out.medicines = 'badLine';
  return out;
}

/** The body of POST save-manual-recete (prescriptions.yaml ReceteInput): the e-prescription number when there is one. */
export function manualBody(d: ManualDraft) {
  const text = (v: string) => (v.trim() === '' ? null : v.trim());
  return {
    type: 'ManualPrescription' as const,
    ereceteNo: text(d.receteNo.toUpperCase()), receteDate: d.receteDate, color: d.color, provisionType: text(d.provisionType),
    patientTckn: d.patientTckn.trim(), patientName: d.patientName.trim(), patientSurname: d.patientSurname.trim(),
    doctorName: text(d.doctorName), doctorSurname: text(d.doctorSurname), doctorBranch: text(d.doctorBranch),
    facilityCode: text(d.facilityCode),
    medicines: d.medicines.filter((m) => m.barcode.trim()).map((m) => ({ barcode: m.barcode.trim(), count: m.count })),
  };
}

/** Today in Türkiye (a manual prescription is written today unless said otherwise). */
const today = () => todayInTurkey();

interface Code { code: string; name?: string | null }
interface Facility { id: number; code: string; name: string; city?: string | null }
interface Doctor { tckn: string; name?: string | null; surname?: string | null; branch?: string | null; facilityCode?: string | null }

/**
 * A search beside a field: typed text → a short list, one row chosen fills the form. The
 * facility comes from the pharmacy's own facility list (GET /tesis: it answers while Medula is
 * down), the doctor from Medula's doctor list (when Medula is down it says so: the doctor is typed).
 */
function Picker<T>(props: {
  label: string; button: string; table: string; empty: string; choose: (x: T) => string;
  search: (text: string) => Promise<T[]>; row: (x: T) => string; onPick: (x: T) => void; failed: (e: unknown) => string;
}) {
  const [text, setText] = useState('');
  const [rows, setRows] = useState<T[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function go() {
    setBusy(true); setError(null);
    try { setRows(await props.search(text.trim())); } catch (e) { setRows(null); setError(props.failed(e)); } finally { setBusy(false); }
  }
  return (
    <div style={{ flex: '1 1 100%', marginBottom: 8 }}>
      <div style={{ display: 'flex', gap: 8, alignItems: 'flex-end' }}>
        <FormGroup label={props.label} style={{ margin: 0, flex: 1 }}>
          <InputGroup aria-label={props.label} value={text} onChange={(e) => setText(e.currentTarget.value)}
            onKeyDown={(e) => { if (e.key === 'Enter') { e.preventDefault(); void go(); } }} />
        </FormGroup>
        <Button icon="search" text={props.button} loading={busy} onClick={() => void go()} />
      </div>
      {error && <Callout intent="warning" role="alert" style={{ marginTop: 4 }}>{error}</Callout>}
      {rows && rows.length === 0 && <p className="bp6-text-muted" style={{ margin: '4px 0' }}>{props.empty}</p>}
      {rows && rows.length > 0 && (
        <HTMLTable compact aria-label={props.table} style={{ width: '100%' }}>
          <tbody>
            {rows.slice(0, 8).map((x, i) => (
              <tr key={i}>
                <td>{props.row(x)}</td>
                <td style={{ textAlign: 'right' }}><Button small text={props.choose(x)} onClick={() => { props.onPick(x); setRows(null); }} /></td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
    </div>
  );
}

/**
 * A manual prescription (save-manual-recete) for when Medula cannot be reached: the paper or the
 * patient's e-prescription details typed in, the medicines by barcode and count. The counter goes
 * on with it; the patient's share comes from the local lists.
 */
export function ManualReceteDialog(props: { receteNo?: string | null; onSaved: (r: Recete) => void; onClose: () => void }) {
  const shell = useShell();
  const { t, i18n } = useTexts();
  const lang = i18n.language === 'en' ? 'en' : 'tr';
  const [d, setD] = useState<ManualDraft>({
    receteNo: props.receteNo && props.receteNo.length <= 7 ? props.receteNo : '', receteDate: today(), color: 'NORMAL', provisionType: '', patientTckn: '', patientName: '', patientSurname: '',
    doctorName: '', doctorSurname: '', doctorBranch: '', facilityCode: '', medicines: [{ barcode: '', count: 1 }],
  });
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  // The form's choices (prepared-recete-selects): the provision types Medula knows.
  const provisionTypes: Code[] | null = useApiData(
    ['GET', PATHS.preparedSelects],
    (api) => call(api)('GET', PATHS.preparedSelects, {}).then((r) => ((r as { provisionTypes?: Code[] } | null)?.provisionTypes) ?? []),
    { report: false },
  ).data ?? null;
  const [facilityName, setFacilityName] = useState<string | null>(null);
  const errors = manualErrors(d);
  const err = (f: string) => (tried && errors[f] ? t(`manual.errors.${errors[f]}`) : undefined);
  async function save() {
    setTried(true);
    if (Object.keys(manualErrors(d)).length) return;
    setBusy(true);
    setFailed(null);
    try {
      const r = receteOf(await call(shell.api)('POST', PATHS.saveManualRecete, { body: manualBody(d) }));
      if (!r) throw new Error(t('manual.failed'));
      props.onSaved(r);
    } catch (e) {
      setFailed(wordsOf(e) || t('manual.failed'));
      shell.notify.failure(e);
    } finally {
      setBusy(false);
    }
  }
  const text = (f: Field, extra: object = {}) => (
    <FormGroup label={t(`manual.${f}`)} labelFor={`manual-${f}`} labelInfo={REQUIRED.includes(f) ? '*' : undefined} intent={err(f) ? 'danger' : 'none'} helperText={err(f)} style={{ flex: '1 1 180px' }}>
      <InputGroup id={`manual-${f}`} value={String(d[f])} intent={err(f) ? 'danger' : 'none'} onChange={(e) => { const v = e.currentTarget.value; setD((x) => ({ ...x, [f]: v })); }} {...extra} />
    </FormGroup>
  );
  const setLine = (i: number, patch: Partial<ManualDraft['medicines'][number]>) => setD((x) => ({ ...x, medicines: x.medicines.map((m, j) => (j === i ? { ...m, ...patch } : m)) }));
  return (
    <Dialog isOpen title={t('manual.title')} onClose={props.onClose} canOutsideClickClose={false} style={{ width: 760, maxWidth: '98vw' }}>
      <form onSubmit={(e) => { e.preventDefault(); void save(); }}>
        <DialogBody>
          <Callout intent="warning" style={{ marginBottom: 8 }}>{t('manual.hint')}</Callout>
          {failed && <Callout intent="danger" role="alert" style={{ marginBottom: 8 }}>{failed}</Callout>}
          <div style={{ display: 'flex', flexWrap: 'wrap', gap: '0 12px' }}>
            {text('receteNo', { maxLength: 7 })}
            <FormGroup label={t('manual.receteDate')} labelFor="manual-receteDate" labelInfo="*" intent={err('receteDate') ? 'danger' : 'none'} helperText={err('receteDate')} style={{ flex: '1 1 180px' }}>
              <DateInput id="manual-receteDate" value={d.receteDate} intent={err('receteDate') ? 'danger' : 'none'} onValueChange={(v) => setD((x) => ({ ...x, receteDate: v }))} />
            </FormGroup>
            <FormGroup label={t('manual.color')} labelFor="manual-color" style={{ flex: '1 1 180px' }}>
              <HTMLSelect id="manual-color" value={d.color} onChange={(e) => { const v = e.currentTarget.value as ReceteColor; setD((x) => ({ ...x, color: v })); }}>
                {RECETE_COLORS.map((c) => <option key={c} value={c}>{RECETE_COLOR_LABELS[c][lang]}</option>)}
              </HTMLSelect>
            </FormGroup>
            {provisionTypes && provisionTypes.length > 0 ? (
              <FormGroup label={t('manual.provisionType')} labelFor="manual-provisionType" style={{ flex: '1 1 180px' }}>
                <HTMLSelect id="manual-provisionType" value={d.provisionType} onChange={(e) => { const v = e.currentTarget.value; setD((x) => ({ ...x, provisionType: v })); }}>
                  <option value="">{t('manual.none')}</option>
                  {provisionTypes.map((c) => <option key={c.code} value={c.code}>{c.name ? `${c.code} · ${c.name}` : c.code}</option>)}
                </HTMLSelect>
              </FormGroup>
            ) : text('provisionType', { maxLength: 20 })}
            {text('patientTckn', { autoFocus: true, inputMode: 'numeric', maxLength: 11 })}
            {text('patientName', { maxLength: 50 })}
            {text('patientSurname', { maxLength: 50 })}
            {text('doctorName', { maxLength: 50 })}
            {text('doctorSurname', { maxLength: 50 })}
            {text('doctorBranch', { maxLength: 50 })}
            {text('facilityCode', { maxLength: 20 })}
            {facilityName && <p className="bp6-text-muted" style={{ flex: '1 1 100%', margin: '-8px 0 8px' }}>{facilityName}</p>}
            <Picker<Facility>
              label={t('manual.facilitySearch')} button={t('manual.find')} table={t('manual.facilities')} empty={t('manual.noFacility')} choose={(f) => t('manual.chooseOf', { name: f.name })}
              search={async (q) => ((await call(shell.api)('GET', PATHS.tesisList, { params: { query: { ...(q ? { search: q } : {}), page: 0, size: 8 } } })) as Facility[]) ?? []}
              row={(f) => `${f.code} · ${f.name}${f.city ? ` (${f.city})` : ''}`}
              onPick={(f) => { setD((x) => ({ ...x, facilityCode: f.code })); setFacilityName(f.name); }}
              failed={(e) => wordsOf(e) || t('common.error')}
            />
            <Picker<Doctor>
              label={t('manual.doctorSearch')} button={t('manual.find')} table={t('manual.doctors')} empty={t('manual.noDoctor')} choose={(x) => t('manual.chooseOf', { name: [x.name, x.surname].filter(Boolean).join(' ') })}
              search={async (q) => ((await call(shell.api)('GET', PATHS.doctorList, { params: { query: { ...(q ? { name: q } : {}), ...(d.facilityCode.trim() ? { facilityCode: d.facilityCode.trim() } : {}) } } })) as Doctor[]) ?? []}
              row={(x) => `${[x.name, x.surname].filter(Boolean).join(' ')}${x.branch ? ` · ${x.branch}` : ''}`}
              onPick={(x) => setD((y) => ({ ...y, doctorName: x.name ?? '', doctorSurname: x.surname ?? '', doctorBranch: x.branch ?? y.doctorBranch, facilityCode: y.facilityCode || (x.facilityCode ?? '') }))}
              failed={(e) => (isMedulaDown(e) ? t('manual.doctorMedulaDown') : (wordsOf(e) || t('common.error')))}
            />
          </div>
          <HTMLTable compact aria-label={t('manual.medicines')} style={{ width: '100%' }}>
            <thead><tr><th>{t('line.barcode')}</th><th>{t('line.count')}</th><th /></tr></thead>
            <tbody>
              {d.medicines.map((m, i) => (
                <tr key={i}>
                  <td><InputGroup aria-label={t('manual.lineBarcode', { no: i + 1 })} value={m.barcode} inputMode="numeric" maxLength={13} onChange={(e) => setLine(i, { barcode: e.currentTarget.value.replace(/\D/g, '') })} /></td>
                  <td><NumericInput aria-label={t('manual.lineCount', { no: i + 1 })} value={m.count} min={1} max={99} onValueChange={(n) => setLine(i, { count: Number.isFinite(n) ? n : 1 })} style={{ width: 70 }} /></td>
                  <td><Button variant="minimal" icon="trash" aria-label={t('manual.removeLine', { no: i + 1 })} disabled={d.medicines.length === 1} onClick={() => setD((x) => ({ ...x, medicines: x.medicines.filter((_, j) => j !== i) }))} /></td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
          {err('medicines') && <p className="bp6-intent-danger" role="alert" style={{ color: '#cd4246' }}>{err('medicines')}</p>}
          <Button icon="add" text={t('manual.addLine')} onClick={() => setD((x) => ({ ...x, medicines: [...x.medicines, { barcode: '', count: 1 }] }))} />
        </DialogBody>
        <DialogFooter actions={<>
          <Button text={t('common.cancel')} onClick={props.onClose} />
          <Button type="submit" intent="primary" icon="floppy-disk" text={t('manual.save')} loading={busy} />
        </>} />
      </form>
    </Dialog>
  );
}
