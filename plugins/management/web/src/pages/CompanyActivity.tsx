import { useState } from 'react';
import { Button, Card, Classes, Colors, FormGroup, H4, HTMLSelect } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { DATE_FORMATS, formatDate, todayInTurkey, type ContributionProps } from '@tezgah/core';
import { DateInput, PagedTable, reportFailure, useApiData, useShell, visuallyHidden, type PagedTableColumn, type RowAction } from '@tezgah/workbench/ui';
import { addDaysIso, call, page, PATHS, trMoney, type CompanyActivity as Row, type CompanyActivitySeries } from '../announcements/api';

type Series = 'signIns' | 'invoices' | 'salesTotal';
const valueOf = (d: CompanyActivitySeries['days'][number], s: Series) => (s === 'salesTotal' ? Number(d.salesTotal) : d[s]);

/**
 * A bar per day drawn as plain SVG (no chart library in the workbench), hidden from assistive
 * technology; a visually hidden table says the same figures.
 */
export function DailyBars(props: { title: string; days: CompanyActivitySeries['days']; series: Series; columns: [string, string]; format: (n: number) => string }) {
  const width = 640;
  const height = 180;
  const pad = 20;
  const values = props.days.map((d) => valueOf(d, props.series));
  const max = Math.max(1, ...values);
  const slot = (width - pad) / Math.max(1, values.length);
  const bar = Math.max(1, slot * 0.7);
  return (
    <figure style={{ margin: 0 }}>
      <svg viewBox={`0 0 ${width} ${height}`} width="100%" aria-hidden="true" focusable="false" data-chart="daily" style={{ display: 'block' }}>
        <line x1={pad} y1={height - pad} x2={width} y2={height - pad} stroke={Colors.GRAY3} />
        <text x={0} y={12} fontSize={10} fill={Colors.GRAY1}>{props.format(max)}</text>
        {values.map((v, i) => {
          const h = ((height - 2 * pad) * v) / max;
          return (
            <rect key={props.days[i]!.date} x={pad + i * slot + (slot - bar) / 2} y={height - pad - h} width={bar} height={h} fill={Colors.BLUE3}>
              <title>{`${formatDate(props.days[i]!.date)}: ${props.format(v)}`}</title>
            </rect>
          );
        })}
        {props.days.length ? <text x={pad} y={height - 4} fontSize={10} fill={Colors.GRAY1}>{formatDate(props.days[0]!.date)}</text> : null}
        {props.days.length > 1 ? <text x={width} y={height - 4} fontSize={10} textAnchor="end" fill={Colors.GRAY1}>{formatDate(props.days.at(-1)!.date)}</text> : null}
      </svg>
      <table style={visuallyHidden}>
        <caption>{props.title}</caption>
        <thead><tr><th scope="col">{props.columns[0]}</th><th scope="col">{props.columns[1]}</th></tr></thead>
        <tbody>{props.days.map((d, i) => <tr key={d.date}><th scope="row">{formatDate(d.date)}</th><td>{props.format(values[i]!)}</td></tr>)}</tbody>
      </table>
    </figure>
  );
}

/**
 * /company-activity (seeds 001 §2): per company over a period, sign-ins, the last sign-in and the
 * last action (the audit trail), documents and sales (the ledgers), users; a company's daily
 * series as a bar chart.
 */
