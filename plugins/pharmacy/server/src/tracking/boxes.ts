import Decimal from 'decimal.js';
import { sql, type Kysely, type Selectable } from 'kysely';
import { parseDataMatrix, type DataMatrixResult } from '@tezgah/core';
import { Problem, problems } from '@tezgah/server';
import { BOX_STATE_LABELS, IN_STOCK_STATES, TRACKING_TEXTS, type BoxState } from '@tezgah/pharmacy-common';
import type { PharmacyTables } from '../schema';
import { cancelPayload, frOf, salePayload, type ItsDocument, type ItsProduct } from './its-client';
import type { TrackingDb } from './schema';

/**
 * The per-serial boxes (issue 12): every QR-tracked box (gtin + serial) and its state, mirroring
 * İTS. These are the functions the other areas call, each in the caller's transaction (`db`, the
 * tenant set) and each writing a pharmacy_box_moves row for every change. The notifications to
 * İTS they cause are written to the tracking outbox in the same transaction; the caller asks for
 * their delivery after the commit (`scheduleDelivery(ctx)` from tracking/index).
 */

export type BoxRow = Selectable<PharmacyTables['pharmacy_boxes']>;
type AnyDb = Kysely<any>;
const D = (db: AnyDb) => db as unknown as TrackingDb;

export interface BoxInput { gtin: string; sn: string; bn?: string | null; xd?: string | null; productId?: number | null; receteMedicineId?: number | null }

const GTIN = /^[0-9]{14}$/;
const SN = /^[A-Za-z0-9]{1,20}$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

export const boxName = (b: { gtin: string; sn: string }) => `GTIN ${b.gtin} SN ${b.sn}`;

function checkInput(list: BoxInput[], field = 'boxes'): void {
  const seen = new Set<string>();
  list.forEach((b, i) => {
    if (!GTIN.test(b.gtin ?? '')) throw problems.invalidField(`${field}.${i}.gtin`, `GTIN 14 haneli olmalıdır: ${b.gtin ?? ''}`, 'GTIN');
    if (!SN.test(b.sn ?? '')) throw problems.invalidField(`${field}.${i}.sn`, `Seri numarası 1-20 harf ya da rakamdır: ${b.sn ?? ''}`, 'SERIAL');
    if (b.xd && !DAY.test(b.xd)) throw problems.invalidField(`${field}.${i}.xd`, 'Son kullanma tarihi YYYY-AA-GG biçiminde olmalıdır.', 'DATE');
    const k = `${b.gtin}|${b.sn}`;
    if (seen.has(k)) throw problems.invalidField(`${field}.${i}`, `Aynı kutu iki kez okutuldu: ${boxName(b)}`, 'DUPLICATE_BOX');
    seen.add(k);
  });
}

async function findBox(db: AnyDb, companyId: number, gtin: string, sn: string, lock = false): Promise<BoxRow | undefined> {
  let q = D(db).selectFrom('pharmacy_boxes').selectAll().where('company_id', '=', companyId).where('gtin', '=', gtin).where('sn', '=', sn);
  if (lock) q = q.forUpdate();
  return await q.executeTakeFirst() as BoxRow | undefined;
}

/** Moves a box to a state (with the columns that change with it) and writes its move. */
export async function moveBox(db: AnyDb, companyId: number, box: BoxRow, to: BoxState, reason: string, ref: string | null, login: string | null, set: Partial<Record<keyof BoxRow, unknown>> = {}): Promise<BoxRow> {
  const row = await D(db).updateTable('pharmacy_boxes').set({ ...set, state: to, updated_at: sql`now()` } as never)
    .where('company_id', '=', companyId).where('id', '=', box.id).returningAll().executeTakeFirstOrThrow() as BoxRow;
  await D(db).insertInto('pharmacy_box_moves').values({ company_id: companyId, box_id: box.id, from_state: box.state, to_state: to, reason, ref, by_login: login }).execute();
  return row;
}

