import { useState, type FormEvent } from 'react';
import { Button, Callout, H2, NonIdealState } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Action, formatDate, type ContributionProps } from '@tezgah/core';
import { toNetworkError, toTezgahError, type TezgahPromiseApi } from '@tezgah/sdk';
import { DateInput, Field, PagedTable, reportFailure, serverFieldErrors, useShell, type FieldErrors, type PagedResult } from '@tezgah/workbench/ui';
import { AccountSuggest } from './parts';
import { rangeErrors } from './TrialBalancePage';
import { DownloadButtons, EXPORTS } from '../books/download';
import { STATEMENT, balance, mayLedger, money, today, type AccountStatement, type LedgerAccount, type StatementLine } from './model';

interface Query { account: string; startDate: string; endDate: string }

/**
 * One page of a statement with the total line count. The statement is an object (opening and
 * closing balance, the page's lines) with `x-total-count`, which the SDK's `list` (arrays only)
 * does not read, so the typed client is asked directly.
 */
export async function statementPage(api: TezgahPromiseApi, q: Query, page: number, size: number): Promise<{ statement: AccountStatement; total: number }> {
  const r = await api.client.GET(STATEMENT, { params: { query: { ...q, page, size } } }).catch((e: unknown) => { throw toNetworkError(e); });
  if (!r.response.ok || !r.data) throw toTezgahError(r.response, r.error);
  const raw = r.response.headers.get('x-total-count');
  return { statement: r.data, total: raw !== null && /^\s*\d+\s*$/.test(raw) ? Number(raw) : r.data.lines.length };
}

/**
 * /account-statement (Muavin): an account's lines (sub-accounts included) between two dates, with
 * the opening balance before the range, the running balance after each line, and the closing
 * balance at its end. The lines are paged by the server. "Excel" and "PDF" (export authority) give
 * the statement of the form's account and dates as a file.
 */
export default function AccountStatementPage({ host }: ContributionProps) {
  const shell = useShell();
  const { t } = useTranslation('accounting');
  const [account, setAccount] = useState('');
  const [accountObj, setAccountObj] = useState<LedgerAccount | null>(null);
  const [startDate, setStart] = useState(`${today().slice(0, 4)}-01-01`);
  const [endDate, setEnd] = useState(today());
  const [errors, setErrors] = useState<FieldErrors>({});
  const [query, setQuery] = useState<Query | null>(null);
  const [statement, setStatement] = useState<AccountStatement | null>(null);
  const sides = { debit: t('ledger.common.sideDebit'), credit: t('ledger.common.sideCredit') };

  /** The form's rules at its fields; true when it may be asked. */
  function check(): boolean {
    const found = rangeErrors(startDate, endDate, t);
    if (!account) found.account = t('ledger.entries.rules.accountRequired');
    setErrors(found);
    return Object.keys(found).length === 0;
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!check()) return;
    setStatement(null);
    setQuery({ account, startDate, endDate });
  }

  async function fetchPage(page: number, size: number): Promise<PagedResult<StatementLine>> {
    if (!query) return { items: [], total: 0 };
    try {
      const { statement: s, total } = await statementPage(shell.api, query, page, size);
      setStatement(s);
      return { items: s.lines, total };
    } catch (err) {
      const fields = serverFieldErrors(err);
      const mine: FieldErrors = {};
      for (const f of ['account', 'startDate', 'endDate']) if (fields[f]) mine[f] = fields[f];
      if (Object.keys(mine).length) setErrors(mine);
      else reportFailure(shell.notify, err, t('notify.error', { ns: 'kernel' }));
      throw err;
    }
  }

  return (
    <section aria-label={t('ledger.statement.title')}>
      <H2>{t('ledger.statement.title')}</H2>
      <form onSubmit={submit} noValidate aria-label={t('ledger.statement.title')} style={{ display: 'flex', gap: 12, alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <Field id="st-account" label={t('ledger.common.account')} error={errors.account} hint={t('ledger.statement.accountHint')} required>
          <AccountSuggest id="st-account" value={account} account={accountObj} onChange={(c, a) => { setAccount(c); setAccountObj(a); }} />
        </Field>
        <Field id="st-start" label={t('ledger.common.startDate')} error={errors.startDate} required>
          <DateInput id="st-start" value={startDate} onValueChange={setStart} />
        </Field>
        <Field id="st-end" label={t('ledger.common.endDate')} error={errors.endDate} required>
          <DateInput id="st-end" value={endDate} onValueChange={setEnd} />
        </Field>
        <Button type="submit" intent="primary" icon="th-list" text={t('ledger.common.list')} style={{ marginTop: 22 }} />
        {mayLedger(host, Action.EXPORT) && (
          <div style={{ marginTop: 22 }}>
            <DownloadButtons
              label={t('books.download.label')}
              request={() => (check() ? { path: EXPORTS.statement, params: { query: { account, startDate, endDate } }, fallback: `muavin-${account}-${startDate}-${endDate}` } : null)}
            />
          </div>
        )}
      </form>
      {!query ? <NonIdealState icon="th-list" title={t('ledger.statement.pick')} /> : (
        <>
          {statement && (
            <Callout icon="book" style={{ margin: '8px 0' }} aria-label={t('ledger.statement.opening')}>
              <strong>{statement.account} {statement.name}</strong> · {formatDate(query.startDate)} – {formatDate(query.endDate)}
              <div>{t('ledger.statement.opening')}: <strong>{balance(statement.openingBalance, sides)}</strong></div>
            </Callout>
          )}
          <PagedTable<StatementLine>
            label={t('ledger.statement.lines')}
            reloadKey={JSON.stringify(query)}
            rowKey={(l, i) => `${l.entryId}-${l.account}-${i}`}
            emptyText={t('ledger.statement.empty')}
            columns={[
              { key: 'date', title: t('ledger.statement.date'), render: (l) => formatDate(l.date), width: 110 },
              { key: 'entryNo', title: t('ledger.statement.entryNo'), render: (l) => l.entryNo, width: 80 },
              { key: 'account', title: t('ledger.common.account'), render: (l) => l.account, width: 110 },
              { key: 'documentNo', title: t('ledger.statement.documentNo'), render: (l) => l.documentNo ?? '', width: 150 },
              { key: 'explanation', title: t('ledger.statement.explanation'), render: (l) => l.explanation, width: 300 },
              { key: 'debit', title: t('ledger.common.debit'), render: (l) => (l.debit ? money(l.debit) : ''), width: 130 },
              { key: 'credit', title: t('ledger.common.credit'), render: (l) => (l.credit ? money(l.credit) : ''), width: 130 },
              { key: 'balance', title: t('ledger.statement.balance'), render: (l) => balance(l.balance, sides), width: 150 },
            ]}
            fetchPage={(q) => fetchPage(q.page, q.size)}
          />
          {statement && (
            <p style={{ textAlign: 'right', marginTop: 8 }} aria-label={t('ledger.statement.closing')}>
              {t('ledger.statement.closing')}: <strong>{balance(statement.closingBalance, sides)}</strong>
            </p>
          )}
        </>
      )}
    </section>
  );
}
