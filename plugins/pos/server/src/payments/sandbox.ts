import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Services } from '@tezgah/server';
import { signedWebhook, type TokenXBasket } from './tokenx';

/**
 * The terminal simulator: a Token X Connect Cloud look-alike served under
 * /sandbox/pos/terminal (no token of ours needed, but for the control routes: a signed-in
 * management user, as every sandbox's). Its world is in memory, one per server (never the
 * database: the adapter calls it from inside a request's transaction). A basket sent to a
 * terminal is shown (ON_TERMINAL), read (INPROGRESS) and completed after `stepMs` each
 * (default 300 ms), and BASKET_COMPLETED is posted to the webhook address the client set.
 *
 * Switches (PUT /sandbox/pos/terminal/control, merged; `reset: true` first restores the defaults):
 * - down: every call answers 503 at once (the adapter treats it as unreachable);
 * - slowMs: every answer waits this long (a timeout when above the adapter's);
 * - error: an HTTP status every call answers with (e.g. 401, 500);
 * - decline: the bank declines (status -1 with responseCode 51; a void is refused);
 * - abort: the person cancels on the terminal (status -1, message CANCELLED);
 * - timeout: the terminal completes the basket but no webhook arrives (polling finds it);
 * - loseConnection: the terminal drops off after showing the basket (no progress, no result);
 * - duplicateCallback: the result is posted twice;
 * - stepMs: the delay of each step.
 * Inspection: GET .../control (switches), GET .../control/baskets, GET .../control/baskets/{id};
 * POST .../control/baskets/{id}/callback re-posts a completed basket's result (a late or
 * repeated webhook), POST .../control/baskets/{id}/complete {outcome} finishes a basket the
 * terminal lost (SUCCESS | DECLINE | ABORT).
 * OUR INVENTION beyond Token X's public documents: see tokenx.ts (client settings body, void
 * fields, signature, progress webhook, basketStatus).
 */

export interface Switches { down: boolean; slowMs: number; error: number | null; decline: boolean; abort: boolean; timeout: boolean; loseConnection: boolean; duplicateCallback: boolean; stepMs: number }
const DEFAULTS: Switches = { down: false, slowMs: 0, error: null, decline: false, abort: false, timeout: false, loseConnection: false, duplicateCallback: false, stepMs: 300 };

interface SimBasket {
  basket: TokenXBasket; terminalId: string; clientId: string;
  basketStatus: 'ON_TERMINAL' | 'INPROGRESS' | 'COMPLETED';
  completion: Record<string, unknown> | null; callbacks: number; receivedAt: string;
}
interface Client { secret: string; webhookUrl: string | null }
interface World { switches: Switches; baskets: Map<string, SimBasket>; clients: Map<string, Client>; tokens: Map<string, string>; z: number; receipt: number }

const worlds = new WeakMap<object, World>();
export function terminalWorld(services: Pick<Services, 'config'>): World {
  let w = worlds.get(services.config);
  if (!w) { w = { switches: { ...DEFAULTS }, baskets: new Map(), clients: new Map(), tokens: new Map(), z: 41, receipt: 1200 }; worlds.set(services.config, w); }
  return w;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function post(w: World, b: SimBasket) {
  const c = w.clients.get(b.clientId);
  if (!c?.webhookUrl || !b.completion) return;
  const body = signedWebhook(c.secret, { event: 'BASKET_COMPLETED', data: b.completion });
  b.callbacks++;
  try {
    await fetch(c.webhookUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body, signal: AbortSignal.timeout(10_000) });
  } catch { /* the receiver is down: Token X would retry; the polling job finds it */ }
}

async function progress(w: World, b: SimBasket, status: 'ON_TERMINAL' | 'INPROGRESS') {
  const c = w.clients.get(b.clientId);
  if (!c?.webhookUrl) return;
  const body = signedWebhook(c.secret, { event: 'BASKET_STATUS', data: { basketID: b.basket.basketID, status } });
  try {
    await fetch(c.webhookUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body, signal: AbortSignal.timeout(10_000) });
  } catch { /* ignored */ }
}

