import { createHmac, timingSafeEqual } from 'node:crypto';
import Decimal from 'decimal.js';
import { sql, type Kysely, type Transaction } from 'kysely';
import { directoryOf, upsertBatch, type DirectoryService, type ProductBody } from '@tezgah/accounting-server';
import { pageRequest, pageResult, Problem, problems, requireAuth, type Handler, type RequestContext } from '@tezgah/server';
import { dosageForm, foldTurkish, strengthOf, type MedicinePriceSource } from '@tezgah/pharmacy-common';
import type { PharmacyArea } from '../area';

/**
 * The pharmacy plugin's medicines area (issue 12; seeds 001 §7 medicines, medicines with price,
 * vademecum): the shared medicine list (pharmacy_medicines, global, filled by the generated
 * migration 20261127000410 from resources/medicines.csv.gz), a pharmacy's products from it,
 * equivalents (get-esdeger uses `equivalents`), and what stands in for the external
 * drug-information page (vademecum).
 *
 * Prices: no public list carries the retail price (PSF). The "with price" list answers the
 * company's own product price when the pharmacy has the product (PRODUCT); else TİTCK's real
 * source price (GKF, €) converted by the latest TCMB euro selling rate the accounting plugin's
 * exchange-rate table holds for today or before (REFERENCE — an indication, not a retail
 * price); else null. Nothing is invented. The company's products, units, warehouse and the rate
 * come from the accounting plugin's directory service (`accounting.directory`), never its tables.
 */

type Db = Kysely<any> | Transaction<any>;

export interface Medicine {
  barcode: string;
  name: string;
  atcCode: string | null;
  atcName: string | null;
  substance: string | null;
  firm: string | null;
  color: string | null;
  skrsStatus: 'ACTIVE' | 'PASSIVE' | null;
  active: boolean;
  sgkPublicNo: string | null;
  equivalentGroup: string | null;
  therapyGroup: string | null;
  discountStatus: string | null;
  specialDiscount: string | null;
  pharmacistDiscount: string | null;
  referencePriceEur: string | null;
  /** referencePriceEur × the latest TCMB EUR rate (TL, 2 decimals), null without either. */
  referencePrice: string | null;
  licenceNo: string | null;
  licenceDate: string | null;
  suspended: boolean | null;
  oldBarcodes: string[];
  sources: string[];
  skrsDate: string | null;
  ek4aEntryDate: string | null;
  ek4aPassiveDate: string | null;
  /** Read from the name (our own heuristic): the pharmaceutical form and the strength. */
  form: string | null;
  strength: string | null;
  /** The day management or a TİTCK import withdrew it (null: not withdrawn). */
  withdrawnAt: string | null;
}

export interface PricedMedicine extends Medicine {
  price: string | null;
  priceSource: MedicinePriceSource | null;
  productId: number | null;
}

export interface Equivalent extends PricedMedicine {
  /** How it was found: the same SGK equivalent group, or the same ATC code, form and strength. */
  match: 'EQUIVALENT_GROUP' | 'ATC_FORM';
  /** This one's price minus the prescribed one's (TL); null when either has no price. */
  priceDifference: string | null;
}

interface Row {
  barcode: string; name: string; atc_code: string | null; atc_name: string | null; substance: string | null; firm: string | null;
  color: string | null; skrs_status: 'ACTIVE' | 'PASSIVE' | null; active: boolean; sgk_public_no: string | null; equivalent_group: string | null;
  therapy_group: string | null; discount_status: string | null; special_discount: string | null; pharmacist_discount: string | null;
  reference_price_eur: string | null; licence_no: string | null; licence_date: string | null; suspended: boolean | null;
  old_barcodes: string[] | string | null; sources: string[] | string | null; skrs_date: string | null; ek4a_entry_date: string | null; ek4a_passive_date: string | null;
  withdrawn_at?: string | null;
}

export type MedicineRow = Row;

