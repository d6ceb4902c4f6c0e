import { useState } from 'react';
import { Button, FormGroup, H2, HTMLSelect, HTMLTable, InputGroup, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { formatDate, type ContributionProps } from '@tezgah/core';
import { PAYMENT_STATUSES, RECETE_COLORS, RECETE_COLOR_LABELS, RECETE_TYPES, RECETE_TYPE_LABELS } from '@tezgah/pharmacy-common';
import { useApiData, DateInput, Pager, reportFailure, useConfirm, useShell } from '@tezgah/workbench/ui';
import { call, colorLabel, doctorOf, page, PATHS, patientOf, query, type MedulaResult, type Recete } from '../api';
import { MajistralDialog } from './MajistralDialog';
import { PreparedDialog } from './PreparedDialog';
import { money } from '../counter/money';
import { useTexts } from '../texts';

export interface ReceteFilters { receteNo: string; tckn: string; type: string; color: string; paymentStatus: string; startDate: string; endDate: string }
const EMPTY: ReceteFilters = { receteNo: '', tckn: '', type: '', color: '', paymentStatus: '', startDate: '', endDate: '' };
const SIZE = 10;
/** A whole day typed in a date filter (one still being typed filters nothing). */
const day = (v: string) => (/^\d{4}-\d{2}-\d{2}$/.test(v) ? v : '');
export const COLOR_DOT: Record<string, string> = { RED: '#cd4246', RESTRICTED_RED: '#cd4246', GREEN: '#238551', RESTRICTED_GREEN: '#238551', PURPLE: '#7961db', ORANGE: '#c87619' };

/**
 * /recete, the pharmacy's prescriptions (seeds 001 §2, §3 fields, colours, types; §7 lists: page,
 * size, sort, filters, x-total-count): by number, the patient's national ID, type, colour, payment
 * status and dates; each opens at the counter.
 */
export default function RecetesPage({ host }: ContributionProps) {
  const shell = useShell();
  const { t, i18n } = useTexts();
  const lang = i18n.language === 'en' ? 'en' : 'tr';
  const [draft, setDraft] = useState<ReceteFilters>(EMPTY);
  const [filters, setFilters] = useState<ReceteFilters>(EMPTY);
  const [at, setAt] = useState(0);
  const [version, setVersion] = useState(0);
  const [dialog, setDialog] = useState<null | 'prepared' | { majistral: Recete }>(null);
  const { confirm, dialog: confirmDialog } = useConfirm();
  /** prescriptionCancel (the Medula save withdrawn, the prescription kept) or cancelAndDelete, after 'Emin misiniz?'. */
  async function withdraw(r: Recete, andDelete: boolean) {
    if (!await confirm({ message: t(andDelete ? 'cancel.delConfirm' : 'cancel.cancelConfirm', { no: r.receteNo }), intent: 'danger' })) return;
    try {
      const res = await call(shell.api)('GET', andDelete ? PATHS.cancelAndDelete : PATHS.prescriptionCancel, { params: { query: { receteId: r.id } } }) as MedulaResult;
      if (res.queued) shell.notify.warning(res.warning || t('cancel.queued'));
      else shell.notify.success(t(andDelete ? 'cancel.deleted' : 'cancel.done'));
      setVersion((v) => v + 1);
    } catch (e) { reportFailure(shell.notify, e, t('common.error')); }
  }
  const f = filters;
  const listQuery = { page: at, size: SIZE, sort: 'id,desc', search: f.receteNo.trim().toUpperCase(), patientTckn: f.tckn.trim(), type: f.type, color: f.color, paymentStatus: f.paymentStatus, dateFrom: day(f.startDate), dateTo: day(f.endDate) };
  // The page of prescriptions (a visit shows the last one at once and reads it again behind it).
  const listed = useApiData(
    ['GET', PATHS.recetes, { ...listQuery, version }, 'page'],
    (api) => page(api)(PATHS.recetes, { params: { query: query(listQuery) } }).then((p) => ({ items: p.items as Recete[], total: p.total })),
    { refetchOnEveryMount: true },
  );
  const data: { items: Recete[]; total: number } | null = listed.data ?? (listed.isError ? { items: [], total: 0 } : null);
  const set = (k: keyof ReceteFilters) => (e: { currentTarget: { value: string } }) => { const v = e.currentTarget.value; setDraft((d) => ({ ...d, [k]: v })); };
  const select = (k: keyof ReceteFilters, options: readonly string[], label: (x: string) => string) => (
    <FormGroup label={t(`recetes.${k}`)} labelFor={`recetes-${k}`}>
      <HTMLSelect id={`recetes-${k}`} value={draft[k]} onChange={set(k)}>
        <option value="">{t('common.all')}</option>
        {options.map((o) => <option key={o} value={o}>{label(o)}</option>)}
      </HTMLSelect>
    </FormGroup>
  );
  return (
    <section aria-label={t('recetes.title')} onKeyDown={(e) => { if (e.altKey && (e.key === 'h' || e.key === 'H')) { e.preventDefault(); setDialog('prepared'); } }}>
      <H2>{t('recetes.title')}</H2>
      <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap', marginBottom: 8 }}>
        <Button icon="import" text={<>{t('prepared.button')} <kbd>Alt+H</kbd></>} aria-label={t('prepared.button')} aria-keyshortcuts="Alt+H" onClick={() => setDialog('prepared')} />
        <Button variant="minimal" icon="document-open" text={t('menu.raporlar')} onClick={() => host.navigate('/hasta-rapor')} />
        <Button variant="minimal" icon="office" text={t('menu.tesis')} onClick={() => host.navigate('/tesis')} />
      </div>
      <form onSubmit={(e) => { e.preventDefault(); setAt(0); setFilters(draft); }} style={{ display: 'flex', gap: '0 12px', flexWrap: 'wrap', alignItems: 'flex-end' }}>
        <FormGroup label={t('recetes.receteNo')} labelFor="recetes-receteNo"><InputGroup id="recetes-receteNo" value={draft.receteNo} maxLength={20} onChange={set('receteNo')} /></FormGroup>
        <FormGroup label={t('recetes.tckn')} labelFor="recetes-tckn"><InputGroup id="recetes-tckn" value={draft.tckn} maxLength={11} inputMode="numeric" onChange={set('tckn')} /></FormGroup>
        {select('type', RECETE_TYPES, (x) => RECETE_TYPE_LABELS[x as keyof typeof RECETE_TYPE_LABELS][lang])}
        {select('color', RECETE_COLORS, (x) => RECETE_COLOR_LABELS[x as keyof typeof RECETE_COLOR_LABELS][lang])}
        {select('paymentStatus', PAYMENT_STATUSES, (x) => t(`recetes.paymentStatuses.${x}`))}
        <FormGroup label={t('recetes.startDate')} labelFor="recetes-startDate"><DateInput id="recetes-startDate" value={draft.startDate} onValueChange={(v) => setDraft((d) => ({ ...d, startDate: v }))} /></FormGroup>
        <FormGroup label={t('recetes.endDate')} labelFor="recetes-endDate"><DateInput id="recetes-endDate" value={draft.endDate} onValueChange={(v) => setDraft((d) => ({ ...d, endDate: v }))} /></FormGroup>
        <FormGroup>
          <Button type="submit" intent="primary" icon="filter" text={t('recetes.filter')} />{' '}
          <Button text={t('recetes.clear')} onClick={() => { setDraft(EMPTY); setFilters(EMPTY); setAt(0); }} />
        </FormGroup>
      </form>
      {data === null ? <Spinner size={24} /> : data.items.length === 0 ? <NonIdealState icon="document" title={t('recetes.empty')} /> : (
        <div style={{ overflowX: 'auto' }}>
          <HTMLTable compact striped interactive aria-label={t('recetes.table')} style={{ width: '100%' }}>
            <thead><tr>
              <th>{t('recetes.receteNo')}</th><th>{t('recetes.date')}</th><th>{t('recetes.patient')}</th><th>{t('recetes.type')}</th><th>{t('recetes.color')}</th>
              <th>{t('recetes.doctor')}</th><th>{t('recetes.total')}</th><th>{t('recetes.patientPayable')}</th><th>{t('recetes.paymentStatus')}</th><th>{t('recetes.invoice')}</th><th />
            </tr></thead>
            <tbody>
              {data.items.map((r) => (
                <tr key={r.id}>
                  <td>{r.receteNo}</td>
                  <td>{formatDate(r.receteDate)}</td>
                  <td>{patientOf(r).name}{patientOf(r).tckn ? <div className="bp6-text-muted">{patientOf(r).tckn}</div> : null}</td>
                  <td>{RECETE_TYPE_LABELS[r.type]?.[lang] ?? r.type}</td>
                  <td>{r.color ? <Tag round minimal={!COLOR_DOT[r.color]} style={COLOR_DOT[r.color] ? { background: COLOR_DOT[r.color] } : undefined}>{colorLabel(r.color, lang)}</Tag> : ''}</td>
                  <td>{doctorOf(r).name}</td>
                  <td>{money(r.amounts?.total)}</td>
                  <td>{money(r.amounts?.patientPayable)}</td>
                  <td>{r.paymentStatus ? t(`recetes.paymentStatuses.${r.paymentStatus}`) : ''}</td>
                  <td>{r.invoiceId ? <a href={`/invoice/${r.invoiceId}`} onClick={(e) => { e.preventDefault(); host.navigate(`/invoice/${r.invoiceId}`); }}>{r.invoiceNo ?? `#${r.invoiceId}`}</a> : ''}</td>
                  <td style={{ whiteSpace: 'nowrap' }}>
                    <Button size="small" icon="prescription" text={t('recetes.open')} aria-label={t('recetes.openOf', { no: r.receteNo })} onClick={() => host.navigate(`/pharmacy-sale/${r.id}`)} />
                    {r.medulaState === 'SAVED' && <Button size="small" variant="minimal" icon="lab-test" aria-label={`${t('majistral.button')}: ${r.receteNo}`} title={t('majistral.button')} onClick={() => setDialog({ majistral: r })} />}
                    {r.medulaState === 'SAVED' && !r.invoiceId && <Button size="small" variant="minimal" icon="undo" aria-label={t('cancel.cancelOf', { no: r.receteNo })} title={t('cancel.cancel')} onClick={() => { void withdraw(r, false); }} />}
                    {!r.invoiceId && r.medulaState !== 'DELETED' && <Button size="small" variant="minimal" intent="danger" icon="trash" aria-label={t('cancel.delOf', { no: r.receteNo })} title={t('cancel.del')} onClick={() => { void withdraw(r, true); }} />}
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
          <Pager page={at} size={SIZE} total={data.total} onPage={setAt} />
        </div>
      )}
      {dialog === 'prepared' && <PreparedDialog tckn={filters.tckn} onClose={() => setDialog(null)} onTaken={(r) => { setDialog(null); host.navigate(`/pharmacy-sale/${r.id}`); }} />}
      {dialog && typeof dialog === 'object' && <MajistralDialog receteId={dialog.majistral.id} receteNo={dialog.majistral.receteNo} onClose={() => setDialog(null)} />}
      {confirmDialog}
    </section>
  );
}
