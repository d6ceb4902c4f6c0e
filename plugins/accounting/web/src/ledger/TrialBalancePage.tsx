import { useRef, useState, type FormEvent } from 'react';
import { Button, H2, HTMLSelect, HTMLTable, NonIdealState, Spinner } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Action, formatDate, type ContributionProps } from '@tezgah/core';
import { DateInput, Field, reportFailure, serverFieldErrors, useApiQuery, useShell, type FieldErrors } from '@tezgah/workbench/ui';
import { DownloadButtons, EXPORTS } from '../books/download';
import { TRIAL_BALANCE, isDay, mayLedger, money, today, type TrialBalance, type TrialBalanceRow } from './model';

export const LEVELS = [1, 2, 3, 4, 5] as const;

/** Checks a date range the report screens ask for: both whole dates, the end not before the start. */
export function rangeErrors(startDate: string, endDate: string, t: (k: string) => string): FieldErrors {
  const found: FieldErrors = {};
  if (!startDate) found.startDate = t('ledger.rules.required');
  else if (!isDay(startDate)) found.startDate = t('ledger.rules.date');
  if (!endDate) found.endDate = t('ledger.rules.required');
  else if (!isDay(endDate)) found.endDate = t('ledger.rules.date');
  else if (isDay(startDate) && endDate < startDate) found.endDate = t('ledger.rules.endBeforeStart');
  return found;
}

/**
 * /trial-balance (Mizan): for a date range and a level (class, group, account, sub-accounts), each
 * account with movements: opening debit and credit (before the range), debit and credit in it,
 * and the debit or credit balance at its end, with the totals row. Amounts in the Turkish format.
 * "Excel" and "PDF" (export authority) give the same report for the form's dates and level as a file.
 */
