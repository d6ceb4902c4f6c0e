import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { UTS_TARGETS, type UtsTarget } from '@tezgah/pharmacy-common';

/**
 * ÜTS (Ürün Takip Sistemi, medical devices): the port, its client and the simulator served under
 * /sandbox/pharmacy/uts. ÜTS's REST shape as public client code shows it
 * (../shared/research/outside-systems.md "UTS notes"): JSON POSTs with the header
 * `utsToken: <token>`; replies {SNC, MSJ: [{MET, KOD, TIP, MPA}]}; a notification's SNC is its
 * id (a UUID), 'UTS-B027'-like codes with TIP 'BILGI' on success.
 *
 * OUR INVENTION: the simulator's product catalogue and its error codes ('UTS-H001' no token,
 * 'UTS-H002' unknown product, 'UTS-H003' already handed over to a consumer), and the reply of the
 * single-product query ({SNC: {UNO, LNO, SNO, URUN_ADI, DURUM}}).
 */

export type UtsErrorKind = 'UNAVAILABLE' | 'TIMEOUT' | 'AUTH' | 'NO_ACCOUNT' | 'REFUSED';
export class UtsError extends Error {
  readonly kind: UtsErrorKind;
  readonly body: unknown;
  constructor(kind: UtsErrorKind, message: string, body: unknown = null) {
    super(message);
    this.kind = kind;
    this.body = body;
  }
  get retryable(): boolean {
    return this.kind === 'UNAVAILABLE' || this.kind === 'TIMEOUT';
  }
}

export interface UtsMessage { MET: string; KOD: string; TIP: string; MPA?: unknown[] }
export interface UtsReply { SNC: unknown; MSJ: UtsMessage[] }
export interface UtsPort { call(target: UtsTarget, values: Record<string, unknown>): Promise<UtsReply> }

/** A hand-over a retry finds already made (we send each at most once per outbox row): delivered. */
export const UTS_ALREADY_HANDED_OVER = 'UTS-H003';

export function utsClient(o: { account: { token: string | null; url: string }; timeoutMs: number }): UtsPort {
  const base = o.account.url.replace(/\/+$/, '');
  return {
    async call(target, values) {
      if (!o.account.token) throw new UtsError('NO_ACCOUNT', 'Şirketin ÜTS token\'ı tanımlı değil: eczane ayarlarından girin.');
      let res: Response;
      let text: string;
      try {
        res = await fetch(`${base}${UTS_TARGETS[target]}`, {
          method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json', utsToken: o.account.token },
          body: JSON.stringify(values ?? {}), signal: AbortSignal.timeout(o.timeoutMs),
        });
        text = await res.text();
      } catch (e) {
        const name = (e as { name?: string })?.name;
        if (name === 'TimeoutError' || name === 'AbortError') throw new UtsError('TIMEOUT', `ÜTS ${o.timeoutMs} ms içinde yanıt vermedi.`);
        throw new UtsError('UNAVAILABLE', `ÜTS'ye ulaşılamıyor: ${(e as Error)?.message ?? String(e)}`);
      }
      let json: any = null;
      try { json = text ? JSON.parse(text) : null; } catch { json = null; }
      const first = Array.isArray(json?.MSJ) ? (json.MSJ[0] as UtsMessage | undefined) : undefined;
      if (res.status === 401 || res.status === 403) throw new UtsError('AUTH', `ÜTS token'ı kabul edilmedi${first?.MET ? `: ${first.MET}` : '.'}`, json);
      if (res.status >= 500) throw new UtsError(res.status === 504 ? 'TIMEOUT' : 'UNAVAILABLE', `ÜTS hizmet veremiyor (HTTP ${res.status}).`, json);
      if (res.status >= 400) throw new UtsError('REFUSED', first?.MET ?? `ÜTS isteği reddetti (HTTP ${res.status}).`, json);
      return { SNC: json?.SNC ?? null, MSJ: Array.isArray(json?.MSJ) ? json.MSJ : [] };
    },
  };
}

// --- the simulator ------------------------------------------------------------------------------

interface Switches { down: boolean; slowMs: number; storeThenTimeout: number; hangMs: number }
const DEFAULTS: Switches = { down: false, slowMs: 0, storeThenTimeout: 0, hangMs: 5000 };
export interface UtsSimNotification { id: string; kind: 'ALMA' | 'TUKETICIYE_VERME'; token: string; UNO: string; LNO: string | null; SNO: string | null; ADT: number; values: Record<string, unknown>; at: string }
export interface UtsWorld { switches: Switches; notifications: UtsSimNotification[]; handedOver: Set<string> }

/** Synthetic medical devices the simulator knows (UNO = the product number, a GTIN). */
export const UTS_SANDBOX_PRODUCTS: Record<string, string> = {
  '08680000100017': 'Steril enjektör 5 ml (sentetik)',
  '08680000100024': 'Kan şekeri ölçüm çubuğu 50 adet (sentetik)',
  '08680000100031': 'İnsülin kalem iğnesi 4 mm (sentetik)',
};

const delay = (ms: number) => new Promise((r) => setTimeout(r, ms));
const s = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

