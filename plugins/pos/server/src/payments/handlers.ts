import Decimal from 'decimal.js';
import { sql, type Kysely } from 'kysely';
import { QUANTITY_DECIMALS } from '@tezgah/core';
import { pageRequest, pageResult, problems, Problem, requireAuth, setTenant, type Handler, type RequestContext, type Services } from '@tezgah/server';
import { isPosPaymentStatus, POS_USER_TARGETS, userActions, type PosPaymentKind, type PosPaymentStatus } from '@tezgah/pos-common';
import { directoryOf } from '@tezgah/accounting-server';
import { loadDevice } from '../devices/index';
import { applyReport, dispatch, move, newBasketId, today, webhookSecret } from './service';
import { parseWebhook, verifyWebhook } from './tokenx';
import { assertNotRefunded, refundedOf } from './refunds';

type Db = Kysely<any>;
const dbOf = (ctx: RequestContext) => ctx.trx as unknown as Db;

/** The answer for one payment (money as decimal strings with two decimals). */
export function view(r: any, deviceName?: string | null, refunded?: Decimal | null) {
  const items = typeof r.items === 'string' ? JSON.parse(r.items) : (r.items ?? []);
  const status = r.status as PosPaymentStatus;
  const day = (v: unknown) => (v == null ? null : v instanceof Date ? today(v) : String(v).slice(0, 10));
  return {
    id: Number(r.id), kind: r.kind as PosPaymentKind, status, statusReason: r.status_reason ?? null, actions: userActions(status),
    deviceId: Number(r.device_id), deviceName: deviceName ?? null, terminalSerialNo: r.terminal_serial_no, bankAccountId: Number(r.bank_account_id),
    total: new Decimal(r.total).toFixed(2), refunded: new Decimal(refunded ?? 0).toFixed(2), currentId: r.current_id == null ? null : Number(r.current_id),
    customerName: r.customer_name ?? null, customerTaxNumber: r.customer_tax_number ?? null, customerPhone: r.customer_phone ?? null, customerEmail: r.customer_email ?? null,
    dueDate: day(r.due_date), paymentDate: day(r.payment_date), documentNo: r.document_no, explanation: r.explanation ?? null, items,
    invoiceId: r.invoice_id == null ? null : Number(r.invoice_id), receiptNo: r.receipt_no ?? null, zNo: r.z_no ?? null,
    bankResponseCode: r.bank_response_code ?? null, cardType: r.card_type ?? null, maskedPan: r.masked_pan ?? null,
    entryId: r.entry_id == null ? null : Number(r.entry_id), reversalEntryId: r.reversal_entry_id == null ? null : Number(r.reversal_entry_id),
    changeSeq: String(r.change_seq), createdDate: new Date(r.created_at).toISOString(), updateDate: new Date(r.updated_at).toISOString(),
  };
}

async function views(db: Db, companyId: number, rows: any[]) {
  const ids = [...new Set(rows.map((r) => Number(r.device_id)))];
  const ds = ids.length ? await db.selectFrom('pos_devices').select(['id', 'name']).where('company_id', '=', companyId).where('id', 'in', ids).execute() : [];
  const m = new Map(ds.map((d: any) => [Number(d.id), d.name as string]));
  const refunded = await refundedOf(db, companyId, rows.filter((r) => r.kind === 'INVOICE').map((r) => Number(r.id)));
  return rows.map((r) => view(r, m.get(Number(r.device_id)), refunded.get(Number(r.id))));
}

async function one(db: Db, companyId: number, id: number, kind?: PosPaymentKind) {
  let q = db.selectFrom('pos_payments').selectAll().where('company_id', '=', companyId).where('id', '=', id);
  if (kind) q = q.where('kind', '=', kind);
  const r = await q.executeTakeFirst();
  if (!r) throw problems.notFound('POS ödemesi');
  return r;
}

// ---------------------------------------------------------------------------------------------
// Lists.

const SORTS: Record<string, string> = { id: 'id', total: 'total', status: 'status', paymentDate: 'payment_date', updateDate: 'updated_at' };

