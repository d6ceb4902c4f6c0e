import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import Decimal from 'decimal.js';
import { DEMO_ERECETE, DEMO_GREEN_SCANNABLE, DEMO_PATIENT_TCKN, tcknOf, isValidTckn, ERECETE_NO_PATTERN } from '@tezgah/pharmacy-common';
import type { DoktorDVO, EreceteDVO, EreceteIlacDVO, HazirReceteDVO, KaydetIlac, MajistralDVO, RaporDVO, UyariKoduDVO } from './port';
import { medulaDate } from './soap';

/**
 * The Medula simulator's world, in memory (one per server: the adapter calls the simulator over
 * HTTP from inside a request's transaction, so the simulator never touches the database). Seeded
 * deterministically at start: synthetic patients (valid-checksum TCKNs), doctors, facilities
 * (tesis), reports, e-prescriptions of every colour with drugs of that colour from the SKRS
 * e-prescription list (fixtures/drugs.csv), the fixed demo prescriptions (DEMO_ERECETE) and two
 * prepared prescriptions. What the pharmacy saves, deletes and compounds is kept so tests can see
 * each arrived once (GET /sandbox/pharmacy/medula/control/saved).
 */

export interface Switches {
  /** Answer nothing useful: 503 at once (the adapter treats it as unreachable). */
  down: boolean;
  /** Wait this long before answering. */
  slowMs: number;
  /** The web login checks the captcha (otherwise any text is taken). */
  captchaRequired: boolean;
  /** The web login fails ('Medulaya giriş işlemi başarısız oldu'). */
  failLogin: boolean;
  /** Answer this sonucKodu (not 0000) with errorMessage … */
  errorCode: string | null;
  errorMessage: string | null;
  /** … to these operations only (null: every operation but the login's). */
  errorOps: string[] | null;
}

export const DEFAULT_SWITCHES: Switches = { down: false, slowMs: 0, captchaRequired: false, failLogin: false, errorCode: null, errorMessage: null, errorOps: null };

export interface Drug { barkod: string; ad: string; atc: string; etkinMadde: string; tur: string; datamatrix: boolean }
export interface Patient { tcKimlikNo: string; adi: string; soyadi: string; dogumTarihi: string; cinsiyeti: 'E' | 'K'; durum: 'CALISAN' | 'EMEKLI' | 'MUAF' }
export interface Tesis { tesisKodu: string; tesisAdi: string; il: string; tur: 'HASTANE' | 'AILE_HEKIMI' }

export interface SavedRecete {
  islemNo: string;
  receteNo: string;
  takipNo: string;
  ereceteNo: string | null;
  tcKimlikNo: string;
  receteTuru: string | null;
  ilacListesi: KaydetIlac[];
  sonuc: Record<string, string>;
  at: string;
  /** How many receteKaydet calls carried this islemNo (the first saved, the rest answered it again). */
  calls: number;
  deleted: boolean;
}

export interface World {
  switches: Switches;
  drugs: Drug[];
  patients: Map<string, Patient>;
  doctors: DoktorDVO[];
  tesisler: Tesis[];
  reports: RaporDVO[];
  erecetes: Map<string, EreceteDVO & { renk: string }>;
  hazir: Map<string, HazirReceteDVO>;
  warnings: UyariKoduDVO[];
  captchas: Map<string, { answer: string; at: number }>;
  sessions: Map<string, { user: string; at: number }>;
  saved: Map<string, SavedRecete>;
  deleted: { receteNo: string; at: string }[];
  majistral: (MajistralDVO & { at: string })[];
  seq: number;
}

let drugCache: Drug[] | undefined;

function parseCsv(text: string): Record<string, string>[] {
  const rows: string[][] = [];
  for (const line of text.split(/\r?\n/)) {
    if (!line) continue;
    const out: string[] = [];
    let cur = '';
    let q = false;
    for (let i = 0; i < line.length; i++) {
      const c = line[i]!;
      if (q) {
        if (c === '"' && line[i + 1] === '"') { cur += '"'; i++; } else if (c === '"') q = false; else cur += c;
      } else if (c === '"') q = true;
      else if (c === ',') { out.push(cur); cur = ''; } else cur += c;
    }
    out.push(cur);
    rows.push(out);
  }
  const [head = [], ...body] = rows;
  return body.map((r) => Object.fromEntries(head.map((h, i) => [h, r[i] ?? ''])));
}

