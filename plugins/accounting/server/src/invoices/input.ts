import Decimal from 'decimal.js';
import { DEFAULT_CURRENCY_ID, QUANTITY_DECIMALS, formatQuantity } from '@tezgah/core';
import { Problem, problems } from '@tezgah/server';
import { sql } from 'kysely';
import { ACCOUNT_JSON, accountOf, accountsByCode, type LedgerAccount, type LedgerDb } from '../ledger/accounts';
import { currentAccountRow, type CurrentAccountRow, type MoneyAccount } from '../ledger/money';
import { isDay } from '../ledger/posting';
import { currencyOf, liraRate } from '../banks/rates';
import { PAYMENT_TYPE_LABELS_TR } from '@tezgah/core/invoice';
import { compute, type Computed, type DiscountIn, type PaymentType } from './compute';
import type { PaymentMethod } from './payment-methods';

const BANK_ACCOUNT_TYPE_LABELS: Record<string, string> = { TRADING: 'ticari', CREDIT: 'kredi', CREDIT_CARD: 'kredi kartı', ONLINE_PAYMENT: 'online ödeme', POS: 'POS' };

export type InvoiceType = 'SALE' | 'BUYING';

/** The body of POST/PUT /invoices (and /cash/invoices), as the contract validated it. */
export interface InvoiceBody {
  id?: number;
  invoiceType: InvoiceType;
  draft?: boolean;
  currentId: number;
  date: string;
  dueDate?: string | null;
  documentNo?: string | null;
  series?: string | null;
  currencyId?: number | null;
  conversionRate?: number | string | null;
  /** Unit prices (and line amount discounts) include the line's taxes (KDV dahil). */
  pricesIncludeTax?: boolean | null;
  explanation?: string | null;
  tagIds?: number[];
  products: {
    productId: number; description?: string | null; quantity: number | string; unitPrice: number | string; discounts?: DiscountIn[];
    taxes?: { taxId: number }[]; withholdingCode?: string | null; withholdingPercent?: number | null; stocks?: { warehouseId: number; quantity: number | string }[];
    accountCode?: string | null;
    /** The despatch line it invoices: it moves no stock (the despatch did). */
    despatchLineId?: number | null;
  }[];
  discounts?: DiscountIn[];
  /** `amount: null` (the cash and POS-device sales, not the contract) pays whatever the others leave of the payable. */
  payments?: { paymentType: PaymentType; amount: number | string | null; date?: string | null; safeId?: number | null; bankAccountId?: number | null; method?: string | null }[];
  totalAmount?: number | string | null;
  instalments?: { type: 'MONTHLY' | 'WEEKLY' | 'DAYS'; day: number; count: number } | null;
}

export interface ResolvedTax { taxId: number; taxType: string; percentage: string; exceptionCode: string | null }
export interface ResolvedLine {
  productId: number; productName: string; description: string; quantity: string; unitPrice: string; discounts: DiscountIn[];
  taxes: ResolvedTax[]; withholding: { code: string; percent: number | null } | null; accountCode: string; movesStock: boolean;
  stocks: { warehouseId: number; quantity: string }[];
  despatchLineId: number | null;
}
export interface ResolvedPayment { paymentType: PaymentType; amount: string; date: string; safeId: number | null; bankAccountId: number | null; method: string | null }

/** An invoice ready to be written: every reference checked, every figure computed. */
export interface Resolved {
  invoiceType: InvoiceType; draft: boolean; currentId: number; date: string; dueDate: string | null; documentNo: string | null;
  series: string | null; currencyId: number; conversionRate: string; pricesIncludeTax: boolean; explanation: string | null; tagIds: number[];
  lines: ResolvedLine[]; discounts: DiscountIn[]; payments: ResolvedPayment[]; totals: Computed;
  instalments: { type: 'MONTHLY' | 'WEEKLY' | 'DAYS'; day: number; count: number } | null;
  /** What the request read that posting needs again (read once, in the same transaction). */
  refs: InvoiceRefs;
}

