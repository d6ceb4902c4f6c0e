import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Services } from '@tezgah/server';
import { MEDULA_INVENTED_OPERATIONS, MEDULA_OK } from '@tezgah/pharmacy-common';
import { NotSoap, arr, buildFault, buildResponse, num, parseEnvelope, text, type Parsed, type XmlObject } from './soap';
import { SERVICES } from './client';
import { DEFAULT_SWITCHES, SESSION_TTL_MS, newCaptcha, openSession, saveRecete, seedWorld, type Switches, type World } from './world';
import type { KaydetIlac } from './port';

/**
 * The Medula simulator, served under /sandbox/pharmacy/medula (its SOAP services need no token
 * of ours; the control routes need a signed-in management user, as every sandbox's):
 *
 *   POST /saglikTesisiReceteIslemleriWS   ereceteSorgula — the documented operation and ereceteDVO
 *   POST /eczaneOturumIslemleriWS         guvenlikAnahtariSorgula, oturumAc, oturumKontrol   [invented]
 *   POST /eczaneReceteIslemleriWS         receteKaydet, receteSil, receteListesiSorgula,
 *                                         hazirReceteListesiSorgula, hazirReceteSorgula, raporListesiSorgula,
 *                                         raporSorgula, ilacRaporSorgula, doktorListesiSorgula,
 *                                         uyariKoduListesiSorgula, majistralKaydet            [invented]
 *
 * Answers of invented operations carry the header `x-tezgah-invented: true`; GET /control lists
 * them. Every SOAP request needs a WSSE UsernameToken with a user name (any password: the sandbox
 * keeps no accounts), except the captcha and the login. Control (JSON, not Medula's API):
 *   GET /control                the switches and the invented operations
 *   PUT /control                set switches: down, slowMs, captchaRequired, failLogin, errorCode, errorMessage, errorOps
 *   DELETE /control             switches back to their defaults
 *   GET /control/saved          what the pharmacy saved (with the number of calls per islemNo), deleted, compounded
 *   GET /control/captcha/:token the captcha's answer (tests)
 *   GET /control/world          patients, doctors, facilities, reports and e-prescription numbers
 *   POST /control/reset         the world as it started (switches too)
 */

type Answer = { content: XmlObject } | { code: string; message: string };
type Op = (w: World, a: Parsed, user: string) => Answer;

const ok = (content: XmlObject = {}): Answer => ({ content });
const refuse = (code: string, message: string): Answer => ({ code, message });
const list = <T>(v: T[]) => v as unknown as XmlObject[];

