import type { Kysely } from 'kysely';
import { isValidEmail, isValidTckn, isValidVkn, SEED_TEXTS_TR } from '@tezgah/core';
import { problems, requireAuth, tables, type Handler, type RequestContext, type Services } from '@tezgah/server';
import { izibizClient, sandboxUrls, type IntegratorPort, type IntegratorSettings } from '../integrator/index';
import type { EdocumentTables } from '../schema';
import { decryptSecret, encryptSecret } from './crypto';
import { gibAliases } from './gib-users';

/**
 * A company's e-document settings (seeds 001 §3 integrator settings): which integrator, sandbox
 * or live, its URLs and credentials (passwords AES-256-GCM at rest, never answered), the sender
 * tags, the e-Arşiv send type, cash auto e-invoice, and the address its e-documents carry.
 */

export type Db = Kysely<any>;
const t = (db: Db) => db as unknown as Kysely<EdocumentTables & { companies: any; users: any }>;

export const INTEGRATORS = ['KOLAYSOFT', 'FARMAKOM', 'DIGER', 'SECINIZ'] as const;

/** The URL fields of the contract, as they are kept in edoc_settings.urls. */
export const URL_FIELDS = [
  'eInvoiceUrl', 'eQueryInvoiceUrl', 'eArchiveInvoiceUrl', 'eDespatchUrl', 'eQueryDespatchUrl', 'authUrl',
  'eInvoiceUrlSecondary', 'eQueryInvoiceUrlSecondary', 'eArchiveInvoiceUrlSecondary', 'eDespatchUrlSecondary', 'eQueryDespatchUrlSecondary',
] as const;
type UrlField = (typeof URL_FIELDS)[number];

/**
 * What tests and embedding programs may set instead of the configuration: the address the
 * sandbox integrator is reached at (default `services.config.publicUrl`) and the integrator
 * calls' timeout (default 20 s).
 */
export const settingsHooks: { sandboxPublicUrl: string | undefined; timeoutMs: number | undefined } = { sandboxPublicUrl: undefined, timeoutMs: undefined };
export const DEFAULT_TIMEOUT_MS = 20_000;

export interface CompanyIdentity {
  vknTckn: string; name: string; firstName?: string | null; familyName?: string | null; taxOffice: string | null;
  street: string | null; buildingNo: string | null; district: string | null; city: string | null; postalCode: string | null; country: string;
  email: string | null; phone: string | null; website: string | null; mersisNo: string | null; tradeRegistryNo: string | null;
}

export interface EdocSettings {
  enabled: boolean; integrator: string; mode: 'sandbox' | 'live'; senderTag: string | null; despatchSenderTag: string | null;
  earchiveSendType: 'ELEKTRONIK' | 'KAGIT'; autoSendCashSales: boolean;
  /** Decrypted, URLs resolved: sandbox → the server's own simulator, its user name the company's VKN/TCKN. */
  integratorSettings: IntegratorSettings;
}


async function settingsRow(db: Db, companyId: number) {
  return t(db).selectFrom('edoc_settings').selectAll().where('company_id', '=', companyId).executeTakeFirst();
}

async function companyRow(db: Db, companyId: number) {
  const c = await t(db).selectFrom('companies as c').leftJoin('users as u', 'u.id', 'c.owner_id')
    .select(['c.id', 'c.name', 'c.title', 'c.company_type', 'c.tax_number', 'c.tax_office', 'c.email', 'c.phone', 'c.mersis_no', 'c.invoice_prefix',
      'u.first_name as owner_first_name', 'u.last_name as owner_last_name'])
    .where('c.id', '=', companyId).executeTakeFirst();
  if (!c) throw problems.notFound('Firma');
  return c as {
    id: number; name: string; title: string | null; company_type: 'INDIVIDUAL' | 'CORPORATION'; tax_number: string; tax_office: string | null;
    email: string | null; phone: string | null; mersis_no: string | null; invoice_prefix: string | null; owner_first_name: string | null; owner_last_name: string | null;
  };
}

const urlsOf = (row: { urls: unknown } | undefined): Partial<Record<UrlField, string | null>> => {
  const u = row?.urls;
  if (!u) return {};
  if (typeof u === 'string') { try { return JSON.parse(u); } catch { return {}; } }
  return u as Partial<Record<UrlField, string | null>>;
};

/** The address each server listens on, learnt when it starts listening (index.ts): the server calls its own sandbox there. */
export const listeningUrls = new WeakMap<object, string>();

/**
 * Where the sandbox integrator answers: TEZGAH_EDOC_SANDBOX_URL, else a test's hook, else the
 * address this server listens on (a public URL may be a proxy the server cannot reach itself
 * through), else the public URL.
 */
