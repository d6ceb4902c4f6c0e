import { sql } from 'kysely';
import { isValidTckn, isValidVkn, isValidEmail, isValidInvoicePrefix, isManagement, Module, Action } from '@tezgah/core';
import { pageRequest, pageResult, likePattern } from '../kernel/paging';
import { problems, type FieldError } from '../kernel/problem';
import { requireAuth, type Handler, type RequestContext } from '../kernel/types';
import { holdsEverywhere, mayIn, withCompany } from '../kernel/tenant';
import { hashPassword } from '../identity/password';
import { sendActivationMail, assertPassword } from '../identity/account.handlers';
import { checkRoles, emailTaken, findUserByLogin, loginTaken, setUserRoles } from '../identity/users.repository';
import { provisionCompany } from './provision';
import { defaultModules, MANAGEMENT_MODULES } from './catalogue';
import type { Trx } from '../db/database';

const SORT = { id: 'c.id', name: 'c.name', title: 'c.title', createdDate: 'c.created_date' } as const;

function companyRows(trx: Trx) {
  return trx.selectFrom('companies as c')
    .innerJoin('sectors as s', 's.id', 'c.sector_id')
    .leftJoin('users as o', 'o.id', 'c.owner_id')
    .selectAll('c')
    .select(['s.key as sector_key', 'o.login as owner_login']);
}

type CompanyRow = Awaited<ReturnType<ReturnType<typeof companyRows>['executeTakeFirstOrThrow']>>;

function companyView(c: CompanyRow) {
  return {
    id: c.id, name: c.name, title: c.title, companyType: c.company_type, taxNumber: c.tax_number, taxOffice: c.tax_office,
    email: c.email, phone: c.phone, mersisNo: c.mersis_no, sectorId: c.sector_id, sectorKey: c.sector_key, erpType: c.erp_type,
    invoicePrefix: c.invoice_prefix, modules: c.modules, tags: c.tags, subscriptionStart: c.subscription_start,
    subscriptionEnd: c.subscription_end, userCount: c.user_count, activationDate: c.activation_date,
    coordinatingUser: c.coordinating_user, itsUsername: c.its_username, active: c.active, ownerId: c.owner_id,
    ownerLogin: c.owner_login, createdDate: c.created_date,
  };
}

/** The company, if the caller may do `action` on it; 404 otherwise (never another tenant's data). */
async function visibleCompany(ctx: RequestContext, id: number, action: number): Promise<CompanyRow> {
  const auth = requireAuth(ctx);
  if (!mayIn(auth, Module.COMPANY, action, id)) throw problems.notFound('Şirket');
  if (!holdsEverywhere(auth, Module.COMPANY, action)) {
    const member = await ctx.trx.selectFrom('user_companies').select('company_id').where('user_id', '=', auth.userId).where('company_id', '=', id).executeTakeFirst();
    if (!member) throw problems.notFound('Şirket');
  }
  const c = await companyRows(ctx.trx).where('c.id', '=', id).executeTakeFirst();
  if (!c) throw problems.notFound('Şirket');
  return c;
}