const OPS: Record<string, Record<string, Op>> = {
  [SERVICES.recete]: {
    ereceteSorgula(w, a) {
      const no = (text(a.ereceteNo) ?? '').toUpperCase();
      const e = w.erecetes.get(no);
      if (!e) return refuse('1001', 'Sorgulanan e-reçete bulunamadı.');
      const { renk: _renk, ...dvo } = e;
      return ok({ ereceteDVO: dvo as unknown as XmlObject });
    },
  },
  [SERVICES.oturum]: {
    guvenlikAnahtariSorgula(w) {
      const c = newCaptcha(w);
      return ok({ anahtarNo: c.token, resim: Buffer.from(c.svg, 'utf8').toString('base64'), resimTuru: 'image/svg+xml' });
    },
    oturumAc(w, a) {
      const r = openSession(w, {
        kullaniciAdi: text(a.kullaniciAdi), sifre: text(a.sifre), guvenlikAnahtari: text(a.guvenlikAnahtari), anahtarNo: text(a.anahtarNo),
        tcKimlikNo: text(a.tcKimlikNo), ereceteNo: text(a.ereceteNo)?.toUpperCase() ?? null,
      });
      return 'oturumNo' in r ? ok({ oturumNo: r.oturumNo }) : refuse(r.code, r.message);
    },
    oturumKontrol(w, a) {
      const s = w.sessions.get(text(a.oturumNo) ?? '');
      const live = !!s && Date.now() - s.at < SESSION_TTL_MS;
      return ok({ durum: live ? 'LOGGED' : 'NOT_LOGGED' });
    },
  },
  [SERVICES.eczane]: {
    receteKaydet(w, a) {
      const islemNo = text(a.islemNo);
      if (!islemNo) return refuse('9001', 'İşlem numarası zorunludur.');
      const lines: KaydetIlac[] = arr<Parsed>(a.ilacListesi).map((l) => ({
        barkod: text(l.barkod) ?? '', adet: Math.max(1, Math.trunc(num(l.adet) ?? 1)), birimFiyat: text(l.birimFiyat) ?? '0', raporNo: text(l.raporNo), uyariKodu: text(l.uyariKodu),
      }));
      const r = saveRecete(w, { islemNo, ereceteNo: text(a.ereceteNo)?.toUpperCase() ?? null, tcKimlikNo: text(a.tcKimlikNo) ?? '', receteTuru: text(a.receteTuru), ilacListesi: lines });
      if ('code' in r) return refuse(r.code, r.message);
      return ok({ receteNo: r.receteNo, takipNo: r.takipNo, tekrar: r.calls > 1, katilimPayiDVO: r.sonuc });
    },
    receteSil(w, a) {
      const no = text(a.receteNo);
      const s = [...w.saved.values()].find((x) => x.receteNo === no && !x.deleted);
      if (!s) return refuse('2001', 'Silinecek reçete bulunamadı.');
      s.deleted = true;
      w.deleted.push({ receteNo: s.receteNo, at: new Date().toISOString() });
      return ok();
    },
    receteListesiSorgula(w, a) {
      const takip = text(a.takipNo);
      const tckn = text(a.tcKimlikNo);
      if (!takip && !tckn) return refuse('9002', 'Takip numarası ya da T.C. kimlik numarası girilmelidir.');
      const rows = [...w.saved.values()].filter((s) => !s.deleted && (takip ? s.takipNo === takip : s.tcKimlikNo === tckn)).map((s) => {
        const p = w.patients.get(s.tcKimlikNo);
        return { receteNo: s.receteNo, ereceteNo: s.ereceteNo, takipNo: s.takipNo, receteTarihi: s.at.slice(8, 10) + '.' + s.at.slice(5, 7) + '.' + s.at.slice(0, 4), tcKimlikNo: s.tcKimlikNo, adi: p?.adi ?? null, soyadi: p?.soyadi ?? null, receteTuru: s.receteTuru, toplamTutar: s.sonuc.toplamTutar!, durum: 'KAYITLI' };
      });
      return ok({ receteListesi: list(rows) });
    },
    hazirReceteListesiSorgula(w, a) {
      const tckn = text(a.tcKimlikNo);
      const rows = [...w.hazir.values()].filter((h) => !tckn || h.tcKimlikNo === tckn).map(({ ilacListesi: _l, doktorAdi: _a, doktorSoyadi: _s, tesisKodu: _t, ...o }) => o);
      return ok({ receteListesi: list(rows) });
    },
    hazirReceteSorgula(w, a) {
      const h = w.hazir.get(text(a.receteNo) ?? '');
      return h ? ok({ hazirReceteDVO: h as unknown as XmlObject }) : refuse('1001', 'Hazır reçete bulunamadı.');
    },
    raporListesiSorgula(w, a) {
      const tckn = text(a.tcKimlikNo);
      return ok({ raporListesi: list(w.reports.filter((r) => r.tcKimlikNo === tckn)) });
    },
    raporSorgula(w, a) {
      const r = w.reports.find((x) => x.raporNo === text(a.raporNo));
      return r ? ok({ raporDVO: r as unknown as XmlObject }) : refuse('1001', 'Rapor bulunamadı.');
    },
    ilacRaporSorgula(w, a) {
      const tckn = text(a.tcKimlikNo);
      const barkod = text(a.barkod);
      const atc = w.drugs.find((d) => d.barkod === barkod)?.atc;
      return ok({ raporListesi: list(w.reports.filter((r) => r.tcKimlikNo === tckn && (r.barkodListesi.includes(barkod ?? '') || r.etkinMaddeListesi.some((e) => e.etkinMaddeKodu === atc)))) });
    },
    doktorListesiSorgula(w, a) {
      const ad = (text(a.ad) ?? '').toLocaleLowerCase('tr');
      const tesis = text(a.tesisKodu);
      return ok({ doktorListesi: list(w.doctors.filter((d) => (!ad || `${d.adi} ${d.soyadi}`.toLocaleLowerCase('tr').includes(ad)) && (!tesis || d.tesisKodu === tesis))) });
    },
    uyariKoduListesiSorgula(w) {
      return ok({ uyariKoduListesi: list(w.warnings) });
    },
    majistralKaydet(w, a) {
      const m = (a.majistralDVO ?? {}) as Parsed;
      const receteNo = text(m.receteNo);
      if (!receteNo || ![...w.saved.values()].some((s) => s.receteNo === receteNo && !s.deleted)) return refuse('3001', 'Majistral ilaç kaydı için Medulada kayıtlı reçete bulunamadı.');
      if (!text(m.ad) || !text(m.icerik)) return refuse('3002', 'Majistral ilacın adı ve içeriği zorunludur.');
      w.majistral.push({ receteNo, ad: text(m.ad)!, icerik: text(m.icerik)!, miktar: text(m.miktar) ?? '', birim: text(m.birim) ?? '', tutar: text(m.tutar) ?? '0', at: new Date().toISOString() });
      return ok();
    },
  },
};