/** The simulator's drugs (a subset of the SKRS e-prescription list, fixtures/drugs.csv). */
export function simulatorDrugs(): Drug[] {
  drugCache ??= parseCsv(readFileSync(fileURLToPath(new URL('./fixtures/drugs.csv', import.meta.url)), 'utf8')).map((r) => ({
    barkod: r.barkod!, ad: r.ilac_adi!, atc: r.atc_kodu!, etkinMadde: r.atc_adi!, tur: r.recete_turu!, datamatrix: r.datamatrix_ornegi === '1',
  }));
  return drugCache;
}

/** A small deterministic generator (mulberry32), so every server starts with the same world. */
function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Medula's receteTuru codes by SKRS colour (1 normal, 2 kırmızı, 3 turuncu, 4 mor, 5 yeşil: our reading of Medula's reçete türü). */
export const RECETE_TURU: Record<string, string> = { Normal: '1', Kırmızı: '2', Turuncu: '3', Mor: '4', Yeşil: '5' };
export const RENK_OF_TURU: Record<string, string> = Object.fromEntries(Object.entries(RECETE_TURU).map(([k, v]) => [v, k]));

const NAMES: [string, string, 'E' | 'K'][] = [
  ['Ayşe', 'Yılmaz', 'K'], ['Mehmet', 'Kaya', 'E'], ['Fatma', 'Demir', 'K'], ['Ali', 'Çelik', 'E'], ['Zeynep', 'Şahin', 'K'],
  ['Mustafa', 'Yıldız', 'E'], ['Emine', 'Öztürk', 'K'], ['Hüseyin', 'Aydın', 'E'],
];

const TESISLER: Tesis[] = [
  { tesisKodu: '11068891', tesisAdi: 'Ankara Şehir Hastanesi (sentetik)', il: 'Ankara', tur: 'HASTANE' },
  { tesisKodu: '11069904', tesisAdi: 'Çankaya 12 No.lu Aile Sağlığı Merkezi (sentetik)', il: 'Ankara', tur: 'AILE_HEKIMI' },
  { tesisKodu: '34120015', tesisAdi: 'İstanbul Eğitim ve Araştırma Hastanesi (sentetik)', il: 'İstanbul', tur: 'HASTANE' },
];

const DIAGNOSES: [string, string][] = [
  ['I10', 'Esansiyel (primer) hipertansiyon'], ['J06.9', 'Akut üst solunum yolu enfeksiyonu'], ['F32.9', 'Depresif epizod, tanımlanmamış'],
  ['G40.9', 'Epilepsi, tanımlanmamış'], ['E11.9', 'İnsüline bağımlı olmayan diabetes mellitus'], ['F20.9', 'Şizofreni, tanımlanmamış'],
  ['C50.9', 'Meme kötü huylu neoplazmı'], ['M54.5', 'Bel ağrısı'],
];

/** A drug line as a doctor writes it. */
function line(d: Drug, adet: number, r: () => number): EreceteIlacDVO {
  const per = [1, 2, 3][Math.floor(r() * 3)]!;
  return {
    barkod: d.barkod, adet, ilacAdi: d.ad, kullanimSekli: '1', kullanimDoz1: per, kullanimDoz2: 1, kullanimPeriyot: 1, kullanimPeriyotBirimi: '3',
    geriOdemeKapsaminda: 'E', ereceteIlacAciklamaListesi: [],
  };
}

const oral = (d: Drug) => /TABLET|KAPSUL|KAPSÜL|SURUP|ŞURUP/.test(d.ad);
const pick = (list: Drug[]) => list.find(oral) ?? list[0]!;

