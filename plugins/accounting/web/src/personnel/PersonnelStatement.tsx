import { useState } from 'react';
import { Callout, HTMLTable, Spinner } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { formatDate, type WorkbenchHost } from '@tezgah/core';
import { DateInput, Field, useApiData } from '@tezgah/workbench/ui';
import { balance, isDay, money } from '../ledger/model';
import { useMoneyVersion } from '../finance/model';
import { PERSONNEL_STATEMENT, type PersonnelStatement } from './model';

/**
 * A personnel's statement (getPersonnelStatement: the lines of its own accounts, 335.001 …, from
 * the ledger) with the opening balance, the running balance after each line, the totals and the
 * closing balance. A balance reads as accountants read it: "A" (alacak) when the company owes the
 * personnel, "B" (borç) when the personnel owes the company (an advance). Reads again after any
 * money change (a payment recorded, changed or deleted).
 */
export function PersonnelStatementView(props: { host: WorkbenchHost; personnelId: number }) {
  const { t } = useTranslation('accounting');
  const version = useMoneyVersion(props.host);
  const [startDate, setStart] = useState('');
  const [endDate, setEnd] = useState('');
  const start = isDay(startDate) ? startDate : '';
  const end = isDay(endDate) ? endDate : '';
  const init = { params: { query: { personnelId: props.personnelId, ...(start ? { startDate: start } : {}), ...(end ? { endDate: end } : {}) } } };
  // A money change (told on the bus) asks again; so does every visit (the ledger moves under it).
  const statement: PersonnelStatement | null = useApiData(
    ['GET', PERSONNEL_STATEMENT, init, version],
    (api) => api.request('GET', PERSONNEL_STATEMENT, init),
    { keepPrevious: true, refetchOnEveryMount: true },
  ).data ?? null;

  const sides = { debit: t('ledger.common.sideDebit'), credit: t('ledger.common.sideCredit') };
  const s = statement;
  return (
    <div>
      <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap', marginBottom: 8 }}>
        <Field id={`personnel-statement-start-${props.personnelId}`} label={t('ledger.common.startDate')} inline>
          <DateInput id={`personnel-statement-start-${props.personnelId}`} value={startDate} onValueChange={setStart} />
        </Field>
        <Field id={`personnel-statement-end-${props.personnelId}`} label={t('ledger.common.endDate')} inline>
          <DateInput id={`personnel-statement-end-${props.personnelId}`} value={endDate} onValueChange={setEnd} />
        </Field>
      </div>
      {!s ? <div role="status"><Spinner size={16} /> {t('finance.common.loading')}</div> : <>
        {s.accounts.length > 0 && <p className="bp6-text-muted">{t('personnel.statement.accounts', { accounts: s.accounts.join(', ') })}</p>}
        <div className="tz-table-scroll">
          <HTMLTable compact striped aria-label={t('personnel.statement.title')}>
            <thead>
              <tr>
                <th>{t('personnel.list.date')}</th><th>{t('personnel.list.entryNo')}</th><th>{t('personnel.statement.account')}</th>
                <th>{t('personnel.list.explanation')}</th><th>{t('ledger.common.debit')}</th><th>{t('ledger.common.credit')}</th><th>{t('personnel.statement.balance')}</th>
              </tr>
            </thead>
            <tbody>
              <tr>
                <td colSpan={6}>{t('personnel.statement.opening')}</td><td>{balance(s.openingBalance, sides)}</td>
              </tr>
              {s.lines.map((l) => (
                <tr key={`${l.entryId}-${l.account}-${l.debit}-${l.credit}`}>
                  <td>{formatDate(l.date)}</td><td>{l.entryNo}</td><td>{l.account}</td><td>{l.explanation}</td>
                  <td>{l.debit ? money(l.debit) : ''}</td><td>{l.credit ? money(l.credit) : ''}</td><td>{balance(l.balance, sides)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th colSpan={4} scope="row">{t('personnel.statement.closing')}</th>
                <td>{money(s.totalDebit)}</td><td>{money(s.totalCredit)}</td><td>{balance(s.closingBalance, sides)}</td>
              </tr>
            </tfoot>
          </HTMLTable>
        </div>
        {s.lines.length === 0 && <Callout>{t('personnel.statement.empty')}</Callout>}
      </>}
    </div>
  );
}