/** The rules of a company's identity: tax number by type, e-mail, invoice prefix, sector. */
export async function checkCompanyFields(trx: Trx, c: { companyType?: string; taxNumber?: string; email?: string | null; invoicePrefix?: string | null; sectorId?: number; modules?: number[] }, prefix = ''): Promise<{ sectorKey: string }> {
  const errors: FieldError[] = [];
  if (c.companyType === 'CORPORATION' && !isValidVkn(c.taxNumber ?? '')) errors.push({ field: `${prefix}taxNumber`, message: 'Vergi kimlik numarası (VKN) geçersiz.', code: 'VKN' });
  if (c.companyType === 'INDIVIDUAL' && !isValidTckn(c.taxNumber ?? '')) errors.push({ field: `${prefix}taxNumber`, message: 'T.C. kimlik numarası (TCKN) geçersiz.', code: 'TCKN' });
  if (c.email && !isValidEmail(c.email)) errors.push({ field: `${prefix}email`, message: 'Wrong e-mail format', code: 'EMAIL' });
  if (c.invoicePrefix && !isValidInvoicePrefix(c.invoicePrefix)) errors.push({ field: `${prefix}invoicePrefix`, message: 'Fatura ön eki 7 karakter olmalı (büyük harf ve rakam).', code: 'INVOICE_PREFIX' });
  const sector = c.sectorId ? await trx.selectFrom('sectors').select('key').where('id', '=', c.sectorId).executeTakeFirst() : undefined;
  if (c.sectorId && !sector) errors.push({ field: `${prefix}sectorId`, message: 'Sektör bulunamadı.', code: 'SECTOR' });
  if (c.modules) {
    const known = await trx.selectFrom('modules').select('id').where('id', 'in', c.modules).execute();
    const bad = c.modules.filter((m) => !known.some((k) => k.id === m) || MANAGEMENT_MODULES.includes(m));
    if (bad.length) errors.push({ field: `${prefix}modules`, message: `Geçersiz modül: ${bad.join(', ')}`, code: 'MODULE' });
  }
  if (errors.length) throw problems.badRequest(errors.map((e) => e.message).join(' '), errors);
  return { sectorKey: sector?.key ?? '' };
}

const listCompanies: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  const q = ctx.query as { search?: string; active?: boolean; sectorId?: number };
  const page = pageRequest(ctx);
  let base = ctx.trx.selectFrom('companies as c');
  if (!holdsEverywhere(auth, Module.COMPANY, Action.VIEW)) {
    const mine = auth.authorities.filter((a) => a.authorityCode === `${Module.COMPANY}_${Action.VIEW}`).map((a) => a.companyId);
    base = base.where('c.id', 'in', ctx.trx.selectFrom('user_companies').select('company_id').where('user_id', '=', auth.userId))
      .where('c.id', 'in', mine.length ? mine : [-1]);
  }
  if (q.search) {
    const p = likePattern(q.search);
    base = base.where((eb) => eb.or([eb('c.name', 'ilike', p), eb('c.title', 'ilike', p), eb('c.tax_number', 'ilike', p)]));
  }
  if (q.active !== undefined) base = base.where('c.active', '=', q.active);
  if (q.sectorId !== undefined) base = base.where('c.sector_id', '=', q.sectorId);
  const ids = base.select('c.id');
  let rows = companyRows(ctx.trx).where('c.id', 'in', ids);
  for (const [f, d] of page.sort) rows = rows.orderBy(sql.ref(SORT[f as keyof typeof SORT]), d);
  rows = rows.orderBy('c.id', 'desc');
  const [items, total] = await Promise.all([
    rows.limit(page.size).offset(page.offset).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return pageResult(ctx, items.map(companyView), Number(total.n));
};

const getCompany: Handler = async (ctx) => companyView(await visibleCompany(ctx, (ctx.params as { id: number }).id, Action.VIEW));

interface CompanyBody {
  id?: number; name: string; title: string; companyType: string; taxNumber: string; taxOffice?: string | null; email?: string | null;
  phone?: string | null; mersisNo?: string | null; sectorId: number; erpType: string; invoicePrefix?: string | null; modules: number[];
  tags?: string[]; subscriptionStart?: string | null; subscriptionEnd?: string | null; userCount?: number | null;
  activationDate?: string | null; coordinatingUser?: string | null; itsUsername?: string | null; active?: boolean; ownerLogin?: string;
}

function columns(b: CompanyBody) {
  return {
    name: b.name.trim(), title: b.title.trim(), company_type: b.companyType, tax_number: b.taxNumber, tax_office: b.taxOffice ?? null,
    email: b.email ?? null, phone: b.phone ?? null, mersis_no: b.mersisNo ?? null, sector_id: b.sectorId, erp_type: b.erpType,
    invoice_prefix: b.invoicePrefix ?? null, modules: b.modules, tags: b.tags ?? [], subscription_start: b.subscriptionStart ?? null,
    subscription_end: b.subscriptionEnd ?? null, user_count: b.userCount ?? null, activation_date: b.activationDate ?? null,
    coordinating_user: b.coordinatingUser ?? null, its_username: b.itsUsername ?? null,
  };
}

function checkDates(b: CompanyBody) {
  if (b.subscriptionStart && b.subscriptionEnd && b.subscriptionEnd < b.subscriptionStart) {
    throw problems.invalidField('subscriptionEnd', 'Abonelik bitişi başlangıçtan önce olamaz.', 'DATE_RANGE');
  }
}

const createCompany: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  const b = ctx.body as CompanyBody;
  await checkCompanyFields(ctx.trx, b);
  checkDates(b);
  let ownerId = auth.userId;
  if (b.ownerLogin && b.ownerLogin.toLowerCase() !== auth.login.toLowerCase()) {
    if (!isManagement(auth.authorities)) throw problems.forbidden('Başka bir kullanıcıyı şirket sahibi yalnızca yönetim atayabilir.', 'MANAGEMENT_ONLY');
    const owner = await findUserByLogin(ctx.trx, b.ownerLogin);
    if (!owner) throw problems.invalidField('ownerLogin', 'Kullanıcı bulunamadı.', 'UNKNOWN_USER');
    ownerId = owner.id;
  }
  const c = await ctx.trx.insertInto('companies').values({
    ...columns(b), active: b.active ?? true, owner_id: ownerId, created_by: auth.login, created_date: ctx.services.now(),
  }).returning('id').executeTakeFirstOrThrow();
  await withCompany(ctx, c.id, () => provisionCompany(ctx.trx, c.id, b.modules, ownerId, ctx.services.plugins));
  ctx.audit({ action: 'company.created', entity: 'company', entityId: c.id, detail: { name: b.name, ownerId } });
  ctx.setStatus(201);
  return companyView(await companyRows(ctx.trx).where('c.id', '=', c.id).executeTakeFirstOrThrow());
};

