import { createHmac, randomBytes, randomInt, randomUUID, scrypt as scryptCb, timingSafeEqual } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { pageRequest, pageResult, Problem, problems, setTenant, type DemoTenant, type Handler, type RequestContext, type Trx } from '@tezgah/server';
import type { ManagementArea } from '../area';
import { deviceSources, type ManagedDeviceKind, type ManagedDeviceSource } from './point';

/**
 * Devices (issue 14; seeds 000 §2 /device-management, §7 the device claim calls; 001 §2, §7).
 *
 * - Device management: every device of every company in one paged list, for management staff.
 *   POS terminals and desktop assistants come from the POS plugin through the extension point
 *   `management.devices` (point.ts); mobile devices are this area's own (`management_devices`),
 *   registered by a claim.
 * - The claim flow (OUR DESIGN; public: a device in the field is not signed in): request-claim
 *   (device identifier + the company's phone or tax number → a 6-digit OTP by SMS to the company's
 *   phone), validate-claim (→ SUCCESS_RESET_PASSWORD with a reset token, INCORRECT_OTP,
 *   EXPIRED_OTP, ATTEMPTS_EXCEEDED, ALREADY_USED), resetPassword (sets the device's password and
 *   registers the device to the company), forgot-device-password (the same for a registered
 *   device). OTPs and reset tokens are kept as HMACs with the server's secret, used once, expire,
 *   and are throttled.
 */

/** The claim flow's limits. */
export const CLAIM_LIMITS = {
  otpSeconds: 5 * 60,
  resetSeconds: 15 * 60,
  maxAttempts: 5,
  /** Requests per hour for one device identifier, and for one company. */
  perDeviceHour: 5,
  perCompanyHour: 10,
} as const;

interface DevicesTables {
  management_devices: {
    company_id: number; id: number; kind: string; serial: string; name: string; status: string; password_hash: string | null;
    claimed_at: Date | null; last_seen_at: Date | null; created_at: Date; updated_at: Date;
  };
  /** Read-only, every company, no password hash (migration 20261130000200). */
  management_devices_across_companies: {
    company_id: number; id: number; kind: string; serial: string; name: string; status: string; last_seen_at: Date | null; created_at: Date;
  };
  management_device_claims: {
    id: string; company_id: number; device_serial: string; device_name: string | null; phone: string; otp_hash: string; expires_at: Date;
    attempts: number; status: string; reset_hash: string | null; reset_expires_at: Date | null; purpose: string; created_at: Date;
    validated_at: Date | null; used_at: Date | null;
  };
  companies: { id: number; name: string; phone: string | null; tax_number: string; active: boolean };
}
type Db = Kysely<DevicesTables>;
const db = (trx: Trx | RequestContext['trx']): Db => trx as unknown as Db;

// ---------------------------------------------------------------- device management

/** The management plugin's own source: mobile devices registered by a claim. */
const mobileSource: ManagedDeviceSource = {
  id: 'management.mobile',
  kinds: ['MOBILE'],
  async rows(trx, companyIds) {
    if (!companyIds.length) return [];
    const rows = await db(trx).selectFrom('management_devices_across_companies')
      .select(['company_id', 'id', 'name', 'serial', 'status', 'last_seen_at', 'created_at']).where(sql<boolean>`company_id = any(${[...companyIds]}::bigint[])`).execute();
    return rows.map((r) => ({
      companyId: Number(r.company_id), kind: 'MOBILE' as const, id: Number(r.id), name: r.name, identifier: r.serial, active: r.status === 'ACTIVE', detail: null,
      lastSeenAt: r.last_seen_at, createdAt: r.created_at,
    }));
  },
};

const iso = (v: Date | string | null | undefined): string | null => (v == null ? null : (v instanceof Date ? v : new Date(v)).toISOString());

/**
 * GET /services/onmuhasebe/api/management/devices (x-management). The companies (every one, or the
 * one asked for) in one statement, then every source once for all of them (one statement each, so
 * the statements do not grow with the number of companies), then the rows are filtered, sorted
 * and paged here. The transaction's tenant stays the caller's: the sources read across companies
 * through read-only views of their own tables.
 */
