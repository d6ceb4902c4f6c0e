import { Action, Module, formatNumber, formatQuantity, parseTurkishNumber, type WorkbenchHost } from '@tezgah/core';
import type { components } from '@tezgah/sdk';

export type Product = components['schemas']['Product'];
export type ProductDetail = components['schemas']['ProductDetail'];
export type ProductType = components['schemas']['ProductType'];
export type ProductFields = components['schemas']['ProductFields'];

export const PRODUCTS = '/services/onmuhasebe/api/products';
export const UNITS = '/services/onmuhasebe/api/units';

/** Seeds 000 §3 product types: the general ones first, then the pharmacy's categories (§9). */
export const PRODUCT_TYPES: readonly ProductType[] = [
  'COMMERCIAL_GOODS', 'SERVICE_GIVEN', 'SERVICE_TAKEN', 'RAW_MATERIAL', 'SEMI_PRODUCT', 'END_PRODUCT', 'INTERMEDIATE_PRODUCT', 'FIXTURE',
  'MEDICINE', 'OTC', 'MEDICINE_LIKE', 'COSMETIC', 'MEDICAL_PRODUCT', 'BABY_FORMULA', 'ENTERAL_NUTRITION', 'PARENTERAL_NUTRITION',
  'PARENTERAL_SOLUTION', 'ORAL_MEDICAL_NUTRITION', 'IRRIGATION_SOLUTION', 'NUTRITION_SUPPORT', 'KIT', 'PRODUCT_GROUP', 'GENERAL_PRODUCT',
];
export const SERVICE_TYPES: readonly ProductType[] = ['SERVICE_GIVEN', 'SERVICE_TAKEN'];
export const isService = (type: string | null | undefined) => (SERVICE_TYPES as readonly string[]).includes(type ?? '');
/** Types of the pharmacy's categories: the prescription colour and medicine price fields belong to them. */
export const PHARMACY_TYPES: readonly ProductType[] = [
  'MEDICINE', 'OTC', 'MEDICINE_LIKE', 'COSMETIC', 'MEDICAL_PRODUCT', 'BABY_FORMULA', 'ENTERAL_NUTRITION', 'PARENTERAL_NUTRITION',
  'PARENTERAL_SOLUTION', 'ORAL_MEDICAL_NUTRITION', 'IRRIGATION_SOLUTION', 'NUTRITION_SUPPORT',
];
export const PRESCRIPTION_TYPES = ['NORMAL', 'RED', 'GREEN', 'PURPLE', 'ORANGE'] as const;
/** The SKRS colours, as the prescription slips are printed. */
export const PRESCRIPTION_COLORS: Record<(typeof PRESCRIPTION_TYPES)[number], string> = {
  NORMAL: '#8f99a8', RED: '#cd4246', GREEN: '#238551', PURPLE: '#7961db', ORANGE: '#c87619',
};

export const may = (host: WorkbenchHost, action: number) => host.can({ module: Module.PRODUCT, anyActions: [action] });
export const mayStock = (host: WorkbenchHost) => host.can({ codes: ['13_38', '14_38'] });
export const mayTransfer = (host: WorkbenchHost) => host.can({ codes: ['14_33'] });
export const mayMovements = (host: WorkbenchHost) => host.can({ codes: ['13_32', '14_32'] });
export const mayEditProduct = (host: WorkbenchHost) => host.can({ module: Module.PRODUCT, anyActions: [Action.UPDATE, 44] });
export const isPharmacy = (host: WorkbenchHost) => host.session?.sectorKey === 'ECZ';

/** Decimals a typed number carries ("12,50" → 2). */
export function typedDecimals(text: string): number {
  const t = text.trim();
  const comma = t.lastIndexOf(',');
  if (comma >= 0) return t.length - comma - 1;
  const dots = t.split('.').length - 1;
  // A lone dot followed by exactly three digits is a thousands group ("1.250").
  if (dots === 1 && !/^[1-9]\d{0,2}\.\d{3}$/.test(t)) return t.length - t.indexOf('.') - 1;
  return 0;
}

export type Parsed = { value: number | null; error?: 'number' | 'decimals' | 'negative' };

/** A number typed the Turkish way (or plainly), with at most `decimals` decimals and not negative. */
export function parseQuantity(text: string, decimals: number): Parsed {
  if (!text.trim()) return { value: null };
  const value = parseTurkishNumber(text);
  if (value === null) return { value: null, error: 'number' };
  if (typedDecimals(text) > decimals) return { value, error: 'decimals' };
  if (value < 0) return { value, error: 'negative' };
  return { value };
}

/** A quantity as shown, Turkish: two decimals, a third when it has one (10,00; 2,125). */
export const quantity = (n: number | null | undefined) => formatQuantity(n ?? 0);

/** A quantity in thousandths (quantities carry three decimals), so sums and comparisons take no float error. */
export const thousandths = (n: number) => Math.round(n * 1000);

/** A unit price as shown: two decimals, more when it has them (up to eight). */
export function price(n: number | null | undefined): string {
  if (n === null || n === undefined) return '—';
  const s = String(n);
  const dec = s.includes('.') && !s.includes('e') ? Math.min(8, s.length - s.indexOf('.') - 1) : 0;
  return formatNumber(n, Math.max(2, dec));
}

/** A number for an input box (Turkish, no grouping, its own decimals). */
export function editable(n: number | null | undefined): string {
  if (n === null || n === undefined) return '';
  return String(n).replace('.', ',');
}
