import Decimal from 'decimal.js';
import { sql, type Kysely } from 'kysely';
import { inTenant, type JobDefinition, type Services } from '@tezgah/server';
import type { PharmacyTables } from '../schema';
import type { MedulaTables } from './schema';
import { MedulaError, type KaydetIlac, type KaydetSonuc, type MedulaPort } from './port';
import { medulaOf } from './service';

/**
 * The Medula outbox (pharmacy_medula_outbox): a prescription's provision (receteKaydet) and its
 * deletion (receteSil) are written here in the request's transaction and tried at once; when
 * Medula does not answer they wait and are delivered later — right after the commit, whenever a
 * person looks at the list (GET /medula/outbox), and by the job `pharmacy.medula.deliver` (every
 * minute) — with backoff (TEZGAH_PHARMACY_MEDULA_RETRY_SECONDS, 30 s, doubling up to 30 minutes),
 * never given up. Each row carries an islemNo Medula deduplicates by: a delivery repeated after a
 * timeout (Medula may have saved it) is answered with the first save, never saved twice. A refusal
 * (sonucKodu other than 0000) is FAILED with Medula's message; a person may send it again.
 */

export type Db = Kysely<PharmacyTables & MedulaTables>;
export type OutboxRow = Awaited<ReturnType<typeof getRow>>;
export const DELIVER_JOB = 'pharmacy.medula.deliver';
const CLAIM_MS = 2 * 60_000;

export interface SavePayload { ereceteNo: string | null; tcKimlikNo: string; receteTuru: string | null; ilacListesi: KaydetIlac[] }
export interface DeletePayload { receteNo: string; then?: 'CANCELLED' | 'DELETED' }

export function retryBase(services: Pick<Services, 'config'>): number {
  return Math.max(0.05, Number(services.config.env?.TEZGAH_PHARMACY_MEDULA_RETRY_SECONDS) || 30);
}
/** Seconds before the next try after n failed ones. */
export const backoff = (n: number, base: number) => Math.min(base * 2 ** Math.max(0, n - 1), 30 * 60);

async function getRow(db: Db, companyId: number, id: number) {
  return db.selectFrom('pharmacy_medula_outbox').selectAll().where('company_id', '=', companyId).where('id', '=', id).executeTakeFirst();
}

const json = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;

/** A row as GET /medula/outbox shows it. */
export function outboxView(r: NonNullable<OutboxRow>) {
  const p = json<Record<string, unknown>>(r.payload);
  return {
    id: Number(r.id), receteId: Number(r.recete_id), kind: r.kind, islemNo: r.islem_no, status: r.status, attempts: r.attempts,
    nextAttemptAt: new Date(r.next_attempt_at).toISOString(), lastError: r.last_error,
    ereceteNo: (p.ereceteNo as string | null | undefined) ?? null, receteNo: (p.receteNo as string | undefined) ?? null,
    result: r.result ? json<Record<string, unknown>>(r.result) : null,
    createdBy: r.created_by, createdAt: new Date(r.created_at).toISOString(), doneAt: r.done_at ? new Date(r.done_at).toISOString() : null,
  };
}

/**
 * Writes a row (PENDING, due now) in the caller's transaction; `now` is the server's clock
 * (services.now), the one the delivery loop compares with.
 */
export async function enqueue(db: Db, companyId: number, r: { receteId: number; kind: 'SAVE' | 'DELETE'; islemNo: string; payload: SavePayload | DeletePayload; login: string | null; now: Date }) {
  const row = await db.insertInto('pharmacy_medula_outbox').values({
    company_id: companyId, recete_id: r.receteId, kind: r.kind, islem_no: r.islemNo, payload: JSON.stringify(r.payload), created_by: r.login,
    next_attempt_at: r.now, created_at: r.now,
  }).returningAll().executeTakeFirstOrThrow();
  return row;
}

/** What a delivery attempt came to. */
export type Outcome = { status: 'DONE'; result: KaydetSonuc | null } | { status: 'PENDING'; error: MedulaError | Error } | { status: 'FAILED'; error: MedulaError };