/** Creates a box we had not seen (with its first move). */
async function createBox(db: AnyDb, companyId: number, b: BoxInput, state: BoxState, reason: string, ref: string | null, login: string | null, set: Record<string, unknown> = {}): Promise<BoxRow> {
  const row = await D(db).insertInto('pharmacy_boxes').values({
    company_id: companyId, gtin: b.gtin, sn: b.sn, bn: b.bn ?? null, xd: b.xd ?? null, product_id: b.productId ?? null, state, ...set,
  } as never).returningAll().executeTakeFirstOrThrow() as BoxRow;
  await D(db).insertInto('pharmacy_box_moves').values({ company_id: companyId, box_id: row.id, from_state: null, to_state: state, reason, ref, by_login: login }).execute();
  return row;
}

/** The İTS user name's GLN (its_username less its last 4 characters), as the company holds it now. */
export async function companyGln(db: AnyDb, companyId: number): Promise<string | null> {
  const c = await D(db).selectFrom('companies').select(['its_username']).where('id', '=', companyId).executeTakeFirst() as { its_username: string | null } | undefined;
  return frOf(c?.its_username ?? null);
}

export async function enqueue(db: AnyDb, companyId: number, o: {
  system: 'ITS' | 'UTS'; kind: 'ITS_SALE' | 'ITS_SALE_CANCEL' | 'ITS_ACCEPT' | 'UTS_HANDOVER'; payload: Record<string, unknown>; boxIds: number[];
  invoiceId?: number | null; receteId?: number | null; ref?: string | null; login: string | null;
  /** The server's clock (services.now): the notification is due at once, by the clock the delivery loop reads. */
  now: Date;
}): Promise<number> {
  const r = await D(db).insertInto('pharmacy_tracking_outbox').values({
    company_id: companyId, system: o.system, kind: o.kind, payload: JSON.stringify(o.payload), box_ids: JSON.stringify(o.boxIds),
    invoice_id: o.invoiceId ?? null, recete_id: o.receteId ?? null, ref: o.ref ?? null, created_by: o.login, next_attempt_at: o.now, created_at: o.now,
  }).returning('id').executeTakeFirstOrThrow();
  return Number(r.id);
}

const asProduct = (b: { gtin: string; sn: string; bn?: string | null; xd?: string | null }): ItsProduct => ({
  gtin: b.gtin, sn: b.sn, bn: b.bn ?? null, xd: b.xd ? String(b.xd).slice(0, 10) : null,
});

// --- parse -------------------------------------------------------------------------------------

export interface Found { parsed: DataMatrixResult; box: BoxRow | null }

/** Parses a DataMatrix text and finds its box (null when we have none); 400 with a Turkish message when it does not parse. */
export async function parseAndFind(db: AnyDb, companyId: number, code: string): Promise<Found> {
  if (typeof code !== 'string' || !code.trim()) throw problems.invalidField('qrCode', TRACKING_TEXTS.QR_REQUIRED, 'QR_REQUIRED');
  const parsed = parseDataMatrix(code);
  if (!parsed) throw problems.invalidField('qrCode', TRACKING_TEXTS.QR_INVALID, 'QR_INVALID');
  return { parsed, box: (await findBox(db, companyId, parsed.gtin, parsed.sn)) ?? null };
}

// --- sale --------------------------------------------------------------------------------------

export interface SellInput {
  receteId?: number | null;
  invoiceId?: number | null;
  /** The buyer's GLN on İTS (13 zeros: the consumer). */
  to?: string | null;
  document: ItsDocument;
  boxes: BoxInput[];
}

function notInStock(b: BoxRow): Problem {
  return new Problem(409, 'Kutu stokta değil', {
    detail: `${boxName(b)} stokta değil (${BOX_STATE_LABELS[b.state].tr}); satılamaz.`, code: 'BOX_NOT_IN_STOCK',
  });
}

/**
 * Sells boxes: each → SOLD (a box unknown to us is created first: "Tezgah'a girişi yapılmamış
 * kutu"); a box already SOLD or RETURNED is refused with 409 BOX_NOT_IN_STOCK naming it. One İTS
 * pharmacysale notification for the whole sale is queued in the same transaction.
 */