/**
 * What the request's one read found besides the invoice's own references: the current's ledger
 * account (null code: not opened yet), the ledger accounts the posting may name (the lines',
 * the tax accounts, the current's, the safes' and bank accounts'), the safes and bank accounts
 * the payments go to, and whether the company lets stock go below zero.
 */
export interface InvoiceRefs {
  current: CurrentAccountRow;
  accounts: Map<string, LedgerAccount>;
  money: Map<string, MoneyAccount>;
  allowNegative: boolean;
}

/** The key of a safe or bank account in `InvoiceRefs.money`. */
export const moneyKey = (kind: MoneyAccount['kind'], id: number) => `${kind}:${id}`;

/** The tax and payment accounts an invoice's entries may post to besides its lines' and the current's. */
const POSTING_ACCOUNTS = ['391', '191', '360', '611', '649', '689'];

interface RefRows {
  prefix: string | null;
  current: CurrentAccountRow | null;
  currency: { id: number; code: string; symbol: string } | null;
  products: { id: number; name: string; product_type: string; tax_id: number | null; warehouse_id: number | null; status: string }[];
  mains: { product_id: number; account_type: string; account_code: string }[];
  taxes: { id: number; tax_type: string; percentage: string; exception_code: string | null; active: boolean }[];
  warehouses: number[];
  fallback_warehouse: number | null;
  accounts: Parameters<typeof accountOf>[0][];
  safes: { id: number; currency_id: number; name: string; account_code: string }[];
  banks: { id: number; currency_id: number; account_type: string; name: string; account_code: string }[];
  allow_negative: boolean | null;
}

/**
 * Everything an invoice body names, in one statement (a JSON value per kind): the company's
 * invoice prefix, the current with its ledger account, the currency, the products, their main
 * accounts and taxes, the warehouses named and the fallback one, the ledger accounts, the safes
 * and bank accounts of the payments, the stock setting. Every part is the company's own.
 */