/** Writes Medula's save on the prescription (its number, tracking number, and the share it computed while nothing is paid). */
async function applySave(db: Db, companyId: number, receteId: number, s: KaydetSonuc) {
  const r = await db.selectFrom('pharmacy_recetes').select(['payment_status', 'share_mode', 'price_difference']).where('company_id', '=', companyId).where('id', '=', receteId).executeTakeFirst();
  if (!r) return;
  const set: Record<string, unknown> = { recete_no: s.receteNo, tracking_no: s.takipNo, medula_state: 'SAVED', updated_at: new Date() };
  if (r.payment_status === 'PENDING' && r.share_mode === 'SALARY') {
    const diff = new Decimal(r.price_difference ?? 0);
    Object.assign(set, {
      prescription_copay: s.receteKatilimPayi, examination_copay: s.muayeneKatilimPayi, drug_copay: s.ilacKatilimPayi, total: s.toplamTutar,
      patient_payable: new Decimal(s.hastaOdeyecegi).plus(diff).toFixed(2), institution_payable: s.kurumOdeyecegi, share_source: 'MEDULA',
    });
  }
  await db.updateTable('pharmacy_recetes').set(set as never).where('company_id', '=', companyId).where('id', '=', receteId).execute();
}

async function applyDelete(db: Db, companyId: number, receteId: number, then: 'CANCELLED' | 'DELETED') {
  await db.updateTable('pharmacy_recetes').set({ medula_state: then, updated_at: new Date() }).where('company_id', '=', companyId).where('id', '=', receteId).execute();
}

/** Sends one row to Medula (no database work). */
async function send(port: MedulaPort, row: NonNullable<OutboxRow>): Promise<Outcome> {
  try {
    if (row.kind === 'SAVE') {
      const p = json<SavePayload>(row.payload);
      return { status: 'DONE', result: await port.receteKaydet({ islemNo: row.islem_no, ...p }) };
    }
    try {
      await port.receteSil(json<DeletePayload>(row.payload).receteNo);
    } catch (e) {
      // Already gone at Medula (an earlier try that timed out got through): done.
      if (!(e instanceof MedulaError && e.kind === 'NOT_FOUND')) throw e;
    }
    return { status: 'DONE', result: null };
  } catch (e) {
    if (e instanceof MedulaError && (e.kind === 'REFUSED' || e.kind === 'INVALID' || e.kind === 'NOT_FOUND')) return { status: 'FAILED', error: e };
    return { status: 'PENDING', error: e instanceof Error ? e : new Error(String(e)) };
  }
}

/** Records an outcome on the row (and the prescription) in `db`. */
async function record(db: Db, services: Services, companyId: number, row: NonNullable<OutboxRow>, o: Outcome) {
  const now = services.now();
  const attempts = row.attempts + 1;
  if (o.status === 'DONE') {
    if (row.kind === 'SAVE' && o.result) await applySave(db, companyId, Number(row.recete_id), o.result);
    if (row.kind === 'DELETE') await applyDelete(db, companyId, Number(row.recete_id), json<DeletePayload>(row.payload).then ?? 'DELETED');
    await db.updateTable('pharmacy_medula_outbox').set({
      status: 'DONE', attempts, done_at: now, claimed_until: null, last_error: null, result: o.result ? JSON.stringify(o.result) : null,
    }).where('company_id', '=', companyId).where('id', '=', row.id).execute();
    return;
  }
  const error = o.error instanceof MedulaError && o.error.code ? `${o.error.message} (${o.error.code})` : o.error.message;
  await db.updateTable('pharmacy_medula_outbox').set({
    status: o.status, attempts, claimed_until: null, last_error: error,
    next_attempt_at: new Date(now.getTime() + backoff(attempts, retryBase(services)) * 1000),
  }).where('company_id', '=', companyId).where('id', '=', row.id).execute();
}

/**
 * Tries a row inside the caller's transaction (the request that wrote it): Medula's answer is
 * written at once. The simulator never touches the database, so calling it from inside a
 * transaction cannot wait on this one.
 */
export async function deliverNow(db: Db, services: Services, companyId: number, id: number, port: MedulaPort): Promise<Outcome> {
  const row = await getRow(db, companyId, id);
  if (!row || row.status !== 'PENDING') throw new Error(`outbox row ${id} is not pending`);
  const o = await send(port, row);
  await record(db, services, companyId, row, o);
  return o;
}

/**
 * Delivers what is due (of one company, or of all): each row claimed in a short transaction, sent
 * outside any transaction, its outcome written in another. Answers how many were delivered.
 */
