import Decimal from 'decimal.js';
import type { Kysely } from 'kysely';
import { directoryOf, type DirectoryProduct } from '@tezgah/accounting-server';
import { MESSAGES } from '@tezgah/core';
import { pageRequest, pageResult, Problem, problems, requireAuth, tables, type Handler, type RequestContext } from '@tezgah/server';
import { IN_STOCK_STATES, ITS_TARGETS, itsTargetOf, TRACKING_TEXTS, UTS_TARGETS, utsTargetOf, type ItsTarget } from '@tezgah/pharmacy-common';
import { loadAccounts, outsideTimeoutMs } from '../settings/index';
import { boxView, cancelBoxes, companyGln, enqueue, moveBox, parseAndFind, receiveBoxes, sellBoxes, type BoxInput, type BoxRow } from './boxes';
import { frOf, ItsError, itemsOf, itsClient, delivered, type ItsDocument, type ItsItemResult, type ItsPort, type ItsProduct } from './its-client';
import { outboxHooks, outboxView, scheduleDelivery, type OutboxRow } from './outbox';
import { UtsError, utsClient, type UtsPort } from './uts';
import type { TrackingDb } from './schema';

/**
 * The tracking operations (openapi/pharmacy/tracking.yaml): the İTS gateway and the counter's
 * sale / cancel notifications, the status check and the drug-tracking query, the notification
 * outbox a person watches, the boxes (the drug-tracking dialog) and the ÜTS gateway.
 */

interface Actor { db: TrackingDb; companyId: number; login: string }
const actor = (ctx: RequestContext): Actor => {
  const auth = requireAuth(ctx);
  return { db: tables(ctx) as unknown as TrackingDb, companyId: auth.companyId, login: auth.login };
};
const anyDb = (db: TrackingDb) => db as unknown as Kysely<any>;

async function itsPort(ctx: RequestContext, a: Actor): Promise<{ port: ItsPort; gln: string | null }> {
  const acc = await loadAccounts(anyDb(a.db), ctx.services, a.companyId);
  const port = outboxHooks.its?.(a.companyId) ?? itsClient({
    companyId: a.companyId, timeoutMs: outsideTimeoutMs(ctx.services),
    account: { username: acc.its.username, password: acc.its.password ?? (acc.its.mode === 'sandbox' ? 'sandbox' : null), url: acc.its.url },
  });
  return { port, gln: acc.its.gln ?? frOf(acc.its.username) };
}

async function utsPort(ctx: RequestContext, a: Actor): Promise<UtsPort> {
  const acc = await loadAccounts(anyDb(a.db), ctx.services, a.companyId);
  return outboxHooks.uts?.(a.companyId) ?? utsClient({ account: { token: acc.uts.token ?? (acc.uts.mode === 'sandbox' ? 'sandbox' : null), url: acc.uts.url }, timeoutMs: outsideTimeoutMs(ctx.services) });
}

const noItsAccessToken = () => new Problem(401, MESSAGES.NO_ITS_ACCESS_TOKEN, { detail: MESSAGES.NO_ITS_ACCESS_TOKEN, code: 'NO_ITS_ACCESS_TOKEN' });

/** An outside system's failure in a call a person waits for. */
function outsideProblem(e: unknown, system: 'İTS' | 'ÜTS'): never {
  if (e instanceof ItsError || e instanceof UtsError) {
    switch (e.kind) {
      case 'NO_ACCOUNT': throw new Problem(409, `${system} hesabı tanımlı değil`, { detail: e.message, code: system === 'İTS' ? 'ITS_NO_ACCOUNT' : 'UTS_NO_ACCOUNT' });
      case 'AUTH': throw new Problem(409, `${system} girişi başarısız`, { detail: e.message, code: system === 'İTS' ? 'ITS_AUTH' : 'UTS_AUTH' });
      case 'REFUSED': throw new Problem(409, `${system} isteği reddetti`, { detail: e.message, code: system === 'İTS' ? 'ITS_REFUSED' : 'UTS_REFUSED' });
      default: throw new Problem(502, `${system}'ye ulaşılamadı`, { detail: e.message, code: system === 'İTS' ? 'ITS_UNAVAILABLE' : 'UTS_UNAVAILABLE' });
    }
  }
  throw e;
}

