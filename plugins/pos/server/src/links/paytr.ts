import { createHmac, timingSafeEqual } from 'node:crypto';
import { Problem } from '@tezgah/server';

/**
 * PayTR's link API (research "PayTR Link API"), the protocol both adapters speak: the live one
 * at https://www.paytr.com, the sandbox one at this server's /sandbox/pos/pay (shaped the same).
 *
 * - create: POST /odeme/api/link/create, form-urlencoded, paytr_token =
 *   base64(HMAC-SHA256(merchant_key, name + price + currency + max_installment + link_type + lang
 *   + (min_count | email) + merchant_salt)) → { status: success|error|failed, id, link, reason/err_msg };
 * - delete: POST /odeme/api/link/delete, paytr_token = base64(HMAC(id + merchant_id + salt));
 * - callback (successful payments only): hash = base64(HMAC(callback_id + merchant_oid + salt +
 *   status + total_amount)), answered with the plain text OK, retried until then.
 */

export interface Merchant { id: string; key: string; salt: string }

export interface LinkRequest {
  name: string;
  /** Kuruş, an integer as a string ("12345" is 123,45 TL). */
  price: string;
  currency: 'TL' | 'EUR' | 'USD' | 'GBP' | 'RUB';
  maxInstallment: number;
  /** collection: a person pays an amount (e-mail required); product: a product of min_count. */
  linkType: 'collection' | 'product';
  lang: 'tr' | 'en';
  email?: string | null;
  minCount?: number;
  maxCount?: number;
  /** "YYYY-MM-DD HH:MM:SS", Turkey time. */
  expiryDate?: string | null;
  callbackLink: string;
  callbackId: string;
}

export const LIVE_PAYTR_URL = 'https://www.paytr.com';

const b64hmac = (key: string, data: string) => createHmac('sha256', key).update(data, 'utf8').digest('base64');

export function createToken(m: Merchant, r: Pick<LinkRequest, 'name' | 'price' | 'currency' | 'maxInstallment' | 'linkType' | 'lang' | 'email' | 'minCount'>): string {
  const tail = r.linkType === 'collection' ? (r.email ?? '') : String(r.minCount ?? 1);
  return b64hmac(m.key, `${r.name}${r.price}${r.currency}${r.maxInstallment}${r.linkType}${r.lang}${tail}${m.salt}`);
}

export function deleteToken(m: Merchant, id: string): string {
  return b64hmac(m.key, `${id}${m.id}${m.salt}`);
}

export function callbackHash(m: Pick<Merchant, 'key' | 'salt'>, c: { callbackId: string; merchantOid: string; status: string; totalAmount: string }): string {
  return b64hmac(m.key, `${c.callbackId}${c.merchantOid}${m.salt}${c.status}${c.totalAmount}`);
}

/** Constant-time comparison of the callback's hash with the one we compute. */
export function verifyCallbackHash(m: Pick<Merchant, 'key' | 'salt'>, c: { callbackId: string; merchantOid: string; status: string; totalAmount: string; hash: string }): boolean {
  const want = Buffer.from(callbackHash(m, c));
  const got = Buffer.from(c.hash);
  return want.length === got.length && timingSafeEqual(want, got);
}

/** The form of a create request, in PayTR's field names. */
export function createForm(m: Merchant, r: LinkRequest): URLSearchParams {
  const f = new URLSearchParams();
  f.set('merchant_id', m.id);
  f.set('name', r.name);
  f.set('price', r.price);
  f.set('currency', r.currency);
  f.set('max_installment', String(r.maxInstallment));
  f.set('link_type', r.linkType);
  f.set('lang', r.lang);
  if (r.linkType === 'collection') f.set('email', r.email ?? '');
  else { f.set('min_count', String(r.minCount ?? 1)); if (r.maxCount) f.set('max_count', String(r.maxCount)); }
  if (r.expiryDate) f.set('expiry_date', r.expiryDate);
  f.set('callback_link', r.callbackLink);
  f.set('callback_id', r.callbackId);
  f.set('debug_on', '0');
  f.set('paytr_token', createToken(m, r));
  return f;
}

/** Lira (a decimal string, two decimals at most) in kuruş, as PayTR wants prices. */
export function kurus(lira: string): string {
  const [i, d = ''] = lira.split('.');
  return String(BigInt(i!) * 100n + BigInt((d + '00').slice(0, 2)));
}

export function parseCreateAnswer(body: unknown): { id: string; link: string } {
  const b = (body ?? {}) as { status?: string; id?: string; link?: string; reason?: string; err_msg?: string };
  if (b.status === 'success' && typeof b.id === 'string' && typeof b.link === 'string') return { id: b.id, link: b.link };
  throw new Problem(502, 'Ödeme sağlayıcısı hatası', { detail: `Ödeme linki oluşturulamadı: ${b.reason ?? b.err_msg ?? b.status ?? 'beklenmeyen yanıt'}`, code: 'PAYMENT_PAGE_REFUSED' });
}

/** The payment-page port: one adapter, the base address decides sandbox or live. */
export interface PaymentPagePort {
  create(m: Merchant, r: LinkRequest): Promise<{ id: string; link: string }>;
  remove(m: Merchant, id: string): Promise<void>;
}

const unreachable = () => new Problem(503, 'Ödeme sağlayıcısına ulaşılamadı', { detail: 'Ödeme sağlayıcısına ulaşılamadı; biraz sonra yeniden deneyin.', code: 'PAYMENT_PAGE_UNREACHABLE' });

export function paytrAdapter(base: string, timeoutMs: number, fetchFn: typeof fetch = fetch): PaymentPagePort {
  const postForm = async (path: string, form: URLSearchParams): Promise<unknown> => {
    let res: Response;
    try {
      res = await fetchFn(`${base.replace(/\/+$/, '')}${path}`, {
        method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form.toString(), signal: AbortSignal.timeout(timeoutMs),
      });
    } catch {
      throw unreachable();
    }
    if (res.status >= 500) throw unreachable();
    try { return await res.json(); } catch { throw new Problem(502, 'Ödeme sağlayıcısı hatası', { detail: `Ödeme sağlayıcısı anlaşılmayan bir yanıt verdi (HTTP ${res.status}).`, code: 'PAYMENT_PAGE_BAD_ANSWER' }); }
  };
  return {
    async create(m, r) { return parseCreateAnswer(await postForm('/odeme/api/link/create', createForm(m, r))); },
    async remove(m, id) {
      const f = new URLSearchParams({ merchant_id: m.id, id, debug_on: '0', paytr_token: deleteToken(m, id) });
      const b = (await postForm('/odeme/api/link/delete', f)) as { status?: string; reason?: string; err_msg?: string };
      if (b?.status !== 'success') throw new Problem(502, 'Ödeme sağlayıcısı hatası', { detail: `Ödeme linki silinemedi: ${b?.reason ?? b?.err_msg ?? 'beklenmeyen yanıt'}`, code: 'PAYMENT_PAGE_REFUSED' });
    },
  };
}

/**
 * The sandbox's test merchants (OUR INVENTION): any merchant id is a test merchant whose key and
 * salt are derived from it, so a company in sandbox mode needs no credentials and the simulator
 * keeps no list.
 */
export function sandboxMerchant(id: string): Merchant {
  const d = (what: string) => createHmac('sha256', 'tezgah-paytr-sandbox').update(`${what}:${id}`).digest('hex').slice(0, 16);
  return { id, key: d('key'), salt: d('salt') };
}
