import { useEffect, useState } from 'react';
import { Button, Callout, Card, FormGroup, H2, HTMLSelect, HTMLTable, InputGroup } from '@blueprintjs/core';
import { parseDataMatrix, todayInTurkey, type ContributionProps } from '@tezgah/core';
import { TRACKING_TEXTS } from '@tezgah/pharmacy-common';
import { DateInput, reportFailure, useApiData, useShell } from '@tezgah/workbench/ui';
import { call, page, PATHS, query, type Current, type Medicine } from '../api';
import { useTexts } from '../texts';
import { wireCode } from '../counter/scan';

export interface DepositLine { key: number; medicineName: string; barcode: string; qrCode: string }

/** Today in Türkiye (the day the deposit is given). */
const today = () => todayInTurkey();

/** The body of POST credit-products-list: one deposit per medicine, given today, on credit. */
export function depositBody(currentId: number, lines: DepositLine[], dueDate: string) {
  return lines.map((l) => ({
    currentId, medicineName: l.medicineName, barcode: l.barcode || null, qrCode: l.qrCode.trim() || null,
    givenDate: today(), dueDate: dueDate || null, state: 'ON_CREDIT' as const,
  }));
}

/**
 * /emanet/new, the deposit sale (seeds 001 §2 "a deposit sale page", §5 at least one medicine:
 * 'Lütfen bir ilaç seçiniz'): the current (patient) the medicines are given to, the medicines
 * (searched by name or barcode, or a box's QR code scanned), the due date.
 */
