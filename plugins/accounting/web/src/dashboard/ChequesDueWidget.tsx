import { Callout, HTMLTable, Spinner, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { formatDate, formatMoney, type ContributionProps } from '@tezgah/core';
import { Go } from '../warehouses/StockTables';
import { CHEQUES_DUE, useLoaded, type ChequesDue } from './model';

const SHOWN = 5;

/**
 * Home widget "Bu Hafta Vadesi Gelen Çekler": the received cheques to collect and the given ones to
 * pay from today to six days on (count and lira total each; only the directions the user may see
 * come back), then the first few by due date, each a link to its page.
 */
export default function ChequesDueWidget({ host }: ContributionProps) {
  const { t } = useTranslation('accounting');
  const loaded = useLoaded<ChequesDue>(['GET', CHEQUES_DUE, { size: SHOWN }], (api) => api.request('GET', CHEQUES_DUE, { params: { query: { size: SHOWN } } }));
  if (loaded.state === 'loading') return <Spinner size={20} />;
  if (loaded.state === 'failed') return <Callout intent="warning">{t('dashboard.failed')}</Callout>;
  const c = loaded.data;
  const range = t('dashboard.cheques.range', { from: formatDate(c.from), to: formatDate(c.to) });
  if (c.incoming.count + c.outgoing.count === 0) return <Callout intent="success">{t('dashboard.cheques.empty')} ({range})</Callout>;
  const right = { textAlign: 'right', whiteSpace: 'nowrap' } as const;
  const more = c.incoming.count + c.outgoing.count > c.items.length;
  return (
    <div className="tz-dashboard-cheques">
      <p className="bp6-text-muted" style={{ marginBottom: 4 }}>{range}</p>
      <HTMLTable compact aria-label={t('dashboard.cheques.totals')} style={{ width: '100%' }}>
        <tbody>
          {c.incoming.count > 0 && (
            <tr><th scope="row">{t('dashboard.cheques.incoming')}</th><td style={right}>{t('dashboard.cheques.countOf', { count: c.incoming.count })}</td><td style={right}><strong>{formatMoney(c.incoming.amount)}</strong></td></tr>
          )}
          {c.outgoing.count > 0 && (
            <tr><th scope="row">{t('dashboard.cheques.outgoing')}</th><td style={right}>{t('dashboard.cheques.countOf', { count: c.outgoing.count })}</td><td style={right}><strong>{formatMoney(c.outgoing.amount)}</strong></td></tr>
          )}
        </tbody>
      </HTMLTable>
      <HTMLTable compact striped aria-label={t('dashboard.cheques.list')} style={{ width: '100%', marginTop: 8, tableLayout: 'fixed', overflowWrap: 'anywhere' }}>
        <thead>
          <tr><th>{t('dashboard.cheques.due')}</th><th>{t('dashboard.cheques.current')}</th><th style={right}>{t('dashboard.cheques.amount')}</th></tr>
        </thead>
        <tbody>
          {c.items.map((x) => (
            <tr key={x.id}>
              <td style={{ whiteSpace: 'nowrap' }}>{formatDate(x.dueDate)}</td>
              <td>
                <Tag minimal intent={x.direction === 'IN' ? 'success' : 'warning'} style={{ marginRight: 4 }}>{t(`dashboard.cheques.direction.${x.direction}`)}</Tag>
                <Go host={host} to={`/cheque/${x.id}`}>{x.number}</Go> {x.currentName}
              </td>
              <td style={right}>{formatMoney(x.amountTry)}{x.currencyCode !== 'TL' && x.currencyCode !== 'TRY' ? <div className="bp6-text-muted">{formatMoney(x.amount, x.currencyCode)}</div> : null}</td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
      {more && <p style={{ marginTop: 8 }}><Go host={host} to="/cheque">{t('dashboard.cheques.more')}</Go></p>}
    </div>
  );
}