function listOf(kind?: PosPaymentKind): Handler {
  return async (ctx) => {
    const { companyId } = requireAuth(ctx);
    const db = dbOf(ctx);
    const p = pageRequest(ctx, ['id', 'desc']);
    const q = ctx.query ?? {};
    let base = db.selectFrom('pos_payments').where('company_id', '=', companyId);
    if (kind) base = base.where('kind', '=', kind);
    else if (q.kind) base = base.where('kind', '=', q.kind);
    const st: string[] = Array.isArray(q.status) ? q.status : q.status ? [q.status] : [];
    if (st.length) base = base.where('status', 'in', st);
    if (q.currentId) base = base.where('current_id', '=', Number(q.currentId));
    if (q.deviceId) base = base.where('device_id', '=', Number(q.deviceId));
    if (q.invoiceId) base = base.where('invoice_id', '=', Number(q.invoiceId));
    if (q.startDate) base = base.where('payment_date', '>=', q.startDate);
    if (q.endDate) base = base.where('payment_date', '<=', q.endDate);
    if (q.search) {
      const like = `%${String(q.search).replace(/[\\%_]/g, '\\$&')}%`;
      base = base.where((eb: any) => eb.or([eb('document_no', 'ilike', like), eb('customer_name', 'ilike', like), eb('terminal_serial_no', 'ilike', like), eb('receipt_no', 'ilike', like)]));
    }
    const total = Number(((await base.select((eb: any) => eb.fn.countAll().as('n')).executeTakeFirst()) as any)?.n ?? 0);
    let sel = base.selectAll();
    for (const [f, d] of p.sort.length ? p.sort : [['id', 'desc'] as [string, 'asc' | 'desc']]) sel = sel.orderBy(SORTS[f] ?? 'id', d);
    const rows = await sel.orderBy('id', 'desc').limit(p.size).offset(p.offset).execute();
    return pageResult(ctx, await views(db, companyId, rows), total);
  };
}

// ---------------------------------------------------------------------------------------------
// Creating a payment: it is sent to the device at once (PENDING).

interface Line { name: string; quantity: number | string; unitPrice: number | string; taxPercent?: number | string; productId?: number | null }
interface CreateBody {
  deviceId?: number; total?: number | string; currentId?: number | null; customerName?: string | null; customerTaxNumber?: string | null;
  customerPhone?: string | null; customerEmail?: string | null; dueDate?: string | null; explanation?: string | null; items?: Line[];
}

const money = (v: unknown, field: string): Decimal => {
  let d: Decimal;
  try { d = new Decimal(String(v)); } catch { throw problems.invalidField(field, 'Geçerli bir tutar girin.', 'AMOUNT'); }
  if (!d.isFinite() || d.decimalPlaces() > 2) throw problems.invalidField(field, 'Tutar en fazla iki ondalık basamak olabilir.', 'AMOUNT');
  return d;
};

/** A basket line's quantity: three decimals at most (2,125 kg), as Token X (× 1000) and the sale's invoice take it. */
const quantityOf = (v: unknown, field: string): Decimal => {
  let d: Decimal;
  try { d = new Decimal(String(v)); } catch { throw problems.invalidField(field, 'Geçerli bir miktar girin.', 'QUANTITY'); }
  if (!d.isFinite() || d.decimalPlaces() > QUANTITY_DECIMALS) throw problems.invalidField(field, `Miktar en fazla ${QUANTITY_DECIMALS} ondalık basamak olabilir.`, 'QUANTITY');
  return d;
};

async function pickDevice(db: Db, services: Services, companyId: number, deviceId: number | undefined) {
  let q = db.selectFrom('pos_devices').select(['id']).where('company_id', '=', companyId);
  q = deviceId ? q.where('id', '=', deviceId) : q.where('active', '=', true).orderBy('id');
  const r = await q.executeTakeFirst();
  if (!r) throw deviceId ? problems.invalidField('deviceId', 'POS cihazı bulunamadı.', 'DEVICE_NOT_FOUND') : problems.invalidField('deviceId', 'Şirketin etkin bir POS cihazı yok; önce POS cihazı ekleyin.', 'NO_DEVICE');
  const d = (await loadDevice(db, services, companyId, Number(r.id)))!;
  if (!d.active) throw problems.invalidField('deviceId', 'POS cihazı pasif.', 'DEVICE_PASSIVE');
  return d;
}