function complete(w: World, b: SimBasket, outcome: 'SUCCESS' | 'DECLINE' | 'ABORT') {
  const isVoid = !!b.basket.isVoid;
  const base = { basketID: b.basket.basketID, isVoid, voidBasketID: b.basket.voidBasketID ?? null };
  if (outcome === 'SUCCESS') {
    b.completion = isVoid
      ? { ...base, status: 99, receiptNo: String(++w.receipt), zNo: String(w.z), message: 'VOIDED', paymentItems: b.basket.paymentItems }
      : { ...base, status: 0, receiptNo: String(++w.receipt), zNo: String(w.z), message: 'OK',
        paymentItems: [{ type: 'CREDIT_CARD', amount: b.basket.total, cardType: 'CREDIT', maskedPan: '454360******' + String(1000 + (w.receipt % 9000)), responseCode: '00' }] };
  } else if (outcome === 'DECLINE') {
    b.completion = { ...base, status: -1, message: isVoid ? 'VOID_REJECTED' : 'Yetersiz bakiye', responseCode: '51', paymentItems: [] };
  } else {
    b.completion = { ...base, status: -1, message: 'CANCELLED', paymentItems: [] };
  }
  b.basketStatus = 'COMPLETED';
}

async function walk(w: World, b: SimBasket) {
  const s = { ...w.switches };
  await sleep(s.stepMs);
  if (s.loseConnection) return;
  b.basketStatus = 'INPROGRESS';
  if (!s.timeout) await progress(w, b, 'INPROGRESS');
  await sleep(s.stepMs);
  if (!w.baskets.has(b.basket.basketID)) return;
  complete(w, b, s.decline ? 'DECLINE' : s.abort ? 'ABORT' : 'SUCCESS');
  if (s.timeout) return;
  await post(w, b);
  if (s.duplicateCallback) { await sleep(50); await post(w, b); }
}

