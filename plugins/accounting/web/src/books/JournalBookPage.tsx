import { Fragment, useEffect, useState, type FormEvent } from 'react';
import { Button, ButtonGroup, H2, HTMLSelect, HTMLTable, NonIdealState, Spinner } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Action, formatDate, type ContributionProps } from '@tezgah/core';
import { toNetworkError, toTezgahError, type TezgahPromiseApi, type components } from '@tezgah/sdk';
import { DateInput, Field, reportFailure, serverFieldErrors, useApiData, useShell, type FieldErrors } from '@tezgah/workbench/ui';
import { rangeErrors } from '../ledger/TrialBalancePage';
import { mayLedger, money, today } from '../ledger/model';
import { DownloadButtons, EXPORTS } from './download';

export type JournalBook = components['schemas']['JournalBook'];
const JOURNAL_BOOK = '/services/onmuhasebe/api/journal-book';
const SIZES = [10, 25, 50] as const;

/** One page of the journal book with the number of entries in the period (x-total-count). */
export async function journalBookPage(api: TezgahPromiseApi, q: { startDate: string; endDate: string }, page: number, size: number): Promise<{ book: JournalBook; total: number }> {
  const r = await api.client.GET(JOURNAL_BOOK, { params: { query: { ...q, page, size } } }).catch((e: unknown) => { throw toNetworkError(e); });
  if (!r.response.ok || !r.data) throw toTezgahError(r.response, r.error);
  const raw = r.response.headers.get('x-total-count');
  return { book: r.data, total: raw !== null && /^\s*\d+\s*$/.test(raw) ? Number(raw) : r.data.entryCount };
}

/**
 * /journal-book (Yevmiye Defteri): the period's entries in entry-number order with their lines, a
 * page at a time as the printed book has it: what the earlier pages carried (önceki sayfadan
 * devreden), the page's entries and total, and the sum carried on (nakli yekün; the general total
 * on the last page). "Excel" and "PDF" give the whole period as a file.
 */
