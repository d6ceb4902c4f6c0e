import { sql, type ColumnType, type Generated, type Kysely, type Selectable } from 'kysely';
import { parseDataMatrix } from '@tezgah/core';
import { pageRequest, pageResult, Problem, problems, requireAuth, tables, type Handler, type RequestContext } from '@tezgah/server';
import { canMoveCreditProduct, EMANET_TEXTS, type CreditProductState } from '@tezgah/pharmacy-common';
import { directoryOf } from '@tezgah/accounting-server';
import type { PharmacyArea } from '../area';
import { medicineByBarcode } from '../medicines/index';
import { depositBoxes, releaseDeposit } from '../tracking/index';
import { seedDemoCreditProducts } from './demo';

/**
 * The pharmacy plugin's emanet area (issue 12; seeds 001 §2 the emanet list and the deposit sale
 * page, §3 credit product, §4 states and the reload rule, §5 'Please choose a medicine', §7 CRUD
 * credit-products, POST and PUT credit-products-list, GET currents-credit-products, §8 'credit
 * products saved/cancelled').
 *
 * A record with a QR code is one box: given on deposit (ON_CREDIT) the box moves to DEPOSITED
 * through the tracking area's `depositBoxes` (still the pharmacy's stock, no İTS notification
 * yet); cancelled it comes back through `releaseDeposit`. COMPLETED leaves the box DEPOSITED: the
 * prescription's sale sells it (the tracking area's sellBoxes takes deposited boxes).
 */

type Day = ColumnType<string, string | undefined, string>;
type NullableDay = ColumnType<string | null, string | null | undefined, string | null>;
type Ts = ColumnType<Date, Date | string | undefined, Date | string>;
export interface EmanetTables {
  pharmacy_credit_products: {
    company_id: number; id: Generated<number>; current_id: number; state: Generated<CreditProductState>;
    product_id: number | null; barcode: string | null; medicine_name: string; quantity: Generated<number>;
    qr_code: string | null; gtin: string | null; sn: string | null; bn: string | null; xd: NullableDay;
    given_date: Day; due_date: NullableDay; recete_id: number | null; recete_no: string | null; note: string | null;
    created_by: string | null; created_at: Ts; updated_at: Ts;
  };
}
type Db = Kysely<EmanetTables>;
type Row = Selectable<EmanetTables['pharmacy_credit_products']>;
const db = (ctx: RequestContext): Db => tables<EmanetTables>(ctx) as unknown as Db;

export interface CreditProductInput {
  currentId: number;
  state?: 'PENDING' | 'ON_CREDIT';
  productId?: number | null;
  barcode?: string | null;
  medicineName?: string | null;
  quantity?: number;
  qrCode?: string | null;
  givenDate?: string | null;
  dueDate?: string | null;
  note?: string | null;
}

export interface CreditProductChange {
  id: number;
  state?: CreditProductState;
  dueDate?: string | null;
  note?: string | null;
  receteId?: number | null;
  receteNo?: string | null;
}

/** Today in Türkiye by the server's clock (services.now): an emanet's default given day, and the day it falls overdue after. */
function todayInTurkey(ctx: RequestContext): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Istanbul', year: 'numeric', month: '2-digit', day: '2-digit' }).format(ctx.services.now());
}

const day = (v: unknown): string | null => (v === null || v === undefined ? null : v instanceof Date ? v.toISOString().slice(0, 10) : String(v).slice(0, 10));

function view(r: Row & { current_name?: string | null }) {
  return {
    id: Number(r.id), currentId: Number(r.current_id), currentName: r.current_name ?? null, state: r.state,
    productId: r.product_id === null ? null : Number(r.product_id), barcode: r.barcode, medicineName: r.medicine_name, quantity: Number(r.quantity),
    qrCode: r.qr_code, gtin: r.gtin, sn: r.sn, bn: r.bn, xd: day(r.xd),
    givenDate: day(r.given_date), dueDate: day(r.due_date), receteId: r.recete_id === null ? null : Number(r.recete_id), receteNo: r.recete_no, note: r.note,
    createdBy: r.created_by, createdAt: r.created_at instanceof Date ? r.created_at.toISOString() : String(r.created_at),
    updatedAt: r.updated_at instanceof Date ? r.updated_at.toISOString() : String(r.updated_at),
  };
}
export type CreditProductView = ReturnType<typeof view>;

