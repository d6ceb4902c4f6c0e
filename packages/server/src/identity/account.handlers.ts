import { sql, type Expression } from 'kysely';
import { isValidEmail, isValidPassword, PASSWORD_MAX, PASSWORD_MIN } from '@tezgah/core';
import { hashPassword, verifyPassword } from './password';
import { startSession, landingCompany, issueKey, consumeKey, revokeAllSessions } from './sessions';
import { assertNotThrottled, recordFailure, clearFailures } from './throttle';
import { findUserByLoginOrEmail, findUserByLogin, loginTaken, emailTaken } from './users.repository';
import { Problem, problems } from '../kernel/problem';
import { contributionsTo, requireAuth, type Handler, type RequestContext } from '../kernel/types';
import type { Trx } from '../db/database';
import { preparedQuery, type PreparedQuery } from '../db/prepared';

const WRONG_EMAIL = 'Wrong e-mail format';
const ACTIVATION_FAILED = 'Unfortunately, your activation could not be completed';
const RESET_FAILED = 'Şifre Sıfırlama işlemi başarısız!';
const ACCEPTED = { message: 'Bilgiler bir hesapla eşleşiyorsa mesaj gönderildi.' };

export function assertEmail(email: string, field = 'email') {
  if (!isValidEmail(email)) throw problems.invalidField(field, WRONG_EMAIL, 'EMAIL');
}

export function assertPassword(pw: string, field = 'password') {
  if (!isValidPassword(pw)) throw problems.invalidField(field, `Şifre ${PASSWORD_MIN} ile ${PASSWORD_MAX} karakter arasında olmalı.`, 'PASSWORD_LENGTH');
}

function giveToken(ctx: RequestContext, token: string) {
  ctx.setHeader('authorization', `Bearer ${token}`);
  return { id_token: token };
}

/**
 * The extension point `kernel.account.announcements`: a plugin that keeps announcements (the
 * management plugin) contributes one item whose `unseen` gives the newest active announcement the
 * user, and the one the company, has not acknowledged yet — as two scalar subqueries (one id
 * column, at most one row) that the kernel selects inside its own account statement, so that
 * GET /api/account stays one round trip. The kernel knows no announcement table; with no
 * contribution both stay null.
 */
export const ACCOUNT_ANNOUNCEMENTS_POINT = 'kernel.account.announcements';
export interface AccountAnnouncements {
  unseen(trx: Trx, who: { userId: number; companyId: number; today: string }): { user: Expression<unknown>; company: Expression<unknown> };
}

/** The point's two subqueries, or nulls when no plugin keeps announcements. */
function unseenAnnouncements(trx: Trx, services: RequestContext['services'], who: { userId: number; companyId: number; today: string }): { user: Expression<unknown>; company: Expression<unknown> } {
  const point = contributionsTo<AccountAnnouncements>(services, ACCOUNT_ANNOUNCEMENTS_POINT).find((c) => typeof c.item?.unseen === 'function');
  if (!point) return { user: sql`null::bigint`, company: sql`null::bigint` };
  return point.item.unseen(trx, who);
}

type AccountArgs = { userId: number; companyId: number; today: string };

/**
 * The account's one statement: the user, the current company, the role names and the unseen
 * announcements. Built and compiled once per server (db/prepared.ts: GET /api/account is the
 * workbench's most frequent call, and building this statement was a sixth of its CPU); the point's
 * contributions are fixed for a server's life.
 */
