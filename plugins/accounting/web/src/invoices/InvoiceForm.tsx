import { useRef, useState, type CSSProperties, type FormEvent, type ReactNode } from 'react';
import { Button, Callout, Card, Checkbox, H4, HTMLSelect, HTMLTable, InputGroup, TextArea } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { formatDate, formatDecimalInput, type WorkbenchHost } from '@tezgah/core';
import { idempotencyKey } from '@tezgah/sdk';
import { WITHHOLDING_CODES, defaultTaxFor, unitPriceFor, withholdingOptions, type DecimalInput, type InvoiceTotals } from '@tezgah/core/invoice';
import { DateInput, Field, LineGrid, isRefusal, reportFailure, useShell, visuallyHidden, type FieldErrors } from '@tezgah/workbench/ui';
import { TagChecks, useCompanyTags } from '../currents/CurrentTags';
import { CurrencySelect, CurrentSuggest, MoneyInput } from '../finance/parts';
import { TL, currencyCode, readRate, type Current } from '../finance/model';
import { isDay, today } from '../ledger/model';
import { quantity as showQuantity } from '../products/model';
import {
  BANK_PAYMENTS, EXCHANGE_RATE, INSTALMENT_TYPES, INVOICES, SAFE_PAYMENTS, blankLine, computeForm, decimalOf, defaultInstalmentDay, formKeyOfServer,
  instalmentDates, noInstalments, readInstalments, splitAmount, stockShortages, usedLines, withholdingCodeList,
  type DiscountDraft, type InstalmentDraft, type InstalmentType, type Invoice, type InvoiceType, type LineDraft, type PaymentDraft, type Product, paymentChoiceKey,
} from './model';
import { DiscountInput, ProductSuggest, TaxSelect, useLookup, useMoneyChoices, usePaymentMethods } from './parts';

/** What the form starts from: empty for a new invoice, the invoice's own content when it is edited. */
export interface InvoiceDraft {
  current: Pick<Current, 'id' | 'name' | 'lastName'> | null;
  date: string;
  dueDate: string;
  currencyId: string;
  rate: string;
  series: string;
  documentNo: string;
  explanation: string;
  tagIds: number[];
  lines: LineDraft[];
  discount: DiscountDraft;
  payments: PaymentDraft[];
  /** Unit prices typed KDV-inclusive. */
  pricesIncludeTax?: boolean;
  /** The instalment plan for what remains (off for none). */
  instalments?: InstalmentDraft;
}

/** Header fields the server may name; anything else it names goes to a notice. */
const HEADER_FIELDS = new Set([
  'currentId', 'date', 'dueDate', 'currencyId', 'conversionRate', 'pricesIncludeTax', 'series', 'documentNo', 'explanation', 'tagIds', 'discount', 'lines', 'payments', 'totalAmount',
  'instalments', 'instalments.type', 'instalments.day', 'instalments.count',
]);

/** Typed money of the computation ("1999.90") as the screen shows it ("1.999,90"), exactly. */
export const shown = (s: string) => formatDecimalInput(s, 2, 2);

const hidden = (text: string) => <span style={visuallyHidden}>{text}</span>;
const head: CSSProperties = { fontWeight: 600, fontSize: 12 };
const PAYMENT_GRID: CSSProperties = { display: 'grid', gridTemplateColumns: '115px 120px 130px minmax(130px, 1fr) 32px', gap: 8, alignItems: 'start', minWidth: 560 };
const LINE_GRID: CSSProperties = {
  display: 'grid', gridTemplateColumns: 'minmax(160px, 2fr) 70px 115px 150px 105px 125px 130px 95px 32px', gap: 8, alignItems: 'start', minWidth: 1050,
};

/**
 * An invoice's form (seeds 000 §3 invoice; §5 computation and payments), for both directions: the
 * current, dates, currency and rate, the series (a sale) or the supplier's number (a purchase), the
 * lines (product, quantity, unit price, line discount, KDV, withholding, warehouse), a document
 * discount, the payments, and the totals as the user types — by `computeInvoice`, the function the
 * server checks them with; its objection is shown at the field it names instead of the totals.
 * "Taslak kaydet" keeps a draft; "Faturayı kes" (a sale) or "Kaydet" posts it. The server's field
 * messages land at their inputs (`products.0.quantity` at the first line's quantity); anything
 * else (e.g. 409 stock shortage) is a notice with the server's words.
 */
