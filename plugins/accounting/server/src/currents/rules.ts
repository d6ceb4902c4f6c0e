import { electronicFormatIBAN, isValidIBAN } from 'ibantools';
import { IBAN_LENGTH, Module, isValidEmail, isValidTckn, isValidVkn } from '@tezgah/core';
import type { AccountingTables } from '../schema';
import type { Places } from '../lookups/lookups.repository';

/**
 * The rules of a current account (seeds 000 §3, §5), as pure functions: the same checks for a
 * form's create and update, and for each item of a bulk import. Messages are Turkish, or the
 * seeds' own text ('Wrong e-mail format').
 */

export const CURRENT_TYPES = ['CUSTOMER', 'SUPPLIER', 'PERSONNEL', 'PARTNER'] as const;
export type CurrentType = (typeof CURRENT_TYPES)[number];

/** The module whose authorities govern each type (seeds 000 §6). */
export const TYPE_MODULE: Readonly<Record<CurrentType, number>> = {
  CUSTOMER: Module.CUSTOMER, SUPPLIER: Module.SUPPLIER, PARTNER: Module.PARTNER, PERSONNEL: Module.PERSONNEL,
};

/** The main account a new current gets in the uniform chart, by type. */
export const DEFAULT_ACCOUNT_CODE: Readonly<Record<CurrentType, string>> = {
  CUSTOMER: '120', SUPPLIER: '320', PERSONNEL: '335', PARTNER: '331',
};

/** How a type is named in messages. */
export const TYPE_NAME: Readonly<Record<CurrentType, string>> = {
  CUSTOMER: 'müşteri', SUPPLIER: 'tedarikçi', PERSONNEL: 'personel', PARTNER: 'ortak',
};

/**
 * Chart groups a current's main account may be in: trade and other receivables and payables,
 * short and long term (12, 13, 22, 23, 32, 33, 42, 43), advances received (34, 44), and the
 * advances given that are kept per party (159 order advances, 195 job, 196 personnel advances).
 */
const ACCOUNT_GROUPS = ['12', '13', '22', '23', '32', '33', '34', '42', '43', '44'];
const ACCOUNT_CODES = ['159', '195', '196'];

export function isCurrentAccountCode(code: string): boolean {
  return ACCOUNT_CODES.includes(code) || ACCOUNT_GROUPS.includes(code.slice(0, 2));
}

/** Why a code cannot be a current's main account (not in the chart, not postable, not a receivable or payable), or null. */
export function accountCodeProblem(code: string, chart: Map<string, AccountingTables['chart_accounts']>): { message: string; code: string } | null {
  const account = chart.get(code);
  if (!account) return { message: 'Bu hesap kodu tekdüzen hesap planında yok.', code: 'UNKNOWN' };
  if (!account.postable) return { message: 'Hesap kodu kayıt atılabilir bir ana hesap olmalıdır (ör. 120, 320).', code: 'NOT_POSTABLE' };
  if (!isCurrentAccountCode(account.code)) {
    return { message: 'Cari hesap kodu bir alacak ya da borç hesabı olmalıdır (12, 13, 22, 23, 32, 33, 34, 42, 43, 44 grupları; 159, 195, 196).', code: 'NOT_CURRENT_ACCOUNT' };
  }
  return null;
}

/** Largest capital accepted: 13 integer digits keep two decimals exact in a JSON number. */
export const CAPITAL_MAX = 9_999_999_999_999.99;

/** A current's fields after normalisation (trimmed; empty text is null). */
export interface CurrentInput {
  currentAccountType: CurrentType;
  name: string;
  lastName: string | null;
  title: string | null;
  gender: 'MALE' | 'FEMALE' | null;
  birthday: string | null;
  currencyId: number | null;
  phone: string | null;
  fax: string | null;
  email: string | null;
  webAddress: string | null;
  contactPerson: string | null;
  address: string | null;
  countryId: number | null;
  cityId: number | null;
  citySubdivisionId: number | null;
  postcode: string | null;
  taxNumber: string | null;
  taxOfficeId: number | null;
  iban: string | null;
  accountGroupCode: string | null;
  patientType: 'BY_SALARY' | 'BY_HAND' | null;
  partnerType: 'INDIVIDUAL' | 'CORPORATE' | null;
  sharePercentage: number | null;
  capital: number | null;
  active: boolean;
  /** The tags to give it; absent: keep what it has (none for a new record). */
  tagIds?: number[];
}

const TEXT_FIELDS = ['name', 'lastName', 'title', 'phone', 'fax', 'email', 'webAddress', 'contactPerson', 'address', 'postcode'] as const;
const OTHER_FIELDS = ['currentAccountType', 'gender', 'birthday', 'currencyId', 'countryId', 'cityId', 'citySubdivisionId', 'taxNumber', 'taxOfficeId', 'iban', 'accountGroupCode', 'patientType', 'partnerType', 'sharePercentage', 'capital', 'active', 'tagIds'] as const;
export const INPUT_FIELDS: readonly (keyof CurrentInput)[] = [...TEXT_FIELDS, ...OTHER_FIELDS];