async function outboxRow(a: Actor, id: number): Promise<OutboxRow> {
  const r = await a.db.selectFrom('pharmacy_tracking_outbox').selectAll().where('company_id', '=', a.companyId).where('id', '=', id).executeTakeFirst();
  if (!r) throw problems.notFound('Bildirim');
  return r as OutboxRow;
}

// --- sale and cancel ------------------------------------------------------------------------------

interface SaleBody { invoiceId?: number; receteId?: number; to?: string; document?: ItsDocument; productList: ItsProduct[] }

async function sale(ctx: RequestContext, b: SaleBody) {
  const a = actor(ctx);
  if (!Array.isArray(b.productList) || !b.productList.length) throw problems.invalidField('productList', 'En az bir kutu gerekir.', 'REQUIRED');
  // A box already sold on this invoice (a second click) is not sold or reported again.
  const fresh: BoxInput[] = [];
  for (const p of b.productList) {
    const box = await a.db.selectFrom('pharmacy_boxes').select(['state', 'invoice_id']).where('company_id', '=', a.companyId).where('gtin', '=', p.gtin).where('sn', '=', p.sn).executeTakeFirst();
    if (box && box.state === 'SOLD' && b.invoiceId && Number(box.invoice_id) === b.invoiceId) continue;
    fresh.push({ gtin: p.gtin, sn: p.sn, bn: p.bn ?? null, xd: p.xd ?? null });
  }
  let id: number | null = null;
  if (fresh.length) {
    const r = await sellBoxes(anyDb(a.db), a.companyId, { invoiceId: b.invoiceId ?? null, receteId: b.receteId ?? null, to: b.to ?? null, document: b.document ?? {}, boxes: fresh }, a.login, ctx.services.now());
    id = r.outboxId;
    scheduleDelivery(ctx, a.companyId);
    ctx.audit({ action: 'pharmacy.its.sale', entity: 'pharmacy_tracking_outbox', entityId: id, detail: { invoiceId: b.invoiceId ?? null, boxes: fresh.length } });
  } else {
    const last = await a.db.selectFrom('pharmacy_tracking_outbox').select('id').where('company_id', '=', a.companyId).where('kind', '=', 'ITS_SALE')
      .where('invoice_id', '=', b.invoiceId!).orderBy('id', 'desc').executeTakeFirst();
    id = last ? Number(last.id) : null;
  }
  return { message: TRACKING_TEXTS.ITS_SALE_QUEUED, outbox: id === null ? null : outboxView(await outboxRow(a, id)) };
}

interface CancelBody { invoiceId?: number; dt?: 'C'; fr?: string; to?: string; document?: ItsDocument; productList: ItsProduct[] }

async function saleCancel(ctx: RequestContext, b: CancelBody) {
  const a = actor(ctx);
  if (!Array.isArray(b.productList) || !b.productList.length) throw problems.invalidField('productList', 'En az bir kutu gerekir.', 'REQUIRED');
  if (b.dt !== undefined && b.dt !== 'C') throw problems.invalidField('dt', "Satış iptal bildiriminin türü (dt) 'C' olmalıdır.", 'ITS_DT');
  const gln = await companyGln(anyDb(a.db), a.companyId);
  if (b.fr && gln && b.fr !== gln) throw problems.invalidField('fr', `Gönderen (fr) eczanenin GLN'si olmalıdır: İTS kullanıcı adının son 4 hanesi çıkarılmış hali (${gln}).`, 'ITS_FR');
  // Idempotent: the same boxes' cancel already waiting or sent, nothing sold again since → that one.
  const keys = new Set(b.productList.map((p) => `${p.gtin}|${p.sn}`));
  const sold = await a.db.selectFrom('pharmacy_boxes').select(['gtin', 'sn']).where('company_id', '=', a.companyId).where('state', '=', 'SOLD')
    .where('gtin', 'in', [...new Set(b.productList.map((p) => p.gtin))]).execute();
  if (!sold.some((s) => keys.has(`${s.gtin}|${s.sn}`))) {
    const prev = await a.db.selectFrom('pharmacy_tracking_outbox').selectAll().where('company_id', '=', a.companyId).where('kind', '=', 'ITS_SALE_CANCEL')
      .where('state', '<>', 'FAILED').orderBy('id', 'desc').limit(50).execute() as OutboxRow[];
    const same = prev.find((r) => {
      const list = ((typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload) as { productList?: ItsProduct[] }).productList ?? [];
      return list.length === keys.size && list.every((p) => keys.has(`${p.gtin}|${p.sn}`));
    });
    if (same) return { message: TRACKING_TEXTS.ITS_CANCEL_QUEUED, outbox: outboxView(same) };
  }
  const r = await cancelBoxes(anyDb(a.db), a.companyId, {
    invoiceId: b.invoiceId ?? null, to: b.to ?? null, document: b.document ?? {},
    productList: b.productList.map((p) => ({ gtin: p.gtin, sn: p.sn, bn: p.bn ?? null, xd: p.xd ?? null })),
  }, a.login, ctx.services.now());
  scheduleDelivery(ctx, a.companyId);
  ctx.audit({ action: 'pharmacy.its.saleCancel', entity: 'pharmacy_tracking_outbox', entityId: r.outboxId, detail: { invoiceId: b.invoiceId ?? null, boxes: b.productList.length } });
  return { message: TRACKING_TEXTS.ITS_CANCEL_QUEUED, outbox: outboxView(await outboxRow(a, r.outboxId)) };
}

