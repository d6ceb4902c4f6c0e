import type { Kysely } from 'kysely';
import { isManagement, isValidTckn, isValidVkn, SEED_TEXTS_TR } from '@tezgah/core';
import { Problem, problems, requireAuth, type Handler, type RequestContext, type Trx } from '@tezgah/server';
import type { ManagementArea } from '../area';
import { crmPort, rememberListening } from './port';
import { crmSandbox } from './sandbox';

/**
 * The CRM area (issue 14; seeds 000 §7, 001 §3, §4, §7): the company's account at the vendor's
 * CRM (create, deactivate: management staff), the tax-professionals registry lookup by VKN/TCKN
 * and the yearly service fee's payment result, all through the CRM port (port.ts) with its
 * sandbox under /sandbox/management/crm (sandbox.ts).
 */

interface CrmTables {
  management_crm_accounts: { company_id: number; crm_account_id: string; status: string; created_by: string | null; created_at: Date; deactivated_at: Date | null };
  companies: { id: number; name: string; title: string; tax_number: string; email: string | null; phone: string | null; active: boolean };
}
const db = (trx: Trx): Kysely<CrmTables> => trx as unknown as Kysely<CrmTables>;

const accountView = (r: CrmTables['management_crm_accounts']) => ({
  companyId: Number(r.company_id), accountId: r.crm_account_id, status: r.status,
  createdAt: new Date(r.created_at).toISOString(), deactivatedAt: r.deactivated_at ? new Date(r.deactivated_at).toISOString() : null,
});

async function companyOf(ctx: RequestContext, id: number) {
  const c = await db(ctx.trx).selectFrom('companies').select(['id', 'name', 'title', 'tax_number', 'email', 'phone', 'active']).where('id', '=', id).executeTakeFirst();
  if (!c) throw problems.notFound('Şirket');
  return c;
}

/** POST /services/onmuhasebe/api/crm/create-account (x-management). */
const createCrmAccount: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  const { companyId } = ctx.body as { companyId: number };
  const c = await companyOf(ctx, companyId);
  const existing = await db(ctx.trx).selectFrom('management_crm_accounts').selectAll().where('company_id', '=', companyId).forUpdate().executeTakeFirst();
  if (existing?.status === 'ACTIVE') throw problems.conflict('Şirketin CRM hesabı zaten açık.', 'CRM_ACCOUNT_EXISTS');
  const { accountId } = await crmPort(ctx.services).createAccount({ identifier: c.tax_number, name: c.name, title: c.title, email: c.email, phone: c.phone });
  const now = ctx.services.now();
  const row = existing
    ? await db(ctx.trx).updateTable('management_crm_accounts').set({ crm_account_id: accountId, status: 'ACTIVE', created_by: auth.login, created_at: now, deactivated_at: null })
      .where('company_id', '=', companyId).returningAll().executeTakeFirstOrThrow()
    : await db(ctx.trx).insertInto('management_crm_accounts').values({ company_id: companyId, crm_account_id: accountId, status: 'ACTIVE', created_by: auth.login, created_at: now, deactivated_at: null })
      .returningAll().executeTakeFirstOrThrow();
  ctx.audit({ action: 'management.crm.account.created', entity: 'companies', entityId: companyId, companyId, detail: { accountId } });
  ctx.setStatus(201);
  return accountView(row);
};

/** POST /api/crm/deactivate-account (x-management): the CRM account closed and the company set passive. */
const deactivateCrmAccount: Handler = async (ctx) => {
  const { companyId } = ctx.body as { companyId: number };
  await companyOf(ctx, companyId);
  const existing = await db(ctx.trx).selectFrom('management_crm_accounts').selectAll().where('company_id', '=', companyId).forUpdate().executeTakeFirst();
  if (!existing || existing.status !== 'ACTIVE') throw new Problem(404, 'Kayıt bulunamadı', { detail: 'Şirketin açık bir CRM hesabı yok.', code: 'CRM_ACCOUNT_NOT_FOUND' });
  await crmPort(ctx.services).deactivateAccount(existing.crm_account_id);
  const row = await db(ctx.trx).updateTable('management_crm_accounts').set({ status: 'PASSIVE', deactivated_at: ctx.services.now() })
    .where('company_id', '=', companyId).returningAll().executeTakeFirstOrThrow();
  await db(ctx.trx).updateTable('companies').set({ active: false }).where('id', '=', companyId).execute();
  ctx.audit({ action: 'management.crm.account.deactivated', entity: 'companies', entityId: companyId, companyId, detail: { accountId: existing.crm_account_id } });
  return accountView(row);
};

/** GET /services/onmuhasebe/api/crm/get-vuk-for-identifier?vkntckn= (any signed-in user). */
const getVukForIdentifier: Handler = async (ctx) => {
  const { vkntckn } = ctx.query as { vkntckn: string };
  if (!(vkntckn.length === 10 ? isValidVkn(vkntckn) : isValidTckn(vkntckn))) {
    throw problems.invalidField('vkntckn', 'Geçerli bir vergi kimlik numarası (10 hane) ya da T.C. kimlik numarası (11 hane) girin.', 'VKN_TCKN');
  }
  const doc = await crmPort(ctx.services).vukFor(vkntckn);
  if (!doc) {
    throw new Problem(404, 'Kayıt bulunamadı', { detail: SEED_TEXTS_TR.NOT_IN_TAX_PROFESSIONALS_REGISTRY, code: 'NOT_IN_TAX_PROFESSIONALS_REGISTRY' });
  }
  return doc;
};

/**
 * GET /services/onmuhasebe/api/crm/company-payment-result-from-crm?identifier= : the yearly
 * service fee of the company in session (its tax number; the default when no identifier is given),
 * or of any company for management staff.
 * Another company's number answers 404, as if unknown.
 */
const getCompanyPaymentResult: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  const { identifier } = ctx.query as { identifier?: string };
  const own = await db(ctx.trx).selectFrom('companies').select('tax_number').where('id', '=', auth.companyId).executeTakeFirst();
  if (!identifier && !own) throw problems.notFound('Şirket');
  if (identifier && !isManagement(auth.authorities) && own?.tax_number !== identifier) throw problems.notFound('Şirket');
  return crmPort(ctx.services).paymentResult(identifier ?? own!.tax_number);
};

export const area: ManagementArea = {
  handlers: { createCrmAccount, deactivateCrmAccount, getVukForIdentifier, getCompanyPaymentResult },
  async sandbox(app, services) {
    // A server talking to the live CRM serves no simulator of it.
    if ((services.config.env?.TEZGAH_CRM || 'sandbox').toLowerCase() === 'live') return;
    app.addHook('onListen', async () => {
      const a = app.server.address();
      if (a && typeof a === 'object') {
        const host = a.family === 'IPv6' ? `[${a.address === '::' ? '::1' : a.address}]` : (a.address === '0.0.0.0' ? '127.0.0.1' : a.address);
        rememberListening(services.config, `http://${host}:${a.port}`);
      }
    });
    await crmSandbox(app);
  },
};