function buildAccountQuery(trx: Trx, services: RequestContext['services'], a: AccountArgs) {
  const unseen = unseenAnnouncements(trx, services, a);
  return trx.selectFrom('users as u')
    .innerJoin('companies as c', (j) => j.on('c.id', '=', a.companyId))
    .innerJoin('sectors as s', 's.id', 'c.sector_id')
    // The user's columns by name, not u.*: a named prepared statement must keep its result's
    // columns when a later migration adds one to users (PostgreSQL refuses a changed row type).
    .select(['u.id', 'u.login', 'u.first_name', 'u.last_name', 'u.email', 'u.phone', 'u.image_url', 'u.lang_key', 'u.activated',
      'u.default_company_id', 'u.created_by', 'u.created_date', 'u.last_modified_by', 'u.last_modified_date'])
    .select(['c.id as c_id', 'c.name as c_name', 'c.sector_id as c_sector_id', 's.key as sector_key', 'c.erp_type as c_erp_type', 'c.its_username as c_its_username'])
    .select((eb) => eb.fn.coalesce(
      eb.selectFrom('user_roles as ur')
        .innerJoin('roles as r', (j) => j.onRef('r.company_id', '=', 'ur.company_id').onRef('r.id', '=', 'ur.role_id'))
        .select(sql<string[]>`array_agg(r.name order by r.id)`.as('names'))
        .where('ur.company_id', '=', a.companyId).whereRef('ur.user_id', '=', 'u.id'),
      sql<string[]>`'{}'::text[]`,
    ).as('role_names'))
    .select([sql<unknown>`${unseen.user}`.as('announcement_user'), sql<unknown>`${unseen.company}`.as('announcement_company')])
    .where('u.id', '=', a.userId);
}
type AccountRow = Awaited<ReturnType<ReturnType<typeof buildAccountQuery>['executeTakeFirstOrThrow']>>;
const accountQueries = new WeakMap<RequestContext['services'], PreparedQuery<AccountArgs, AccountRow>>();

/** The signed-in account as GET /api/account shows it. */
export async function accountOf(trx: Trx, ctx: RequestContext) {
  const auth = requireAuth(ctx);
  // The authorities came with the caller (the session check); here the user, the current company,
  // the role names and the unseen announcements, in one statement: each round trip costs more than
  // the query.
  let query = accountQueries.get(ctx.services);
  if (!query) {
    query = preparedQuery<AccountArgs, AccountRow>('account', ['userId', 'companyId', 'today'], (slots) => buildAccountQuery(trx, ctx.services, slots));
    accountQueries.set(ctx.services, query);
  }
  const today = ctx.services.now().toISOString().slice(0, 10);
  const u = (await query.run(trx, { userId: auth.userId, companyId: auth.companyId, today })).rows[0];
  if (!u) throw new Error(`account of user ${auth.userId} not found`);
  const c = { id: u.c_id, name: u.c_name, sector_id: u.c_sector_id, sector_key: u.sector_key, erp_type: u.c_erp_type, its_username: u.c_its_username };
  const roleNames: string[] = u.role_names ?? [];
  const announcement = (v: unknown) => (v == null ? null : Number(v));
  return {
    id: u.id, login: u.login, firstName: u.first_name, lastName: u.last_name, email: u.email, phone: u.phone,
    imageUrl: u.image_url, langKey: u.lang_key, activated: u.activated, authorities: auth.authorities,
    role: roleNames[0] ?? null, roles: roleNames, defaultCompanyId: u.default_company_id,
    companyId: auth.companyId,
    company: { id: c.id, name: c.name, sectorId: c.sector_id, sectorKey: c.sector_key, companyProfile: { erpType: c.erp_type, itsUsername: c.its_username, announcementId: announcement(u.announcement_company) } },
    impersonate: auth.actor !== null, previousLogin: auth.actor?.login ?? null, locked: auth.locked ?? false, announcementId: announcement(u.announcement_user),
    createdBy: u.created_by, createdDate: u.created_date, lastModifiedBy: u.last_modified_by, lastModifiedDate: u.last_modified_date,
  };
}

/**
 * A password checked as sign-in checks it (sign-in and unlock): paused past the failed-attempt
 * limit per account and per address; the hash is verified even for an unknown name (the same
 * time either way); a wrong one is counted and audited after the request, whatever it rolls back,
 * and a right one clears the count once the request commits.
 */