export function InvoiceForm(props: {
  host: WorkbenchHost;
  type: InvoiceType;
  initial: InvoiceDraft;
  /** The invoice being edited (null: a new one). */
  invoice: Invoice | null;
  onSaved: (saved: Invoice, draft: boolean) => void;
  onCancel: () => void;
}) {
  const shell = useShell();
  const { t, i18n } = useTranslation('accounting');
  const { type, invoice } = props;
  const next = useRef(Math.max(0, ...props.initial.lines.map((l) => l.key), ...props.initial.payments.map((p) => p.key)) + 1);
  // One key for this form's new invoice: a second click, or a retry after a lost answer, makes
  // no second invoice (the server answers the first).
  const saveKey = useRef(idempotencyKey());
  const [current, setCurrent] = useState(props.initial.current);
  const [date, setDate] = useState(props.initial.date);
  const [dueDate, setDueDate] = useState(props.initial.dueDate);
  const [currencyId, setCurrencyId] = useState(props.initial.currencyId);
  const [rate, setRate] = useState(props.initial.rate);
  const [inclusive, setInclusive] = useState(props.initial.pricesIncludeTax === true);
  const [series, setSeries] = useState(props.initial.series);
  const [documentNo, setDocumentNo] = useState(props.initial.documentNo);
  const [explanation, setExplanation] = useState(props.initial.explanation);
  const [tagIds, setTagIds] = useState(props.initial.tagIds);
  const [lines, setLines] = useState<LineDraft[]>(props.initial.lines.length ? props.initial.lines : [blankLine(0)]);
  const [discount, setDiscount] = useState(props.initial.discount);
  const [payments, setPayments] = useState<PaymentDraft[]>(props.initial.payments);
  const [instalments, setInstalments] = useState<InstalmentDraft>(props.initial.instalments ?? noInstalments());
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState<'draft' | 'post' | null>(null);
  const rates = useRef(new Map<number, string>());

  const taxes = useLookup('taxes');
  const warehouses = useLookup('warehouses');
  const tags = useCompanyTags(props.host);
  const methods = usePaymentMethods();
  const moneyAccounts = useMoneyChoices(payments.some((p) => SAFE_PAYMENTS.includes(p.type) || BANK_PAYMENTS.includes(p.type)));
  const safes = moneyAccounts && moneyAccounts.filter((a) => a.kind === 'SAFE');
  const banks = moneyAccounts && moneyAccounts.filter((a) => a.kind === 'BANK_ACCOUNT');

  const cur = Number(currencyId);
  const foreign = cur !== TL;
  const typedRate = foreign ? readRate(rate) : null;
  const rateValue = typedRate && 'value' in typedRate ? typedRate.value : '';
  const used = usedLines(lines);
  const computed = used.length ? computeForm({ lines, discount, payments, conversionRate: rateValue, pricesIncludeTax: inclusive }, taxes) : null;
  const totals: InvoiceTotals | null = computed && 'totals' in computed ? computed.totals : null;
  const live = computed && 'error' in computed ? computed.error : null;
  // A posted sale being edited already took its quantities out of the stock.
  const before = new Map<number, number>();
  if (invoice?.invoiceType === 'SALE' && invoice.status === 'POSTED') for (const l of invoice.products) if (!l.despatchLineId) before.set(l.productId, (before.get(l.productId) ?? 0) + l.quantity);
  const shortages = type === 'SALE' ? stockShortages(lines, before) : new Map<number, number>();
  /** The message of a field: the live computation's first, else the last save's. */
  const err = (key: string) => (live?.field === key ? live.message : undefined) ?? errors[key];

  const updateLine = (key: number, patch: Partial<LineDraft>) => setLines((ls) => ls.map((l) => (l.key === key ? { ...l, ...patch } : l)));
  const updatePayment = (key: number, patch: Partial<PaymentDraft>) => setPayments((ps) => ps.map((p) => (p.key === key ? { ...p, ...patch } : p)));

  /** Lira per unit of a currency on the invoice's day: the rate typed for the invoice's own, else TCMB's. */
  async function liraRate(currency: number, invoiceCurrency = cur): Promise<string> {
    if (currency === TL) return '1';
    if (currency === invoiceCurrency && currency === cur && rateValue) return rateValue;
    const known = rates.current.get(currency);
    if (known) return known;
    const day = isDay(date) && date <= today() ? date : today();
    const r = await shell.api.request('POST', EXCHANGE_RATE, { params: { path: { from: currency, date: day, to: TL } } });
    rates.current.set(currency, String(r.rate));
    return String(r.rate);
  }

  /** A product chosen on a line: its price for the direction (converted when the currencies differ), its KDV and warehouse. */
  function choose(key: number, p: Product) {
    const taxId = taxes?.some((x) => x.id === p.defaultTaxId) ? String(p.defaultTaxId) : String(defaultTaxFor(p, taxes ?? [])?.id ?? '');
    setErrors((e) => ({ ...e, [`line:${key}.product`]: undefined }));
    price(key, p, cur, { product: p, taxId, warehouseId: p.service ? '' : String(p.warehouseId ?? '') });
  }

  /** A line's unit price from its product for the direction, in `target` currency (converted at the day's rates when they differ). */
  function price(key: number, p: Product, target: number, with_: Partial<LineDraft> = {}) {
    const raw = type === 'BUYING' ? p.buyingPrice : p.salePrice;
    const from = type === 'BUYING' ? p.buyingCurrencyId : p.saleCurrencyId;
    const base = { ...with_, note: undefined };
    if (raw === null || raw === undefined) { updateLine(key, { ...base, unitPrice: '', productPrice: false, note: t('invoices.form.noPrice') }); return; }
    if (from === target) { updateLine(key, { ...base, unitPrice: formatDecimalInput(unitPriceFor(p, type, target, () => 1)!, 2, 8), productPrice: true }); return; }
    updateLine(key, { ...base, unitPrice: '', productPrice: true });
    void (async () => {
      try {
        const known = new Map<number, DecimalInput>();
        for (const c of [from, target]) known.set(c, await liraRate(c, target));
        const unitPrice = formatDecimalInput(unitPriceFor(p, type, target, (c) => known.get(c) ?? 1)!, 2, 8);
        // Only while the line still waits for this product's price: a price typed meanwhile stays.
        setLines((ls) => ls.map((l) => (l.key === key && l.productPrice && l.product?.id === p.id ? { ...l, unitPrice } : l)));
      } catch {
        setLines((ls) => ls.map((l) => (l.key === key && l.productPrice && l.product?.id === p.id ? { ...l, note: t('invoices.form.rateMissing') } : l)));
      }
    })();
  }

  /** The invoice's currency changed: the lines priced from their product are priced again in it; typed prices stay. */
  function changeCurrency(v: string) {
    setCurrencyId(v);
    setRate('');
    for (const l of lines) if (l.product && l.productPrice && !l.despatchLineId) price(l.key, l.product, Number(v));
  }

  const addPayment = () => {
    const amount = totals && Number(totals.remaining) > 0 ? formatDecimalInput(totals.remaining, 2, 2) : '';
    setPayments((ps) => [...ps, { key: next.current++, type: 'CASH', amount, date: '', accountId: '' }]);
  };

  /** The lines that count and were touched: an untouched line without a product is left out. */
  const touched = (l: LineDraft) => l.product !== null || l.unitPrice.trim() !== '' || l.discount.text.trim() !== '';

  async function save(draft: boolean) {
    const found: FieldErrors = {};
    if (!current) found.currentId = t('invoices.rules.currentRequired');
    if (!date) found.date = t('ledger.rules.required');
    else if (!isDay(date)) found.date = t('ledger.rules.date');
    if (dueDate && !isDay(dueDate)) found.dueDate = t('ledger.rules.date');
    else if (dueDate && isDay(date) && dueDate < date) found.dueDate = t('invoices.rules.dueBeforeDate');
    if (typedRate && 'error' in typedRate) found.conversionRate = t('finance.rules.rate');
    if (type === 'SALE' && series.trim() && !/^[A-Z0-9]{3}$/.test(series.trim())) found.series = t('invoices.rules.series');
    for (const l of lines) if (!l.product && touched(l)) found[`line:${l.key}.product`] = t('invoices.rules.productRequired');
    if (!used.length) found.lines = t('invoices.rules.linesRequired');
    for (const p of payments) if (BANK_PAYMENTS.includes(p.type) && !p.accountId) found[`payment:${p.key}.account`] = t('invoices.rules.bankAccountRequired');
    const plan = readInstalments(instalments);
    if ('errors' in plan) {
      if (plan.errors.day) found['instalments.day'] = t(`invoices.rules.instalmentDay.${instalments.type}`);
      if (plan.errors.count) found['instalments.count'] = t('invoices.rules.instalmentCount');
    } else if (plan.plan && totals && Number(totals.remaining) <= 0) {
      found.instalments = t('invoices.rules.nothingToInstal');
    }
    if (live) found[live.field] = live.message;
    setErrors(found);
    if (Object.keys(found).length || !totals || 'errors' in plan) return;

    const sentLines = used;
    const sentPayments = payments;
    const body = {
      invoiceType: type,
      draft,
      currentId: current!.id,
      date,
      dueDate: dueDate || null,
      currencyId: cur,
      ...(foreign && rateValue ? { conversionRate: rateValue } : {}),
      ...(inclusive ? { pricesIncludeTax: true } : {}),
      explanation: explanation.trim() || null,
      tagIds,
      ...(type === 'BUYING' ? { documentNo: documentNo.trim() || null } : {}),
      ...(type === 'SALE' && series.trim() ? { series: series.trim() } : {}),
      products: sentLines.map((l) => {
        const p = l.product!;
        const q = decimalOf(l.quantity);
        const withholding = l.withholdingCode ? withholdingOptions(l.withholdingCode) : [];
        return {
          productId: p.id,
          quantity: q,
          unitPrice: decimalOf(l.unitPrice),
          ...(l.discount.text.trim()
            ? { discounts: [l.discount.kind === 'PERCENTAGE' ? { type: 'PERCENTAGE' as const, percentage: decimalOf(l.discount.text) } : { type: 'AMOUNT' as const, amount: decimalOf(l.discount.text) }] }
            : {}),
          ...(l.taxId ? { taxes: [{ taxId: Number(l.taxId) }] } : {}),
          ...(l.withholdingCode
            ? { withholdingCode: l.withholdingCode, ...(withholding.length > 1 ? { withholdingPercent: Number(l.withholdingPercent || withholding[0]!.percent) } : {}) }
            : {}),
          // A line made from a despatch names its line and carries no stocks (the despatch moved them).
          ...(l.despatchLineId ? { despatchLineId: l.despatchLineId } : {}),
          ...(!p.service && !l.despatchLineId && l.warehouseId ? { stocks: [{ warehouseId: Number(l.warehouseId), quantity: q }] } : {}),
        };
      }),
      ...(discount.text.trim()
        ? { discounts: [discount.kind === 'PERCENTAGE' ? { type: 'PERCENTAGE' as const, percentage: decimalOf(discount.text) } : { type: 'AMOUNT' as const, amount: decimalOf(discount.text) }] }
        : {}),
      ...(sentPayments.length
        ? {
          payments: sentPayments.map((p) => ({
            paymentType: p.type,
            amount: decimalOf(p.amount),
            ...(p.date ? { date: p.date } : {}),
            ...(SAFE_PAYMENTS.includes(p.type) && p.accountId ? { safeId: Number(p.accountId) } : {}),
            ...(BANK_PAYMENTS.includes(p.type) && p.accountId ? { bankAccountId: Number(p.accountId) } : {}),
            ...(p.method ? { method: p.method } : {}),
          })),
        }
        : {}),
      ...(plan.plan ? { instalments: plan.plan } : {}),
      totalAmount: totals.totalAmount,
    };
    setBusy(draft ? 'draft' : 'post');
    try {
      const saved = invoice
        ? await shell.api.request('PUT', INVOICES, { body: { ...body, id: invoice.id } })
        : await shell.api.request('POST', INVOICES, { params: { header: { 'Idempotency-Key': saveKey.current } }, body });
      props.onSaved(saved, draft);
    } catch (e) {
      // A refusal (4xx) wrote nothing: the corrected invoice is a new request with a key of its
      // own. A lost answer or a server error keeps the key, so trying again cannot double it.
      if (isRefusal(e)) saveKey.current = idempotencyKey();
      const list = fieldErrorList(e);
      const mine: FieldErrors = {};
      for (const f of list) {
        const key = formKeyOfServer(f.field, sentLines, sentPayments);
        if (key.startsWith('line:') || key.startsWith('payment:') || HEADER_FIELDS.has(key)) mine[key] ??= f.message;
      }
      if (!foreign) delete mine.conversionRate;
      setErrors(mine);
      const status = (e as { status?: number }).status;
      if (!Object.keys(mine).length || status === 409) reportFailure(shell.notify, e, t('notify.error', { ns: 'kernel' }));
    } finally {
      setBusy(null);
    }
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    void save(false);
  }

  const title = t(invoice ? `invoices.form.editTitle.${type}` : `invoices.form.newTitle.${type}`);
  const codes = withholdingCodeList(WITHHOLDING_CODES);
  const lineName = (n: number, what: string) => `${t('invoices.form.line', { n })}: ${what}`;
  const paymentName = (n: number, what: string) => `${t('invoices.form.payment', { n })}: ${what}`;
  const mayDraft = !invoice || invoice.status === 'DRAFT';
  const lineTotals = new Map<number, string>();
  if (totals) used.forEach((l, i) => lineTotals.set(l.key, totals.lines[i]!.total));

  return (
    // Enter in a box picks from its list (the product, the current) or moves on; it does not post the invoice.
    <form onSubmit={submit} noValidate aria-label={title} onKeyDown={(e) => { if (e.key === 'Enter' && e.target instanceof HTMLInputElement) e.preventDefault(); }}>
      <Card>
        <H4>{t('invoices.form.header')}</H4>
        <Field id="inv-current" label={t(`invoices.form.current.${type}`)} error={errors.currentId} required>
          <CurrentSuggest id="inv-current" host={props.host} value={current} onChange={(c) => { setCurrent(c); setErrors((x) => ({ ...x, currentId: undefined })); }} />
        </Field>
        <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap' }}>
          <Field id="inv-date" label={t('invoices.form.date')} error={errors.date} required>
            <DateInput id="inv-date" value={date} onValueChange={setDate} />
          </Field>
          <Field id="inv-due" label={t('invoices.form.dueDate')} error={errors.dueDate}>
            <DateInput id="inv-due" value={dueDate} onValueChange={setDueDate} />
          </Field>
          <Field id="inv-currency" label={t('invoices.form.currency')} error={errors.currencyId}>
            <CurrencySelect id="inv-currency" value={currencyId} onChange={changeCurrency} />
          </Field>
          {foreign && (
            <Field id="inv-rate" label={t('invoices.form.rate', { currency: currencyCode(cur) })} error={err('conversionRate')} hint={t('invoices.form.rateHint')}>
              <MoneyInput id="inv-rate" value={rate} onValueChange={setRate} decimals={[2, 6]} placeholder="0,0000" />
            </Field>
          )}
          {type === 'SALE' ? (
            <Field id="inv-series" label={t('invoices.form.series')} error={errors.series} hint={t('invoices.form.seriesHint')}>
              <InputGroup id="inv-series" value={series} onValueChange={(v) => setSeries(v.toUpperCase())} maxLength={3} disabled={invoice?.status === 'POSTED'} style={{ width: 90 }} />
            </Field>
          ) : (
            <Field id="inv-document-no" label={t('invoices.form.documentNo')} error={errors.documentNo} hint={t('invoices.form.documentNoHint')}>
              <InputGroup id="inv-document-no" value={documentNo} onValueChange={setDocumentNo} maxLength={32} />
            </Field>
          )}
        </div>
        <Field id="inv-inclusive" label={null} error={errors.pricesIncludeTax} hint={t('invoices.form.pricesIncludeTaxHint')}>
          <Checkbox id="inv-inclusive" checked={inclusive} label={t('invoices.form.pricesIncludeTax')} onChange={(e) => setInclusive(e.currentTarget.checked)} />
        </Field>
        <Field id="inv-explanation" label={t('invoices.form.explanation')} error={errors.explanation}>
          <TextArea id="inv-explanation" value={explanation} onChange={(e) => setExplanation(e.currentTarget.value)} maxLength={500} fill />
        </Field>
        {tags && tags.length > 0 && (
          <Field id="inv-tags" label={t('invoices.form.tags')} error={errors.tagIds} describeChild={false}>
            <TagChecks tags={tags} value={tagIds} onChange={setTagIds} />
          </Field>
        )}
      </Card>

      <Card style={{ marginTop: 12 }}>
        <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
          <legend style={{ fontWeight: 600, marginBottom: 6 }}>{t('invoices.form.lines')}</legend>
          <LineGrid label={t('invoices.form.lines')}>
            <div style={LINE_GRID} aria-hidden="true">
              <span style={head}>{t('invoices.form.product')}</span>
              <span style={head}>{t('invoices.form.quantity')}</span>
              <span style={head}>{t('invoices.form.unitPrice')}</span>
              <span style={head}>{t('invoices.form.discount')}</span>
              <span style={head}>{t('invoices.form.tax')}</span>
              <span style={head}>{t('invoices.form.withholding')}</span>
              <span style={head}>{t('invoices.form.warehouse')}</span>
              <span style={{ ...head, textAlign: 'right' }}>{t('invoices.form.lineTotal')}</span>
              <span />
            </div>
            {lines.map((l, i) => {
              const n = i + 1;
              const id = `inv-line-${l.key}`;
              const k = (part: string) => `line:${l.key}.${part}`;
              const options = l.withholdingCode ? withholdingOptions(l.withholdingCode) : [];
              const shortage = shortages.get(l.key);
              const total = lineTotals.get(l.key);
              return (
                <div key={l.key} role="group" aria-label={t('invoices.form.line', { n })} style={{ ...LINE_GRID, marginBottom: 4 }}>
                  <Field id={`${id}-product`} label={hidden(lineName(n, t('invoices.form.product')))} error={err(k('product'))}>
                    <ProductSuggest id={`${id}-product`} value={l.product} disabled={Boolean(l.despatchLineId)} onChange={(p) => choose(l.key, p)} />
                  </Field>
                  <Field id={`${id}-quantity`} label={hidden(lineName(n, t('invoices.form.quantity')))} error={err(k('quantity'))}>
                    <InputGroup id={`${id}-quantity`} value={l.quantity} inputMode="decimal" onValueChange={(v) => updateLine(l.key, { quantity: v })} />
                  </Field>
                  <Field id={`${id}-price`} label={hidden(lineName(n, t('invoices.form.unitPrice')))} error={err(k('unitPrice'))}>
                    <MoneyInput id={`${id}-price`} value={l.unitPrice} decimals={[2, 8]} onValueChange={(v) => updateLine(l.key, { unitPrice: v, note: undefined, productPrice: false })} />
                  </Field>
                  <Field id={`${id}-discount`} label={hidden(lineName(n, t('invoices.form.discount')))} error={err(k('discount'))}>
                    <DiscountInput
                      id={`${id}-discount`} value={l.discount} onChange={(d) => updateLine(l.key, { discount: d })}
                      kindLabel={lineName(n, t('invoices.form.discountKind'))}
                    />
                  </Field>
                  <Field id={`${id}-tax`} label={hidden(lineName(n, t('invoices.form.tax')))} error={err(k('taxId'))}>
                    <TaxSelect id={`${id}-tax`} taxes={taxes} product={l.product} value={l.taxId} onChange={(v) => updateLine(l.key, { taxId: v })} />
                  </Field>
                  <div style={{ display: 'flex', gap: 4 }}>
                    <Field id={`${id}-withholding`} label={hidden(lineName(n, t('invoices.form.withholding')))} error={err(k('withholdingCode'))}>
                      <HTMLSelect
                        id={`${id}-withholding`} value={l.withholdingCode}
                        onChange={(e) => { const code = e.currentTarget.value; updateLine(l.key, { withholdingCode: code, withholdingPercent: code ? String(withholdingOptions(code)[0]?.percent ?? '') : '' }); }}
                      >
                        <option value="">{t('invoices.form.noWithholding')}</option>
                        {codes.map((c) => <option key={c} value={c}>{c}</option>)}
                      </HTMLSelect>
                    </Field>
                    {options.length > 1 && (
                      <Field id={`${id}-withholding-percent`} label={hidden(lineName(n, t('invoices.form.withholdingPercent')))}>
                        <HTMLSelect id={`${id}-withholding-percent`} value={l.withholdingPercent} onChange={(e) => updateLine(l.key, { withholdingPercent: e.currentTarget.value })}>
                          {options.map((o) => <option key={o.percent} value={String(o.percent)}>{`${o.numerator}/10`}</option>)}
                        </HTMLSelect>
                      </Field>
                    )}
                  </div>
                  {l.despatchLineId ? (
                    <span className="bp6-text-muted bp6-text-small" style={{ paddingTop: 4 }}>{t('invoices.form.fromDespatch')}</span>
                  ) : l.product && !l.product.service && warehouses && warehouses.length > 0 ? (
                    <Field id={`${id}-warehouse`} label={hidden(lineName(n, t('invoices.form.warehouse')))} error={err(k('warehouseId'))}>
                      <HTMLSelect id={`${id}-warehouse`} fill value={l.warehouseId} onChange={(e) => updateLine(l.key, { warehouseId: e.currentTarget.value })}>
                        <option value="">{t('invoices.form.productWarehouse')}</option>
                        {warehouses.map((w) => <option key={w.id} value={String(w.id)}>{w.name}</option>)}
                      </HTMLSelect>
                    </Field>
                  ) : <span />}
                  <output aria-label={lineName(n, t('invoices.form.lineTotal'))} style={{ textAlign: 'right', paddingTop: 6 }}>{total ? shown(total) : ''}</output>
                  <Button
                    icon="trash" variant="minimal" aria-label={t('invoices.form.removeLine', { n })} title={t('invoices.form.removeLine', { n })}
                    disabled={lines.length <= 1}
                    onClick={() => setLines((ls) => ls.filter((x) => x.key !== l.key))}
                  />
                  {(shortage !== undefined || l.note) && (
                    <div style={{ gridColumn: '1 / -1' }}>
                      {shortage !== undefined && (
                        <Callout intent="warning" icon="warning-sign" compact role="status">
                          {t('invoices.form.stockWarning', { stock: `${showQuantity(shortage)} ${l.product?.unitName ?? ''}`.trim() })}
                        </Callout>
                      )}
                      {l.note && <Callout intent="primary" compact>{l.note}</Callout>}
                    </div>
                  )}
                </div>
              );
            })}
          </LineGrid>
          {err('lines') && <Callout intent="danger" style={{ marginBottom: 8 }}>{err('lines')}</Callout>}
          <Button icon="add" variant="minimal" text={t('invoices.form.addLine')} onClick={() => setLines((ls) => [...ls, blankLine(next.current++)])} />
        </fieldset>
        <div style={{ display: 'flex', gap: 12, marginTop: 12 }}>
          <Field id="inv-discount" label={t('invoices.form.documentDiscount')} error={err('discount')}>
            <DiscountInput id="inv-discount" value={discount} onChange={setDiscount} kindLabel={t('invoices.form.documentDiscountKind')} />
          </Field>
        </div>
      </Card>

      <div style={{ display: 'flex', gap: 12, marginTop: 12, flexWrap: 'wrap', alignItems: 'flex-start' }}>
        <Card style={{ flex: '2 1 580px' }}>
          <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
            <legend style={{ fontWeight: 600, marginBottom: 6 }}>{t('invoices.form.payments')}</legend>
            <LineGrid>
            {payments.map((p, i) => {
              const n = i + 1;
              const id = `inv-payment-${p.key}`;
              const k = (part: string) => `payment:${p.key}.${part}`;
              const into = SAFE_PAYMENTS.includes(p.type) ? 'safe' : BANK_PAYMENTS.includes(p.type) ? 'bank' : null;
              // A contributed method settles only into the bank account types it names (the POS device: POS accounts).
              const narrow = methods.find((x) => x.method !== null && x.method === p.method)?.bankAccountTypes ?? null;
              const accounts = into === 'safe' ? safes : into === 'bank' ? banks && banks.filter((a) => !narrow || (a.accountType != null && narrow.includes(a.accountType))) : null;
              return (
                <div key={p.key} role="group" aria-label={t('invoices.form.payment', { n })} style={PAYMENT_GRID}>
                  <Field id={`${id}-type`} label={hidden(paymentName(n, t('invoices.form.paymentType')))} error={err(k('type'))}>
                    <HTMLSelect
                      id={`${id}-type`} fill value={paymentChoiceKey(p)}
                      onChange={(e) => {
                        const m = methods.find((x) => paymentChoiceKey({ type: x.paymentType, method: x.method }) === e.currentTarget.value);
                        if (m) updatePayment(p.key, { type: m.paymentType, method: m.method ?? '', accountId: '' });
                      }}
                    >
                      {methods.map((x) => {
                        const key = paymentChoiceKey({ type: x.paymentType, method: x.method });
                        return <option key={key} value={key}>{i18n.language.startsWith('en') ? x.label.en : x.label.tr}</option>;
                      })}
                    </HTMLSelect>
                  </Field>
                  <Field id={`${id}-amount`} label={hidden(paymentName(n, t('invoices.form.paymentAmount')))} error={err(k('amount'))}>
                    <MoneyInput id={`${id}-amount`} value={p.amount} onValueChange={(v) => updatePayment(p.key, { amount: v })} />
                  </Field>
                  <Field id={`${id}-date`} label={hidden(paymentName(n, t('invoices.form.paymentDate')))} error={err(k('date'))} hint={p.date ? undefined : t('invoices.form.paymentDateHint')}>
                    <DateInput id={`${id}-date`} value={p.date} onValueChange={(v) => updatePayment(p.key, { date: v })} />
                  </Field>
                  {into === null ? <span /> : (
                    <Field
                      id={`${id}-account`} error={err(k('account'))}
                      label={hidden(paymentName(n, t(into === 'safe' ? 'invoices.form.safe' : 'invoices.form.bankAccount')))}
                    >
                      <HTMLSelect id={`${id}-account`} fill value={p.accountId} disabled={accounts === null} onChange={(e) => updatePayment(p.key, { accountId: e.currentTarget.value })}>
                        <option value="">{into === 'safe' ? t('invoices.form.firstSafe') : t('invoices.form.choose')}</option>
                        {(accounts ?? []).filter((a) => a.currencyId === cur).map((a) => <option key={a.id} value={String(a.id)}>{a.name}</option>)}
                      </HTMLSelect>
                    </Field>
                  )}
                  <Button
                    icon="trash" variant="minimal" aria-label={t('invoices.form.removePayment', { n })} title={t('invoices.form.removePayment', { n })}
                    onClick={() => setPayments((ps) => ps.filter((x) => x.key !== p.key))}
                  />
                </div>
              );
            })}
            </LineGrid>
            {err('payments') && <Callout intent="danger" style={{ marginBottom: 8 }}>{err('payments')}</Callout>}
            <Button icon="add" variant="minimal" text={t('invoices.form.addPayment')} onClick={addPayment} />
          </fieldset>
          <InstalmentFields
            value={instalments} date={date} remaining={totals?.remaining ?? null} errors={errors}
            onChange={(v) => { setInstalments(v); setErrors((x) => ({ ...x, instalments: undefined, 'instalments.type': undefined, 'instalments.day': undefined, 'instalments.count': undefined })); }}
          />
        </Card>
        <Card style={{ flex: '1 1 280px' }}>
          <TotalsPanel totals={totals} problem={live?.message ?? null} currency={currencyCode(cur)} foreign={foreign} serverError={errors.totalAmount} />
        </Card>
      </div>

      <div style={{ display: 'flex', gap: 8, justifyContent: 'flex-end', marginTop: 12 }}>
        <Button text={t('invoices.form.cancel')} onClick={props.onCancel} />
        {mayDraft && <Button icon="floppy-disk" text={t('invoices.form.saveDraft')} loading={busy === 'draft'} disabled={busy !== null} onClick={() => { void save(true); }} />}
        <Button
          type="submit" intent="primary" icon="tick" loading={busy === 'post'} disabled={busy !== null}
          text={invoice?.status === 'POSTED' ? t('invoices.form.save') : t(`invoices.form.post.${type}`)}
        />
      </div>
    </form>
  );
}

