import { useState, type FormEvent, type ReactNode } from 'react';
import { Button, ButtonGroup, HTMLTable } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { DateInput, Field, useShell, type FieldErrors } from '@tezgah/workbench/ui';
import { downloadFile, FORMATS, type ExportPath, type FileFormat } from '../books/download';
import { rangeErrors } from '../ledger/TrialBalancePage';
import { isDay } from '../ledger/model';
import { PATHS } from './model';

/**
 * The reports service's failures as seeds 000 §8 says: 403 a forbidden notice; others the
 * problem's title, else its message, else status and status text (the shell's `reports` rule).
 */
export function useReportFailure() {
  const shell = useShell();
  return (e: unknown) => shell.notify.failure(e, { reports: true });
}

/** A date range with "Listele": checked here (required, valid, end not before start) before it is asked for. */
export function RangeForm(props: {
  id: string; label: string; value: { startDate: string; endDate: string }; onSubmit: (v: { startDate: string; endDate: string }) => void;
  busy?: boolean; children?: ReactNode;
}) {
  const { t } = useTranslation('accounting');
  const [startDate, setStart] = useState(props.value.startDate);
  const [endDate, setEnd] = useState(props.value.endDate);
  const [errors, setErrors] = useState<FieldErrors>({});
  function submit(e: FormEvent) {
    e.preventDefault();
    const found = rangeErrors(startDate, endDate, t);
    setErrors(found);
    if (Object.keys(found).length === 0) props.onSubmit({ startDate, endDate });
  }
  return (
    <form onSubmit={submit} noValidate aria-label={props.label} style={{ display: 'flex', gap: 12, alignItems: 'flex-start', flexWrap: 'wrap' }}>
      <Field id={`${props.id}-start`} label={t('reports.common.startDate')} error={errors.startDate} required>
        <DateInput id={`${props.id}-start`} value={startDate} onValueChange={setStart} />
      </Field>
      <Field id={`${props.id}-end`} label={t('reports.common.endDate')} error={errors.endDate} required>
        <DateInput id={`${props.id}-end`} value={endDate} onValueChange={setEnd} />
      </Field>
      <Button type="submit" intent="primary" icon="search" loading={props.busy} text={t('reports.common.list')} style={{ marginTop: 22 }} />
      {props.children && <div style={{ marginTop: 22 }}>{props.children}</div>}
    </form>
  );
}

/** One day with "Göster". */
export function DayForm(props: { id: string; label: string; value: string; onSubmit: (day: string) => void; busy?: boolean; children?: ReactNode }) {
  const { t } = useTranslation('accounting');
  const [day, setDay] = useState(props.value);
  const [error, setError] = useState<string | undefined>();
  function submit(e: FormEvent) {
    e.preventDefault();
    const bad = !day ? t('ledger.rules.required') : !isDay(day) ? t('ledger.rules.date') : undefined;
    setError(bad);
    if (!bad) props.onSubmit(day);
  }
  return (
    <form onSubmit={submit} noValidate aria-label={props.label} style={{ display: 'flex', gap: 12, alignItems: 'flex-start', flexWrap: 'wrap' }}>
      <Field id={`${props.id}-date`} label={t('reports.common.date')} error={error} required>
        <DateInput id={`${props.id}-date`} value={day} onValueChange={setDay} />
      </Field>
      <Button type="submit" intent="primary" icon="search" loading={props.busy} text={t('reports.common.show')} style={{ marginTop: 22 }} />
      {props.children && <div style={{ marginTop: 22 }}>{props.children}</div>}
    </form>
  );
}

/**
 * "Excel" and "PDF" for a report (GET /export of the reports service, as the book reports'
 * buttons fetch and save a file); a refusal — the second detailed Excel file of the day, a range
 * without invoices — is shown by the reports service's rule.
 */
export function ReportDownloads(props: { label: string; report: string; query: Record<string, string> | null }) {
  const shell = useShell();
  const failed = useReportFailure();
  const { t } = useTranslation('accounting');
  const [busy, setBusy] = useState<FileFormat | null>(null);
  async function run(format: FileFormat) {
    if (!props.query) return;
    setBusy(format);
    try {
      const name = await downloadFile(shell.api, PATHS.export as unknown as ExportPath, { query: { report: props.report, ...props.query, format } }, `${props.report}.${format}`);
      shell.notify.success(t('books.download.done', { name }));
    } catch (e) {
      failed(e);
    } finally {
      setBusy(null);
    }
  }
  return (
    <ButtonGroup aria-label={props.label} role="group">
      {FORMATS.map((f) => (
        <Button key={f} icon={f === 'xlsx' ? 'th-derived' : 'document'} text={t(`books.download.${f}`)} title={t(`reports.common.${f}Title`)}
          loading={busy === f} disabled={!props.query || (busy !== null && busy !== f)} onClick={() => { void run(f); }} />
      ))}
    </ButtonGroup>
  );
}

/** Label / figure pairs as a small table (the sums under a report). */
export function Sums(props: { label: string; rows: [string, ReactNode][] }) {
  return (
    <HTMLTable compact aria-label={props.label} style={{ marginTop: 12 }}>
      <tbody>{props.rows.map(([k, v]) => <tr key={k}><th scope="row">{k}</th><td style={{ textAlign: 'right' }}>{v}</td></tr>)}</tbody>
    </HTMLTable>
  );
}