export const COLS = sql.raw(`m.barcode, m.name, m.atc_code, m.atc_name, m.substance, m.firm, m.color, m.skrs_status, m.active, m.sgk_public_no,
  m.equivalent_group, m.therapy_group, m.discount_status, m.special_discount::text as special_discount, m.pharmacist_discount,
  m.reference_price_eur::text as reference_price_eur, m.licence_no, to_char(m.licence_date, 'YYYY-MM-DD') as licence_date, m.suspended,
  m.old_barcodes, m.sources, to_char(m.skrs_date, 'YYYY-MM-DD') as skrs_date, to_char(m.ek4a_entry_date, 'YYYY-MM-DD') as ek4a_entry_date,
  to_char(m.ek4a_passive_date, 'YYYY-MM-DD') as ek4a_passive_date, to_char(m.withdrawn_at, 'YYYY-MM-DD') as withdrawn_at`);

/** A text[] column as a list (PGlite and pg may answer the literal '{a,b}'). */
export function list(v: string[] | string | null): string[] {
  if (Array.isArray(v)) return v;
  if (!v || v === '{}') return [];
  return v.replace(/^\{|\}$/g, '').split(',').map((s) => s.replace(/^"|"$/g, '')).filter(Boolean);
}

export function toMedicine(r: Row, eurRate: Decimal | null): Medicine {
  const ref = r.reference_price_eur !== null && eurRate ? new Decimal(r.reference_price_eur).times(eurRate).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2) : null;
  return {
    barcode: r.barcode, name: r.name, atcCode: r.atc_code, atcName: r.atc_name, substance: r.substance, firm: r.firm, color: r.color,
    skrsStatus: r.skrs_status, active: r.active, sgkPublicNo: r.sgk_public_no, equivalentGroup: r.equivalent_group, therapyGroup: r.therapy_group,
    discountStatus: r.discount_status, specialDiscount: r.special_discount, pharmacistDiscount: r.pharmacist_discount,
    referencePriceEur: r.reference_price_eur === null ? null : new Decimal(r.reference_price_eur).toFixed(2), referencePrice: ref,
    licenceNo: r.licence_no, licenceDate: r.licence_date, suspended: r.suspended, oldBarcodes: list(r.old_barcodes), sources: list(r.sources),
    skrsDate: r.skrs_date, ek4aEntryDate: r.ek4a_entry_date, ek4aPassiveDate: r.ek4a_passive_date,
    form: dosageForm(r.name), strength: strengthOf(r.name), withdrawnAt: r.withdrawn_at ?? null,
  };
}

/**
 * The latest TCMB euro selling rate on or before `day` (today by the server's clock) the
 * accounting plugin holds (its directory service; no fetch here: a rate is there when accounting
 * asked for it), or null.
 */
export async function latestEurRate(db: Db, dir: DirectoryService, day: string): Promise<Decimal | null> {
  try {
    const r = await dir.latestExchangeRate(db, 'EUR', day);
    return r ? new Decimal(r.rate) : null;
  } catch {
    return null;
  }
}

/** Today in Türkiye by the server's clock (services.now): the day whose euro rate prices a medicine. */
export function todayOf(ctx: { services: { now(): Date } }): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Istanbul', year: 'numeric', month: '2-digit', day: '2-digit' }).format(ctx.services.now());
}

/** A medicine's row by its barcode (or one of its old barcodes), or null. */
async function medicineRow(db: Db, barcode: string): Promise<Row | null> {
  const code = String(barcode ?? '').trim();
  if (!/^\d{8,14}$/.test(code)) return null;
  const r = await sql<Row>`select ${COLS} from pharmacy_medicines m where m.barcode = ${code}
    union all select ${COLS} from pharmacy_medicines m where ${code} = any (m.old_barcodes) limit 1`.execute(db);
  return r.rows[0] ?? null;
}

/** A medicine by its barcode (or one of its old barcodes), or null. */
export async function medicineByBarcode(db: Db, dir: DirectoryService, barcode: string, day: string): Promise<Medicine | null> {
  const row = await medicineRow(db, barcode);
  return row ? toMedicine(row, row.reference_price_eur !== null ? await latestEurRate(db, dir, day) : null) : null;
}

