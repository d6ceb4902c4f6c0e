import { createHmac, timingSafeEqual } from 'node:crypto';
import Decimal from 'decimal.js';

/**
 * The terminal port: a client of Token X Connect Cloud (Beko / Token Android POS and payment
 * recorders, ../shared/research/outside-systems.md "POS / ÖKC"). The same client talks to the
 * simulator this server serves under /sandbox/pos/terminal and to the provider's URL (the live
 * adapter); only the base URL differs.
 *
 * From Token X's public documentation: POST /v1/auth/token (Basic client-id:client-secret →
 * result.accessToken), POST /v1/basket/instant (header terminal-id; basketID a UUID v4, amounts
 * in kuruş, items with taxPercent ×100 (%10 → 1000) and quantity ×1000), GET /v1/basket/{id}
 * (polling fallback), DELETE /v1/basket/{id}, the BASKET_COMPLETED webhook (status 0/1 with
 * paymentItems: success with receiptNo and zNo; -1: cancelled; 99: voided), the ClientSettings API
 * for the webhook address, void through a basket marked isVoid.
 *
 * OUR INVENTION (Token X does not publish it; replace when the provider's documents say):
 * - the ClientSettings body `{ webhookUrl }` at PUT /v1/client-settings;
 * - the void basket's fields `isVoid: true, voidBasketID`;
 * - the webhook signature: a `signature` field beside `event` and `data`, `sha256=<hex>` of an
 *   HMAC-SHA256 with the client secret over JSON.stringify({ event, data }) (Token X's own signing
 *   scheme is not public; a body field because our handlers see the body, not the headers);
 * - the BASKET_STATUS progress webhook (ON_TERMINAL, INPROGRESS) and GET /v1/basket/{id}'s
 *   `result.basketStatus` / `result.completion` fields;
 * - a decline's bank response code in `data.responseCode` (status -1 with a response code is a
 *   decline, without one a cancel on the terminal).
 */

export const TOKENX_LIVE_URL = 'https://test-api.devtokeninc.com/app-store/external';

export class TerminalUnreachable extends Error {}
export class TerminalRefused extends Error {
  constructor(message: string, readonly status: number) { super(message); }
}

export interface BasketLine { name: string; quantity: Decimal.Value; unitPrice: Decimal.Value; taxPercent: Decimal.Value }

export interface TokenXBasket {
  basketID: string;
  total: number;
  checkNumber: string;
  title: string;
  items: { name: string; price: number; sectionNo: number; taxPercent: number; quantity: number }[];
  paymentItems: { type: 'CREDIT_CARD'; amount: number; description: string }[];
  isVoid?: boolean;
  voidBasketID?: string;
}

const kurus = (v: Decimal.Value) => new Decimal(v).times(100).toDecimalPlaces(0, Decimal.ROUND_HALF_UP).toNumber();

/**
 * A basket for the terminal: the payment's lines (or one line of the whole amount), amounts in
 * kuruş, KDV ×100, quantity ×1000, paid by card in full. The line prices are what the customer
 * pays (KDV included), as an ÖKC prints them; the total is the payment's amount, and a rounding
 * difference of the lines is put on the last line so the basket adds up.
 */
export function buildBasket(o: { basketId: string; documentNo: string; title: string; total: Decimal.Value; lines: BasketLine[] }): TokenXBasket {
  const total = kurus(o.total);
  const lines = o.lines.length ? o.lines : [{ name: o.title, quantity: 1, unitPrice: o.total, taxPercent: 0 }];
  const items = lines.map((l) => ({
    name: l.name.slice(0, 50), price: kurus(l.unitPrice), sectionNo: 1,
    taxPercent: new Decimal(l.taxPercent).times(100).toDecimalPlaces(0).toNumber(),
    quantity: new Decimal(l.quantity).times(1000).toDecimalPlaces(0).toNumber(),
  }));
  const sum = items.reduce((s, i) => s + Math.round((i.price * i.quantity) / 1000), 0);
  if (sum !== total && items.length) {
    const last = items[items.length - 1]!;
    if (last.quantity === 1000) last.price += total - sum;
  }
  return { basketID: o.basketId, total, checkNumber: o.documentNo.slice(0, 20), title: o.title.slice(0, 50), items, paymentItems: [{ type: 'CREDIT_CARD', amount: total, description: 'Kredi Kartı' }] };
}