const listManagementDevices: Handler = async (ctx) => {
  const q = ctx.query as { companyId?: number; kind?: ManagedDeviceKind; status?: 'ACTIVE' | 'PASSIVE'; search?: string };
  const page = pageRequest(ctx, ['lastSeenAt', 'desc']);
  const sources = deviceSources(ctx.services, [mobileSource]).filter((s) => !q.kind || s.kinds.includes(q.kind));
  let companies = db(ctx.trx).selectFrom('companies').select(['id', 'name']).orderBy('id');
  if (q.companyId !== undefined) companies = companies.where('id', '=', q.companyId);
  const names = new Map((await companies.execute()).map((c) => [Number(c.id), c.name]));
  const ids = [...names.keys()];
  const rows: { key: string; kind: ManagedDeviceKind; source: string; id: number; companyId: number; companyName: string; name: string; identifier: string; status: 'ACTIVE' | 'PASSIVE'; detail: string | null; lastSeenAt: string | null; createdAt: string | null }[] = [];
  for (const s of ids.length ? sources : []) {
    for (const r of await s.rows(ctx.trx, ids)) {
      const companyName = names.get(Number(r.companyId));
      if (companyName === undefined) continue; // a source answering a company not asked for: not listed
      rows.push({
        key: `${r.kind}:${r.id}`, kind: r.kind, source: s.id, id: r.id, companyId: Number(r.companyId), companyName, name: r.name,
        identifier: r.identifier, status: r.active ? 'ACTIVE' : 'PASSIVE', detail: r.detail ?? null, lastSeenAt: iso(r.lastSeenAt), createdAt: iso(r.createdAt),
      });
    }
  }
  const needle = q.search?.trim().toLocaleLowerCase('tr');
  const found = rows.filter((r) => (!q.kind || r.kind === q.kind) && (!q.status || r.status === q.status)
    && (!needle || r.name.toLocaleLowerCase('tr').includes(needle) || r.identifier.toLocaleLowerCase('tr').includes(needle)));
  const cmp = (a: unknown, b: unknown): number => {
    if (a === b) return 0;
    if (a === null || a === undefined) return 1; // nulls last, whatever the direction
    if (b === null || b === undefined) return -1;
    return String(a).localeCompare(String(b), 'tr');
  };
  found.sort((a, b) => {
    for (const [f, d] of page.sort) {
      const x = (a as Record<string, unknown>)[f];
      const y = (b as Record<string, unknown>)[f];
      if (x == null || y == null) { const c = cmp(x, y); if (c) return c; continue; }
      const c = cmp(x, y);
      if (c) return d === 'desc' ? -c : c;
    }
    return a.key.localeCompare(b.key);
  });
  return pageResult(ctx, found.slice(page.offset, page.offset + page.size), found.length);
};

// ---------------------------------------------------------------- the claim flow

const mac = (secret: Buffer, claimId: string, what: string, value: string) =>
  createHmac('sha256', secret).update(`management.device-claim:${claimId}:${what}:${value}`).digest('base64url');

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

const digits = (s: string) => s.replace(/\D/g, '');
const masked = (phone: string) => { const d = digits(phone); return `${'*'.repeat(Math.max(0, d.length - 4))}${d.slice(-4)}`; };