export default function EmanetNewPage({ host }: ContributionProps) {
  const shell = useShell();
  const { t } = useTexts();
  const [currentSearch, setCurrentSearch] = useState('');
  const [currentId, setCurrentId] = useState<number | null>(null);
  const [medSearch, setMedSearch] = useState('');
  const [found, setFound] = useState<Medicine[] | null>(null);
  const [qr, setQr] = useState('');
  const [lines, setLines] = useState<DepositLine[]>([]);
  const [dueDate, setDueDate] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  // The currents matching what is typed, asked a moment after the typing stops.
  const [searched, setSearched] = useState('');
  useEffect(() => {
    const id = setTimeout(() => setSearched(currentSearch.trim()), 250);
    return () => clearTimeout(id);
  }, [currentSearch]);
  const matching = useApiData(
    ['GET', PATHS.currents, { search: searched, active: true }, 'page'],
    (api) => page(api)(PATHS.currents, { params: { query: query({ page: 0, size: 20, search: searched, active: true }) } }).then((p) => p.items as Current[]),
    { keepPrevious: true, report: false },
  );
  const currents: Current[] = matching.isError ? [] : matching.data ?? [];

  async function searchMedicines() {
    if (!medSearch.trim()) return;
    try {
      const p = await page(shell.api)(PATHS.medicines, { params: { query: { page: 0, size: 10, search: medSearch.trim() } } });
      setFound(p.items as Medicine[]);
    } catch (e) { setFound([]); shell.notify.failure(e); }
  }
  const add = (m: { name: string; barcode: string }, qrCode = '') => {
    setLines((ls) => [...ls, { key: ls.reduce((k, l) => Math.max(k, l.key), 0) + 1, medicineName: m.name, barcode: m.barcode, qrCode }]);
    setProblem(null);
  };

  async function addQr() {
    setProblem(null);
    const dm = parseDataMatrix(qr);
    if (!dm) { setProblem(TRACKING_TEXTS.QR_INVALID); return; }
    let name = dm.barkod;
    try {
      const p = await page(shell.api)(PATHS.medicines, { params: { query: { page: 0, size: 1, search: dm.barkod } } });
      name = (p.items[0] as Medicine | undefined)?.name ?? name;
    } catch { /* the barcode stands for the name */ }
    add({ name, barcode: dm.barkod }, wireCode(qr.trim()));
    setQr('');
  }

  async function save() {
    if (!currentId) { setProblem(t('emanet.new.noCurrent')); return; }
    if (lines.length === 0) { setProblem(t('emanet.new.noMedicine')); return; }
    if (dueDate && !/^\d{4}-\d{2}-\d{2}$/.test(dueDate)) { setProblem(t('emanet.new.badDate')); return; }
    setBusy(true);
    try {
      await call(shell.api)('POST', PATHS.creditProductsList, { body: depositBody(currentId, lines, dueDate) });
      shell.notify.success(t('emanet.new.saved'));
      host.navigate('/emanet');
    } catch (e) {
      reportFailure(shell.notify, e, t('common.error'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-label={t('emanet.new.title')}>
      <H2>{t('emanet.new.title')}</H2>
      {problem && <Callout intent="danger" role="alert" style={{ marginBottom: 8 }}>{problem}</Callout>}
      <Card style={{ marginBottom: 12 }}>
        <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap' }}>
          <FormGroup label={t('emanet.new.currentSearch')} labelFor="emanet-current-search">
            <InputGroup id="emanet-current-search" value={currentSearch} leftIcon="search" onChange={(e) => setCurrentSearch(e.currentTarget.value)} />
          </FormGroup>
          <FormGroup label={t('emanet.new.current')} labelFor="emanet-current" labelInfo="*">
            <HTMLSelect id="emanet-current" value={currentId ?? ''} onChange={(e) => setCurrentId(e.currentTarget.value ? Number(e.currentTarget.value) : null)}>
              <option value="">{t('emanet.new.chooseCurrent')}</option>
              {currents.map((c) => <option key={c.id} value={c.id}>{[c.name, c.lastName].filter(Boolean).join(' ')}</option>)}
            </HTMLSelect>
          </FormGroup>
          <FormGroup label={t('emanet.new.dueDate')} labelFor="emanet-due">
            <DateInput id="emanet-due" value={dueDate} onValueChange={setDueDate} />
          </FormGroup>
        </div>
      </Card>
      <Card style={{ marginBottom: 12 }}>
        <form onSubmit={(e) => { e.preventDefault(); void searchMedicines(); }} style={{ display: 'flex', gap: 8, alignItems: 'flex-end', flexWrap: 'wrap' }}>
          <FormGroup label={t('emanet.new.medicineSearch')} labelFor="emanet-med-search" style={{ margin: 0 }}>
            <InputGroup id="emanet-med-search" value={medSearch} leftIcon="search" onChange={(e) => setMedSearch(e.currentTarget.value)} />
          </FormGroup>
          <Button type="submit" icon="search" aria-label={t('emanet.new.medicineSearch')} />
        </form>
        <form onSubmit={(e) => { e.preventDefault(); void addQr(); }} style={{ display: 'flex', gap: 8, alignItems: 'flex-end', flexWrap: 'wrap', marginTop: 8 }}>
          <FormGroup label={t('emanet.new.qr')} labelFor="emanet-qr" style={{ margin: 0 }}>
            <InputGroup id="emanet-qr" value={qr} leftIcon="barcode" onChange={(e) => setQr(e.currentTarget.value)} />
          </FormGroup>
          <Button type="submit" icon="add" text={t('emanet.new.add')} />
        </form>
        {found && (found.length === 0 ? <p>{t('emanet.new.noResult')}</p> : (
          <HTMLTable compact aria-label={t('emanet.new.results')} style={{ marginTop: 8 }}>
            <tbody>{found.map((m) => (
              <tr key={m.barcode}><td>{m.barcode}</td><td>{m.name}</td><td><Button size="small" icon="add" aria-label={`${t('emanet.new.add')}: ${m.name}`} onClick={() => add(m)} /></td></tr>
            ))}</tbody>
          </HTMLTable>
        ))}
      </Card>
      <HTMLTable compact striped aria-label={t('emanet.new.lines')} style={{ width: '100%' }}>
        <thead><tr><th>{t('emanet.medicine')}</th><th>{t('line.barcode')}</th><th>{t('emanet.qr')}</th><th /></tr></thead>
        <tbody>{lines.map((l) => (
          <tr key={l.key}><td>{l.medicineName}</td><td>{l.barcode}</td><td style={{ wordBreak: 'break-all' }}><small>{l.qrCode}</small></td>
            <td><Button size="small" variant="minimal" icon="trash" aria-label={t('emanet.new.remove', { name: l.medicineName })} onClick={() => setLines((ls) => ls.filter((x) => x.key !== l.key))} /></td></tr>
        ))}</tbody>
      </HTMLTable>
      <div style={{ marginTop: 12 }}>
        <Button intent="primary" icon="floppy-disk" text={t('emanet.new.save')} loading={busy} onClick={() => { void save(); }} />
      </div>
    </section>
  );
}
