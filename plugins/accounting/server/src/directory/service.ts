import Decimal from 'decimal.js';
import { sql, type Kysely } from 'kysely';

/**
 * `accounting.directory` (ServerPlugin.provides): the few read-only facts other server plugins
 * need of the accounting plugin's records — a product with its KDV rate, the QR-tracked products,
 * bank accounts, currents' names, an invoice's header — so that they never read the accounting
 * tables (products, taxes, bank_accounts, currents, invoices) themselves. Every function runs in
 * the caller's transaction (`db`, tenant already set) and is scoped to `companyId`: another
 * company's id answers null (or nothing). Plain objects; money and quantities as decimal strings.
 *
 * The exception is the management reports' three functions (invoiceActivityByCompany,
 * invoiceActivityByDay, invoicesOfAllCompanies): they read every company's invoices through the
 * read-only view accounting_invoices_across_companies (migration 20261130000100), whatever the
 * transaction's tenant. Only a caller that already answers management alone (an `x-management`
 * operation) may ask them; the management plugin's activity area is that caller.
 */
export const DIRECTORY_SERVICE = 'accounting.directory';

/** The directory service as another plugin finds it among the server's services. */
export function directoryOf(services: { service<T>(name: string): T }): DirectoryService {
  return services.service<DirectoryService>(DIRECTORY_SERVICE);
}

export interface DirectoryProduct {
  id: number;
  name: string;
  barcode: string;
  /** The sale price without KDV ('0' when none is set). */
  salePrice: string;
  /** The KDV percentage of the product's tax (e.g. '10'). */
  kdvRate: string;
  qrTracking: boolean;
  stockQuantity: string;
}

/** A product found by barcode (productsByBarcodes): a DirectoryProduct with its status. */
export interface DirectoryBarcodeProduct extends DirectoryProduct {
  status: 'ACTIVE' | 'PASSIVE';
  /** false when the product has no sale price set (salePrice then says '0'). */
  hasSalePrice: boolean;
}

export interface DirectoryUnit {
  id: number;
  name: string;
  /** The UN/ECE code (BX, C62, ...) or the company's own. */
  code: string;
  active: boolean;
}

export interface DirectoryWarehouse {
  id: number;
  name: string;
  isDefault: boolean;
}

export interface DirectoryExchangeRate {
  /** YYYY-MM-DD: the day the rate was asked for (rate_date). */
  rateDate: string;
  /** Lira for one unit of the currency: forex selling (forex buying when none), divided by the unit. */
  rate: string;
}

export interface DirectoryBankAccount {
  id: number;
  name: string;
  /** BANK_ACCOUNT, POS, ONLINE_PAYMENT, ... */
  accountType: string;
  /** The ledger account it posts to (e.g. 102.01). */
  accountCode: string;
  currencyId: number;
}

export interface DirectoryCurrentName {
  id: number;
  name: string;
  lastName: string | null;
  /** The company title (trade name), when the current has one. */
  title: string | null;
  /** name and last name joined by a space. */
  fullName: string;
}

export interface DirectoryInvoiceHeader {
  id: number;
  invoiceType: 'SALE' | 'BUYING';
  status: 'DRAFT' | 'POSTED' | 'CANCELLED';
  currentId: number;
  documentNo: string | null;
  /** YYYY-MM-DD */
  dueDate: string | null;
}

/** A company's invoice figures over a period: documents (invoices not cancelled) and sales (posted SALE invoices, in lira). */
export interface DirectoryInvoiceActivity {
  invoices: number;
  /** Sum of round(total_amount × conversion_rate, 2): a decimal string, '0' when none. */
  salesTotal: string;
}

/** A period of invoice days, both ends included (YYYY-MM-DD). */
export interface DirectoryPeriod { startDate: string; endDate: string }

