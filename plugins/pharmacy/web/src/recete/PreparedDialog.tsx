import { useState, type KeyboardEvent } from 'react';
import { Button, Callout, Dialog, DialogBody, DialogFooter, FormGroup, HTMLTable, InputGroup, NonIdealState, Spinner } from '@blueprintjs/core';
import { formatDate, isValidTckn } from '@tezgah/core';
import { useShell } from '@tezgah/workbench/ui';
import { call, isMedulaDown, needsMedulaLogin, PATHS, receteOf, wordsOf, type PreparedRecete, type PreparedSummary, type Recete } from '../api';
import { dose, money } from '../counter/money';
import { useTexts } from '../texts';

/**
 * Medula's prepared prescriptions (hazır reçete; seeds 001 §7 prepared-recetes, prepared-recete,
 * save-prepared-recete): the patient's national ID → Medula's list (↑/↓, Enter opens one with its
 * medicines), Ctrl+Enter or "take" keeps it here as a PreparedPrescription and hands it on (the
 * counter opens it). Medula's prepared-prescription operations are our own invention (no public
 * documentation): the simulator answers them.
 */
export function PreparedDialog(props: { tckn?: string; onTaken: (r: Recete) => void; onClose: () => void; onLogin?: () => void }) {
  const shell = useShell();
  const { t } = useTexts();
  const [tckn, setTckn] = useState(props.tckn ?? '');
  const [list, setList] = useState<PreparedSummary[] | null>(null);
  const [at, setAt] = useState(0);
  const [detail, setDetail] = useState<PreparedRecete | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  function failed(e: unknown) {
    if (needsMedulaLogin(e) && props.onLogin) { props.onLogin(); return; }
    setError(isMedulaDown(e) ? t('prepared.medulaDown') : (wordsOf(e) || t('common.error')));
  }
  async function search() {
    const v = tckn.trim();
    if (!isValidTckn(v)) { setError(t('prepared.tcknInvalid')); return; }
    setBusy(true); setError(null); setDetail(null);
    try {
      setList((await call(shell.api)('GET', PATHS.preparedRecetes, { params: { query: { tckn: v } } }) as PreparedSummary[]) ?? []);
      setAt(0);
    } catch (e) { setList(null); failed(e); } finally { setBusy(false); }
  }
  async function open(no: string) {
    setBusy(true); setError(null);
    try { setDetail(await call(shell.api)('GET', PATHS.preparedRecete, { params: { query: { receteNo: no } } }) as PreparedRecete); } catch (e) { failed(e); } finally { setBusy(false); }
  }
  async function take(no: string) {
    setBusy(true); setError(null);
    try {
      const r = receteOf(await call(shell.api)('POST', PATHS.savePreparedRecete, { body: { receteNo: no } }));
      if (!r) throw new Error(t('common.error'));
      shell.notify.success(t('prepared.taken', { no }));
      props.onTaken(r);
    } catch (e) { failed(e); } finally { setBusy(false); }
  }
  function keys(e: KeyboardEvent) {
    if (!list?.length || (e.target as HTMLElement).id === 'prepared-tckn') return;
    const cur = list[at];
    if (e.key === 'ArrowDown') { e.preventDefault(); setAt((i) => Math.min(i + 1, list.length - 1)); }
    else if (e.key === 'ArrowUp') { e.preventDefault(); setAt((i) => Math.max(i - 1, 0)); }
    else if (e.key === 'Enter' && cur && (e.target as HTMLElement).tagName !== 'BUTTON') {
      e.preventDefault();
      if (e.ctrlKey || e.metaKey) void take(cur.receteNo); else void open(cur.receteNo);
    }
  }
  const name = (a?: string | null, b?: string | null) => [a, b].filter(Boolean).join(' ');
  return (
    <Dialog isOpen title={t('prepared.title')} onClose={props.onClose} style={{ width: 820, maxWidth: '98vw' }}>
      <DialogBody>
        <div onKeyDown={keys} tabIndex={-1}>
          <form onSubmit={(e) => { e.preventDefault(); void search(); }} style={{ display: 'flex', gap: 8, alignItems: 'flex-end' }}>
            <FormGroup label={t('prepared.tckn')} labelFor="prepared-tckn" style={{ margin: 0 }}>
              <InputGroup id="prepared-tckn" autoFocus value={tckn} inputMode="numeric" maxLength={11} onChange={(e) => setTckn(e.currentTarget.value.replace(/\D/g, ''))} />
            </FormGroup>
            <Button type="submit" icon="search" text={t('prepared.search')} loading={busy && !list} />
          </form>
          <p className="bp6-text-muted"><small>{t('prepared.hint')}</small></p>
          {error && <Callout intent="danger" role="alert" style={{ marginBottom: 8 }}>{error}</Callout>}
          {busy && list === null && <Spinner size={20} />}
          {list && list.length === 0 && <NonIdealState icon="document" title={t('prepared.none')} />}
          {list && list.length > 0 && (
            <HTMLTable compact interactive aria-label={t('prepared.table')} style={{ width: '100%' }}>
              <thead><tr><th>{t('prepared.receteNo')}</th><th>{t('prepared.date')}</th><th>{t('prepared.patient')}</th><th>{t('prepared.total')}</th><th /></tr></thead>
              <tbody>
                {list.map((r, i) => (
                  <tr key={r.receteNo} aria-selected={i === at} tabIndex={0} onClick={() => { setAt(i); void open(r.receteNo); }} style={i === at ? { outline: '2px solid #2d72d2' } : undefined}>
                    <td>{r.receteNo}{r.receteId ? <small className="bp6-text-muted"> · {t('prepared.held')}</small> : null}</td>
                    <td>{formatDate(r.receteDate)}</td>
                    <td>{name(r.patientName, r.patientSurname)}</td>
                    <td>{r.total ? money(r.total) : ''}</td>
                    <td><Button size="small" icon="import" text={t('prepared.take')} aria-label={`${t('prepared.take')}: ${r.receteNo}`} onClick={(e) => { e.stopPropagation(); void take(r.receteNo); }} disabled={busy} /></td>
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
          )}
          {detail && (
            <section aria-label={t('prepared.detail', { no: detail.receteNo })} style={{ marginTop: 12 }}>
              <strong>{t('prepared.detail', { no: detail.receteNo })}</strong>
              <div className="bp6-text-muted">{t('prepared.doctor')}: {name(detail.doctorName, detail.doctorSurname)} · {t('prepared.facility')}: {detail.facilityCode ?? ''}</div>
              <HTMLTable compact aria-label={t('prepared.medicines')} style={{ width: '100%' }}>
                <tbody>
                  {detail.medicines.map((m, i) => (
                    <tr key={i}><td>{m.barcode}</td><td>{m.name ?? ''}</td><td>{m.count}</td><td>{[m.period, m.periodUnit ? t(`line.units.u${m.periodUnit}`, { defaultValue: m.periodUnit }) : null].filter((x) => x !== null && x !== undefined).join(' ')} {dose(m.dose1)}{m.dose2 !== null ? ` × ${dose(m.dose2)}` : ''}</td></tr>
                  ))}
                </tbody>
              </HTMLTable>
            </section>
          )}
        </div>
      </DialogBody>
      <DialogFooter actions={<>
        <Button text={t('common.close')} onClick={props.onClose} />
        {detail && <Button intent="primary" icon="import" text={t('prepared.take')} loading={busy} onClick={() => { void take(detail.receteNo); }} />}
      </>} />
    </Dialog>
  );
}
