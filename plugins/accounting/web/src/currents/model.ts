import { electronicFormatIBAN, friendlyFormatIBAN, isValidIBAN } from 'ibantools';
import { Action, IBAN_LENGTH, Module, Sector, formatDecimalInput, isValidEmail, isValidTckn, isValidVkn, todayInTurkey, type WorkbenchHost } from '@tezgah/core';
import type { components } from '@tezgah/sdk';
import type { FieldErrors } from '@tezgah/workbench/ui';

export type Current = components['schemas']['Current'];
export type CurrentType = components['schemas']['CurrentAccountType'];
export type MainAccount = components['schemas']['CurrentMainAccount'];
export type CurrentBody = components['schemas']['CurrentFields'];

export const CURRENTS = '/services/onmuhasebe/api/currents';
export const MAIN_ACCOUNTS = '/services/onmuhasebe/api/current-main-accounts';

/** Each type's module, list route and default main account (seeds 000 §2, §6). */
export const TYPES: Readonly<Record<CurrentType, { module: number; route: string; account: string }>> = {
  CUSTOMER: { module: Module.CUSTOMER, route: '/customer', account: '120' },
  SUPPLIER: { module: Module.SUPPLIER, route: '/supplier', account: '320' },
  PERSONNEL: { module: Module.PERSONNEL, route: '/personnel', account: '335' },
  PARTNER: { module: Module.PARTNER, route: '/partner', account: '331' },
};
export const TYPE_ORDER: readonly CurrentType[] = ['CUSTOMER', 'SUPPLIER', 'PERSONNEL', 'PARTNER'];

/**
 * The main account codes a form offers for a type (the server takes any postable receivable or
 * payable account of the uniform chart; these are the usual ones).
 */
export const ACCOUNT_CHOICES: Readonly<Record<CurrentType, readonly string[]>> = {
  CUSTOMER: ['120', '121', '126', '127', '128', '136', '340'],
  SUPPLIER: ['320', '321', '326', '329', '159', '336'],
  PERSONNEL: ['335', '135', '196'],
  PARTNER: ['331', '131'],
};

/**
 * The pharmacy wording: in a pharmacy-sector company a customer is a patient (seeds 000 §1:
 * "customers (called patients in the pharmacy wording)"), so the texts of the customer type take
 * their `patient` variant there.
 */
export function isPharmacy(host: WorkbenchHost): boolean {
  return host.session?.sectorKey === Sector.PHARMACY;
}

/** The text key of a type's word (`currents.types.CUSTOMER` or `.PATIENT`). */
export function typeKey(type: CurrentType, pharmacy: boolean, form: 'one' | 'many' = 'one'): string {
  const word = type === 'CUSTOMER' && pharmacy ? 'PATIENT' : type;
  return `currents.${form === 'one' ? 'types' : 'plural'}.${word}`;
}

export const may = (host: WorkbenchHost, type: CurrentType, action: number) => host.can({ module: TYPES[type].module, anyActions: [action] });

/** The IBAN in groups of four as it is typed ("TR62 0001 0012 ..."), upper case, no other characters. */
export function formatIban(text: string): string {
  const compact = text.replace(/[^0-9A-Za-z]/g, '').toUpperCase().slice(0, 34);
  return friendlyFormatIBAN(compact) ?? compact;
}

/** What a form keeps: every field as text, the ids as text of a select (empty: none). */
export interface CurrentDraft {
  currentAccountType: CurrentType;
  name: string;
  lastName: string;
  title: string;
  gender: string;
  birthday: string;
  currencyId: string;
  phone: string;
  fax: string;
  email: string;
  webAddress: string;
  contactPerson: string;
  address: string;
  countryId: string;
  cityId: string;
  citySubdivisionId: string;
  postcode: string;
  taxNumber: string;
  taxOfficeCityId: string;
  taxOfficeId: string;
  iban: string;
  accountGroupCode: string;
  patientType: string;
  partnerType: string;
  sharePercentage: string;
  capital: string;
  active: boolean;
  alsoAs: boolean;
  tagIds: number[];
}

