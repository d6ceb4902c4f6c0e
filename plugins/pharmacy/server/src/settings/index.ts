import type { Kysely } from 'kysely';
import { openSecret, problems, requireAuth, sealSecret, setTenant, tables, type Handler, type SecretScope, type Services } from '@tezgah/server';
import type { PharmacyArea } from '../area';
import type { PharmacyTables } from '../schema';

/**
 * The pharmacy's accounts with the outside systems (seeds 001 §3 company: Medula user and
 * password, ITS user and password, UTS token) and the patient-share rules the counter computes
 * with. The İTS user name is the company's own `its_username` (its first 13 characters are the
 * pharmacy's GLN, the rest 4 digits: İTS's rule 11039). Secrets are sealed with the server's
 * secret, bound to company and field, and never answered (`…Set` says whether one is stored).
 * `mode` picks the adapter: the sandbox this server serves under /sandbox/pharmacy, or the live
 * service (TEZGAH_MEDULA_URL, TEZGAH_ITS_URL, TEZGAH_UTS_URL; the public defaults below).
 */

type Mode = 'sandbox' | 'live';
export interface PharmacyAccounts {
  medula: { mode: Mode; username: string | null; password: string | null; pharmacyCode: string | null; url: string };
  its: { mode: Mode; username: string | null; gln: string | null; password: string | null; url: string };
  uts: { mode: Mode; token: string | null; url: string };
}

export const LIVE_URLS = {
  medula: 'https://medeczane.sgk.gov.tr/medula/eczane',
  its: 'https://its2.saglik.gov.tr',
  uts: 'https://utsuygulama.saglik.gov.tr',
} as const;

export const DEFAULT_OUTSIDE_TIMEOUT_MS = 15_000;

/** The address each server listens on, learnt when it starts listening: the server calls its own sandbox there. */
const listening = new WeakMap<object, string>();

/** Test hooks: a fixed sandbox base or timeout for a test server. */
export const settingsHooks: { sandboxBase: string | undefined; timeoutMs: number | undefined } = { sandboxBase: undefined, timeoutMs: undefined };

/**
 * Where the pharmacy sandboxes answer: TEZGAH_PHARMACY_SANDBOX_URL, else a test's hook, else the
 * address this server listens on, else its public URL; with `/sandbox/pharmacy` appended.
 */
export function sandboxBase(services: Pick<Services, 'config'>): string {
  const base = services.config.env?.TEZGAH_PHARMACY_SANDBOX_URL || settingsHooks.sandboxBase || listening.get(services.config) || services.config.publicUrl;
  return `${base.replace(/\/+$/, '')}/sandbox/pharmacy`;
}

/** How long a call to Medula, İTS or ÜTS may take (TEZGAH_PHARMACY_TIMEOUT_MS, 15 s). */
export function outsideTimeoutMs(services: Pick<Services, 'config'>): number {
  const v = Number(services.config.env?.TEZGAH_PHARMACY_TIMEOUT_MS);
  return settingsHooks.timeoutMs ?? (Number.isFinite(v) && v > 0 ? v : DEFAULT_OUTSIDE_TIMEOUT_MS);
}

const scope = (companyId: number, field: string): SecretScope => ({ salt: 'tezgah-pharmacy', info: 'pharmacy_settings v1', aad: `pharmacy_settings:${companyId}:${field}` });

type Db = Kysely<PharmacyTables & { companies: { id: number; its_username: string | null } }>;

export async function loadAccounts(db: Kysely<any>, services: Services, companyId: number): Promise<PharmacyAccounts> {
  const d = db as Db;
  const [row, company] = await Promise.all([
    d.selectFrom('pharmacy_settings').selectAll().where('company_id', '=', companyId).executeTakeFirst(),
    d.selectFrom('companies').select(['its_username']).where('id', '=', companyId).executeTakeFirst(),
  ]);
  const env = services.config.env ?? {};
  const sb = sandboxBase(services);
  const open = (field: string, v: string | null | undefined) => openSecret(services.secret, scope(companyId, field), v);
  const itsUser = company?.its_username ?? null;
  const mm: Mode = row?.medula_mode ?? 'sandbox';
  const im: Mode = row?.its_mode ?? 'sandbox';
  const um: Mode = row?.uts_mode ?? 'sandbox';
  return {
    medula: { mode: mm, username: row?.medula_username ?? null, password: open('medula_password', row?.medula_password_enc), pharmacyCode: row?.medula_pharmacy_code ?? null, url: mm === 'sandbox' ? `${sb}/medula` : (env.TEZGAH_MEDULA_URL || LIVE_URLS.medula) },
    its: { mode: im, username: itsUser, gln: itsUser && itsUser.length > 4 ? itsUser.slice(0, -4) : null, password: open('its_password', row?.its_password_enc), url: im === 'sandbox' ? `${sb}/its` : (env.TEZGAH_ITS_URL || LIVE_URLS.its) },
    uts: { mode: um, token: open('uts_token', row?.uts_token_enc), url: um === 'sandbox' ? `${sb}/uts` : (env.TEZGAH_UTS_URL || LIVE_URLS.uts) },
  };
}