export function terminalSandbox(app: FastifyInstance, services: Services) {
  // The kernel mounts this under /sandbox/pos.
  const base = '/terminal';
  const w = () => terminalWorld(services);
  const gate = async (reply: any): Promise<boolean> => {
    const s = w().switches;
    if (s.slowMs) await sleep(s.slowMs);
    if (s.down) { reply.code(503).send({ status: -1, description: 'Service unavailable' }); return false; }
    if (s.error) { reply.code(s.error).send({ status: -1, description: `Simulated error ${s.error}` }); return false; }
    return true;
  };
  const clientOf = (req: any, reply: any): string | null => {
    const h = String(req.headers.authorization ?? '');
    const m = /^Bearer (.+)$/.exec(h);
    const c = m ? w().tokens.get(m[1]!) : undefined;
    if (!c) { reply.code(401).send({ status: -1, description: 'Unauthorized' }); return null; }
    return c;
  };

  app.post(`${base}/v1/auth/token`, async (req, reply) => {
    if (!(await gate(reply))) return reply;
    const m = /^Basic (.+)$/.exec(String(req.headers.authorization ?? ''));
    const [id, secret] = m ? Buffer.from(m[1]!, 'base64').toString().split(':') : [];
    if (!id || !secret) return reply.code(401).send({ status: -1, description: 'Invalid client credentials' });
    const known = w().clients.get(id);
    if (known && known.secret !== secret) return reply.code(401).send({ status: -1, description: 'Invalid client credentials' });
    if (!known) w().clients.set(id, { secret, webhookUrl: null });
    const token = randomBytes(16).toString('hex');
    w().tokens.set(token, id);
    return reply.code(201).send({ status: 0, result: { accessToken: token, expiresIn: 86400 } });
  });
  app.put(`${base}/v1/client-settings`, async (req, reply) => {
    if (!(await gate(reply))) return reply;
    const c = clientOf(req, reply);
    if (!c) return reply;
    w().clients.get(c)!.webhookUrl = String((req.body as any)?.webhookUrl ?? '') || null;
    return { status: 0, description: 'OK' };
  });
  app.post(`${base}/v1/basket/instant`, async (req, reply) => {
    if (!(await gate(reply))) return reply;
    const c = clientOf(req, reply);
    if (!c) return reply;
    const terminalId = String(req.headers['terminal-id'] ?? '');
    const basket = req.body as TokenXBasket;
    if (!terminalId) return reply.code(400).send({ status: -1, description: 'terminal-id header is required' });
    if (!basket?.basketID || !/^[0-9a-f-]{36}$/i.test(basket.basketID) || !Number.isInteger(basket.total) || basket.total <= 0) return reply.code(400).send({ status: -1, description: 'Invalid basket' });
    if (w().baskets.has(basket.basketID)) return reply.code(409).send({ status: -1, description: 'Basket exists' });
    if (basket.isVoid) {
      const orig = basket.voidBasketID ? w().baskets.get(basket.voidBasketID) : undefined;
      if (!orig || orig.basketStatus !== 'COMPLETED') return reply.code(400).send({ status: -1, description: 'Nothing to void' });
    }
    const b: SimBasket = { basket, terminalId, clientId: c, basketStatus: 'ON_TERMINAL', completion: null, callbacks: 0, receivedAt: new Date().toISOString() };
    w().baskets.set(basket.basketID, b);
    void walk(w(), b);
    return { status: 0, description: 'Basket sent to terminal' };
  });
  app.get(`${base}/v1/basket/:id`, async (req, reply) => {
    if (!(await gate(reply))) return reply;
    if (!clientOf(req, reply)) return reply;
    const b = w().baskets.get((req.params as any).id);
    if (!b) return reply.code(404).send({ status: -1, description: 'Basket not found' });
    return { status: 0, result: { basketID: b.basket.basketID, basketStatus: b.basketStatus, completion: b.completion } };
  });
  app.delete(`${base}/v1/basket/:id`, async (req, reply) => {
    if (!(await gate(reply))) return reply;
    if (!clientOf(req, reply)) return reply;
    const b = w().baskets.get((req.params as any).id);
    if (!b) return reply.code(404).send({ status: -1, description: 'Basket not found' });
    if (b.basketStatus !== 'ON_TERMINAL') return reply.code(409).send({ status: -1, description: 'Basket is being paid' });
    w().baskets.delete(b.basket.basketID);
    return { status: 0, description: 'Basket deleted' };
  });

  // Control and inspection (tests, the demo).
  app.get(`${base}/control`, async () => w().switches);
  app.put(`${base}/control`, async (req) => {
    const body = (req.body ?? {}) as Partial<Switches> & { reset?: boolean };
    if (body.reset) w().switches = { ...DEFAULTS };
    for (const k of Object.keys(DEFAULTS) as (keyof Switches)[]) if (k in body) (w().switches as any)[k] = (body as any)[k];
    return w().switches;
  });
  app.get(`${base}/control/baskets`, async () => [...w().baskets.values()].map((b) => ({ basketID: b.basket.basketID, terminalId: b.terminalId, basketStatus: b.basketStatus, callbacks: b.callbacks, basket: b.basket, completion: b.completion })));
  app.get(`${base}/control/baskets/:id`, async (req, reply) => {
    const b = w().baskets.get((req.params as any).id);
    if (!b) return reply.code(404).send({ description: 'Basket not found' });
    return { basketID: b.basket.basketID, terminalId: b.terminalId, basketStatus: b.basketStatus, callbacks: b.callbacks, basket: b.basket, completion: b.completion };
  });
  app.post(`${base}/control/baskets/:id/callback`, async (req, reply) => {
    const b = w().baskets.get((req.params as any).id);
    if (!b?.completion) return reply.code(404).send({ description: 'No completed basket' });
    await post(w(), b);
    return { callbacks: b.callbacks };
  });
  app.post(`${base}/control/baskets/:id/complete`, async (req, reply) => {
    const b = w().baskets.get((req.params as any).id);
    if (!b) return reply.code(404).send({ description: 'Basket not found' });
    const outcome = String((req.body as any)?.outcome ?? 'SUCCESS') as 'SUCCESS' | 'DECLINE' | 'ABORT';
    complete(w(), b, outcome);
    return { basketStatus: b.basketStatus, completion: b.completion };
  });
}
