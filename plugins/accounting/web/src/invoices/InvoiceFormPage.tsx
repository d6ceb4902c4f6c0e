import { Callout, H2, NonIdealState, Spinner } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { formatDecimalInput, formatQuantity, type ContributionProps, type WorkbenchHost } from '@tezgah/core';
import { useApiData } from '@tezgah/workbench/ui';
import { today } from '../ledger/model';
import { TL } from '../finance/model';
import { InvoiceForm, type InvoiceDraft } from './InvoiceForm';
import { INVOICE, LIST_OF, baseOf, PRODUCTS, blankLine, discountDraft, instalmentDraft, noInstalments, type Invoice, type InvoiceType, type LineDraft, type Product } from './model';

/** An empty invoice of a direction: today, in lira, one blank line. */
export const emptyDraft = (): InvoiceDraft => ({
  current: null, date: today(), dueDate: '', currencyId: String(TL), rate: '', series: '', documentNo: '', explanation: '', tagIds: [],
  lines: [blankLine(0)], discount: { kind: 'PERCENTAGE', text: '' }, payments: [], instalments: noInstalments(),
});

/** What a product the company no longer lists looks like to the form: what the invoice's line knows of it. */
function productOfLine(l: Invoice['products'][number]): Product {
  const kdv = l.taxes.find((x) => x.taxType === 'KDV');
  return {
    id: l.productId, companyId: 0, name: l.productName, explanation: null, barcode: l.barcode, productType: l.movesStock ? 'COMMERCIAL_GOODS' : 'SERVICE_GIVEN',
    service: !l.movesStock, unitId: 0, unitName: '', buyingPrice: null, buyingCurrencyId: TL, salePrice: null, saleCurrencyId: TL,
    defaultTaxRate: kdv?.percentage ?? 0, defaultTaxId: kdv?.taxId ?? 0, warehouseId: l.stocks[0]?.warehouseId ?? null, medicinePriceId: null, serialNumber: null,
    qrTracking: false, minStock: null, maxStock: null, stockQuantity: 0, status: 'ACTIVE', prescriptionType: null, tags: [],
  };
}

/** An invoice's content as the form types it (Turkish numbers). */
export function draftOf(inv: Invoice, products: ReadonlyMap<number, Product>): InvoiceDraft {
  const lines: LineDraft[] = inv.products.map((l, i) => {
    const kdv = l.taxes.find((x) => x.taxType === 'KDV');
    return {
      key: i,
      product: products.get(l.productId) ?? productOfLine(l),
      quantity: formatQuantity(l.quantity, 0).replace(/\./g, ''),
      unitPrice: formatDecimalInput(l.unitPrice, 2, 8),
      discount: discountDraft(l.discounts[0]),
      taxId: kdv ? String(kdv.taxId) : '',
      withholdingCode: l.withholdingCode ?? '',
      withholdingPercent: l.withholdingRatio ? String(l.withholdingRatio * 10) : '',
      warehouseId: l.stocks[0] ? String(l.stocks[0].warehouseId) : '',
      ...(l.despatchLineId ? { despatchLineId: l.despatchLineId } : {}),
    };
  });
  return {
    current: { id: inv.currentId, name: inv.currentName, lastName: null },
    date: inv.date, dueDate: inv.dueDate ?? '', currencyId: String(inv.currencyId),
    rate: inv.currencyId !== TL ? formatDecimalInput(inv.conversionRate, 2, 6) : '',
    series: inv.invoiceType === 'SALE' ? inv.series ?? '' : '', documentNo: inv.invoiceType === 'BUYING' ? inv.documentNo ?? '' : '',
    explanation: inv.explanation ?? '', tagIds: inv.tags.map((x) => x.id), lines, pricesIncludeTax: inv.pricesIncludeTax,
    discount: discountDraft(inv.discounts[0]),
    payments: inv.payments.map((p, i) => ({
      key: lines.length + i, type: p.paymentType, amount: formatDecimalInput(p.amount, 2, 2), date: p.date ?? '', accountId: String(p.safeId ?? p.bankAccountId ?? ''), method: p.method ?? '',
    })),
    instalments: instalmentDraft(inv.instalments),
  };
}

