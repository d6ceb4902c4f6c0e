import Decimal from 'decimal.js';
import { sql, type Kysely } from 'kysely';

/**
 * `accounting.directory` (ServerPlugin.provides): the few read-only facts other server plugins
 * need of the accounting plugin's records — a product with its KDV rate, the QR-tracked products,
 * bank accounts, currents' names, an invoice's header — so that they never read the accounting
 * tables (products, taxes, bank_accounts, currents, invoices) themselves. Every function runs in
 * the caller's transaction (`db`, tenant already set) and is scoped to `companyId`: another
 * company's id answers null (or nothing). Plain objects; money and quantities as decimal strings.
 */
export const DIRECTORY_SERVICE = 'accounting.directory';

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

export interface DirectoryService {
  /** A product by id, or by barcode (the first by id when several share it). */
  product(db: unknown, companyId: number, key: { id: number } | { barcode: string }): Promise<DirectoryProduct | null>;
  /** The company's QR-tracked products (medicines sold box by box), by id. */
  qrTrackedProducts(db: unknown, companyId: number): Promise<DirectoryProduct[]>;
  bankAccount(db: unknown, companyId: number, id: number): Promise<DirectoryBankAccount | null>;
  /** The company's bank accounts, by id; only those of a type, of a currency, or of these ids when asked. */
  bankAccounts(db: unknown, companyId: number, filter?: { type?: string; currencyId?: number; ids?: number[] }): Promise<DirectoryBankAccount[]>;
  /** The names of these currents (the ones of the company; others are left out). */
  currentNames(db: unknown, companyId: number, ids: readonly number[]): Promise<Map<number, DirectoryCurrentName>>;
  invoiceHeader(db: unknown, companyId: number, id: number): Promise<DirectoryInvoiceHeader | null>;
}

type Db = Kysely<any>;
const dec = (v: unknown) => new Decimal(String(v ?? 0)).toString();
/** Ids as the database takes them: whole positive numbers below 2^53 (anything else matches nothing). */
const validId = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v > 0;

function productQuery(db: Db, companyId: number) {
  return db.selectFrom('products as p')
    .innerJoin('taxes as t', (j) => j.onRef('t.company_id', '=', 'p.company_id').onRef('t.id', '=', 'p.tax_id'))
    .select(['p.id', 'p.name', 'p.barcode', 'p.sale_price', 't.percentage', 'p.qr_tracking', 'p.stock_quantity'])
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
};