const updateCompany: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  const b = ctx.body as CompanyBody & { id: number };
  await visibleCompany(ctx, b.id, Action.UPDATE);
  await checkCompanyFields(ctx.trx, b);
  checkDates(b);
  if (b.active === false && b.id === auth.companyId) throw problems.conflict('Oturumdaki şirket pasife alınamaz; önce başka bir şirkete geçin.', 'CURRENT_COMPANY');
  await ctx.trx.updateTable('companies').set({
    ...columns(b), ...(b.active !== undefined ? { active: b.active } : {}), last_modified_by: auth.login, last_modified_date: ctx.services.now(),
  }).where('id', '=', b.id).execute();
  ctx.audit({ action: 'company.updated', entity: 'company', entityId: b.id });
  return companyView(await companyRows(ctx.trx).where('c.id', '=', b.id).executeTakeFirstOrThrow());
};

const deleteCompany: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  const { id } = ctx.params as { id: number };
  await visibleCompany(ctx, id, Action.DELETE);
  if (id === auth.companyId) throw problems.conflict('Oturumdaki şirket pasife alınamaz; önce başka bir şirkete geçin.', 'CURRENT_COMPANY');
  await ctx.trx.updateTable('companies').set({ active: false, last_modified_by: auth.login, last_modified_date: ctx.services.now() }).where('id', '=', id).execute();
  ctx.audit({ action: 'company.deactivated', entity: 'company', entityId: id });
  ctx.setStatus(204);
  return null;
};