export async function deliverDue(services: Services, opts: { companyId?: number; log?: (msg: string, extra: unknown) => void } = {}): Promise<number> {
  const now = services.now();
  let q = (services.db as unknown as Db).selectFrom('pharmacy_medula_outbox').select(['id', 'company_id'])
    .where('status', '=', 'PENDING').where('next_attempt_at', '<=', now)
    .where((w) => w.or([w('claimed_until', 'is', null), w('claimed_until', '<', now)]));
  if (opts.companyId !== undefined) q = q.where('company_id', '=', opts.companyId);
  const due = await q.orderBy('next_attempt_at').orderBy('id').limit(100).execute();
  let delivered = 0;
  for (const d of due) {
    const companyId = Number(d.company_id);
    let claimed: { row: NonNullable<OutboxRow>; medula: Awaited<ReturnType<typeof medulaOf>> } | null = null;
    let o: Outcome | null = null;
    try {
      claimed = await inTenant(services.db, companyId, async (trx) => {
        const db = trx as unknown as Db;
        const r = await db.updateTable('pharmacy_medula_outbox').set({ claimed_until: new Date(now.getTime() + CLAIM_MS) })
          .where('company_id', '=', companyId).where('id', '=', d.id).where('status', '=', 'PENDING')
          .where((w) => w.or([w('claimed_until', 'is', null), w('claimed_until', '<', now)]))
          .returningAll().executeTakeFirst();
        if (!r) return null;
        const m = await medulaOf(trx, services, companyId, undefined, { needCredentials: false });
        return { row: r, medula: m };
      });
      if (!claimed) continue;
      const row = claimed.row;
      o = claimed.medula.credentials
        ? await send(claimed.medula.port, row)
        : { status: 'PENDING', error: new Error('Medula oturumu yok: Medulaya giriş yapılınca gönderilecek.') };
      const outcome = o;
      await inTenant(services.db, companyId, (trx) => record(trx as unknown as Db, services, companyId, row, outcome));
      if (o.status === 'DONE') delivered += 1;
    } catch (e) {
      opts.log?.('medula outbox failed', { id: d.id, err: e instanceof Error ? e.message : String(e) });
      // Medula answered but its answer could not be written here: the row must say why and stop,
      // not be sent again every cycle with nothing recorded.
      if (claimed && o?.status === 'DONE') {
        const row = claimed.row;
        const done = o;
        await inTenant(services.db, companyId, (trx) => unrecorded(trx as unknown as Db, companyId, row, done, e))
          .catch((e2) => opts.log?.('medula outbox failure not recorded', { id: d.id, err: e2 instanceof Error ? e2.message : String(e2) }));
      }
    }
  }
  return delivered;
}

/**
 * Medula saved (or deleted) the prescription but writing its answer here failed: most often
 * the prescription number Medula gave is already held by another prescription of the pharmacy
 * (the unique rule on company and number), say one read from Medula while this save waited.
 * The row becomes FAILED with the reason and Medula's answer kept, for a person to sort out.
 */
async function unrecorded(db: Db, companyId: number, row: NonNullable<OutboxRow>, o: Extract<Outcome, { status: 'DONE' }>, e: unknown) {
  const code = (e as { code?: string } | null)?.code;
  const no = o.result?.receteNo;
  const why = code === '23505' && no
    ? `Medula reçeteyi ${no} numarasıyla kaydetti, ama bu numara eczanede başka bir reçetede kayıtlı; reçete güncellenemedi. İki reçeteyi karşılaştırıp fazlasını silin.`
    : `Medula'nın yanıtı kaydedilemedi: ${e instanceof Error ? e.message : String(e)}`;
  await db.updateTable('pharmacy_medula_outbox').set({
    status: 'FAILED', attempts: row.attempts + 1, claimed_until: null, last_error: why, result: o.result ? JSON.stringify(o.result) : null,
  }).where('company_id', '=', companyId).where('id', '=', row.id).where('status', '=', 'PENDING').execute();
}

/** Starts a delivery of the company's due rows in the background (after a commit, on a look at the list). */
export function kick(services: Services, companyId: number): void {
  const say = (msg: string, extra: unknown) => { if (process.env.TEZGAH_DEBUG_ERRORS === '1') console.error(msg, extra); };
  void deliverDue(services, { companyId, log: say }).catch((e) => say('medula outbox failed', e instanceof Error ? e.message : String(e)));
}

/** Has the company rows waiting whose time has come? */
export async function hasDue(db: Db, companyId: number, now: Date): Promise<boolean> {
  const r = await db.selectFrom('pharmacy_medula_outbox').select(sql<number>`1`.as('x')).where('company_id', '=', companyId)
    .where('status', '=', 'PENDING').where('next_attempt_at', '<=', now).limit(1).executeTakeFirst();
  return !!r;
}

export const medulaJobs: Record<string, JobDefinition> = {
  [DELIVER_JOB]: {
    cron: '* * * * *',
    retryLimit: 0,
    expireInSeconds: 10 * 60,
    async handler(job) {
      const companyId = (job.data as { companyId?: number }).companyId;
      await deliverDue(job.services, companyId ? { companyId } : {});
    },
  },
};