export async function sellBoxes(db: AnyDb, companyId: number, input: SellInput, login: string | null, now: Date): Promise<{ boxes: BoxRow[]; outboxId: number | null }> {
  checkInput(input.boxes);
  if (!input.boxes.length) return { boxes: [], outboxId: null };
  const ref = input.invoiceId ? `invoice:${input.invoiceId}` : input.receteId ? `recete:${input.receteId}` : null;
  const out: BoxRow[] = [];
  for (const b of input.boxes) {
    let box = await findBox(db, companyId, b.gtin, b.sn, true);
    if (box && !IN_STOCK_STATES.includes(box.state)) throw notInStock(box);
    if (!box) box = await createBox(db, companyId, b, 'RECEIVED', TRACKING_TEXTS.UNKNOWN_BOX_NOTE, ref, login);
    out.push(await moveBox(db, companyId, box, 'SOLD', 'Satış', ref, login, {
      recete_id: input.receteId ?? null, recete_medicine_id: b.receteMedicineId ?? null, invoice_id: input.invoiceId ?? null,
      product_id: b.productId ?? box.product_id, bn: box.bn ?? b.bn ?? null, xd: box.xd ?? b.xd ?? null, credit_product_id: null, its_uc: null, its_message: null,
    }));
  }
  const fr = await companyGln(db, companyId);
  const payload = salePayload({ fr, to: input.to ?? null, document: input.document, productList: out.map(asProduct) });
  const outboxId = await enqueue(db, companyId, { system: 'ITS', kind: 'ITS_SALE', payload, boxIds: out.map((b) => b.id), invoiceId: input.invoiceId, receteId: input.receteId, ref, login, now });
  return { boxes: out, outboxId };
}

/**
 * Cancels an invoice's sale: its SOLD boxes → SALE_CANCELLED (back in stock); with `itsCancel`
 * the İTS pharmacysalecancel (seeds 001 §7 payload, the document of the sale's notification) is
 * queued. A second call finds nothing sold and changes nothing.
 */
export async function cancelSale(db: AnyDb, companyId: number, input: { invoiceId: number; itsCancel: boolean }, login: string | null, now: Date): Promise<{ boxes: BoxRow[]; outboxId: number | null }> {
  const sold = await D(db).selectFrom('pharmacy_boxes').selectAll().where('company_id', '=', companyId).where('invoice_id', '=', input.invoiceId)
    .where('state', '=', 'SOLD').orderBy('id').forUpdate().execute() as BoxRow[];
  if (!sold.length) return { boxes: [], outboxId: null };
  const ref = `invoice:${input.invoiceId}`;
  const moved: BoxRow[] = [];
  for (const b of sold) moved.push(await moveBox(db, companyId, b, 'SALE_CANCELLED', 'Satış iptali', ref, login, { its_uc: null, its_message: null }));
  if (!input.itsCancel) return { boxes: moved, outboxId: null };
  const sale = await D(db).selectFrom('pharmacy_tracking_outbox').select(['payload', 'recete_id']).where('company_id', '=', companyId)
    .where('kind', '=', 'ITS_SALE').where('invoice_id', '=', input.invoiceId).orderBy('id', 'desc').executeTakeFirst();
  const salePayloadOf = (typeof sale?.payload === 'string' ? JSON.parse(sale.payload) : sale?.payload ?? {}) as { to?: string; document?: ItsDocument };
  const fr = await companyGln(db, companyId);
  const payload = cancelPayload({ fr, to: salePayloadOf.to ?? null, document: salePayloadOf.document ?? {}, productList: moved.map(asProduct) });
  const outboxId = await enqueue(db, companyId, {
    system: 'ITS', kind: 'ITS_SALE_CANCEL', payload, boxIds: moved.map((b) => b.id), invoiceId: input.invoiceId, receteId: sale?.recete_id ?? moved[0]?.recete_id ?? null, ref, login, now,
  });
  return { boxes: moved, outboxId };
}

/**
 * Cancels the sale of named boxes (POST /its/sale-cancel): those SOLD → SALE_CANCELLED, and the
 * İTS cancel of the whole list as the caller gave it is queued.
 */
