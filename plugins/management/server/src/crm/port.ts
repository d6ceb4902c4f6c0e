import { Problem, type Services } from '@tezgah/server';

/**
 * The CRM port (issue 14): the vendor's own customer system, where a company's account is kept and
 * its yearly service fee is billed, and which answers the tax-professionals registry lookup. The
 * adapter is chosen by configuration:
 * - TEZGAH_CRM=sandbox (default): the simulator this server serves under /sandbox/management/crm
 *   (sandbox.ts), reached over HTTP like a live one;
 * - TEZGAH_CRM=live: TEZGAH_CRM_URL (required), the same HTTP shape.
 * TEZGAH_CRM_TIMEOUT_MS (10000) bounds each call. The HTTP shape is OUR DESIGN (the seeds name
 * only our own calls): POST /accounts, POST /accounts/{id}/deactivate, GET
 * /tax-professionals/{vkntckn}, GET /payment-results/{identifier}.
 */
export interface CrmAccountInput { identifier: string; name: string; title: string; email: string | null; phone: string | null }
export type PaymentStatus = 'SUCCESS' | 'PENDING' | 'FAILED' | 'NONE';
export interface PaymentResult { status: PaymentStatus; paymentUrl: string | null; img: string | null }

export interface CrmPort {
  createAccount(a: CrmAccountInput): Promise<{ accountId: string }>;
  /** Idempotent: an account already passive answers the same. */
  deactivateAccount(accountId: string): Promise<void>;
  /** The registry's document, or null when the number is not in the registry. */
  vukFor(vkntckn: string): Promise<{ base64Data: string } | null>;
  /** NONE when the CRM keeps no fee for the identifier. */
  paymentResult(identifier: string): Promise<PaymentResult>;
}

export const DEFAULT_CRM_TIMEOUT_MS = 10_000;
const listening = new WeakMap<object, string>();

/** Test hooks: another port. */
export const crmHooks: { port: CrmPort | undefined } = { port: undefined };

/** Remembers where this server listens (the sandbox adapter calls it). */
export function rememberListening(config: object, base: string): void {
  listening.set(config, base);
}

export const crmUnavailable = (detail = 'CRM hizmetine şu an ulaşılamıyor. Biraz sonra tekrar deneyin.') =>
  new Problem(503, 'Hizmet kullanılamıyor', { detail, code: 'CRM_UNAVAILABLE' });

/** The port the configuration chooses. */
export function crmPort(services: Pick<Services, 'config'>): CrmPort {
  if (crmHooks.port) return crmHooks.port;
  const env = services.config.env ?? {};
  const mode = (env.TEZGAH_CRM || 'sandbox').toLowerCase();
  const t = Number(env.TEZGAH_CRM_TIMEOUT_MS);
  const timeout = Number.isFinite(t) && t > 0 ? t : DEFAULT_CRM_TIMEOUT_MS;
  if (mode === 'live') {
    const url = env.TEZGAH_CRM_URL;
    if (!url) throw crmUnavailable('CRM bağlantısı yapılandırılmamış (TEZGAH_CRM_URL).');
    return httpCrm(url, timeout);
  }
  const own = (listening.get(services.config) || services.config.publicUrl).replace(/\/+$/, '');
  return httpCrm(`${own}/sandbox/management/crm`, timeout);
}

const STATUSES: readonly string[] = ['SUCCESS', 'PENDING', 'FAILED', 'NONE'];
const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

/** The HTTP adapter (sandbox and live): anything but the expected answer is CRM_UNAVAILABLE (503). */
export function httpCrm(base: string, timeoutMs: number): CrmPort {
  const root = base.replace(/\/+$/, '');
  async function call(method: string, path: string, body?: unknown): Promise<{ status: number; json: any }> {
    let res: Response;
    try {
      res = await fetch(`${root}${path}`, {
        method,
        headers: { accept: 'application/json', ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch {
      throw crmUnavailable();
    }
    const text = await res.text();
    let json: any = null;
    try { json = text ? JSON.parse(text) : null; } catch { json = null; }
    if (res.status >= 500) throw crmUnavailable();
    return { status: res.status, json };
  }
  return {
    async createAccount(a) {
      const r = await call('POST', '/accounts', a);
      const accountId = str(r.json?.accountId);
      if (r.status !== 201 && r.status !== 200) throw crmUnavailable('CRM hesabı açamadı.');
      if (!accountId) throw crmUnavailable('CRM beklenmeyen bir yanıt verdi.');
      return { accountId };
    },
    async deactivateAccount(accountId) {
      const r = await call('POST', `/accounts/${encodeURIComponent(accountId)}/deactivate`);
      if (r.status !== 200) throw crmUnavailable('CRM hesabı kapatamadı.');
    },
    async vukFor(vkntckn) {
      const r = await call('GET', `/tax-professionals/${encodeURIComponent(vkntckn)}`);
      if (r.status === 404) return null;
      const data = str(r.json?.base64Data);
      if (r.status !== 200 || !data) throw crmUnavailable('CRM beklenmeyen bir yanıt verdi.');
      return { base64Data: data };
    },
    async paymentResult(identifier) {
      const r = await call('GET', `/payment-results/${encodeURIComponent(identifier)}`);
      if (r.status === 404) return { status: 'NONE', paymentUrl: null, img: null };
      if (r.status !== 200 || !STATUSES.includes(r.json?.status)) throw crmUnavailable('CRM beklenmeyen bir yanıt verdi.');
      return { status: r.json.status, paymentUrl: str(r.json.paymentUrl), img: str(r.json.img) };
    },
  };
}