const scrypt = (pw: string, salt: Buffer) => new Promise<Buffer>((resolve, reject) => scryptCb(pw, salt, 32, { N: 16384, r: 8, p: 1 }, (e, k) => (e ? reject(e) : resolve(k))));
/** The device's password as scrypt (N=2^14, r=8), never answered. */
export async function hashDevicePassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  return `scrypt$16384$8$1$${salt.toString('base64url')}$${(await scrypt(password.normalize('NFC'), salt)).toString('base64url')}`;
}
export async function verifyDevicePassword(password: string, stored: string | null): Promise<boolean> {
  const [alg, , , , salt, key] = (stored ?? '').split('$');
  if (alg !== 'scrypt' || !salt || !key) return false;
  const actual = await scrypt(password.normalize('NFC'), Buffer.from(salt, 'base64url'));
  const expected = Buffer.from(key, 'base64url');
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

const problem = (status: number, title: string, code: string, detail: string, field?: string) =>
  new Problem(status, title, { detail, code, ...(field ? { fieldErrors: [{ field, message: detail, code }] } : {}) });

const ownedElsewhere = () => problem(409, 'Çakışma', 'DEVICE_OWNED_ELSEWHERE', 'Bu cihaz başka bir şirkete kayıtlı. Cihazı taşımak için destek hattını arayın.', 'deviceSerial');

async function deviceBySerial(trx: Trx, serial: string) {
  return db(trx).selectFrom('management_devices').selectAll().where(sql<string>`lower(serial)`, '=', serial.toLowerCase()).executeTakeFirst();
}

/** 429 when the device or the company asked for too many codes within the last hour. */
async function assertClaimAllowed(ctx: RequestContext, serial: string, companyId: number): Promise<void> {
  const now = ctx.services.now();
  const since = new Date(now.getTime() - 3600_000);
  const count = (where: 'device' | 'company') => {
    let q = db(ctx.trx).selectFrom('management_device_claims').select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.min('created_at').as('first')]).where('created_at', '>', since);
    q = where === 'device' ? q.where(sql<string>`lower(device_serial)`, '=', serial.toLowerCase()) : q.where('company_id', '=', companyId);
    return q.executeTakeFirstOrThrow();
  };
  for (const [where, limit] of [['device', CLAIM_LIMITS.perDeviceHour], ['company', CLAIM_LIMITS.perCompanyHour]] as const) {
    const r = await count(where);
    if (Number(r.n) >= limit) {
      const first = r.first ? new Date(r.first as unknown as string) : now;
      const seconds = Math.max(1, Math.ceil((first.getTime() + 3600_000 - now.getTime()) / 1000));
      throw new Problem(429, 'Çok fazla deneme', {
        detail: `Bu ${where === 'device' ? 'cihaz' : 'şirket'} için bir saat içinde çok fazla doğrulama kodu istendi. ${Math.ceil(seconds / 60)} dakika sonra tekrar deneyin.`,
        code: 'CLAIM_RATE_LIMITED', headers: { 'retry-after': String(seconds) },
      });
    }
  }
}

/** Opens a claim (earlier open ones of the device become void) and sends its OTP by SMS. */
async function openClaim(ctx: RequestContext, c: { companyId: number; phone: string; serial: string; name: string | null; purpose: 'CLAIM' | 'FORGOT_PASSWORD' }) {
  await assertClaimAllowed(ctx, c.serial, c.companyId);
  const now = ctx.services.now();
  await db(ctx.trx).updateTable('management_device_claims').set({ status: 'VOID' })
    .where(sql<string>`lower(device_serial)`, '=', c.serial.toLowerCase()).where('status', 'in', ['PENDING', 'VALIDATED']).execute();
  const id = randomUUID();
  const otp = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const expiresAt = new Date(now.getTime() + CLAIM_LIMITS.otpSeconds * 1000);
  await db(ctx.trx).insertInto('management_device_claims').values({
    id, company_id: c.companyId, device_serial: c.serial, device_name: c.name, phone: c.phone, otp_hash: mac(ctx.services.secret, id, 'otp', otp),
    expires_at: expiresAt, attempts: 0, status: 'PENDING', reset_hash: null, reset_expires_at: null, purpose: c.purpose, created_at: now,
    validated_at: null, used_at: null,
  }).execute();
  const what = c.purpose === 'CLAIM' ? 'cihaz doğrulama' : 'cihaz şifre yenileme';
  await ctx.services.sms.send(ctx.trx, c.phone, `Tezgah ${what} kodunuz: ${otp}. Kod ${CLAIM_LIMITS.otpSeconds / 60} dakika geçerlidir. Cihaz: ${c.serial}. Kodu kimseyle paylaşmayın.`);
  ctx.setStatus(201);
  return { claimId: id, expiresAt: expiresAt.toISOString(), maskedPhone: masked(c.phone), purpose: c.purpose };
}