async function members(ctx: RequestContext, companyId: number, userId?: number) {
  return withCompany(ctx, companyId, async () => {
    let q = ctx.trx.selectFrom('user_companies as uc').innerJoin('users as u', 'u.id', 'uc.user_id')
      .select(['u.id', 'u.login', 'u.first_name', 'u.last_name', 'u.email', 'u.activated', 'uc.is_primary'])
      .where('uc.company_id', '=', companyId).orderBy('u.id');
    if (userId) q = q.where('u.id', '=', userId);
    const rows = await q.execute();
    const roles = rows.length ? await ctx.trx.selectFrom('user_roles as ur')
      .innerJoin('roles as r', (j) => j.onRef('r.company_id', '=', 'ur.company_id').onRef('r.id', '=', 'ur.role_id'))
      .select(['ur.user_id', 'r.id', 'r.name']).where('ur.company_id', '=', companyId)
      .where('ur.user_id', 'in', rows.map((r) => r.id)).orderBy('r.id').execute() : [];
    return rows.map((u) => ({
      userId: u.id, login: u.login, firstName: u.first_name, lastName: u.last_name, email: u.email, activated: u.activated,
      isPrimary: u.is_primary, roles: roles.filter((r) => r.user_id === u.id).map((r) => ({ id: r.id, name: r.name })),
    }));
  });
}

const listCompanyUsers: Handler = async (ctx) => {
  const { id } = ctx.params as { id: number };
  await visibleCompany(ctx, id, Action.VIEW);
  return members(ctx, id);
};

const setCompanyUser: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  const b = ctx.body as { companyId: number; login: string; roleIds: number[]; isPrimary?: boolean };
  const company = await visibleCompany(ctx, b.companyId, Action.UPDATE);
  if (!company.active) throw problems.conflict('Şirket pasif.', 'COMPANY_PASSIVE');
  const user = await findUserByLogin(ctx.trx, b.login);
  if (!user) throw problems.invalidField('login', 'Kullanıcı bulunamadı.', 'UNKNOWN_USER');
  await withCompany(ctx, b.companyId, async () => {
    const { missing, allCompanies } = await checkRoles(ctx.trx, b.companyId, b.roleIds);
    if (missing.length) throw problems.invalidField('roleIds', `Bu şirkette olmayan rol: ${missing.join(', ')}`, 'UNKNOWN_ROLE');
    if (allCompanies && !isManagement(auth.authorities)) throw problems.forbidden('Yönetim rollerini yalnızca yönetim kullanıcıları verebilir.', 'MANAGEMENT_ROLE');
    if (b.isPrimary) await ctx.trx.updateTable('user_companies').set({ is_primary: false }).where('user_id', '=', user.id).execute();
    await ctx.trx.insertInto('user_companies').values({ company_id: b.companyId, user_id: user.id, is_primary: b.isPrimary ?? false })
      .onConflict((oc) => oc.columns(['company_id', 'user_id']).doUpdateSet(b.isPrimary !== undefined ? { is_primary: b.isPrimary } : { company_id: b.companyId }))
      .execute();
    await setUserRoles(ctx.trx, b.companyId, user.id, b.roleIds);
  });
  ctx.audit({ action: 'company.user.set', entity: 'company', entityId: b.companyId, detail: { login: user.login, roleIds: b.roleIds } });
  const [m] = await members(ctx, b.companyId, user.id);
  return m;
};

const listUserCompanies: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  const rows = await ctx.trx.selectFrom('user_companies as uc').innerJoin('companies as c', 'c.id', 'uc.company_id')
    .innerJoin('sectors as s', 's.id', 'c.sector_id')
    .select(['c.id', 'c.name', 'c.sector_id', 's.key', 'uc.is_primary', 'c.active', 'c.erp_type'])
    .where('uc.user_id', '=', auth.userId).orderBy('uc.is_primary', 'desc').orderBy('c.name').execute();
  return rows.map((r) => ({ companyId: r.id, name: r.name, sectorId: r.sector_id, sectorKey: r.key, isPrimary: r.is_primary, active: r.active, erpType: r.erp_type }));
};