/** Saved: says so, tells the other screens, opens the invoice. */
function useSaved(host: WorkbenchHost, created: boolean) {
  const { t } = useTranslation('accounting');
  return (saved: Invoice, draft: boolean) => {
    host.notify.success(draft ? t('invoices.form.saved.draft') : saved.status === 'POSTED' && created ? t('invoices.form.saved.posted', { no: saved.documentNo ?? '' }) : t('invoices.form.saved.updated'));
    host.bus.emit(created ? 'entity.created' : 'entity.updated', { plugin: 'accounting', entity: 'invoice', id: saved.id, record: saved });
    host.navigate(`/invoice/${saved.id}`);
  };
}

function NewInvoicePage(props: { host: WorkbenchHost; type: InvoiceType }) {
  const { t } = useTranslation('accounting');
  const onSaved = useSaved(props.host, true);
  const title = t(`invoices.form.newTitle.${props.type}`);
  return (
    <section aria-label={title}>
      <H2>{title}</H2>
      <InvoiceForm host={props.host} type={props.type} initial={emptyDraft()} invoice={null} onSaved={onSaved} onCancel={() => props.host.navigate(LIST_OF[props.type])} />
    </section>
  );
}

/** /sales/new: a new sales invoice. */
export function NewSalePage({ host }: ContributionProps) {
  return <NewInvoicePage host={host} type="SALE" />;
}

/** /expense/new: a new purchase or expense invoice. */
export function NewExpensePage({ host }: ContributionProps) {
  return <NewInvoicePage host={host} type="BUYING" />;
}

/**
 * /invoice/:id/edit: an invoice's form with its content (its products read again for their stock
 * and prices). A cancelled invoice is not changed.
 */
export default function EditInvoicePage({ host, params }: ContributionProps) {
  const { t } = useTranslation('accounting');
  const id = Number(params?.id);
  const valid = Number.isInteger(id) && id > 0;
  const onSaved = useSaved(host, false);
  // The invoice as a draft for the form, with its products. Read on every visit, and the form
  // opens on what this visit read: a draft the person starts typing into must not be an old one.
  const read = useApiData(['GET', INVOICE, { id }, 'form'], async (api) => {
    const invoice = await api.request('GET', INVOICE, { params: { path: { id } } });
    const ids = [...new Set(invoice.products.map((l) => l.productId))];
    const products = new Map<number, Product>();
    if (ids.length) {
      const page = await api.list(PRODUCTS, { params: { query: { id: ids, size: Math.max(10, ids.length) } } }).catch(() => ({ items: [] as Product[] }));
      for (const p of page.items) products.set(p.id, p);
    }
    return { invoice, draft: draftOf(invoice, products) };
  }, { enabled: valid, refetchOnEveryMount: true });

  if (read.isError || !valid) return <NonIdealState icon="search" title={t('invoices.notFound')} />;
  if (!read.data || !read.isFetchedAfterMount) return <div role="status"><Spinner size={20} /> {t('finance.common.loading')}</div>;
  const loaded = read.data;
  const inv = loaded.invoice;
  const title = t(`invoices.form.editTitle.${baseOf(inv.invoiceType)}`);
  return (
    <section aria-label={title}>
      <H2>{title}{inv.documentNo ? ` — ${inv.documentNo}` : ''}</H2>
      {inv.status === 'CANCELLED' ? <Callout intent="warning">{t('invoices.statuses.CANCELLED')}</Callout> : (
        <InvoiceForm host={host} type={baseOf(inv.invoiceType)} initial={loaded.draft} invoice={inv} onSaved={onSaved} onCancel={() => host.navigate(`/invoice/${inv.id}`)} />
      )}
    </section>
  );
}
