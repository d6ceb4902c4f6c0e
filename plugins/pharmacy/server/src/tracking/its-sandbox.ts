import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ITS_UC, itsUcMessage, ITS_UC_MESSAGES } from '@tezgah/pharmacy-common';

/**
 * The İTS simulator, served under /sandbox/pharmacy/its (no token of ours needed, but for the
 * control routes: a signed-in management user, as every sandbox's). It follows
 * İTS's current REST API as public client code shows it (../shared/research/outside-systems.md
 * "ITS notes"): POST /token/app/token {username, password} → {token}; Bearer auth on the rest;
 * /prescription/app/pharmacysale and /pharmacysalecancel {dt, fr, to, document, productList},
 * /common/app/accept {productList}, /reference/app/check_status {productList} →
 * {responseObjectList: [{gln1, gln2, gtin, sn, uc}]}, /reference/app/verification,
 * /reference/app/errorcode; per-product 5-digit result codes `uc`.
 *
 * OUR INVENTION (public sources do not show it): the reply shapes of pharmacysale,
 * pharmacysalecancel, accept and verification ({productList: [{gtin, sn, uc}]}), of errorcode
 * ({errorCodeList: [{code, message}]}), the meaning we give gln1 (who holds or sold the box) and
 * gln2 (who it came from), and when 11027 is answered (a prescription registration number a
 * different pharmacy already reported a sale under).
 *
 * The world is kept in memory, one per mounted server (never in the database: the adapter calls
 * this from inside a request's transaction, and embedded PGlite has one connection). Each box
 * (gtin + sn) has an owner GLN and a state; a box it does not know is treated as dispatched to
 * the pharmacy calling by a wholesaler (so a sale of a synthetic box works).
 *
 * Switches, PUT /control: `down` (503 at once: unreachable), `slowMs` (answer late),
 * `storeThenTimeout` (the next N notifications are stored, then no answer until `hangMs`: the
 * caller times out not knowing it arrived), `tokenFails` (token refused with 401),
 * `noObjectList` (check_status answers without its object list), `boxes` ([{gtin, sn, owner?,
 * state?}] placing a box: in another pharmacy's stock, not dispatched to anyone, sold ...),
 * `reset`. GET /control, /control/notifications (every sale/cancel/accept stored, per box),
 * /control/boxes.
 */

export const SANDBOX_WHOLESALER_GLN = '8680000000018';
export const SANDBOX_OTHER_PHARMACY_GLN = '8680000000025';

type BoxState = 'IN_STOCK' | 'SOLD' | 'NOT_DISPATCHED' | 'DEACTIVATED';
interface SimBox { gtin: string; sn: string; bn: string | null; xd: string | null; owner: string; state: BoxState; from: string; soldBy?: string; rkn?: string | null }
export interface SimNotification { id: string; kind: 'SALE' | 'CANCEL' | 'ACCEPT'; gln: string; gtin: string; sn: string; uc: string; at: string; document: Record<string, unknown> | null }
interface Switches { down: boolean; slowMs: number; storeThenTimeout: number; hangMs: number; tokenFails: boolean; noObjectList: boolean }
const DEFAULTS: Switches = { down: false, slowMs: 0, storeThenTimeout: 0, hangMs: 5000, tokenFails: false, noObjectList: false };

export interface ItsWorld {
  switches: Switches;
  tokens: Map<string, { username: string; gln: string }>;
  boxes: Map<string, SimBox>;
  notifications: SimNotification[];
  /** Prescription registration number (rkn) → the GLN that reported a sale under it. */
  prescriptions: Map<string, string>;
}

export function newItsWorld(): ItsWorld {
  return { switches: { ...DEFAULTS }, tokens: new Map(), boxes: new Map(), notifications: [], prescriptions: new Map() };
}

const keyOf = (gtin: string, sn: string) => `${gtin}|${sn}`;
interface Product { gtin?: unknown; sn?: unknown; bn?: unknown; xd?: unknown }
const str = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