const s = (v: string | number | null | undefined) => (v === null || v === undefined ? '' : String(v));

export function draftOf(type: CurrentType, c?: Current | null, defaults: { countryId?: number } = {}): CurrentDraft {
  return {
    currentAccountType: c?.currentAccountType ?? type, name: s(c?.name), lastName: s(c?.lastName), title: s(c?.title), gender: s(c?.gender),
    birthday: s(c?.birthday), currencyId: c ? s(c.currencyId) : type === 'PERSONNEL' ? '' : '1', phone: s(c?.phone), fax: s(c?.fax), email: s(c?.email),
    webAddress: s(c?.webAddress), contactPerson: s(c?.contactPerson), address: s(c?.address), countryId: c ? s(c.countryId) : s(defaults.countryId),
    cityId: s(c?.cityId), citySubdivisionId: s(c?.citySubdivisionId), postcode: s(c?.postcode), taxNumber: s(c?.taxNumber),
    taxOfficeCityId: s(c?.taxOfficeCityId ?? c?.cityId), taxOfficeId: s(c?.taxOfficeId), iban: c?.iban ? formatIban(c.iban) : '',
    accountGroupCode: c?.accountGroupCode ?? TYPES[type].account, patientType: s(c?.patientType), partnerType: s(c?.partnerType),
    sharePercentage: c?.sharePercentage === null || c?.sharePercentage === undefined ? '' : String(c.sharePercentage).replace('.', ','),
    capital: formatDecimalInput(c?.capital), active: c?.active ?? true, alsoAs: false,
    tagIds: (c?.tags ?? []).map((x) => x.id),
  };
}

/** A number typed the Turkish way ("12,5", "1.250,75") or plainly ("12.5"); NaN when it is not one. */
export function parseNumber(text: string): number {
  const t = text.trim().replace(/\s/g, '');
  if (!t) return NaN;
  const normal = t.includes(',') ? t.replace(/\./g, '').replace(',', '.') : t;
  return /^-?\d+(\.\d+)?$/.test(normal) ? Number(normal) : NaN;
}

const twoDecimals = (n: number) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6;

/**
 * The seeds' rules, checked at the field before anything is sent (the server checks the same and
 * its messages land on the same fields). `t` gives the texts of `currents.rules.*`.
 */
export function validateCurrent(d: CurrentDraft, t: (key: string) => string): FieldErrors {
  const e: FieldErrors = {};
  const rule = (k: string) => t(`currents.rules.${k}`);
  const type = d.currentAccountType;
  if (!d.name.trim()) e.name = rule('nameRequired');
  if (type === 'PERSONNEL' && !d.currencyId) e.currencyId = rule('currencyRequired');
  if (d.email.trim() && !isValidEmail(d.email.trim())) e.email = rule('email');
  const id = d.taxNumber.replace(/\s/g, '');
  if (id) {
    if (!/^\d+$/.test(id) || (id.length !== 10 && id.length !== 11)) e.taxNumber = rule('taxNumberLength');
    else if (id.length === 11 && !isValidTckn(id)) e.taxNumber = rule('tckn');
    else if (id.length === 10 && !isValidVkn(id)) e.taxNumber = rule('vkn');
  }
  const needsOffice = type === 'CUSTOMER' || (d.alsoAs && type === 'SUPPLIER');
  if (needsOffice && !d.taxOfficeId) e.taxOfficeId = rule('taxOfficeRequired');
  const iban = d.iban.replace(/\s/g, '');
  if (iban) {
    if (!/^[A-Z]{2}/.test(iban)) e.iban = rule('ibanCountry');
    else if (!iban.startsWith('TR')) e.iban = rule('ibanTurkish');
    else if (iban.length !== IBAN_LENGTH) e.iban = rule('ibanLength');
    else if (!isValidIBAN(iban)) e.iban = rule('ibanChecksum');
  }
  if (d.birthday && !/^\d{4}-\d{2}-\d{2}$/.test(d.birthday)) e.birthday = rule('dateFormat');
  else if (d.birthday && d.birthday > todayInTurkey()) e.birthday = rule('birthdayFuture');
  if (d.citySubdivisionId && !d.cityId) e.citySubdivisionId = rule('cityFirst');
  if (!d.accountGroupCode.trim()) e.accountGroupCode = rule('accountRequired');
  if (type === 'PARTNER') {
    if (!d.partnerType) e.partnerType = rule('partnerTypeRequired');
    const share = parseNumber(d.sharePercentage);
    if (!d.sharePercentage.trim()) e.sharePercentage = rule('shareRequired');
    else if (Number.isNaN(share) || share < 0 || share > 100 || !twoDecimals(share)) e.sharePercentage = rule('shareRange');
    const capital = parseNumber(d.capital);
    if (!d.capital.trim()) e.capital = rule('capitalRequired');
    else if (Number.isNaN(capital) || !twoDecimals(capital)) e.capital = rule('capitalFormat');
    else if (capital < 0) e.capital = rule('capitalNegative');
  }
  return e;
}