/** One invoice in the management portal's list of every company's invoices. */
export interface DirectoryCompanyInvoice {
  companyId: number;
  companyName: string;
  id: number;
  invoiceType: 'SALE' | 'BUYING';
  status: string;
  /** YYYY-MM-DD */
  invoiceDate: string;
  documentNo: string | null;
  currentId: number;
  currentName: string | null;
  currencyId: number;
  /** Decimal strings as stored. */
  conversionRate: string;
  totalAmount: string;
  payable: string;
  eInvoiceType: string | null;
  /** ISO instant. */
  createdAt: string | null;
}

export type DirectoryInvoiceSortField = 'id' | 'invoiceDate' | 'totalAmount' | 'companyId';

export interface DirectoryService {
  /** A product by id, or by barcode (the first by id when several share it). */
  product(db: unknown, companyId: number, key: { id: number } | { barcode: string }): Promise<DirectoryProduct | null>;
  /** The company's QR-tracked products (medicines sold box by box), by id. */
  qrTrackedProducts(db: unknown, companyId: number): Promise<DirectoryProduct[]>;
  /**
   * The company's products of these barcodes, by barcode (the first by id when several share one);
   * only ACTIVE ones when `activeOnly`. Unknown barcodes are left out.
   */
  productsByBarcodes(db: unknown, companyId: number, barcodes: readonly string[], opts?: { activeOnly?: boolean }): Promise<Map<string, DirectoryBarcodeProduct>>;
  /** The company's units, by id. */
  units(db: unknown, companyId: number): Promise<DirectoryUnit[]>;
  /** The company's default warehouse (the first by id when several are marked), or null. */
  defaultWarehouse(db: unknown, companyId: number): Promise<DirectoryWarehouse | null>;
  /**
   * The latest TCMB rate of a currency (e.g. 'EUR') held for the day `onOrBefore` (YYYY-MM-DD;
   * today by the server's clock, services.now) or before (global table; no fetch here: a rate is
   * there when accounting asked for it), or null.
   */
  latestExchangeRate(db: unknown, currencyCode: string, onOrBefore: string): Promise<DirectoryExchangeRate | null>;
  bankAccount(db: unknown, companyId: number, id: number): Promise<DirectoryBankAccount | null>;
  /** The company's bank accounts, by id; only those of a type, of a currency, or of these ids when asked. */
  bankAccounts(db: unknown, companyId: number, filter?: { type?: string; currencyId?: number; ids?: number[] }): Promise<DirectoryBankAccount[]>;
  /** The names of these currents (the ones of the company; others are left out). */
  currentNames(db: unknown, companyId: number, ids: readonly number[]): Promise<Map<number, DirectoryCurrentName>>;
  invoiceHeader(db: unknown, companyId: number, id: number): Promise<DirectoryInvoiceHeader | null>;
  /**
   * The company's invoices of a type (of a status too when asked), oldest first (by date, then
   * id), at most `limit` (100): how another plugin finds invoices no request names, e.g. its demo
   * data acting on the sales the accounting demo made.
   */
  invoiceHeaders(db: unknown, companyId: number, filter: { invoiceType: 'SALE' | 'BUYING'; status?: 'DRAFT' | 'POSTED' | 'CANCELLED'; limit?: number }): Promise<DirectoryInvoiceHeader[]>;

  // Every company's invoices (management only; see above). One statement each.
  /**
   * Per company, over the period's invoice days: the companies with at least one invoice in it
   * (any other has 0 and '0'); only these companies when `companyIds` is given.
   */
  invoiceActivityByCompany(db: unknown, period: DirectoryPeriod, companyIds?: readonly number[]): Promise<Map<number, DirectoryInvoiceActivity>>;
  /** One company's figures for every day of the period, in order (days without invoices too). */
  invoiceActivityByDay(db: unknown, companyId: number, period: DirectoryPeriod): Promise<(DirectoryInvoiceActivity & { date: string })[]>;
  /**
   * Every company's invoices of the period, filtered, sorted (then by id, newest first) and paged,
   * with the number of all that match.
   */
  invoicesOfAllCompanies(
    db: unknown,
    filter: DirectoryPeriod & { companyId?: number; invoiceType?: 'SALE' | 'BUYING'; status?: string },
    page: { sort: readonly (readonly [DirectoryInvoiceSortField, 'asc' | 'desc'])[]; size: number; offset: number },
  ): Promise<{ items: DirectoryCompanyInvoice[]; total: number }>;
}

