/**
 * The company form's model: the fields the seeds (000 §3, 001 §3) and the API (CompanyFields)
 * share, their rules (000 §5, 001 §5) and the request body. Companies are the kernel's (it owns
 * /companies), so the form and its texts (the kernel's `company.*`) live in the UI kit.
 */
import { CompanyType, isValidEmail, isValidInvoicePrefix, isValidTckn, isValidVkn, MODULE_ACTIONS } from '@tezgah/core';
import type { Company, CompanyCreate } from '@tezgah/sdk';
import { MANAGEMENT_MODULES } from '../authority';
import type { FieldErrors } from '../form/fieldErrors';

/** A translation function as the validator takes it (i18next's kernel `t`, or a stub in unit tests). */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

/** A message when the trimmed `value` is longer than `max`. */
function tooLong(value: string, max: number, t: Translate): string | undefined {
  return value.trim().length > max ? t('company.maxLength', { max }) : undefined;
}

/** The API's phone rule (CompanyFields.phone): digits, spaces and ( ) + -, at most 20. */
const PHONE_PATTERN = /^[0-9 ()+-]*$/;

function phoneError(value: string, t: Translate): string | undefined {
  const v = value.trim();
  return v && (!PHONE_PATTERN.test(v) || v.length > 20) ? t('company.phoneInvalid') : undefined;
}

/** The form's values, as typed (numbers and dates as the inputs hold them). */
export interface CompanyDraft {
  name: string;
  title: string;
  companyType: string;
  taxNumber: string;
  taxOffice: string;
  email: string;
  phone: string;
  mersisNo: string;
  sectorId: string;
  erpType: string;
  invoicePrefix: string;
  tags: string[];
  subscriptionStart: string;
  subscriptionEnd: string;
  userCount: string;
  activationDate: string;
  coordinatingUser: string;
  itsUsername: string;
  active: boolean;
  modules: number[];
  ownerLogin: string;
}

/** Form fields in screen order (server messages for these go to the field). */
export const COMPANY_FIELDS = [
  'name', 'title', 'companyType', 'taxNumber', 'taxOffice', 'sectorId', 'erpType', 'ownerLogin', 'email', 'phone', 'mersisNo',
  'invoicePrefix', 'itsUsername', 'coordinatingUser', 'tags', 'subscriptionStart', 'subscriptionEnd', 'userCount',
  'activationDate', 'active', 'modules',
] as const;

export const ERP_TYPES = ['STANDARD', 'MEDULA', 'ECZANEM'] as const;
export const COMPANY_TYPES = [CompanyType.INDIVIDUAL, CompanyType.CORPORATION] as const;

/** The modules a company may subscribe to (the business ones; management modules are not sold). */
export const COMPANY_MODULES: readonly number[] = Object.keys(MODULE_ACTIONS)
  .map(Number)
  .filter((m) => !MANAGEMENT_MODULES.includes(m))
  .sort((a, b) => a - b);

/** A date the API sends (YYYY-MM-DD, or a timestamp) as a date input's value. */
export function dateValue(v: string | null | undefined): string {
  return typeof v === 'string' && /^\d{4}-\d{2}-\d{2}/.test(v) ? v.slice(0, 10) : '';
}

export function companyDraft(c: Company | null, defaults: { ownerLogin?: string } = {}): CompanyDraft {
  return {
    name: c?.name ?? '',
    title: c?.title ?? '',
    companyType: c?.companyType ?? CompanyType.CORPORATION,
    taxNumber: c?.taxNumber ?? '',
    taxOffice: c?.taxOffice ?? '',
    email: c?.email ?? '',
    phone: c?.phone ?? '',
    mersisNo: c?.mersisNo ?? '',
    sectorId: c ? String(c.sectorId) : '',
    erpType: c?.erpType ?? '',
    invoicePrefix: c?.invoicePrefix ?? '',
    tags: [...(c?.tags ?? [])],
    subscriptionStart: dateValue(c?.subscriptionStart),
    subscriptionEnd: dateValue(c?.subscriptionEnd),
    userCount: c?.userCount == null ? '' : String(c.userCount),
    activationDate: dateValue(c?.activationDate),
    coordinatingUser: c?.coordinatingUser ?? '',
    itsUsername: c?.itsUsername ?? '',
    active: c?.active ?? true,
    modules: [...(c?.modules ?? [])],
    ownerLogin: c?.ownerLogin ?? defaults.ownerLogin ?? '',
  };
}

export interface CompanyRules {
  /** The owner's login is asked for (a new company in management). */
  owner?: boolean;
}