/** The world every server starts with. */
export function seedWorld(): World {
  const r = rng(20261127);
  const drugs = simulatorDrugs();
  const byTur = (tur: string) => drugs.filter((d) => d.tur === tur && !d.datamatrix);
  const patients = new Map<string, Patient>();
  const tckns = [DEMO_PATIENT_TCKN, ...['287654321', '198765432', '345678912', '456789123', '567891234', '678912345', '789123456'].map(tcknOf)];
  tckns.forEach((t, i) => {
    const [adi, soyadi, cinsiyeti] = NAMES[i]!;
    patients.set(t, { tcKimlikNo: t, adi, soyadi, cinsiyeti, dogumTarihi: medulaDate(`${1950 + i * 7}-0${(i % 9) + 1}-1${i % 10}`), durum: i === 1 ? 'EMEKLI' : i === 2 ? 'MUAF' : 'CALISAN' });
  });
  const doctors: DoktorDVO[] = [
    { tcKimlikNo: tcknOf('111222333'), adi: 'Selin', soyadi: 'Arslan', bransKodu: '1500', bransAdi: 'Dahiliye', sertifikaKodu: null, diplomaNo: 'D-10234', tesisKodu: '11068891' },
    { tcKimlikNo: tcknOf('222333444'), adi: 'Kemal', soyadi: 'Doğan', bransKodu: '2000', bransAdi: 'Ruh Sağlığı ve Hastalıkları', sertifikaKodu: '1001', diplomaNo: 'D-20456', tesisKodu: '34120015' },
    { tcKimlikNo: tcknOf('333444555'), adi: 'Elif', soyadi: 'Koç', bransKodu: '4400', bransAdi: 'Aile Hekimliği', sertifikaKodu: null, diplomaNo: 'D-30678', tesisKodu: '11069904' },
    { tcKimlikNo: tcknOf('444555666'), adi: 'Murat', soyadi: 'Kurt', bransKodu: '3100', bransAdi: 'Tıbbi Onkoloji', sertifikaKodu: null, diplomaNo: 'D-40890', tesisKodu: '11068891' },
  ];
  const erecetes = new Map<string, EreceteDVO & { renk: string }>();
  let protokol = 100000;
  const make = (no: string, tckn: string, renk: string, lines: EreceteIlacDVO[], doctor: DoktorDVO, tani: [string, string][], day: string) => {
    const p = patients.get(tckn)!;
    erecetes.set(no, {
      ereceteNo: no, tesisKodu: doctor.tesisKodu, tcKimlikNo: tckn, takipNo: null, provizyonTipi: 'N', receteTarihi: medulaDate(day),
      receteTuru: RECETE_TURU[renk]!, receteAltTuru: '1', protokolNo: String(++protokol), seriNo: renk === 'Normal' ? null : `${renk.slice(0, 1).toUpperCase()}${protokol}`,
      doktorTcKimlikNo: doctor.tcKimlikNo, doktorBransKodu: doctor.bransKodu, doktorSertifikaKodu: doctor.sertifikaKodu, doktorAdi: doctor.adi, doktorSoyadi: doctor.soyadi,
      kisiDVO: { tcKimlikNo: tckn, adi: p.adi, soyadi: p.soyadi, dogumTarihi: p.dogumTarihi, cinsiyeti: p.cinsiyeti },
      ereceteAciklamaListesi: renk === 'Normal' ? [] : [{ aciklamaTuru: '1', aciklama: `${renk} reçete (sentetik)` }],
      ereceteTaniListesi: tani.map(([taniKodu, taniAdi]) => ({ taniKodu, taniAdi })),
      ereceteIlacListesi: lines, renk,
    });
  };
  const [internist, psychiatrist, familyDoctor, oncologist] = doctors as [DoktorDVO, DoktorDVO, DoktorDVO, DoktorDVO];
  const dm = (barcode: string) => drugs.find((d) => d.barkod === barcode)!;
  make(DEMO_ERECETE.NORMAL, DEMO_PATIENT_TCKN, 'Normal', [line(pick(byTur('Normal')), 1, r), line(dm(DEMO_GREEN_SCANNABLE[1].barcode), 1, r)], familyDoctor, [DIAGNOSES[1]!], '2026-11-20');
  make(DEMO_ERECETE.RED, DEMO_PATIENT_TCKN, 'Kırmızı', [line(pick(byTur('Kırmızı')), 1, r)], oncologist, [DIAGNOSES[6]!], '2026-11-21');
  make(DEMO_ERECETE.GREEN, DEMO_PATIENT_TCKN, 'Yeşil', [
    line(dm(DEMO_GREEN_SCANNABLE[0].barcode), 1, r), line(dm(DEMO_GREEN_SCANNABLE[1].barcode), 1, r), line(pick(byTur('Yeşil')), 1, r),
  ], psychiatrist, [DIAGNOSES[5]!, DIAGNOSES[3]!], '2026-11-22');
  make(DEMO_ERECETE.PURPLE, DEMO_PATIENT_TCKN, 'Mor', [line(pick(byTur('Mor')), 1, r)], oncologist, [DIAGNOSES[6]!], '2026-11-22');
  make(DEMO_ERECETE.ORANGE, DEMO_PATIENT_TCKN, 'Turuncu', [line(pick(byTur('Turuncu')), 1, r)], internist, [DIAGNOSES[7]!], '2026-11-23');
  const reportDrug = pick(byTur('Normal').slice(3));
  make(DEMO_ERECETE.NORMAL_REPORT, tckns[1]!, 'Normal', [line(reportDrug, 2, r)], internist, [DIAGNOSES[0]!], '2026-11-23');
  // More prescriptions, one or two per patient, colours in turn.
  const turs = ['Normal', 'Kırmızı', 'Yeşil', 'Mor', 'Turuncu'];
  let n = 200000;
  for (const t of tckns.slice(1)) {
    for (let k = 0; k < 2; k++) {
      const tur = turs[(n + k) % turs.length]!;
      const list = byTur(tur);
      const count = 1 + Math.floor(r() * 2);
      const lines = Array.from({ length: count }, () => line(list[Math.floor(r() * list.length)]!, 1 + Math.floor(r() * 2), r));
      make(`Y${++n}`, t, tur, lines, doctors[Math.floor(r() * doctors.length)]!, [DIAGNOSES[Math.floor(r() * DIAGNOSES.length)]!], '2026-11-1' + k);
    }
  }
  const reports: RaporDVO[] = [
    {
      raporNo: '2026112301', raporTarihi: medulaDate('2026-06-01'), baslangicTarihi: medulaDate('2026-06-01'), bitisTarihi: medulaDate('2027-06-01'),
      tesisKodu: '11068891', tesisAdi: TESISLER[0]!.tesisAdi, tcKimlikNo: tckns[1]!, raporTuru: 'İLAÇ RAPORU', doktorAdi: internist.adi, doktorSoyadi: internist.soyadi,
      taniListesi: [{ taniKodu: DIAGNOSES[0]![0], taniAdi: DIAGNOSES[0]![1] }],
      etkinMaddeListesi: [{ etkinMaddeKodu: reportDrug.atc, etkinMaddeAdi: reportDrug.etkinMadde, kullanimDoz1: 1, kullanimDoz2: 1, kullanimPeriyot: 1, kullanimPeriyotBirimi: '3' }],
      barkodListesi: [reportDrug.barkod],
    },
    {
      raporNo: '2026112302', raporTarihi: medulaDate('2026-09-10'), baslangicTarihi: medulaDate('2026-09-10'), bitisTarihi: medulaDate('2027-03-10'),
      tesisKodu: '34120015', tesisAdi: TESISLER[2]!.tesisAdi, tcKimlikNo: DEMO_PATIENT_TCKN, raporTuru: 'UZMAN HEKİM RAPORU', doktorAdi: psychiatrist.adi, doktorSoyadi: psychiatrist.soyadi,
      taniListesi: [{ taniKodu: DIAGNOSES[5]![0], taniAdi: DIAGNOSES[5]![1] }],
      etkinMaddeListesi: [{ etkinMaddeKodu: dm(DEMO_GREEN_SCANNABLE[0].barcode).atc, etkinMaddeAdi: dm(DEMO_GREEN_SCANNABLE[0].barcode).etkinMadde, kullanimDoz1: 1, kullanimDoz2: 1, kullanimPeriyot: 1, kullanimPeriyotBirimi: '3' }],
      barkodListesi: [DEMO_GREEN_SCANNABLE[0].barcode],
    },
  ];
  const hazir = new Map<string, HazirReceteDVO>();
  const hz = (no: string, tckn: string, lines: EreceteIlacDVO[], d: DoktorDVO) => {
    const p = patients.get(tckn)!;
    hazir.set(no, { receteNo: no, ereceteNo: null, takipNo: null, receteTarihi: medulaDate('2026-11-18'), tcKimlikNo: tckn, adi: p.adi, soyadi: p.soyadi, receteTuru: '1', toplamTutar: null, durum: 'HAZIR', ilacListesi: lines, doktorAdi: d.adi, doktorSoyadi: d.soyadi, tesisKodu: d.tesisKodu });
  };
  hz('H000001', DEMO_PATIENT_TCKN, [line(pick(byTur('Normal').slice(5)), 1, r)], familyDoctor);
  hz('H000002', tckns[2]!, [line(pick(byTur('Normal').slice(8)), 2, r)], internist);
  const warnings: UyariKoduDVO[] = [
    { uyariKodu: '101', aciklama: 'Eşdeğer ilaç verildi', barkod: null },
    { uyariKodu: '102', aciklama: 'Hasta ilacı kendi isteğiyle almadı', barkod: null },
    { uyariKodu: '103', aciklama: 'Doz aşımı hekim onaylı', barkod: null },
    { uyariKodu: '104', aciklama: 'Rapor süresi dolmak üzere', barkod: null },
    { uyariKodu: '201', aciklama: 'Kontrole tabi ilaç: kimlik görüldü', barkod: null },
  ];
  return {
    switches: { ...DEFAULT_SWITCHES }, drugs, patients, doctors, tesisler: TESISLER, reports, erecetes, hazir, warnings,
    captchas: new Map(), sessions: new Map(), saved: new Map(), deleted: [], majistral: [], seq: 0,
  };
}

