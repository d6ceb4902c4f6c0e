import { useRef, useState } from 'react';
import { H2 } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { type ContributionProps } from '@tezgah/core';
import { localPage, PagedTable, useApiData } from '@tezgah/workbench/ui';
import { today } from '../ledger/model';
import { DayForm, ReportDownloads, Sums, useReportFailure } from './parts';
import { getReport, money, PATHS, type ReportAging } from './model';

interface Row { currentId: number; currentName: string; receivable: ReportAging; payable: ReportAging }
interface Analysis { date: string; rows: Row[]; receivable: ReportAging; payable: ReportAging }

const BUCKETS = ['notDue', 'days0to30', 'days31to60', 'days61to90', 'over90', 'total'] as const;

/**
 * /current-collection-analysis (Cari Tahsilat Analizi): per current, what it owes us (receivable:
 * sales' open dues) and what we owe it (payable: purchases'), split into not yet due and days past
 * due — 0–30, 31–60, 61–90, over 90 — on the chosen day, with the totals of both sides.
 */
export default function CollectionAnalysisPage({ host }: ContributionProps) {
  const failed = useReportFailure();
  const { t } = useTranslation('accounting');
  const [day, setDay] = useState(today());
  const title = t('reports.collection.title');

  // The day's report, asked again on every visit; the last one stays on screen while another day loads, or when it fails.
  const q = useApiData(['GET', PATHS.collection, { date: day }], (api) => getReport<Analysis>(api, PATHS.collection, { date: day }).then((r) => r.data), { keepPrevious: true, refetchOnEveryMount: true, report: failed });
  const last = useRef<Analysis | null>(null);
  if (q.data) last.current = q.data;
  const data = q.data ?? last.current;
  const busy = q.isFetching;

  const bucket = (side: 'receivable' | 'payable', b: (typeof BUCKETS)[number]) => ({
    key: `${side}-${b}`, title: `${t(`reports.collection.${side}`)} · ${t(`reports.collection.buckets.${b}`)}`, render: (r: Row) => money(r[side][b]), width: 110,
  });
  return (
    <section aria-label={title}>
      <H2>{title}</H2>
      <DayForm id="collection" label={title} value={day} onSubmit={setDay} busy={busy}>
        {host.can({ codes: ['16_5'] }) && <ReportDownloads label={t('reports.common.files')} report="collection" query={{ date: day }} />}
      </DayForm>
      <PagedTable<Row>
        label={title}
        reloadKey={data}
        defaultSort="currentName,asc"
        searchable
        searchPlaceholder={t('reports.collection.search')}
        emptyText={t('reports.collection.empty')}
        columns={[
          { key: 'current', title: t('reports.collection.current'), sortField: 'currentName', render: (r) => r.currentName, width: 200 },
          ...BUCKETS.map((b) => bucket('receivable', b)),
          ...BUCKETS.map((b) => bucket('payable', b)),
        ]}
        rowKey={(r) => r.currentId}
        rowLabel={(r) => r.currentName}
        fetchPage={(q) => Promise.resolve(localPage(data?.rows ?? [], q, { matches: (r, s) => r.currentName.toLocaleLowerCase('tr').includes(s) }))}
      />
      {data && (
        <Sums label={t('reports.common.sums')} rows={[
          ...BUCKETS.map((b): [string, string] => [`${t('reports.collection.receivable')} · ${t(`reports.collection.buckets.${b}`)}`, money(data.receivable[b])]),
          ...BUCKETS.map((b): [string, string] => [`${t('reports.collection.payable')} · ${t(`reports.collection.buckets.${b}`)}`, money(data.payable[b])]),
        ]} />
      )}
    </section>
  );
}