function boxOf(w: ItsWorld, p: Product, caller: string): SimBox {
  const gtin = str(p.gtin);
  const sn = str(p.sn);
  let b = w.boxes.get(keyOf(gtin, sn));
  if (!b) {
    b = { gtin, sn, bn: str(p.bn) || null, xd: str(p.xd) || null, owner: caller, state: 'IN_STOCK', from: SANDBOX_WHOLESALER_GLN };
    w.boxes.set(keyOf(gtin, sn), b);
  }
  return b;
}

function productProblem(p: Product): string | null {
  if (!/^[0-9]{14}$/.test(str(p.gtin))) return '11037';
  if (!/^[A-Za-z0-9]{1,20}$/.test(str(p.sn))) return '11032';
  if (p.xd !== undefined && p.xd !== null && p.xd !== '' && !/^\d{4}-\d{2}-\d{2}$/.test(str(p.xd))) return '11035';
  return null;
}

const delay = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function mountItsSandbox(app: FastifyInstance, w: ItsWorld = newItsWorld()): ItsWorld {
  /** Down, slow: applied to every İTS call (not to /control). */
  async function gate(reply: FastifyReply): Promise<boolean> {
    if (w.switches.down) {
      await reply.code(503).send({ message: 'İTS hizmet veremiyor (sandbox: down)' });
      return false;
    }
    if (w.switches.slowMs > 0) await delay(w.switches.slowMs);
    return true;
  }
  function caller(request: FastifyRequest): { username: string; gln: string } | null {
    const h = request.headers.authorization ?? '';
    const m = /^Bearer\s+(.+)$/i.exec(h);
    return m ? (w.tokens.get(m[1]!.trim()) ?? null) : null;
  }
  async function unauthorized(reply: FastifyReply) {
    await reply.code(401).send({ message: 'Yetkisiz erişim: geçersiz veya süresi dolmuş token.' });
  }
  /** After a notification was stored: answer, or (storeThenTimeout) hang so the caller times out. */
  async function answer(reply: FastifyReply, body: unknown) {
    if (w.switches.storeThenTimeout > 0) {
      w.switches.storeThenTimeout -= 1;
      await delay(w.switches.hangMs);
      return reply.code(504).send({ message: 'Zaman aşımı (sandbox: storeThenTimeout)' });
    }
    return reply.send(body);
  }
  const products = (body: unknown): Product[] | null => {
    const list = (body as { productList?: unknown } | null)?.productList;
    return Array.isArray(list) && list.length ? (list as Product[]) : null;
  };

  app.post('/token/app/token', async (request, reply) => {
    if (!(await gate(reply))) return;
    const b = (request.body ?? {}) as { username?: unknown; password?: unknown };
    const username = str(b.username);
    if (w.switches.tokenFails || !username || !str(b.password)) return reply.code(401).send({ message: 'Kullanıcı adı veya şifre hatalı.' });
    if (!/^[0-9]{13}/.test(username)) return reply.code(401).send({ message: itsUcMessage('11039'), uc: '11039' });
    const token = randomUUID();
    w.tokens.set(token, { username, gln: username.slice(0, 13) });
    return { token };
  });

  app.post('/prescription/app/pharmacysale', async (request, reply) => {
    if (!(await gate(reply))) return;
    const who = caller(request);
    if (!who) return unauthorized(reply);
    const b = (request.body ?? {}) as { dt?: unknown; fr?: unknown; to?: unknown; document?: Record<string, unknown>; productList?: unknown };
    const list = products(b);
    if (!list) return reply.code(400).send({ message: itsUcMessage('11040'), uc: '11040' });
    if (b.dt !== undefined && b.dt !== 'S') return reply.code(400).send({ message: itsUcMessage('11021'), uc: '11021' });
    const rkn = str(b.document?.rkn) || null;
    const registeredBy = rkn ? w.prescriptions.get(rkn) : undefined;
    const out = list.map((p) => {
      const bad = productProblem(p);
      if (bad) return { gtin: str(p.gtin), sn: str(p.sn), uc: bad };
      if (registeredBy && registeredBy !== who.gln) return { gtin: str(p.gtin), sn: str(p.sn), uc: ITS_UC.PRESCRIPTION_REGISTERED };
      const box = boxOf(w, p, who.gln);
      let uc: string = ITS_UC.SUCCESS;
      if (box.state === 'SOLD') uc = ITS_UC.ALREADY_SOLD;
      else if (box.state === 'NOT_DISPATCHED') uc = ITS_UC.NOT_IN_YOUR_STOCK;
      else if (box.state === 'DEACTIVATED') uc = '10205';
      else if (box.owner !== who.gln) uc = ITS_UC.IN_ANOTHER_PHARMACY;
      else {
        box.state = 'SOLD';
        box.soldBy = who.gln;
        box.rkn = rkn;
        w.notifications.push({ id: randomUUID(), kind: 'SALE', gln: who.gln, gtin: box.gtin, sn: box.sn, uc, at: new Date().toISOString(), document: b.document ?? null });
      }
      return { gtin: box.gtin, sn: box.sn, uc, gln1: box.soldBy ?? box.owner, gln2: box.from };
    });
    if (rkn && out.some((o) => o.uc === ITS_UC.SUCCESS)) w.prescriptions.set(rkn, who.gln);
    return answer(reply, { productList: out });
  });

  app.post('/prescription/app/pharmacysalecancel', async (request, reply) => {
    if (!(await gate(reply))) return;
    const who = caller(request);
    if (!who) return unauthorized(reply);
    const b = (request.body ?? {}) as { dt?: unknown; document?: Record<string, unknown>; productList?: unknown };
    const list = products(b);
    if (!list) return reply.code(400).send({ message: itsUcMessage('11040'), uc: '11040' });
    if (b.dt !== undefined && b.dt !== 'C') return reply.code(400).send({ message: itsUcMessage('11021'), uc: '11021' });
    const out = list.map((p) => {
      const bad = productProblem(p);
      if (bad) return { gtin: str(p.gtin), sn: str(p.sn), uc: bad };
      const box = w.boxes.get(keyOf(str(p.gtin), str(p.sn)));
      let uc: string;
      if (!box) uc = ITS_UC.NOT_SOLD_BY_YOU;
      else if (box.state === 'SOLD' && box.soldBy === who.gln) {
        box.state = 'IN_STOCK';
        box.owner = who.gln;
        delete box.soldBy;
        uc = ITS_UC.SUCCESS;
        w.notifications.push({ id: randomUUID(), kind: 'CANCEL', gln: who.gln, gtin: box.gtin, sn: box.sn, uc, at: new Date().toISOString(), document: b.document ?? null });
      } else if (box.state === 'IN_STOCK' && box.owner === who.gln) uc = ITS_UC.IN_YOUR_STOCK;
      else uc = ITS_UC.NOT_SOLD_BY_YOU;
      return { gtin: str(p.gtin), sn: str(p.sn), uc };
    });
    return answer(reply, { productList: out });
  });

  app.post('/common/app/accept', async (request, reply) => {
    if (!(await gate(reply))) return;
    const who = caller(request);
    if (!who) return unauthorized(reply);
    const list = products(request.body);
    if (!list) return reply.code(400).send({ message: itsUcMessage('11040'), uc: '11040' });
    const out = list.map((p) => {
      const bad = productProblem(p);
      if (bad) return { gtin: str(p.gtin), sn: str(p.sn), uc: bad };
      const known = w.boxes.get(keyOf(str(p.gtin), str(p.sn)));
      const box = boxOf(w, p, who.gln);
      let uc: string = ITS_UC.SUCCESS;
      if (box.state === 'SOLD') uc = ITS_UC.ALREADY_SOLD;
      else if (box.owner !== who.gln) uc = '10305';
      else if (known && box.state === 'IN_STOCK' && w.notifications.some((n) => n.kind === 'ACCEPT' && n.gtin === box.gtin && n.sn === box.sn && n.gln === who.gln)) uc = ITS_UC.IN_YOUR_STOCK;
      else {
        box.state = 'IN_STOCK';
        w.notifications.push({ id: randomUUID(), kind: 'ACCEPT', gln: who.gln, gtin: box.gtin, sn: box.sn, uc, at: new Date().toISOString(), document: null });
      }
      return { gtin: box.gtin, sn: box.sn, uc };
    });
    return answer(reply, { productList: out });
  });

  app.post('/reference/app/check_status', async (request, reply) => {
    if (!(await gate(reply))) return;
    const who = caller(request);
    if (!who) return unauthorized(reply);
    if (w.switches.noObjectList) return reply.send({});
    const list = products(request.body);
    if (!list) return reply.code(400).send({ message: itsUcMessage('11040'), uc: '11040' });
    const responseObjectList = list.map((p) => {
      const bad = productProblem(p);
      if (bad) return { gtin: str(p.gtin), sn: str(p.sn), uc: bad, gln1: null, gln2: null };
      const box = boxOf(w, p, who.gln);
      let uc: string;
      if (box.state === 'SOLD') uc = box.soldBy === who.gln ? ITS_UC.SOLD_BY_YOU : ITS_UC.ALREADY_SOLD;
      else if (box.state === 'NOT_DISPATCHED') uc = ITS_UC.NOT_IN_YOUR_STOCK;
      else if (box.state === 'DEACTIVATED') uc = '10205';
      else if (box.owner === who.gln) uc = ITS_UC.IN_YOUR_STOCK;
      else uc = ITS_UC.IN_ANOTHER_PHARMACY;
      return { gln1: box.soldBy ?? box.owner, gln2: box.from, gtin: box.gtin, sn: box.sn, uc };
    });
    return reply.send({ responseObjectList });
  });

  app.post('/reference/app/verification', async (request, reply) => {
    if (!(await gate(reply))) return;
    const who = caller(request);
    if (!who) return unauthorized(reply);
    const list = products(request.body);
    if (!list) return reply.code(400).send({ message: itsUcMessage('11040'), uc: '11040' });
    const out = list.map((p) => {
      const bad = productProblem(p);
      const box = bad ? null : w.boxes.get(keyOf(str(p.gtin), str(p.sn)));
      const uc = bad ?? (box?.state === 'DEACTIVATED' ? '10205' : box && box.xd && p.xd && box.xd !== str(p.xd) ? '10203' : ITS_UC.SUCCESS);
      return { gtin: str(p.gtin), sn: str(p.sn), uc };
    });
    return reply.send({ productList: out });
  });

  app.post('/reference/app/errorcode', async (request, reply) => {
    if (!(await gate(reply))) return;
    if (!caller(request)) return unauthorized(reply);
    return reply.send({ errorCodeList: Object.entries(ITS_UC_MESSAGES).map(([code, message]) => ({ code, message })) });
  });

  // --- control --------------------------------------------------------------------------------
  app.get('/control', async () => ({ ...w.switches, boxes: w.boxes.size, notifications: w.notifications.length }));
  app.put('/control', async (request) => {
    const b = (request.body ?? {}) as Partial<Switches> & { reset?: boolean; boxes?: { gtin: string; sn: string; owner?: string; state?: BoxState; soldBy?: string }[] };
    if (b.reset) {
      w.switches = { ...DEFAULTS };
      w.boxes.clear();
      w.notifications.length = 0;
      w.prescriptions.clear();
      w.tokens.clear();
    }
    for (const k of Object.keys(DEFAULTS) as (keyof Switches)[]) {
      if (b[k] !== undefined) (w.switches as unknown as Record<string, unknown>)[k] = typeof DEFAULTS[k] === 'number' ? Math.max(0, Number(b[k]) || 0) : Boolean(b[k]);
    }
    // A refused login also ends the sessions already given (the caller must ask for a token again).
    if (b.tokenFails) w.tokens.clear();
    for (const x of b.boxes ?? []) {
      const box = boxOf(w, x, x.owner ?? SANDBOX_OTHER_PHARMACY_GLN);
      if (x.owner) box.owner = x.owner;
      if (x.state) box.state = x.state;
      if (x.soldBy) box.soldBy = x.soldBy;
    }
    return { ...w.switches };
  });
  app.get('/control/notifications', async (request) => {
    const q = (request.query ?? {}) as { gtin?: string; sn?: string; kind?: string };
    return w.notifications.filter((n) => (!q.gtin || n.gtin === q.gtin) && (!q.sn || n.sn === q.sn) && (!q.kind || n.kind === q.kind));
  });
  app.get('/control/boxes', async () => [...w.boxes.values()]);
  return w;
}