/**
 * The instalment plan for what remains (Taksitlendir): monthly on a day of the month, weekly on a
 * day of the week, or every N days; how many. The dues it makes are previewed from the remaining
 * amount as the server will split it.
 */
function InstalmentFields(props: { value: InstalmentDraft; date: string; remaining: string | null; errors: FieldErrors; onChange: (v: InstalmentDraft) => void }) {
  const { t } = useTranslation('accounting');
  const v = props.value;
  const set = (patch: Partial<InstalmentDraft>) => props.onChange({ ...v, ...patch });
  const read = readInstalments(v);
  const plan = 'plan' in read ? read.plan : null;
  const preview = plan && props.remaining && Number(props.remaining) > 0 && isDay(props.date)
    ? (() => {
      const dates = instalmentDates(props.date, plan);
      const parts = splitAmount(props.remaining, dates.length);
      return dates.map((d, i) => ({ n: i + 1, date: d, amount: parts[i]! })).filter((x) => Number(x.amount) > 0);
    })()
    : null;
  return (
    <fieldset style={{ border: 0, padding: 0, margin: '12px 0 0' }} aria-label={t('invoices.form.instalments.legend')}>
      <Checkbox
        checked={v.on} label={t('invoices.form.instalments.on')}
        onChange={(e) => {
          const on = e.currentTarget.checked;
          set({ on, ...(on && !v.day ? { day: defaultInstalmentDay(v.type, props.date) } : {}) });
        }}
      />
      {!v.on && <p className="bp6-text-muted" style={{ marginTop: -6 }}>{t('invoices.form.instalments.hint')}</p>}
      {v.on && (
        <>
          <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap' }}>
            <Field id="inv-inst-type" label={t('invoices.form.instalments.type')} error={props.errors['instalments.type']}>
              <HTMLSelect
                id="inv-inst-type" value={v.type}
                onChange={(e) => { const type = e.currentTarget.value as InstalmentType; set({ type, day: defaultInstalmentDay(type, props.date) }); }}
              >
                {INSTALMENT_TYPES.map((x) => <option key={x} value={x}>{t(`invoices.form.instalments.types.${x}`)}</option>)}
              </HTMLSelect>
            </Field>
            <Field id="inv-inst-day" label={t(`invoices.form.instalments.day.${v.type}`)} error={props.errors['instalments.day']}>
              {v.type === 'WEEKLY' ? (
                <HTMLSelect id="inv-inst-day" value={v.day} onChange={(e) => set({ day: e.currentTarget.value })}>
                  {[1, 2, 3, 4, 5, 6, 7].map((d) => <option key={d} value={String(d)}>{t(`invoices.weekdays.${d}`)}</option>)}
                </HTMLSelect>
              ) : (
                <InputGroup id="inv-inst-day" value={v.day} inputMode="numeric" onValueChange={(x) => set({ day: x })} style={{ width: 90 }} />
              )}
            </Field>
            <Field id="inv-inst-count" label={t('invoices.form.instalments.count')} error={props.errors['instalments.count']}>
              <InputGroup id="inv-inst-count" value={v.count} inputMode="numeric" onValueChange={(x) => set({ count: x })} style={{ width: 90 }} />
            </Field>
          </div>
          {props.errors.instalments && <Callout intent="danger" style={{ marginBottom: 8 }}>{props.errors.instalments}</Callout>}
          {preview && preview.length > 0 && (
            <div role="group" aria-label={t('invoices.form.instalments.preview')}>
              <div style={head}>{t('invoices.form.instalments.preview')}</div>
              <ol style={{ margin: '4px 0 0', paddingLeft: 20 }}>
                {preview.map((x) => <li key={x.n}>{`${formatDate(x.date)} — ${shown(x.amount)}`}</li>)}
              </ol>
            </div>
          )}
        </>
      )}
    </fieldset>
  );
}