/** The company's products by barcode, active or passive: id and sale price (null when none is set). */
async function productPrices(db: Db, dir: DirectoryService, companyId: number, barcodes: string[]): Promise<Map<string, { id: number; price: string | null }>> {
  const found = await dir.productsByBarcodes(db, companyId, barcodes);
  return new Map([...found].map(([barcode, p]) => [barcode, { id: p.id, price: p.hasSalePrice ? new Decimal(p.salePrice).toFixed(2) : null }]));
}

async function withPrices(db: Db, dir: DirectoryService, companyId: number, meds: Medicine[]): Promise<PricedMedicine[]> {
  const own = await productPrices(db, dir, companyId, meds.map((m) => m.barcode));
  return meds.map((m) => {
    const p = own.get(m.barcode);
    if (p?.price) return { ...m, price: p.price, priceSource: 'PRODUCT', productId: p.id };
    if (m.referencePrice) return { ...m, price: m.referencePrice, priceSource: 'REFERENCE', productId: p?.id ?? null };
    return { ...m, price: null, priceSource: null, productId: p?.id ?? null };
  });
}

/**
 * A prescribed medicine's equivalents (get-esdeger), each with its price difference against the
 * prescribed one: the medicines of the same SGK EK-4/A equivalent group; for a medicine without
 * a group, those of the same ATC code whose form and strength read from the name (OUR OWN
 * HEURISTIC: the lists carry neither) are the same. Active ones first, then by price and name.
 * `companyId` prices them with the company's products (without it, or with `priced: false`, they
 * carry no price).
 */
export async function equivalents(db: Db, dir: DirectoryService, barcode: string, opts: { day: string; companyId?: number; includePassive?: boolean; priced?: boolean }): Promise<Equivalent[]> {
  const row = await medicineRow(db, barcode);
  if (!row) return [];
  // Its group, code, form and strength first; the euro rate (for every reference price) is read once, below.
  let m = toMedicine(row, null);
  let rows: Row[];
  let match: Equivalent['match'];
  const activeOnly = opts.includePassive ? sql`` : sql`and m.active`;
  if (m.equivalentGroup) {
    match = 'EQUIVALENT_GROUP';
    rows = (await sql<Row>`select ${COLS} from pharmacy_medicines m where m.equivalent_group = ${m.equivalentGroup} and m.barcode <> ${m.barcode} ${activeOnly} order by m.name limit 200`.execute(db)).rows;
  } else if (m.atcCode) {
    match = 'ATC_FORM';
    rows = (await sql<Row>`select ${COLS} from pharmacy_medicines m where m.atc_code = ${m.atcCode} and m.barcode <> ${m.barcode} ${activeOnly} order by m.name limit 1000`.execute(db)).rows
      .filter((r) => {
        const form = dosageForm(r.name);
        const strength = strengthOf(r.name);
        return form !== null && form === m.form && (m.strength === null || strength === m.strength);
      });
  } else {
    return [];
  }
  const rate = await latestEurRate(db, dir, opts.day);
  m = toMedicine(row, rate);
  const meds = rows.map((r) => toMedicine(r, rate));
  const unpriced = (x: Medicine): PricedMedicine => ({ ...x, price: null, priceSource: null, productId: null });
  const companyId = opts.priced === false ? undefined : opts.companyId;
  // The prescribed one and its equivalents priced together: one read of the company's products.
  const [prescribed, ...priced] = companyId === undefined ? [m, ...meds].map(unpriced) : await withPrices(db, dir, companyId, [m, ...meds]);
  const base = prescribed?.price ?? null;
  return priced
    .map((e) => ({ ...e, match, priceDifference: base !== null && e.price !== null ? new Decimal(e.price).minus(base).toFixed(2) : null }))
    .sort((a, b) => Number(b.active) - Number(a.active) || (a.price === null ? 1 : 0) - (b.price === null ? 1 : 0)
      || (a.price !== null && b.price !== null ? new Decimal(a.price).comparedTo(b.price) : 0) || a.name.localeCompare(b.name, 'tr'));
}

// --- the list -------------------------------------------------------------------------------

interface MedicineQuery {
  search?: string; color?: string; active?: boolean; atcCode?: string; equivalentGroup?: string; barcode?: string[];
}

