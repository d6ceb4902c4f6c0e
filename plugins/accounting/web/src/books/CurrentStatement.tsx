import { useState, type FormEvent } from 'react';
import { Button, Callout, HTMLTable } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Action, formatDate, type WorkbenchHost } from '@tezgah/core';
import { toNetworkError, toTezgahError, type TezgahPromiseApi, type components } from '@tezgah/sdk';
import { DateInput, Field, PagedTable, reportFailure, serverFieldErrors, useShell, type FieldErrors, type PagedResult } from '@tezgah/workbench/ui';
import { balance, isDay, money } from '../ledger/model';
import { may } from '../currents/model';
import type { Current } from '../currents/model';
import { DownloadButtons, EXPORTS } from './download';

export type CurrentLedger = components['schemas']['CurrentLedger'];
export type CurrentLedgerLine = CurrentLedger['lines'][number];
const LEDGER = '/services/onmuhasebe/api/currents/{id}/ledger';

interface Range { startDate?: string; endDate?: string }

/** One page of a current's ledger with the line count (x-total-count); the answer is an object, so the typed client is asked directly. */
export async function currentLedgerPage(api: TezgahPromiseApi, id: number, range: Range, page: number, size: number): Promise<{ ledger: CurrentLedger; total: number }> {
  const r = await api.client.GET(LEDGER, { params: { path: { id }, query: { ...range, page, size } } }).catch((e: unknown) => { throw toNetworkError(e); });
  if (!r.response.ok || !r.data) throw toTezgahError(r.response, r.error);
  const raw = r.response.headers.get('x-total-count');
  return { ledger: r.data, total: raw !== null && /^\s*\d+\s*$/.test(raw) ? Number(raw) : r.data.lines.length };
}

/**
 * A current's "Hesap Ekstresi" (GET /currents/{id}/ledger): the balance before the period, every
 * debit and credit with the running balance (borçlu: the current owes; alacaklı: it is owed), the
 * period's totals and the closing balance. Without dates, its whole history. "Excel" and "PDF"
 * give the statement as a file (the type's export authority too; Excel twice a day).
 */
export function CurrentStatement(props: { host: WorkbenchHost; current: Pick<Current, 'id' | 'currentAccountType' | 'name'> }) {
  const shell = useShell();
  const { t } = useTranslation('accounting');
  const c = props.current;
  const [startDate, setStart] = useState('');
  const [endDate, setEnd] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [range, setRange] = useState<Range>({});
  const [ledger, setLedger] = useState<CurrentLedger | null>(null);
  const sides = { debit: t('books.statement.debtor'), credit: t('books.statement.creditor') };
  const canExport = may(props.host, c.currentAccountType, Action.EXPORT) && may(props.host, c.currentAccountType, Action.EXTRACT_VIEW);

  const check = (): Range | null => {
    const found: FieldErrors = {};
    if (startDate && !isDay(startDate)) found.startDate = t('ledger.rules.date');
    if (endDate && !isDay(endDate)) found.endDate = t('ledger.rules.date');
    if (!found.startDate && !found.endDate && startDate && endDate && endDate < startDate) found.endDate = t('ledger.rules.endBeforeStart');
    setErrors(found);
    if (Object.keys(found).length) return null;
    return { ...(startDate ? { startDate } : {}), ...(endDate ? { endDate } : {}) };
  };

  function submit(e: FormEvent) {
    e.preventDefault();
    const r = check();
    if (r) setRange(r);
  }

  async function fetchPage(page: number, size: number): Promise<PagedResult<CurrentLedgerLine>> {
    try {
      const { ledger: l, total } = await currentLedgerPage(shell.api, c.id, range, page, size);
      setLedger(l);
      return { items: l.lines, total };
    } catch (err) {
      const fields = serverFieldErrors(err);
      const mine: FieldErrors = {};
      for (const f of ['startDate', 'endDate']) if (fields[f]) mine[f] = fields[f];
      if (Object.keys(mine).length) setErrors(mine);
      else reportFailure(shell.notify, err, t('notify.error', { ns: 'kernel' }));
      throw err;
    }
  }

  const fileName = `cari-ekstre-${c.name}`;
  return (
    <div>
      <form onSubmit={submit} noValidate aria-label={t('books.statement.title')} style={{ display: 'flex', gap: 12, alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <Field id="cs-start" label={t('ledger.common.startDate')} error={errors.startDate} hint={t('books.statement.startHint')}>
          <DateInput id="cs-start" value={startDate} onValueChange={setStart} />
        </Field>
        <Field id="cs-end" label={t('ledger.common.endDate')} error={errors.endDate} hint={t('books.statement.endHint')}>
          <DateInput id="cs-end" value={endDate} onValueChange={setEnd} />
        </Field>
        <Button type="submit" intent="primary" icon="th-list" text={t('ledger.common.list')} style={{ marginTop: 22 }} />
        {canExport && (
          <div style={{ marginTop: 22 }}>
            <DownloadButtons
              label={t('books.download.label')}
              request={() => {
                const r = check();
                return r ? { path: EXPORTS.currentLedger, params: { path: { id: c.id }, query: { ...r } }, fallback: fileName } : null;
              }}
            />
          </div>
        )}
      </form>
      {ledger && (
        <Callout icon="book" style={{ margin: '8px 0' }} aria-label={t('books.statement.opening')}>
          {formatDate(ledger.startDate)} – {formatDate(ledger.endDate)}
          {ledger.current.accountCode ? ` · ${ledger.current.accountCode}` : ''}
          <div>{t('books.statement.opening')}: <strong>{balance(ledger.openingBalance, sides)}</strong></div>
        </Callout>
      )}
      <PagedTable<CurrentLedgerLine>
        label={t('books.statement.lines')}
        reloadKey={JSON.stringify(range)}
        rowKey={(l, i) => `${l.entryId}-${i}`}
        emptyText={t('books.statement.empty')}
        columns={[
          { key: 'date', title: t('books.statement.date'), render: (l) => formatDate(l.date), width: 110 },
          { key: 'entryNo', title: t('books.journal.entryNo'), render: (l) => l.entryNo, width: 80 },
          { key: 'documentNo', title: t('books.statement.documentNo'), render: (l) => l.documentNo ?? '', width: 150 },
          { key: 'explanation', title: t('books.statement.explanation'), render: (l) => l.explanation, width: 300 },
          { key: 'debit', title: t('ledger.common.debit'), render: (l) => (l.debit ? money(l.debit) : ''), width: 130 },
          { key: 'credit', title: t('ledger.common.credit'), render: (l) => (l.credit ? money(l.credit) : ''), width: 130 },
          { key: 'balance', title: t('books.statement.balance'), render: (l) => balance(l.balance, sides), width: 170 },
        ]}
        fetchPage={(q) => fetchPage(q.page, q.size)}
      />
      {ledger && (
        <HTMLTable compact aria-label={t('books.statement.totals')} style={{ marginTop: 8, marginLeft: 'auto' }}>
          <tbody>
            <tr><th scope="row">{t('books.statement.periodDebit')}</th><td style={{ textAlign: 'right' }}>{money(ledger.debit)}</td></tr>
            <tr><th scope="row">{t('books.statement.periodCredit')}</th><td style={{ textAlign: 'right' }}>{money(ledger.credit)}</td></tr>
            <tr><th scope="row">{t('books.statement.closing')}</th><td style={{ textAlign: 'right' }}><strong>{balance(ledger.closingBalance, sides)}</strong></td></tr>
          </tbody>
        </HTMLTable>
      )}
    </div>
  );
}