/**
 * The totals as the user types (Ara toplam, İskonto, KDV matrahı, each KDV rate, Tevkifat, Genel
 * toplam, Ödenecek, Ödenen, Kalan); while the computation objects, its message instead.
 */
function TotalsPanel(props: { totals: InvoiceTotals | null; problem: string | null; currency: string; foreign: boolean; serverError?: string }) {
  const { t } = useTranslation('accounting');
  const x = props.totals;
  const rows: [string, string, boolean?][] = x ? [
    [t('invoices.form.subtotal'), x.subtotal],
    [t('invoices.form.totalDiscount'), x.totalDiscount],
    [t('invoices.form.taxBase'), x.taxBase],
    ...x.taxes.map((tx): [string, string] => [t('invoices.form.taxLine', { type: tx.taxType, rate: tx.percentage.replace('.', ',') }), tx.amount]),
    ...(Number(x.withheld) > 0 ? [[t('invoices.form.withheld'), x.withheld] as [string, string]] : []),
    [t('invoices.form.totalAmount'), x.totalAmount, true],
    ...(Number(x.withheld) > 0 ? [[t('invoices.form.payable'), x.payable] as [string, string]] : []),
    [t('invoices.form.paid'), x.paid],
    [t('invoices.form.remaining'), x.remaining, true],
  ] : [];
  let body: ReactNode;
  if (x) {
    body = (
      <HTMLTable compact style={{ width: '100%' }} aria-label={t('invoices.form.totals')}>
        <tbody>
          {rows.map(([label, value, strong]) => (
            <tr key={label}>
              <th scope="row" style={{ fontWeight: strong ? 700 : 400 }}>{label}</th>
              <td style={{ textAlign: 'right', fontWeight: strong ? 700 : 400 }}>{shown(value)}</td>
            </tr>
          ))}
          {props.foreign && x.try && (
            <tr><th scope="row">{t('invoices.form.inLira')}</th><td style={{ textAlign: 'right' }}>{`${shown(x.try.totalAmount)} ₺`}</td></tr>
          )}
        </tbody>
      </HTMLTable>
    );
  } else if (props.problem) {
    body = <Callout intent="warning" icon="calculator">{t('invoices.form.totalsBlocked')}</Callout>;
  } else {
    body = <p className="bp6-text-muted">{t('invoices.form.totalsEmpty')}</p>;
  }
  return (
    <section role="group" aria-label={t('invoices.form.totals')}>
      <H4>{`${t('invoices.form.totals')} (${props.currency})`}</H4>
      {body}
      {props.serverError && <Callout intent="danger" style={{ marginTop: 8 }}>{props.serverError}</Callout>}
    </section>
  );
}

interface ServerFieldError { field: string; message: string }

/** The server's field messages of a failed call, paths as given (`products.0.quantity`). */
export function fieldErrorList(error: unknown): ServerFieldError[] {
  const e = (error ?? {}) as { fieldErrors?: unknown; problem?: { fieldErrors?: unknown } };
  const list = Array.isArray(e.fieldErrors) ? e.fieldErrors : Array.isArray(e.problem?.fieldErrors) ? e.problem!.fieldErrors as unknown[] : [];
  return list.filter((f): f is ServerFieldError => typeof (f as ServerFieldError)?.field === 'string' && typeof (f as ServerFieldError)?.message === 'string');
}
