/**
 * Tax scheme codes (cac:TaxScheme/cbc:TaxTypeCode) → Turkish name.
 *
 * The code list shipped with GİB's schematron (resources/ubl-tr/schematron/UBL-TR_Codelist.xml,
 * let `TaxType`) lists the VALID codes only, without names:
 *   0003,0015,0061,0071,0073,0074,0075,0076,0077,1047,1048,4080,4081,9015,9021,9077,8001,8002,
 *   8004,8005,8006,8007,8008,9040,0011,4071,4171,0021,0022,9944,0059
 * Names: 0015 and 0071 are certain (see below). The others are written from GİB's "UBL-TR Kod
 * Listeleri" guide (Vergi Türü Kodları) as remembered — the guide is not in this repository, so
 * check them against its current edition before showing them as authoritative; every code here is
 * at least confirmed VALID by UBL-TR_Codelist.xml.
 *
 * The seed's codes:
 * - 0015: GERÇEK USULDE KATMA DEĞER VERGİSİ (KDV) — in the code list; the display XSLTs
 *   (resources/ubl-tr/xslt/*.xslt, e.g. efatura_invoice_display.xslt line 2625) treat 0015 as
 *   the KDV row and every sample names it "KDV".
 * - 0071: PETROL VE DOĞALGAZ ÜRÜNLERİNE İLİŞKİN ÖTV (ÖTV I sayılı liste) — in the code list;
 *   UBL-TR_Common_Schematron.xml (GeneralWithholdingTaxTotalCheck, commented-out assert) pairs
 *   4171 (petrol ürünleri ÖTV tevkifatı) with 0071.
 * - 7000, 7001, 7002: NOT in GİB's tax type code list (UBL-TR_Codelist.xml let TaxType), nor in
 *   the schematron or the display XSLTs. Their meaning is not known here, so they are left out of
 *   this table rather than guessed (a document using them as TaxTypeCode fails TaxTypeCheck).
 */
export const TAX_SCHEMES: Record<string, string> = {
  '0003': 'GELİR VERGİSİ STOPAJI',
  '0011': 'KURUMLAR VERGİSİ STOPAJI',
  '0015': 'GERÇEK USULDE KATMA DEĞER VERGİSİ',
  '0021': 'BANKA MUAMELELERİ VERGİSİ',
  '0022': 'SİGORTA MUAMELELERİ VERGİSİ',
  '0059': 'KONAKLAMA VERGİSİ',
  '0061': 'KAYNAK KULLANIMI DESTEKLEME FONU KESİNTİSİ',
  '0071': 'PETROL VE DOĞALGAZ ÜRÜNLERİNE İLİŞKİN ÖZEL TÜKETİM VERGİSİ (ÖTV I SAYILI LİSTE)',
  '0073': 'ÖZEL TÜKETİM VERGİSİ (III SAYILI LİSTE A CETVELİ: KOLALI GAZOZ, ALKOLLÜ İÇKİLER, TÜTÜN)',
  '0074': 'ÖZEL TÜKETİM VERGİSİ (III SAYILI LİSTE B CETVELİ)',
  '0075': 'ÖZEL TÜKETİM VERGİSİ (III SAYILI LİSTE C CETVELİ)',
  '0076': 'ÖZEL TÜKETİM VERGİSİ (IV SAYILI LİSTE: DAYANIKLI TÜKETİM VE DİĞER MALLAR)',
  '0077': 'ÖZEL TÜKETİM VERGİSİ (II SAYILI LİSTE: TESCİLE TABİ OLMAYAN ARAÇLAR)',
  '1047': 'DAMGA VERGİSİ',
  '1048': '5035 SAYILI KANUNA GÖRE DAMGA VERGİSİ',
  '4071': 'ELEKTRİK VE HAVAGAZI TÜKETİM VERGİSİ',
  '4080': 'ÖZEL İLETİŞİM VERGİSİ',
  '4081': '5035 SAYILI KANUNA GÖRE ÖZEL İLETİŞİM VERGİSİ',
  '4171': 'PETROL VE DOĞALGAZ ÜRÜNLERİNE İLİŞKİN ÖTV TEVKİFATI',
  '8001': 'BORSA TESCİL ÜCRETİ',
  '8002': 'ENERJİ FONU',
  '8004': 'TRT PAYI',
  '8005': 'ELEKTRİK TÜKETİM VERGİSİ',
  '8006': 'TELSİZ KULLANIM ÜCRETİ',
  '8007': 'TELSİZ RUHSAT ÜCRETİ',
  '8008': 'ÇEVRE TEMİZLİK VERGİSİ',
  '9015': 'KATMA DEĞER VERGİSİ TEVKİFATI',
  '9021': '4961 SAYILI KANUNA GÖRE BANKA SİGORTA MUAMELELERİ VERGİSİ',
  '9040': 'MERA FONU',
  '9077': 'ÖZEL TÜKETİM VERGİSİ (II SAYILI LİSTE: TESCİLE TABİ ARAÇLAR)',
  '9944': 'BELEDİYELERE ÖDENEN HAL RÜSUMU',
};

export const TAX_SHORT_NAMES: Record<string, string> = {
  '0015': 'KDV',
  '0003': 'GV STOPAJI',
  '0011': 'KV STOPAJI',
  '0071': 'ÖTV 1.LİSTE',
  '9015': 'KDV TEVKİFAT',
  '1047': 'DAMGA V',
  '4080': 'Ö.İLETİŞİM V',
};
