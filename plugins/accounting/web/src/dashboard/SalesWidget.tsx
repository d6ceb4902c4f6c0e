import { Callout, Spinner } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { formatMoney, type ContributionProps } from '@tezgah/core';
import { BarChart } from './BarChart';
import { MONTHLY_SALES, useLoaded, type MonthlySalesTotal } from './model';

/**
 * Home widget "Aylık Satışlar": this year's sales invoices per month (VAT included, in lira) as a
 * bar chart, the year's total above it; the same figures in a hidden table for screen readers.
 */
export default function SalesWidget({ host }: ContributionProps) {
  const { t } = useTranslation('accounting');
  const companyId = host.session?.companyId ?? 0;
  const loaded = useLoaded<MonthlySalesTotal>(['GET', MONTHLY_SALES, { companyId }], (api) => api.request('GET', MONTHLY_SALES, { params: { path: { companyId } } }));
  if (loaded.state === 'loading') return <Spinner size={20} />;
  if (loaded.state === 'failed') return <Callout intent="warning">{t('dashboard.failed')}</Callout>;
  const s = loaded.data;
  const count = s.months.reduce((n, m) => n + m.count, 0);
  if (count === 0) return <Callout>{t('dashboard.sales.empty', { year: s.year })}</Callout>;
  return (
    <div className="tz-dashboard-sales">
      <p style={{ marginBottom: 8 }}>
        {t('dashboard.sales.total', { year: s.year })}: <strong data-testid="sales-total">{formatMoney(s.total)}</strong>
        <span className="bp6-text-muted"> ({t('dashboard.sales.totalHint', { count })})</span>
      </p>
      <BarChart
        title={t('dashboard.sales.chart', { year: s.year })}
        columns={[t('dashboard.sales.month'), t('dashboard.sales.amount')]}
        format={(n) => formatMoney(n)}
        bars={s.months.map((m) => ({ key: String(m.month), label: t(`dashboard.monthsShort.${m.month - 1}`), name: t(`dashboard.months.${m.month - 1}`), value: m.total }))}
      />
    </div>
  );
}