export function mountUtsSandbox(app: FastifyInstance): UtsWorld {
  const w: UtsWorld = { switches: { ...DEFAULTS }, notifications: [], handedOver: new Set() };
  const msg = (MET: string, KOD: string, TIP: 'BILGI' | 'HATA', MPA: unknown[] = []): UtsMessage => ({ MET, KOD, TIP, MPA });
  async function gate(token: string | undefined, reply: FastifyReply): Promise<boolean> {
    if (w.switches.down) {
      await reply.code(503).send({ SNC: null, MSJ: [msg('ÜTS hizmet veremiyor (sandbox: down).', 'UTS-H500', 'HATA')] });
      return false;
    }
    if (w.switches.slowMs > 0) await delay(w.switches.slowMs);
    if (!token) {
      await reply.code(401).send({ SNC: null, MSJ: [msg('utsToken başlığı eksik veya geçersiz.', 'UTS-H001', 'HATA')] });
      return false;
    }
    return true;
  }
  async function answer(reply: FastifyReply, body: UtsReply) {
    if (w.switches.storeThenTimeout > 0) {
      w.switches.storeThenTimeout -= 1;
      await delay(w.switches.hangMs);
      return reply.code(504).send({ SNC: null, MSJ: [msg('Zaman aşımı (sandbox).', 'UTS-H504', 'HATA')] });
    }
    return reply.send(body);
  }
  const tokenOf = (h: unknown) => (typeof h === 'string' && h.trim() ? h.trim() : undefined);

  const query = async (request: { headers: Record<string, unknown>; body: unknown }, reply: FastifyReply) => {
    if (!(await gate(tokenOf(request.headers.utstoken), reply))) return;
    const b = (request.body ?? {}) as Record<string, unknown>;
    const UNO = s(b.UNO);
    const name = UTS_SANDBOX_PRODUCTS[UNO];
    if (!name) return reply.code(400).send({ SNC: null, MSJ: [msg(`${UNO || '(boş)'} numaralı ürün ÜTS'de kayıtlı değil.`, 'UTS-H002', 'HATA')] });
    const key = `${UNO}|${s(b.SNO) || s(b.LNO)}`;
    return reply.send({ SNC: { UNO, LNO: s(b.LNO) || null, SNO: s(b.SNO) || null, URUN_ADI: name, DURUM: w.handedOver.has(key) ? 'TUKETICIYE_VERILDI' : 'STOKTA' }, MSJ: [] });
  };
  app.post('/UTS/uh/rest/tekilUrun/sorgula', query as never);
  app.post('/UTS/rest/tibbiCihaz/urunSorgula', query as never);

  app.post('/UTS/uh/rest/bildirim/alma/ekle', async (request, reply) => {
    const token = tokenOf(request.headers.utstoken);
    if (!(await gate(token, reply))) return;
    const b = (request.body ?? {}) as Record<string, unknown>;
    if (!s(b.VBI) && !s(b.UNO)) return reply.code(400).send({ SNC: null, MSJ: [msg('VBI ya da UNO alanı zorunludur.', 'UTS-H004', 'HATA')] });
    const id = randomUUID();
    w.notifications.push({ id, kind: 'ALMA', token: token!, UNO: s(b.UNO), LNO: s(b.LNO) || null, SNO: s(b.SNO) || null, ADT: Number(b.ADT ?? 1) || 1, values: b, at: new Date().toISOString() });
    return answer(reply, { SNC: id, MSJ: [msg(`Bildirim id'si ${id} olan alma bildirimi yapıldı.`, 'UTS-B027', 'BILGI', [id])] });
  });

  app.post('/UTS/uh/rest/bildirim/tuketiciyeVerme/ekle', async (request, reply) => {
    const token = tokenOf(request.headers.utstoken);
    if (!(await gate(token, reply))) return;
    const b = (request.body ?? {}) as Record<string, unknown>;
    const UNO = s(b.UNO);
    if (!UNO || (!s(b.SNO) && !s(b.LNO))) return reply.code(400).send({ SNC: null, MSJ: [msg('UNO ile SNO ya da LNO alanları zorunludur.', 'UTS-H004', 'HATA')] });
    const key = `${UNO}|${s(b.SNO) || s(b.LNO)}`;
    if (s(b.SNO) && w.handedOver.has(key)) {
      return reply.code(400).send({ SNC: null, MSJ: [msg('Ürün daha önce tüketiciye verilmiş.', UTS_ALREADY_HANDED_OVER, 'HATA')] });
    }
    if (s(b.SNO)) w.handedOver.add(key);
    const id = randomUUID();
    w.notifications.push({ id, kind: 'TUKETICIYE_VERME', token: token!, UNO, LNO: s(b.LNO) || null, SNO: s(b.SNO) || null, ADT: Number(b.ADT ?? 1) || 1, values: b, at: new Date().toISOString() });
    return answer(reply, { SNC: id, MSJ: [msg(`Bildirim id'si ${id} olan tüketiciye verme bildirimi yapıldı.`, 'UTS-B027', 'BILGI', [id])] });
  });

  app.get('/control', async () => ({ ...w.switches, notifications: w.notifications.length }));
  app.put('/control', async (request) => {
    const b = (request.body ?? {}) as Partial<Switches> & { reset?: boolean };
    if (b.reset) {
      w.switches = { ...DEFAULTS };
      w.notifications.length = 0;
      w.handedOver.clear();
    }
    for (const k of Object.keys(DEFAULTS) as (keyof Switches)[]) {
      if (b[k] !== undefined) (w.switches as unknown as Record<string, unknown>)[k] = typeof DEFAULTS[k] === 'number' ? Math.max(0, Number(b[k]) || 0) : Boolean(b[k]);
    }
    return { ...w.switches };
  });
  app.get('/control/notifications', async () => w.notifications);
  return w;
}