export function voidBasket(o: { basketId: string; voidOf: string; documentNo: string; total: Decimal.Value }): TokenXBasket {
  const b = buildBasket({ basketId: o.basketId, documentNo: o.documentNo, title: 'Satış iptali', total: o.total, lines: [] });
  return { ...b, isVoid: true, voidBasketID: o.voidOf };
}

/** What a terminal said about a basket, in our terms. */
export interface Completion {
  basketId: string;
  outcome: 'SUCCESS' | 'FAILED' | 'ABORTED' | 'VOIDED' | 'VOID_FAILED';
  receiptNo: string | null;
  zNo: string | null;
  responseCode: string | null;
  message: string | null;
  cardType: string | null;
  maskedPan: string | null;
}
export interface Progress { basketId: string; status: 'ON_TERMINAL' | 'INPROGRESS' }

const str = (v: unknown): string | null => (v === undefined || v === null || v === '' ? null : String(v));

/** A BASKET_COMPLETED data block (webhook or polling) → a completion. */
export function parseCompletion(data: Record<string, any>, isVoid = false): Completion {
  const status = Number(data.status);
  const pay = Array.isArray(data.paymentItems) ? (data.paymentItems[0] ?? {}) : {};
  const base = {
    basketId: String(data.basketID), receiptNo: str(data.receiptNo), zNo: str(data.zNo), responseCode: str(data.responseCode ?? pay.responseCode),
    message: str(data.message), cardType: str(pay.cardType), maskedPan: str(pay.maskedPan),
  };
  if (status === 99) return { ...base, outcome: 'VOIDED' };
  if ((status === 0 || status === 1) && Array.isArray(data.paymentItems) && data.paymentItems.length && String(data.message ?? '').toUpperCase() !== 'CANCELLED') {
    return { ...base, outcome: isVoid ? 'VOIDED' : 'SUCCESS' };
  }
  if (isVoid) return { ...base, outcome: 'VOID_FAILED' };
  return { ...base, outcome: base.responseCode ? 'FAILED' : 'ABORTED' };
}

/** A webhook body → a completion or a progress step; null when it is not about a basket. */
export function parseWebhook(body: unknown): { completion?: Completion; progress?: Progress; basketId: string } | null {
  if (!body || typeof body !== 'object') return null;
  const b = body as Record<string, any>;
  const data = b.data as Record<string, any> | undefined;
  if (!data || typeof data.basketID !== 'string') return null;
  if (b.event === 'BASKET_COMPLETED') return { basketId: data.basketID, completion: parseCompletion(data, !!data.isVoid) };
  if (b.event === 'BASKET_STATUS' && (data.status === 'ON_TERMINAL' || data.status === 'INPROGRESS')) return { basketId: data.basketID, progress: { basketId: data.basketID, status: data.status } };
  return null;
}

/** Our invention: the webhook signature (see above). */
export function signBody(secret: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}
/** A webhook body with its signature (what the simulator posts). */
export function signedWebhook(secret: string, w: { event: string; data: unknown }): string {
  return JSON.stringify({ event: w.event, data: w.data, signature: signBody(secret, JSON.stringify({ event: w.event, data: w.data })) });
}
/** Whether a webhook body carries the signature of its event and data. */
export function verifyWebhook(secret: string, body: unknown): boolean {
  if (!secret || !body || typeof body !== 'object') return false;
  const b = body as { event?: unknown; data?: unknown; signature?: unknown };
  return typeof b.signature === 'string' && verifySignature(secret, JSON.stringify({ event: b.event, data: b.data }), b.signature);
}
export function verifySignature(secret: string, body: string, header: string | undefined | null): boolean {
  if (!header) return false;
  const want = Buffer.from(signBody(secret, body));
  const got = Buffer.from(header);
  return want.length === got.length && timingSafeEqual(want, got);
}

export interface TokenXCredentials { baseUrl: string; clientId: string; clientSecret: string; terminalId: string; timeoutMs: number }

export interface BasketState { basketStatus: 'WAITING' | 'ON_TERMINAL' | 'INPROGRESS' | 'COMPLETED' | 'NOT_FOUND'; completion: Completion | null }

const tokens = new Map<string, { token: string; until: number }>();
const webhooks = new Map<string, string>();