const textOrNull = (v: string) => (v.trim() ? v.trim() : null);
const idOrNull = (v: string) => (v ? Number(v) : null);

/**
 * The request body of a checked draft. Tags go only when the form showed them (`withTags`): a
 * user who may not view tags must not clear them by saving.
 */
export function bodyOf(d: CurrentDraft, withTags = false): CurrentBody {
  const type = d.currentAccountType;
  return {
    currentAccountType: type, name: d.name.trim(), lastName: textOrNull(d.lastName), title: textOrNull(d.title),
    gender: (d.gender || null) as CurrentBody['gender'], birthday: d.birthday || null, currencyId: idOrNull(d.currencyId),
    phone: textOrNull(d.phone), fax: textOrNull(d.fax), email: textOrNull(d.email), webAddress: textOrNull(d.webAddress),
    contactPerson: textOrNull(d.contactPerson), address: textOrNull(d.address), countryId: idOrNull(d.countryId), cityId: idOrNull(d.cityId),
    citySubdivisionId: idOrNull(d.citySubdivisionId), postcode: textOrNull(d.postcode), taxNumber: textOrNull(d.taxNumber.replace(/\s/g, '')),
    taxOfficeId: idOrNull(d.taxOfficeId), iban: d.iban.trim() ? electronicFormatIBAN(d.iban) : null, accountGroupCode: d.accountGroupCode.trim(),
    patientType: type === 'CUSTOMER' ? ((d.patientType || null) as CurrentBody['patientType']) : null,
    partnerType: type === 'PARTNER' ? ((d.partnerType || null) as CurrentBody['partnerType']) : null,
    sharePercentage: type === 'PARTNER' ? parseNumber(d.sharePercentage) : null,
    capital: type === 'PARTNER' ? parseNumber(d.capital) : null,
    active: d.active,
    ...(withTags ? { tagIds: d.tagIds } : {}),
  };
}

/** The field names of the form, for the server's field messages. */
export const FORM_FIELDS = [
  'currentAccountType', 'name', 'lastName', 'title', 'gender', 'birthday', 'currencyId', 'phone', 'fax', 'email', 'webAddress', 'contactPerson', 'address',
  'countryId', 'cityId', 'citySubdivisionId', 'postcode', 'taxNumber', 'taxOfficeId', 'iban', 'accountGroupCode', 'patientType', 'partnerType',
  'sharePercentage', 'capital', 'alsoAs', 'tagIds',
] as const;

/** The create authority of the "also add as" twin: as-customer create (14) or as-supplier create (15) on the type's module. */
export function alsoAsOf(type: CurrentType): { twin: CurrentType; action: number } | null {
  if (type === 'CUSTOMER') return { twin: 'SUPPLIER', action: Action.AS_SUPPLIER_CREATE };
  if (type === 'SUPPLIER') return { twin: 'CUSTOMER', action: Action.AS_CUSTOMER_CREATE };
  return null;
}