export async function cancelBoxes(db: AnyDb, companyId: number, input: { invoiceId?: number | null; to?: string | null; document: ItsDocument; productList: BoxInput[] }, login: string | null, now: Date): Promise<{ boxes: BoxRow[]; outboxId: number }> {
  checkInput(input.productList, 'productList');
  const ref = input.invoiceId ? `invoice:${input.invoiceId}` : null;
  const ids: number[] = [];
  const moved: BoxRow[] = [];
  for (const p of input.productList) {
    const box = await findBox(db, companyId, p.gtin, p.sn, true);
    if (!box) continue;
    ids.push(box.id);
    if (box.state === 'SOLD') moved.push(await moveBox(db, companyId, box, 'SALE_CANCELLED', 'Satış iptali (İTS)', ref, login, { its_uc: null, its_message: null }));
  }
  const fr = await companyGln(db, companyId);
  const payload = cancelPayload({ fr, to: input.to ?? null, document: input.document, productList: input.productList.map(asProduct) });
  const outboxId = await enqueue(db, companyId, { system: 'ITS', kind: 'ITS_SALE_CANCEL', payload, boxIds: ids, invoiceId: input.invoiceId, ref, login, now });
  return { boxes: moved, outboxId };
}

// --- returns (iade) ----------------------------------------------------------------------------

/** A returned line of a sales invoice, as the accounting plugin's `accounting.invoice.returning` gives it. */
export interface ReturnLineInput {
  /** The line's index in the return request (its field errors are `lines.<index>.boxes…`). */
  index: number;
  productId: number | null;
  /** The returned quantity (a decimal string); a box is a whole unit. */
  quantity: string;
  /** The boxes the request named, when it did. */
  boxes?: { gtin: string; sn: string }[];
}

/** The İTS sale notification's buyer and document of an invoice (a cancel or a new sale repeats them). */
async function saleDocumentOf(db: AnyDb, companyId: number, invoiceId: number): Promise<{ to: string | null; document: ItsDocument; receteId: number | null }> {
  const sale = await D(db).selectFrom('pharmacy_tracking_outbox').select(['payload', 'recete_id']).where('company_id', '=', companyId)
    .where('kind', '=', 'ITS_SALE').where('invoice_id', '=', invoiceId).orderBy('id', 'desc').executeTakeFirst();
  const p = (typeof sale?.payload === 'string' ? JSON.parse(sale.payload) : sale?.payload ?? {}) as { to?: string; document?: ItsDocument };
  return { to: p.to ?? null, document: p.document ?? {}, receteId: sale?.recete_id == null ? null : Number(sale.recete_id) };
}

/**
 * A sales return of an invoice whose boxes were sold here: for each returned line, the boxes the
 * request named (each sold on that line and not returned yet), then, up to the returned units,
 * the line's most recently sold boxes, → SALE_CANCELLED (back in stock), and one İTS
 * pharmacysalecancel of exactly those boxes queued, with the sale's document (the cancel names the
 * sale it takes back; it waits while that sale is still waiting). Never more boxes than units;
 * a box already returned (or whose sale was cancelled) is refused, so no box comes back twice.
 * An invoice without boxes, and a return naming none, changes nothing.
 */
