/**
 * The product types of seeds 000 §3 (the pharmacy's categories of §9 among them), which of them
 * are services, and the main accounts (Tekdüzen Hesap Planı) a new product of each type books to.
 */
export const PRODUCT_TYPES = [
  'COMMERCIAL_GOODS', 'SERVICE_GIVEN', 'SERVICE_TAKEN', 'RAW_MATERIAL', 'SEMI_PRODUCT', 'END_PRODUCT', 'FIXTURE',
  'MEDICINE', 'INTERMEDIATE_PRODUCT', 'COSMETIC', 'PARENTERAL_SOLUTION', 'ENTERAL_NUTRITION', 'BABY_FORMULA',
  'ORAL_MEDICAL_NUTRITION', 'IRRIGATION_SOLUTION', 'NUTRITION_SUPPORT', 'PARENTERAL_NUTRITION', 'MEDICINE_LIKE',
  'OTC', 'MEDICAL_PRODUCT', 'KIT', 'PRODUCT_GROUP', 'GENERAL_PRODUCT',
] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];

/** Service types (seeds: SERVICE_GIVEN, SERVICE_TAKEN): they carry no stock and no warehouse. */
export const SERVICE_TYPES: readonly ProductType[] = ['SERVICE_GIVEN', 'SERVICE_TAKEN'];

export function isService(type: string): boolean {
  return (SERVICE_TYPES as readonly string[]).includes(type);
}

export type MainAccountType = 'STOCK' | 'SALES_INTERNAL';
export interface MainAccount { type: MainAccountType; code: string; name: string }

const SALES_INTERNAL: MainAccount = { type: 'SALES_INTERNAL', code: '600', name: 'Yurtiçi Satışlar' };
const STOCK_BY_TYPE: Partial<Record<ProductType, { code: string; name: string }>> = {
  SERVICE_GIVEN: { code: '740', name: 'Hizmet Üretim Maliyeti' },
  SERVICE_TAKEN: { code: '770', name: 'Genel Yönetim Giderleri' },
  RAW_MATERIAL: { code: '150', name: 'İlk Madde ve Malzeme' },
  SEMI_PRODUCT: { code: '151', name: 'Yarı Mamuller - Üretim' },
  INTERMEDIATE_PRODUCT: { code: '151', name: 'Yarı Mamuller - Üretim' },
  END_PRODUCT: { code: '152', name: 'Mamuller' },
  FIXTURE: { code: '255', name: 'Demirbaşlar' },
};
const COMMERCIAL = { code: '153', name: 'Ticari Mallar' };

/**
 * The STOCK (purchase / stock, or the cost or expense account of a service) and SALES_INTERNAL
 * (domestic sales) accounts of a product type: 153 Ticari Mallar for goods bought to sell
 * (medicines, cosmetics, ...), 150/151/152 for production stock, 255 for fixtures, 740/770 for
 * services; 600 Yurtiçi Satışlar for every sale.
 */
export function mainAccountsFor(type: string): [MainAccount, MainAccount] {
  const stock = STOCK_BY_TYPE[type as ProductType] ?? COMMERCIAL;
  return [{ type: 'STOCK', ...stock }, SALES_INTERNAL];
}

/** Decimals a number carries as written (1.25 → 2, 3 → 0); Infinity for exponent forms like 1e-9. */
export function decimalsOf(n: number): number {
  const s = String(n);
  if (/e/i.test(s)) return Number.isInteger(n) ? 0 : Infinity;
  const dot = s.indexOf('.');
  return dot < 0 ? 0 : s.length - dot - 1;
}