/** The share rules a company set (keys the counter's rule knows; the rest are its defaults). */
export async function loadShareRules(db: Kysely<any>, companyId: number): Promise<Record<string, unknown>> {
  const row = await (db as Db).selectFrom('pharmacy_settings').select(['share_rules']).where('company_id', '=', companyId).executeTakeFirst();
  const v = row?.share_rules as unknown;
  if (!v) return {};
  if (typeof v === 'string') { try { return JSON.parse(v) as Record<string, unknown>; } catch { return {}; } }
  return v as Record<string, unknown>;
}

async function view(db: Db, companyId: number) {
  const [row, company] = await Promise.all([
    db.selectFrom('pharmacy_settings').selectAll().where('company_id', '=', companyId).executeTakeFirst(),
    db.selectFrom('companies').select(['its_username']).where('id', '=', companyId).executeTakeFirst(),
  ]);
  return {
    medula: { mode: row?.medula_mode ?? 'sandbox', username: row?.medula_username ?? null, passwordSet: !!row?.medula_password_enc, pharmacyCode: row?.medula_pharmacy_code ?? null },
    its: { mode: row?.its_mode ?? 'sandbox', username: company?.its_username ?? null, passwordSet: !!row?.its_password_enc },
    uts: { mode: row?.uts_mode ?? 'sandbox', tokenSet: !!row?.uts_token_enc },
    shareRules: await loadShareRules(db, companyId),
  };
}

interface Body {
  medula?: { mode?: Mode; username?: string | null; password?: string | null; pharmacyCode?: string | null };
  its?: { mode?: Mode; username?: string | null; password?: string | null };
  uts?: { mode?: Mode; token?: string | null };
  shareRules?: Record<string, string | number>;
}

const text = (v: string | null | undefined): string | null | undefined => (v === undefined ? undefined : v === null ? null : (v.trim() || null));

const getPharmacySettings: Handler = async (ctx) => view(tables<PharmacyTables>(ctx) as unknown as Db, requireAuth(ctx).companyId);

/**
 * PUT: what is left out keeps its value; a password or token left out, null or empty keeps the
 * stored one; the İTS user name is the company's (GLN + 4 digits, İTS rule 11039).
 */
const updatePharmacySettings: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  const companyId = auth.companyId;
  const b = (ctx.body ?? {}) as Body;
  const db = tables<PharmacyTables>(ctx) as unknown as Db;
  const itsUser = text(b.its?.username);
  if (itsUser && !/^[0-9]{17}$/.test(itsUser)) throw problems.invalidField('its.username', 'İTS kullanıcı adı GLN (13 hane) ve 4 haneden oluşur.', 'ITS_USERNAME');
  const code = text(b.medula?.pharmacyCode);
  if (code && !/^[0-9]{1,12}$/.test(code)) throw problems.invalidField('medula.pharmacyCode', 'Eczane kodu yalnız rakamlardan oluşur.', 'PHARMACY_CODE');
  const set: Record<string, unknown> = {
    medula_mode: b.medula?.mode, medula_username: text(b.medula?.username), medula_pharmacy_code: code,
    its_mode: b.its?.mode, uts_mode: b.uts?.mode,
  };
  const seal = (field: string, v: string) => sealSecret(ctx.services.secret, scope(companyId, field), v);
  if (b.medula?.password) set.medula_password_enc = seal('medula_password', b.medula.password);
  if (b.its?.password) set.its_password_enc = seal('its_password', b.its.password);
  if (b.uts?.token) set.uts_token_enc = seal('uts_token', b.uts.token);
  if (b.shareRules !== undefined) set.share_rules = JSON.stringify(b.shareRules);
  for (const k of Object.keys(set)) if (set[k] === undefined) delete set[k];
  const values = { ...set, updated_at: new Date() };
  await db.insertInto('pharmacy_settings').values({ company_id: companyId, ...values } as any)
    .onConflict((oc) => oc.column('company_id').doUpdateSet(values as any)).execute();
  if (itsUser !== undefined) await db.updateTable('companies').set({ its_username: itsUser }).where('id', '=', companyId).execute();
  ctx.audit({ action: 'pharmacy.settings.updated', entity: 'pharmacy_settings', entityId: companyId, detail: { fields: Object.keys(set).map((k) => k.replace(/_enc$/, '')).concat(itsUser !== undefined ? ['its_username'] : []) } });
  return view(db, companyId);
};

export const area: PharmacyArea = {
  handlers: { getPharmacySettings, updatePharmacySettings },
  sandbox(app, services) {
    app.addHook('onListen', async () => {
      const a = app.server.address();
      if (a && typeof a === 'object') {
        const host = a.family === 'IPv6' ? `[${a.address === '::' ? '::1' : a.address}]` : (a.address === '0.0.0.0' ? '127.0.0.1' : a.address);
        listening.set(services.config, `http://${host}:${a.port}`);
      }
    });
  },
  async seedDemo(trx, demo) {
    // The demo pharmacy talks to the sandboxes: a Medula user and pharmacy code, and an İTS user (GLN + 4 digits).
    const cid = demo.companies.pharmacy;
    await setTenant(trx, cid);
    await trx.insertInto('pharmacy_settings' as any).values({ company_id: cid, medula_username: 'demo-eczane', medula_pharmacy_code: '6100001' } as any).execute();
    await trx.updateTable('companies' as any).set({ its_username: '86800000000010001' } as any).where('id', '=', cid).execute();
  },
};
