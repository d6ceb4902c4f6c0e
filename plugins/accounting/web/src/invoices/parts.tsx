import { useEffect, useMemo, useState } from 'react';
import { HTMLSelect, InputGroup, MenuItem, Tag, type Intent } from '@blueprintjs/core';
import { Suggest } from '@blueprintjs/select';
import { useTranslation } from 'react-i18next';
import { PAYMENT_TYPES, PAYMENT_TYPE_LABELS_TR } from '@tezgah/core/invoice';
import { toNetworkError, toTezgahError, type TezgahPromiseApi } from '@tezgah/sdk';
import { useApiData } from '@tezgah/workbench/ui';
import { fileNameOf, saveBlob } from '../books/download';
import { quantity as showQuantity } from '../products/model';
import type { MoneyAccountChoice } from '../finance/parts';
import { INVOICE_PDF, MONEY_ACCOUNTS, PAYMENT_METHODS, type PaymentMethodChoice, PRODUCTS, TAXES, WAREHOUSES, type DiscountDraft, type DiscountKind, type InvoicePaymentStatus, type InvoiceStatus, type Product, type Tax, type Warehouse } from './model';

/** Draft grey, posted green, cancelled red. */
export function StatusTag(props: { status: InvoiceStatus }) {
  const { t } = useTranslation('accounting');
  const intent: Intent = props.status === 'POSTED' ? 'success' : props.status === 'CANCELLED' ? 'danger' : 'none';
  return <Tag minimal intent={intent}>{t(`invoices.statuses.${props.status}`)}</Tag>;
}

/** Paid green, partly paid orange, unpaid red. */
export function PaymentStatusTag(props: { status: InvoicePaymentStatus }) {
  const { t } = useTranslation('accounting');
  const intent: Intent = props.status === 'PAID' ? 'success' : props.status === 'PARTIAL' ? 'warning' : 'danger';
  return <Tag intent={intent}>{t(`invoices.paymentStatuses.${props.status}`)}</Tag>;
}

type Lookup = 'taxes' | 'warehouses';
const PATHS = { taxes: TAXES, warehouses: WAREHOUSES } as const;

interface LookupTypes { taxes: Tax; warehouses: Warehouse }

/**
 * A list the form picks from (the company's KDV taxes, warehouses): null while loading or not
 * asked for (`enabled` false), empty when the user may not read it (the form then leaves the
 * choice to the server's defaults).
 */
export function useLookup<K extends Lookup>(kind: K, enabled = true): readonly LookupTypes[K][] | null {
  const query = kind === 'taxes' ? { taxType: 'KDV' as const, active: true, size: 100, sort: ['percentage,desc'] } : { size: 1000, sort: ['name,asc'] };
  const q = useApiData(['GET', PATHS[kind], query, 'page'], (api) => {
    const list = api.list as unknown as (p: string, i: { params: { query: object } }) => Promise<{ items: readonly LookupTypes[K][] }>;
    return list(PATHS[kind], { params: { query } }).then((p) => p.items);
  }, { enabled, report: false });
  if (!enabled) return null;
  return q.data ?? (q.isError ? [] : null);
}

/**
 * The safes and bank accounts money may go into or come out of (listMoneyAccounts: one call,
 * safes first, then bank accounts, each by name; open to whoever may sell, buy, collect or pay,
 * not only to those who may see the safes' and banks' pages). null while loading or not asked
 * for (`enabled` false), empty when the user may not read them.
 */
export function useMoneyChoices(enabled = true): readonly MoneyAccountChoice[] | null {
  const q = useApiData(['GET', MONEY_ACCOUNTS], (api) => api.request('GET', MONEY_ACCOUNTS, {})
    .then((all): readonly MoneyAccountChoice[] => all.map((a) => ({ kind: a.kind, id: a.id, name: a.name, currencyId: a.currencyId, accountType: a.accountType }))), { enabled, report: false });
  if (!enabled) return null;
  return q.data ?? (q.isError ? [] : null);
}

/**
 * The ways an invoice can be paid (GET /payment-methods): the five payment types, then what other
 * plugins contribute (the POS plugin's "POS cihazı"). The five alone while loading or when the
 * list cannot be read.
 */
export function usePaymentMethods(): readonly PaymentMethodChoice[] {
  const q = useApiData(['GET', PAYMENT_METHODS], (api) => api.request('GET', PAYMENT_METHODS, {})
    .then((all): readonly PaymentMethodChoice[] => all.map((m) => ({ paymentType: m.paymentType, method: m.method, label: m.label, bankAccountTypes: m.bankAccountTypes ?? null }))), { report: false });
  // The five types stay while loading, when the list cannot be read, or when it is empty.
  return q.data?.length ? q.data : CORE_PAYMENT_METHODS;
}

const CORE_PAYMENT_METHODS: readonly PaymentMethodChoice[] = PAYMENT_TYPES.map((t) => ({ paymentType: t, method: null, label: { tr: PAYMENT_TYPE_LABELS_TR[t], en: PAYMENT_TYPE_LABELS_TR[t] }, bankAccountTypes: null }));

/** How long the product search waits after the last key. */
export const PRODUCT_SEARCH_DELAY_MS = 250;