/** POST /api/crm/device/request-claim (public). */
const requestDeviceClaim: Handler = async (ctx) => {
  const b = ctx.body as { deviceSerial: string; deviceName?: string; phone?: string; taxNumber?: string };
  if (!b.phone && !b.taxNumber) {
    throw problems.badRequest('Şirketin telefonu ya da vergi numarası gerekli.', [{ field: 'phone', message: 'Şirketin telefonu ya da vergi numarası gerekli.', code: 'REQUIRED' }]);
  }
  const phoneDigits = b.phone ? digits(b.phone).slice(-10) : null;
  if (phoneDigits !== null && phoneDigits.length < 10) throw problems.invalidField('phone', 'Telefon numarası en az 10 haneli olmalı.', 'PHONE');
  let q = db(ctx.trx).selectFrom('companies').select(['id', 'name', 'phone', 'active']).where('active', '=', true);
  if (b.taxNumber) q = q.where('tax_number', '=', b.taxNumber);
  if (phoneDigits) q = q.where(sql<string>`right(regexp_replace(coalesce(phone, ''), '[^0-9]', '', 'g'), 10)`, '=', phoneDigits);
  const found = await q.limit(2).execute();
  if (!found.length) throw problem(404, 'Kayıt bulunamadı', 'COMPANY_NOT_FOUND', 'Bu bilgilerle kayıtlı etkin bir şirket bulunamadı.');
  if (found.length > 1) throw problem(409, 'Çakışma', 'AMBIGUOUS_COMPANY', 'Bu telefon birden çok şirkete kayıtlı; şirketin vergi numarasıyla deneyin.', 'phone');
  const company = found[0]!;
  if (!company.phone || digits(company.phone).length < 10) {
    throw problem(409, 'Çakışma', 'COMPANY_WITHOUT_PHONE', 'Şirketin kayıtlı bir telefonu yok; doğrulama kodu gönderilemiyor. Destek hattını arayın.');
  }
  const device = await deviceBySerial(ctx.trx, b.deviceSerial);
  if (device && Number(device.company_id) !== Number(company.id)) throw ownedElsewhere();
  return openClaim(ctx, { companyId: Number(company.id), phone: company.phone, serial: b.deviceSerial, name: b.deviceName?.trim() || null, purpose: 'CLAIM' });
};

/** POST /services/onmuhasebe/api/sms-tasks/forgot-device-password (public): for a registered device. */
const forgotDevicePassword: Handler = async (ctx) => {
  const b = ctx.body as { deviceSerial: string };
  const device = await deviceBySerial(ctx.trx, b.deviceSerial);
  if (!device) throw problem(404, 'Kayıt bulunamadı', 'DEVICE_NOT_FOUND', 'Bu cihaz kayıtlı değil; önce cihazı şirketinize bağlayın.');
  const company = await db(ctx.trx).selectFrom('companies').select(['id', 'phone', 'active']).where('id', '=', device.company_id).executeTakeFirstOrThrow();
  if (!company.active) throw problem(404, 'Kayıt bulunamadı', 'COMPANY_NOT_FOUND', 'Cihazın bağlı olduğu şirket etkin değil.');
  if (!company.phone || digits(company.phone).length < 10) {
    throw problem(409, 'Çakışma', 'COMPANY_WITHOUT_PHONE', 'Şirketin kayıtlı bir telefonu yok; doğrulama kodu gönderilemiyor. Destek hattını arayın.');
  }
  return openClaim(ctx, { companyId: Number(company.id), phone: company.phone, serial: device.serial, name: device.name, purpose: 'FORGOT_PASSWORD' });
};

const RESULT_TEXT = {
  SUCCESS_RESET_PASSWORD: 'Doğrulama başarılı. Cihazın yeni şifresini belirleyin.',
  INCORRECT_OTP: 'Doğrulama kodu hatalı.',
  EXPIRED_OTP: 'Doğrulama kodunun süresi doldu. Yeni bir kod isteyin.',
  ATTEMPTS_EXCEEDED: 'Çok fazla hatalı deneme yapıldı; bu istek iptal edildi. Yeni bir kod isteyin.',
  ALREADY_USED: 'Bu doğrulama kodu daha önce kullanıldı.',
} as const;

async function claimFor(ctx: RequestContext, claimId: string) {
  const c = await db(ctx.trx).selectFrom('management_device_claims').selectAll().where('id', '=', claimId).forUpdate().executeTakeFirst();
  if (!c) throw problem(404, 'Kayıt bulunamadı', 'CLAIM_NOT_FOUND', 'Doğrulama isteği bulunamadı. Yeni bir kod isteyin.');
  return c;
}

