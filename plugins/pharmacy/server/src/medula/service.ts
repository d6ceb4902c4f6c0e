import type { Kysely } from 'kysely';
import { MESSAGES } from '@tezgah/core';
import { Problem, type Services } from '@tezgah/server';
import { loadAccounts, outsideTimeoutMs, type PharmacyAccounts } from '../settings/index';
import { medulaClient } from './client';
import { MedulaError, type MedulaPort, type StepSink } from './port';
import type { Credentials } from './soap';

/**
 * The company's Medula: the adapter its settings choose (sandbox or live: the same SOAP client at
 * `accounts.medula.url`), signed in with the credentials of the web login the pharmacist made
 * (kept in this server's memory for the session's life, 8 hours) or, without one, the user name
 * and password stored in the pharmacy settings (Medula's web services take them on every call).
 */

export const MEDULA_SESSION_HOURS = 8;

interface Session { sessionNo: string; username: string; password: string; at: number }
/** Open Medula sessions, per server (its config object) and company. */
const sessions = new WeakMap<object, Map<number, Session>>();

function sessionsOf(services: Pick<Services, 'config'>): Map<number, Session> {
  let m = sessions.get(services.config);
  if (!m) { m = new Map(); sessions.set(services.config, m); }
  return m;
}

export function sessionOf(services: Pick<Services, 'config'>, companyId: number): Session | null {
  const s = sessionsOf(services).get(companyId);
  if (!s) return null;
  if (Date.now() - s.at > MEDULA_SESSION_HOURS * 3600_000) { sessionsOf(services).delete(companyId); return null; }
  return s;
}

export function keepSession(services: Pick<Services, 'config'>, companyId: number, s: Omit<Session, 'at'>): void {
  sessionsOf(services).set(companyId, { ...s, at: Date.now() });
}

export function dropSession(services: Pick<Services, 'config'>, companyId: number): void {
  sessionsOf(services).delete(companyId);
}

/** The credentials a call goes with: the web login's, else the settings' (user and password both set), else null. */
export function credentialsOf(services: Pick<Services, 'config'>, companyId: number, accounts: PharmacyAccounts): Credentials | null {
  const s = sessionOf(services, companyId);
  if (s) return { username: s.username, password: s.password };
  const m = accounts.medula;
  return m.username && m.password ? { username: m.username, password: m.password } : null;
}

/** Tests may give a fetch of their own. */
export const medulaHooks: { fetch: typeof fetch | undefined } = { fetch: undefined };

export interface CompanyMedula { port: MedulaPort; accounts: PharmacyAccounts; credentials: Credentials | null }

/** The company's Medula port, `onStep` told of every step reached. */
export async function medulaOf(db: Kysely<any>, services: Services, companyId: number, onStep?: StepSink, opts: { needCredentials?: boolean } = {}): Promise<CompanyMedula> {
  const accounts = await loadAccounts(db, services, companyId);
  const credentials = credentialsOf(services, companyId, accounts);
  if ((opts.needCredentials ?? true) && !credentials) throw notLogged();
  const port = medulaClient({
    url: accounts.medula.url, credentials, timeoutMs: outsideTimeoutMs(services),
    ...(medulaHooks.fetch ? { fetch: medulaHooks.fetch } : {}), ...(onStep ? { onStep } : {}),
  });
  return { port, accounts, credentials };
}

// ------------------------------------------------------------------------------------ problems

export function notLogged(): Problem {
  return new Problem(409, 'Medula oturumu açık değil', { detail: 'Medulaya giriş yapın (kullanıcı adı, şifre, güvenlik anahtarı) ya da eczane ayarlarında Medula şifresini kaydedin.', code: 'MEDULA_NOT_LOGGED' });
}

export function unavailable(e: MedulaError): Problem {
  return new Problem(503, 'Medulaya ulaşılamadı', {
    detail: `${e.message} Reçeteyi elle girerek (manuel reçete) satışa devam edebilirsiniz; kayıt Medula açılınca gönderilir.`,
    code: 'MEDULA_UNAVAILABLE',
    headers: { 'retry-after': '30' },
  });
}

export function recipeNotFound(detail?: string): Problem {
  return new Problem(404, MESSAGES.RECETE_NOT_FOUND, { detail: detail ?? `${MESSAGES.RECETE_NOT_FOUND}.`, code: 'RECETE_NOT_FOUND' });
}

/** A Medula failure as the API's problem: unreachable 503, unknown 404, refused 409 with Medula's message. */
export function medulaProblem(e: unknown, notFound: () => Problem = () => recipeNotFound()): unknown {
  if (!(e instanceof MedulaError)) return e;
  if (e.unreachable) return unavailable(e);
  if (e.kind === 'NOT_FOUND') return notFound();
  if (e.kind === 'AUTH') return new Problem(409, 'Medula erişimi reddetti', { detail: `${e.message} Medulaya yeniden giriş yapın.`, code: 'MEDULA_AUTH' });
  return new Problem(409, 'Medula işlemi kabul etmedi', { detail: `${e.message}${e.code ? ` (Medula sonuç kodu ${e.code})` : ''}`, code: 'MEDULA_REFUSED' });
}