// --- direct calls ---------------------------------------------------------------------------------

/** Writes what İTS said of each product on our box of it (and accepts a RECEIVED box İTS accepted). */
async function recordOnBoxes(a: Actor, items: ItsItemResult[], accept: { gln: string | null } | null) {
  const out: (ItsItemResult & { boxId: number | null; state: string | null })[] = [];
  for (const item of items) {
    let box = await a.db.selectFrom('pharmacy_boxes').selectAll().where('company_id', '=', a.companyId).where('gtin', '=', item.gtin).where('sn', '=', item.sn).executeTakeFirst() as BoxRow | undefined;
    if (box) {
      await a.db.updateTable('pharmacy_boxes').set({ its_uc: item.uc, its_message: item.ucMessage }).where('company_id', '=', a.companyId).where('id', '=', box.id).execute();
      if (accept && box.state === 'RECEIVED' && delivered('ITS_ACCEPT', item, accept.gln)) {
        box = await moveBox(anyDb(a.db), a.companyId, box, 'ACCEPTED', 'İTS mal kabul bildirimi başarılı', 'its-request', a.login);
      }
    }
    out.push({ ...item, boxId: box ? Number(box.id) : null, state: box?.state ?? null });
  }
  return out;
}

async function checkStatus(ctx: RequestContext, a: Actor, products: ItsProduct[]) {
  const acc = await loadAccounts(anyDb(a.db), ctx.services, a.companyId);
  if (!acc.its.username) throw noItsAccessToken();
  const { port } = await itsPort(ctx, a);
  let res: unknown;
  try {
    res = await port.call('check_status', { productList: products.map((p) => ({ gtin: p.gtin, sn: p.sn, bn: p.bn ?? null, xd: p.xd ?? null })) });
  } catch (e) {
    if (e instanceof ItsError && (e.kind === 'NO_ACCOUNT' || e.kind === 'AUTH')) throw noItsAccessToken();
    outsideProblem(e, 'İTS');
  }
  const r = (res ?? {}) as { responseObjectList?: unknown };
  // Seeds 001 §4/§8: a status check whose answer has no object list is "no access token".
  if (!Array.isArray(r.responseObjectList)) throw noItsAccessToken();
  return recordOnBoxes(a, itemsOf(res) ?? [], null);
}

async function productsOf(a: Actor, b: { qrCode?: string; productList?: ItsProduct[] }): Promise<ItsProduct[]> {
  if (b.productList?.length) return b.productList;
  const { parsed } = await parseAndFind(anyDb(a.db), a.companyId, b.qrCode ?? '');
  return [{ gtin: parsed.gtin, sn: parsed.sn, bn: parsed.bn, xd: parsed.xd }];
}

const itsCheckStatus: Handler = async (ctx) => {
  const a = actor(ctx);
  const b = (ctx.body ?? {}) as { qrCode?: string; productList?: ItsProduct[]; management?: boolean };
  const products = await productsOf(a, b);
  return { management: b.management ?? false, productList: await checkStatus(ctx, a, products) };
};