export function sandboxPublicUrl(services: Pick<Services, 'config'>): string {
  const url = services.config.env?.TEZGAH_EDOC_SANDBOX_URL || settingsHooks.sandboxPublicUrl || listeningUrls.get(services.config) || services.config.publicUrl;
  return url.replace(/\/+$/, '');
}

/** The company's settings; defaults (disabled, sandbox) when it has no row. */
/** Does the company send its posted cash sales by itself (enabled, and asked for)? Its settings row alone. */
export async function autoSendsCashSales(db: Db, companyId: number): Promise<boolean> {
  const row = await t(db).selectFrom('edoc_settings').select(['enabled', 'auto_send_cash_sales']).where('company_id', '=', companyId).executeTakeFirst();
  return Boolean(row?.enabled && row.auto_send_cash_sales);
}

export async function loadSettings(db: Db, services: Services, companyId: number): Promise<EdocSettings> {
  const [row, company] = await Promise.all([settingsRow(db, companyId), companyRow(db, companyId)]);
  const mode = row?.mode ?? 'sandbox';
  const urls = urlsOf(row);
  const password = decryptSecret(services.secret, companyId, 'password', row?.password_enc) ?? '';
  const timeoutMs = settingsHooks.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const integratorSettings: IntegratorSettings = mode === 'sandbox'
    // The sandbox signs in with the VKN/TCKN and any non-empty password.
    ? { mode, urls: sandboxUrls(sandboxPublicUrl(services)), username: company.tax_number, password: password || 'sandbox', timeoutMs }
    : {
      mode,
      urls: { eInvoice: urls.eInvoiceUrl ?? '', eArchive: urls.eArchiveInvoiceUrl ?? '', eDespatch: urls.eDespatchUrl ?? '', auth: urls.authUrl ?? '' },
      username: row?.username ?? '', password, timeoutMs,
    };
  return {
    enabled: row?.enabled ?? false,
    integrator: row?.integrator ?? 'SECINIZ',
    mode,
    senderTag: row?.sender_tag ?? null,
    despatchSenderTag: row?.despatch_sender_tag ?? null,
    earchiveSendType: row?.earchive_send_type ?? 'ELEKTRONIK',
    autoSendCashSales: row?.auto_send_cash_sales ?? false,
    integratorSettings,
  };
}

/**
 * The integrator port the settings allow: the sandbox always; live once its sign-in URL, the
 * e-Fatura URL, a user name and a password are set. null otherwise (callers then use what is
 * cached, e.g. the GİB user list).
 */
export function integratorPort(settings: EdocSettings): IntegratorPort | null {
  const s = settings.integratorSettings;
  if (s.mode === 'live' && (!s.urls.auth || !s.urls.eInvoice || !s.username || !s.password)) return null;
  return izibizClient(s);
}

/** The company as its e-documents name it: the companies row, its owner (a person's first and family name), and the address kept with the settings. */
export async function companyIdentity(db: Db, companyId: number): Promise<CompanyIdentity> {
  const [c, s] = await Promise.all([companyRow(db, companyId), settingsRow(db, companyId)]);
  const person = c.company_type === 'INDIVIDUAL' || c.tax_number.length === 11;
  return {
    vknTckn: c.tax_number,
    name: (c.title?.trim() || c.name).trim(),
    firstName: person ? c.owner_first_name : null,
    familyName: person ? c.owner_last_name : null,
    taxOffice: c.tax_office,
    street: s?.street ?? null,
    buildingNo: s?.building_no ?? null,
    district: s?.district ?? null,
    city: s?.city ?? null,
    postalCode: s?.postal_code ?? null,
    country: 'Türkiye',
    email: c.email,
    phone: c.phone,
    website: s?.website ?? null,
    mersisNo: c.mersis_no,
    tradeRegistryNo: s?.trade_registry_no ?? null,
  };
}

export interface CompanyProblem { source: 'RULE'; message: string; field: string }

const blank = (v: string | null | undefined) => !v || !v.trim();

/**
 * What the company settings still miss for sending (seeds 001 §5: "company data must be completed
 * in company settings"), in Turkish, each naming where to fix it: `company.*` (the company record
 * or the settings page's address), or a settings field (`enabled`, `senderTag`, `authUrl`, ...).
 * Empty when the company can send.
 */