const chooseMedicine = (field: string) =>
  new Problem(400, 'Geçersiz istek', { detail: EMANET_TEXTS.PLEASE_CHOOSE_MEDICINE, code: 'PLEASE_CHOOSE_MEDICINE', fieldErrors: [{ field, message: EMANET_TEXTS.PLEASE_CHOOSE_MEDICINE, code: 'PLEASE_CHOOSE_MEDICINE' }] });

/** How a record names its current: the title, else name and last name. */
async function currentNames(ctx: RequestContext, companyId: number, ids: readonly number[]): Promise<Map<number, string>> {
  const names = await directoryOf(ctx.services).currentNames(ctx.trx, companyId, ids.map(Number));
  return new Map([...names].map(([id, c]) => [id, c.title?.trim() || c.fullName]));
}
async function currentName(ctx: RequestContext, companyId: number, currentId: number): Promise<string | null> {
  return (await currentNames(ctx, companyId, [currentId])).get(Number(currentId)) ?? null;
}

/** Checks one record to create and resolves its medicine (product, barcode, name) and QR code. */
async function resolve(ctx: RequestContext, d: Db, companyId: number, b: CreditProductInput, field: string) {
  const qr = b.qrCode?.trim() || null;
  const parsed = qr ? parseDataMatrix(qr) : null;
  if (qr && !parsed) throw problems.invalidField(`${field}qrCode`, EMANET_TEXTS.BAD_QR, 'QR_CODE');
  let productId: number | null = null;
  let barcode = b.barcode?.trim() || null;
  let name = b.medicineName?.trim() || null;
  if (b.productId) {
    const p = await directoryOf(ctx.services).product(d, companyId, { id: b.productId });
    if (!p) throw problems.notFound('Ürün');
    productId = p.id;
    barcode ??= p.barcode;
    name ??= p.name;
  }
  if (!productId && !barcode && !parsed && !name) throw chooseMedicine(`${field}productId`);
  if (parsed) {
    if (barcode && barcode !== parsed.barkod && `0${barcode}` !== parsed.gtin) throw problems.invalidField(`${field}qrCode`, EMANET_TEXTS.QR_OTHER_MEDICINE, 'QR_OTHER_MEDICINE');
    barcode ??= parsed.barkod;
    if ((b.quantity ?? 1) !== 1) throw problems.invalidField(`${field}quantity`, EMANET_TEXTS.QR_ONE_BOX, 'QR_ONE_BOX');
  }
  if (barcode && !productId) {
    const p = await directoryOf(ctx.services).product(d, companyId, { barcode });
    if (p) { productId = p.id; name ??= p.name; }
  }
  if (barcode && !name) name = (await medicineByBarcode(d, directoryOf(ctx.services), barcode, todayInTurkey(ctx)))?.name ?? null;
  if (!name) throw chooseMedicine(`${field}barcode`);
  const givenDate = b.givenDate ?? todayInTurkey(ctx);
  if (b.dueDate && b.dueDate < givenDate) throw problems.invalidField(`${field}dueDate`, EMANET_TEXTS.DUE_BEFORE_GIVEN, 'DUE_BEFORE_GIVEN');
  return {
    company_id: companyId, current_id: b.currentId, state: b.state ?? 'ON_CREDIT', product_id: productId, barcode, medicine_name: name,
    quantity: b.quantity ?? 1, qr_code: qr, gtin: parsed?.gtin ?? null, sn: parsed?.sn ?? null, bn: parsed?.bn ?? null, xd: parsed?.xd ?? null,
    given_date: givenDate, due_date: b.dueDate ?? null, note: b.note?.trim() || null,
  } as const;
}

