import { useState } from 'react';
import { Button, Callout, Dialog, DialogBody, DialogFooter, HTMLTable, NonIdealState, Spinner } from '@blueprintjs/core';
import { formatDate } from '@tezgah/core';
import { useApiData, useShell } from '@tezgah/workbench/ui';
import { call, isMedulaDown, needsMedulaLogin, PATHS, wordsOf, type Rapor } from '../api';
import { dose } from '../counter/money';
import { useTexts } from '../texts';

/**
 * The patient's reports on the counter (seeds 001 §7 rapor-list, medicine-rapor): Medula's reports
 * of the prescription's patient (kept as hasta-rapors by the server) and, for the chosen line,
 * whether a report covers that medicine (by barcode or active substance).
 */
export function RaporsDialog(props: { tckn: string; medicine?: { barcode: string; name: string } | null; onClose: () => void; onLogin?: () => void }) {
  const shell = useShell();
  const { t } = useTexts();
  const [error, setError] = useState<string | null>(null);
  const [covering, setCovering] = useState<Rapor[] | null>(null);
  const failed = (e: unknown) => {
    if (needsMedulaLogin(e) && props.onLogin) { props.onLogin(); return; }
    setError(isMedulaDown(e) ? t('rapor.medulaDown') : (wordsOf(e) || t('common.error')));
  };
  const q = useApiData(
    ['GET', PATHS.raporList, { tckn: props.tckn }],
    (api) => call(api)('GET', PATHS.raporList, { params: { query: { tckn: props.tckn } } }).then((r) => (r as Rapor[]) ?? []),
    { report: failed },
  );
  const list: Rapor[] | null = q.data ?? (q.isError ? [] : null);
  async function check() {
    if (!props.medicine) return;
    try {
      setCovering(await call(shell.api)('GET', PATHS.medicineRapor, { params: { query: { tckn: props.tckn, barcode: props.medicine.barcode } } }) as Rapor[]);
    } catch (e) { failed(e); }
  }
  const name = (a?: string | null, b?: string | null) => [a, b].filter(Boolean).join(' ');
  return (
    <Dialog isOpen title={`${t('rapor.title')} · ${t('rapor.patient', { tckn: props.tckn })}`} onClose={props.onClose} style={{ width: 900, maxWidth: '98vw' }}>
      <DialogBody>
        {error && <Callout intent="danger" role="alert" style={{ marginBottom: 8 }}>{error}</Callout>}
        {props.medicine && (
          <div style={{ display: 'flex', gap: 8, alignItems: 'center', marginBottom: 8, flexWrap: 'wrap' }}>
            <span>{t('rapor.medicine')} <strong>{props.medicine.name}</strong></span>
            <Button size="small" icon="search-template" text={t('rapor.check')} autoFocus onClick={() => { void check(); }} />
            {covering && (
              <Callout role="status" intent={covering.length ? 'success' : 'warning'} style={{ padding: '4px 8px' }}>
                {covering.length ? t('rapor.covers', { name: props.medicine.name, nos: covering.map((r) => r.reportNo).join(', ') }) : t('rapor.notCovered', { name: props.medicine.name })}
              </Callout>
            )}
          </div>
        )}
        {list === null ? <Spinner size={20} /> : list.length === 0 ? <NonIdealState icon="document" title={t('rapor.none')} /> : (
          <div style={{ overflowX: 'auto' }}>
            <HTMLTable compact striped aria-label={t('rapor.table')} style={{ width: '100%' }}>
              <thead><tr>
                <th>{t('rapor.reportNo')}</th><th>{t('rapor.validity')}</th><th>{t('rapor.type')}</th><th>{t('rapor.facility')}</th><th>{t('rapor.doctor')}</th>
                <th>{t('rapor.diagnoses')}</th><th>{t('rapor.substances')}</th>
              </tr></thead>
              <tbody>
                {list.map((r) => (
                  <tr key={r.reportNo}>
                    <td>{r.reportNo}<div className="bp6-text-muted"><small>{formatDate(r.reportDate)}</small></div></td>
                    <td>{[r.startDate, r.endDate].filter(Boolean).map((x) => formatDate(x)).join(' – ')}</td>
                    <td>{r.reportType ?? ''}</td>
                    <td>{[r.facilityCode, r.facilityName].filter(Boolean).join(' · ')}</td>
                    <td>{name(r.doctorName, r.doctorSurname)}</td>
                    <td>{(r.diagnoses ?? []).map((d) => [d.code, d.name].filter(Boolean).join(' ')).join(', ')}</td>
                    <td>{(r.activeSubstances ?? []).map((s) => `${s.name ?? s.code}${s.dose1 !== null ? ` (${s.period ?? ''} ${s.periodUnit ? t(`line.units.u${s.periodUnit}`, { defaultValue: s.periodUnit }) : ''} ${dose(s.dose1)} × ${dose(s.dose2)})` : ''}`).join(', ')}</td>
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
          </div>
        )}
      </DialogBody>
      <DialogFooter actions={<Button text={t('common.close')} onClick={props.onClose} />} />
    </Dialog>
  );
}
