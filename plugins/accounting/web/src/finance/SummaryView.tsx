import { Callout, HTMLTable, Spinner } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { formatDate, type WorkbenchHost } from '@tezgah/core';
import { useApiData, useShell } from '@tezgah/workbench/ui';
import { Go } from '../warehouses/StockTables';
import { money } from '../ledger/model';
import { SUMMARIES, TL, currencyCode, useMoneyVersion, type MoneyAccountRow, type MoneySummary } from './model';

/**
 * The cash and bank summary (getSummaries): reads it at once and again whenever money moves
 * (a safe, bank account, transaction or cheque changed). null while loading.
 */
export function useMoneySummary(host: WorkbenchHost): MoneySummary | null {
  const version = useMoneyVersion(host);
  // Read again when money moves (`version`); the figures shown stay until the new ones are there.
  const q = useApiData(['GET', SUMMARIES, { version }], (api) => api.request('GET', SUMMARIES, {}) as Promise<MoneySummary>, { keepPrevious: true });
  return q.data ?? null;
}

/** An account's balance in lira, and in its own currency beside it for a foreign one ("3.250,00 ₺ · 100,00 USD"). */
export function accountBalance(a: Pick<MoneyAccountRow, 'balance' | 'balanceFc' | 'currencyId'>): string {
  const lira = `${money(a.balance)} ₺`;
  return a.currencyId === TL || a.balanceFc === null ? lira : `${money(a.balanceFc)} ${currencyCode(a.currencyId)} · ${lira}`;
}

/**
 * The summary as the home widget and the money screens show it: cash total, bank total and both,
 * each account with its balance (a link to its page), and this month's money in, out and net.
 */
export function MoneySummaryView(props: { host: WorkbenchHost; summary: MoneySummary; compact?: boolean }) {
  const { t } = useTranslation('accounting');
  const s = props.summary;
  const right = { textAlign: 'right', whiteSpace: 'nowrap' } as const;
  const accounts = [...s.cash.accounts, ...s.bank.accounts];
  const link = (a: MoneyAccountRow) => (a.kind === 'SAFE' ? `/safe/${a.id}` : `/bank/${a.id}`);
  return (
    <div className="tz-money-summary">
      <HTMLTable compact aria-label={t('finance.summary.totals')} style={{ width: '100%' }}>
        <tbody>
          <tr><th scope="row">{t('finance.summary.cash')}</th><td style={right}>{money(s.cash.total)} ₺</td></tr>
          <tr><th scope="row">{t('finance.summary.bank')}</th><td style={right}>{money(s.bank.total)} ₺</td></tr>
          <tr><th scope="row">{t('finance.summary.total')}</th><td style={right}><strong>{money(s.total)} ₺</strong></td></tr>
        </tbody>
      </HTMLTable>
      {accounts.length === 0 ? <Callout style={{ marginTop: 8 }}>{t('finance.summary.noAccounts')}</Callout> : (
        // Fixed layout: at 375 px a long foreign-currency balance wraps inside the widget instead of
        // pushing the table past the screen's edge.
        <HTMLTable compact striped aria-label={t('finance.summary.accounts')} style={{ width: '100%', marginTop: 8, tableLayout: 'fixed', overflowWrap: 'anywhere' }}>
          <tbody>
            {accounts.map((a) => (
              <tr key={`${a.kind}:${a.id}`}>
                <td><Go host={props.host} to={link(a)}>{a.name}</Go></td>
                <td>{t(a.kind === 'SAFE' ? 'finance.common.safe' : 'finance.common.bankAccount')}</td>
                {/* A foreign account's two figures may go on two lines in a narrow card; each figure stays whole. */}
                <td style={{ textAlign: 'right' }}>{accountBalance(a).split(' · ').map((part, i) => <span key={part} style={{ whiteSpace: 'nowrap' }}>{i > 0 ? ' · ' : ''}{part}</span>)}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
      <HTMLTable compact aria-label={t('finance.summary.month')} style={{ width: '100%', marginTop: 8 }}>
        <caption style={{ textAlign: 'left', fontWeight: 600 }}>
          {t('finance.summary.monthOf', { start: formatDate(s.range.startDate), end: formatDate(s.range.endDate) })}
        </caption>
        <tbody>
          <tr><th scope="row">{t('finance.summary.incoming')}</th><td style={right}>{money(s.range.incoming)} ₺</td></tr>
          <tr><th scope="row">{t('finance.summary.outgoing')}</th><td style={right}>{money(s.range.outgoing)} ₺</td></tr>
          <tr><th scope="row">{t('finance.summary.net')}</th><td style={right}><strong>{money(s.range.net)} ₺</strong></td></tr>
        </tbody>
      </HTMLTable>
    </div>
  );
}

/** The summary once loaded, a spinner before. */
export function MoneySummaryPanel(props: { host: WorkbenchHost }) {
  const summary = useMoneySummary(props.host);
  return summary ? <MoneySummaryView host={props.host} summary={summary} /> : <Spinner size={20} />;
}