/** Creates credit products (all or none); boxes of those given on deposit move to DEPOSITED. */
export async function createCreditProducts(ctx: RequestContext, list: CreditProductInput[], many: boolean): Promise<CreditProductView[]> {
  const auth = requireAuth(ctx);
  const d = db(ctx);
  if (!list.length) throw chooseMedicine(many ? '0.productId' : 'productId');
  const names = new Map<number, string | null>();
  const out: CreditProductView[] = [];
  for (const [i, b] of list.entries()) {
    const field = many ? `${i}.` : '';
    if (!names.has(b.currentId)) {
      const n = await currentName(ctx, auth.companyId, b.currentId);
      if (n === null) throw problems.notFound('Cari hesap');
      names.set(b.currentId, n);
    }
    const values = await resolve(ctx, d, auth.companyId, b, field);
    if (values.gtin) {
      const open = await d.selectFrom('pharmacy_credit_products').select('id').where('company_id', '=', auth.companyId)
        .where('gtin', '=', values.gtin).where('sn', '=', values.sn).where('state', 'in', ['PENDING', 'ON_CREDIT']).executeTakeFirst();
      if (open) throw problems.conflict(`Bu kutu zaten emanet kaydında (#${open.id}).`, 'BOX_ON_CREDIT', `${field}qrCode`);
    }
    const row = await d.insertInto('pharmacy_credit_products').values({ ...values, created_by: auth.login }).returningAll().executeTakeFirstOrThrow();
    if (row.state === 'ON_CREDIT' && row.gtin && row.sn) {
      await depositBoxes(ctx.trx as never, auth.companyId, { creditProductId: Number(row.id), boxes: [{ gtin: row.gtin, sn: row.sn, bn: row.bn, xd: day(row.xd), productId: row.product_id }] }, auth.login);
    }
    out.push(view({ ...row, current_name: names.get(b.currentId) ?? null }));
  }
  ctx.audit({ action: 'pharmacy.creditProduct.created', entity: 'credit_product', entityId: out.length === 1 ? out[0]!.id : null, detail: { ids: out.map((o) => o.id) } });
  return out;
}

/** Applies changes (state, due date, note, prescription link) to credit products (all or none). */
export async function changeCreditProducts(ctx: RequestContext, changes: CreditProductChange[], many: boolean): Promise<CreditProductView[]> {
  const auth = requireAuth(ctx);
  const d = db(ctx);
  if (!changes.length) throw chooseMedicine(many ? '0.id' : 'id');
  const ids = changes.map((c) => c.id);
  if (new Set(ids).size !== ids.length) throw problems.badRequest('Aynı emanet kaydı listede birden fazla kez geçiyor.');
  const rows = new Map((await d.selectFrom('pharmacy_credit_products').selectAll().where('company_id', '=', auth.companyId).where('id', 'in', ids).orderBy('id').forUpdate().execute()).map((r) => [Number(r.id), r]));
  const out: CreditProductView[] = [];
  for (const [i, c] of changes.entries()) {
    const field = many ? `${i}.` : '';
    const before = rows.get(c.id);
    if (!before) throw problems.notFound(EMANET_TEXTS.NOT_FOUND);
    const to = c.state ?? before.state;
    if (!canMoveCreditProduct(before.state, to)) throw problems.invalidField(`${field}state`, EMANET_TEXTS.BAD_MOVE, 'CREDIT_PRODUCT_STATE');
    const due = c.dueDate === undefined ? day(before.due_date) : c.dueDate;
    if (due && due < day(before.given_date)!) throw problems.invalidField(`${field}dueDate`, EMANET_TEXTS.DUE_BEFORE_GIVEN, 'DUE_BEFORE_GIVEN');
    const set: Record<string, unknown> = { state: to, due_date: due, updated_at: sql`now()` };
    if (c.note !== undefined) set.note = c.note?.trim() || null;
    if (c.receteId !== undefined) set.recete_id = c.receteId;
    if (c.receteNo !== undefined) set.recete_no = c.receteNo?.trim() || null;
    const row = await d.updateTable('pharmacy_credit_products').set(set as never).where('company_id', '=', auth.companyId).where('id', '=', c.id).returningAll().executeTakeFirstOrThrow();
    if (before.state !== to && before.gtin && before.sn) {
      if (to === 'ON_CREDIT') {
        await depositBoxes(ctx.trx as never, auth.companyId, { creditProductId: c.id, boxes: [{ gtin: before.gtin, sn: before.sn, bn: before.bn, xd: day(before.xd), productId: before.product_id }] }, auth.login);
      } else if (to === 'CANCEL' && before.state === 'ON_CREDIT') {
        await releaseDeposit(ctx.trx as never, auth.companyId, { creditProductId: c.id }, auth.login);
      }
    }
    out.push(view({ ...row, current_name: await currentName(ctx, auth.companyId, Number(row.current_id)) }));
  }
  ctx.audit({ action: 'pharmacy.creditProduct.updated', entity: 'credit_product', entityId: out.length === 1 ? out[0]!.id : null, detail: { changes: changes.map((c) => ({ id: c.id, state: c.state ?? null })) } });
  return out;
}