export default function CompanyActivity(_props: ContributionProps) {
  const shell = useShell();
  const { t } = useTranslation('management');
  const { t: k } = useTranslation();
  const today = todayInTurkey();
  const [draft, setDraft] = useState({ startDate: addDaysIso(today, -29), endDate: today });
  const [period, setPeriod] = useState(draft);
  const [chosen, setChosen] = useState<Row | null>(null);
  // The chosen company's days in the period (a failure says so under 'HATALI').
  const series: CompanyActivitySeries | null = useApiData(
    ['GET', PATHS.companyActivity, { companyId: chosen?.companyId, period }],
    (api) => call(api)('GET', PATHS.companyActivity, { params: { path: { companyId: chosen!.companyId }, query: period } }) as Promise<CompanyActivitySeries>,
    { enabled: chosen !== null, report: (e) => reportFailure(shell.notify, e, k('notify.error')) },
  ).data ?? null;
  const [which, setWhich] = useState<Series>('signIns');

  const columns: PagedTableColumn<Row>[] = [
    { key: 'name', title: t('activity.company'), render: (r) => r.companyName, sortField: 'name', width: 220 },
    { key: 'lastSignIn', title: t('activity.lastSignIn'), render: (r) => formatDate(r.lastSignIn, DATE_FORMATS.DASHED_TIME) || t('activity.never'), sortField: 'lastSignIn', width: 140 },
    { key: 'lastSeen', title: t('activity.lastSeen'), render: (r) => formatDate(r.lastSeen, DATE_FORMATS.DASHED_TIME) || t('activity.never'), width: 140 },
    { key: 'signIns', title: t('activity.signIns'), render: (r) => r.signIns, sortField: 'signIns', width: 80 },
    { key: 'invoices', title: t('activity.invoices'), render: (r) => r.invoices, sortField: 'invoices', width: 80 },
    { key: 'salesTotal', title: t('activity.salesTotal'), render: (r) => trMoney(r.salesTotal), sortField: 'salesTotal', width: 120 },
    { key: 'usersCount', title: t('activity.usersCount'), render: (r) => r.usersCount, sortField: 'usersCount', width: 80 },
  ];
  const actions: RowAction<Row>[] = [{ key: 'chart', label: t('activity.show'), icon: 'timeline-bar-chart', onClick: (r) => setChosen(r) }];
  const fmt = which === 'salesTotal' ? (n: number) => trMoney(n.toFixed(2)) : (n: number) => String(n);

  return (
    <section aria-labelledby="company-activity-title">
      <h2 id="company-activity-title" className={Classes.HEADING}>{t('activity.title')}</h2>
      <PagedTable<Row>
        label={t('activity.list')}
        columns={columns}
        searchable
        rowKey={(r) => r.companyId}
        rowLabel={(r) => r.companyName}
        rowActions={actions}
        defaultSort="id,asc"
        reloadKey={`${period.startDate}-${period.endDate}`}
        onError={shell.notify.failure}
        toolbar={
          <div style={{ display: 'flex', gap: 8, alignItems: 'flex-end' }}>
            <FormGroup label={t('activity.startDate')} labelFor="activity-start" style={{ margin: 0 }}>
              <DateInput id="activity-start" value={draft.startDate} onValueChange={(v) => setDraft({ ...draft, startDate: v })} />
            </FormGroup>
            <FormGroup label={t('activity.endDate')} labelFor="activity-end" style={{ margin: 0 }}>
              <DateInput id="activity-end" value={draft.endDate} onValueChange={(v) => setDraft({ ...draft, endDate: v })} />
            </FormGroup>
            <Button text={t('activity.apply')} onClick={() => setPeriod(draft)} />
          </div>
        }
        fetchPage={(q) => page(shell.api)(PATHS.activity, {
          params: { query: { page: q.page, size: q.size, sort: [q.sort], ...period, ...(q.search ? { search: q.search } : {}) } },
        }) as Promise<{ items: Row[]; total: number }>}
      />
      {chosen && series ? (
        <Card style={{ marginTop: 12 }} aria-label={t('activity.chartTitle', { company: series.companyName })}>
          <H4>{t('activity.chartTitle', { company: series.companyName })}</H4>
          <p>{t('activity.totals', { signIns: series.signIns, invoices: series.invoices, salesTotal: trMoney(series.salesTotal) })}</p>
          <HTMLSelect aria-label={t('activity.chart')} value={which} onChange={(e) => setWhich(e.currentTarget.value as Series)}>
            {(['signIns', 'invoices', 'salesTotal'] as const).map((s) => <option key={s} value={s}>{t(`activity.series.${s}`)}</option>)}
          </HTMLSelect>
          <DailyBars title={`${t('activity.chart')}: ${t(`activity.series.${which}`)}`} days={series.days} series={which} columns={[t('activity.day'), t(`activity.series.${which}`)]} format={fmt} />
        </Card>
      ) : null}
    </section>
  );
}
