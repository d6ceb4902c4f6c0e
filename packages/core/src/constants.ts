/**
 * Business constants and small enumerations (seeds 000 §1, §9; 001 §9).
 */

/** Default table page size. */
export const PAGE_SIZE_DEFAULT = 10;
/** Page sizes offered by the size changer. */
export const PAGE_SIZE_OPTIONS: readonly number[] = [10, 25, 50, 100];
/** Largest page size a list call may request (the agenda refresh uses 1000). */
export const PAGE_SIZE_MAX = 1000;
/** Default list sorts. */
export const SORT_ID_DESC = 'id,desc';
export const SORT_DATE_DESC = 'date,desc';

/** Locale of every number, date and text. */
export const LOCALE = 'tr-TR';
/** Decimals of amounts and totals. */
export const AMOUNT_DECIMALS = 2;
/**
 * Decimals of quantities (document lines and stock): three, for goods weighed or measured
 * (2,125 kg; UBL-TR's InvoicedQuantity is a decimal). Every unit takes them.
 */
export const QUANTITY_DECIMALS = 3;
/** Decimals of unit prices. */
export const UNIT_PRICE_DECIMALS = 8;

/** A currency known by its index (the `currencyId` of accounts, products and invoices). */
export type Currency = {
  /** Index 1..10, stable. */
  id: number;
  /** Code as the product shows it ('TL' for the lira, ISO 4217 otherwise). */
  code: string;
  /** Turkish name. */
  name: string;
  /** Display symbol. */
  symbol: string;
};

/** Currencies by index 1 to 10. */
export const CURRENCIES: readonly Currency[] = [
  { id: 1, code: 'TL', name: 'Türk Lirası', symbol: '₺' },
  { id: 2, code: 'USD', name: 'Amerikan Doları', symbol: '$' },
  { id: 3, code: 'EUR', name: 'Euro', symbol: '€' },
  { id: 4, code: 'CAD', name: 'Kanada Doları', symbol: 'C$' },
  { id: 5, code: 'SEK', name: 'İsveç Kronu', symbol: 'kr' },
  { id: 6, code: 'RUB', name: 'Rus Rublesi', symbol: '₽' },
  { id: 7, code: 'JPY', name: 'Japon Yeni', symbol: '¥' },
  { id: 8, code: 'AUD', name: 'Avustralya Doları', symbol: 'A$' },
  { id: 9, code: 'GBP', name: 'İngiliz Sterlini', symbol: '£' },
  { id: 10, code: 'SAR', name: 'Suudi Arabistan Riyali', symbol: '﷼' },
];
/** Id of the Turkish lira, the default currency. */
export const DEFAULT_CURRENCY_ID = 1;
/** The lira symbol. */
export const CURRENCY_SYMBOL = '₺';

/** The currency with index `id`, if any. */
export function currencyById(id: number | null | undefined): Currency | undefined {
  return CURRENCIES.find((c) => c.id === id);
}

/** VAT (KDV) rates in percent. */
export const VAT_RATES: readonly number[] = [20, 10, 1, 0];

/** How long notifications stay, in seconds. */
export const NOTIFICATION_SECONDS = 3;
/** Detailed Excel exports allowed per user per day. */
export const DETAILED_EXPORT_DAILY_MAX = 2;

/** UI themes. */
export const Theme = {
  DEFAULT: 'default',
  PHARMACY: 'pharmacy',
  PHARMACY_LIGHT: 'pharmacy-light',
} as const;
export type Theme = (typeof Theme)[keyof typeof Theme];
/** Themes of the pharmacy edition. */
export const PHARMACY_THEMES: readonly Theme[] = [Theme.PHARMACY, Theme.PHARMACY_LIGHT];
/** The pharmacy edition is the default one (seeds 000 §9), so its theme is the default theme. */
export const DEFAULT_THEME: Theme = Theme.PHARMACY;

/** Brand primary colour. */
export const PRIMARY_COLOR = '#4b7cf3';

/** Application modes. */
export const AppMode = { STANDARD: 1, PHARMACY: 2 } as const;
export type AppMode = (typeof AppMode)[keyof typeof AppMode];

/** Company types. */
export const CompanyType = { INDIVIDUAL: 'INDIVIDUAL', CORPORATION: 'CORPORATION' } as const;
export type CompanyType = (typeof CompanyType)[keyof typeof CompanyType];

/** Legal forms: a real person (şahıs) or a capital company (sermaye şirketi). */
export const LegalForm = { PERSON: 'PERSON', CAPITAL: 'CAPITAL' } as const;
export type LegalForm = (typeof LegalForm)[keyof typeof LegalForm];

/**
 * ERP types of a company profile (`companyProfile.erpType`).
 *
 * The seeds name only one value, the special pharmacy-retail type 'eczanem': companies of
 * that type do not land on /pharmacy-sale, menu items flagged `disabledForEczanem` are hidden
 * and the drug-tracking tool is unavailable. STANDARD (no pharmacy ERP) and MEDULA (a pharmacy
 * that works through the state health-insurance system) are this product's decision.
 * Values from the server are compared case-insensitively, see {@link isEczanem}.
 */
export const ErpType = { STANDARD: 'STANDARD', MEDULA: 'MEDULA', ECZANEM: 'ECZANEM' } as const;
export type ErpType = (typeof ErpType)[keyof typeof ErpType];

/** True when `erpType` is the special pharmacy-retail type 'eczanem' (any letter case). */
export function isEczanem(erpType: string | null | undefined): boolean {
  return typeof erpType === 'string' && erpType.toUpperCase() === ErpType.ECZANEM;
}

/** Client (installation) types. */
export const ClientType = {
  ERP_MEDULA: 'ERP_MEDULA',
  PORTAL_MEDULA: 'PORTAL_MEDULA',
  ERP_RETAIL: 'ERP_RETAIL',
  PORTAL_RETAIL: 'PORTAL_RETAIL',
  POS_DEVICE: 'POS_DEVICE',
  ERP_DIRECT: 'ERP_DIRECT',
} as const;
export type ClientType = (typeof ClientType)[keyof typeof ClientType];
/** The Medula group of client types. */
export const MEDULA_CLIENT_TYPES: readonly ClientType[] = [ClientType.ERP_MEDULA, ClientType.PORTAL_MEDULA];
/** The retail group of client types. */
export const RETAIL_CLIENT_TYPES: readonly ClientType[] = [
  ClientType.ERP_RETAIL,
  ClientType.PORTAL_RETAIL,
  ClientType.POS_DEVICE,
  ClientType.ERP_DIRECT,
];

/** Sector keys (also the sector locale codes). */
export const Sector = { PHARMACY: 'ECZ', GENERAL: 'GEN', CONSTRUCTION: 'INS' } as const;
export type Sector = (typeof Sector)[keyof typeof Sector];
/** Turkish sector names. */
export const SECTOR_NAMES_TR: Readonly<Record<Sector, string>> = {
  [Sector.PHARMACY]: 'Eczane',
  [Sector.GENERAL]: 'Genel',
  [Sector.CONSTRUCTION]: 'İnşaat',
};
/** Pharmacy is the default edition. */
export const DEFAULT_SECTOR: Sector = Sector.PHARMACY;

/** Port of the local API in the assistant-connected variant (http://localhost:10999). */
export const ASSISTANT_LOCAL_PORT = 10999;