/** Creates a POS payment and, unless told otherwise, leaves it PENDING to be sent after the commit. */
export async function createPayment(
  db: Db, services: Services, companyId: number, login: string | null, kind: PosPaymentKind, b: CreateBody,
  extra: { invoiceId?: number; invoicePaymentId?: number; bankAccountId?: number } = {},
): Promise<number | null> {
  const d = await pickDevice(db, services, companyId, b.deviceId);
  const items = (b.items ?? []).map((l, i) => {
    const q = quantityOf(l.quantity, `items[${i}].quantity`);
    const u = money(l.unitPrice, `items[${i}].unitPrice`);
    if (!q.gt(0)) throw problems.invalidField(`items[${i}].quantity`, 'Miktar sıfırdan büyük olmalı.', 'QUANTITY');
    if (u.lt(0)) throw problems.invalidField(`items[${i}].unitPrice`, 'Birim fiyat eksi olamaz.', 'PRICE');
    return { name: l.name.trim(), quantity: q.toString(), unitPrice: u.toFixed(2), taxPercent: new Decimal(l.taxPercent ?? 0).toString(), productId: l.productId ?? null };
  });
  const sum = items.reduce((s, l) => s.plus(new Decimal(l.quantity).times(l.unitPrice)), new Decimal(0)).toDecimalPlaces(2);
  const total = b.total !== undefined && b.total !== null ? money(b.total, 'total') : sum;
  if (!total.gt(0)) throw problems.invalidField('total', 'Tutar sıfırdan büyük olmalı.', 'AMOUNT_ZERO');
  if (items.length && !sum.eq(total)) throw problems.invalidField('total', `Tutar satırların toplamına (${sum.toFixed(2)}) eşit olmalı.`, 'TOTAL_MISMATCH');
  if (b.currentId) {
    const c = (await directoryOf(services).currentNames(db, companyId, [b.currentId])).get(Number(b.currentId));
    if (!c) throw problems.invalidField('currentId', 'Cari hesap bulunamadı.', 'CURRENT_NOT_FOUND');
    b.customerName ??= c.name;
  }
  if (kind === 'OPEN_ACCOUNT' && !b.currentId) throw problems.invalidField('currentId', 'Cari hesap zorunludur.', 'REQUIRED');
  const id = Number((await sql<{ id: string }>`select nextval('pos_payments_id_seq')::text as id`.execute(db)).rows[0]!.id);
  const now = services.now();
  const ins = await db.insertInto('pos_payments').values({
    company_id: companyId, id, kind, status: 'PENDING', device_id: d.id, terminal_serial_no: d.terminalSerialNo, bank_account_id: extra.bankAccountId ?? d.bankAccountId,
    total: total.toFixed(2), current_id: b.currentId ?? null, customer_name: b.customerName?.trim() || null, customer_tax_number: b.customerTaxNumber || null,
    customer_phone: b.customerPhone || null, customer_email: b.customerEmail || null, due_date: b.dueDate || null, payment_date: today(now),
    document_no: `POS${today(now).slice(0, 4)}${String(id).padStart(9, '0')}`, explanation: b.explanation?.trim() || null, items: JSON.stringify(items),
    invoice_id: extra.invoiceId ?? null, invoice_payment_id: extra.invoicePaymentId ?? null, basket_id: newBasketId(), sent_at: now, created_by: login,
  }).onConflict((oc: any) => oc.columns(['company_id', 'invoice_payment_id']).where('invoice_payment_id', 'is not', null).doNothing()).returning('id').executeTakeFirst();
  if (!ins) return null;
  await db.insertInto('pos_payment_events').values({ company_id: companyId, payment_id: id, from_status: null, to_status: 'PENDING', source: login ? 'USER' : 'SYSTEM', created_by: login }).execute();
  return id;
}

function creator(kind: PosPaymentKind): Handler {
  return async (ctx) => {
    const auth = requireAuth(ctx);
    const db = dbOf(ctx);
    const b = { ...(ctx.body ?? {}) } as CreateBody & { kind?: PosPaymentKind };
    const k = b.kind ?? kind;
    delete b.kind;
    if (k === 'INVOICE') throw problems.invalidField('kind', 'Faturanın POS ödemesi faturayla birlikte oluşur.', 'NOT_ALLOWED');
    const id = (await createPayment(db, ctx.services, auth.companyId, auth.login, k, b))!;
    ctx.audit({ action: 'pos.payment.created', entity: 'pos_payment', entityId: id, detail: { kind: k } });
    ctx.afterwards(async (_db, committed) => { if (committed) await dispatch(ctx.services, auth.companyId, id); });
    ctx.setStatus(201);
    return (await views(db, auth.companyId, [await one(db, auth.companyId, id)]))[0];
  };
}