const INVENTED = new Set<string>(MEDULA_INVENTED_OPERATIONS);
const LOGIN_OPS = new Set(['guvenlikAnahtariSorgula', 'oturumAc', 'oturumKontrol']);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function serve(w: World, service: string, request: FastifyRequest, reply: FastifyReply) {
  const sw = w.switches;
  if (sw.slowMs > 0) await sleep(sw.slowMs);
  if (sw.down) return reply.code(503).header('connection', 'close').type('text/plain').send('');
  const ops = OPS[service];
  if (!ops) return reply.code(404).type('text/plain').send('Not Found');
  let msg: ReturnType<typeof parseEnvelope>;
  try {
    msg = parseEnvelope(String(request.body ?? ''));
  } catch (e) {
    if (e instanceof NotSoap) return reply.code(500).type('text/xml; charset=utf-8').send(buildFault('Client', `9999 - XML yapısı bozuk: ${e.message}`));
    throw e;
  }
  if ('fault' in msg) return reply.code(500).type('text/xml; charset=utf-8').send(buildFault('Client', 'Bir Fault istek olarak gönderilemez.'));
  const op = ops[msg.element];
  if (!op) return reply.code(500).type('text/xml; charset=utf-8').send(buildFault('Client', `Bilinmeyen işlem: ${msg.element}`));
  if (INVENTED.has(msg.element)) reply.header('x-tezgah-invented', 'true');
  const user = msg.credentials?.username ?? '';
  let answer: Answer;
  if (!LOGIN_OPS.has(msg.element) && !user) answer = refuse('0100', 'Kullanıcı bilgisi (WS-Security UsernameToken) eksik.');
  else if (sw.errorCode && sw.errorCode !== MEDULA_OK && (sw.errorOps ? sw.errorOps.includes(msg.element) : !LOGIN_OPS.has(msg.element))) {
    answer = refuse(sw.errorCode, sw.errorMessage ?? `Medula hata kodu ${sw.errorCode}`);
  } else answer = op(w, msg.content, user);
  const ret: XmlObject = 'content' in answer
    ? { sonucKodu: MEDULA_OK, sonucMesaji: 'İşlem başarılı.', ...answer.content }
    : { sonucKodu: answer.code, sonucMesaji: answer.message };
  return reply.code(200).type('text/xml; charset=utf-8').send(buildResponse(msg.element, ret));
}