export async function returnBoxes(
  db: AnyDb, companyId: number, input: { originalId: number; returnId: number; lines: ReturnLineInput[] }, login: string | null, now: Date,
): Promise<{ boxes: BoxRow[]; outboxId: number | null }> {
  const named = input.lines.some((l) => l.boxes?.length);
  const ofInvoice = await D(db).selectFrom('pharmacy_boxes').selectAll().where('company_id', '=', companyId).where('invoice_id', '=', input.originalId)
    .orderBy('id').forUpdate().execute() as BoxRow[];
  if (!ofInvoice.length && !named) return { boxes: [], outboxId: null };
  // When each was sold (its last move to SOLD): the latest go back first.
  const soldAt = new Map<number, number>();
  if (ofInvoice.length) {
    const moves = await D(db).selectFrom('pharmacy_box_moves').select((e) => ['box_id', e.fn.max('id').as('last')]).where('company_id', '=', companyId)
      .where('box_id', 'in', ofInvoice.map((b) => b.id)).where('to_state', '=', 'SOLD').groupBy('box_id').execute();
    for (const m of moves) soldAt.set(Number(m.box_id), Number(m.last));
  }
  const latestFirst = (a: BoxRow, b: BoxRow) => (soldAt.get(Number(b.id)) ?? 0) - (soldAt.get(Number(a.id)) ?? 0) || Number(b.id) - Number(a.id);
  const onLine = (b: BoxRow, productId: number | null) => productId !== null && b.product_id !== null && Number(b.product_id) === productId;
  const taken = new Set<number>();
  const chosen: BoxRow[] = [];
  for (const l of input.lines) {
    const field = `lines.${l.index}.boxes`;
    const units = new Decimal(l.quantity).floor().toNumber();
    const list = l.boxes ?? [];
    checkInput(list, field);
    if (list.length > units) throw problems.invalidField(field, `İade edilen miktardan (${units}) fazla kutu seçilmiş.`, 'BOXES_ABOVE_QUANTITY');
    for (const [j, b] of list.entries()) {
      const box = ofInvoice.find((x) => x.gtin === b.gtin && x.sn === b.sn && onLine(x, l.productId));
      if (!box) throw problems.invalidField(`${field}.${j}`, `${boxName(b)} bu satırda satılmış bir kutu değil.`, 'BOX_NOT_ON_INVOICE');
      if (box.state !== 'SOLD' || taken.has(Number(box.id))) {
        throw problems.invalidField(`${field}.${j}`, `${boxName(b)} daha önce iade edilmiş ya da satışı iptal edilmiş; yeniden iade edilemez.`, 'BOX_ALREADY_RETURNED');
      }
      taken.add(Number(box.id));
      chosen.push(box);
    }
    const rest = ofInvoice.filter((x) => x.state === 'SOLD' && !taken.has(Number(x.id)) && onLine(x, l.productId)).sort(latestFirst);
    for (const box of rest.slice(0, Math.max(0, units - list.length))) {
      taken.add(Number(box.id));
      chosen.push(box);
    }
  }
  if (!chosen.length) return { boxes: [], outboxId: null };
  const ref = `return:${input.returnId}`;
  const moved: BoxRow[] = [];
  for (const b of chosen) moved.push(await moveBox(db, companyId, b, 'SALE_CANCELLED', 'Satıştan iade', ref, login, { its_uc: null, its_message: null }));
  const sale = await saleDocumentOf(db, companyId, input.originalId);
  const fr = await companyGln(db, companyId);
  const payload = cancelPayload({ fr, to: sale.to, document: sale.document, productList: moved.map(asProduct) });
  const outboxId = await enqueue(db, companyId, {
    system: 'ITS', kind: 'ITS_SALE_CANCEL', payload, boxIds: moved.map((b) => b.id), invoiceId: input.originalId, receteId: sale.receteId ?? moved[0]?.recete_id ?? null, ref, login, now,
  });
  return { boxes: moved, outboxId };
}

/**
 * A cancelled sales return: the boxes it put back are sold again on the original invoice (SOLD)
 * and one İTS pharmacysale of them is queued with the sale's document. A box that has left the
 * stock since (sold again, deposited, sent back) refuses the cancellation with 409
 * RETURNED_BOX_GONE naming it: that movement has to be undone first.
 */
export async function unreturnBoxes(db: AnyDb, companyId: number, input: { returnId: number }, login: string | null, now: Date): Promise<{ boxes: BoxRow[]; outboxId: number | null }> {
  const ref = `return:${input.returnId}`;
  const ids = (await D(db).selectFrom('pharmacy_box_moves').select('box_id').distinct().where('company_id', '=', companyId).where('ref', '=', ref)
    .where('to_state', '=', 'SALE_CANCELLED').execute()).map((m) => Number(m.box_id));
  if (!ids.length) return { boxes: [], outboxId: null };
  const boxes = await D(db).selectFrom('pharmacy_boxes').selectAll().where('company_id', '=', companyId).where('id', 'in', ids).orderBy('id').forUpdate().execute() as BoxRow[];
  const gone = boxes.find((b) => b.state !== 'SALE_CANCELLED' || b.invoice_id === null);
  if (gone) {
    throw new Problem(409, 'İade iptal edilemez', {
      detail: `İade edilen ${boxName(gone)} artık stokta değil (${BOX_STATE_LABELS[gone.state].tr}); iadeyi iptal etmeden önce o hareketi geri alın.`, code: 'RETURNED_BOX_GONE',
    });
  }
  const moved: BoxRow[] = [];
  for (const b of boxes) moved.push(await moveBox(db, companyId, b, 'SOLD', 'Satıştan iade iptali', ref, login, { its_uc: null, its_message: null }));
  const invoiceId = Number(moved[0]!.invoice_id);
  const sale = await saleDocumentOf(db, companyId, invoiceId);
  const fr = await companyGln(db, companyId);
  const payload = salePayload({ fr, to: sale.to, document: sale.document, productList: moved.map(asProduct) });
  const outboxId = await enqueue(db, companyId, {
    system: 'ITS', kind: 'ITS_SALE', payload, boxIds: moved.map((b) => b.id), invoiceId, receteId: sale.receteId ?? moved[0]?.recete_id ?? null, ref, login, now,
  });
  return { boxes: moved, outboxId };
}

