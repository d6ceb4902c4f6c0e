import { useState } from 'react';
import { H2, HTMLSelect, Tab, Tabs } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { formatDate, formatNumber, type ContributionProps } from '@tezgah/core';
import { localPage, PagedTable, useApiData } from '@tezgah/workbench/ui';
import { addDaysTo } from './dates';
import { today } from '../ledger/model';
import { DayForm, RangeForm, ReportDownloads, Sums, useReportFailure } from './parts';
import { getReport, money, PATHS, type ForecastWeek, type ReportProfit } from './model';
import { quantity } from '../products/model';

interface Profit { startDate: string; endDate: string; by: 'product' | 'customer'; rows: ReportProfit[]; total: ReportProfit }
interface Valuation { date: string; rows: { productId: number; name: string; quantity: number; averageCost: number | null; value: number }[]; total: number }
interface Forecast { startDate: string; endDate: string; opening: number; weeks: ForecastWeek[]; totals: ForecastWeek }

/**
 * Loads a report for its query (the last one stays while the next loads, and each visit asks again:
 * what it sums is written under other paths); failures by the reports service's rule.
 */
function useReport<T>(path: string, query: Record<string, string>): { data: T | null; busy: boolean } {
  const failed = useReportFailure();
  const q = useApiData(['GET', path, query], (api) => getReport<T>(api, path, query).then((r) => r.data), { keepPrevious: true, refetchOnEveryMount: true, report: failed });
  return { data: q.data ?? null, busy: q.isFetching };
}

const margin = (m: number | null) => (m === null ? '—' : `%${formatNumber(m, 2)}`);

function ProfitTab(props: { mayExport: boolean }) {
  const { t } = useTranslation('accounting');
  const [range, setRange] = useState({ startDate: `${today().slice(0, 4)}-01-01`, endDate: today() });
  const [by, setBy] = useState<'product' | 'customer'>('product');
  const query = { ...range, by };
  const { data, busy } = useReport<Profit>(PATHS.profit, query);
  const label = t('reports.profit.title');
  return (
    <div>
      <RangeForm id="profit" label={label} value={range} onSubmit={setRange} busy={busy}>
        <div style={{ display: 'flex', gap: 8 }}>
          <HTMLSelect aria-label={t('reports.profit.by')} value={by} onChange={(e) => setBy(e.currentTarget.value as typeof by)}>
            <option value="product">{t('reports.profit.byProduct')}</option>
            <option value="customer">{t('reports.profit.byCustomer')}</option>
          </HTMLSelect>
          {props.mayExport && <ReportDownloads label={t('reports.common.files')} report="profit" query={query} />}
        </div>
      </RangeForm>
      <PagedTable<ReportProfit>
        label={label}
        reloadKey={data}
        defaultSort="profit,desc"
        emptyText={t('reports.profit.empty')}
        columns={[
          { key: 'name', title: t(by === 'product' ? 'reports.profit.product' : 'reports.profit.customer'), sortField: 'name', render: (r) => r.name, width: 220 },
          { key: 'quantity', title: t('reports.profit.quantity'), sortField: 'quantity', render: (r) => quantity(r.quantity), width: 90 },
          { key: 'revenue', title: t('reports.profit.revenue'), sortField: 'revenue', render: (r) => money(r.revenue), width: 120 },
          { key: 'cost', title: t('reports.profit.cost'), sortField: 'cost', render: (r) => money(r.cost), width: 120 },
          { key: 'profit', title: t('reports.profit.profit'), sortField: 'profit', render: (r) => money(r.profit), width: 120 },
          { key: 'margin', title: t('reports.profit.margin'), render: (r) => margin(r.margin), width: 80 },
        ]}
        rowKey={(r) => r.id ?? 0}
        rowLabel={(r) => r.name}
        fetchPage={(q) => Promise.resolve(localPage(data?.rows ?? [], q))}
      />
      {data && <Sums label={t('reports.common.sums')} rows={[
        [t('reports.profit.revenue'), money(data.total.revenue)], [t('reports.profit.cost'), money(data.total.cost)],
        [t('reports.profit.profit'), money(data.total.profit)], [t('reports.profit.margin'), margin(data.total.margin)],
      ]} />}
    </div>
  );
}