const listSectors: Handler = async (ctx) => ctx.trx.selectFrom('sectors').select(['id', 'key', 'name']).orderBy('id').execute();

const register: Handler = async (ctx) => {
  const { user: u, company: c } = ctx.body as {
    user: { login: string; firstName: string; lastName: string; email: string; phone: string; password: string; repeatPassword: string; langKey?: string };
    company: { name: string; title?: string; companyType: string; taxNumber: string; taxOffice?: string; sectorId: number; email?: string; phone?: string };
  };
  const errors: FieldError[] = [];
  if (!isValidTckn(u.login)) errors.push({ field: 'user.login', message: 'T.C. kimlik numarası geçersiz.', code: 'TCKN' });
  if (!isValidEmail(u.email)) errors.push({ field: 'user.email', message: 'Wrong e-mail format', code: 'EMAIL' });
  if (u.password !== u.repeatPassword) errors.push({ field: 'user.repeatPassword', message: 'Your passwords do not match!', code: 'PASSWORD_MISMATCH' });
  if (errors.length) throw problems.badRequest(errors.map((e) => e.message).join(' '), errors);
  assertPassword(u.password, 'user.password');
  const { sectorKey } = await checkCompanyFields(ctx.trx, { ...c, email: c.email ?? null }, 'company.');
  if (await loginTaken(ctx.trx, u.login)) throw problems.conflict('Bu T.C. kimlik numarası ile kayıtlı bir hesap var.', 'LOGIN_TAKEN', 'user.login');
  if (await emailTaken(ctx.trx, u.email)) throw problems.conflict('Bu e-posta adresi başka bir hesapta kullanılıyor.', 'EMAIL_TAKEN', 'user.email');
  const now = ctx.services.now();
  const user = await ctx.trx.insertInto('users').values({
    login: u.login, password_hash: await hashPassword(u.password), first_name: u.firstName.trim(), last_name: u.lastName.trim(),
    email: u.email.trim(), phone: u.phone, lang_key: u.langKey ?? 'tr', activated: false, image_url: null, default_company_id: null,
    created_by: 'register', created_date: now, last_modified_by: null, last_modified_date: null,
  }).returningAll().executeTakeFirstOrThrow();
  const modules = defaultModules(sectorKey);
  const company = await ctx.trx.insertInto('companies').values({
    name: c.name.trim(), title: c.title?.trim() || c.name.trim(), company_type: c.companyType, tax_number: c.taxNumber,
    tax_office: c.taxOffice ?? null, email: c.email ?? u.email, phone: c.phone ?? u.phone, mersis_no: null, sector_id: c.sectorId,
    erp_type: sectorKey === 'ECZ' ? 'MEDULA' : 'STANDARD', invoice_prefix: null, modules, tags: [], subscription_start: null,
    subscription_end: null, user_count: null, activation_date: null, coordinating_user: null, its_username: null,
    owner_id: user.id, created_by: 'register', created_date: now, last_modified_by: null, last_modified_date: null,
  }).returning('id').executeTakeFirstOrThrow();
  await provisionCompany(ctx.trx, company.id, modules, user.id, ctx.services.plugins);
  await ctx.trx.updateTable('users').set({ default_company_id: company.id }).where('id', '=', user.id).execute();
  await sendActivationMail(ctx, user);
  ctx.audit({ action: 'registration', entity: 'company', entityId: company.id, companyId: company.id, user: { id: user.id, login: user.login }, detail: { sectorKey } });
  ctx.setStatus(201);
  return { userId: user.id, companyId: company.id, login: user.login, status: 'WAITING_FOR_ACTIVATION' };
};

export const companyHandlers: Record<string, Handler> = {
  listCompanies, getCompany, createCompany, updateCompany, deleteCompany, listCompanyUsers, setCompanyUser, listUserCompanies, listSectors, register,
};