// --- receipt -----------------------------------------------------------------------------------

/**
 * Boxes come in (scanned at receipt): new ones RECEIVED, a box RETURNED to the supplier that
 * comes back RECEIVED again; those already in stock are left as they are. An İTS accept
 * notification of the boxes received is queued; on İTS's success they become ACCEPTED.
 */
export async function receiveBoxes(
  db: AnyDb, companyId: number,
  input: { codes: string[]; productIdByGtin?: Record<string, number>; ref?: string | null; productsByBarcode?: (barcodes: string[]) => Promise<Map<string, number>> },
  login: string | null,
  now: Date,
): Promise<{ boxes: BoxRow[]; unchanged: BoxRow[]; outboxId: number | null }> {
  const parsed: (DataMatrixResult & { i: number })[] = [];
  input.codes.forEach((code, i) => {
    const p = typeof code === 'string' ? parseDataMatrix(code) : null;
    if (!p) throw problems.invalidField(`codes.${i}`, `${i + 1}. karekod okunamadı. ${TRACKING_TEXTS.QR_INVALID}`, 'QR_INVALID');
    parsed.push({ ...p, i });
  });
  checkInput(parsed.map((p) => ({ gtin: p.gtin, sn: p.sn })), 'codes');
  const ref = input.ref ?? null;
  const named = (p: DataMatrixResult) => input.productIdByGtin?.[p.gtin] ?? input.productIdByGtin?.[p.barkod];
  // A box whose product the caller did not name is linked to the company's product with its
  // barcode (the GTIN less its leading zero), so that it counts in that product's boxes in stock.
  const unnamed = [...new Set(parsed.filter((p) => named(p) === undefined).map((p) => p.barkod))];
  const byBarcode = unnamed.length && input.productsByBarcode ? await input.productsByBarcode(unnamed) : new Map<string, number>();
  const received: BoxRow[] = [];
  const unchanged: BoxRow[] = [];
  for (const p of parsed) {
    const productId = named(p) ?? byBarcode.get(p.barkod) ?? null;
    const box = await findBox(db, companyId, p.gtin, p.sn, true);
    if (!box) {
      received.push(await createBox(db, companyId, { gtin: p.gtin, sn: p.sn, bn: p.bn, xd: p.xd, productId }, 'RECEIVED', 'Mal kabul', ref, login));
    } else if (box.state === 'RETURNED') {
      received.push(await moveBox(db, companyId, box, 'RECEIVED', 'Mal kabul (iadeden dönen kutu)', ref, login, { product_id: productId ?? box.product_id, its_uc: null, its_message: null }));
    } else if (box.state === 'SOLD') {
      throw new Problem(409, 'Kutu satılmış', { detail: `${boxName(box)} satılmış görünüyor; mal kabulü yapılamaz. Satışı iptal edin.`, code: 'BOX_SOLD' });
    } else {
      unchanged.push(box);
    }
  }
  if (!received.length) return { boxes: received, unchanged, outboxId: null };
  const outboxId = await enqueue(db, companyId, { system: 'ITS', kind: 'ITS_ACCEPT', payload: { productList: received.map(asProduct) }, boxIds: received.map((b) => b.id), ref, login, now });
  return { boxes: received, unchanged, outboxId };
}

// --- deposit (emanet) --------------------------------------------------------------------------