const text = (v: unknown): string | null => {
  if (typeof v !== 'string') return null;
  const t = v.trim();
  return t === '' ? null : t;
};

/**
 * The fields a request gives, normalised: text trimmed (blank is null), spaces dropped from the
 * tax/national ID, the IBAN in electronic format (no spaces, upper case). Fields the request
 * leaves out stay out, so an update can keep them.
 */
export function normalize(body: Record<string, unknown>): Partial<CurrentInput> {
  const out: Record<string, unknown> = {};
  for (const f of INPUT_FIELDS) {
    if (!(f in body)) continue;
    const v = body[f];
    if ((TEXT_FIELDS as readonly string[]).includes(f)) out[f] = text(v);
    else if (f === 'taxNumber') out[f] = typeof v === 'string' && v.replace(/\s+/g, '') !== '' ? v.replace(/\s+/g, '') : null;
    else if (f === 'iban') out[f] = typeof v === 'string' && v.trim() !== '' ? electronicFormatIBAN(v) ?? v.replace(/\s+/g, '').toUpperCase() : null;
    else if (f === 'accountGroupCode') out[f] = text(v);
    else if (f === 'tagIds') out[f] = [...new Set((v as number[] | null) ?? [])];
    else out[f] = v ?? null;
  }
  if (out.name === null) out.name = '';
  return out as Partial<CurrentInput>;
}

/** A complete input: what `given` says, else `base` (the stored record), else empty. */
export function complete(given: Partial<CurrentInput>, base?: CurrentInput): CurrentInput {
  const empty: CurrentInput = {
    currentAccountType: 'CUSTOMER', name: '', lastName: null, title: null, gender: null, birthday: null, currencyId: null, phone: null, fax: null,
    email: null, webAddress: null, contactPerson: null, address: null, countryId: null, cityId: null, citySubdivisionId: null, postcode: null,
    taxNumber: null, taxOfficeId: null, iban: null, accountGroupCode: null, patientType: null, partnerType: null, sharePercentage: null, capital: null, active: true,
  };
  const out = { ...(base ?? empty) } as Record<string, unknown>;
  for (const [k, v] of Object.entries(given)) if (v !== undefined) out[k] = v;
  return out as unknown as CurrentInput;
}

export interface FieldProblem {
  field: string;
  message: string;
  code: string;
}

/** What the rules need besides the record: the reference rows it names and today's date. */
export interface RuleContext {
  places: Places;
  chart: Map<string, AccountingTables['chart_accounts']>;
  currencies: Set<number>;
  /** The company's tags among those the records name. */
  tags: Set<number>;
  /** YYYY-MM-DD */
  today: string;
}

/** Two decimals at most (amounts and percentages). */
const twoDecimals = (n: number) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6;

/** The IBAN rule (seeds 000 §5, §9): TR, letters as country code, 26 characters, valid checksum. */
export function ibanProblem(iban: string): string | null {
  if (!/^[A-Z]{2}/.test(iban)) return 'IBAN ülke kodu ile (TR) başlamalıdır.';
  if (!iban.startsWith('TR')) return 'Yalnızca Türkiye IBAN\'ı (TR) girilebilir.';
  if (iban.length !== IBAN_LENGTH) return `IBAN ${IBAN_LENGTH} karakter olmalıdır.`;
  if (!isValidIBAN(iban)) return 'IBAN geçersiz: kontrol basamakları tutmuyor.';
  return null;
}

/** The ID rule: 11 digits is a national ID (TCKN), 10 a tax number (VKN), each by its check digits. */
export function taxNumberProblem(n: string): string | null {
  if (!/^\d+$/.test(n) || (n.length !== 10 && n.length !== 11)) return 'T.C. kimlik numarası 11, vergi kimlik numarası 10 haneli olmalıdır.';
  if (n.length === 11 && !isValidTckn(n)) return 'T.C. kimlik numarası geçersiz: kontrol basamakları tutmuyor.';
  if (n.length === 10 && !isValidVkn(n)) return 'Vergi kimlik numarası geçersiz: kontrol basamakları tutmuyor.';
  return null;
}

/**
 * Checks a complete record and fills what follows from it: the currency (TL unless personnel,
 * who must name one), the country from the city, the main account code from the type.
 * Returns the record to store and the field problems (empty when it may be stored).
 */