/** The drug-tracking query: a scanned QR code, what we hold of the box and what İTS says. */
const itsQuery: Handler = async (ctx) => {
  const a = actor(ctx);
  const b = (ctx.body ?? {}) as { qrCode?: string };
  const { parsed, box } = await parseAndFind(anyDb(a.db), a.companyId, b.qrCode ?? '');
  let its: ItsItemResult | null = null;
  let itsError: string | null = null;
  try {
    const items = await checkStatus(ctx, a, [{ gtin: parsed.gtin, sn: parsed.sn, bn: parsed.bn, xd: parsed.xd }]);
    its = items[0] ?? null;
  } catch (e) {
    if (!(e instanceof Problem) || (e.status !== 502 && e.status !== 401 && e.status !== 409)) throw e;
    itsError = e.status === 401 ? MESSAGES.NO_ITS_ACCESS_TOKEN : (e.detail ?? e.title);
  }
  const fresh = box ? await a.db.selectFrom('pharmacy_boxes').selectAll().where('company_id', '=', a.companyId).where('id', '=', box.id).executeTakeFirst() as BoxRow : null;
  return {
    parsed: { barkod: parsed.barkod, gtin: parsed.gtin, sn: parsed.sn, bn: parsed.bn, xd: parsed.xd, skt: parsed.skt, miad: parsed.miad },
    box: fresh ? boxView(fresh) : null,
    its: its ? { gln1: its.gln1, gln2: its.gln2, uc: its.uc, ucMessage: its.ucMessage } : null,
    itsError,
  };
};

/** The gateway's `data` is free-form in the contract: each field it reads is checked here (400 naming it). */
function gatewayData(data: Record<string, unknown>) {
  const bad = (field: string, message: string): never => { throw problems.invalidField(`data.${field}`, message, 'INVALID'); };
  const id = (f: string) => {
    const v = data[f];
    if (v === undefined || v === null) return undefined;
    if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < 1) bad(f, 'Pozitif bir tam sayı olmalıdır.');
    return v as number;
  };
  const raw = data.productList;
  if (raw !== undefined && !Array.isArray(raw)) bad('productList', 'Ürün listesi bir dizi olmalıdır.');
  const list = ((raw ?? []) as unknown[]).map((x, i): ItsProduct => {
    const p = (x ?? {}) as Record<string, unknown>;
    if (typeof x !== 'object' || x === null) bad(`productList.${i}`, 'Ürün bir nesne olmalıdır.');
    if (typeof p.gtin !== 'string' || !/^[0-9]{14}$/.test(p.gtin)) bad(`productList.${i}.gtin`, 'GTIN 14 haneli olmalıdır.');
    if (typeof p.sn !== 'string' || !/^[A-Za-z0-9]{1,20}$/.test(p.sn)) bad(`productList.${i}.sn`, 'Seri numarası 1-20 harf ya da rakamdır.');
    if (p.bn !== undefined && p.bn !== null && (typeof p.bn !== 'string' || p.bn.length > 20)) bad(`productList.${i}.bn`, 'Parti numarası en çok 20 karakterdir.');
    if (p.xd !== undefined && p.xd !== null && (typeof p.xd !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(p.xd))) bad(`productList.${i}.xd`, 'Son kullanma tarihi YYYY-AA-GG olmalıdır.');
    return { gtin: p.gtin as string, sn: p.sn as string, bn: (p.bn as string | null | undefined) ?? null, xd: (p.xd as string | null | undefined) ?? null };
  });
  if (list.length > 500) bad('productList', 'En çok 500 ürün gönderilebilir.');
  let document: ItsDocument | undefined;
  if (data.document !== undefined && data.document !== null) {
    if (typeof data.document !== 'object' || Array.isArray(data.document)) bad('document', 'Belge bilgisi bir nesne olmalıdır.');
    document = {};
    for (const [k, v] of Object.entries(data.document as Record<string, unknown>)) {
      if (!['dd', 'dn', 'dr', 'cp', 'eid', 'rkn'].includes(k)) bad(`document.${k}`, 'Bilinmeyen alan.');
      if (v !== null && (typeof v !== 'string' || v.length > 50)) bad(`document.${k}`, 'En çok 50 karakterlik bir metin olmalıdır.');
      (document as Record<string, unknown>)[k] = v;
    }
  }
  for (const f of ['to', 'fr'] as const) {
    const v = data[f];
    if (v !== undefined && v !== null && (typeof v !== 'string' || !/^[0-9]{13}$/.test(v))) bad(f, 'GLN 13 haneli olmalıdır.');
  }
  if (data.dt !== undefined && data.dt !== null && typeof data.dt !== 'string') bad('dt', "Bildirim türü 'S' ya da 'C' olmalıdır.");
  return {
    invoiceId: id('invoiceId'), receteId: id('receteId'), list, document,
    to: (data.to as string | undefined) ?? undefined, fr: (data.fr as string | undefined) ?? undefined, dt: data.dt as 'C' | undefined,
  };
}