/**
 * For the sale area: a prescription's sale sold these boxes; the open credit products that held
 * them (PENDING or ON_CREDIT) become COMPLETED with the prescription linked. Idempotent (a second
 * call finds none open). Runs in the caller's transaction (tenant set). Returns the ids completed.
 */
export async function completeCreditProductsOfBoxes(trx: unknown, companyId: number, input: { boxes: { gtin: string; sn: string }[]; receteId?: number | null; receteNo?: string | null }): Promise<number[]> {
  if (!input.boxes.length) return [];
  const d = trx as Db;
  const keys = input.boxes.map((b) => `${b.gtin}|${b.sn}`);
  const rows = await d.updateTable('pharmacy_credit_products')
    .set({ state: 'COMPLETED', recete_id: input.receteId ?? null, recete_no: input.receteNo ?? null, updated_at: sql`now()` } as never)
    .where('company_id', '=', companyId).where('state', 'in', ['PENDING', 'ON_CREDIT'])
    .where(sql<boolean>`(gtin || '|' || sn) = any (${sql.val(keys)}::text[])`)
    .returning('id').execute();
  return rows.map((r) => Number(r.id));
}

// --- handlers ----------------------------------------------------------------------------------

const SORTS: Record<string, string> = { id: 'cp.id', givenDate: 'cp.given_date', dueDate: 'cp.due_date', medicineName: 'cp.medicine_name', state: 'cp.state' };

interface ListQuery { state?: CreditProductState[] | CreditProductState; currentId?: number; search?: string; givenFrom?: string; givenTo?: string; overdue?: boolean }

