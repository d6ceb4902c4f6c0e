import type { MedulaStep } from '@tezgah/pharmacy-common';

/**
 * The Medula port: what the pharmacy plugin asks SGK's Medula. One client (client.ts) speaks it
 * over SOAP; the sandbox adapter points it at our simulator (/sandbox/pharmacy/medula), the live
 * adapter at the company's Medula URL. Which one follows from loadAccounts(...).medula.mode.
 *
 * DOCUMENTED (public client code, see ../shared/research/outside-systems.md): ereceteSorgula and
 * its ereceteDVO, sonucKodu '0000' / sonucMesaji, WSSE UsernameToken + Basic auth, the web login
 * with user name, password and captcha (Güvenlik Anahtarı).
 * OUR INVENTION (no public WSDL for the pharmacy side): every other operation below — marked
 * "[invented]" — is shaped like the documented ones (arg0, sonucKodu/sonucMesaji, *DVO lists).
 */

/** ereceteSorgula's ereceteDVO, exactly as Medula names its fields (dates dd.MM.yyyy). */
export interface EreceteDVO {
  ereceteNo: string;
  tesisKodu: string | null;
  tcKimlikNo: string;
  takipNo: string | null;
  provizyonTipi: string | null;
  receteTarihi: string | null;
  receteTuru: string | null;
  receteAltTuru: string | null;
  protokolNo: string | null;
  seriNo: string | null;
  doktorTcKimlikNo: string | null;
  doktorBransKodu: string | null;
  doktorSertifikaKodu: string | null;
  doktorAdi: string | null;
  doktorSoyadi: string | null;
  kisiDVO: { tcKimlikNo: string; adi: string | null; soyadi: string | null; dogumTarihi: string | null; cinsiyeti: string | null };
  ereceteAciklamaListesi: { aciklamaTuru: string | null; aciklama: string | null }[];
  ereceteTaniListesi: { taniKodu: string; taniAdi: string | null }[];
  ereceteIlacListesi: EreceteIlacDVO[];
}

export interface EreceteIlacDVO {
  barkod: string;
  adet: number;
  ilacAdi: string | null;
  kullanimSekli: string | null;
  kullanimDoz1: number | null;
  kullanimDoz2: number | null;
  kullanimPeriyot: number | null;
  kullanimPeriyotBirimi: string | null;
  geriOdemeKapsaminda: string | null;
  ereceteIlacAciklamaListesi: { aciklamaTuru: string | null; aciklama: string | null }[];
}

/** A line sent with receteKaydet [invented]: what was given, its price and its report. */
export interface KaydetIlac { barkod: string; adet: number; birimFiyat: string; raporNo?: string | null; uyariKodu?: string | null }

/** receteKaydet's answer [invented]: Medula's reçete number and the patient's share it computed. */
export interface KaydetSonuc {
  receteNo: string;
  takipNo: string | null;
  receteKatilimPayi: string;
  muayeneKatilimPayi: string;
  ilacKatilimPayi: string;
  fiyatFarki: string;
  toplamTutar: string;
  hastaOdeyecegi: string;
  kurumOdeyecegi: string;
  /** True when the same islemNo had been saved before (the answer of that first save). */
  tekrar: boolean;
}

/** A prescription of a list (receteListesiSorgula, hazirReceteListesiSorgula) [invented]. */
export interface ReceteOzetDVO {
  receteNo: string;
  ereceteNo: string | null;
  takipNo: string | null;
  receteTarihi: string | null;
  tcKimlikNo: string;
  adi: string | null;
  soyadi: string | null;
  receteTuru: string | null;
  toplamTutar: string | null;
  durum: string | null;
}

/** A patient report (raporListesiSorgula / raporSorgula / ilacRaporSorgula) [invented shape]. */
export interface RaporDVO {
  raporNo: string;
  raporTarihi: string | null;
  baslangicTarihi: string | null;
  bitisTarihi: string | null;
  tesisKodu: string | null;
  tesisAdi: string | null;
  tcKimlikNo: string;
  raporTuru: string | null;
  doktorAdi: string | null;
  doktorSoyadi: string | null;
  taniListesi: { taniKodu: string; taniAdi: string | null }[];
  etkinMaddeListesi: { etkinMaddeKodu: string; etkinMaddeAdi: string | null; kullanimDoz1: number | null; kullanimDoz2: number | null; kullanimPeriyot: number | null; kullanimPeriyotBirimi: string | null }[];
  barkodListesi: string[];
}