export function companyProblems(identity: CompanyIdentity, settings: EdocSettings): CompanyProblem[] {
  const out: CompanyProblem[] = [];
  const add = (field: string, message: string) => out.push({ source: 'RULE', field, message });
  if (!settings.enabled) add('enabled', 'e-Belge gönderimi bu firma için açık değil; Firma ayarları > e-Belge ayarlarından açın.');
  const id = identity.vknTckn;
  if (!(isValidVkn(id) || isValidTckn(id))) add('company.vknTckn', `Firmanın vergi kimlik numarası (10 hane) ya da T.C. kimlik numarası (11 hane) geçerli değil: ${id || 'boş'}.`);
  if (blank(identity.name)) add('company.name', 'Firma unvanı boş olamaz.');
  if (id.length === 11) {
    if (blank(identity.firstName)) add('company.firstName', 'Şahıs firmasında firma sahibinin adı gerekli.');
    if (blank(identity.familyName)) add('company.familyName', 'Şahıs firmasında firma sahibinin soyadı gerekli.');
  }
  if (blank(identity.taxOffice)) add('company.taxOffice', 'Firmanın vergi dairesi girilmeli.');
  if (blank(identity.district)) add('company.district', 'Firma adresinin ilçesi girilmeli.');
  if (blank(identity.city)) add('company.city', 'Firma adresinin ili girilmeli.');
  if (identity.email && !isValidEmail(identity.email)) add('company.email', `Firmanın e-posta adresi geçersiz: ${identity.email}.`);
  if (blank(settings.senderTag)) add('senderTag', 'Gönderici etiketi (GB, urn:mail:...) girilmeli.');
  if (settings.mode === 'live') {
    const s = settings.integratorSettings;
    if (settings.integrator === 'SECINIZ') add('integrator', 'Entegratör seçilmeli.');
    if (blank(s.urls.auth)) add('authUrl', 'Entegratörün oturum açma (auth) adresi girilmeli.');
    if (blank(s.urls.eInvoice)) add('eInvoiceUrl', 'Entegratörün e-Fatura servis adresi girilmeli.');
    if (blank(s.urls.eArchive)) add('eArchiveInvoiceUrl', 'Entegratörün e-Arşiv servis adresi girilmeli.');
    if (blank(s.username)) add('eInvoiceUsername', 'Entegratör kullanıcı adı girilmeli.');
    if (blank(s.password)) add('eInvoicePassword', 'Entegratör şifresi girilmeli.');
  }
  return out;
}

/** The seeds' own words for the problems above (001 §8), for a dialog's heading. */
export const COMPLETE_COMPANY_SETTINGS = SEED_TEXTS_TR.COMPLETE_COMPANY_SETTINGS;

// --- the operations --------------------------------------------------------------------------

type Body = Partial<Record<UrlField, string | null>> & {
  enabled?: boolean; integrator?: string; mode?: 'sandbox' | 'live'; entegratorSecondary?: string | null;
  eInvoiceUsername?: string | null; eInvoicePassword?: string | null; eInvoiceUsernameSecondary?: string | null; eInvoicePasswordSecondary?: string | null;
  senderTag?: string | null; despatchSenderTag?: string | null; earchiveSendType?: 'ELEKTRONIK' | 'KAGIT'; autoSendCashSales?: boolean;
  street?: string | null; buildingNo?: string | null; district?: string | null; city?: string | null; postalCode?: string | null;
  website?: string | null; tradeRegistryNo?: string | null;
};

const text = (v: string | null | undefined) => (v === undefined ? undefined : v?.trim() || null);
const TAG = /^urn:mail:[^\s@]+@[^\s@]+$/i;

function httpUrl(field: string, v: string | null | undefined): string | null | undefined {
  const s = text(v);
  if (!s) return s;
  let u: URL;
  try { u = new URL(s); } catch { throw problems.invalidField(field, 'Adres http:// ya da https:// ile başlayan geçerli bir URL olmalı.', 'URL'); }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') throw problems.invalidField(field, 'Adres http:// ya da https:// ile başlayan geçerli bir URL olmalı.', 'URL');
  if (u.username || u.password) throw problems.invalidField(field, 'Adres kullanıcı adı ya da şifre taşımamalı; onları kendi alanlarına girin.', 'URL');
  return s;
}

function tag(field: string, v: string | null | undefined): string | null | undefined {
  const s = text(v);
  if (s && !TAG.test(s)) throw problems.invalidField(field, 'Etiket urn:mail: ile başlayan bir GİB etiketi olmalı (ör. urn:mail:defaultgb@firma.com.tr).', 'TAG');
  return s;
}