function listWhere(companyId: number, q: ListQuery, today: string) {
  const parts = [sql`cp.company_id = ${companyId}`];
  const states = Array.isArray(q.state) ? q.state : q.state ? [q.state] : [];
  if (states.length) parts.push(sql`cp.state = any (${sql.val(states)}::text[])`);
  if (q.currentId) parts.push(sql`cp.current_id = ${q.currentId}`);
  const s = q.search?.trim();
  if (s) {
    const like = `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    parts.push(sql`(cp.medicine_name ilike ${like} or cp.barcode like ${like} or cp.sn = ${s} or cp.recete_no = ${s})`);
  }
  if (q.givenFrom) parts.push(sql`cp.given_date >= ${q.givenFrom}::date`);
  if (q.givenTo) parts.push(sql`cp.given_date <= ${q.givenTo}::date`);
  if (q.overdue) parts.push(sql`cp.state in ('PENDING', 'ON_CREDIT') and cp.due_date < ${today}::date`);
  return sql.join(parts, sql` and `);
}

const listHandler: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  const page = pageRequest(ctx, ['id', 'desc']);
  const w = listWhere(auth.companyId, (ctx.query ?? {}) as ListQuery, todayInTurkey(ctx));
  const order = sql.raw([...page.sort.map(([f, dir]) => `${SORTS[f] ?? 'cp.id'} ${dir} nulls last`), 'cp.id desc'].join(', '));
  const [rows, count] = await Promise.all([
    sql<Row>`select cp.* from pharmacy_credit_products cp where ${w} order by ${order} limit ${page.size} offset ${page.offset}`.execute(ctx.trx),
    sql<{ n: string }>`select count(*)::text as n from pharmacy_credit_products cp where ${w}`.execute(ctx.trx),
  ]);
  // The page first, then its currents' names in one call to the accounting plugin's directory.
  const names = await currentNames(ctx, auth.companyId, rows.rows.map((r) => Number(r.current_id)));
  return pageResult(ctx, rows.rows.map((r) => view({ ...r, current_name: names.get(Number(r.current_id)) ?? null })), Number(count.rows[0]?.n ?? 0));
};

const getHandler: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  const id = Number((ctx.params as { id: number }).id);
  const row = await db(ctx).selectFrom('pharmacy_credit_products').selectAll().where('company_id', '=', auth.companyId).where('id', '=', id).executeTakeFirst();
  if (!row) throw problems.notFound(EMANET_TEXTS.NOT_FOUND);
  return view({ ...row, current_name: await currentName(ctx, auth.companyId, Number(row.current_id)) });
};

const createHandler: Handler = async (ctx) => {
  const [one] = await createCreditProducts(ctx, [ctx.body as CreditProductInput], false);
  ctx.setStatus(201);
  return one;
};

const updateHandler: Handler = async (ctx) => {
  const [one] = await changeCreditProducts(ctx, [ctx.body as CreditProductChange], false);
  return one;
};

const deleteHandler: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  const id = Number((ctx.params as { id: number }).id);
  const d = db(ctx);
  const row = await d.selectFrom('pharmacy_credit_products').selectAll().where('company_id', '=', auth.companyId).where('id', '=', id).forUpdate().executeTakeFirst();
  if (!row) throw problems.notFound(EMANET_TEXTS.NOT_FOUND);
  if (row.state === 'ON_CREDIT' || row.state === 'COMPLETED') throw problems.conflict(EMANET_TEXTS.DELETE_OPEN, 'CREDIT_PRODUCT_OPEN');
  // A cancelled record's box has already left DEPOSITED; the box keeps its moves (they name the record).
  await d.deleteFrom('pharmacy_credit_products').where('company_id', '=', auth.companyId).where('id', '=', id).execute();
  ctx.audit({ action: 'pharmacy.creditProduct.deleted', entity: 'credit_product', entityId: id, detail: { medicine: row.medicine_name, state: row.state } });
  ctx.setStatus(204);
  return null;
};

const createListHandler: Handler = async (ctx) => {
  const items = await createCreditProducts(ctx, (ctx.body ?? []) as CreditProductInput[], true);
  ctx.setStatus(201);
  return { message: EMANET_TEXTS.SAVED, items };
};

const updateListHandler: Handler = async (ctx) => {
  const changes = (ctx.body ?? []) as CreditProductChange[];
  const items = await changeCreditProducts(ctx, changes, true);
  const allCancelled = changes.length > 0 && changes.every((c) => c.state === 'CANCEL');
  const allCompleted = changes.length > 0 && changes.every((c) => c.state === 'COMPLETED');
  return { message: allCancelled ? EMANET_TEXTS.CANCELLED : allCompleted ? EMANET_TEXTS.COMPLETED : EMANET_TEXTS.SAVED, items };
};

const CURRENT_SORTS: Record<string, string> = { currentName: 'current_name', open: 'open', lastGivenDate: 'last_given_date', nearestDueDate: 'nearest_due_date' };

const currentsHandler: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  const page = pageRequest(ctx, ['lastGivenDate', 'desc']);
  const q = (ctx.query ?? {}) as ListQuery & { openOnly?: boolean };
  const today = todayInTurkey(ctx);
  const w = listWhere(auth.companyId, { currentId: q.currentId, search: q.search, givenFrom: q.givenFrom, givenTo: q.givenTo }, today);
  const having = q.openOnly === false ? sql`true` : sql`count(*) filter (where cp.state in ('PENDING', 'ON_CREDIT')) > 0`;
  const order = sql.raw([...page.sort.map(([f, dir]) => `${CURRENT_SORTS[f] ?? 'last_given_date'} ${dir} nulls last`), 'current_id desc'].join(', '));
  // The list sorts by the current's name: the names of the currents it may show come first from
  // the accounting plugin's directory (one call), and the query sorts on them as a parameter.
  const seen = await sql<{ current_id: string }>`select distinct cp.current_id from pharmacy_credit_products cp where ${w}`.execute(ctx.trx);
  const names = await currentNames(ctx, auth.companyId, seen.rows.map((r) => Number(r.current_id)));
  const known = [...names.keys()];
  const grouped = sql`
    select cp.current_id,
           max(c.display) as current_name,
           count(*) filter (where cp.state = 'PENDING')::int as pending,
           count(*) filter (where cp.state = 'ON_CREDIT')::int as on_credit,
           count(*) filter (where cp.state = 'COMPLETED')::int as completed,
           count(*) filter (where cp.state = 'CANCEL')::int as cancelled,
           count(*) filter (where cp.state in ('PENDING', 'ON_CREDIT'))::int as open,
           coalesce(sum(cp.quantity) filter (where cp.state in ('PENDING', 'ON_CREDIT')), 0)::int as open_quantity,
           count(*) filter (where cp.state in ('PENDING', 'ON_CREDIT') and cp.due_date < ${today}::date)::int as overdue,
           to_char(max(cp.given_date), 'YYYY-MM-DD') as last_given_date,
           to_char(min(cp.due_date) filter (where cp.state in ('PENDING', 'ON_CREDIT')), 'YYYY-MM-DD') as nearest_due_date
      from pharmacy_credit_products cp
      left join unnest(${sql.val(known)}::bigint[], ${sql.val(known.map((id) => names.get(id)!))}::text[]) as c(id, display) on c.id = cp.current_id
     where ${w} group by cp.current_id having ${having}`;
  const [rows, count] = await Promise.all([
    sql<Record<string, unknown>>`select * from (${grouped}) g order by ${order} limit ${page.size} offset ${page.offset}`.execute(ctx.trx),
    sql<{ n: string }>`select count(*)::text as n from (${grouped}) g`.execute(ctx.trx),
  ]);
  return pageResult(ctx, rows.rows.map((r) => ({
    currentId: Number(r.current_id), currentName: (r.current_name as string | null) ?? null,
    pending: Number(r.pending), onCredit: Number(r.on_credit), completed: Number(r.completed), cancelled: Number(r.cancelled),
    open: Number(r.open), openQuantity: Number(r.open_quantity), overdue: Number(r.overdue),
    lastGivenDate: (r.last_given_date as string | null) ?? null, nearestDueDate: (r.nearest_due_date as string | null) ?? null,
  })), Number(count.rows[0]?.n ?? 0));
};

export const area: PharmacyArea = {
  handlers: {
    listCreditProducts: listHandler,
    getCreditProduct: getHandler,
    createCreditProduct: createHandler,
    updateCreditProduct: updateHandler,
    deleteCreditProduct: deleteHandler,
    createCreditProductsList: createListHandler,
    updateCreditProductsList: updateListHandler,
    listCurrentsCreditProducts: currentsHandler,
  },
  seedDemo: seedDemoCreditProducts,
};