/** The WHERE of a medicine list (search by name, barcode, ATC code, substance; filters). */
function where(q: MedicineQuery) {
  const parts = [sql`true`];
  const s = (q.search ?? '').trim();
  if (s) {
    const folded = foldTurkish(s).replace(/[\\%_]/g, (c) => `\\${c}`);
    const like = `%${folded}%`;
    if (/^\d+$/.test(s)) {
      parts.push(sql`(m.barcode like ${`${s}%`} or ${s} = any (m.old_barcodes) or m.sgk_public_no = ${s})`);
    } else {
      parts.push(sql`(m.search_text like ${like} or m.atc_code like ${`${folded}%`} or m.sgk_public_no = ${folded})`);
    }
  }
  if (q.color) parts.push(sql`m.color = ${q.color}`);
  if (q.active !== undefined) parts.push(sql`m.active = ${q.active}`);
  if (q.atcCode) parts.push(sql`m.atc_code like ${`${q.atcCode.toUpperCase().replace(/[\\%_]/g, '')}%`}`);
  if (q.equivalentGroup) parts.push(sql`m.equivalent_group = ${q.equivalentGroup}`);
  if (q.barcode?.length) parts.push(sql`m.barcode = any (${sql.val(q.barcode)}::text[])`);
  return sql.join(parts, sql` and `);
}

const SORTS: Record<string, string> = { name: 'm.name', barcode: 'm.barcode', atcCode: 'm.atc_code' };

async function listMedicines(ctx: RequestContext): Promise<{ items: Medicine[]; total: number }> {
  const page = pageRequest(ctx, ['name', 'asc']);
  const q = (ctx.query ?? {}) as MedicineQuery;
  const order = sql.raw([...page.sort.map(([f, d]) => `${SORTS[f] ?? 'm.name'} ${d} nulls last`), 'm.barcode asc'].join(', '));
  const w = where(q);
  const [rows, count] = await Promise.all([
    sql<Row>`select ${COLS} from pharmacy_medicines m where ${w} order by ${order} limit ${page.size} offset ${page.offset}`.execute(ctx.trx),
    sql<{ n: string }>`select count(*)::text as n from pharmacy_medicines m where ${w}`.execute(ctx.trx),
  ]);
  const rate = rows.rows.some((r) => r.reference_price_eur !== null) ? await latestEurRate(ctx.trx, directoryOf(ctx.services), todayOf(ctx)) : null;
  return { items: rows.rows.map((r) => toMedicine(r, rate)), total: Number(count.rows[0]?.n ?? 0) };
}

const listHandler: Handler = async (ctx) => {
  requireAuth(ctx);
  const { items, total } = await listMedicines(ctx);
  return pageResult(ctx, items, total);
};

const listWithPriceHandler: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  const { items, total } = await listMedicines(ctx);
  return pageResult(ctx, await withPrices(ctx.trx, directoryOf(ctx.services), auth.companyId, items), total);
};

const equivalentsHandler: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  const barcode = String((ctx.params as { barcode: string }).barcode);
  if (!(await medicineRow(ctx.trx, barcode))) throw problems.notFound('İlaç');
  return equivalents(ctx.trx, directoryOf(ctx.services), barcode, { day: todayOf(ctx), companyId: auth.companyId, includePassive: Boolean((ctx.query as { includePassive?: boolean })?.includePassive) });
};

const oneHandler: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  const m = await medicineByBarcode(ctx.trx, directoryOf(ctx.services), String((ctx.params as { barcode: string }).barcode), todayOf(ctx));
  if (!m) throw problems.notFound('İlaç');
  const [priced] = await withPrices(ctx.trx, directoryOf(ctx.services), auth.companyId, [m]);
  return priced;
};

// --- a pharmacy's products from the list ------------------------------------------------------

export const PRODUCTS_FROM_MEDICINES_LIMIT = 5000;

/**
 * Creates the company's products of the given medicines (type MEDICINE, the barcode, the name, the
 * prescription colour, QR tracking, KDV 10%, the default warehouse, unit box); barcodes the
 * company already has are skipped. Runs under the company's tenant (a request or inTenant).
 */