function StockTab(props: { mayExport: boolean }) {
  const { t } = useTranslation('accounting');
  const [day, setDay] = useState(today());
  const { data, busy } = useReport<Valuation>(PATHS.stock, { date: day });
  const label = t('reports.stock.title');
  type Row = Valuation['rows'][number];
  return (
    <div>
      <DayForm id="stock" label={label} value={day} onSubmit={setDay} busy={busy}>
        {props.mayExport && <ReportDownloads label={t('reports.common.files')} report="stock" query={{ date: day }} />}
      </DayForm>
      <PagedTable<Row>
        label={label}
        reloadKey={data}
        defaultSort="value,desc"
        emptyText={t('reports.stock.empty')}
        columns={[
          { key: 'name', title: t('reports.stock.product'), sortField: 'name', render: (r) => r.name, width: 240 },
          { key: 'quantity', title: t('reports.stock.quantity'), sortField: 'quantity', render: (r) => quantity(r.quantity), width: 100 },
          { key: 'averageCost', title: t('reports.stock.averageCost'), render: (r) => (r.averageCost === null ? t('reports.stock.noCost') : money(r.averageCost)), width: 130 },
          { key: 'value', title: t('reports.stock.value'), sortField: 'value', render: (r) => money(r.value), width: 130 },
        ]}
        rowKey={(r) => r.productId}
        rowLabel={(r) => r.name}
        fetchPage={(q) => Promise.resolve(localPage(data?.rows ?? [], q))}
      />
      {data && <Sums label={t('reports.common.sums')} rows={[[t('reports.stock.total'), money(data.total)]]} />}
    </div>
  );
}

function CashFlowTab(props: { mayExport: boolean }) {
  const { t } = useTranslation('accounting');
  const [range, setRange] = useState({ startDate: today(), endDate: addDaysTo(today(), 90) });
  const { data, busy } = useReport<Forecast>(PATHS.cashflow, range);
  const label = t('reports.cashflow.title');
  return (
    <div>
      <RangeForm id="cashflow" label={label} value={range} onSubmit={setRange} busy={busy}>
        {props.mayExport && <ReportDownloads label={t('reports.common.files')} report="cashflow" query={range} />}
      </RangeForm>
      {data && <Sums label={t('reports.cashflow.openingLabel')} rows={[[t('reports.cashflow.opening'), money(data.opening)]]} />}
      <PagedTable<ForecastWeek>
        label={label}
        reloadKey={data}
        defaultSort="weekStart,asc"
        emptyText={t('reports.cashflow.empty')}
        columns={[
          { key: 'weekStart', title: t('reports.cashflow.week'), sortField: 'weekStart', render: (r) => formatDate(r.weekStart), width: 110 },
          { key: 'receivables', title: t('reports.cashflow.receivables'), render: (r) => money(r.receivables), width: 120 },
          { key: 'chequesIn', title: t('reports.cashflow.chequesIn'), render: (r) => money(r.chequesIn), width: 120 },
          { key: 'payables', title: t('reports.cashflow.payables'), render: (r) => money(r.payables), width: 120 },
          { key: 'chequesOut', title: t('reports.cashflow.chequesOut'), render: (r) => money(r.chequesOut), width: 120 },
          { key: 'net', title: t('reports.cashflow.net'), render: (r) => money(r.net), width: 110 },
          { key: 'balance', title: t('reports.cashflow.balance'), render: (r) => money(r.balance), width: 120 },
        ]}
        rowKey={(r) => r.weekStart}
        rowLabel={(r) => formatDate(r.weekStart)}
        fetchPage={(q) => Promise.resolve(localPage(data?.weeks ?? [], q))}
      />
      {data && <Sums label={t('reports.common.sums')} rows={[
        [t('reports.cashflow.receivables'), money(data.totals.receivables)], [t('reports.cashflow.chequesIn'), money(data.totals.chequesIn)],
        [t('reports.cashflow.payables'), money(data.totals.payables)], [t('reports.cashflow.chequesOut'), money(data.totals.chequesOut)],
        [t('reports.cashflow.balance'), money(data.totals.balance)],
      ]} />}
    </div>
  );
}

/**
 * /business-reports (İşletme Raporları): what an owner asks of the books beside the seeds' lists —
 * gross profit by product or by customer at the average purchase cost, the stock's value at
 * average cost, and the cash expected week by week from open dues and cheques.
 */
export default function BusinessReportsPage({ host }: ContributionProps) {
  const { t } = useTranslation('accounting');
  const [tab, setTab] = useState<'profit' | 'stock' | 'cashflow'>('profit');
  const mayExport = host.can({ codes: ['16_5'] });
  return (
    <section aria-label={t('reports.business.title')}>
      <H2>{t('reports.business.title')}</H2>
      <Tabs id="business-reports" selectedTabId={tab} onChange={(id) => setTab(id as typeof tab)} renderActiveTabPanelOnly>
        <Tab id="profit" title={t('reports.profit.title')} panel={<ProfitTab mayExport={mayExport} />} />
        <Tab id="stock" title={t('reports.stock.title')} panel={<StockTab mayExport={mayExport} />} />
        <Tab id="cashflow" title={t('reports.cashflow.title')} panel={<CashFlowTab mayExport={mayExport} />} />
      </Tabs>
    </section>
  );
}
