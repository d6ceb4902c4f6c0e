import { createHash } from 'node:crypto';
import { ITS_CONSUMER_GLN, ITS_TARGETS, ITS_UC, itsUcMessage, type ItsTarget, type TrackingNotificationKind } from '@tezgah/pharmacy-common';

/**
 * The İTS port: one client speaking İTS's REST API (token by user name and password, Bearer on
 * every call). The sandbox adapter is this client pointed at our own simulator
 * (`<sandboxBase>/its`), the live adapter the same client at TEZGAH_ITS_URL (default
 * https://its2.saglik.gov.tr). Tokens are cached per company (and account) in memory.
 */

export type ItsErrorKind = 'UNAVAILABLE' | 'TIMEOUT' | 'AUTH' | 'NO_ACCOUNT' | 'REFUSED';

export class ItsError extends Error {
  readonly kind: ItsErrorKind;
  readonly status: number | null;
  readonly body: unknown;
  constructor(kind: ItsErrorKind, message: string, status: number | null = null, body: unknown = null) {
    super(message);
    this.kind = kind;
    this.status = status;
    this.body = body;
  }
  /** Worth trying again later without a person doing anything. */
  get retryable(): boolean {
    return this.kind === 'UNAVAILABLE' || this.kind === 'TIMEOUT' || this.kind === 'AUTH';
  }
}

export interface ItsAccount { username: string | null; password: string | null; url: string }

export interface ItsPort {
  /** Calls a target with its body; answers İTS's JSON. */
  call(target: ItsTarget, data: unknown): Promise<any>;
}

/** A product as İTS's lists carry it. */
export interface ItsProduct { gtin: string; sn: string; bn?: string | null; xd?: string | null }
/** The sale / cancel document block (seeds 001 §7): date, document (invoice) no, prescription no, cp, e-prescription id, prescription registration no. */
export interface ItsDocument { dd?: string | null; dn?: string | null; dr?: string | null; cp?: string | null; eid?: string | null; rkn?: string | null }

/** The GLN of an İTS user name: the user name less its last 4 characters (seeds 001 §7 `fr`). */
export function frOf(username: string | null | undefined): string | null {
  if (!username || username.length <= 4) return null;
  return username.slice(0, -4);
}

function product(p: ItsProduct): ItsProduct {
  return { gtin: p.gtin, sn: p.sn, bn: p.bn ?? null, xd: p.xd ?? null };
}

function document(d: ItsDocument): Required<ItsDocument> {
  return { dd: d.dd ?? null, dn: d.dn ?? null, dr: d.dr ?? null, cp: d.cp ?? null, eid: d.eid ?? null, rkn: d.rkn ?? null };
}

/** pharmacysale's body: dt 'S'. */
export function salePayload(o: { fr: string | null; to?: string | null; document: ItsDocument; productList: ItsProduct[] }) {
  return { dt: 'S' as const, fr: o.fr, to: o.to ?? ITS_CONSUMER_GLN, document: document(o.document), productList: o.productList.map(product) };
}

/** pharmacysalecancel's body, exactly seeds 001 §7: dt 'C', fr (the İTS user name less its last 4 characters), to, document {dd, dn, dr, cp, eid, rkn}, productList. */
export function cancelPayload(o: { fr: string | null; to?: string | null; document: ItsDocument; productList: ItsProduct[] }) {
  return { dt: 'C' as const, fr: o.fr, to: o.to ?? ITS_CONSUMER_GLN, document: document(o.document), productList: o.productList.map(product) };
}

/** accept's and check_status's body. */
export function productListPayload(list: ItsProduct[]) {
  return { productList: list.map(product) };
}

export interface ItsItemResult { gtin: string; sn: string; uc: string | null; ucMessage: string | null; gln1: string | null; gln2: string | null }

/** The per-product answer of any İTS call (productList or responseObjectList), with İTS's message for each code. */
export function itemsOf(res: unknown): ItsItemResult[] | null {
  const r = (res ?? {}) as { productList?: unknown; responseObjectList?: unknown };
  const list = Array.isArray(r.responseObjectList) ? r.responseObjectList : Array.isArray(r.productList) ? r.productList : null;
  if (!list) return null;
  return (list as Record<string, unknown>[]).map((x) => {
    const uc = x.uc === undefined || x.uc === null ? null : String(x.uc).padStart(5, '0');
    return {
      gtin: String(x.gtin ?? ''), sn: String(x.sn ?? ''), uc,
      ucMessage: typeof x.ucMessage === 'string' ? x.ucMessage : itsUcMessage(uc),
      gln1: x.gln1 === undefined || x.gln1 === null ? null : String(x.gln1),
      gln2: x.gln2 === undefined || x.gln2 === null ? null : String(x.gln2),
    };
  });
}

/**
 * Is İTS's answer for one product of a notification a delivery? Success, or the answer a retry
 * of a notification İTS already holds gets: a sale already sold BY US (10204 with gln1 our GLN,
 * or 40004), a cancel whose box is back in our stock (10210), an acceptance of a box already ours
 * (10210, 10303). Anything else is a refusal a person must look at.
 */