/** The simulator's facilities (the demo pharmacy keeps them as its tesis list). */
export function worldFacilities(): Tesis[] {
  return TESISLER.map((t) => ({ ...t }));
}

const CAPTCHA_CHARS = 'ABCDEFGHJKLMNPRSTUVYZ23456789';
const CAPTCHA_TTL_MS = 5 * 60_000;
export const SESSION_TTL_MS = 8 * 3600_000;

/** A new captcha: its token and an SVG image of its text (the answer stays in the world). */
export function newCaptcha(w: World, now = Date.now()): { token: string; svg: string; answer: string } {
  const bytes = randomBytes(5);
  const answer = [...bytes].map((b) => CAPTCHA_CHARS[b % CAPTCHA_CHARS.length]).join('');
  const token = randomBytes(12).toString('hex');
  for (const [k, v] of w.captchas) if (now - v.at > CAPTCHA_TTL_MS) w.captchas.delete(k);
  w.captchas.set(token, { answer, at: now });
  const letters = [...answer].map((c, i) => `<text x="${14 + i * 24}" y="${30 + ((bytes[i]! % 7) - 3)}" transform="rotate(${(bytes[i]! % 21) - 10} ${20 + i * 24} 24)">${c}</text>`).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="140" height="44" viewBox="0 0 140 44"><rect width="140" height="44" fill="#eef2f5"/><path d="M4 ${10 + (bytes[0]! % 20)} L136 ${30 - (bytes[1]! % 20)}" stroke="#8a9ba8" stroke-width="1.5"/><g font-family="monospace" font-size="24" font-weight="bold" fill="#1c2127">${letters}</g></svg>`;
  return { token, svg, answer };
}

export type LoginRefusal = { code: string; message: string };

/** oturumAc [invented]: checks user, password, captcha, TCKN and e-prescription number. */
export function openSession(w: World, i: { kullaniciAdi: string | null; sifre: string | null; guvenlikAnahtari: string | null; anahtarNo: string | null; tcKimlikNo: string | null; ereceteNo: string | null }, now = Date.now()): { oturumNo: string } | LoginRefusal {
  const captcha = i.anahtarNo ? w.captchas.get(i.anahtarNo) : undefined;
  if (i.anahtarNo) w.captchas.delete(i.anahtarNo); // a captcha is good for one try
  if (w.switches.failLogin || !i.kullaniciAdi || !i.sifre) return { code: '0101', message: 'Kullanıcı adı veya şifre hatalı.' };
  if (w.switches.captchaRequired) {
    if (!captcha || now - captcha.at > CAPTCHA_TTL_MS || (i.guvenlikAnahtari ?? '').trim().toUpperCase() !== captcha.answer) return { code: '0102', message: 'Güvenlik anahtarı hatalı.' };
  }
  if (!isValidTckn(i.tcKimlikNo)) return { code: '0103', message: 'T.C. kimlik numarası geçersiz.' };
  if (!ERECETE_NO_PATTERN.test(i.ereceteNo ?? '')) return { code: '0104', message: 'E-reçete numarası geçersiz.' };
  const oturumNo = randomBytes(16).toString('hex');
  w.sessions.set(oturumNo, { user: i.kullaniciAdi, at: now });
  return { oturumNo };
}

const two = (d: Decimal) => d.toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);

/**
 * receteKaydet [invented]: the provision and the patient's share as this simulator computes it
 * (our reading of SGK's rules, not Medula's code): prescription co-pay 3.00 TL up to three boxes
 * and 1.00 TL for each box more; examination co-pay 5.00 TL when the prescription comes from a
 * hospital; drug co-pay 20 % (working), 10 % (retired) of the lines not covered by a report;
 * exempt patients pay none of them. Price differences are the pharmacy's to compute (Medula does
 * not know its prices): 0 here. Idempotent by islemNo.
 */
export function saveRecete(w: World, i: { islemNo: string; ereceteNo: string | null; tcKimlikNo: string; receteTuru: string | null; ilacListesi: KaydetIlac[] }, now = new Date()): SavedRecete | LoginRefusal {
  const again = w.saved.get(i.islemNo);
  if (again) {
    again.calls += 1;
    return again;
  }
  if (!isValidTckn(i.tcKimlikNo)) return { code: '2002', message: 'Hasta T.C. kimlik numarası geçersiz.' };
  if (!i.ilacListesi.length) return { code: '2003', message: 'Reçetede ilaç yok.' };
  const e = i.ereceteNo ? w.erecetes.get(i.ereceteNo) : undefined;
  if (i.ereceteNo && !e) return { code: '1001', message: 'Sorgulanan e-reçete bulunamadı.' };
  if (e && e.tcKimlikNo !== i.tcKimlikNo) return { code: '2004', message: 'E-reçete bu hastaya ait değil.' };
  const active = [...w.saved.values()].find((s) => !s.deleted && i.ereceteNo && s.ereceteNo === i.ereceteNo);
  if (active) return { code: '2005', message: `E-reçete daha önce ${active.receteNo} numarasıyla kaydedildi.` };
  const patient = w.patients.get(i.tcKimlikNo);
  const exempt = patient?.durum === 'MUAF';
  const rate = patient?.durum === 'EMEKLI' ? new Decimal('0.10') : new Decimal('0.20');
  const boxes = i.ilacListesi.reduce((a, l) => a + l.adet, 0);
  let total = new Decimal(0);
  let drugShare = new Decimal(0);
  for (const l of i.ilacListesi) {
    const t = new Decimal(l.birimFiyat || '0').times(l.adet);
    total = total.plus(t);
    if (!l.raporNo) drugShare = drugShare.plus(t.times(rate));
  }
  const tesis = w.tesisler.find((t) => t.tesisKodu === e?.tesisKodu);
  const recetePayi = exempt ? new Decimal(0) : new Decimal(3).plus(Math.max(0, boxes - 3));
  const muayenePayi = exempt || tesis?.tur !== 'HASTANE' ? new Decimal(0) : new Decimal(5);
  const ilacPayi = exempt ? new Decimal(0) : Decimal.min(drugShare, total);
  const hasta = recetePayi.plus(muayenePayi).plus(ilacPayi);
  const kurum = Decimal.max(0, total.minus(hasta));
  w.seq += 1;
  const s: SavedRecete = {
    islemNo: i.islemNo, receteNo: `M${String(10000000 + w.seq)}`, takipNo: `T${String(2000000 + w.seq)}`, ereceteNo: i.ereceteNo, tcKimlikNo: i.tcKimlikNo,
    receteTuru: i.receteTuru ?? e?.receteTuru ?? null, ilacListesi: i.ilacListesi, at: now.toISOString(), calls: 1, deleted: false,
    sonuc: {
      receteKatilimPayi: two(recetePayi), muayeneKatilimPayi: two(muayenePayi), ilacKatilimPayi: two(ilacPayi), fiyatFarki: '0.00',
      toplamTutar: two(total), hastaOdeyecegi: two(hasta), kurumOdeyecegi: two(kurum),
    },
  };
  w.saved.set(i.islemNo, s);
  if (e) e.takipNo = s.takipNo;
  return s;
}