/** The gateway (seeds 001 §7 POST its/request {path, data}). */
const itsRequest: Handler = async (ctx) => {
  const a = actor(ctx);
  const b = ctx.body as { path: string; data?: Record<string, unknown> };
  const target = itsTargetOf(b.path);
  if (!target) {
    throw problems.invalidField('path', `Bilinmeyen İTS işlemi: ${b.path}. Geçerli işlemler: ${Object.keys(ITS_TARGETS).join(', ')}.`, 'ITS_TARGET');
  }
  const data = (b.data ?? {}) as Record<string, unknown>;
  const g = target === 'errorcode' ? null : gatewayData(data);
  const list = g?.list ?? [];
  const base = { target, path: ITS_TARGETS[target] };
  if (g && target !== 'errorcode' && !list.length) throw problems.invalidField('data.productList', 'En az bir ürün gerekir.', 'REQUIRED');
  switch (target) {
    case 'pharmacysale': {
      const r = await sale(ctx, { invoiceId: g!.invoiceId, receteId: g!.receteId, to: g!.to, document: g!.document, productList: list });
      return { ...base, ...r, productList: [], data: null };
    }
    case 'pharmacysalecancel': {
      const r = await saleCancel(ctx, { invoiceId: g!.invoiceId, dt: g!.dt, fr: g!.fr, to: g!.to, document: g!.document, productList: list });
      return { ...base, ...r, productList: [], data: null };
    }
    case 'check_status':
      return { ...base, message: null, outbox: null, productList: await checkStatus(ctx, a, list), data: null };
    default: {
      const { port, gln } = await itsPort(ctx, a);
      let res: unknown;
      try {
        res = await port.call(target as ItsTarget, target === 'errorcode' ? {} : { productList: list });
      } catch (e) {
        outsideProblem(e, 'İTS');
      }
      const items = itemsOf(res);
      return { ...base, message: null, outbox: null, productList: items ? await recordOnBoxes(a, items, target === 'accept' ? { gln } : null) : [], data: items ? null : (res as Record<string, unknown>) };
    }
  }
};

const itsSale: Handler = async (ctx) => sale(ctx, ctx.body as SaleBody);
const itsSaleCancel: Handler = async (ctx) => saleCancel(ctx, ctx.body as CancelBody);

// --- the outbox ------------------------------------------------------------------------------------

