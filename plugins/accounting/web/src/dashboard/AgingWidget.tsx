import { Callout, Colors, Spinner } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { formatDate, formatMoney, type ContributionProps } from '@tezgah/core';
import { BarChart } from './BarChart';
import { RECEIVABLES_AGING, useLoaded, type AgingBucket, type ReceivablesAging } from './model';

/** Not due is green; the longer overdue, the warmer. */
const COLORS: Record<AgingBucket, string> = {
  NOT_DUE: Colors.GREEN3, D0_30: Colors.GOLD3, D31_60: Colors.ORANGE3, D61_90: Colors.RED3, D90_PLUS: Colors.RED1,
};

/**
 * Home widget "Alacak Yaşlandırma": what customers still owe on sales invoices by how long it is
 * overdue (not due, 0–30, 31–60, 61–90, over 90 days) as horizontal bars with their amounts.
 */
export default function AgingWidget(_props: ContributionProps) {
  const { t } = useTranslation('accounting');
  const loaded = useLoaded<ReceivablesAging>(['GET', RECEIVABLES_AGING], (api) => api.request('GET', RECEIVABLES_AGING, {}));
  if (loaded.state === 'loading') return <Spinner size={20} />;
  if (loaded.state === 'failed') return <Callout intent="warning">{t('dashboard.failed')}</Callout>;
  const a = loaded.data;
  if (a.buckets.every((b) => b.count === 0)) return <Callout intent="success">{t('dashboard.aging.empty')}</Callout>;
  return (
    <div className="tz-dashboard-aging">
      <p style={{ marginBottom: 8 }}>
        {t('dashboard.aging.total')}: <strong data-testid="aging-total">{formatMoney(a.total)}</strong>
        <span className="bp6-text-muted"> ({t('dashboard.aging.asOf', { date: formatDate(a.asOf) })})</span>
      </p>
      <BarChart
        orientation="horizontal"
        title={t('dashboard.aging.chart')}
        columns={[t('dashboard.aging.bucket'), t('dashboard.aging.amount')]}
        format={(n) => formatMoney(n)}
        bars={a.buckets.map((b) => ({
          key: b.bucket, label: t(`dashboard.aging.bucketsShort.${b.bucket}`), name: t(`dashboard.aging.buckets.${b.bucket}`), value: b.amount, color: COLORS[b.bucket],
        }))}
      />
    </div>
  );
}