async function passwordChecked<U extends { id: number; login: string; password_hash: string | null }>(
  ctx: RequestContext, name: string, find: () => Promise<U | undefined>, password: string,
  failure: { action: string; companyId: number | null },
): Promise<U> {
  await assertNotThrottled(ctx.trx, ctx.services, [`login:${name.toLowerCase()}`, `ip:${ctx.ip}`]);
  const user = await find();
  const ok = await verifyPassword(password, user?.password_hash ?? null);
  if (!user || !ok) {
    ctx.afterwards(async (db) => {
      await recordFailure(db, ctx.services, user?.login ?? name, ctx.ip);
      await db.insertInto('audit_events').values({
        action: failure.action, user_id: user?.id ?? null, user_login: user?.login ?? name.slice(0, 100), ip: ctx.ip,
        company_id: failure.companyId, actor_id: null, actor_login: null, entity: 'user', entity_id: user ? String(user.id) : null, detail: null,
        at: ctx.services.now(),
      }).execute();
    });
    throw problems.loginFailed();
  }
  ctx.afterwards(async (db, committed) => { if (committed) await clearFailures(db, user.login); });
  return user;
}

const authenticate: Handler = async (ctx) => {
  const { username, password, rememberMe } = ctx.body as { username: string; password: string; rememberMe?: boolean };
  const name = username.trim();
  const user = await passwordChecked(ctx, name, () => findUserByLoginOrEmail(ctx.trx, name), password, { action: 'auth.login.failed', companyId: null });
  if (!user.activated) throw problems.notActivated();
  const companyId = await landingCompany(ctx.trx, user.id, user.default_company_id);
  if (!companyId) throw new Problem(401, 'Giriş işlemi başarısız oldu', { detail: 'Hesabınıza bağlı etkin bir şirket yok.', code: 'NO_COMPANY' });
  const s = await startSession(ctx.trx, ctx.services, { userId: user.id, login: user.login, companyId, rememberMe: rememberMe ?? false, ip: ctx.ip });
  ctx.audit({ action: 'auth.login', entity: 'user', entityId: user.id, companyId, user: { id: user.id, login: user.login }, actor: null, detail: { rememberMe: !!rememberMe } });
  return giveToken(ctx, s.token);
};

const companyAuthenticate: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  const { companyId } = ctx.body as { companyId: number };
  const target = await ctx.trx.selectFrom('user_companies as uc').innerJoin('companies as c', 'c.id', 'uc.company_id')
    .select(['c.id', 'c.active']).where('uc.user_id', '=', auth.userId).where('uc.company_id', '=', companyId).executeTakeFirst();
  if (!target || !target.active) throw problems.notFound('Şirket');
  const s = await startSession(ctx.trx, ctx.services, {
    userId: auth.userId, login: auth.login, companyId, actor: auth.actor, previousSessionId: auth.sessionId, ip: ctx.ip,
    rememberMe: auth.expiresAt.getTime() - ctx.services.now().getTime() > ctx.services.config.tokenHours * 3600_000,
  });
  await ctx.trx.updateTable('sessions').set({ revoked_at: ctx.services.now() }).where('id', '=', auth.sessionId).execute();
  if (!auth.actor) await ctx.trx.updateTable('users').set({ default_company_id: companyId }).where('id', '=', auth.userId).execute();
  ctx.audit({ action: 'company.switch', entity: 'company', entityId: companyId, companyId, detail: { from: auth.companyId } });
  return giveToken(ctx, s.token);
};

const getAccount: Handler = async (ctx) => accountOf(ctx.trx, ctx);

const logout: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  await ctx.trx.updateTable('sessions').set({ revoked_at: ctx.services.now() }).where('id', '=', auth.sessionId).execute();
  ctx.audit({ action: 'auth.logout', entity: 'user', entityId: auth.userId });
  ctx.setStatus(204);
  return null;
};