export default function JournalBookPage({ host }: ContributionProps) {
  const shell = useShell();
  const { t } = useTranslation('accounting');
  const [startDate, setStart] = useState(`${today().slice(0, 4)}-01-01`);
  const [endDate, setEnd] = useState(today());
  const [errors, setErrors] = useState<FieldErrors>({});
  const [query, setQuery] = useState<{ startDate: string; endDate: string } | null>(null);
  const [page, setPage] = useState(0);
  const [size, setSize] = useState<number>(10);
  // The page asked for; the former one stays on screen while the next is read.
  const read = useApiData(['GET', JOURNAL_BOOK, { ...query, page, size }], (api) => journalBookPage(api, query!, page, size), {
    enabled: query !== null,
    keepPrevious: true,
    report: (err) => {
      const fields = serverFieldErrors(err);
      const mine: FieldErrors = {};
      for (const f of ['startDate', 'endDate']) if (fields[f]) mine[f] = fields[f];
      if (Object.keys(mine).length) setErrors(mine);
      else reportFailure(shell.notify, err, t('notify.error', { ns: 'kernel' }));
    },
  });
  const result = read.data ?? null;
  const busy = read.isFetching;

  const check = () => {
    const found = rangeErrors(startDate, endDate, t);
    setErrors(found);
    return Object.keys(found).length === 0;
  };

  function submit(e?: FormEvent) {
    e?.preventDefault();
    if (!check()) return;
    // "Listele" on the range already shown reads it again.
    const again = query !== null && query.startDate === startDate && query.endDate === endDate && page === 0;
    setPage(0);
    setQuery({ startDate, endDate });
    if (again) void read.refetch();
  }

  // The current year up to today, at once.
  useEffect(() => { submit(); /* eslint-disable-next-line react-hooks/exhaustive-deps */ }, []);

  const right = { textAlign: 'right' } as const;
  const book = result?.book;
  const pages = result ? Math.max(1, Math.ceil(result.total / size)) : 1;
  const last = page >= pages - 1;
  const totalsRow = (label: string, a: { debit: number; credit: number }) => (
    <tr aria-label={label}>
      <th scope="row" colSpan={4}>{label}</th>
      <td style={right}><strong>{money(a.debit)}</strong></td>
      <td style={right}><strong>{money(a.credit)}</strong></td>
    </tr>
  );

  return (
    <section aria-label={t('books.journal.title')}>
      <H2>{t('books.journal.title')}</H2>
      <form onSubmit={submit} noValidate aria-label={t('books.journal.title')} style={{ display: 'flex', gap: 12, alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <Field id="jb-start" label={t('ledger.common.startDate')} error={errors.startDate} required>
          <DateInput id="jb-start" value={startDate} onValueChange={setStart} />
        </Field>
        <Field id="jb-end" label={t('ledger.common.endDate')} error={errors.endDate} required>
          <DateInput id="jb-end" value={endDate} onValueChange={setEnd} />
        </Field>
        <Button type="submit" intent="primary" icon="manual" loading={busy} text={t('ledger.common.list')} style={{ marginTop: 22 }} />
        {mayLedger(host, Action.EXPORT) && (
          <div style={{ marginTop: 22 }}>
            <DownloadButtons
              label={t('books.download.label')}
              request={() => (check() ? { path: EXPORTS.journalBook, params: { query: { startDate, endDate } }, fallback: `yevmiye-${startDate}-${endDate}` } : null)}
            />
          </div>
        )}
      </form>
      {!book ? (busy && <Spinner size={20} />) : book.entries.length === 0 ? (
        <NonIdealState icon="manual" title={t('books.journal.empty')} />
      ) : (
        <>
          <p className="bp6-text-muted">
            {t('books.journal.range', { start: formatDate(book.startDate), end: formatDate(book.endDate), count: book.entryCount })}
          </p>
          <div className="tz-table-scroll">
            <HTMLTable compact bordered aria-label={t('books.journal.table')} style={{ width: '100%' }}>
              <thead>
                <tr>
                  <th>{t('books.journal.entryNo')}</th>
                  <th>{t('books.journal.date')}</th>
                  <th>{t('ledger.common.code')}</th>
                  <th>{t('books.journal.accountAndExplanation')}</th>
                  <th style={right}>{t('ledger.common.debit')}</th>
                  <th style={right}>{t('ledger.common.credit')}</th>
                </tr>
              </thead>
              <tbody>
                {page > 0 && totalsRow(t('books.journal.broughtForward'), book.broughtForward)}
                {book.entries.map((e) => (
                  <Fragment key={e.id}>
                    <tr aria-label={t('books.journal.entryOf', { no: e.entryNo })}>
                      <td><strong>{e.entryNo}</strong></td>
                      <td>{formatDate(e.date)}</td>
                      <td colSpan={4}><strong>{e.documentNo ? `${t('books.journal.documentNo')} ${e.documentNo} — ` : ''}{e.explanation}</strong></td>
                    </tr>
                    {e.lines.map((l) => (
                      <tr key={`${e.id}-${l.lineNo}`}>
                        <td />
                        <td />
                        <td>{l.account}</td>
                        <td>{l.explanation ? `${l.accountName} — ${l.explanation}` : l.accountName}</td>
                        <td style={right}>{l.debit ? money(l.debit) : ''}</td>
                        <td style={right}>{l.credit ? money(l.credit) : ''}</td>
                      </tr>
                    ))}
                  </Fragment>
                ))}
              </tbody>
              <tfoot>
                {totalsRow(t('books.journal.pageTotal'), book.pageTotal)}
                {last ? totalsRow(t('books.journal.total'), book.total) : totalsRow(t('books.journal.carriedForward'), book.carriedForward)}
              </tfoot>
            </HTMLTable>
          </div>
          <div style={{ display: 'flex', gap: 12, alignItems: 'center', marginTop: 8, flexWrap: 'wrap' }}>
            <ButtonGroup>
              <Button icon="chevron-left" disabled={page === 0 || busy} text={t('books.journal.previous')} onClick={() => setPage((p) => p - 1)} />
              <Button rightIcon="chevron-right" disabled={last || busy} text={t('books.journal.next')} onClick={() => setPage((p) => p + 1)} />
            </ButtonGroup>
            <span>{t('books.journal.pageOf', { page: page + 1, pages })}</span>
            <HTMLSelect aria-label={t('books.journal.pageSize')} value={size} onChange={(e) => { setSize(Number(e.currentTarget.value)); setPage(0); }}>
              {SIZES.map((n) => <option key={n} value={n}>{t('books.journal.perPage', { n })}</option>)}
            </HTMLSelect>
          </div>
        </>
      )}
    </section>
  );
}