// ---------------------------------------------------------------------------------------------
// The three user actions.

function statusUpdater(kind?: PosPaymentKind): Handler {
  return async (ctx) => {
    const auth = requireAuth(ctx);
    const db = dbOf(ctx);
    const { id, status } = ctx.body as { id: number; status: string };
    if (!isPosPaymentStatus(status) || !POS_USER_TARGETS.includes(status)) {
      throw problems.invalidField('status', 'Yalnız cihaza gönderme (PENDING), vazgeçme (CANCELLED) ve iptali cihaza gönderme (SALE_CANCEL_PENDING) istenebilir.', 'STATUS');
    }
    await one(db, auth.companyId, id, kind);
    if (status === 'SALE_CANCEL_PENDING') await assertNotRefunded(db, auth.companyId, id);
    const patch: Record<string, unknown> = {};
    if (status === 'PENDING') Object.assign(patch, { basket_id: newBasketId(), sent_at: ctx.services.now() });
    if (status === 'SALE_CANCEL_PENDING') Object.assign(patch, { void_basket_id: newBasketId(), sent_at: ctx.services.now() });
    const r = await move(db, ctx.services, auth.companyId, id, status, 'USER', { patch, login: auth.login, reason: status === 'CANCELLED' ? 'Ödeme almaktan vazgeçildi.' : null });
    if (r.changed) {
      ctx.audit({ action: 'pos.payment.status', entity: 'pos_payment', entityId: id, detail: { from: r.from, to: status } });
      ctx.afterwards(async (_db, committed) => { if (committed) await dispatch(ctx.services, auth.companyId, id); });
    }
    return (await views(db, auth.companyId, [await one(db, auth.companyId, id)]))[0];
  };
}

// ---------------------------------------------------------------------------------------------
// CRUD's other parts.

function getter(kind?: PosPaymentKind): Handler {
  return async (ctx) => {
    const { companyId } = requireAuth(ctx);
    const db = dbOf(ctx);
    const r = await one(db, companyId, Number(ctx.params.id), kind);
    const events = await db.selectFrom('pos_payment_events').select(['from_status', 'to_status', 'source', 'detail', 'created_by', 'created_at'])
      .where('company_id', '=', companyId).where('payment_id', '=', r.id).orderBy('id').execute();
    return {
      ...(await views(db, companyId, [r]))[0],
      history: events.map((e: any) => ({ from: e.from_status, to: e.to_status, source: e.source, by: e.created_by, at: new Date(e.created_at).toISOString(), detail: typeof e.detail === 'string' ? JSON.parse(e.detail) : e.detail })),
    };
  };
}

function updater(kind?: PosPaymentKind): Handler {
  return async (ctx) => {
    const auth = requireAuth(ctx);
    const db = dbOf(ctx);
    const b = ctx.body as { id: number; customerName?: string | null; customerTaxNumber?: string | null; customerPhone?: string | null; customerEmail?: string | null; dueDate?: string | null; explanation?: string | null };
    await one(db, auth.companyId, b.id, kind);
    const set: Record<string, unknown> = {
      customer_name: b.customerName, customer_tax_number: b.customerTaxNumber, customer_phone: b.customerPhone, customer_email: b.customerEmail, due_date: b.dueDate, explanation: b.explanation,
    };
    for (const k of Object.keys(set)) if (set[k] === undefined) delete set[k]; else if (set[k] === '') set[k] = null;
    if (Object.keys(set).length) {
      await db.updateTable('pos_payments').set({ ...set, updated_at: new Date(), change_seq: sql`nextval('pos_payment_change_seq')` }).where('company_id', '=', auth.companyId).where('id', '=', b.id).execute();
      ctx.audit({ action: 'pos.payment.updated', entity: 'pos_payment', entityId: b.id, detail: { fields: Object.keys(set) } });
    }
    return (await views(db, auth.companyId, [await one(db, auth.companyId, b.id)]))[0];
  };
}