/** POST /api/account/lock: the session answers 423 SESSION_LOCKED (but for x-allow-locked calls) until unlocked. */
const lockSession: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  await ctx.trx.updateTable('sessions').set({ locked_at: ctx.services.now() }).where('id', '=', auth.sessionId).where('locked_at', 'is', null).execute();
  ctx.audit({ action: 'auth.lock', entity: 'user', entityId: auth.userId });
  ctx.setStatus(204);
  return null;
};

/**
 * POST /api/account/unlock: the password of the person at the keyboard (the session's user, or
 * the management user while impersonating) opens the session again. Failures count like failed
 * sign-ins, per account and per address, with the same pause past the limit.
 */
const unlockSession: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  const { password } = ctx.body as { password: string };
  const who = auth.actor ?? { id: auth.userId, login: auth.login };
  await passwordChecked(ctx, who.login, () => ctx.trx.selectFrom('users').select(['id', 'login', 'password_hash']).where('id', '=', who.id).executeTakeFirst(),
    password, { action: 'auth.unlock.failed', companyId: auth.companyId });
  await ctx.trx.updateTable('sessions').set({ locked_at: null }).where('id', '=', auth.sessionId).execute();
  ctx.audit({ action: 'auth.unlock', entity: 'user', entityId: auth.userId });
  ctx.setStatus(204);
  return null;
};

const impersonate: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  const { login, previousLogin } = ctx.body as { login: string; previousLogin?: string };
  if (auth.actor) throw problems.conflict('Zaten başka bir kullanıcı olarak oturum açılmış; önce çıkış yapın.', 'ALREADY_IMPERSONATING');
  if (previousLogin && previousLogin.toLowerCase() !== auth.login.toLowerCase()) throw problems.invalidField('previousLogin', 'previousLogin oturumdaki kullanıcı olmalı.');
  const target = await findUserByLogin(ctx.trx, login);
  if (!target) throw problems.notFound('Kullanıcı');
  if (target.id === auth.userId) throw problems.invalidField('login', 'Kendiniz olarak oturum açamazsınız.');
  if (!target.activated) throw problems.conflict('Kullanıcı henüz etkinleştirilmedi.', 'ACCOUNT_NOT_ACTIVATED');
  const companyId = await landingCompany(ctx.trx, target.id, target.default_company_id);
  if (!companyId) throw problems.conflict('Kullanıcının etkin bir şirketi yok.', 'NO_COMPANY');
  const s = await startSession(ctx.trx, ctx.services, {
    userId: target.id, login: target.login, companyId, actor: { id: auth.userId, login: auth.login }, previousSessionId: auth.sessionId, ip: ctx.ip,
  });
  ctx.audit({ action: 'auth.impersonate', entity: 'user', entityId: target.id, companyId, user: { id: target.id, login: target.login }, actor: { id: auth.userId, login: auth.login } });
  return giveToken(ctx, s.token);
};

const logoutImpersonate: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  const { login, previousLogin } = ctx.body as { login: string; previousLogin: string };
  if (!auth.actor) throw problems.conflict('Şu anda başka bir kullanıcı olarak oturum açılmamış.', 'NOT_IMPERSONATING');
  if (login.toLowerCase() !== auth.login.toLowerCase() || previousLogin.toLowerCase() !== auth.actor.login.toLowerCase()) {
    throw problems.badRequest('login ve previousLogin oturumla uyuşmuyor.', [{ field: 'previousLogin', message: 'Oturumla uyuşmuyor', code: 'MISMATCH' }]);
  }
  const actor = await ctx.trx.selectFrom('users').select(['id', 'login', 'default_company_id']).where('id', '=', auth.actor.id).executeTakeFirstOrThrow();
  const companyId = await landingCompany(ctx.trx, actor.id, actor.default_company_id);
  if (!companyId) throw problems.conflict('Yönetici kullanıcının etkin bir şirketi yok.', 'NO_COMPANY');
  await ctx.trx.updateTable('sessions').set({ revoked_at: ctx.services.now() }).where('id', '=', auth.sessionId).execute();
  const s = await startSession(ctx.trx, ctx.services, { userId: actor.id, login: actor.login, companyId, ip: ctx.ip });
  ctx.audit({ action: 'auth.impersonate.end', entity: 'user', entityId: auth.userId, companyId, user: { id: actor.id, login: actor.login }, actor: null, detail: { impersonated: auth.login } });
  return giveToken(ctx, s.token);
};

