import { sql, type Kysely, type Selectable } from 'kysely';
import { inTenant, type RequestContext, type Services } from '@tezgah/server';
import { itsUcMessage, type TrackingNotificationKind } from '@tezgah/pharmacy-common';
import { loadAccounts, outsideTimeoutMs } from '../settings/index';
import { delivered, frOf, ItsError, itemsOf, itsClient, type ItsItemResult, type ItsPort } from './its-client';
import { UtsError, utsClient, UTS_ALREADY_HANDED_OVER, type UtsPort } from './uts';
import { moveBox, type BoxRow } from './boxes';
import { parseJson, type TrackingDb, type TrackingTables } from './schema';

/**
 * The tracking outbox's worker. A row (written with the box moves it reports) is claimed, handed
 * to İTS / ÜTS outside any transaction, and its answer written back with the boxes' its_uc /
 * its_message in one tenant transaction:
 * - every product delivered (success, or the answer a retry of something İTS already holds gets:
 *   a sale "already sold" by our own GLN, a cancel whose box is back in our stock) → SENT; so a
 *   notification stored by İTS whose answer was lost is never reported twice;
 * - İTS refusing a product (another pharmacy's stock, not in your stock …) → FAILED with İTS's
 *   words: a person looks (GET /its/outbox) and sends it again (POST /its/outbox/{id}/retry);
 * - unreachable, timed out, token refused → WAITING again after a backoff (base
 *   TEZGAH_PHARMACY_RETRY_SECONDS, 30 s, doubling, at most 30 min), FAILED after 20 attempts.
 * A sale cancel waits while the sale it cancels is still WAITING (never the cancel before the sale).
 * Run by the `pharmacy.tracking.deliver` job every minute, right after the commit that wrote a
 * row, and when a person looks at the list.
 */

export type OutboxRow = Selectable<TrackingTables['pharmacy_tracking_outbox']>;
export const MAX_ATTEMPTS = 20;
const CLAIM_MS = 5 * 60_000;

export function retryBaseSeconds(services: Pick<Services, 'config'>): number {
  const v = Number(services.config.env?.TEZGAH_PHARMACY_RETRY_SECONDS);
  return Number.isFinite(v) && v > 0 ? Math.max(0.05, v) : 30;
}
export const backoffSeconds = (attempts: number, base: number) => Math.min(base * 2 ** Math.max(0, attempts - 1), 30 * 60);

type Log = (msg: string, extra?: Record<string, unknown>) => void;
const debugLog: Log = (msg, extra) => { if (process.env.TEZGAH_DEBUG_ERRORS === '1') console.error(msg, extra); };

/** Test hooks: replace the ports (never set in the product). */
export const outboxHooks: { its?: (companyId: number) => ItsPort; uts?: (companyId: number) => UtsPort } = {};

/** Delivers what is due (one company or all; or the given rows). */
export async function deliverDue(services: Services, opts: { companyId?: number; ids?: number[]; log?: Log } = {}): Promise<number> {
  const db = services.db as unknown as TrackingDb;
  const now = services.now();
  let q = db.selectFrom('pharmacy_tracking_outbox').select(['id', 'company_id', 'kind', 'invoice_id'])
    .where('state', '=', 'WAITING').where('next_attempt_at', '<=', now)
    .where((w) => w.or([w('claimed_until', 'is', null), w('claimed_until', '<', now)]));
  if (opts.companyId !== undefined) q = q.where('company_id', '=', opts.companyId);
  if (opts.ids?.length) q = q.where('id', 'in', opts.ids);
  const due = await q.orderBy('id').limit(200).execute();
  let n = 0;
  for (const r of due) {
    try {
      if (await deliverOne(services, Number(r.company_id), Number(r.id), opts.log ?? debugLog)) n += 1;
    } catch (e) {
      (opts.log ?? debugLog)('pharmacy tracking delivery failed', { id: r.id, err: e instanceof Error ? e.message : String(e) });
    }
  }
  return n;
}

/** Runs the worker for a company now, not waiting for it. */
export function kickDelivery(services: Services, companyId: number): void {
  void deliverDue(services, { companyId }).catch((e) => debugLog('pharmacy tracking delivery failed', { err: e instanceof Error ? e.message : String(e) }));
}

/** Asks for delivery of what the request queued, once its transaction has committed. */
export function scheduleDelivery(ctx: RequestContext, companyId: number): void {
  ctx.afterwards(async (_db, committed) => {
    if (committed) kickDelivery(ctx.services, companyId);
  });
}

