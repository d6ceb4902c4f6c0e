import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { parseDataMatrix } from '@tezgah/core';
import { DEMO_ERECETE, DEMO_GREEN_SCANNABLE, DEMO_PATIENT_TCKN, MEDULA_INVENTED_OPERATIONS, isValidTckn, tcknOf } from '@tezgah/pharmacy-common';
import { buildRequest, buildResponse, parseEnvelope, isoDate, medulaDate, MEDULA_NS, WSSE_NS } from './soap';
import { ereceteOf } from './dvo';
import { call, medulaClient, SERVICES } from './client';
import { MedulaError } from './port';
import { medulaSandbox } from './sandbox';
import { saveRecete, seedWorld, simulatorDrugs, RECETE_TURU } from './world';

const fixture = (name: string) => readFileSync(fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url)), 'utf8');

describe('TCKN checksum', () => {
  it('accepts numbers whose two check digits are right, and nothing else', () => {
    for (const v of ['10000000146', '99999999990', DEMO_PATIENT_TCKN, tcknOf('287654321')]) expect(isValidTckn(v), v).toBe(true);
    for (const v of ['10000000145', '10000000156', '01234567890', '1000000014', '100000001460', '1000000014a', '', null, undefined, 10000000146, ' 10000000146'])
      expect(isValidTckn(v), String(v)).toBe(false);
  });
  it('completes nine digits into a valid number, and refuses anything else', () => {
    expect(tcknOf('100000001')).toBe('10000000146');
    for (let i = 0; i < 200; i++) {
      const nine = String(100000000 + ((i * 7919 * 104729) % 899999999));
      const t = tcknOf(nine);
      expect(isValidTckn(t), t).toBe(true);
      // Any other last digit breaks it.
      expect(isValidTckn(t.slice(0, 10) + String((Number(t[10]) + 1) % 10))).toBe(false);
    }
    expect(() => tcknOf('012345678')).toThrow();
  });
});

describe('Medula SOAP', () => {
  it('builds ereceteSorgula as Medula takes it: ser: namespace, arg0, WSSE UsernameToken with PasswordText', () => {
    const xml = buildRequest('ereceteSorgula', { tesisKodu: '11068891', ereceteNo: 'Y100003', doktorTcKimlikNo: undefined }, { username: '99999999990', password: 'ş<&>' });
    expect(xml).toContain(`xmlns:ser="${MEDULA_NS}"`);
    expect(xml).toContain(`<wsse:Security xmlns:wsse="${WSSE_NS}">`);
    expect(xml).toContain('<wsse:Username>99999999990</wsse:Username>');
    expect(xml).toMatch(/<wsse:Password Type="[^"]+#PasswordText">ş&lt;&amp;&gt;<\/wsse:Password>/);
    expect(xml).toContain('<soapenv:Body><ser:ereceteSorgula><arg0><tesisKodu>11068891</tesisKodu><ereceteNo>Y100003</ereceteNo></arg0></ser:ereceteSorgula></soapenv:Body>');
    expect(xml).not.toContain('doktorTcKimlikNo');
    const back = parseEnvelope(xml);
    expect(back).toMatchObject({ element: 'ereceteSorgula', content: { tesisKodu: '11068891', ereceteNo: 'Y100003' }, credentials: { username: '99999999990', password: 'ş<&>' } });
  });

  it('reads an ereceteSorgula answer into the ereceteDVO, one drug or many', () => {
    const msg = parseEnvelope(fixture('ereceteSorgula-response.xml'));
    if ('fault' in msg) throw new Error('fault');
    expect(msg.element).toBe('ereceteSorgulaResponse');
    expect(msg.content.sonucKodu).toBe('0000');
    const e = ereceteOf(msg.content.ereceteDVO);
    expect(e).toMatchObject({
      ereceteNo: '1A2B3C4', tesisKodu: '11068891', tcKimlikNo: '10000000146', takipNo: null, provizyonTipi: 'N', receteTarihi: '20.11.2026', receteTuru: '5',
      receteAltTuru: '1', protokolNo: '123456', seriNo: 'Y123', doktorTcKimlikNo: '99999999990', doktorBransKodu: '2000', doktorAdi: 'KEMAL', doktorSoyadi: 'DOĞAN',
      kisiDVO: { tcKimlikNo: '10000000146', adi: 'AYŞE', soyadi: 'YILMAZ', dogumTarihi: '01.02.1960', cinsiyeti: 'K' },
    });
    expect(e.ereceteTaniListesi).toEqual([{ taniKodu: 'F20.9', taniAdi: 'Şizofreni' }, { taniKodu: 'G40.9', taniAdi: 'Epilepsi' }]);
    expect(e.ereceteAciklamaListesi).toEqual([{ aciklamaTuru: '1', aciklama: 'Yeşil reçete' }]);
    expect(e.ereceteIlacListesi).toHaveLength(2);
    expect(e.ereceteIlacListesi[0]).toEqual({
      barkod: '8699293053019', adet: 2, ilacAdi: 'OLAXINN 5 MG AGIZDA DAGILAN 28 TABLET', kullanimSekli: '1', kullanimDoz1: 1, kullanimDoz2: 0.5,
      kullanimPeriyot: 1, kullanimPeriyotBirimi: '3', geriOdemeKapsaminda: 'E', ereceteIlacAciklamaListesi: [{ aciklamaTuru: '2', aciklama: 'Aç karnına' }],
    });
    expect(e.ereceteIlacListesi[1]!.ereceteIlacAciklamaListesi).toEqual([]);
    // One drug: a single element is still a list.
    const one = ereceteOf({ ereceteNo: 'X', kisiDVO: { tcKimlikNo: '1' }, ereceteIlacListesi: { barkod: '1', adet: '1' } });
    expect(one.ereceteIlacListesi.map((l) => l.barkod)).toEqual(['1']);
    expect(one.ereceteTaniListesi).toEqual([]);
  });

  it('round-trips what the simulator answers', () => {
    const w = seedWorld();
    const { renk: _r, ...dvo } = w.erecetes.get(DEMO_ERECETE.GREEN)!;
    const xml = buildResponse('ereceteSorgula', { sonucKodu: '0000', sonucMesaji: 'İşlem başarılı.', ereceteDVO: dvo as never });
    const msg = parseEnvelope(xml);
    if ('fault' in msg) throw new Error('fault');
    expect(ereceteOf(msg.content.ereceteDVO)).toEqual(dvo);
  });

  it('converts Medula dates', () => {
    expect(isoDate('20.11.2026')).toBe('2026-11-20');
    expect(isoDate('2026-11-20')).toBeNull();
    expect(isoDate(undefined)).toBeNull();
    expect(medulaDate('2026-01-05')).toBe('05.01.2026');
  });
});