const checkUsername: Handler = async (ctx) => ({ available: !(await loginTaken(ctx.trx, (ctx.body as { login: string }).login)) });

const checkMail: Handler = async (ctx) => {
  const { email } = ctx.body as { email: string };
  assertEmail(email);
  return { available: !(await emailTaken(ctx.trx, email)) };
};

const activateAccount: Handler = async (ctx) => {
  const { key } = ctx.query as { key: string };
  const { userId } = await consumeKey(ctx.trx, ctx.services, key, ['ACTIVATION'], ACTIVATION_FAILED);
  const u = await ctx.trx.updateTable('users').set({ activated: true, last_modified_date: ctx.services.now(), last_modified_by: 'activation' })
    .where('id', '=', userId).returning(['id', 'login']).executeTakeFirstOrThrow();
  ctx.audit({ action: 'user.activated', entity: 'user', entityId: u.id, user: { id: u.id, login: u.login } });
  return { activated: true, login: u.login };
};

/** Finds an account by sign-in name plus e-mail (or phone digits); quietly nothing otherwise. */
async function matchAccount(trx: Trx, login: string, match: { email?: string; phone?: string }) {
  const u = await findUserByLogin(trx, login);
  if (!u) return null;
  if (match.email !== undefined && u.email.toLowerCase() !== match.email.toLowerCase()) return null;
  if (match.phone !== undefined) {
    const digits = (s: string | null) => (s ?? '').replace(/\D/g, '').slice(-10);
    if (!u.phone || digits(u.phone) !== digits(match.phone) || digits(match.phone).length < 10) return null;
  }
  return u;
}

const link = (ctx: RequestContext, path: string, key: string) => `${ctx.services.config.publicUrl}${path}?key=${key}`;

export async function sendActivationMail(ctx: RequestContext, user: { id: number; email: string; first_name: string }) {
  const key = await issueKey(ctx.trx, ctx.services, user.id, 'ACTIVATION', 72);
  await ctx.services.mail.enqueue(ctx.trx, {
    to: user.email,
    subject: 'Tezgah hesabınızı etkinleştirin',
    text: `Merhaba ${user.first_name},\n\nHesabınızı etkinleştirmek için bağlantıyı açın (72 saat geçerli):\n${link(ctx, '/auth/activate', key)}\n\nEtkinleştirme anahtarı: ${key}\n`,
  });
}

const sendActivationEmail: Handler = async (ctx) => {
  const { login, email } = ctx.body as { login: string; email: string };
  assertEmail(email);
  const u = await matchAccount(ctx.trx, login, { email });
  if (u && !u.activated) {
    await sendActivationMail(ctx, u);
    ctx.audit({ action: 'user.activation.mail', entity: 'user', entityId: u.id, user: { id: u.id, login: u.login } });
  }
  return ACCEPTED;
};

const sendActivationSms: Handler = async (ctx) => {
  const { login, phone } = ctx.body as { login: string; phone: string };
  const u = await matchAccount(ctx.trx, login, { phone });
  if (u && !u.activated && u.phone) {
    const key = await issueKey(ctx.trx, ctx.services, u.id, 'ACTIVATION', 72);
    await ctx.services.sms.send(ctx.trx, u.phone, `Tezgah etkinlestirme: ${link(ctx, '/auth/activate', key)}`);
    ctx.audit({ action: 'user.activation.sms', entity: 'user', entityId: u.id, user: { id: u.id, login: u.login } });
  }
  return ACCEPTED;
};

