import { arr, num, text, type Parsed, type XmlObject } from './soap';
import type { DoktorDVO, EreceteDVO, EreceteIlacDVO, HazirReceteDVO, RaporDVO, ReceteOzetDVO, UyariKoduDVO } from './port';

/**
 * Medula's data objects (DVO) from a parsed SOAP answer, and back to XML for the simulator. The
 * field names are Medula's own (ereceteDVO of ereceteSorgula: documented; the others: our
 * invention in the same style).
 */

const s = (v: unknown) => text(v);
const aciklamalar = (v: unknown) => arr<Parsed>(v).map((a) => ({ aciklamaTuru: s(a.aciklamaTuru), aciklama: s(a.aciklama) }));

export function ilacOf(i: Parsed): EreceteIlacDVO {
  return {
    barkod: s(i.barkod) ?? '',
    adet: Math.max(1, Math.trunc(num(i.adet) ?? 1)),
    ilacAdi: s(i.ilacAdi),
    kullanimSekli: s(i.kullanimSekli),
    kullanimDoz1: num(i.kullanimDoz1),
    kullanimDoz2: num(i.kullanimDoz2),
    kullanimPeriyot: num(i.kullanimPeriyot),
    kullanimPeriyotBirimi: s(i.kullanimPeriyotBirimi),
    geriOdemeKapsaminda: s(i.geriOdemeKapsaminda),
    ereceteIlacAciklamaListesi: aciklamalar(i.ereceteIlacAciklamaListesi),
  };
}

/** ereceteSorgula's `ereceteDVO`. */
export function ereceteOf(d: Parsed): EreceteDVO {
  const k = (d.kisiDVO ?? {}) as Parsed;
  return {
    ereceteNo: s(d.ereceteNo) ?? '',
    tesisKodu: s(d.tesisKodu),
    tcKimlikNo: s(d.tcKimlikNo) ?? s(k.tcKimlikNo) ?? '',
    takipNo: s(d.takipNo),
    provizyonTipi: s(d.provizyonTipi),
    receteTarihi: s(d.receteTarihi),
    receteTuru: s(d.receteTuru),
    receteAltTuru: s(d.receteAltTuru),
    protokolNo: s(d.protokolNo),
    seriNo: s(d.seriNo),
    doktorTcKimlikNo: s(d.doktorTcKimlikNo),
    doktorBransKodu: s(d.doktorBransKodu),
    doktorSertifikaKodu: s(d.doktorSertifikaKodu),
    doktorAdi: s(d.doktorAdi),
    doktorSoyadi: s(d.doktorSoyadi),
    kisiDVO: { tcKimlikNo: s(k.tcKimlikNo) ?? s(d.tcKimlikNo) ?? '', adi: s(k.adi), soyadi: s(k.soyadi), dogumTarihi: s(k.dogumTarihi), cinsiyeti: s(k.cinsiyeti) },
    ereceteAciklamaListesi: aciklamalar(d.ereceteAciklamaListesi),
    ereceteTaniListesi: arr<Parsed>(d.ereceteTaniListesi).map((t) => ({ taniKodu: s(t.taniKodu) ?? '', taniAdi: s(t.taniAdi) })),
    ereceteIlacListesi: arr<Parsed>(d.ereceteIlacListesi).map(ilacOf),
  };
}

export function ozetOf(r: Parsed): ReceteOzetDVO {
  return {
    receteNo: s(r.receteNo) ?? '', ereceteNo: s(r.ereceteNo), takipNo: s(r.takipNo), receteTarihi: s(r.receteTarihi),
    tcKimlikNo: s(r.tcKimlikNo) ?? '', adi: s(r.adi), soyadi: s(r.soyadi), receteTuru: s(r.receteTuru), toplamTutar: s(r.toplamTutar), durum: s(r.durum),
  };
}

export function hazirOf(r: Parsed): HazirReceteDVO {
  return { ...ozetOf(r), ilacListesi: arr<Parsed>(r.ilacListesi).map(ilacOf), doktorAdi: s(r.doktorAdi), doktorSoyadi: s(r.doktorSoyadi), tesisKodu: s(r.tesisKodu) };
}

export function raporOf(r: Parsed): RaporDVO {
  return {
    raporNo: s(r.raporNo) ?? '', raporTarihi: s(r.raporTarihi), baslangicTarihi: s(r.baslangicTarihi), bitisTarihi: s(r.bitisTarihi),
    tesisKodu: s(r.tesisKodu), tesisAdi: s(r.tesisAdi), tcKimlikNo: s(r.tcKimlikNo) ?? '', raporTuru: s(r.raporTuru),
    doktorAdi: s(r.doktorAdi), doktorSoyadi: s(r.doktorSoyadi),
    taniListesi: arr<Parsed>(r.taniListesi).map((t) => ({ taniKodu: s(t.taniKodu) ?? '', taniAdi: s(t.taniAdi) })),
    etkinMaddeListesi: arr<Parsed>(r.etkinMaddeListesi).map((e) => ({
      etkinMaddeKodu: s(e.etkinMaddeKodu) ?? '', etkinMaddeAdi: s(e.etkinMaddeAdi), kullanimDoz1: num(e.kullanimDoz1), kullanimDoz2: num(e.kullanimDoz2),
      kullanimPeriyot: num(e.kullanimPeriyot), kullanimPeriyotBirimi: s(e.kullanimPeriyotBirimi),
    })),
    barkodListesi: arr(r.barkodListesi).map((b) => s(b) ?? '').filter(Boolean),
  };
}

export function doktorOf(d: Parsed): DoktorDVO {
  return { tcKimlikNo: s(d.tcKimlikNo) ?? '', adi: s(d.adi), soyadi: s(d.soyadi), bransKodu: s(d.bransKodu), bransAdi: s(d.bransAdi), sertifikaKodu: s(d.sertifikaKodu), diplomaNo: s(d.diplomaNo), tesisKodu: s(d.tesisKodu) };
}

export function uyariOf(u: Parsed): UyariKoduDVO {
  return { uyariKodu: s(u.uyariKodu) ?? '', aciklama: s(u.aciklama), barkod: s(u.barkod) };
}

/** Any DVO (plain object, arrays as repeated elements) as the XML content xmlbuilder2 takes. */
export function toXml(v: unknown): XmlObject {
  return v as XmlObject;
}