async function claim(services: Services, id: number): Promise<OutboxRow | null> {
  const now = services.now();
  const r = await sql<OutboxRow>`
    update pharmacy_tracking_outbox set attempts = attempts + 1, claimed_until = ${new Date(now.getTime() + CLAIM_MS)}
     where id = ${id} and state = 'WAITING' and next_attempt_at <= ${now} and (claimed_until is null or claimed_until < ${now})
    returning *`.execute(services.db);
  return r.rows[0] ?? null;
}

/** Is an earlier sale of the same invoice still waiting? (A cancel must not overtake it.) */
async function saleStillWaiting(services: Services, row: { id: number; company_id: number; invoice_id: number | null }): Promise<boolean> {
  if (row.invoice_id === null) return false;
  const db = services.db as unknown as TrackingDb;
  const r = await db.selectFrom('pharmacy_tracking_outbox').select('id').where('company_id', '=', row.company_id).where('kind', '=', 'ITS_SALE')
    .where('invoice_id', '=', row.invoice_id).where('state', '=', 'WAITING').where('id', '<', row.id).executeTakeFirst();
  return !!r;
}

const ITS_TARGET_OF: Record<string, 'pharmacysale' | 'pharmacysalecancel' | 'accept'> = { ITS_SALE: 'pharmacysale', ITS_SALE_CANCEL: 'pharmacysalecancel', ITS_ACCEPT: 'accept' };

async function deliverOne(services: Services, companyId: number, id: number, log: Log): Promise<boolean> {
  const db = services.db as unknown as TrackingDb;
  const head = await db.selectFrom('pharmacy_tracking_outbox').select(['id', 'company_id', 'kind', 'invoice_id']).where('id', '=', id).executeTakeFirst();
  if (!head) return false;
  if (head.kind === 'ITS_SALE_CANCEL' && await saleStillWaiting(services, { id: Number(head.id), company_id: Number(head.company_id), invoice_id: head.invoice_id === null ? null : Number(head.invoice_id) })) return false;
  const row = await claim(services, id);
  if (!row) return false;
  const attempts = Number(row.attempts);
  const accounts = await inTenant(services.db, companyId, (trx) => loadAccounts(trx as unknown as Kysely<any>, services, companyId));
  const timeoutMs = outsideTimeoutMs(services);
  const payload = parseJson<Record<string, unknown>>(row.payload, {});
  try {
    if (row.system === 'ITS') {
      const its = outboxHooks.its?.(companyId) ?? itsClient({
        companyId, timeoutMs,
        account: { username: accounts.its.username, password: accounts.its.password ?? (accounts.its.mode === 'sandbox' ? 'sandbox' : null), url: accounts.its.url },
      });
      const gln = accounts.its.gln ?? frOf(accounts.its.username);
      if ((row.kind === 'ITS_SALE' || row.kind === 'ITS_SALE_CANCEL') && !payload.fr) payload.fr = gln;
      const res = await its.call(ITS_TARGET_OF[row.kind]!, payload);
      const items = itemsOf(res);
      if (!items) throw new ItsError('UNAVAILABLE', 'İTS yanıtında ürün listesi yok.');
      await recordItsAnswer(services, row, items, gln, payload);
    } else {
      const uts = outboxHooks.uts?.(companyId) ?? utsClient({ account: { token: accounts.uts.token ?? (accounts.uts.mode === 'sandbox' ? 'sandbox' : null), url: accounts.uts.url }, timeoutMs });
      let reply: unknown;
      try {
        reply = await uts.call('tuketiciyeVermeBildirimi', payload);
      } catch (e) {
        const kod = (e instanceof UtsError ? ((e.body as { MSJ?: { KOD?: string }[] } | null)?.MSJ?.[0]?.KOD) : undefined);
        if (kod !== UTS_ALREADY_HANDED_OVER) throw e;
        reply = { SNC: null, MSJ: [{ MET: 'Ürün daha önce tüketiciye verilmiş (önceki deneme ulaşmış); yeniden bildirilmedi.', KOD: kod, TIP: 'BILGI' }] };
      }
      await finish(services, row, 'SENT', null, reply);
    }
  } catch (e) {
    const retryable = e instanceof ItsError || e instanceof UtsError ? (e.retryable || e.kind === 'NO_ACCOUNT') : false;
    const message = e instanceof Error ? e.message : String(e);
    log('pharmacy tracking call failed', { id, attempt: attempts, err: message });
    if (retryable && attempts < MAX_ATTEMPTS) {
      const next = new Date(services.now().getTime() + backoffSeconds(attempts, retryBaseSeconds(services)) * 1000);
      await finish(services, row, 'WAITING', `${message} (${attempts}. deneme; yeniden denenecek)`, undefined, next);
    } else {
      await finish(services, row, 'FAILED', retryable ? `${message} (${attempts} denemede ulaşılamadı)` : message);
    }
  }
  return true;
}

