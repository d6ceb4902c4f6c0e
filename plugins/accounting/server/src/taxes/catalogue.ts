/**
 * The tax types a company may define taxes of: the value stored in `taxes.tax_type`, its Turkish
 * name and its GİB UBL-TR tax type code (the `TaxTypeCode` an e-invoice line carries; the codes
 * are those of the UBL-TR code list's TaxType). The ÖTV lists are separate types because they
 * have separate codes. Percentages are at most 100, except ÖTV's (list IV goes above it).
 */
export const TAX_TYPES = [
  { type: 'KDV', name: 'Katma Değer Vergisi', gibCode: '0015' },
  { type: 'ÖTV-I', name: 'Özel Tüketim Vergisi (I) sayılı liste: petrol ve doğalgaz ürünleri', gibCode: '0071' },
  { type: 'ÖTV-III', name: 'Özel Tüketim Vergisi (III) sayılı liste: kolalı gazoz, alkollü içki, tütün', gibCode: '0073' },
  { type: 'ÖTV-IV', name: 'Özel Tüketim Vergisi (IV) sayılı liste: dayanıklı tüketim ve diğer mallar', gibCode: '0074' },
  { type: 'ÖİV', name: 'Özel İletişim Vergisi', gibCode: '4080' },
  { type: 'KKDF', name: 'Kaynak Kullanımını Destekleme Fonu', gibCode: '0061' },
  { type: 'BSMV', name: 'Banka ve Sigorta Muameleleri Vergisi', gibCode: '9021' },
  { type: 'KONAKLAMA', name: 'Konaklama Vergisi', gibCode: '0059' },
  { type: 'DAMGA', name: 'Damga Vergisi', gibCode: '1047' },
  { type: 'ETV', name: 'Elektrik ve Havagazı Tüketim Vergisi', gibCode: '4071' },
] as const;

export type TaxType = (typeof TAX_TYPES)[number]['type'];

/** The highest percentage of a tax of this type. */
export function maxPercentage(type: string): number {
  return type.startsWith('ÖTV') ? 999.99 : 100;
}

/** "KDV %20", "KDV %0,5": the name a tax gets when none is given (the kernel's seeds read so). */
export function defaultTaxName(type: string, percentage: number): string {
  return `${type} %${String(percentage).replace('.', ',')}`;
}