/** The settings as the contract answers them (EDocumentSettings). */
async function settingsView(ctx: RequestContext, companyId: number) {
  const db = tables<EdocumentTables>(ctx) as unknown as Db;
  const [row, settings, identity] = await Promise.all([settingsRow(db, companyId), loadSettings(db, ctx.services, companyId), companyIdentity(db, companyId)]);
  const urls = urlsOf(row);
  let registered = false;
  try {
    registered = (await gibAliases(db, integratorPort(settings), identity.vknTckn, 'INVOICE', { afterwards: (fn) => ctx.afterwards((d) => fn(d)) })).length > 0;
  } catch {
    // The integrator did not answer: not known to be registered (the page still opens).
  }
  return {
    enabled: settings.enabled,
    integrator: settings.integrator,
    mode: settings.mode,
    ...Object.fromEntries(URL_FIELDS.map((f) => [f, urls[f] ?? null])),
    entegratorSecondary: row?.integrator_secondary ?? null,
    eInvoiceUsername: row?.username ?? null,
    eInvoiceUsernameSecondary: row?.username_secondary ?? null,
    senderTag: settings.senderTag,
    despatchSenderTag: settings.despatchSenderTag,
    earchiveSendType: settings.earchiveSendType,
    autoSendCashSales: settings.autoSendCashSales,
    street: identity.street, buildingNo: identity.buildingNo, district: identity.district, city: identity.city, postalCode: identity.postalCode,
    website: identity.website, tradeRegistryNo: identity.tradeRegistryNo,
    passwordSet: !!row?.password_enc,
    passwordSecondarySet: !!row?.password_secondary_enc,
    registered,
    companyProblems: companyProblems(identity, settings),
  };
}

const getEDocumentSettings: Handler = async (ctx) => settingsView(ctx, requireAuth(ctx).companyId);

/**
 * PUT: fields left out keep their value; a password left out, null or empty keeps the stored one
 * (the page never sees it); strings are trimmed, an empty one clears the field.
 */
const updateEDocumentSettings: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  const companyId = auth.companyId;
  const b = (ctx.body ?? {}) as Body;
  const db = tables<EdocumentTables>(ctx);
  const before = await settingsRow(db as unknown as Db, companyId);
  const urls: Record<string, string | null> = { ...urlsOf(before) };
  for (const f of URL_FIELDS) {
    const v = httpUrl(f, b[f]);
    if (v !== undefined) urls[f] = v;
  }
  const postal = text(b.postalCode);
  if (postal && !/^\d{5}$/.test(postal)) throw problems.invalidField('postalCode', 'Posta kodu 5 haneli bir sayı olmalı.', 'POSTAL_CODE');
  const website = text(b.website);
  if (website && /\s/.test(website)) throw problems.invalidField('website', 'Web sitesi adresi boşluk içeremez.', 'URL');
  const set: Record<string, unknown> = {
    enabled: b.enabled, integrator: b.integrator, mode: b.mode, integrator_secondary: b.entegratorSecondary,
    username: text(b.eInvoiceUsername), username_secondary: text(b.eInvoiceUsernameSecondary),
    sender_tag: tag('senderTag', b.senderTag), despatch_sender_tag: tag('despatchSenderTag', b.despatchSenderTag),
    earchive_send_type: b.earchiveSendType, auto_send_cash_sales: b.autoSendCashSales,
    street: text(b.street), building_no: text(b.buildingNo), district: text(b.district), city: text(b.city), postal_code: postal,
    website, trade_registry_no: text(b.tradeRegistryNo),
  };
  if (b.eInvoicePassword) set.password_enc = encryptSecret(ctx.services.secret, companyId, 'password', b.eInvoicePassword);
  if (b.eInvoicePasswordSecondary) set.password_secondary_enc = encryptSecret(ctx.services.secret, companyId, 'password_secondary', b.eInvoicePasswordSecondary);
  for (const k of Object.keys(set)) if (set[k] === undefined) delete set[k];
  const values = { ...set, urls: JSON.stringify(urls), updated_at: new Date() };
  await db.insertInto('edoc_settings').values({ company_id: companyId, ...values } as any)
    .onConflict((oc) => oc.column('company_id').doUpdateSet(values as any)).execute();
  const changed = Object.keys(set).map((k) => (k.endsWith('_enc') ? k.replace(/_enc$/, '') : k))
    .concat(URL_FIELDS.filter((f) => b[f] !== undefined && (urlsOf(before)[f] ?? null) !== urls[f]));
  ctx.audit({ action: 'edocument.settings.updated', entity: 'edoc_settings', entityId: companyId, detail: { fields: changed } });
  return settingsView(ctx, companyId);
};

export const settingsOperationHandlers: Record<string, Handler> = { getEDocumentSettings, updateEDocumentSettings };