const resetPasswordInit: Handler = async (ctx) => {
  const { login, email } = ctx.body as { login: string; email: string };
  assertEmail(email);
  const u = await matchAccount(ctx.trx, login, { email });
  if (u && u.activated) {
    const key = await issueKey(ctx.trx, ctx.services, u.id, 'RESET', 24);
    await ctx.services.mail.enqueue(ctx.trx, {
      to: u.email,
      subject: 'Tezgah şifre sıfırlama',
      text: `Merhaba ${u.first_name},\n\nYeni şifrenizi belirlemek için bağlantıyı açın (24 saat geçerli, bir kez kullanılabilir):\n${link(ctx, '/auth/reset/finish', key)}\n\nSıfırlama anahtarı: ${key}\n\nBu isteği siz yapmadıysanız bu e-postayı yok sayın.\n`,
    });
    ctx.audit({ action: 'user.password.reset.requested', entity: 'user', entityId: u.id, user: { id: u.id, login: u.login } });
  }
  return ACCEPTED;
};

async function finishWithKey(ctx: RequestContext, purposes: ('RESET' | 'INVITE')[], activate: boolean) {
  const { key, newPassword } = ctx.body as { key: string; newPassword: string };
  assertPassword(newPassword, 'newPassword');
  const { userId } = await consumeKey(ctx.trx, ctx.services, key, purposes, RESET_FAILED);
  const hash = await hashPassword(newPassword);
  const u = await ctx.trx.updateTable('users')
    .set({ password_hash: hash, last_modified_date: ctx.services.now(), last_modified_by: 'password-reset', ...(activate ? { activated: true } : {}) })
    .where('id', '=', userId).returning(['id', 'login']).executeTakeFirstOrThrow();
  await revokeAllSessions(ctx.trx, ctx.services, userId);
  ctx.audit({ action: activate ? 'user.invitation.accepted' : 'user.password.reset', entity: 'user', entityId: u.id, user: { id: u.id, login: u.login } });
  return { message: activate ? 'Hesabınız etkinleştirildi; yeni şifrenizle giriş yapabilirsiniz.' : 'Şifreniz değiştirildi.' };
}

const resetPasswordFinish: Handler = (ctx) => finishWithKey(ctx, ['RESET'], false);
const passwordResetActivateFinish: Handler = (ctx) => finishWithKey(ctx, ['INVITE', 'RESET'], true);

const updateOwnEmail: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  const { email, currentPassword } = ctx.body as { email: string; currentPassword: string };
  assertEmail(email);
  const u = await ctx.trx.selectFrom('users').select(['password_hash']).where('id', '=', auth.userId).executeTakeFirstOrThrow();
  if (!(await verifyPassword(currentPassword, u.password_hash))) throw problems.invalidField('currentPassword', 'Mevcut şifre yanlış.', 'BAD_PASSWORD');
  if (await emailTaken(ctx.trx, email, auth.userId)) throw problems.conflict('Bu e-posta adresi başka bir hesapta kullanılıyor.', 'EMAIL_TAKEN', 'email');
  await ctx.trx.updateTable('users').set({ email, last_modified_by: auth.login, last_modified_date: ctx.services.now() }).where('id', '=', auth.userId).execute();
  ctx.audit({ action: 'user.email.changed', entity: 'user', entityId: auth.userId });
  return accountOf(ctx.trx, ctx);
};

export const accountHandlers: Record<string, Handler> = {
  authenticate, companyAuthenticate, getAccount, logout, impersonate, logoutImpersonate, checkUsername, checkMail,
  activateAccount, sendActivationEmail, sendActivationSms, resetPasswordInit, resetPasswordFinish,
  passwordResetActivateFinish, updateOwnEmail, lockSession, unlockSession,
};