export function checkCurrent(input: CurrentInput, ctx: RuleContext): { value: CurrentInput; problems: FieldProblem[] } {
  const v: CurrentInput = { ...input };
  const problems: FieldProblem[] = [];
  const fail = (field: keyof CurrentInput | 'alsoAs', message: string, code = 'INVALID') => problems.push({ field, message, code });
  const type = v.currentAccountType;

  if (!v.name.trim()) fail('name', 'Ad zorunludur.', 'REQUIRED');

  if (v.currencyId === null) {
    if (type === 'PERSONNEL') fail('currencyId', 'Personel için para birimi zorunludur.', 'REQUIRED');
    else v.currencyId = 1;
  } else if (!ctx.currencies.has(v.currencyId)) fail('currencyId', 'Para birimi bulunamadı.', 'UNKNOWN');

  if (v.email !== null && !isValidEmail(v.email)) fail('email', 'Wrong e-mail format', 'EMAIL');

  if (v.taxNumber !== null) {
    const p = taxNumberProblem(v.taxNumber);
    if (p) fail('taxNumber', p, 'TAX_NUMBER');
  }

  if (v.taxOfficeId === null) {
    if (type === 'CUSTOMER') fail('taxOfficeId', 'Müşteri için vergi dairesi zorunludur.', 'REQUIRED');
  } else if (!ctx.places.taxOffices.has(v.taxOfficeId)) fail('taxOfficeId', 'Vergi dairesi bulunamadı.', 'UNKNOWN');

  if (v.iban !== null) {
    const p = ibanProblem(v.iban);
    if (p) fail('iban', p, 'IBAN');
  }

  if (v.countryId !== null && !ctx.places.countries.has(v.countryId)) fail('countryId', 'Ülke bulunamadı.', 'UNKNOWN');
  if (v.cityId !== null) {
    const city = ctx.places.cities.get(v.cityId);
    if (!city) fail('cityId', 'İl bulunamadı.', 'UNKNOWN');
    else if (v.countryId === null) v.countryId = city.country_id;
    else if (city.country_id !== v.countryId) fail('cityId', 'Seçilen il bu ülkede değil.', 'MISMATCH');
  }
  if (v.citySubdivisionId !== null) {
    const district = ctx.places.subdivisions.get(v.citySubdivisionId);
    if (!district) fail('citySubdivisionId', 'İlçe bulunamadı.', 'UNKNOWN');
    else if (v.cityId === null) fail('citySubdivisionId', 'İlçe için önce il seçilmelidir.', 'MISMATCH');
    else if (district.city_id !== v.cityId) fail('citySubdivisionId', 'Seçilen ilçe bu ilde değil.', 'MISMATCH');
  }

  if (v.tagIds?.some((t) => !ctx.tags.has(t))) fail('tagIds', 'Etiket bulunamadı.', 'NOT_FOUND');

  if (v.birthday !== null && v.birthday > ctx.today) fail('birthday', 'Doğum tarihi ileri bir tarih olamaz.', 'FUTURE');

  v.accountGroupCode ??= DEFAULT_ACCOUNT_CODE[type];
  const accountProblem = accountCodeProblem(v.accountGroupCode, ctx.chart);
  if (accountProblem) fail('accountGroupCode', accountProblem.message, accountProblem.code);

  if (v.patientType !== null && type !== 'CUSTOMER') fail('patientType', 'Hasta tipi yalnızca müşteri (hasta) kayıtlarında girilir.', 'ONLY_CUSTOMER');

  if (type === 'PARTNER') {
    if (v.partnerType === null) fail('partnerType', 'Ortak tipi zorunludur: şahıs veya kurumsal.', 'REQUIRED');
    if (v.sharePercentage === null) fail('sharePercentage', 'Hisse oranı zorunludur.', 'REQUIRED');
    else if (v.sharePercentage < 0 || v.sharePercentage > 100 || !twoDecimals(v.sharePercentage)) fail('sharePercentage', 'Hisse oranı 0 ile 100 arasında, en çok iki ondalıklı olmalıdır.', 'RANGE');
    if (v.capital === null) fail('capital', 'Sermaye zorunludur.', 'REQUIRED');
    else if (v.capital < 0) fail('capital', 'Sermaye negatif olamaz.', 'RANGE');
    else if (v.capital > CAPITAL_MAX || !twoDecimals(v.capital)) fail('capital', 'Sermaye en çok 13 tam ve 2 ondalık basamaklı olmalıdır.', 'RANGE');
  } else {
    for (const f of ['partnerType', 'sharePercentage', 'capital'] as const) {
      if (v[f] !== null) fail(f, 'Yalnızca ortak kayıtlarında girilir.', 'ONLY_PARTNER');
    }
  }
  return { value: v, problems };
}

/** The reference ids a set of records names, to look them up in one go. */
export function referencedIds(records: CurrentInput[]) {
  const pick = (f: 'countryId' | 'cityId' | 'citySubdivisionId' | 'taxOfficeId') => records.map((r) => r[f]).filter((x): x is number => x !== null);
  return {
    countryIds: pick('countryId'), cityIds: pick('cityId'), subdivisionIds: pick('citySubdivisionId'), taxOfficeIds: pick('taxOfficeId'),
    accountCodes: records.map((r) => r.accountGroupCode ?? DEFAULT_ACCOUNT_CODE[r.currentAccountType]),
    tagIds: records.flatMap((r) => r.tagIds ?? []),
  };
}