/** Gives boxes on deposit (emanet): each in stock (or unknown, then created) → DEPOSITED with the credit product. */
export async function depositBoxes(db: AnyDb, companyId: number, input: { creditProductId: number; boxes: BoxInput[] }, login: string | null): Promise<BoxRow[]> {
  checkInput(input.boxes);
  const ref = `credit-product:${input.creditProductId}`;
  const out: BoxRow[] = [];
  for (const b of input.boxes) {
    let box = await findBox(db, companyId, b.gtin, b.sn, true);
    if (box?.state === 'DEPOSITED') {
      if (Number(box.credit_product_id) === input.creditProductId) { out.push(box); continue; }
      throw new Problem(409, 'Kutu emanette', { detail: `${boxName(box)} başka bir emanet kaydında.`, code: 'BOX_DEPOSITED' });
    }
    if (box && !IN_STOCK_STATES.includes(box.state)) throw notInStock(box);
    if (!box) box = await createBox(db, companyId, b, 'RECEIVED', TRACKING_TEXTS.UNKNOWN_BOX_NOTE, ref, login);
    out.push(await moveBox(db, companyId, box, 'DEPOSITED', 'Emanete verildi', ref, login, { credit_product_id: input.creditProductId, product_id: b.productId ?? box.product_id }));
  }
  return out;
}

/** Takes a credit product's deposited boxes back (cancelled emanet): each returns to the state it had before. */
export async function releaseDeposit(db: AnyDb, companyId: number, input: { creditProductId: number }, login: string | null): Promise<BoxRow[]> {
  const boxes = await D(db).selectFrom('pharmacy_boxes').selectAll().where('company_id', '=', companyId).where('credit_product_id', '=', input.creditProductId)
    .where('state', '=', 'DEPOSITED').orderBy('id').forUpdate().execute() as BoxRow[];
  const ref = `credit-product:${input.creditProductId}`;
  const out: BoxRow[] = [];
  for (const b of boxes) {
    const last = await D(db).selectFrom('pharmacy_box_moves').select(['from_state']).where('company_id', '=', companyId).where('box_id', '=', b.id)
      .where('to_state', '=', 'DEPOSITED').orderBy('id', 'desc').executeTakeFirst();
    const back = (last?.from_state && IN_STOCK_STATES.includes(last.from_state as BoxState) && last.from_state !== 'DEPOSITED' ? last.from_state : 'ACCEPTED') as BoxState;
    out.push(await moveBox(db, companyId, b, back, 'Emanet iptal edildi', ref, login, { credit_product_id: null }));
  }
  return out;
}

// --- stock -------------------------------------------------------------------------------------

/** How many of a product's boxes are in stock (RECEIVED, ACCEPTED, SALE_CANCELLED, DEPOSITED). */
export async function boxStock(db: AnyDb, companyId: number, productId: number): Promise<number> {
  const r = await D(db).selectFrom('pharmacy_boxes').select((e) => e.fn.countAll<number>().as('n')).where('company_id', '=', companyId)
    .where('product_id', '=', productId).where('state', 'in', [...IN_STOCK_STATES]).executeTakeFirst();
  return Number(r?.n ?? 0);
}

/** A box as the API answers it. */
export function boxView(b: BoxRow) {
  const day = (v: unknown) => (v === null || v === undefined ? null : v instanceof Date ? v.toISOString().slice(0, 10) : String(v).slice(0, 10));
  return {
    id: Number(b.id), productId: b.product_id === null ? null : Number(b.product_id), gtin: b.gtin, barkod: b.gtin.slice(1), sn: b.sn, bn: b.bn, xd: day(b.xd),
    state: b.state, receteId: b.recete_id === null ? null : Number(b.recete_id), receteMedicineId: b.recete_medicine_id === null ? null : Number(b.recete_medicine_id),
    invoiceId: b.invoice_id === null ? null : Number(b.invoice_id), creditProductId: b.credit_product_id === null ? null : Number(b.credit_product_id),
    itsUc: b.its_uc, itsMessage: b.its_message, updatedAt: new Date(b.updated_at).toISOString(),
  };
}
export type BoxView = ReturnType<typeof boxView>;
