import { MESSAGES } from '@tezgah/core';
import { isValidTckn, ERECETE_NO_PATTERN, type MedulaLoginState } from '@tezgah/pharmacy-common';
import { Problem, pageRequest, pageResult, problems, requireAuth, tables, type Handler, type RequestContext } from '@tezgah/server';
import type { PharmacyArea } from '../area';
import { MedulaError } from './port';
import { dropSession, keepSession, medulaOf, medulaProblem, sessionOf } from './service';
import { track, progressOf, PROGRESS_ID } from './progress';
import { medulaSandbox } from './sandbox';
import { hasDue, kick, medulaJobs, outboxView, type Db } from './outbox';

/**
 * The pharmacy plugin's medula area (issue 12): the Medula port (port.ts), its SOAP client
 * (client.ts: the sandbox and the live adapter), the simulator (sandbox.ts, world.ts), the progress
 * of a running call (progress.ts), the outbox of what must reach Medula (outbox.ts), and the login
 * operations (openapi/pharmacy/medula.yaml). The prescription calls are in ../prescriptions.
 */
export { MedulaError } from './port';
export type { MedulaPort, EreceteDVO, EreceteIlacDVO, RaporDVO, KaydetSonuc, KaydetIlac } from './port';
export { medulaOf, medulaProblem, recipeNotFound, unavailable, notLogged, sessionOf, medulaHooks } from './service';
export { track, progressOf, type Tracker } from './progress';
export { enqueue, deliverNow, deliverDue, kick, outboxView, DELIVER_JOB, type SavePayload, type DeletePayload, type Outcome } from './outbox';
export { isoDate, medulaDate } from './soap';
export { RENK_OF_TURU, RECETE_TURU, worldFacilities } from './world';
export { worldOf } from './sandbox';
export type { MedulaTables } from './schema';

const auth = (ctx: RequestContext) => requireAuth(ctx);
const progressIdOf = (ctx: RequestContext) => (ctx.query as { progressId?: string } | undefined)?.progressId ?? null;

/** Runs a Medula call with its progress (GET /medula/progress?progressId= and the `x-medula-steps` header). */
export async function withProgress<T>(ctx: RequestContext, fn: (t: ReturnType<typeof track>) => Promise<T>): Promise<T> {
  const t = track(auth(ctx).companyId, progressIdOf(ctx));
  try {
    const r = await fn(t);
    t.finish();
    return r;
  } catch (e) {
    t.finish(e instanceof Error ? e.message : String(e));
    throw e;
  } finally {
    if (t.steps().length) ctx.setHeader('x-medula-steps', t.steps().join(','));
  }
}

const medulaIsLogged: Handler = async (ctx) => {
  const { companyId } = auth(ctx);
  const s = sessionOf(ctx.services, companyId);
  if (!s) {
    // A user name and password kept in the settings sign every web-service call: no web login needed.
    const { credentials } = await medulaOf(ctx.trx, ctx.services, companyId, undefined, { needCredentials: false });
    return { state: (credentials ? 'LOGGED' : 'NOT_LOGGED') satisfies MedulaLoginState };
  }
  return withProgress(ctx, async (t) => {
    try {
      const { port } = await medulaOf(ctx.trx, ctx.services, companyId, t.step, { needCredentials: false });
      const live = await port.isLogged(s.sessionNo);
      if (!live) dropSession(ctx.services, companyId);
      return { state: (live ? 'LOGGED' : 'NOT_LOGGED') satisfies MedulaLoginState };
    } catch (e) {
      if (e instanceof MedulaError) return { state: 'ERROR' satisfies MedulaLoginState, message: e.message };
      throw e;
    }
  });
};

const medulaLoginPage: Handler = async (ctx) => {
  const { companyId } = auth(ctx);
  return withProgress(ctx, async (t) => {
    try {
      const { port } = await medulaOf(ctx.trx, ctx.services, companyId, t.step, { needCredentials: false });
      return await port.loginPage();
    } catch (e) {
      throw medulaProblem(e);
    }
  });
};

interface LoginBody { username?: string; password?: string; captcha?: string; captchaToken?: string; tckn?: string; ereceteNo?: string }