export default function TrialBalancePage({ host }: ContributionProps) {
  const shell = useShell();
  const { t } = useTranslation('accounting');
  const [startDate, setStart] = useState(`${today().slice(0, 4)}-01-01`);
  const [endDate, setEnd] = useState(today());
  const [level, setLevel] = useState(3);
  const [errors, setErrors] = useState<FieldErrors>({});
  // The range and level last asked for: the current year up to today, at the account level, at once.
  const [asked, setAsked] = useState({ startDate, endDate, level });
  const q = useApiQuery(TRIAL_BALANCE, { params: { query: asked } }, {
    keepPrevious: true,
    // The ledger moves under it (postings are written under other paths): each visit asks again.
    refetchOnEveryMount: true,
    report: (err) => {
      const fields = serverFieldErrors(err);
      const mine = { ...(fields.startDate ? { startDate: fields.startDate } : {}), ...(fields.endDate ? { endDate: fields.endDate } : {}) };
      setErrors(mine);
      if (!Object.keys(mine).length) reportFailure(shell.notify, err, t('notify.error', { ns: 'kernel' }));
    },
  });
  // A failed run leaves the last report on screen.
  const last = useRef<TrialBalance | null>(null);
  if (q.data && !q.isPlaceholderData) last.current = q.data;
  const report = q.data ?? last.current;
  const busy = q.isFetching;

  function run(e?: FormEvent) {
    e?.preventDefault();
    const found = rangeErrors(startDate, endDate, t);
    setErrors(found);
    if (Object.keys(found).length) return;
    if (asked.startDate === startDate && asked.endDate === endDate && asked.level === level) void q.refetch();
    else setAsked({ startDate, endDate, level });
  }

  const amounts = (r: TrialBalanceRow) => [r.openingDebit, r.openingCredit, r.debit, r.credit, r.debitBalance, r.creditBalance];
  const right = { textAlign: 'right' } as const;

  return (
    <section aria-label={t('ledger.trialBalance.title')}>
      <H2>{t('ledger.trialBalance.title')}</H2>
      <form onSubmit={run} noValidate aria-label={t('ledger.trialBalance.title')} style={{ display: 'flex', gap: 12, alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <Field id="tb-start" label={t('ledger.common.startDate')} error={errors.startDate} required>
          <DateInput id="tb-start" value={startDate} onValueChange={setStart} />
        </Field>
        <Field id="tb-end" label={t('ledger.common.endDate')} error={errors.endDate} required>
          <DateInput id="tb-end" value={endDate} onValueChange={setEnd} />
        </Field>
        <Field id="tb-level" label={t('ledger.trialBalance.level')}>
          <HTMLSelect id="tb-level" value={level} onChange={(e) => setLevel(Number(e.currentTarget.value))}>
            {LEVELS.map((l) => <option key={l} value={l}>{t(`ledger.trialBalance.levels.${l}`)}</option>)}
          </HTMLSelect>
        </Field>
        <Button type="submit" intent="primary" icon="th" loading={busy} text={t('ledger.common.list')} style={{ marginTop: 22 }} />
        {mayLedger(host, Action.EXPORT) && (
          <div style={{ marginTop: 22 }}>
            <DownloadButtons
              label={t('books.download.label')}
              request={() => {
                const found = rangeErrors(startDate, endDate, t);
                setErrors(found);
                return Object.keys(found).length ? null : { path: EXPORTS.trialBalance, params: { query: { startDate, endDate, level } }, fallback: `mizan-${startDate}-${endDate}` };
              }}
            />
          </div>
        )}
      </form>
      {report === null ? (busy && <Spinner size={20} />) : report.rows.length === 0 ? (
        <NonIdealState icon="th" title={t('ledger.trialBalance.empty')} />
      ) : (
        <div className="tz-table-scroll">
          <p className="bp6-text-muted">{t('ledger.trialBalance.range', { start: formatDate(report.startDate), end: formatDate(report.endDate) })} · {t(`ledger.trialBalance.levels.${report.level}`, { defaultValue: String(report.level) })}</p>
          <HTMLTable compact striped bordered aria-label={t('ledger.trialBalance.title')} style={{ width: '100%' }}>
            <thead>
              <tr>
                <th rowSpan={2}>{t('ledger.common.code')}</th>
                <th rowSpan={2}>{t('ledger.common.accountName')}</th>
                <th colSpan={2} scope="colgroup" style={{ textAlign: 'center' }}>{t('ledger.trialBalance.opening')}</th>
                <th colSpan={2} scope="colgroup" style={{ textAlign: 'center' }}>{t('ledger.trialBalance.period')}</th>
                <th colSpan={2} scope="colgroup" style={{ textAlign: 'center' }}>{t('ledger.trialBalance.balances')}</th>
              </tr>
              <tr>
                <th style={right} aria-label={t('ledger.trialBalance.openingDebit')}>{t('ledger.common.debit')}</th>
                <th style={right} aria-label={t('ledger.trialBalance.openingCredit')}>{t('ledger.common.credit')}</th>
                <th style={right} aria-label={t('ledger.trialBalance.periodDebit')}>{t('ledger.common.debit')}</th>
                <th style={right} aria-label={t('ledger.trialBalance.periodCredit')}>{t('ledger.common.credit')}</th>
                <th style={right} aria-label={t('ledger.trialBalance.debitBalance')}>{t('ledger.common.debit')}</th>
                <th style={right} aria-label={t('ledger.trialBalance.creditBalance')}>{t('ledger.common.credit')}</th>
              </tr>
            </thead>
            <tbody>
              {report.rows.map((r) => (
                <tr key={r.code}>
                  <td>{r.code}</td>
                  <td>{r.name}</td>
                  {amounts(r).map((n, i) => <td key={i} style={right}>{money(n)}</td>)}
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr aria-label={t('ledger.trialBalance.totals')}>
                <th scope="row" colSpan={2}>{t('ledger.trialBalance.totals')}</th>
                {amounts(report.totals).map((n, i) => <td key={i} style={right}><strong>{money(n)}</strong></td>)}
              </tr>
            </tfoot>
          </HTMLTable>
        </div>
      )}
    </section>
  );
}