type Db = Kysely<any>;
const dec = (v: unknown) => new Decimal(String(v ?? 0)).toString();
/** Ids as the database takes them: whole positive numbers below 2^53 (anything else matches nothing). */
const validId = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v > 0;

function productQuery(db: Db, companyId: number) {
  return db.selectFrom('products as p')
    .innerJoin('taxes as t', (j) => j.onRef('t.company_id', '=', 'p.company_id').onRef('t.id', '=', 'p.tax_id'))
    .select(['p.id', 'p.name', 'p.barcode', 'p.sale_price', 't.percentage', 'p.qr_tracking', 'p.stock_quantity', 'p.status'])
    .where('p.company_id', '=', companyId);
}
const productOf = (r: any): DirectoryProduct => ({
  id: Number(r.id), name: r.name, barcode: r.barcode, salePrice: dec(r.sale_price), kdvRate: dec(r.percentage),
  qrTracking: !!r.qr_tracking, stockQuantity: dec(r.stock_quantity),
});
const bankOf = (r: any): DirectoryBankAccount => ({
  id: Number(r.id), name: r.name, accountType: r.account_type, accountCode: r.account_code, currencyId: Number(r.currency_id),
});
const BANK_COLUMNS = ['id', 'name', 'account_type', 'account_code', 'currency_id'] as const;

/** The cross-company view (migration 20261130000100). */
const ACROSS = 'accounting_invoices_across_companies';
const INVOICE_SORT: Record<DirectoryInvoiceSortField, string> = { id: 'id', invoiceDate: 'invoice_date', totalAmount: 'total_amount', companyId: 'company_id' };
const DAY = /^\d{4}-\d{2}-\d{2}$/;
function periodOf(p: DirectoryPeriod): DirectoryPeriod {
  if (!DAY.test(p.startDate) || !DAY.test(p.endDate)) throw new Error(`accounting.directory: a period is two days (YYYY-MM-DD), not ${JSON.stringify(p)}`);
  return p;
}
/** Documents: invoices not cancelled. Sales: posted SALE invoices, in lira. */
const INVOICES = sql<string>`count(*) filter (where status <> 'CANCELLED')`;
const SALES = sql<string>`coalesce(sum(round(total_amount * conversion_rate, 2)) filter (where invoice_type = 'SALE' and status = 'POSTED'), 0)`;