/** The Token X client (live and sandbox). */
export class TokenXClient {
  constructor(private readonly c: TokenXCredentials, private readonly fetcher: typeof fetch = fetch) {}

  private async call(method: string, path: string, opts: { body?: unknown; auth?: string; terminal?: boolean } = {}): Promise<any> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (opts.body !== undefined) headers['content-type'] = 'application/json';
    if (opts.auth) headers.authorization = opts.auth;
    if (opts.terminal) headers['terminal-id'] = this.c.terminalId;
    let res: Response;
    try {
      res = await this.fetcher(`${this.c.baseUrl.replace(/\/+$/, '')}${path}`, {
        method, headers, body: opts.body === undefined ? undefined : JSON.stringify(opts.body), signal: AbortSignal.timeout(this.c.timeoutMs),
      });
    } catch (e) {
      throw new TerminalUnreachable(`POS sağlayıcısına ulaşılamadı: ${(e as Error).name === 'TimeoutError' ? 'zaman aşımı' : (e as Error).message}`);
    }
    const text = await res.text();
    let json: any = null;
    try { json = text ? JSON.parse(text) : null; } catch { json = null; }
    if (res.status >= 500 || res.status === 429) throw new TerminalUnreachable(`POS sağlayıcısı yanıt vermedi (HTTP ${res.status}).`);
    if (res.status >= 400) throw new TerminalRefused(`POS sağlayıcısı isteği reddetti (HTTP ${res.status}${json?.description ? `: ${json.description}` : ''}).`, res.status);
    if (json && typeof json.status === 'number' && json.status !== 0 && !path.startsWith('/v1/auth')) {
      throw new TerminalRefused(`POS sağlayıcısı isteği reddetti: ${json.description ?? json.status}.`, 400);
    }
    return json;
  }

  async token(): Promise<string> {
    const key = `${this.c.baseUrl}|${this.c.clientId}`;
    const known = tokens.get(key);
    if (known && known.until > Date.now()) return known.token;
    const basic = Buffer.from(`${this.c.clientId}:${this.c.clientSecret}`).toString('base64');
    const r = await this.call('POST', '/v1/auth/token', { auth: `Basic ${basic}`, body: {} });
    const token = r?.result?.accessToken;
    if (typeof token !== 'string') throw new TerminalRefused('POS sağlayıcısı oturum anahtarı vermedi.', 401);
    tokens.set(key, { token, until: Date.now() + Math.max(60, Number(r.result.expiresIn ?? 3600) - 60) * 1000 });
    return token;
  }

  private async authed<T>(fn: (auth: string) => Promise<T>): Promise<T> {
    try {
      return await fn(`Bearer ${await this.token()}`);
    } catch (e) {
      if (e instanceof TerminalRefused && e.status === 401) {
        tokens.delete(`${this.c.baseUrl}|${this.c.clientId}`);
        return fn(`Bearer ${await this.token()}`);
      }
      throw e;
    }
  }

  /** Tells the provider where to send BASKET_COMPLETED (once per client and address). */
  async ensureWebhook(url: string): Promise<void> {
    const key = `${this.c.baseUrl}|${this.c.clientId}`;
    if (webhooks.get(key) === url) return;
    await this.authed((auth) => this.call('PUT', '/v1/client-settings', { auth, body: { webhookUrl: url } }));
    webhooks.set(key, url);
  }

  async sendBasket(basket: TokenXBasket): Promise<void> {
    await this.authed((auth) => this.call('POST', '/v1/basket/instant', { auth, terminal: true, body: basket }));
  }

  async getBasket(basketId: string, isVoid = false): Promise<BasketState> {
    try {
      const r = await this.authed((auth) => this.call('GET', `/v1/basket/${encodeURIComponent(basketId)}`, { auth, terminal: true }));
      const res = r?.result ?? {};
      const st = String(res.basketStatus ?? 'WAITING') as BasketState['basketStatus'];
      return { basketStatus: st, completion: st === 'COMPLETED' && res.completion ? parseCompletion(res.completion, isVoid) : null };
    } catch (e) {
      if (e instanceof TerminalRefused && e.status === 404) return { basketStatus: 'NOT_FOUND', completion: null };
      throw e;
    }
  }

  async deleteBasket(basketId: string): Promise<void> {
    await this.authed((auth) => this.call('DELETE', `/v1/basket/${encodeURIComponent(basketId)}`, { auth, terminal: true }));
  }
}
