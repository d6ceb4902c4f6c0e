import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '@tezgah/core';
import { DateInput, Field, PagedTable, useShell, type PagedResult, type PagedTableQuery } from '@tezgah/workbench/ui';
import { isDay, money } from '../ledger/model';
import { TL, currencyCode } from './model';

/** A line of a money account as its movements show it: the ledger line and the account's balance after it. */
export interface Movement {
  date: string;
  entryNo: number;
  explanation: string;
  /** Money in, in lira. */
  debit: number;
  /** Money out, in lira. */
  credit: number;
  /** The line's amount in the account's currency, for a foreign-currency account. */
  amountFc: number | null;
  /** The account's balance in lira after the line. */
  balance: number;
  /** The same in the account's currency, for a foreign-currency account. */
  balanceFc: number | null;
}

/** The days a dated movements table asks for: only those set (and valid). */
export interface MovementDates { startDate?: string; endDate?: string }

/**
 * A money account's "Hareketler" tab (the safe's and the bank account's pages): its ledger lines,
 * newest first, with the balance after each; a foreign-currency account also shows each line's
 * amount and the balance in its own currency. Each page gives its rows (`fetchPage`). With
 * `datesId`, start and end date fields above the table (ids `<datesId>-start`, `<datesId>-end`)
 * and a sortable date column (date, newest first, by default), for a source that takes them.
 */
export function Movements<T extends Movement>(props: {
  label: string;
  account: { currencyId: number; balance: number; balanceFc: number | null };
  emptyText: string;
  fetchPage: (query: PagedTableQuery, dates: MovementDates) => Promise<PagedResult<T>>;
  datesId?: string;
}) {
  const shell = useShell();
  const { t } = useTranslation('accounting');
  const a = props.account;
  const [startDate, setStart] = useState('');
  const [endDate, setEnd] = useState('');
  const dated = props.datesId !== undefined;
  const dates: MovementDates = dated ? { ...(isDay(startDate) ? { startDate } : {}), ...(isDay(endDate) ? { endDate } : {}) } : {};
  const foreign = a.currencyId !== TL && a.balanceFc !== null;
  const code = currencyCode(a.currencyId);
  return (
    <PagedTable<T>
      label={props.label}
      reloadKey={`${a.balance}/${a.balanceFc}/${JSON.stringify(dates)}`}
      emptyText={props.emptyText}
      {...(dated ? {
        defaultSort: 'date,desc',
        toolbar: <>
          <Field id={`${props.datesId}-start`} label={t('ledger.common.startDate')} inline>
            <DateInput id={`${props.datesId}-start`} value={startDate} onValueChange={setStart} />
          </Field>
          <Field id={`${props.datesId}-end`} label={t('ledger.common.endDate')} inline>
            <DateInput id={`${props.datesId}-end`} value={endDate} onValueChange={setEnd} />
          </Field>
        </>,
      } : {})}
      columns={[
        { key: 'date', title: t('finance.list.date'), ...(dated ? { sortField: 'date' } : {}), render: (l) => formatDate(l.date), width: 110 },
        { key: 'entryNo', title: t('finance.list.entryNo'), render: (l) => l.entryNo, width: 70 },
        { key: 'explanation', title: t('finance.list.explanation'), render: (l) => l.explanation, width: 280 },
        ...(foreign ? [{ key: 'fc', title: t('safes.lines.amountFc', { currency: code }), render: (l: T) => (l.amountFc === null ? '' : `${l.debit > 0 ? '' : '-'}${money(Math.abs(l.amountFc))}`), width: 130 }] : []),
        { key: 'in', title: t('finance.lines.in'), render: (l) => (l.debit ? money(l.debit) : ''), width: 120 },
        { key: 'out', title: t('finance.lines.out'), render: (l) => (l.credit ? money(l.credit) : ''), width: 120 },
        { key: 'balance', title: t('safes.lines.balance'), render: (l) => money(l.balance), width: 130 },
        ...(foreign ? [{ key: 'balanceFc', title: t('safes.lines.balanceFc', { currency: code }), render: (l: T) => money(l.balanceFc), width: 130 }] : []),
      ]}
      fetchPage={(q) => props.fetchPage(q, dates)}
      onError={(e) => shell.notify.failure(e)}
    />
  );
}