export const directoryService: DirectoryService = {
  async product(raw, companyId, key) {
    let q = productQuery(raw as Db, companyId);
    if ('id' in key) {
      if (!validId(key.id)) return null;
      q = q.where('p.id', '=', key.id);
    } else {
      q = q.where('p.barcode', '=', key.barcode);
    }
    const r = await q.orderBy('p.id').limit(1).executeTakeFirst();
    return r ? productOf(r) : null;
  },

  async qrTrackedProducts(raw, companyId) {
    const rows = await productQuery(raw as Db, companyId).where('p.qr_tracking', '=', true).orderBy('p.id').execute();
    return rows.map(productOf);
  },

  async productsByBarcodes(raw, companyId, barcodes, opts = {}) {
    const out = new Map<string, DirectoryBarcodeProduct>();
    const wanted = [...new Set(barcodes.filter((b) => typeof b === 'string' && b !== ''))];
    if (wanted.length === 0) return out;
    let q = productQuery(raw as Db, companyId).where('p.barcode', 'in', wanted);
    if (opts.activeOnly) q = q.where('p.status', '=', 'ACTIVE');
    for (const r of await q.orderBy('p.id').execute()) {
      if (!out.has(r.barcode)) out.set(r.barcode, { ...productOf(r), status: r.status, hasSalePrice: r.sale_price !== null && r.sale_price !== undefined });
    }
    return out;
  },

  async units(raw, companyId) {
    const rows = await (raw as Db).selectFrom('units').select(['id', 'name', 'code', 'active']).where('company_id', '=', companyId).orderBy('id').execute();
    return rows.map((r) => ({ id: Number(r.id), name: r.name, code: r.code, active: !!r.active }));
  },

  async defaultWarehouse(raw, companyId) {
    const r = await (raw as Db).selectFrom('warehouses').select(['id', 'name', 'is_default']).where('company_id', '=', companyId).where('is_default', '=', true).orderBy('id').limit(1).executeTakeFirst();
    return r ? { id: Number(r.id), name: r.name, isDefault: true } : null;
  },

  async latestExchangeRate(raw, currencyCode, onOrBefore) {
    const r = await sql<{ v: string | null; unit: number; day: string }>`
      select coalesce(forex_selling, forex_buying)::text as v, unit, to_char(rate_date, 'YYYY-MM-DD') as day from exchange_rates
       where currency_code = ${currencyCode} and rate_date <= ${onOrBefore}::date order by rate_date desc limit 1`.execute(raw as Db);
    const row = r.rows[0];
    return row?.v ? { rateDate: row.day, rate: new Decimal(row.v).div(row.unit || 1).toString() } : null;
  },

  async bankAccount(raw, companyId, id) {
    if (!validId(id)) return null;
    const r = await (raw as Db).selectFrom('bank_accounts').select([...BANK_COLUMNS]).where('company_id', '=', companyId).where('id', '=', id).executeTakeFirst();
    return r ? bankOf(r) : null;
  },

  async bankAccounts(raw, companyId, filter = {}) {
    let q = (raw as Db).selectFrom('bank_accounts').select([...BANK_COLUMNS]).where('company_id', '=', companyId);
    if (filter.type !== undefined) q = q.where('account_type', '=', filter.type);
    if (filter.currencyId !== undefined) q = q.where('currency_id', '=', filter.currencyId);
    if (filter.ids !== undefined) {
      const ids = [...new Set(filter.ids.filter(validId))];
      if (ids.length === 0) return [];
      q = q.where('id', 'in', ids);
    }
    return (await q.orderBy('id').execute()).map(bankOf);
  },

  async currentNames(raw, companyId, ids) {
    const wanted = [...new Set(ids.filter(validId))];
    const out = new Map<number, DirectoryCurrentName>();
    if (wanted.length === 0) return out;
    const rows = await (raw as Db).selectFrom('currents').select(['id', 'name', 'last_name', 'title']).where('company_id', '=', companyId).where('id', 'in', wanted).execute();
    for (const r of rows) {
      out.set(Number(r.id), { id: Number(r.id), name: r.name, lastName: r.last_name ?? null, title: r.title ?? null, fullName: [r.name, r.last_name].filter((x) => x && String(x).trim()).join(' ') });
    }
    return out;
  },

  async invoiceHeader(raw, companyId, id) {
    if (!validId(id)) return null;
    const r = await (raw as Db).selectFrom('invoices')
      .select(['id', 'invoice_type', 'status', 'current_id', 'document_no', sql<string | null>`to_char(due_date, 'YYYY-MM-DD')`.as('due_day')])
      .where('company_id', '=', companyId).where('id', '=', id).executeTakeFirst();
    if (!r) return null;
    return { id: Number(r.id), invoiceType: r.invoice_type, status: r.status, currentId: Number(r.current_id), documentNo: r.document_no ?? null, dueDate: r.due_day ?? null };
  },

  async invoiceHeaders(raw, companyId, filter) {
    let q = (raw as Db).selectFrom('invoices')
      .select(['id', 'invoice_type', 'status', 'current_id', 'document_no', sql<string | null>`to_char(due_date, 'YYYY-MM-DD')`.as('due_day')])
      .where('company_id', '=', companyId).where('invoice_type', '=', filter.invoiceType);
    if (filter.status !== undefined) q = q.where('status', '=', filter.status);
    const limit = Math.min(Math.max(1, Math.trunc(filter.limit ?? 100)), 100);
    const rows = await q.orderBy('invoice_date').orderBy('id').limit(limit).execute();
    return rows.map((r) => ({ id: Number(r.id), invoiceType: r.invoice_type, status: r.status, currentId: Number(r.current_id), documentNo: r.document_no ?? null, dueDate: r.due_day ?? null }));
  },

  async invoiceActivityByCompany(raw, period, companyIds) {
    const { startDate, endDate } = periodOf(period);
    const out = new Map<number, DirectoryInvoiceActivity>();
    let q = (raw as Db).selectFrom(ACROSS).select(['company_id', INVOICES.as('invoices'), SALES.as('sales_total')])
      .where('invoice_date', '>=', startDate).where('invoice_date', '<=', endDate).groupBy('company_id');
    if (companyIds !== undefined) {
      const ids = [...new Set(companyIds.filter(validId))];
      if (ids.length === 0) return out;
      q = q.where('company_id', 'in', ids);
    }
    for (const r of await q.execute()) out.set(Number(r.company_id), { invoices: Number(r.invoices), salesTotal: dec(r.sales_total) });
    return out;
  },

  async invoiceActivityByDay(raw, companyId, period) {
    const { startDate, endDate } = periodOf(period);
    const rows = await sql<{ day: string; invoices: string | number; sales_total: string }>`
      select to_char(g.d, 'YYYY-MM-DD') as day, coalesce(f.invoices, 0) as invoices, coalesce(f.sales_total, 0) as sales_total
        from generate_series(${startDate}::timestamp, ${endDate}::timestamp, interval '1 day') as g(d)
        left join (select invoice_date, ${INVOICES} as invoices, ${SALES} as sales_total
                     from ${sql.table(ACROSS)}
                    where company_id = ${companyId} and invoice_date >= ${startDate}::date and invoice_date <= ${endDate}::date
                    group by invoice_date) f on f.invoice_date = g.d::date
       order by g.d`.execute(raw as Db);
    return rows.rows.map((r) => ({ date: r.day, invoices: Number(r.invoices), salesTotal: dec(r.sales_total) }));
  },

  async invoicesOfAllCompanies(raw, filter, page) {
    const { startDate, endDate } = periodOf(filter);
    const base = () => {
      let b = (raw as Db).selectFrom(ACROSS).where('invoice_date', '>=', startDate).where('invoice_date', '<=', endDate);
      if (filter.companyId !== undefined) b = b.where('company_id', '=', filter.companyId);
      if (filter.invoiceType) b = b.where('invoice_type', '=', filter.invoiceType);
      if (filter.status) b = b.where('status', '=', filter.status);
      return b;
    };
    let rows = base().selectAll();
    for (const [f, dir] of page.sort) {
      const column = INVOICE_SORT[f];
      if (!column) throw new Error(`accounting.directory: invoices cannot be sorted by ${JSON.stringify(f)}`);
      rows = rows.orderBy(sql.ref(column), dir);
    }
    const items = await rows.orderBy('id', 'desc').limit(page.size).offset(page.offset).execute();
    const total = await base().select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    return {
      items: items.map((r: any) => ({
        companyId: Number(r.company_id), companyName: r.company_name, id: Number(r.id), invoiceType: r.invoice_type, status: r.status, invoiceDate: r.invoice_date,
        documentNo: r.document_no ?? null, currentId: Number(r.current_id), currentName: r.current_name ?? null, currencyId: r.currency_id,
        conversionRate: String(r.conversion_rate), totalAmount: String(r.total_amount), payable: String(r.payable), eInvoiceType: r.e_invoice_type ?? null,
        createdAt: r.created_at == null ? null : new Date(r.created_at).toISOString(),
      })),
      total: Number(total.n),
    };
  },
};