async function finish(services: Services, row: OutboxRow, state: 'WAITING' | 'SENT' | 'FAILED', error: string | null, result?: unknown, nextAt?: Date) {
  await inTenant(services.db, Number(row.company_id), async (trx) => {
    await (trx as unknown as TrackingDb).updateTable('pharmacy_tracking_outbox').set({
      state, claimed_until: null, last_error: error, ...(result !== undefined ? { result: JSON.stringify(result) } : {}),
      ...(nextAt ? { next_attempt_at: nextAt } : {}), ...(state === 'SENT' ? { sent_at: services.now() } : {}),
    }).where('company_id', '=', Number(row.company_id)).where('id', '=', Number(row.id)).execute();
  });
}

/** Writes İTS's answer on each box, moves accepted boxes, and settles the row. */
async function recordItsAnswer(services: Services, row: OutboxRow, items: ItsItemResult[], gln: string | null, payload: Record<string, unknown>) {
  const companyId = Number(row.company_id);
  const kind = row.kind as TrackingNotificationKind;
  const boxIds = parseJson<number[]>(row.box_ids, []).map(Number);
  const refused = items.filter((i) => !delivered(kind, i, gln));
  await inTenant(services.db, companyId, async (trx) => {
    const db = trx as unknown as TrackingDb;
    const boxes = boxIds.length
      ? await db.selectFrom('pharmacy_boxes').selectAll().where('company_id', '=', companyId).where('id', 'in', boxIds).forUpdate().execute() as BoxRow[]
      : [];
    for (const item of items) {
      const box = boxes.find((b) => b.gtin === item.gtin && b.sn === item.sn);
      if (!box) continue;
      const ok = delivered(kind, item, gln);
      await db.updateTable('pharmacy_boxes').set({ its_uc: item.uc, its_message: item.ucMessage ?? itsUcMessage(item.uc) })
        .where('company_id', '=', companyId).where('id', '=', box.id).execute();
      if (kind === 'ITS_ACCEPT' && ok && box.state === 'RECEIVED') {
        await moveBox(db as unknown as Kysely<any>, companyId, box, 'ACCEPTED', 'İTS mal kabul bildirimi başarılı', `its-outbox:${row.id}`, 'its');
      }
    }
    const error = refused.length
      ? `İTS ${refused.length} ürünü kabul etmedi: ${refused.map((i) => `GTIN ${i.gtin} SN ${i.sn}: ${i.uc} ${i.ucMessage ?? ''}`.trim()).join('; ')}`
      : null;
    await db.updateTable('pharmacy_tracking_outbox').set({
      state: refused.length ? 'FAILED' : 'SENT', claimed_until: null, last_error: error, result: JSON.stringify(items),
      payload: JSON.stringify(payload), ...(refused.length ? {} : { sent_at: services.now() }),
    }).where('company_id', '=', companyId).where('id', '=', Number(row.id)).execute();
  });
}

/** An outbox row as the API answers it. */
export function outboxView(r: OutboxRow) {
  const ts = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string).toISOString());
  const result = parseJson<unknown>(r.result, null);
  return {
    id: Number(r.id), system: r.system, kind: r.kind, state: r.state, attempts: Number(r.attempts), lastError: r.last_error,
    nextAttemptAt: r.state === 'WAITING' ? ts(r.next_attempt_at) : null, createdAt: ts(r.created_at)!, sentAt: ts(r.sent_at),
    invoiceId: r.invoice_id === null ? null : Number(r.invoice_id), receteId: r.recete_id === null ? null : Number(r.recete_id), ref: r.ref,
    boxIds: parseJson<number[]>(r.box_ids, []).map(Number), createdBy: r.created_by,
    payload: parseJson<Record<string, unknown>>(r.payload, {}),
    productList: Array.isArray(result) ? (result as ItsItemResult[]) : [],
    reply: Array.isArray(result) ? null : (result as Record<string, unknown> | null),
  };
}
