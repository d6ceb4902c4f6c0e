import { MEDULA_OK } from '@tezgah/pharmacy-common';
import { MESSAGES } from '@tezgah/core';
import { NotSoap, arr, buildRequest, parseEnvelope, text, type Credentials, type Parsed, type XmlObject } from './soap';
import { doktorOf, ereceteOf, hazirOf, ozetOf, raporOf, uyariOf } from './dvo';
import { MedulaError, type KaydetSonuc, type MedulaPort, type StepSink } from './port';

/**
 * The Medula client: the port over SOAP 1.1 at a base URL. The sandbox adapter is this client at
 * `${sandboxBase}/medula`, the live adapter at the company's Medula URL (TEZGAH_MEDULA_URL). The
 * services are paths under the base:
 *   saglikTesisiReceteIslemleriWS   ereceteSorgula (documented)
 *   eczaneOturumIslemleriWS         guvenlikAnahtariSorgula, oturumAc, oturumKontrol [invented]
 *   eczaneReceteIslemleriWS         receteKaydet, receteSil, receteListesiSorgula,
 *                                   hazirReceteListesiSorgula, hazirReceteSorgula, raporListesiSorgula,
 *                                   raporSorgula, ilacRaporSorgula, doktorListesiSorgula,
 *                                   uyariKoduListesiSorgula, majistralKaydet [invented]
 * A network failure, a timeout or an HTTP 5xx without a SOAP answer is MedulaError UNAVAILABLE /
 * TIMEOUT (the counter goes on without Medula); a sonucKodu other than 0000 is REFUSED (or
 * NOT_FOUND for 'kayıt bulunamadı' codes) with Medula's sonucMesaji.
 */

export const SERVICES = {
  recete: 'saglikTesisiReceteIslemleriWS',
  oturum: 'eczaneOturumIslemleriWS',
  eczane: 'eczaneReceteIslemleriWS',
} as const;

/** sonucKodu values that mean "no such record" (the simulator's, and our reading of Medula's 'kayıt bulunamadı'). */
export const NOT_FOUND_CODES = new Set(['1001', '2001']);

export interface MedulaClientOptions {
  url: string;
  credentials: Credentials | null;
  timeoutMs: number;
  fetch?: typeof fetch;
  onStep?: StepSink;
}