function switchesOf(body: unknown, current: Switches): Switches | string {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return 'Bir JSON nesnesi bekleniyor.';
  const b = body as Record<string, unknown>;
  const next = { ...current };
  for (const [k, v] of Object.entries(b)) {
    switch (k) {
      case 'down': case 'captchaRequired': case 'failLogin':
        if (typeof v !== 'boolean') return `${k}: true ya da false`;
        next[k] = v;
        break;
      case 'slowMs':
        if (typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v > 120_000) return 'slowMs: 0 ile 120000 arasında bir tam sayı';
        next.slowMs = v;
        break;
      case 'errorCode': case 'errorMessage':
        if (v !== null && typeof v !== 'string') return `${k}: metin ya da null`;
        next[k] = v as string | null;
        break;
      case 'errorOps':
        if (v !== null && (!Array.isArray(v) || v.some((x) => typeof x !== 'string'))) return 'errorOps: işlem adları listesi ya da null';
        next.errorOps = v as string[] | null;
        break;
      default:
        return `Bilinmeyen anahtar: ${k}`;
    }
  }
  return next;
}

/** The worlds of the running servers (one per server; a test starts several in one process). */
const worlds = new WeakMap<object, World>();

/** The world of a server (tests that run the simulator in-process reach it here). */
export function worldOf(services: Pick<Services, 'config'>): World {
  let w = worlds.get(services.config);
  if (!w) { w = seedWorld(); worlds.set(services.config, w); }
  return w;
}

/** Mounts the simulator (called by the medula area's sandbox under /sandbox/pharmacy). */
export async function medulaSandbox(app: FastifyInstance, services: Services): Promise<void> {
  await app.register(async (s) => {
    s.addContentTypeParser(['text/xml', 'application/soap+xml', 'application/xml'], { parseAs: 'string', bodyLimit: 2 * 1024 * 1024 }, (_req, body, done) => done(null, body));
    for (const service of Object.values(SERVICES)) s.post(`/${service}`, (req, reply) => serve(worldOf(services), service, req, reply));
    s.get('/control', async () => ({ ...worldOf(services).switches, invented: [...MEDULA_INVENTED_OPERATIONS] }));
    s.put('/control', async (req, reply) => {
      const w = worldOf(services);
      const next = switchesOf(req.body, w.switches);
      if (typeof next === 'string') return reply.code(400).send({ title: 'Geçersiz istek', detail: next });
      w.switches = next;
      return { ...w.switches, invented: [...MEDULA_INVENTED_OPERATIONS] };
    });
    s.delete('/control', async () => {
      const w = worldOf(services);
      w.switches = { ...DEFAULT_SWITCHES };
      return w.switches;
    });
    s.post('/control/reset', async () => {
      worlds.set(services.config, seedWorld());
      return worldOf(services).switches;
    });
    s.get('/control/saved', async () => {
      const w = worldOf(services);
      return { saved: [...w.saved.values()], deleted: w.deleted, majistral: w.majistral, invented: true };
    });
    s.get<{ Params: { token: string } }>('/control/captcha/:token', async (req, reply) => {
      const c = worldOf(services).captchas.get(req.params.token);
      return c ? { answer: c.answer } : reply.code(404).send({ title: 'Bulunamadı' });
    });
    s.get('/control/world', async () => {
      const w = worldOf(services);
      return {
        patients: [...w.patients.values()], doctors: w.doctors, tesisler: w.tesisler, reports: w.reports.map((r) => ({ raporNo: r.raporNo, tcKimlikNo: r.tcKimlikNo })),
        erecetes: [...w.erecetes.values()].map((e) => ({ ereceteNo: e.ereceteNo, tcKimlikNo: e.tcKimlikNo, renk: e.renk, barkodlar: e.ereceteIlacListesi.map((l) => l.barkod) })),
        hazirReceteler: [...w.hazir.keys()],
      };
    });
  }, { prefix: '/medula' });
}
