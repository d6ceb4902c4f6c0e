import { useRef, useState, type CSSProperties, type FormEvent, type ReactNode } from 'react';
import { Button, Callout, Card, H4, HTMLSelect, HTMLTable, InputGroup, TextArea } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { formatDecimalInput, type WorkbenchHost } from '@tezgah/core';
import { defaultTaxFor, unitPriceFor, type DecimalInput, type InvoiceTotals } from '@tezgah/core/invoice';
import { DateInput, Field, LineGrid, reportFailure, useShell, visuallyHidden, type FieldErrors } from '@tezgah/workbench/ui';
import { TagChecks, useCompanyTags } from '../currents/CurrentTags';
import { CurrentSuggest, MoneyInput } from '../finance/parts';
import { TL, currencyCode } from '../finance/model';
import { isDay, today } from '../ledger/model';
import { fieldErrorList, shown } from '../invoices/InvoiceForm';
import { DiscountInput, ProductSuggest, TaxSelect, useLookup } from '../invoices/parts';
import { EXCHANGE_RATE, blankLine, usedLines, type LineDraft, type Product } from '../invoices/model';
import {
  INVOICE_TYPE_OF, KINDS, ORDERS, computeOrder, orderBody, orderFormKey, type Order, type OrderDirection, type OrderDraft, type OrderKind,
} from './model';

/** Header fields the server may name; anything else it names goes to a notice. */
const HEADER_FIELDS = new Set(['currentId', 'orderDate', 'orderKind', 'explanation', 'tagIds', 'currencyId', 'lines']);

const hidden = (text: string) => <span style={visuallyHidden}>{text}</span>;
const head: CSSProperties = { fontWeight: 600, fontSize: 12 };
const LINE_GRID: CSSProperties = {
  display: 'grid', gridTemplateColumns: 'minmax(200px, 2fr) 80px 125px 160px 130px 120px 32px', gap: 8, alignItems: 'start', minWidth: 880,
};

/**
 * An order's form (seeds 000 §3 order), for both directions: the current, order date, kind (Normal
 * / Talimatlı), explanation, tags, and the lines (product, quantity, unit price, line discount,
 * KDV) with the totals as the user types — `computeInvoice` of @tezgah/core through the invoice
 * form's arithmetic, without payments. A product brings its sale (received order) or buying
 * (given order) price. The server's field messages land at their inputs; its 409 ORDER_INVOICED
 * (something was invoiced meanwhile) is a notice over the form.
 */