export function delivered(kind: TrackingNotificationKind, item: Pick<ItsItemResult, 'uc' | 'gln1'>, ourGln: string | null): boolean {
  const uc = item.uc;
  if (uc === ITS_UC.SUCCESS) return true;
  switch (kind) {
    case 'ITS_SALE': return uc === ITS_UC.SOLD_BY_YOU || (uc === ITS_UC.ALREADY_SOLD && !!ourGln && item.gln1 === ourGln);
    case 'ITS_SALE_CANCEL': return uc === ITS_UC.IN_YOUR_STOCK;
    case 'ITS_ACCEPT': return uc === ITS_UC.IN_YOUR_STOCK || uc === '10303' || uc === '10223';
    default: return false;
  }
}

// --- the client --------------------------------------------------------------------------------

const tokens = new Map<string, string>();
const tokenKey = (companyId: number, a: ItsAccount) => `${companyId}|${a.url}|${a.username}|${createHash('sha256').update(a.password ?? '').digest('hex').slice(0, 16)}`;

/** Forgets every cached token (tests; a changed password needs nothing: the key holds its hash). */
export function forgetItsTokens(): void {
  tokens.clear();
}

async function post(url: string, body: unknown, headers: Record<string, string>, timeoutMs: number): Promise<{ status: number; json: unknown }> {
  let res: Response;
  try {
    res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json', ...headers }, body: JSON.stringify(body), signal: AbortSignal.timeout(timeoutMs) });
  } catch (e) {
    const name = (e as { name?: string })?.name;
    if (name === 'TimeoutError' || name === 'AbortError') throw new ItsError('TIMEOUT', `İTS ${timeoutMs} ms içinde yanıt vermedi.`);
    throw new ItsError('UNAVAILABLE', `İTS'ye ulaşılamıyor: ${(e as Error)?.message ?? String(e)}`);
  }
  let text = '';
  try {
    text = await res.text();
  } catch (e) {
    const name = (e as { name?: string })?.name;
    if (name === 'TimeoutError' || name === 'AbortError') throw new ItsError('TIMEOUT', `İTS ${timeoutMs} ms içinde yanıt vermedi.`);
    throw new ItsError('UNAVAILABLE', `İTS'nin yanıtı okunamadı: ${(e as Error)?.message ?? String(e)}`);
  }
  let json: unknown = null;
  try { json = text ? JSON.parse(text) : null; } catch { json = { message: text.slice(0, 300) }; }
  return { status: res.status, json };
}

const messageOf = (json: unknown) => {
  const m = (json as { message?: unknown } | null)?.message;
  return typeof m === 'string' ? m : '';
};

export function itsClient(o: { companyId: number; account: ItsAccount; timeoutMs: number }): ItsPort {
  const base = o.account.url.replace(/\/+$/, '');
  async function token(fresh: boolean): Promise<string> {
    const key = tokenKey(o.companyId, o.account);
    if (!fresh) {
      const t = tokens.get(key);
      if (t) return t;
    }
    if (!o.account.username || !o.account.password) throw new ItsError('NO_ACCOUNT', 'Şirketin İTS kullanıcı adı ve şifresi tanımlı değil: eczane ayarlarından girin.');
    const r = await post(`${base}/token/app/token`, { username: o.account.username, password: o.account.password }, {}, o.timeoutMs);
    if (r.status === 401 || r.status === 403) throw new ItsError('AUTH', `İTS kullanıcı adı veya şifresi kabul edilmedi${messageOf(r.json) ? `: ${messageOf(r.json)}` : '.'}`, r.status, r.json);
    if (r.status >= 500) throw new ItsError('UNAVAILABLE', `İTS hizmet veremiyor (HTTP ${r.status}).`, r.status, r.json);
    const t = (r.json as { token?: unknown; access_token?: unknown } | null);
    const value = typeof t?.token === 'string' ? t.token : typeof t?.access_token === 'string' ? t.access_token : null;
    if (r.status >= 400 || !value) throw new ItsError('REFUSED', `İTS token vermedi (HTTP ${r.status}).`, r.status, r.json);
    tokens.set(key, value);
    return value;
  }
  return {
    async call(target, data) {
      const path = ITS_TARGETS[target];
      let fresh = false;
      for (;;) {
        const t = await token(fresh);
        const r = await post(`${base}${path}`, data ?? {}, { authorization: `Bearer ${t}` }, o.timeoutMs);
        if (r.status === 401 && !fresh) {
          tokens.delete(tokenKey(o.companyId, o.account));
          fresh = true;
          continue;
        }
        if (r.status === 401 || r.status === 403) throw new ItsError('AUTH', 'İTS erişim izni vermedi (token geçersiz).', r.status, r.json);
        if (r.status >= 500) throw new ItsError(r.status === 504 ? 'TIMEOUT' : 'UNAVAILABLE', `İTS hizmet veremiyor (HTTP ${r.status})${messageOf(r.json) ? `: ${messageOf(r.json)}` : '.'}`, r.status, r.json);
        if (r.status >= 400) throw new ItsError('REFUSED', `İTS isteği reddetti (HTTP ${r.status})${messageOf(r.json) ? `: ${messageOf(r.json)}` : '.'}`, r.status, r.json);
        return r.json;
      }
    },
  };
}