/** POST /api/crm/device/validate-claim (public). A wrong answer is counted (the answer is 200, so it is kept). */
const validateDeviceClaim: Handler = async (ctx) => {
  const b = ctx.body as { claimId: string; otp: string };
  const c = await claimFor(ctx, b.claimId);
  const now = ctx.services.now();
  const answer = (result: keyof typeof RESULT_TEXT, extra: Record<string, unknown> = {}) => ({ result, message: RESULT_TEXT[result], ...extra });
  if (c.status === 'USED' || c.status === 'VALIDATED') return answer('ALREADY_USED');
  if (c.status === 'VOID') return answer(c.attempts >= CLAIM_LIMITS.maxAttempts ? 'ATTEMPTS_EXCEEDED' : 'EXPIRED_OTP');
  if (new Date(c.expires_at).getTime() <= now.getTime()) return answer('EXPIRED_OTP');
  if (!same(mac(ctx.services.secret, c.id, 'otp', b.otp), c.otp_hash)) {
    const attempts = c.attempts + 1;
    const over = attempts >= CLAIM_LIMITS.maxAttempts;
    await db(ctx.trx).updateTable('management_device_claims').set({ attempts, ...(over ? { status: 'VOID' } : {}) }).where('id', '=', c.id).execute();
    if (over) return answer('ATTEMPTS_EXCEEDED');
    const attemptsLeft = CLAIM_LIMITS.maxAttempts - attempts;
    return { result: 'INCORRECT_OTP', message: `${RESULT_TEXT.INCORRECT_OTP} Kalan deneme hakkı: ${attemptsLeft}.`, attemptsLeft };
  }
  const resetToken = randomBytes(24).toString('base64url');
  const resetExpiresAt = new Date(now.getTime() + CLAIM_LIMITS.resetSeconds * 1000);
  await db(ctx.trx).updateTable('management_device_claims')
    .set({ status: 'VALIDATED', validated_at: now, reset_hash: mac(ctx.services.secret, c.id, 'reset', resetToken), reset_expires_at: resetExpiresAt })
    .where('id', '=', c.id).execute();
  return answer('SUCCESS_RESET_PASSWORD', { resetToken, resetExpiresAt: resetExpiresAt.toISOString() });
};

/** POST /api/crm/device/resetPassword (public): after a validated claim, once. */
const resetDevicePassword: Handler = async (ctx) => {
  const b = ctx.body as { claimId: string; resetToken: string; password: string };
  const c = await claimFor(ctx, b.claimId);
  const now = ctx.services.now();
  const valid = c.status === 'VALIDATED' && !!c.reset_hash && !!c.reset_expires_at && new Date(c.reset_expires_at).getTime() > now.getTime()
    && same(mac(ctx.services.secret, c.id, 'reset', b.resetToken), c.reset_hash);
  if (!valid) {
    throw problem(409, 'Çakışma', 'RESET_NOT_ALLOWED', c.status === 'USED'
      ? 'Bu doğrulama ile şifre zaten belirlendi. Yeni bir kod isteyin.'
      : 'Şifre belirleme izni geçersiz ya da süresi dolmuş. Yeni bir doğrulama kodu isteyin.');
  }
  if (!b.password.trim()) throw problems.invalidField('password', 'Şifre boş olamaz.', 'REQUIRED');
  const hash = await hashDevicePassword(b.password);
  const existing = await deviceBySerial(ctx.trx, c.device_serial);
  if (existing && Number(existing.company_id) !== Number(c.company_id)) throw ownedElsewhere();
  const device = existing
    ? await db(ctx.trx).updateTable('management_devices').set({ password_hash: hash, status: 'ACTIVE', claimed_at: now, last_seen_at: now, updated_at: now })
      .where('id', '=', existing.id).returningAll().executeTakeFirstOrThrow()
    : await db(ctx.trx).insertInto('management_devices').values({
      company_id: c.company_id, kind: 'MOBILE', serial: c.device_serial, name: c.device_name ?? c.device_serial, status: 'ACTIVE', password_hash: hash,
      claimed_at: now, last_seen_at: now, created_at: now, updated_at: now,
    } as never).returningAll().executeTakeFirstOrThrow();
  await db(ctx.trx).updateTable('management_device_claims').set({ status: 'USED', used_at: now }).where('id', '=', c.id).execute();
  return { id: Number(device.id), serial: device.serial, name: device.name, companyId: Number(device.company_id), status: device.status, claimedAt: iso(device.claimed_at) };
};

async function seedDemo(trx: Trx, demo: DemoTenant): Promise<void> {
  await setTenant(trx, demo.companies.pharmacy);
  await db(trx).insertInto('management_devices').values({
    company_id: demo.companies.pharmacy, kind: 'MOBILE', serial: 'ECZ-MOBIL-01', name: 'Eczane tableti', status: 'ACTIVE', password_hash: null,
    claimed_at: new Date('2026-01-05T09:00:00Z'), last_seen_at: new Date('2026-11-20T08:30:00Z'),
  } as never).execute();
}

export const area: ManagementArea = {
  handlers: { listManagementDevices, requestDeviceClaim, validateDeviceClaim, resetDevicePassword, forgotDevicePassword },
  seedDemo,
};