export function OrderForm(props: {
  host: WorkbenchHost;
  direction: OrderDirection;
  initial: OrderDraft;
  /** The order being edited (null: a new one). */
  order: Order | null;
  onSaved: (saved: Order) => void;
  onCancel: () => void;
}) {
  const shell = useShell();
  const { t } = useTranslation('accounting');
  const { direction, order } = props;
  const next = useRef(Math.max(0, ...props.initial.lines.map((l) => l.key)) + 1);
  const [current, setCurrent] = useState(props.initial.current);
  const [orderDate, setOrderDate] = useState(props.initial.orderDate);
  const [orderKind, setOrderKind] = useState<OrderKind>(props.initial.orderKind);
  const [explanation, setExplanation] = useState(props.initial.explanation);
  const [tagIds, setTagIds] = useState(props.initial.tagIds);
  const [lines, setLines] = useState<LineDraft[]>(props.initial.lines.length ? props.initial.lines : [blankLine(0)]);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const [invoicedNotice, setInvoicedNotice] = useState<string | null>(null);
  const rates = useRef(new Map<number, string>());
  const taxes = useLookup('taxes');
  const tags = useCompanyTags(props.host);
  const cur = props.initial.currencyId;
  const side = INVOICE_TYPE_OF[direction];

  const used = usedLines(lines);
  const computed = computeOrder(lines, taxes);
  const totals: InvoiceTotals | null = computed && 'totals' in computed ? computed.totals : null;
  const live = computed && 'error' in computed ? computed.error : null;
  const err = (key: string) => (live?.field === key ? live.message : undefined) ?? errors[key];
  const lineTotals = new Map<number, string>();
  if (totals) used.forEach((l, i) => lineTotals.set(l.key, totals.lines[i]!.total));

  const updateLine = (key: number, patch: Partial<LineDraft>) => setLines((ls) => ls.map((l) => (l.key === key ? { ...l, ...patch } : l)));

  /** Lira per unit of a currency (TCMB's, on the order's day or today). */
  async function liraRate(currency: number): Promise<string> {
    if (currency === TL) return '1';
    const known = rates.current.get(currency);
    if (known) return known;
    const day = isDay(orderDate) && orderDate <= today() ? orderDate : today();
    const r = await shell.api.request('POST', EXCHANGE_RATE, { params: { path: { from: currency, date: day, to: TL } } });
    rates.current.set(currency, String(r.rate));
    return String(r.rate);
  }

  /** A product chosen on a line: its price of the order's side (converted when the currencies differ) and its KDV. */
  function choose(key: number, p: Product) {
    const taxId = taxes?.some((x) => x.id === p.defaultTaxId) ? String(p.defaultTaxId) : String(defaultTaxFor(p, taxes ?? [])?.id ?? '');
    const raw = side === 'BUYING' ? p.buyingPrice : p.salePrice;
    const from = side === 'BUYING' ? p.buyingCurrencyId : p.saleCurrencyId;
    setErrors((e) => ({ ...e, [`line:${key}.product`]: undefined }));
    if (raw === null || raw === undefined) { updateLine(key, { product: p, taxId, unitPrice: '', note: t('orders.form.noPrice') }); return; }
    if (from === cur) { updateLine(key, { product: p, taxId, unitPrice: formatDecimalInput(unitPriceFor(p, side, cur, () => 1)!, 2, 8), note: undefined }); return; }
    updateLine(key, { product: p, taxId, unitPrice: '', note: undefined });
    void (async () => {
      try {
        const known = new Map<number, DecimalInput>();
        for (const c of [from, cur]) known.set(c, await liraRate(c));
        updateLine(key, { unitPrice: formatDecimalInput(unitPriceFor(p, side, cur, (c) => known.get(c) ?? 1)!, 2, 8) });
      } catch {
        updateLine(key, { note: t('orders.form.rateMissing') });
      }
    })();
  }

  const touched = (l: LineDraft) => l.product !== null || l.unitPrice.trim() !== '' || l.discount.text.trim() !== '';

  async function save() {
    const found: FieldErrors = {};
    if (!current) found.currentId = t('orders.rules.currentRequired');
    if (!orderDate) found.orderDate = t('ledger.rules.required');
    else if (!isDay(orderDate)) found.orderDate = t('ledger.rules.date');
    for (const l of lines) if (!l.product && touched(l)) found[`line:${l.key}.product`] = t('orders.rules.productRequired');
    if (!used.length) found.lines = t('orders.rules.linesRequired');
    if (live) found[live.field] = live.message;
    setErrors(found);
    if (Object.keys(found).length || !totals) return;

    const sent = used;
    const body = orderBody(direction, { currentId: current!.id, orderDate, orderKind, currencyId: cur, explanation, tagIds, lines });
    setBusy(true);
    try {
      const saved = order
        ? await shell.api.request('PUT', ORDERS, { body: { ...body, id: order.id } })
        : await shell.api.request('POST', ORDERS, { body });
      props.onSaved(saved);
    } catch (e) {
      const x = e as { status?: number; code?: string; detail?: unknown };
      if (x.code === 'ORDER_INVOICED') {
        setInvoicedNotice(typeof x.detail === 'string' && x.detail.trim() ? x.detail : t('orders.form.invoiced'));
        return;
      }
      const mine: FieldErrors = {};
      for (const f of fieldErrorList(e)) {
        const key = orderFormKey(f.field, sent);
        if (key.startsWith('line:') || HEADER_FIELDS.has(key)) mine[key] ??= f.message;
      }
      setErrors(mine);
      if (!Object.keys(mine).length || x.status === 409) reportFailure(shell.notify, e, t('notify.error', { ns: 'kernel' }));
    } finally {
      setBusy(false);
    }
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    void save();
  }

  const title = t(order ? `orders.form.editTitle.${direction}` : `orders.form.newTitle.${direction}`);
  const lineName = (n: number, what: string) => `${t('orders.form.line', { n })}: ${what}`;

  return (
    // Enter in a box picks from its list (the product, the current) or moves on; it does not save the order.
    <form onSubmit={submit} noValidate aria-label={title} onKeyDown={(e) => { if (e.key === 'Enter' && e.target instanceof HTMLInputElement) e.preventDefault(); }}>
      {invoicedNotice && <Callout intent="warning" icon="lock" role="alert" style={{ marginBottom: 12 }}>{invoicedNotice}</Callout>}
      <Card>
        <H4>{t('orders.form.header')}</H4>
        <Field id="ord-current" label={t(`orders.form.current.${direction}`)} error={errors.currentId} required>
          <CurrentSuggest id="ord-current" host={props.host} value={current} onChange={(c) => { setCurrent(c); setErrors((x) => ({ ...x, currentId: undefined })); }} />
        </Field>
        <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap' }}>
          <Field id="ord-date" label={t('orders.form.orderDate')} error={errors.orderDate} required>
            <DateInput id="ord-date" value={orderDate} onValueChange={setOrderDate} />
          </Field>
          <Field id="ord-kind" label={t('orders.form.kind')} error={errors.orderKind}>
            <HTMLSelect id="ord-kind" value={orderKind} onChange={(e) => setOrderKind(e.currentTarget.value as OrderKind)}>
              {KINDS.map((k) => <option key={k} value={k}>{t(`orders.kinds.${k}`)}</option>)}
            </HTMLSelect>
          </Field>
        </div>
        {cur !== TL && <p className="bp6-text-muted">{t('orders.form.currencyNote', { currency: currencyCode(cur) })}</p>}
        <Field id="ord-explanation" label={t('orders.form.explanation')} error={errors.explanation}>
          <TextArea id="ord-explanation" value={explanation} onChange={(e) => setExplanation(e.currentTarget.value)} maxLength={500} fill />
        </Field>
        {tags && tags.length > 0 && (
          <Field id="ord-tags" label={t('orders.form.tags')} error={errors.tagIds} describeChild={false}>
            <TagChecks tags={tags} value={tagIds} onChange={setTagIds} />
          </Field>
        )}
      </Card>

      <div style={{ display: 'flex', gap: 12, marginTop: 12, flexWrap: 'wrap', alignItems: 'flex-start' }}>
        <Card style={{ flex: '3 1 640px', minWidth: 0 }}>
          <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
            <legend style={{ fontWeight: 600, marginBottom: 6 }}>{t('orders.form.lines')}</legend>
            <LineGrid label={t('orders.form.lines')}>
              <div style={LINE_GRID} aria-hidden="true">
                <span style={head}>{t('orders.form.product')}</span>
                <span style={head}>{t('orders.form.quantity')}</span>
                <span style={head}>{t('orders.form.unitPrice')}</span>
                <span style={head}>{t('orders.form.discount')}</span>
                <span style={head}>{t('orders.form.tax')}</span>
                <span style={{ ...head, textAlign: 'right' }}>{t('orders.form.lineTotal')}</span>
                <span />
              </div>
              {lines.map((l, i) => {
                const n = i + 1;
                const id = `ord-line-${l.key}`;
                const k = (part: string) => `line:${l.key}.${part}`;
                const total = lineTotals.get(l.key);
                return (
                  <div key={l.key} role="group" aria-label={t('orders.form.line', { n })} style={{ ...LINE_GRID, marginBottom: 4 }}>
                    <Field id={`${id}-product`} label={hidden(lineName(n, t('orders.form.product')))} error={err(k('product'))}>
                      <ProductSuggest id={`${id}-product`} value={l.product} onChange={(p) => choose(l.key, p)} />
                    </Field>
                    <Field id={`${id}-quantity`} label={hidden(lineName(n, t('orders.form.quantity')))} error={err(k('quantity'))}>
                      <InputGroup id={`${id}-quantity`} value={l.quantity} inputMode="decimal" onValueChange={(v) => updateLine(l.key, { quantity: v })} />
                    </Field>
                    <Field id={`${id}-price`} label={hidden(lineName(n, t('orders.form.unitPrice')))} error={err(k('unitPrice'))}>
                      <MoneyInput id={`${id}-price`} value={l.unitPrice} decimals={[2, 8]} onValueChange={(v) => updateLine(l.key, { unitPrice: v, note: undefined })} />
                    </Field>
                    <Field id={`${id}-discount`} label={hidden(lineName(n, t('orders.form.discount')))} error={err(k('discount'))}>
                      <DiscountInput id={`${id}-discount`} value={l.discount} onChange={(d) => updateLine(l.key, { discount: d })} kindLabel={lineName(n, t('orders.form.discountKind'))} />
                    </Field>
                    <Field id={`${id}-tax`} label={hidden(lineName(n, t('orders.form.tax')))} error={err(k('taxId'))}>
                      <TaxSelect id={`${id}-tax`} taxes={taxes} product={l.product} value={l.taxId} onChange={(v) => updateLine(l.key, { taxId: v })} />
                    </Field>
                    <output aria-label={lineName(n, t('orders.form.lineTotal'))} style={{ textAlign: 'right', paddingTop: 6 }}>{total ? shown(total) : ''}</output>
                    <Button
                      icon="trash" variant="minimal" aria-label={t('orders.form.removeLine', { n })} title={t('orders.form.removeLine', { n })}
                      disabled={lines.length <= 1}
                      onClick={() => setLines((ls) => ls.filter((x) => x.key !== l.key))}
                    />
                    {l.note && <div style={{ gridColumn: '1 / -1' }}><Callout intent="primary" compact>{l.note}</Callout></div>}
                  </div>
                );
              })}
            </LineGrid>
            {err('lines') && <Callout intent="danger" style={{ marginBottom: 8 }}>{err('lines')}</Callout>}
            <Button icon="add" variant="minimal" text={t('orders.form.addLine')} onClick={() => setLines((ls) => [...ls, blankLine(next.current++)])} />
          </fieldset>
        </Card>
        <Card style={{ flex: '1 1 260px' }}>
          <OrderTotals totals={totals} problem={live?.message ?? null} currency={currencyCode(cur)} />
        </Card>
      </div>

      <div style={{ display: 'flex', gap: 8, justifyContent: 'flex-end', marginTop: 12 }}>
        <Button text={t('orders.form.cancel')} onClick={props.onCancel} />
        <Button type="submit" intent="primary" icon="tick" loading={busy} disabled={busy || invoicedNotice !== null} text={t('orders.form.save')} />
      </div>
    </form>
  );
}