export interface DoktorDVO { tcKimlikNo: string; adi: string | null; soyadi: string | null; bransKodu: string | null; bransAdi: string | null; sertifikaKodu: string | null; diplomaNo: string | null; tesisKodu: string | null }

export interface UyariKoduDVO { uyariKodu: string; aciklama: string | null; barkod: string | null }

/** A prepared prescription (hazır reçete) [invented]: a prescription Medula holds ready for the pharmacy. */
export interface HazirReceteDVO extends ReceteOzetDVO { ilacListesi: EreceteIlacDVO[]; doktorAdi: string | null; doktorSoyadi: string | null; tesisKodu: string | null }

export interface MajistralDVO { receteNo: string; ad: string; icerik: string; miktar: string; birim: string; tutar: string }

export interface LoginInput { username: string; password: string; captcha: string; captchaToken: string; tckn: string; ereceteNo: string }

export type MedulaErrorKind = 'UNAVAILABLE' | 'TIMEOUT' | 'AUTH' | 'REFUSED' | 'NOT_FOUND' | 'INVALID';

/** A failed Medula call: unreachable / timed out / refused (sonucKodu other than 0000, with its message). */
export class MedulaError extends Error {
  readonly kind: MedulaErrorKind;
  /** Medula's sonucKodu (or 'HTTP 503', a network code). */
  readonly code: string | null;
  constructor(kind: MedulaErrorKind, message: string, opts: { code?: string | null; cause?: unknown } = {}) {
    super(message, opts.cause !== undefined ? { cause: opts.cause } : undefined);
    this.name = 'MedulaError';
    this.kind = kind;
    this.code = opts.code ?? null;
  }
  /** Unreachable or no answer in time: what the counter works around (manual prescription, outbox). */
  get unreachable(): boolean { return this.kind === 'UNAVAILABLE' || this.kind === 'TIMEOUT'; }
}

/** Progress reporting: the client calls it with each step it reaches (seeds 001 §4). */
export type StepSink = (step: MedulaStep) => void;

export interface MedulaPort {
  /** The web login's captcha (Güvenlik Anahtarı): an image and the token it belongs to [invented transport]. */
  loginPage(): Promise<{ captchaImage: string; captchaToken: string }>;
  /** The web login [invented transport]: a session number, or MedulaError AUTH ('Medulaya giriş işlemi başarısız oldu'). */
  login(input: LoginInput): Promise<{ sessionNo: string }>;
  /** Whether a session is still open [invented]. */
  isLogged(sessionNo: string): Promise<boolean>;
  /** ereceteSorgula (documented): the e-prescription; MedulaError NOT_FOUND when Medula knows no such number. */
  ereceteSorgula(ereceteNo: string, opts?: { tesisKodu?: string | null }): Promise<EreceteDVO>;
  /** receteKaydet [invented]: the pharmacy's provision; idempotent by islemNo. */
  receteKaydet(input: { islemNo: string; ereceteNo: string | null; tcKimlikNo: string; receteTuru: string | null; ilacListesi: KaydetIlac[] }): Promise<KaydetSonuc>;
  /** receteSil [invented]. */
  receteSil(receteNo: string): Promise<void>;
  /** receteListesiSorgula [invented]: by tracking number or by patient. */
  receteListesi(by: { takipNo?: string; tcKimlikNo?: string }): Promise<ReceteOzetDVO[]>;
  hazirReceteListesi(by: { tcKimlikNo?: string }): Promise<ReceteOzetDVO[]>;
  hazirRecete(receteNo: string): Promise<HazirReceteDVO>;
  raporListesi(tcKimlikNo: string): Promise<RaporDVO[]>;
  rapor(raporNo: string): Promise<RaporDVO>;
  /** ilacRaporSorgula [invented]: the patient's reports that cover a drug. */
  ilacRapor(tcKimlikNo: string, barkod: string): Promise<RaporDVO[]>;
  doktorListesi(by: { ad?: string; tesisKodu?: string }): Promise<DoktorDVO[]>;
  uyariKodlari(barkod?: string | null): Promise<UyariKoduDVO[]>;
  /** majistralKaydet [invented]. */
  majistralKaydet(m: MajistralDVO): Promise<{ hataMesaji: string | null }>;
}