describe('Medula client failures', () => {
  const opts = (f: typeof fetch, timeoutMs = 500) => ({ url: 'http://medula.test/base/', credentials: { username: 'u', password: 'p' }, timeoutMs, fetch: f });
  const answer = (status: number, body: string) => (async () => new Response(body, { status, headers: { 'content-type': 'text/xml' } })) as unknown as typeof fetch;
  const kindOf = async (p: Promise<unknown>) => p.then(() => 'ok', (e) => (e instanceof MedulaError ? `${e.kind} ${e.code ?? ''}`.trim() : `other ${String(e)}`));

  it('tells unreachable, timed out, refused and not found apart', async () => {
    expect(await kindOf(call(opts(answer(503, '')), SERVICES.recete, 'ereceteSorgula', {}))).toBe('UNAVAILABLE HTTP 503');
    expect(await kindOf(call(opts(answer(200, '<html>bakım</html>')), SERVICES.recete, 'ereceteSorgula', {}))).toBe('UNAVAILABLE HTTP 200');
    expect(await kindOf(call(opts(answer(401, 'no')), SERVICES.recete, 'ereceteSorgula', {}))).toBe('AUTH HTTP 401');
    const refused = (code: string) => answer(200, buildResponse('ereceteSorgula', { sonucKodu: code, sonucMesaji: 'Olmadı' }));
    expect(await kindOf(call(opts(refused('1001')), SERVICES.recete, 'ereceteSorgula', {}))).toBe('NOT_FOUND 1001');
    expect(await kindOf(call(opts(refused('5001')), SERVICES.recete, 'ereceteSorgula', {}))).toBe('REFUSED 5001');
    const refusedErr = await call(opts(refused('5001')), SERVICES.recete, 'ereceteSorgula', {}).catch((e) => e);
    expect(refusedErr.message).toBe('Olmadı');
    const refusedConn = (async () => { throw Object.assign(new TypeError('fetch failed'), { cause: { code: 'ECONNREFUSED' } }); }) as unknown as typeof fetch;
    expect(await kindOf(call(opts(refusedConn), SERVICES.recete, 'ereceteSorgula', {}))).toBe('UNAVAILABLE ECONNREFUSED');
    const never = ((_u: unknown, init: RequestInit) => new Promise((_res, rej) => init.signal!.addEventListener('abort', () => rej(init.signal!.reason)))) as unknown as typeof fetch;
    expect(await kindOf(call(opts(never, 50), SERVICES.recete, 'ereceteSorgula', {}))).toBe('TIMEOUT TIMEOUT');
    const fault = answer(500, '<soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/"><soapenv:Body><soapenv:Fault><faultcode>soapenv:Server</faultcode><faultstring>NullPointer</faultstring></soapenv:Fault></soapenv:Body></soapenv:Envelope>');
    expect(await kindOf(call(opts(fault), SERVICES.recete, 'ereceteSorgula', {}))).toBe('UNAVAILABLE HTTP 500');
  });

  it('sends Basic auth and the SOAP request to the service path, and reports the steps', async () => {
    let seen: { url: string; headers: Record<string, string>; body: string } | undefined;
    const f = (async (url: string, init: RequestInit) => {
      seen = { url, headers: init.headers as Record<string, string>, body: String(init.body) };
      return new Response(fixture('ereceteSorgula-response.xml'), { status: 200 });
    }) as unknown as typeof fetch;
    const steps: string[] = [];
    const port = medulaClient({ ...opts(f), onStep: (s) => steps.push(s) });
    const e = await port.ereceteSorgula('1A2B3C4');
    expect(e.ereceteNo).toBe('1A2B3C4');
    expect(seen!.url).toBe('http://medula.test/base/saglikTesisiReceteIslemleriWS');
    expect(seen!.headers.authorization).toBe(`Basic ${Buffer.from('u:p').toString('base64')}`);
    expect(seen!.headers['content-type']).toBe('text/xml; charset=utf-8');
    expect(seen!.body).toContain('<ereceteNo>1A2B3C4</ereceteNo>');
    expect(steps).toEqual(['0.1', '0.2', '0.3']);
  });
});