async function readRefs(db: LedgerDb, companyId: number, b: InvoiceBody, currencyId: number): Promise<RefRows> {
  const c = companyId;
  const productIds = [...new Set(b.products.map((l) => l.productId))];
  const taxIds = [...new Set(b.products.flatMap((l) => l.taxes?.map((t) => t.taxId) ?? []))];
  const warehouseIds = [...new Set(b.products.flatMap((l) => l.stocks?.map((s) => s.warehouseId) ?? []))];
  const cash = (b.payments ?? []).filter((p) => p.paymentType === 'CASH' || p.paymentType === 'PORTAL_CASH');
  const safeIds = [...new Set(cash.map((p) => p.safeId).filter((x): x is number => !!x))];
  const firstSafe = cash.some((p) => !p.safeId);
  const bankIds = [...new Set((b.payments ?? []).filter((p) => p.paymentType === 'CREDIT_CARD').map((p) => p.bankAccountId).filter((x): x is number => !!x))];
  const codes = [...new Set([...b.products.map((l) => l.accountCode).filter((x): x is string => !!x), '600', '601', '153', '770', ...POSTING_ACCOUNTS])];
  const r = await sql<RefRows>`
    select (select invoice_prefix from companies where id = ${c}) as prefix,
           (select row_to_json(x) from (${currentAccountRow(c, b.currentId)}) x) as current,
           (select json_build_object('id', id, 'code', code, 'symbol', symbol) from currencies where id = ${currencyId}) as currency,
           (select coalesce(json_agg(json_build_object('id', id, 'name', name, 'product_type', product_type, 'tax_id', tax_id, 'warehouse_id', warehouse_id, 'status', status)), '[]'::json)
              from products where company_id = ${c} and id = any(${productIds}::bigint[])) as products,
           (select coalesce(json_agg(json_build_object('product_id', product_id, 'account_type', account_type, 'account_code', account_code)), '[]'::json)
              from product_main_accounts where company_id = ${c} and product_id = any(${productIds}::bigint[])) as mains,
           (select coalesce(json_agg(json_build_object('id', id, 'tax_type', tax_type, 'percentage', percentage::text, 'exception_code', exception_code, 'active', active)), '[]'::json)
              from taxes where company_id = ${c}
               and (id = any(${taxIds}::bigint[]) or id in (select tax_id from products where company_id = ${c} and id = any(${productIds}::bigint[])))) as taxes,
           (select coalesce(json_agg(id), '[]'::json) from warehouses where company_id = ${c} and id = any(${warehouseIds}::bigint[])) as warehouses,
           (select id from warehouses where company_id = ${c} order by is_default desc, main desc, id limit 1) as fallback_warehouse,
           (select coalesce(json_agg(${ACCOUNT_JSON}), '[]'::json)
              from ledger_accounts a
             where a.company_id = ${c} and a.code in (
                   select unnest(${codes}::text[])
                   union all select account_code from product_main_accounts where company_id = ${c} and product_id = any(${productIds}::bigint[])
                   union all select code from ledger_accounts where company_id = ${c} and owner_kind = 'CURRENT' and owner_id = ${b.currentId}
                   union all select account_code from safes where company_id = ${c} and (id = any(${safeIds}::bigint[]) or (${firstSafe} and currency_id = ${currencyId}))
                   union all select account_code from bank_accounts where company_id = ${c} and id = any(${bankIds}::bigint[]))) as accounts,
           (select coalesce(json_agg(json_build_object('id', id, 'currency_id', currency_id, 'name', name, 'account_code', account_code) order by id), '[]'::json)
              from safes where company_id = ${c}
               and (id = any(${safeIds}::bigint[]) or (${firstSafe} and id = (select min(id) from safes where company_id = ${c} and currency_id = ${currencyId})))) as safes,
           (select coalesce(json_agg(json_build_object('id', id, 'currency_id', currency_id, 'account_type', account_type, 'name', name, 'account_code', account_code)), '[]'::json)
              from bank_accounts where company_id = ${c} and id = any(${bankIds}::bigint[])) as banks,
           (select allow_negative from stock_settings where company_id = ${c}) as allow_negative`.execute(db);
  return r.rows[0]!;
}

const SERVICES = new Set(['SERVICE_GIVEN', 'SERVICE_TAKEN']);
/**
 * Exports: a sale line whose KDV is exempt as an export of goods (301) or of services (302), KDV
 * Kanunu 11/1-a, is revenue of 601 Yurt Dışı Satışlar, not 600 (Tekdüzen Hesap Planı, MSUGT).
 * An export-registered sale (701-704, 11/1-c) is a domestic sale and stays on 600.
 */
const EXPORT_EXEMPTIONS = new Set(['301', '302']);
const EXPORT_SALES_ACCOUNT = '601';

/** The default accounts of a line (Tekdüzen): a sale 600, goods bought 153, a service bought 770. */
const defaultAccount = (type: InvoiceType, service: boolean) => (type === 'SALE' ? '600' : service ? '770' : '153');

const bad = (field: string, message: string, code: string) => problems.invalidField(field, message, code);

/**
 * Three decimals at most (2.125 kg; every unit takes them), above zero (quantities), or at least
 * zero when `zero` (a despatch's later-sent quantity). More decimals are refused, not rounded.
 */
export function quantity(v: number | string, field: string, zero = false): Decimal {
  let d: Decimal;
  try { d = new Decimal(String(v).trim()); } catch { throw bad(field, 'Geçerli bir miktar girin.', 'QUANTITY'); }
  if (!d.isFinite() || (zero ? d.lt(0) : d.lte(0))) throw bad(field, zero ? 'Miktar sıfırdan küçük olamaz.' : 'Miktar sıfırdan büyük olmalı.', 'QUANTITY');
  if (d.decimalPlaces() > QUANTITY_DECIMALS) throw bad(field, `Miktar en fazla ${QUANTITY_DECIMALS} ondalık basamak taşır.`, 'QUANTITY');
  return d;
}

