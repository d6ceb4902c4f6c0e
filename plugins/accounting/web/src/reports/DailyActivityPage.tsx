import { useRef, useState } from 'react';
import { Card, H2, H4, HTMLTable } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { formatDate, type ContributionProps } from '@tezgah/core';
import { useApiData } from '@tezgah/workbench/ui';
import { today } from '../ledger/model';
import { DayForm, ReportDownloads, useReportFailure } from './parts';
import { getReport, money, PATHS, type ReportInvoice } from './model';

interface Count { count: number; amount: number }
interface Activity {
  date: string; sales: Count; purchases: Count; cancelled: Count; collections: Count; payments: Count;
  invoices: ReportInvoice[]; money: { kind: 'SAFE' | 'BANK_ACCOUNT'; id: number; name: string; accountCode: string; balance: number }[]; cash: number;
}

/**
 * /daily-activity-report (Günlük Faaliyet Raporu): what happened on a day — sales and purchases,
 * cancellations, collections and payments — the day's invoices, and every safe's and bank
 * account's balance at its end with the cash position.
 */
export default function DailyActivityPage({ host }: ContributionProps) {
  const failed = useReportFailure();
  const { t } = useTranslation('accounting');
  const [day, setDay] = useState(today());
  const title = t('reports.daily.title');

  // The day's report, asked again on every visit; the last one stays on screen while another day loads, or when it fails.
  const q = useApiData(['GET', PATHS.daily, { date: day }], (api) => getReport<Activity>(api, PATHS.daily, { date: day }).then((r) => r.data), { keepPrevious: true, refetchOnEveryMount: true, report: failed });
  const last = useRef<Activity | null>(null);
  if (q.data) last.current = q.data;
  const data = q.data ?? last.current;
  const busy = q.isFetching;

  const right = { textAlign: 'right' } as const;
  return (
    <section aria-label={title}>
      <H2>{title}</H2>
      <DayForm id="daily" label={title} value={day} onSubmit={setDay} busy={busy}>
        {host.can({ codes: ['16_5', '11_5', '12_5'] }) && <ReportDownloads label={t('reports.common.files')} report="daily" query={{ date: day }} />}
      </DayForm>
      {data && (
        <>
          <Card style={{ marginTop: 12 }}>
            <HTMLTable compact aria-label={t('reports.daily.summary')}>
              <thead><tr><th>{t('reports.daily.what')}</th><th style={right}>{t('reports.daily.count')}</th><th style={right}>{t('reports.daily.amount')}</th></tr></thead>
              <tbody>
                {(['sales', 'purchases', 'cancelled', 'collections', 'payments'] as const).map((k) => (
                  <tr key={k}><th scope="row">{t(`reports.daily.${k}`)}</th><td style={right}>{data[k].count}</td><td style={right}>{money(data[k].amount)}</td></tr>
                ))}
              </tbody>
            </HTMLTable>
          </Card>
          <Card style={{ marginTop: 12 }}>
            <H4>{t('reports.daily.invoices')}</H4>
            {data.invoices.length === 0 ? <p>{t('reports.daily.noInvoices')}</p> : (
              <HTMLTable compact striped aria-label={t('reports.daily.invoices')}>
                <thead><tr><th>{t('reports.invoices.type')}</th><th>{t('reports.invoices.documentNo')}</th><th>{t('reports.invoices.current')}</th><th>{t('reports.daily.status')}</th><th style={right}>{t('reports.invoices.totalAmount')}</th></tr></thead>
                <tbody>
                  {data.invoices.map((i) => (
                    <tr key={i.id}>
                      <td>{t(`reports.invoices.types.${i.invoiceType}`)}</td><td>{i.documentNo ?? ''}</td><td>{i.currentName}</td>
                      <td>{t(`reports.daily.statuses.${i.status}`, { defaultValue: i.status })}</td><td style={right}>{money(i.totalAmount)}</td>
                    </tr>
                  ))}
                </tbody>
              </HTMLTable>
            )}
          </Card>
          <Card style={{ marginTop: 12 }}>
            <H4>{t('reports.daily.cashPosition', { date: formatDate(data.date) })}</H4>
            <HTMLTable compact aria-label={t('reports.daily.money')}>
              <tbody>
                {data.money.map((m) => (
                  <tr key={`${m.kind}-${m.id}`}><th scope="row">{m.name} <small>({t(`reports.daily.kinds.${m.kind}`)})</small></th><td style={right}>{money(m.balance)}</td></tr>
                ))}
                <tr><th scope="row">{t('reports.daily.cash')}</th><td style={right}><strong>{money(data.cash)}</strong></td></tr>
              </tbody>
            </HTMLTable>
          </Card>
        </>
      )}
    </section>
  );
}