const listItsOutbox: Handler = async (ctx) => {
  const a = actor(ctx);
  const q = ctx.query as { state?: string; kind?: string; invoiceId?: number; receteId?: number };
  const page = pageRequest(ctx, ['id', 'desc']);
  let base = a.db.selectFrom('pharmacy_tracking_outbox').where('company_id', '=', a.companyId);
  if (q.state) base = base.where('state', '=', q.state as never);
  if (q.kind) base = base.where('kind', '=', q.kind as never);
  if (q.invoiceId) base = base.where('invoice_id', '=', q.invoiceId);
  if (q.receteId) base = base.where('recete_id', '=', q.receteId);
  const cols: Record<string, 'id' | 'created_at' | 'next_attempt_at' | 'attempts'> = { id: 'id', createdAt: 'created_at', nextAttemptAt: 'next_attempt_at', attempts: 'attempts' };
  let rows = base.selectAll();
  for (const [f, dir] of page.sort) rows = rows.orderBy(cols[f] ?? 'id', dir);
  const [items, count] = await Promise.all([
    rows.orderBy('id', 'desc').limit(page.size).offset(page.offset).execute(),
    base.select((e) => e.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  // A person looking at waiting notifications moves them on.
  if ((items as OutboxRow[]).some((r) => r.state === 'WAITING')) scheduleDelivery(ctx, a.companyId);
  return pageResult(ctx, (items as OutboxRow[]).map(outboxView), Number(count.n));
};

const retryItsOutbox: Handler = async (ctx) => {
  const a = actor(ctx);
  const id = Number((ctx.params as { id: number }).id);
  const row = await outboxRow(a, id);
  if (row.state === 'SENT') throw problems.conflict('Bildirim zaten gönderildi; yeniden gönderilmez.', 'OUTBOX_SENT');
  const updated = await a.db.updateTable('pharmacy_tracking_outbox').set({
    state: 'WAITING', next_attempt_at: ctx.services.now(), ...(row.state === 'FAILED' ? { attempts: 0 } : {}),
  }).where('company_id', '=', a.companyId).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
  scheduleDelivery(ctx, a.companyId);
  ctx.audit({ action: 'pharmacy.tracking.retry', entity: 'pharmacy_tracking_outbox', entityId: id, detail: { kind: row.kind, state: row.state } });
  return outboxView(updated as OutboxRow);
};

// --- the boxes --------------------------------------------------------------------------------------

const listPharmacyBoxes: Handler = async (ctx) => {
  const a = actor(ctx);
  const q = ctx.query as { productId?: number; state?: string; gtin?: string; sn?: string; invoiceId?: number; receteId?: number };
  const page = pageRequest(ctx, ['id', 'desc']);
  let base = a.db.selectFrom('pharmacy_boxes').where('company_id', '=', a.companyId);
  if (q.productId) base = base.where('product_id', '=', q.productId);
  if (q.state) base = base.where('state', '=', q.state as never);
  if (q.gtin) {
    const g = q.gtin.length === 13 ? `0${q.gtin}` : q.gtin;
    base = base.where('gtin', '=', g);
  }
  if (q.sn) base = base.where('sn', '=', q.sn);
  if (q.invoiceId) base = base.where('invoice_id', '=', q.invoiceId);
  if (q.receteId) base = base.where('recete_id', '=', q.receteId);
  const cols: Record<string, 'id' | 'updated_at' | 'xd' | 'gtin'> = { id: 'id', updatedAt: 'updated_at', xd: 'xd', gtin: 'gtin' };
  let rows = base.selectAll();
  for (const [f, dir] of page.sort) rows = rows.orderBy(cols[f] ?? 'id', dir);
  const [items, count] = await Promise.all([
    rows.orderBy('id', 'desc').limit(page.size).offset(page.offset).execute(),
    base.select((e) => e.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return pageResult(ctx, (items as BoxRow[]).map(boxView), Number(count.n));
};

const getPharmacyBox: Handler = async (ctx) => {
  const a = actor(ctx);
  const id = Number((ctx.params as { id: number }).id);
  const box = await a.db.selectFrom('pharmacy_boxes').selectAll().where('company_id', '=', a.companyId).where('id', '=', id).executeTakeFirst() as BoxRow | undefined;
  if (!box) throw problems.notFound('Kutu');
  const moves = await a.db.selectFrom('pharmacy_box_moves').selectAll().where('company_id', '=', a.companyId).where('box_id', '=', id).orderBy('id').execute();
  return {
    ...boxView(box),
    moves: moves.map((m) => ({ id: Number(m.id), fromState: m.from_state, toState: m.to_state, reason: m.reason, ref: m.ref, at: new Date(m.at).toISOString(), byLogin: m.by_login })),
  };
};

const receivePharmacyBoxes: Handler = async (ctx) => {
  const a = actor(ctx);
  const b = ctx.body as { codes: string[]; productIdByGtin?: Record<string, number>; ref?: string };
  const r = await receiveBoxes(anyDb(a.db), a.companyId, {
    codes: b.codes, productIdByGtin: b.productIdByGtin, ref: b.ref ?? null,
    productsByBarcode: async (barcodes) => new Map([...await directoryOf(ctx.services).productsByBarcodes(a.db, a.companyId, barcodes)].map(([barcode, p]) => [barcode, p.id])),
  }, a.login, ctx.services.now());
  if (r.outboxId !== null) scheduleDelivery(ctx, a.companyId);
  ctx.audit({ action: 'pharmacy.boxes.received', entity: 'pharmacy_boxes', detail: { received: r.boxes.length, unchanged: r.unchanged.length } });
  return {
    received: r.boxes.map(boxView), unchanged: r.unchanged.map(boxView),
    outbox: r.outboxId === null ? null : outboxView(await outboxRow(a, r.outboxId)),
  };
};

/**
 * Stock against boxes (issue 12: the stock of a QR-tracked product always equals its boxes in
 * stock): the accounting directory's stock quantity beside the count of the product's boxes in an
 * in-stock state, and the difference (stock minus boxes). Derived on every read, so a purchase
 * invoice that raised the stock before its boxes were scanned in shows here at once.
 */
const pharmacyBoxStock: Handler = async (ctx) => {
  const a = actor(ctx);
  const q = (ctx.query ?? {}) as { productId?: number; differentOnly?: boolean };
  const dir = directoryOf(ctx.services);
  let products: DirectoryProduct[];
  if (q.productId) {
    const p = await dir.product(a.db, a.companyId, { id: q.productId });
    if (!p) throw problems.notFound('Ürün');
    products = [p];
  } else {
    products = await dir.qrTrackedProducts(a.db, a.companyId);
  }
  const counts = new Map<number, number>();
  if (products.length) {
    let boxes = a.db.selectFrom('pharmacy_boxes').select(['product_id', (e) => e.fn.countAll<number>().as('n')])
      .where('company_id', '=', a.companyId).where('state', 'in', [...IN_STOCK_STATES]).where('product_id', 'is not', null);
    if (q.productId) boxes = boxes.where('product_id', '=', q.productId);
    for (const r of await boxes.groupBy('product_id').execute()) counts.set(Number(r.product_id), Number(r.n));
  }
  const items = products.map((p) => {
    const stock = new Decimal(p.stockQuantity);
    const boxes = new Decimal(counts.get(p.id) ?? 0);
    return {
      productId: p.id, name: p.name, barcode: p.barcode, qrTracking: p.qrTracking,
      stockQuantity: stock.toString(), boxesInStock: boxes.toString(), difference: stock.minus(boxes).toString(),
    };
  });
  return q.differentOnly ? items.filter((i) => i.difference !== '0') : items;
};

// --- ÜTS ------------------------------------------------------------------------------------------

const utsRequest: Handler = async (ctx) => {
  const a = actor(ctx);
  const b = ctx.body as { path: string; values?: Record<string, unknown> };
  const target = utsTargetOf(b.path);
  if (!target) throw problems.invalidField('path', `Bilinmeyen ÜTS işlemi: ${b.path}. Geçerli işlemler: ${Object.keys(UTS_TARGETS).join(', ')}.`, 'UTS_TARGET');
  const values = b.values ?? {};
  const base = { target, path: UTS_TARGETS[target] };
  if (target === 'tuketiciyeVermeBildirimi') {
    if (typeof values.UNO !== 'string' || (!values.SNO && !values.LNO)) {
      throw problems.invalidField('values', 'Tüketiciye verme bildirimi için ürün numarası (UNO) ile seri (SNO) ya da parti (LNO) numarası gerekir.', 'UTS_VALUES');
    }
    const id = await enqueue(anyDb(a.db), a.companyId, { system: 'UTS', kind: 'UTS_HANDOVER', payload: values, boxIds: [], ref: typeof values.BNO === 'string' ? values.BNO : null, login: a.login, now: ctx.services.now() });
    scheduleDelivery(ctx, a.companyId);
    ctx.audit({ action: 'pharmacy.uts.handover', entity: 'pharmacy_tracking_outbox', entityId: id, detail: { UNO: values.UNO } });
    return { ...base, message: TRACKING_TEXTS.UTS_SALE_NOTIFIED, SNC: null, MSJ: [], outbox: outboxView(await outboxRow(a, id)) };
  }
  const port = await utsPort(ctx, a);
  try {
    const r = await port.call(target, values);
    return { ...base, message: target === 'almaBildirimi' ? TRACKING_TEXTS.UTS_PRODUCT_RECEIVED : null, SNC: r.SNC, MSJ: r.MSJ, outbox: null };
  } catch (e) {
    outsideProblem(e, 'ÜTS');
  }
};

export const trackingHandlers: Record<string, Handler> = {
  itsRequest, itsSale, itsSaleCancel, itsCheckStatus, itsQuery, listItsOutbox, retryItsOutbox,
  listPharmacyBoxes, getPharmacyBox, receivePharmacyBoxes, pharmacyBoxStock, utsRequest,
};