/** A quantity as the quantity columns keep it (numeric(18, 3)): "2.125", "4.000". */
export const quantityFixed = (v: Decimal | string | number): string => new Decimal(v).toFixed(QUANTITY_DECIMALS);

/** A quantity as a message says it, the Turkish way: "2,125", "4". */
export const quantityText = (v: Decimal | string | number): string => formatQuantity(new Decimal(v).toFixed(), 0);

/**
 * Reads what an invoice body names (current, products, taxes, warehouses, safes, bank accounts,
 * accounts, tags) in the company, fills the defaults (the product's tax, warehouse and main
 * account; the day's rate; the first safe) and computes the figures with @tezgah/core. Every
 * problem is a 400 on the field a person filled in.
 */
export async function resolveInvoice(db: LedgerDb, companyId: number, b: InvoiceBody, companyPrefix: string | null | undefined, methods: readonly PaymentMethod[] = []): Promise<Resolved> {
  if (!isDay(b.date)) throw bad('date', 'Geçerli bir tarih girin.', 'DATE');
  if (b.dueDate && !isDay(b.dueDate)) throw bad('dueDate', 'Geçerli bir tarih girin.', 'DATE');
  if (b.dueDate && b.dueDate < b.date) throw bad('dueDate', 'Vade tarihi fatura tarihinden önce olamaz.', 'DUE_BEFORE_DATE');

  const currencyId = b.currencyId ?? DEFAULT_CURRENCY_ID;
  // One read for everything the body names (readRefs); the currency's rate only for a foreign one.
  const found = await readRefs(db, companyId, b, currencyId);
  const current = found.current;
  if (!current) throw bad('currentId', 'Cari hesap bulunamadı.', 'CURRENT_NOT_FOUND');
  if (companyPrefix === undefined) companyPrefix = found.prefix;

  const currency = found.currency ?? await currencyOf(db, currencyId);
  const rate = await liraRate(db, b.date, currency, b.conversionRate, 'conversionRate');

  const products = new Map(found.products.map((p) => [Number(p.id), p]));
  const mains = found.mains;
  const mainOf = (productId: number, type: 'STOCK' | 'SALES_INTERNAL') => mains.find((m) => Number(m.product_id) === productId && m.account_type === type)?.account_code;
  const taxes = new Map(found.taxes.map((t) => [Number(t.id), t]));
  const warehouses = new Set(found.warehouses.map(Number));
  const fallbackWarehouse = found.fallback_warehouse === null ? null : Number(found.fallback_warehouse);
  const refAccounts = new Map(found.accounts.map((a) => [a.code, accountOf(a)]));
  const money = new Map<string, MoneyAccount>();
  for (const s of found.safes) money.set(moneyKey('SAFE', Number(s.id)), { kind: 'SAFE', id: Number(s.id), name: s.name, accountCode: s.account_code, currencyId: s.currency_id });
  for (const a of found.banks) money.set(moneyKey('BANK_ACCOUNT', Number(a.id)), { kind: 'BANK_ACCOUNT', id: Number(a.id), name: a.name, accountCode: a.account_code, currencyId: a.currency_id });

  const lines: ResolvedLine[] = b.products.map((l, i) => {
    const at = `products.${i}`;
    const p = products.get(l.productId);
    if (!p) throw bad(`${at}.productId`, 'Ürün bulunamadı.', 'PRODUCT_NOT_FOUND');
    if (p.status !== 'ACTIVE') throw bad(`${at}.productId`, `${p.name} pasif; faturaya eklenemez.`, 'PRODUCT_PASSIVE');
    const service = SERVICES.has(p.product_type);
    const q = quantity(l.quantity, `${at}.quantity`);
    const lineTaxes = (l.taxes ?? [{ taxId: p.tax_id === null ? 0 : Number(p.tax_id) }]).map((t, k) => {
      const tax = taxes.get(t.taxId);
      if (!tax) throw bad(l.taxes ? `${at}.taxes.${k}.taxId` : `${at}.productId`, 'Vergi bulunamadı.', 'TAX_NOT_FOUND');
      if (!tax.active) throw bad(l.taxes ? `${at}.taxes.${k}.taxId` : `${at}.productId`, `${tax.tax_type} %${new Decimal(tax.percentage).toString()} pasif; başka bir vergi seçin.`, 'TAX_PASSIVE');
      return { taxId: tax.id, taxType: tax.tax_type, percentage: new Decimal(tax.percentage).toString(), exceptionCode: tax.exception_code };
    });
    if (l.withholdingPercent != null && !l.withholdingCode) throw bad(`${at}.withholdingCode`, 'Tevkifat oranı bir tevkifat koduyla verilir.', 'WITHHOLDING_CODE');
    const withholding: ResolvedLine['withholding'] = l.withholdingCode ? { code: l.withholdingCode, percent: l.withholdingPercent ?? null } : null;
    let stocks: ResolvedLine['stocks'] = [];
    if (l.despatchLineId) {
      // Its goods moved with the despatch (checked below, with the despatch lines read in one go).
      if (l.stocks?.length) throw bad(`${at}.stocks`, 'İrsaliyeden faturalanan satır stok hareketi taşımaz; stok irsaliyeyle hareket etti.', 'DESPATCH_STOCK');
    } else if (service) {
      if (l.stocks?.length) throw bad(`${at}.stocks`, 'Hizmetler stok hareketi taşımaz.', 'SERVICE_STOCK');
    } else if (l.stocks?.length) {
      let sum = new Decimal(0);
      stocks = l.stocks.map((s, k) => {
        if (!warehouses.has(s.warehouseId)) throw bad(`${at}.stocks.${k}.warehouseId`, 'Depo bulunamadı.', 'WAREHOUSE_NOT_FOUND');
        const sq = quantity(s.quantity, `${at}.stocks.${k}.quantity`);
        sum = sum.plus(sq);
        return { warehouseId: s.warehouseId, quantity: quantityFixed(sq) };
      });
      if (!sum.eq(q)) throw bad(`${at}.stocks`, `Depo miktarlarının toplamı (${quantityText(sum)}) satır miktarına (${quantityText(q)}) eşit olmalı.`, 'STOCK_SUM');
      const seen = new Set<number>();
      for (const [k, s] of stocks.entries()) {
        if (seen.has(s.warehouseId)) throw bad(`${at}.stocks.${k}.warehouseId`, 'Aynı depo bir satırda iki kez yazılamaz.', 'WAREHOUSE_TWICE');
        seen.add(s.warehouseId);
      }
    } else {
      const w = p.warehouse_id === null ? fallbackWarehouse : Number(p.warehouse_id);
      if (w === null) throw bad(`${at}.stocks`, 'Şirketin deposu yok; önce bir depo ekleyin.', 'WAREHOUSE_REQUIRED');
      stocks = [{ warehouseId: w, quantity: quantityFixed(q) }];
    }
    const exported = b.invoiceType === 'SALE' && lineTaxes.some((t) => t.taxType === 'KDV' && EXPORT_EXEMPTIONS.has(t.exceptionCode ?? ''));
    const accountCode = l.accountCode
      ?? (exported ? EXPORT_SALES_ACCOUNT : mainOf(Number(p.id), b.invoiceType === 'SALE' ? 'SALES_INTERNAL' : 'STOCK') ?? defaultAccount(b.invoiceType, service));
    return {
      productId: Number(p.id), productName: p.name, description: l.description?.trim() || p.name, quantity: quantityFixed(q), unitPrice: String(l.unitPrice),
      discounts: l.discounts ?? [], taxes: lineTaxes, withholding, accountCode, movesStock: !service, stocks, despatchLineId: l.despatchLineId ?? null,
    };
  });
  await checkDespatchLines(db, companyId, b, lines);

  // The accounts named or defaulted must exist and take postings.
  const codes = [...new Set(lines.map((l) => l.accountCode))];
  const missing = codes.filter((code) => !refAccounts.has(code));
  if (missing.length) for (const [code, a] of await accountsByCode(db, companyId, missing)) refAccounts.set(code, a);
  const accounts = refAccounts;
  for (const [i, l] of lines.entries()) {
    const a = accounts.get(l.accountCode);
    if (!a || !a.active) throw bad(`products.${i}.accountCode`, `${l.accountCode} hesabı hesap planında yok.`, 'ACCOUNT_NOT_FOUND');
    if (a.header || !a.postable) throw bad(`products.${i}.accountCode`, `${a.code} ${a.name} bir başlık hesabıdır; alt hesaplarından birini seçin.`, 'HEADER_ACCOUNT');
  }

  // Inline payments: where the money goes, in the invoice's currency.
  const payments: ResolvedPayment[] = [];
  for (const [i, p] of (b.payments ?? []).entries()) {
    const at = `payments.${i}`;
    const date = p.date ?? b.date;
    if (!isDay(date)) throw bad(`${at}.date`, 'Geçerli bir tarih girin.', 'DATE');
    if (date < b.date) throw bad(`${at}.date`, 'Ödeme tarihi fatura tarihinden önce olamaz.', 'PAYMENT_BEFORE_DATE');
    let safeId: number | null = null;
    let bankAccountId: number | null = null;
    const method = p.method ? methods.find((m) => m.id === p.method) : undefined;
    if (p.method && !method) throw bad(`${at}.method`, `'${p.method}' ödeme yöntemi tanımlı değil (eklentisi kurulu mu?).`, 'PAYMENT_METHOD_NOT_FOUND');
    if (method && method.paymentType !== p.paymentType) throw bad(`${at}.method`, `${method.label.tr} bir ${PAYMENT_TYPE_LABELS_TR[method.paymentType].toLocaleLowerCase('tr')} ödemesidir.`, 'PAYMENT_METHOD_TYPE');
    if (p.paymentType === 'CASH' || p.paymentType === 'PORTAL_CASH') {
      if (p.bankAccountId) throw bad(`${at}.bankAccountId`, 'Nakit ödeme bir kasaya girer; banka hesabı seçilmez.', 'PAYMENT_ACCOUNT');
      const safe = p.safeId
        ? found.safes.find((s) => Number(s.id) === p.safeId)
        : found.safes.filter((s) => s.currency_id === currencyId).sort((x, y) => Number(x.id) - Number(y.id))[0];
      if (!safe) throw bad(`${at}.safeId`, p.safeId ? 'Kasa bulunamadı.' : 'Bu para biriminde kasa yok; önce bir kasa açın.', 'SAFE_NOT_FOUND');
      if (safe.currency_id !== currencyId) throw bad(`${at}.safeId`, 'Kasanın para birimi faturanınkiyle aynı olmalı.', 'PAYMENT_CURRENCY');
      safeId = Number(safe.id);
    } else if (p.paymentType === 'CREDIT_CARD') {
      if (!p.bankAccountId) throw bad(`${at}.bankAccountId`, 'Kredi kartı tahsilatının gireceği banka hesabını seçin.', 'REQUIRED');
      const acc = found.banks.find((x) => Number(x.id) === p.bankAccountId);
      if (!acc) throw bad(`${at}.bankAccountId`, 'Banka hesabı bulunamadı.', 'BANK_ACCOUNT_NOT_FOUND');
      if (method?.bankAccountTypes && !(method.bankAccountTypes as string[]).includes(acc.account_type)) {
        throw bad(`${at}.bankAccountId`, `${method.label.tr} ile alınan ödeme ${method.bankAccountTypes.map((t) => BANK_ACCOUNT_TYPE_LABELS[t]).join(' ya da ')} hesabına girer.`, 'PAYMENT_METHOD_ACCOUNT');
      }
      if (acc.currency_id !== currencyId) throw bad(`${at}.bankAccountId`, 'Banka hesabının para birimi faturanınkiyle aynı olmalı.', 'PAYMENT_CURRENCY');
      bankAccountId = Number(acc.id);
    } else if (p.safeId || p.bankAccountId) {
      throw bad(`${at}.paymentType`, 'Ücretsiz ve açık hesap ödemeleri bir kasaya ya da bankaya girmez.', 'PAYMENT_ACCOUNT');
    }
    payments.push({ paymentType: p.paymentType, amount: p.amount === null ? '' : String(p.amount), date, safeId, bankAccountId, method: method?.id ?? null });
  }

  const computeWith = (list: ResolvedPayment[]) => compute({ lines, discounts: b.discounts ?? [], payments: list, conversionRate: rate?.toString() ?? null, pricesIncludeTax: b.pricesIncludeTax === true });
  // A payment of the rest: what the payable less the other payments comes to (the computation is pure, no second read).
  const rest = payments.find((p) => p.amount === '');
  if (rest) rest.amount = computeWith(payments.filter((p) => p !== rest)).remaining;
  const totals = computeWith(payments);
  if (b.totalAmount != null && !new Decimal(String(b.totalAmount)).eq(totals.totalAmount)) {
    throw new Problem(400, 'Toplam tutmuyor', {
      detail: `Gönderilen toplam (${new Decimal(String(b.totalAmount)).toFixed(2)}) sunucunun hesabıyla (${totals.totalAmount}) aynı değil; fatura yeniden hesaplanmalı.`,
      code: 'TOTAL_MISMATCH', fieldErrors: [{ field: 'totalAmount', message: `Sunucunun hesabı ${totals.totalAmount}.`, code: 'TOTAL_MISMATCH' }],
    });
  }

  const plan = b.instalments ?? null;
  if (plan) {
    const max = plan.type === 'MONTHLY' ? 31 : plan.type === 'WEEKLY' ? 7 : 366;
    if (plan.day > max) throw bad('instalments.day', plan.type === 'MONTHLY' ? 'Ayın günü 1 ile 31 arasında olmalı.' : plan.type === 'WEEKLY' ? 'Haftanın günü 1 (Pazartesi) ile 7 (Pazar) arasında olmalı.' : 'Gün sayısı 1 ile 366 arasında olmalı.', 'INSTALMENT_DAY');
    if (new Decimal(totals.remaining).lte(0)) throw bad('instalments', 'Taksitlendirilecek kalan tutar yok.', 'NOTHING_TO_INSTAL');
  }

  let documentNo: string | null = null;
  let series: string | null = null;
  if (b.invoiceType === 'BUYING') {
    documentNo = b.documentNo?.trim() || null;
    if (b.series) throw bad('series', 'Alış faturasının serisi tedarikçinin belge numarasındadır.', 'SERIES_ON_BUYING');
  } else {
    if (b.documentNo) throw bad('documentNo', 'Satış faturasının numarası kesilirken verilir.', 'DOCUMENT_NO_ON_SALE');
    series = b.series ?? defaultSeries(companyPrefix);
  }

  return {
    invoiceType: b.invoiceType, draft: b.draft ?? false, currentId: Number(current.id), date: b.date, dueDate: b.dueDate ?? null, documentNo, series,
    currencyId, conversionRate: (rate ?? new Decimal(1)).toString(), pricesIncludeTax: b.pricesIncludeTax === true, explanation: b.explanation?.trim() || null, tagIds: b.tagIds ?? [],
    lines, discounts: b.discounts ?? [], payments, totals, instalments: plan,
    refs: { current: { ...current, id: Number(current.id) }, accounts, money, allowNegative: found.allow_negative ?? false },
  };
}