export async function createProducts(db: Db, dir: DirectoryService, companyId: number, login: string, rows: Row[], salePriceFromReference: boolean, day: string): Promise<{ created: { barcode: string; productId: number }[]; skipped: number }> {
  const existing = await productPrices(db, dir, companyId, rows.map((r) => r.barcode));
  const fresh = rows.filter((r) => !existing.has(r.barcode));
  let created: { barcode: string; productId: number }[] = [];
  if (fresh.length) {
    // The unit: BX, else KUTU (active or not); else any active unit, C62 first; the first by id.
    const units = await dir.units(db, companyId);
    const code = (u: { code: string }) => u.code.toLocaleUpperCase('en');
    const unitId = (units.find((u) => code(u) === 'BX') ?? units.find((u) => code(u) === 'KUTU')
      ?? units.find((u) => u.active && code(u) === 'C62') ?? units.find((u) => u.active))?.id ?? null;
    if (unitId === null) throw problems.conflict('Firmada tanımlı bir birim yok; önce bir birim (Kutu) ekleyin.', 'NO_UNIT');
    const warehouseId = (await dir.defaultWarehouse(db, companyId))?.id ?? null;
    const rate = salePriceFromReference ? await latestEurRate(db, dir, day) : null;
    const items: ProductBody[] = fresh.map((r) => {
      const m = toMedicine(r, rate);
      return {
        name: m.name.slice(0, 250), barcode: m.barcode, productType: 'MEDICINE', unitId,
        explanation: [m.substance ?? m.atcName, m.atcCode ? `(ATC ${m.atcCode})` : null, m.firm ? `— ${m.firm}` : null].filter(Boolean).join(' ') || null,
        buyingPrice: null, buyingCurrencyId: 1, salePrice: salePriceFromReference && m.referencePrice ? Number(m.referencePrice) : null, saleCurrencyId: 1,
        defaultTaxRate: 10, warehouseId, qrTracking: true, prescriptionType: m.color ?? 'NORMAL', status: m.active ? 'ACTIVE' : 'PASSIVE',
      };
    });
    const written = await upsertBatch(db as never, companyId, login, items);
    created = written.map((w) => ({ barcode: w.barcode, productId: Number(w.id) }));
  }
  return { created, skipped: rows.length - fresh.length };
}

const productsFromMedicinesHandler: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  const companyId = Number((ctx.params as { companyId: number }).companyId);
  if (companyId !== auth.companyId) throw problems.notFound('Firma');
  const body = (ctx.body ?? {}) as { barcodes?: string[]; filter?: MedicineQuery; salePriceFromReference?: boolean };
  if (!body.barcodes?.length && !body.filter) throw problems.invalidField('barcodes', 'Ürünü oluşturulacak ilaçları barkodla veya bir filtreyle seçin.', 'REQUIRED');
  const q: MedicineQuery = { ...(body.filter ?? {}), ...(body.barcodes?.length ? { barcode: [...new Set(body.barcodes.map((b) => b.trim()))] } : {}) };
  const found = await sql<Row>`select ${COLS} from pharmacy_medicines m where ${where(q)} order by m.barcode limit ${PRODUCTS_FROM_MEDICINES_LIMIT + 1}`.execute(ctx.trx);
  if (found.rows.length > PRODUCTS_FROM_MEDICINES_LIMIT) {
    throw problems.badRequest(`Bir seferde en fazla ${PRODUCTS_FROM_MEDICINES_LIMIT} ilaçtan ürün oluşturulabilir; filtreyi daraltın.`);
  }
  const known = new Set(found.rows.map((r) => r.barcode));
  const unknown = (body.barcodes ?? []).map((b) => b.trim()).filter((b) => !known.has(b));
  const { created, skipped } = await createProducts(ctx.trx, directoryOf(ctx.services), companyId, auth.login, found.rows, Boolean(body.salePriceFromReference), todayOf(ctx));
  ctx.audit({ action: 'pharmacy.products.fromMedicines', entity: 'product', detail: { created: created.length, skipped, unknown: unknown.length } });
  return { created: created.length, skipped, unknown, products: created };
};