/** The order's totals as the user types (Ara toplam, İskonto, KDV matrahı, each KDV rate, Genel toplam). */
function OrderTotals(props: { totals: InvoiceTotals | null; problem: string | null; currency: string }) {
  const { t } = useTranslation('accounting');
  const x = props.totals;
  let body: ReactNode;
  if (x) {
    const rows: [string, string, boolean?][] = [
      [t('orders.form.subtotal'), x.subtotal],
      [t('orders.form.totalDiscount'), x.totalDiscount],
      [t('orders.form.taxBase'), x.taxBase],
      ...x.taxes.map((tx): [string, string] => [t('orders.form.taxLine', { type: tx.taxType, rate: tx.percentage.replace('.', ',') }), tx.amount]),
      [t('orders.form.totalAmount'), x.totalAmount, true],
    ];
    body = (
      <HTMLTable compact style={{ width: '100%' }} aria-label={t('orders.form.totals')}>
        <tbody>
          {rows.map(([label, value, strong]) => (
            <tr key={label}>
              <th scope="row" style={{ fontWeight: strong ? 700 : 400 }}>{label}</th>
              <td style={{ textAlign: 'right', fontWeight: strong ? 700 : 400 }}>{shown(value)}</td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    );
  } else if (props.problem) {
    body = <Callout intent="warning" icon="calculator">{t('orders.form.totalsBlocked')}</Callout>;
  } else {
    body = <p className="bp6-text-muted">{t('orders.form.totalsEmpty')}</p>;
  }
  return (
    <section role="group" aria-label={t('orders.form.totals')}>
      <H4>{`${t('orders.form.totals')} (${props.currency})`}</H4>
      {body}
    </section>
  );
}