describe('Medula simulator', () => {
  async function sim() {
    const app = Fastify();
    await medulaSandbox(app, { config: {} } as never);
    await app.ready();
    const soap = async (service: string, op: string, arg0: Record<string, unknown>, creds: { username: string; password: string } | null = { username: 'eczane', password: 'x' }) => {
      const r = await app.inject({ method: 'POST', url: `/medula/${service}`, headers: { 'content-type': 'text/xml' }, payload: buildRequest(op, arg0 as never, creds) });
      const msg = r.statusCode === 200 ? parseEnvelope(r.body) : null;
      return { status: r.statusCode, headers: r.headers, content: msg && !('fault' in msg) ? msg.content : null };
    };
    const control = async (method: 'GET' | 'PUT' | 'DELETE', path = '', payload?: unknown) => {
      const r = await app.inject({ method, url: `/medula/control${path}`, ...(payload ? { payload: payload as object } : {}) });
      return { status: r.statusCode, body: r.json() };
    };
    return { app, soap, control };
  }

  it('holds prescriptions of every colour with drugs of that colour, and the scannable green one', () => {
    const w = seedWorld();
    const drugs = new Map(simulatorDrugs().map((d) => [d.barkod, d]));
    const colours = new Set<string>();
    for (const e of w.erecetes.values()) {
      expect(isValidTckn(e.tcKimlikNo), e.ereceteNo).toBe(true);
      expect(e.ereceteNo).toMatch(/^[0-9A-Z]{7}$/);
      expect(e.receteTuru).toBe(RECETE_TURU[e.renk]);
      colours.add(e.renk);
      // At least one drug of the prescription's own colour.
      expect(e.ereceteIlacListesi.some((l) => drugs.get(l.barkod)?.tur === e.renk), e.ereceteNo).toBe(true);
    }
    expect([...colours].sort()).toEqual(['Kırmızı', 'Mor', 'Normal', 'Turuncu', 'Yeşil']);
    const green = w.erecetes.get(DEMO_ERECETE.GREEN)!;
    expect(green.renk).toBe('Yeşil');
    for (const s of DEMO_GREEN_SCANNABLE) {
      expect(green.ereceteIlacListesi.map((l) => l.barkod)).toContain(s.barcode);
      expect(parseDataMatrix(s.datamatrix, '2026-11-24')?.barkod).toBe(s.barcode);
    }
    // Deterministic: another start gives the same world.
    expect(JSON.stringify([...seedWorld().erecetes.values()])).toBe(JSON.stringify([...w.erecetes.values()]));
  });

  it('answers ereceteSorgula, refuses unknown numbers and calls without a user', async () => {
    const { soap } = await sim();
    const ok = await soap(SERVICES.recete, 'ereceteSorgula', { ereceteNo: DEMO_ERECETE.RED });
    expect(ok.status).toBe(200);
    expect(ok.content).toMatchObject({ sonucKodu: '0000', ereceteDVO: { ereceteNo: DEMO_ERECETE.RED, receteTuru: '2' } });
    expect(ok.headers['x-tezgah-invented']).toBeUndefined();
    expect((await soap(SERVICES.recete, 'ereceteSorgula', { ereceteNo: 'ZZZZZZZ' })).content).toMatchObject({ sonucKodu: '1001' });
    expect((await soap(SERVICES.recete, 'ereceteSorgula', { ereceteNo: DEMO_ERECETE.RED }, null)).content).toMatchObject({ sonucKodu: '0100' });
    const inv = await soap(SERVICES.eczane, 'uyariKoduListesiSorgula', {});
    expect(inv.headers['x-tezgah-invented']).toBe('true');
  });

  it('switches: down answers 503 at once, slowMs waits, errorCode refuses the named operations', async () => {
    const { soap, control } = await sim();
    expect((await control('GET')).body).toMatchObject({ down: false, slowMs: 0, captchaRequired: false, failLogin: false, errorCode: null, invented: [...MEDULA_INVENTED_OPERATIONS] });
    await control('PUT', '', { down: true });
    expect((await soap(SERVICES.recete, 'ereceteSorgula', { ereceteNo: DEMO_ERECETE.RED })).status).toBe(503);
    await control('PUT', '', { down: false, slowMs: 150 });
    const t0 = Date.now();
    expect((await soap(SERVICES.recete, 'ereceteSorgula', { ereceteNo: DEMO_ERECETE.RED })).status).toBe(200);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(140);
    await control('PUT', '', { slowMs: 0, errorCode: '7777', errorMessage: 'Bakım', errorOps: ['receteSil'] });
    expect((await soap(SERVICES.recete, 'ereceteSorgula', { ereceteNo: DEMO_ERECETE.RED })).content?.sonucKodu).toBe('0000');
    expect((await soap(SERVICES.eczane, 'receteSil', { receteNo: 'M1' })).content).toMatchObject({ sonucKodu: '7777', sonucMesaji: 'Bakım' });
    expect((await control('PUT', '', { down: 'yes' })).status).toBe(400);
    expect((await control('PUT', '', { nope: 1 })).status).toBe(400);
    expect((await control('DELETE')).body).toMatchObject({ errorCode: null, errorOps: null });
  });

  it('login: failLogin and the captcha switch, a captcha is good for one try', async () => {
    const { soap, control } = await sim();
    const login = (extra: Record<string, unknown>) => soap(SERVICES.oturum, 'oturumAc', { kullaniciAdi: 'u', sifre: 'p', tcKimlikNo: DEMO_PATIENT_TCKN, ereceteNo: DEMO_ERECETE.GREEN, ...extra }, null);
    expect((await login({ guvenlikAnahtari: 'herhangi' })).content?.sonucKodu).toBe('0000');
    await control('PUT', '', { captchaRequired: true });
    const c = (await soap(SERVICES.oturum, 'guvenlikAnahtariSorgula', {}, null)).content!;
    expect(Buffer.from(c.resim, 'base64').toString()).toMatch(/^<svg /);
    const { body: { answer } } = await control('GET', `/captcha/${c.anahtarNo}`);
    expect((await login({ guvenlikAnahtari: 'YANLIS', anahtarNo: c.anahtarNo })).content?.sonucKodu).toBe('0102');
    // Spent by the wrong try.
    expect((await login({ guvenlikAnahtari: answer, anahtarNo: c.anahtarNo })).content?.sonucKodu).toBe('0102');
    const c2 = (await soap(SERVICES.oturum, 'guvenlikAnahtariSorgula', {}, null)).content!;
    const a2 = (await control('GET', `/captcha/${c2.anahtarNo}`)).body.answer;
    const ok = await login({ guvenlikAnahtari: a2.toLowerCase(), anahtarNo: c2.anahtarNo });
    expect(ok.content?.sonucKodu).toBe('0000');
    expect((await soap(SERVICES.oturum, 'oturumKontrol', { oturumNo: ok.content!.oturumNo }, null)).content?.durum).toBe('LOGGED');
    expect((await soap(SERVICES.oturum, 'oturumKontrol', { oturumNo: 'yok' }, null)).content?.durum).toBe('NOT_LOGGED');
    expect((await login({ tcKimlikNo: '12345678901' })).content?.sonucKodu).toBe('0102');
    await control('PUT', '', { failLogin: true, captchaRequired: false });
    expect((await login({})).content?.sonucKodu).toBe('0101');
  });

  it('saves once per islemNo, computes the share, and lists saves and deletions', async () => {
    const { soap, control } = await sim();
    const kaydet = (islemNo: string) => soap(SERVICES.eczane, 'receteKaydet', {
      islemNo, ereceteNo: DEMO_ERECETE.GREEN, tcKimlikNo: DEMO_PATIENT_TCKN, ilacListesi: [{ barkod: DEMO_GREEN_SCANNABLE[0].barcode, adet: 2, birimFiyat: '100.00' }, { barkod: DEMO_GREEN_SCANNABLE[1].barcode, adet: 3, birimFiyat: '50.10' }],
    });
    const first = await kaydet('ISLEM-1');
    expect(first.content).toMatchObject({ sonucKodu: '0000', tekrar: 'false' });
    // 5 boxes: 3.00 + 2 × 1.00; drug share 20 % of 350.30; a hospital prescription: examination 5.00.
    expect(first.content!.katilimPayiDVO).toEqual({
      receteKatilimPayi: '5.00', muayeneKatilimPayi: '5.00', ilacKatilimPayi: '70.06', fiyatFarki: '0.00', toplamTutar: '350.30', hastaOdeyecegi: '80.06', kurumOdeyecegi: '270.24',
    });
    const again = await kaydet('ISLEM-1');
    expect(again.content).toMatchObject({ receteNo: first.content!.receteNo, tekrar: 'true' });
    expect((await kaydet('ISLEM-2')).content?.sonucKodu).toBe('2005');
    const saved = (await control('GET', '/saved')).body;
    expect(saved.saved).toHaveLength(1);
    expect(saved.saved[0]).toMatchObject({ islemNo: 'ISLEM-1', calls: 2, deleted: false });
    expect((await soap(SERVICES.eczane, 'receteSil', { receteNo: first.content!.receteNo })).content?.sonucKodu).toBe('0000');
    expect((await soap(SERVICES.eczane, 'receteSil', { receteNo: first.content!.receteNo })).content?.sonucKodu).toBe('2001');
    expect((await control('GET', '/saved')).body.deleted.map((d: any) => d.receteNo)).toEqual([first.content!.receteNo]);
    // Deleted: the e-prescription may be saved again (a new islemNo).
    expect((await kaydet('ISLEM-3')).content?.sonucKodu).toBe('0000');
  });

  it('exempt and retired patients pay less; a line with a report has no drug share', () => {
    const w = seedWorld();
    const [, retired, exempt] = [...w.patients.values()];
    const lines = [{ barkod: '1', adet: 1, birimFiyat: '100' }];
    const r = saveRecete(w, { islemNo: 'a', ereceteNo: null, tcKimlikNo: retired!.tcKimlikNo, receteTuru: '1', ilacListesi: lines });
    expect('sonuc' in r && r.sonuc).toMatchObject({ ilacKatilimPayi: '10.00', receteKatilimPayi: '3.00', muayeneKatilimPayi: '0.00' });
    const e = saveRecete(w, { islemNo: 'b', ereceteNo: null, tcKimlikNo: exempt!.tcKimlikNo, receteTuru: '1', ilacListesi: lines });
    expect('sonuc' in e && e.sonuc).toMatchObject({ hastaOdeyecegi: '0.00', kurumOdeyecegi: '100.00' });
    const rep = saveRecete(w, { islemNo: 'c', ereceteNo: null, tcKimlikNo: DEMO_PATIENT_TCKN, receteTuru: '1', ilacListesi: [{ ...lines[0]!, raporNo: 'R1' }] });
    expect('sonuc' in rep && rep.sonuc).toMatchObject({ ilacKatilimPayi: '0.00', hastaOdeyecegi: '3.00' });
    expect(saveRecete(w, { islemNo: 'd', ereceteNo: null, tcKimlikNo: '12345678901', receteTuru: '1', ilacListesi: lines })).toMatchObject({ code: '2002' });
  });
});