// --- vademecum (the external drug-information page) --------------------------------------------

/**
 * The original product shows a licensed drug-information site (Vademecum) in an iframe, signed in
 * with a token its backend asks for. OUR STAND-IN: our own read-only medicine page
 * (`/vademecum?token=…&barcode=…` in the workbench) reading GET /vademecum-medicine/{barcode} with
 * a short-lived token signed with the server's secret (HMAC-SHA256, bound to the company and
 * user, 10 minutes), so the page works in an iframe without the session's cookies.
 */
export const VADEMECUM_TOKEN_TTL_S = 600;

function vademecumMac(secret: Buffer, payload: string): string {
  return createHmac('sha256', secret).update(`vademecum:${payload}`).digest('base64url');
}

export function vademecumToken(secret: Buffer, companyId: number, userId: number, now = Date.now()): { token: string; expiresAt: string } {
  const exp = Math.floor(now / 1000) + VADEMECUM_TOKEN_TTL_S;
  const payload = `${companyId}.${userId}.${exp}`;
  return { token: `${payload}.${vademecumMac(secret, payload)}`, expiresAt: new Date(exp * 1000).toISOString() };
}

export function verifyVademecumToken(secret: Buffer, token: string, now = Date.now()): { companyId: number; userId: number } | null {
  const m = /^(\d{1,15})\.(\d{1,15})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token ?? '');
  if (!m) return null;
  const want = Buffer.from(vademecumMac(secret, `${m[1]}.${m[2]}.${m[3]}`));
  const got = Buffer.from(m[4]!);
  if (got.length !== want.length || !timingSafeEqual(got, want)) return null;
  if (Number(m[3]) * 1000 < now) return null;
  return { companyId: Number(m[1]), userId: Number(m[2]) };
}

const vademecumTokenHandler: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  const t = vademecumToken(ctx.services.secret, auth.companyId, auth.userId);
  return { ...t, url: `/vademecum?token=${encodeURIComponent(t.token)}` };
};

const vademecumLastUpdateHandler: Handler = async (ctx) => {
  requireAuth(ctx);
  const r = await sql<{ list: string; title: string; list_date: string | null; rows: number }>`
    select list, title, to_char(list_date, 'YYYY-MM-DD') as list_date, rows from pharmacy_medicine_lists order by list`.execute(ctx.trx);
  const dates = r.rows.map((x) => x.list_date).filter((d): d is string => !!d).sort();
  return { date: dates[dates.length - 1] ?? null, lists: r.rows.map((x) => ({ list: x.list, title: x.title, listDate: x.list_date, rows: Number(x.rows) })) };
};

const vademecumMedicineHandler: Handler = async (ctx) => {
  const token = String((ctx.query as { token?: string })?.token ?? '');
  if (!verifyVademecumToken(ctx.services.secret, token)) throw problems.unauthorized('İlaç bilgi sayfasının süresi doldu; sayfayı yeniden açın.', 'VADEMECUM_TOKEN');
  const barcode = String((ctx.params as { barcode: string }).barcode);
  const m = await medicineByBarcode(ctx.trx, directoryOf(ctx.services), barcode, todayOf(ctx));
  if (!m) throw problems.notFound('İlaç');
  const eq = await equivalents(ctx.trx, directoryOf(ctx.services), barcode, { day: todayOf(ctx), includePassive: false, priced: false });
  // Prices are the company's business: the public page shows none of them.
  return { ...m, equivalents: eq.map((e) => ({ barcode: e.barcode, name: e.name, firm: e.firm, active: e.active, match: e.match })) };
};

export const area: PharmacyArea = {
  handlers: {
    listMedicines: listHandler,
    listMedicinesWithPrice: listWithPriceHandler,
    getMedicine: oneHandler,
    medicineEquivalents: equivalentsHandler,
    productsFromMedicines: productsFromMedicinesHandler,
    vademecumIframeToken: vademecumTokenHandler,
    vademecumLastUpdateDate: vademecumLastUpdateHandler,
    vademecumMedicine: vademecumMedicineHandler,
  },
};
