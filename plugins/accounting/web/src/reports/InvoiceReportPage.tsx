import { useState } from 'react';
import { H2, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { formatDate, type ContributionProps, type WorkbenchHost } from '@tezgah/core';
import { PagedTable, Slot, useShell } from '@tezgah/workbench/ui';
import { RangeForm, ReportDownloads, Sums, useReportFailure } from './parts';
import { MailAnalysis } from './MailAnalysis';
import { INVOICE_REPORTS, INVOICE_REPORT_ROW_SLOT, getReport, money, thisMonth, type InvoicePage, type InvoiceReportKind, type ReportInvoice, type ReportInvoiceTotals } from './model';

/**
 * The invoice reports (seeds 000 §2): /sales-report (posted sales of a range), /sales-cancel-report
 * (sales cancelled in the range), /income-outgoing-invoice (both directions), /outgoing-invoice
 * (sales) and /incoming-invoice (purchases). A page of invoices at a time, the range's sums beneath
 * (per direction on the lists of both), Excel and PDF of the whole range, and a column other plugins
 * fill (the e-document plugin's GİB status) when one does.
 */
export function InvoiceReport(props: { host: WorkbenchHost; kind: InvoiceReportKind }) {
  const { host, kind } = props;
  const cfg = INVOICE_REPORTS[kind];
  const shell = useShell();
  const failed = useReportFailure();
  const { t } = useTranslation('accounting');
  const [range, setRange] = useState(thisMonth);
  const [version, setVersion] = useState(0);
  const [sums, setSums] = useState<Pick<InvoicePage, 'totals' | 'sale' | 'buying'> | null>(null);
  const title = t(`reports.invoices.title.${kind}`);
  const query = { startDate: range.startDate, endDate: range.endDate, ...(cfg.invoiceType ? { invoiceType: cfg.invoiceType } : {}) };
  const extraColumn = (shell.registry.slots.get(INVOICE_REPORT_ROW_SLOT) ?? []).length > 0;
  const mayExport = host.can({ codes: cfg.exportCodes });
  const totalsRows = (x: ReportInvoiceTotals, prefix = ''): [string, string][] => [
    [`${prefix}${t('reports.invoices.count')}`, String(x.invoiceCount)],
    [`${prefix}${t('reports.invoices.taxBase')}`, money(x.taxBase)],
    [`${prefix}${t('reports.invoices.totalTax')}`, money(x.totalTax)],
    [`${prefix}${t('reports.invoices.totalAmount')}`, money(x.totalAmount)],
    [`${prefix}${t('reports.invoices.remaining')}`, money(x.remaining)],
  ];

  return (
    <section aria-label={title}>
      <H2>{title}</H2>
      <RangeForm id={`report-${kind}`} label={title} value={range} onSubmit={(v) => { setRange(v); setVersion((n) => n + 1); }}>
        {mayExport && <ReportDownloads label={t('reports.common.files')} report={cfg.file} query={query} />}
      </RangeForm>
      <PagedTable<ReportInvoice>
        label={title}
        reloadKey={`${JSON.stringify(query)}#${version}`}
        defaultSort="date,asc"
        emptyText={t('reports.invoices.empty')}
        columns={[
          { key: 'date', title: t('reports.invoices.date'), render: (r) => formatDate(r.date), width: 100 },
          ...(kind === 'all' ? [{ key: 'type', title: t('reports.invoices.type'), render: (r: ReportInvoice) => <Tag minimal intent={r.invoiceType === 'SALE' ? 'success' : 'primary'}>{t(`reports.invoices.types.${r.invoiceType}`)}</Tag>, width: 80 }] : []),
          { key: 'documentNo', title: t('reports.invoices.documentNo'), render: (r) => r.documentNo ?? '', width: 160 },
          { key: 'current', title: t('reports.invoices.current'), render: (r) => r.currentName, width: 200 },
          { key: 'taxBase', title: t('reports.invoices.taxBase'), render: (r) => money(r.taxBase), width: 110 },
          { key: 'totalTax', title: t('reports.invoices.totalTax'), render: (r) => money(r.totalTax), width: 100 },
          { key: 'totalAmount', title: t('reports.invoices.totalAmount'), render: (r) => money(r.totalAmount), width: 110 },
          ...(kind === 'cancelled'
            ? [{ key: 'cancelledBy', title: t('reports.invoices.cancelledBy'), render: (r: ReportInvoice) => r.cancelledBy ?? '', width: 110 }]
            : [{ key: 'remaining', title: t('reports.invoices.remaining'), render: (r: ReportInvoice) => money(r.remaining), width: 110 }]),
          ...(extraColumn ? [{
            key: 'extension', title: t('reports.invoices.extension'), width: 140,
            render: (r: ReportInvoice) => <Slot name={INVOICE_REPORT_ROW_SLOT} params={{ invoiceId: String(r.id), invoiceType: r.invoiceType, status: r.status }} />,
          }] : []),
        ]}
        rowLabel={(r) => `${r.documentNo ?? ''} ${r.currentName}`.trim()}
        fetchPage={async (q) => {
          // "No invoice found in the given date range" (seeds §8): an empty range is an empty page,
          // which the table says in the seeds' words (emptyText), and no sums.
          try {
            const r = await getReport<InvoicePage>(shell.api, cfg.path, { ...query, page: q.page, size: q.size });
            setSums(r.data.totals.invoiceCount > 0 ? { totals: r.data.totals, ...(r.data.sale ? { sale: r.data.sale } : {}), ...(r.data.buying ? { buying: r.data.buying } : {}) } : null);
            return { items: r.data.rows, total: r.total ?? r.data.totals.invoiceCount };
          } catch (e) {
            setSums(null);
            throw e;
          }
        }}
        onError={failed}
      />
      {kind === 'sales' && sums && mayExport && <MailAnalysis range={range} />}
      {sums && (
        <Sums label={t('reports.common.sums')} rows={kind === 'all' && sums.sale && sums.buying
          ? [...totalsRows(sums.sale, `${t('reports.invoices.types.SALE')} · `), ...totalsRows(sums.buying, `${t('reports.invoices.types.BUYING')} · `)]
          : totalsRows(sums.totals)} />
      )}
    </section>
  );
}

export function SalesReportPage({ host }: ContributionProps) { return <InvoiceReport host={host} kind="sales" />; }
export function SalesCancelReportPage({ host }: ContributionProps) { return <InvoiceReport host={host} kind="cancelled" />; }
export function AllInvoicesPage({ host }: ContributionProps) { return <InvoiceReport host={host} kind="all" />; }
export function OutgoingInvoicesPage({ host }: ContributionProps) { return <InvoiceReport host={host} kind="outgoing" />; }
export function IncomingInvoicesPage({ host }: ContributionProps) { return <InvoiceReport host={host} kind="incoming" />; }
