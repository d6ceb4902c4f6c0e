import { useEffect, useState } from 'react';
import { Button, H2, HTMLSelect } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Action, formatDate, type ContributionProps, type WorkbenchHost } from '@tezgah/core';
import { DateInput, Field, PagedTable, useAddRequest, useShell } from '@tezgah/workbench/ui';
import { Go } from '../warehouses/StockTables';
import { TagChips } from '../currents/CurrentTags';
import { isDay, money } from '../ledger/model';
import { INVOICES, NEW_OF, PAYMENT_STATUSES, STATUSES, mayInvoice, visibleTypes, type InvoicePaymentStatus, type InvoiceStatus, type InvoiceKind, type InvoiceSummary, type InvoiceType } from './model';
import { PaymentStatusTag, StatusTag } from './parts';

/** An amount with its currency ("1.250,00 TL"). */
const amount = (n: number, i: InvoiceSummary) => `${money(n)} ${i.currencyCode}`;

/**
 * The invoices (seeds 000 §3 invoice, §7 /invoice, /sales, /expense): one list for /sales (sales
 * invoices), /expense (purchase and expense invoices) and /invoice (every direction the user may
 * see, with a direction filter), newest first; filters by state, payment state, dates and a
 * search; "Fatura ekle" opens the form of the direction (on /invoice one per direction the user may
 * write).
 */