function deleter(kind?: PosPaymentKind): Handler {
  return async (ctx) => {
    const auth = requireAuth(ctx);
    const db = dbOf(ctx);
    const id = Number(ctx.params.id);
    const r = await one(db, auth.companyId, id, kind);
    if (!['CANCELLED', 'FAILED', 'ABORTED'].includes(r.status) || r.entry_id) {
      throw problems.conflict('Yalnız vazgeçilmiş, başarısız ya da cihazda iptal edilmiş bir POS ödemesi silinebilir.', 'POS_PAYMENT_NOT_DELETABLE');
    }
    await db.deleteFrom('pos_payments').where('company_id', '=', auth.companyId).where('id', '=', id).execute();
    ctx.audit({ action: 'pos.payment.deleted', entity: 'pos_payment', entityId: id });
    ctx.setStatus(204);
    return null;
  };
}

/**
 * The /pos-payment page's live feed: the payments changed after a cursor (short polling; the
 * kernel runs each request in a transaction, and waiting inside one would hold the embedded
 * engine's only connection, so the page asks again every second or two). Without `since` it
 * answers only the cursor to start from.
 */
const listPosPaymentChanges: Handler = async (ctx) => {
  const { companyId } = requireAuth(ctx);
  const db = dbOf(ctx);
  const since = ctx.query?.since;
  const max: any = await db.selectFrom('pos_payments').select((eb: any) => eb.fn.max('change_seq').as('m')).where('company_id', '=', companyId).executeTakeFirst();
  const cursor = String(max?.m ?? '0');
  if (since === undefined || since === null || since === '') return { cursor, items: [] };
  const rows = await db.selectFrom('pos_payments').selectAll().where('company_id', '=', companyId).where('change_seq', '>', String(since))
    .orderBy('change_seq').limit(200).execute();
  return { cursor: rows.length === 200 ? String(rows[rows.length - 1]!.change_seq) : cursor, items: await views(db, companyId, rows) };
};

// ---------------------------------------------------------------------------------------------
// The terminal's webhook (x-public; verified by the signature of our invention, tokenx.ts).

const posTerminalCallback: Handler = async (ctx) => {
  const companyId = Number(ctx.params.companyId);
  const parsed = parseWebhook(ctx.body);
  if (!parsed) throw problems.badRequest('Tanınmayan bildirim.');
  const db = dbOf(ctx);
  await setTenant(ctx.trx, companyId);
  const p = await db.selectFrom('pos_payments').select(['id', 'device_id', 'basket_id', 'void_basket_id']).where('company_id', '=', companyId)
    .where((eb: any) => eb.or([eb('basket_id', '=', parsed.basketId), eb('void_basket_id', '=', parsed.basketId)])).executeTakeFirst();
  const d = p ? await loadDevice(db, ctx.services, companyId, Number(p.device_id)) : null;
  // An unknown basket and a wrong signature answer alike: nothing tells a caller which baskets exist.
  if (!p || !d || !verifyWebhook(webhookSecret(d), ctx.body)) {
    throw new Problem(404, 'Kayıt bulunamadı', { detail: 'Bildirimin sepeti bulunamadı ya da imzası doğrulanamadı.', code: 'NOT_FOUND' });
  }
  const r = await applyReport(db, ctx.services, companyId, { id: Number(p.id), basket_id: p.basket_id, void_basket_id: p.void_basket_id }, parsed.basketId,
    { completion: parsed.completion, progress: parsed.progress?.status }, 'TERMINAL');
  return { status: 0, description: r?.changed ? 'OK' : 'IGNORED' };
};

export const paymentHandlers: Record<string, Handler> = {
  listPosPayments: listOf(),
  listPosPaymentsToPortal: listOf(),
  getPosPayment: getter(),
  createPosPayment: creator('NON_PRESCRIPTION'),
  updatePosPayment: updater(),
  deletePosPayment: deleter(),
  updatePosPaymentStatus: statusUpdater(),
  createNonPrescriptionPosPayment: creator('NON_PRESCRIPTION'),
  createOpenAccountPosPayment: creator('OPEN_ACCOUNT'),
  listPosPaymentChanges,
  posTerminalCallback,
  listCurrentPosPayments: listOf('OPEN_ACCOUNT'),
  getCurrentPosPayment: getter('OPEN_ACCOUNT'),
  createCurrentPosPayment: creator('OPEN_ACCOUNT'),
  updateCurrentPosPayment: updater('OPEN_ACCOUNT'),
  deleteCurrentPosPayment: deleter('OPEN_ACCOUNT'),
  updateCurrentPosPaymentStatus: statusUpdater('OPEN_ACCOUNT'),
};