/** Seeds 001 §5: user name, password, captcha, national ID and e-prescription number are required. */
const medulaLogin: Handler = async (ctx) => {
  const { companyId, login } = auth(ctx);
  const b = (ctx.body ?? {}) as LoginBody;
  const errs: { field: string; message: string; code: string }[] = [];
  const need = (f: keyof LoginBody, label: string) => { if (!b[f] || !String(b[f]).trim()) errs.push({ field: f, message: `${label} zorunludur.`, code: 'REQUIRED' }); };
  need('username', 'Kullanıcı adı');
  need('password', 'Şifre');
  need('captcha', 'Güvenlik anahtarı');
  need('tckn', 'T.C. kimlik numarası');
  need('ereceteNo', 'E-reçete numarası');
  if (b.tckn && b.tckn.trim() && !isValidTckn(b.tckn.trim())) errs.push({ field: 'tckn', message: 'T.C. kimlik numarası geçersiz.', code: 'TCKN' });
  if (b.ereceteNo && b.ereceteNo.trim() && !ERECETE_NO_PATTERN.test(b.ereceteNo.trim().toUpperCase())) errs.push({ field: 'ereceteNo', message: 'E-reçete numarası 7 harf ya da rakamdır.', code: 'ERECETE_NO' });
  if (errs.length) throw problems.badRequest('Medula girişi için eksik ya da hatalı alanlar var.', errs);
  return withProgress(ctx, async (t) => {
    const { port } = await medulaOf(ctx.trx, ctx.services, companyId, t.step, { needCredentials: false });
    try {
      const { sessionNo } = await port.login({
        username: b.username!.trim(), password: b.password!, captcha: b.captcha!.trim(), captchaToken: (b.captchaToken ?? '').trim(), tckn: b.tckn!.trim(), ereceteNo: b.ereceteNo!.trim().toUpperCase(),
      });
      keepSession(ctx.services, companyId, { sessionNo, username: b.username!.trim(), password: b.password! });
      ctx.audit({ action: 'pharmacy.medula.login', entity: 'medula', entityId: companyId, detail: { username: b.username!.trim(), by: login } });
      ctx.afterwards(async (_db, committed) => { if (committed) kick(ctx.services, companyId); });
      return { state: 'LOGGED' satisfies MedulaLoginState };
    } catch (e) {
      if (e instanceof MedulaError && e.kind === 'AUTH') {
        throw new Problem(400, MESSAGES.MEDULA_LOGIN_FAILED, { detail: e.cause instanceof MedulaError ? e.cause.message : e.message, code: 'MEDULA_LOGIN_FAILED' });
      }
      throw medulaProblem(e);
    }
  });
};

const medulaLogout: Handler = async (ctx) => {
  dropSession(ctx.services, auth(ctx).companyId);
  return { state: 'NOT_LOGGED' satisfies MedulaLoginState };
};

const medulaProgress: Handler = async (ctx) => {
  const { companyId } = auth(ctx);
  const id = (ctx.query as { progressId: string }).progressId;
  if (!PROGRESS_ID.test(id)) throw problems.notFound('İşlem');
  return progressOf(companyId, id);
};

const medulaOutbox: Handler = async (ctx) => {
  const { companyId } = auth(ctx);
  const db = tables<object>(ctx) as unknown as Db;
  const q = ctx.query as { status?: string; receteId?: number };
  const page = pageRequest(ctx, ['id', 'desc']);
  let base = db.selectFrom('pharmacy_medula_outbox').where('company_id', '=', companyId);
  if (q.status) base = base.where('status', '=', q.status as never);
  if (q.receteId) base = base.where('recete_id', '=', q.receteId);
  const [rows, count] = await Promise.all([
    base.selectAll().orderBy('id', 'desc').limit(page.size).offset(page.offset).execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  // A look at the list moves what is due on (after this request: never inside its transaction).
  if (await hasDue(db, companyId, ctx.services.now())) ctx.afterwards(async () => kick(ctx.services, companyId));
  return pageResult(ctx, rows.map(outboxView), Number(count.n));
};

const medulaOutboxRetry: Handler = async (ctx) => {
  const { companyId } = auth(ctx);
  const db = tables<object>(ctx) as unknown as Db;
  const id = Number((ctx.params as { id: number }).id);
  const row = await db.selectFrom('pharmacy_medula_outbox').selectAll().where('company_id', '=', companyId).where('id', '=', id).executeTakeFirst();
  if (!row) throw problems.notFound('Medula kaydı');
  if (row.status === 'DONE') throw problems.conflict('Bu kayıt Medulaya zaten iletildi.', 'MEDULA_ALREADY_DELIVERED');
  const updated = await db.updateTable('pharmacy_medula_outbox').set({ status: 'PENDING', next_attempt_at: ctx.services.now(), claimed_until: null })
    .where('company_id', '=', companyId).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
  ctx.audit({ action: 'pharmacy.medula.outbox.retried', entity: 'pharmacy_medula_outbox', entityId: id });
  ctx.afterwards(async (_db, committed) => { if (committed) kick(ctx.services, companyId); });
  return outboxView(updated);
};

export const area: PharmacyArea = {
  handlers: { medulaIsLogged, medulaLoginPage, medulaLogin, medulaLogout, medulaProgress, medulaOutbox, medulaOutboxRetry },
  jobs: medulaJobs,
  sandbox: medulaSandbox,
};