/**
 * The despatch lines an invoice's lines name (locked, so two invoices cannot both take what is
 * left): of a despatch of the same current that is not cancelled, in the invoice's direction
 * (a sale invoices what went out, a purchase what came in), of the same product, and together
 * at most what invoices that are not cancelled (other than this one) have not taken of it.
 */
async function checkDespatchLines(db: LedgerDb, companyId: number, b: InvoiceBody, lines: ResolvedLine[]) {
  const ids = [...new Set(lines.map((l) => l.despatchLineId).filter((x): x is number => x !== null))];
  if (!ids.length) return;
  const rows = await db.selectFrom('despatch_lines as dl')
    .innerJoin('despatches as d', (j) => j.onRef('d.company_id', '=', 'dl.company_id').onRef('d.id', '=', 'dl.despatch_id'))
    .select(['dl.id', 'dl.product_id', 'dl.quantity', 'd.direction', 'd.status', 'd.current_id', 'd.waybill_no', 'd.id as despatch_id'])
    .where('dl.company_id', '=', companyId).where('dl.id', 'in', ids).orderBy('dl.id').forUpdate().execute();
  const taken = await db.selectFrom('invoice_lines as il')
    .innerJoin('invoices as i', (j) => j.onRef('i.company_id', '=', 'il.company_id').onRef('i.id', '=', 'il.invoice_id'))
    .select(['il.despatch_line_id']).select((eb) => eb.fn.sum<string>('il.quantity').as('q'))
    .where('il.company_id', '=', companyId).where('il.despatch_line_id', 'in', ids).where('i.status', '<>', 'CANCELLED')
    .$if(b.id !== undefined, (q) => q.where('i.id', '<>', b.id!))
    .groupBy('il.despatch_line_id').execute();
  const asked = new Map<number, Decimal>();
  for (const [i, l] of lines.entries()) {
    if (l.despatchLineId === null) continue;
    const at = `products.${i}.despatchLineId`;
    const r = rows.find((x) => x.id === l.despatchLineId);
    if (!r) throw bad(at, 'İrsaliye satırı bulunamadı.', 'DESPATCH_LINE_NOT_FOUND');
    const name = r.waybill_no ?? `#${r.despatch_id}`;
    if (r.status !== 'ACTIVE') throw bad(at, `${name} irsaliyesi iptal edilmiş.`, 'DESPATCH_CANCELLED');
    if (r.current_id !== b.currentId) throw bad(at, `${name} irsaliyesi başka bir carinin.`, 'DESPATCH_CURRENT');
    if ((r.direction === 'OUT') !== (b.invoiceType === 'SALE')) {
      throw bad(at, b.invoiceType === 'SALE' ? 'Satış faturası giden irsaliyeden kesilir.' : 'Alış faturası gelen irsaliyeden girilir.', 'DESPATCH_DIRECTION');
    }
    if (r.product_id !== l.productId) throw bad(`products.${i}.productId`, `Satırın ürünü ${name} irsaliyesindeki ürün olmalı.`, 'DESPATCH_PRODUCT');
    const sum = (asked.get(r.id) ?? new Decimal(0)).plus(l.quantity);
    asked.set(r.id, sum);
    const left = new Decimal(r.quantity).minus(taken.find((t) => t.despatch_line_id === r.id)?.q ?? 0);
    if (sum.gt(left)) throw bad(`products.${i}.quantity`, `${name} irsaliyesinin bu satırından faturalanacak en fazla ${quantityText(left)} kaldı.`, 'ABOVE_DESPATCHED');
  }
}

/** A sale's series: the first three characters of the company's invoice prefix (GİB's series), else TZG. */
export function defaultSeries(prefix: string | null): string {
  const s = (prefix ?? '').toUpperCase().replace(/[^A-Z0-9]/g, '').slice(0, 3);
  return s.length === 3 ? s : 'TZG';
}