function networkCode(e: unknown): string | null {
  let c: unknown = e;
  for (let i = 0; i < 4 && c; i++) {
    const code = (c as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    c = (c as { cause?: unknown }).cause;
  }
  return null;
}

/** One SOAP exchange; every failure a MedulaError. Exported for the unit tests. */
export async function call(o: MedulaClientOptions, service: string, op: string, arg0: XmlObject): Promise<Parsed> {
  const doFetch = o.fetch ?? fetch;
  const url = `${o.url.replace(/\/+$/, '')}/${service}`;
  const signal = AbortSignal.timeout(o.timeoutMs);
  const headers: Record<string, string> = { 'content-type': 'text/xml; charset=utf-8', accept: 'text/xml', soapaction: '""' };
  if (o.credentials) headers.authorization = `Basic ${Buffer.from(`${o.credentials.username}:${o.credentials.password}`, 'utf8').toString('base64')}`;
  let res: Response;
  let body: string;
  try {
    res = await doFetch(url, { method: 'POST', headers, body: buildRequest(op, arg0, o.credentials), signal });
    body = await res.text();
  } catch (e) {
    const name = (e as { name?: string })?.name;
    if (name === 'TimeoutError' || name === 'AbortError' || signal.aborted) throw new MedulaError('TIMEOUT', `Medula ${o.timeoutMs} ms içinde yanıt vermedi.`, { code: 'TIMEOUT', cause: e });
    const code = networkCode(e);
    throw new MedulaError('UNAVAILABLE', `Medulaya ulaşılamadı${code ? ` (${code})` : ''}.`, { code, cause: e });
  }
  let msg: ReturnType<typeof parseEnvelope>;
  try {
    msg = parseEnvelope(body);
  } catch (e) {
    if (!(e instanceof NotSoap)) throw e;
    const code = `HTTP ${res.status}`;
    if (res.status === 401 || res.status === 403) throw new MedulaError('AUTH', `Medula erişimi reddetti (${code}).`, { code });
    if (res.status >= 400 && res.status < 500 && res.status !== 408 && res.status !== 429) throw new MedulaError('INVALID', `Medula isteği kabul etmedi (${code}).`, { code });
    throw new MedulaError('UNAVAILABLE', res.ok ? 'Medulanın yanıtı okunamadı.' : `Medula şu an hizmet veremiyor (${code}).`, { code });
  }
  if ('fault' in msg) {
    if (/server/i.test(msg.fault.faultcode) || res.status >= 500) throw new MedulaError('UNAVAILABLE', msg.fault.faultstring || 'Medulada sunucu hatası.', { code: `HTTP ${res.status}` });
    throw new MedulaError('INVALID', msg.fault.faultstring || 'Medula isteği geçersiz buldu.');
  }
  const r = msg.content;
  const sonuc = text(r.sonucKodu);
  if (sonuc !== MEDULA_OK) {
    const message = text(r.sonucMesaji) ?? `Medula işlemi kabul etmedi (${sonuc ?? 'sonuç kodu yok'}).`;
    throw new MedulaError(sonuc && NOT_FOUND_CODES.has(sonuc) ? 'NOT_FOUND' : 'REFUSED', message, { code: sonuc });
  }
  return r;
}

const money = (v: unknown) => text(v) ?? '0.00';

/** The port over SOAP at o.url. */
export function medulaClient(o: MedulaClientOptions): MedulaPort {
  const step = (s: Parameters<StepSink>[0]) => o.onStep?.(s);
  const ask = (service: string, op: string, arg0: XmlObject) => call(o, service, op, arg0);
  return {
    async loginPage() {
      step('0.1');
      const r = await ask(SERVICES.oturum, 'guvenlikAnahtariSorgula', {});
      return { captchaImage: `data:${text(r.resimTuru) ?? 'image/svg+xml'};base64,${text(r.resim) ?? ''}`, captchaToken: text(r.anahtarNo) ?? '' };
    },
    async login(i) {
      step('0.1');
      step('0.7');
      try {
        const r = await ask(SERVICES.oturum, 'oturumAc', {
          kullaniciAdi: i.username, sifre: i.password, guvenlikAnahtari: i.captcha, anahtarNo: i.captchaToken, tcKimlikNo: i.tckn, ereceteNo: i.ereceteNo,
        });
        return { sessionNo: text(r.oturumNo) ?? '' };
      } catch (e) {
        if (e instanceof MedulaError && (e.kind === 'REFUSED' || e.kind === 'NOT_FOUND' || e.kind === 'AUTH')) throw new MedulaError('AUTH', MESSAGES.MEDULA_LOGIN_FAILED, { code: e.code, cause: e });
        throw e;
      }
    },
    async isLogged(sessionNo) {
      step('1');
      const r = await ask(SERVICES.oturum, 'oturumKontrol', { oturumNo: sessionNo });
      return text(r.durum) === 'LOGGED';
    },
    async ereceteSorgula(ereceteNo, opts = {}) {
      step('0.1');
      step('0.2');
      const r = await ask(SERVICES.recete, 'ereceteSorgula', { tesisKodu: opts.tesisKodu ?? undefined, ereceteNo });
      step('0.3');
      if (!r.ereceteDVO || typeof r.ereceteDVO !== 'object') throw new MedulaError('NOT_FOUND', 'Medula reçeteyi döndürmedi.', { code: '1001' });
      return ereceteOf(r.ereceteDVO as Parsed);
    },
    async receteKaydet(input): Promise<KaydetSonuc> {
      step('0.1');
      step('0.4');
      const r = await ask(SERVICES.eczane, 'receteKaydet', {
        islemNo: input.islemNo, ereceteNo: input.ereceteNo ?? undefined, tcKimlikNo: input.tcKimlikNo, receteTuru: input.receteTuru ?? undefined,
        ilacListesi: input.ilacListesi.map((l) => ({ barkod: l.barkod, adet: l.adet, birimFiyat: l.birimFiyat, raporNo: l.raporNo ?? undefined, uyariKodu: l.uyariKodu ?? undefined })),
      });
      const p = (r.katilimPayiDVO ?? {}) as Parsed;
      return {
        receteNo: text(r.receteNo) ?? '', takipNo: text(r.takipNo), tekrar: text(r.tekrar) === 'true',
        receteKatilimPayi: money(p.receteKatilimPayi), muayeneKatilimPayi: money(p.muayeneKatilimPayi), ilacKatilimPayi: money(p.ilacKatilimPayi),
        fiyatFarki: money(p.fiyatFarki), toplamTutar: money(p.toplamTutar), hastaOdeyecegi: money(p.hastaOdeyecegi), kurumOdeyecegi: money(p.kurumOdeyecegi),
      };
    },
    async receteSil(receteNo) {
      step('0.1');
      step('1.1');
      await ask(SERVICES.eczane, 'receteSil', { receteNo });
    },
    async receteListesi(by) {
      step('0.1');
      step('0.5');
      const r = await ask(SERVICES.eczane, 'receteListesiSorgula', { takipNo: by.takipNo, tcKimlikNo: by.tcKimlikNo });
      return arr<Parsed>(r.receteListesi).map(ozetOf);
    },
    async hazirReceteListesi(by) {
      step('0.1');
      step('0.6');
      const r = await ask(SERVICES.eczane, 'hazirReceteListesiSorgula', { tcKimlikNo: by.tcKimlikNo });
      return arr<Parsed>(r.receteListesi).map(ozetOf);
    },
    async hazirRecete(receteNo) {
      step('0.1');
      step('0.3');
      const r = await ask(SERVICES.eczane, 'hazirReceteSorgula', { receteNo });
      return hazirOf((r.hazirReceteDVO ?? {}) as Parsed);
    },
    async raporListesi(tcKimlikNo) {
      step('0.1');
      step('0.8');
      const r = await ask(SERVICES.eczane, 'raporListesiSorgula', { tcKimlikNo });
      step('0.9');
      return arr<Parsed>(r.raporListesi).map(raporOf);
    },
    async rapor(raporNo) {
      step('0.1');
      step('0.8');
      const r = await ask(SERVICES.eczane, 'raporSorgula', { raporNo });
      step('0.9');
      return raporOf((r.raporDVO ?? {}) as Parsed);
    },
    async ilacRapor(tcKimlikNo, barkod) {
      step('0.1');
      step('0.8');
      const r = await ask(SERVICES.eczane, 'ilacRaporSorgula', { tcKimlikNo, barkod });
      step('0.9');
      return arr<Parsed>(r.raporListesi).map(raporOf);
    },
    async doktorListesi(by) {
      step('0.1');
      const r = await ask(SERVICES.eczane, 'doktorListesiSorgula', { ad: by.ad, tesisKodu: by.tesisKodu });
      return arr<Parsed>(r.doktorListesi).map(doktorOf);
    },
    async uyariKodlari(barkod) {
      step('0.1');
      const r = await ask(SERVICES.eczane, 'uyariKoduListesiSorgula', { barkod: barkod ?? undefined });
      return arr<Parsed>(r.uyariKoduListesi).map(uyariOf);
    },
    async majistralKaydet(m) {
      step('0.1');
      step('0.4');
      try {
        await ask(SERVICES.eczane, 'majistralKaydet', { majistralDVO: { ...m } });
        return { hataMesaji: null };
      } catch (e) {
        if (e instanceof MedulaError && e.kind === 'REFUSED') return { hataMesaji: e.message };
        throw e;
      }
    },
  };
}