/** A product or service picked by name or barcode (listProducts `search=`, active ones). */
export function ProductSuggest(props: {
  id: string; value: Product | null; onChange: (p: Product) => void; disabled?: boolean;
  'aria-describedby'?: string; 'aria-invalid'?: boolean; 'aria-required'?: boolean; 'aria-label'?: string;
}) {
  const { t } = useTranslation('accounting');
  const [query, setQuery] = useState('');
  // The term searched for: the box's text once it has been still for PRODUCT_SEARCH_DELAY_MS.
  const [term, setTerm] = useState('');

  const typed = query.trim().slice(0, 100);
  useEffect(() => {
    if (!typed) { setTerm(''); return undefined; }
    const timer = setTimeout(() => setTerm(typed), PRODUCT_SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const search = { search: term, status: 'ACTIVE' as const, page: 0, size: 20, sort: ['name,asc'] };
  // Stock moves with every sale and purchase (written under other paths): a search is asked again
  // each time, showing what it found before meanwhile.
  const found = useApiData(['GET', PRODUCTS, search, 'page'], (api) => api.list(PRODUCTS, { params: { query: search } }), { enabled: term !== '', keepPrevious: true, staleTime: 0 });
  const shown = typed && term ? found.data?.items : undefined;
  const items = useMemo<Product[]>(() => (shown ? [...shown] : []), [shown]);
  const searching = typed !== '' && (typed !== term || found.isFetching);

  return (
    <Suggest<Product>
      items={items}
      selectedItem={props.value}
      query={query}
      onQueryChange={setQuery}
      itemsEqual="id"
      disabled={props.disabled}
      fill
      inputValueRenderer={(p) => p.name}
      itemRenderer={(p, { handleClick, handleFocus, modifiers }) => (
        <MenuItem
          key={p.id}
          roleStructure="listoption"
          text={p.name}
          label={[p.barcode, p.service ? t('invoices.form.service') : t('invoices.form.stockOf', { stock: `${showQuantity(p.stockQuantity)} ${p.unitName}` })].join(' · ')}
          active={modifiers.active}
          onClick={handleClick}
          onFocus={handleFocus}
        />
      )}
      noResults={<MenuItem disabled roleStructure="listoption" text={searching ? t('finance.common.loading') : query.trim() ? t('invoices.form.noProduct') : t('invoices.form.productSearch')} />}
      onItemSelect={(p) => { setQuery(''); props.onChange(p); }}
      closeOnSelect
      resetOnClose
      inputProps={{
        id: props.id,
        placeholder: t('invoices.form.productSearch'),
        'aria-describedby': props['aria-describedby'],
        'aria-invalid': props['aria-invalid'],
        'aria-required': props['aria-required'],
      }}
      popoverProps={{ minimal: true, placement: 'bottom-start', matchTargetWidth: true }}
    />
  );
}

type BlobGet = (path: string, init: { params: { path: Record<string, unknown> }; parseAs: 'blob' }) => Promise<{ data?: Blob; error?: unknown; response: Response }>;

/**
 * Fetches the invoice's PDF (GET /pdf/{id}) with the workbench's signed-in client and saves it
 * under the server's file name (or `fallback`), as the books' downloads do. Returns the name.
 */
export async function downloadInvoicePdf(api: TezgahPromiseApi, id: number, fallback: string): Promise<string> {
  const get = api.client.GET as unknown as BlobGet;
  const r = await get(INVOICE_PDF, { params: { path: { id } }, parseAs: 'blob' }).catch((e: unknown) => { throw toNetworkError(e); });
  if (!r.response.ok || !r.data) throw toTezgahError(r.response, r.error);
  const name = fileNameOf(r.response.headers.get('content-disposition')) ?? fallback;
  saveBlob(r.data, name);
  return name;
}

/** A discount: a percentage or an amount. */
export function DiscountInput(props: {
  id: string; value: DiscountDraft; onChange: (d: DiscountDraft) => void; kindLabel: string;
  'aria-describedby'?: string; 'aria-invalid'?: boolean;
}) {
  const { t } = useTranslation('accounting');
  return (
    <div style={{ display: 'flex', gap: 4 }}>
      <HTMLSelect aria-label={props.kindLabel} value={props.value.kind} onChange={(e) => props.onChange({ ...props.value, kind: e.currentTarget.value as DiscountKind })}>
        <option value="PERCENTAGE">{t('invoices.form.percent')}</option>
        <option value="AMOUNT">{t('invoices.form.amount')}</option>
      </HTMLSelect>
      <div style={{ flex: 1, minWidth: 0 }}>
        <InputGroup
          id={props.id} value={props.value.text} inputMode="decimal" placeholder={props.value.kind === 'PERCENTAGE' ? '0' : '0,00'}
          aria-describedby={props['aria-describedby']} aria-invalid={props['aria-invalid']}
          onValueChange={(v) => props.onChange({ ...props.value, text: v })}
        />
      </div>
    </div>
  );
}

/** The line's KDV: the company's active KDV taxes; without them (no tax authority) the product's own, not changeable. */
export function TaxSelect(props: {
  id: string; taxes: readonly Tax[] | null; product: Product | null; value: string; onChange: (v: string) => void;
  'aria-describedby'?: string; 'aria-invalid'?: boolean;
}) {
  const { t } = useTranslation('accounting');
  const list = props.taxes ?? [];
  const fallback = props.product ? t('invoices.form.defaultTax', { rate: props.product.defaultTaxRate }) : '—';
  return (
    <HTMLSelect
      id={props.id} fill value={props.value} disabled={list.length === 0} onChange={(e) => props.onChange(e.currentTarget.value)}
      aria-describedby={props['aria-describedby']} aria-invalid={props['aria-invalid']}
    >
      {(!props.value || list.length === 0) && <option value="">{fallback}</option>}
      {list.map((x) => <option key={x.id} value={String(x.id)}>{`${x.taxType} %${x.percentage}`}</option>)}
    </HTMLSelect>
  );
}