export function InvoicesList(props: { host: WorkbenchHost; direction: InvoiceType | null }) {
  const { host } = props;
  const shell = useShell();
  const { t } = useTranslation('accounting');
  const types = visibleTypes(host);
  const [direction, setDirection] = useState<'' | InvoiceKind>(props.direction ?? (types.length === 1 ? types[0]! : ''));
  // The kinds the filter offers: the directions and their returns (a direction's page: it and its returns).
  const kinds: InvoiceKind[] = (props.direction ? [props.direction] : types).flatMap((d) => [d, d === 'SALE' ? 'SALE_RETURN' as const : 'BUYING_RETURN' as const]);
  const [status, setStatus] = useState<'' | InvoiceStatus>('');
  const [paymentStatus, setPaymentStatus] = useState<'' | InvoicePaymentStatus>('');
  const [startDate, setStartDate] = useState('');
  const [endDate, setEndDate] = useState('');
  const [addRequested, addDone] = useAddRequest();
  const creatable = (props.direction ? [props.direction] : types).filter((ty) => mayInvoice(host, ty, Action.CREATE));
  const first = creatable[0];
  useEffect(() => {
    if (addRequested && first) { addDone(); host.navigate(NEW_OF[first]); }
  }, [addRequested, addDone, host, first]);

  const filter = {
    ...(direction ? { invoiceType: direction } : {}),
    ...(status ? { status } : {}),
    ...(paymentStatus ? { paymentStatus } : {}),
    ...(isDay(startDate) ? { startDate } : {}),
    ...(isDay(endDate) ? { endDate } : {}),
  };
  const key = JSON.stringify(filter);
  const title = t(props.direction ? `invoices.title.${props.direction}` : 'invoices.title.all');

  return (
    <section aria-label={title}>
      <div style={{ display: 'flex', alignItems: 'center', gap: 12, flexWrap: 'wrap' }}>
        <H2 style={{ margin: 0 }}>{title}</H2>
        <div style={{ marginLeft: 'auto', display: 'flex', gap: 8 }}>
          {creatable.map((ty) => (
            <Button
              key={ty} icon="add" intent="primary" onClick={() => host.navigate(NEW_OF[ty])}
              text={creatable.length > 1 ? `${t('invoices.add')} (${t(`invoices.types.${ty}`)})` : t('invoices.add')}
            />
          ))}
        </div>
      </div>
      <PagedTable<InvoiceSummary>
        label={title}
        reloadKey={key}
        searchable
        searchPlaceholder={t('invoices.searchHint')}
        defaultSort="date,desc"
        toolbar={<>
          {kinds.length > 1 && (
            <HTMLSelect aria-label={t('invoices.columns.type')} value={direction} onChange={(e) => setDirection(e.currentTarget.value as typeof direction)}>
              {!props.direction && <option value="">{t('invoices.allTypes')}</option>}
              {kinds.map((d) => <option key={d} value={d}>{t(`invoices.types.${d}`)}</option>)}
            </HTMLSelect>
          )}
          <HTMLSelect aria-label={t('invoices.columns.status')} value={status} onChange={(e) => setStatus(e.currentTarget.value as typeof status)}>
            <option value="">{t('invoices.allStatuses')}</option>
            {STATUSES.map((s) => <option key={s} value={s}>{t(`invoices.statuses.${s}`)}</option>)}
          </HTMLSelect>
          <HTMLSelect aria-label={t('invoices.columns.paymentStatus')} value={paymentStatus} onChange={(e) => setPaymentStatus(e.currentTarget.value as typeof paymentStatus)}>
            <option value="">{t('invoices.allPaymentStatuses')}</option>
            {PAYMENT_STATUSES.map((s) => <option key={s} value={s}>{t(`invoices.paymentStatuses.${s}`)}</option>)}
          </HTMLSelect>
          <Field id="invoice-start" label={t('invoices.startDate')} inline>
            <DateInput id="invoice-start" value={startDate} onValueChange={setStartDate} />
          </Field>
          <Field id="invoice-end" label={t('invoices.endDate')} inline>
            <DateInput id="invoice-end" value={endDate} onValueChange={setEndDate} />
          </Field>
        </>}
        columns={[
          { key: 'current', title: t('invoices.columns.current'), render: (i) => i.currentName, width: 190 },
          { key: 'explanation', title: t('invoices.columns.explanation'), render: (i) => i.explanation ?? '', width: 170 },
          { key: 'type', title: t('invoices.columns.type'), render: (i) => t(`invoices.types.${i.invoiceType}`), width: 70 },
          { key: 'date', title: t('invoices.columns.date'), sortField: 'date', render: (i) => formatDate(i.date), width: 100 },
          { key: 'tags', title: t('invoices.columns.tags'), render: (i) => <TagChips tags={i.tags} />, width: 130 },
          { key: 'total', title: t('invoices.columns.total'), sortField: 'totalAmount', render: (i) => amount(i.totalAmount, i), width: 130 },
          { key: 'remaining', title: t('invoices.columns.remaining'), sortField: 'remaining', render: (i) => amount(i.remaining, i), width: 130 },
          { key: 'paid', title: t('invoices.columns.paid'), render: (i) => amount(i.paid, i), width: 130 },
          { key: 'documentNo', title: t('invoices.columns.documentNo'), sortField: 'documentNo', render: (i) => <Go host={host} to={`/invoice/${i.id}`}>{i.documentNo ?? `#${i.id}`}</Go>, width: 170 },
          { key: 'paymentStatus', title: t('invoices.columns.paymentStatus'), render: (i) => (i.status === 'POSTED' ? <PaymentStatusTag status={i.paymentStatus} /> : ''), width: 120 },
          { key: 'status', title: t('invoices.columns.status'), render: (i) => <StatusTag status={i.status} />, width: 90 },
        ]}
        rowLabel={(i) => i.documentNo ?? `#${i.id}`}
        rowActions={[{ key: 'open', label: t('invoices.open'), icon: 'document-open', onClick: (i) => host.navigate(`/invoice/${i.id}`) }]}
        fetchPage={(q) => shell.api.list(INVOICES, { params: { query: { page: q.page, size: q.size, sort: [q.sort], ...(q.search ? { search: q.search } : {}), ...filter } } })}
        onError={(e) => shell.notify.failure(e)}
      />
    </section>
  );
}

/** /invoice: every invoice the user may see. */
export default function InvoicesPage({ host }: ContributionProps) {
  return <InvoicesList host={host} direction={null} />;
}

/** /sales: the sales invoices. */
export function SalesPage({ host }: ContributionProps) {
  return <InvoicesList host={host} direction="SALE" />;
}

/** /expense: the purchase and expense invoices. */
export function ExpensePage({ host }: ContributionProps) {
  return <InvoicesList host={host} direction="BUYING" />;
}