/**
 * Seeds 000 §5 / 001 §5: name, title, tax or national ID, owner, sector, type, modules and ERP
 * type required; the contact e-mail valid; the invoice prefix exactly 7 characters. The tax
 * number is a VKN (10 digits, checksum) for a corporation and a TCKN (11 digits) for an
 * individual; the Mersis number has 16 digits. `t` translates in the kernel's namespace.
 */
export function validateCompany(d: CompanyDraft, rules: CompanyRules, t: Translate): FieldErrors {
  const required = t('common.required');
  const e: FieldErrors = {};
  const req = (key: keyof CompanyDraft, value: string, max: number) => {
    e[key] = value.trim() ? tooLong(value, max, t) : required;
  };
  req('name', d.name, 200);
  req('title', d.title, 250);
  if (!d.companyType) e.companyType = required;
  const tax = d.taxNumber.trim();
  if (!tax) e.taxNumber = required;
  else if (d.companyType === CompanyType.INDIVIDUAL && !isValidTckn(tax)) e.taxNumber = t('company.tcknInvalid');
  else if (d.companyType === CompanyType.CORPORATION && !isValidVkn(tax)) e.taxNumber = t('company.vknInvalid');
  e.taxOffice = tooLong(d.taxOffice, 100, t);
  if (!d.sectorId) e.sectorId = required;
  if (!d.erpType) e.erpType = required;
  if (rules.owner) req('ownerLogin', d.ownerLogin, 50);
  const email = d.email.trim();
  if (email && !isValidEmail(email)) e.email = t('company.emailInvalid');
  e.phone = phoneError(d.phone, t);
  const mersis = d.mersisNo.trim();
  if (mersis && !/^\d{16}$/.test(mersis)) e.mersisNo = t('company.mersisInvalid');
  const prefix = d.invoicePrefix.trim();
  if (prefix && !isValidInvoicePrefix(prefix)) e.invoicePrefix = t('company.invoicePrefixInvalid');
  e.itsUsername = tooLong(d.itsUsername, 100, t);
  e.coordinatingUser = tooLong(d.coordinatingUser, 100, t);
  if (d.tags.length > 50 || d.tags.some((tag) => tag.length > 50)) e.tags = t('company.tagsHint');
  if (d.subscriptionStart && d.subscriptionEnd && d.subscriptionEnd < d.subscriptionStart) e.subscriptionEnd = t('company.subscriptionOrder');
  // Date fields hold ISO dates; text that is not a whole DD/MM/YYYY date stays as typed and is refused here.
  for (const f of ['subscriptionStart', 'subscriptionEnd', 'activationDate'] as const) {
    if (d[f] && !/^\d{4}-\d{2}-\d{2}$/.test(d[f])) e[f] = t('company.dateInvalid');
  }
  const count = d.userCount.trim();
  if (count && (!/^\d+$/.test(count) || Number(count) > 100000)) e.userCount = t('company.userCountInvalid');
  if (d.modules.length === 0) e.modules = t('company.modulesRequired');
  for (const key of Object.keys(e)) if (!e[key]) delete e[key];
  return e;
}

const orNull = (s: string) => (s.trim() ? s.trim() : null);

/** The request body (CompanyFields, plus ownerLogin when asked for); blanks become null. */
export function companyBody(d: CompanyDraft, rules: CompanyRules = {}): CompanyCreate {
  return {
    name: d.name.trim(),
    title: d.title.trim(),
    companyType: d.companyType as CompanyCreate['companyType'],
    taxNumber: d.taxNumber.trim(),
    taxOffice: orNull(d.taxOffice),
    email: orNull(d.email),
    phone: orNull(d.phone),
    mersisNo: orNull(d.mersisNo),
    sectorId: Number(d.sectorId),
    erpType: d.erpType as CompanyCreate['erpType'],
    invoicePrefix: orNull(d.invoicePrefix),
    modules: [...d.modules].sort((a, b) => a - b),
    tags: d.tags.map((tag) => tag.trim()).filter(Boolean),
    subscriptionStart: orNull(d.subscriptionStart),
    subscriptionEnd: orNull(d.subscriptionEnd),
    userCount: d.userCount.trim() ? Number(d.userCount.trim()) : null,
    activationDate: orNull(d.activationDate),
    coordinatingUser: orNull(d.coordinatingUser),
    itsUsername: orNull(d.itsUsername),
    active: d.active,
    ...(rules.owner ? { ownerLogin: d.ownerLogin.trim() } : {}),
  };
}
