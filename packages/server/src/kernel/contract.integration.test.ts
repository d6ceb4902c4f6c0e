import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { engines, startTestServer, type TestServer } from '../../test/harness';
import { http, ONMUHASEBE, type Answer } from '../../test/http';
import { builtInPlugins } from '../server';
import { loadDocument, operations, CONTRACT_PATH, type OperationSpec } from './contract';

const doc = loadDocument();
const ops = operations(doc);

describe('the contract', () => {
  it('is bundled from the current openapi/ sources', async () => {
    const { bundle } = await import(fileURLToPath(new URL('../../../../scripts/bundle-openapi.mjs', import.meta.url)) as string);
    expect(readFileSync(CONTRACT_PATH, 'utf8')).toBe(bundle());
  });
  it('has a handler for every operation (none answers 501)', async () => {
    const handled = new Set((await builtInPlugins()).flatMap((p) => Object.keys(p.handlers)));
    expect(ops.map((o) => o.operationId).filter((id) => !handled.has(id))).toEqual([]);
    const known = new Set(ops.map((o) => o.operationId));
    expect([...handled].filter((id) => !known.has(id))).toEqual([]);
  });
  it('declares who may call each operation: public, management or an authority, else signed-in only', () => {
    const signedInOnly = ops.filter((o) => !o.public && !o.management && !o.authority).map((o) => o.operationId).sort();
    // The calls any signed-in user makes about themselves.
    expect(signedInOnly).toEqual(['companyAuthenticate', 'getAccount', 'listModules', 'listUserCompanies', 'lockSession', 'logout', 'logoutImpersonate', 'unlockSession', 'updateOwnEmail']);
  });
});

/** Path parameters of the kernel's own calls, by path; plugin resources are found generically. */
const KERNEL_PARAMS: Record<string, string[]> = {
  '/services/onmuhasebe/api/roles/{id}': ['role.id'],
  '/services/onmuhasebe/api/companies/{id}': ['company.id'],
  '/services/onmuhasebe/api/companies/users/{id}': ['company.id'],
  '/api/users/{id}/{companyId}': ['user.id', 'user.companyId'],
  '/api/users/{login}': ['user.login'],
  '/api/users/companyIds/{id}': ['user.id'],
};

/** Plugin paths whose ids are not a single `{id}` of a collection. */
const A = '/services/onmuhasebe/api';
const PLUGIN_PARAMS: Record<string, (id: (c: string) => Promise<number>, values: Record<string, string | number>) => Promise<string>> = {
  [`${A}/warehouse-product-items/{productId}/{companyId}`]: async (id, v) => `${A}/warehouse-product-items/${await id(`${A}/products`)}/${v['company.id']}`,
  [`${A}/products/{id}/{priceListId}`]: async (id) => `${A}/products/${await id(`${A}/products`)}/${await id(`${A}/price-lists`)}`,
  [`${A}/dashboard/monthly-sales-total/{companyId}`]: async (_id, v) => `${A}/dashboard/monthly-sales-total/${v['company.id']}`,
  [`${A}/journals-getMax/{companyId}/{fiscalYearId}`]: async (id, v) => `${A}/journals-getMax/${v['company.id']}/${await id(`${A}/fiscal-years`)}`,
  [`${A}/transactions-order/{year}/{companyId}`]: async (id, v) => `${A}/transactions-order/${await id(`${A}/fiscal-years`)}/${v['company.id']}`,
  [`${A}/transactions-order/{companyId}/{startDate}/{endDate}`]: async (_id, v) => `${A}/transactions-order/${v['company.id']}/2026-01-01/2026-12-31`,
  [`${A}/invoices/cancel/{id}/{itsCancel}/{eInvoiceType}`]: async (id) => `${A}/invoices/cancel/${await id(`${A}/invoices`)}/false/NONE`,
  [`${A}/invoices-recetes/{id}`]: async (id) => `${A}/invoices-recetes/${await id(`${A}/invoices`)}`,
  [`${A}/pdf/{id}`]: async (id) => `${A}/pdf/${await id(`${A}/invoices`)}`,
  [`${A}/turmob/{id}`]: async (id) => `${A}/turmob/${await id(`${A}/invoices`)}`,
  [`${A}/pdf-despatch/{id}`]: async (id) => `${A}/pdf-despatch/${await id(`${A}/despatches`)}`,
  [`${A}/despatch-attachment-lines-by-despatch/{id}`]: async (id) => `${A}/despatch-attachment-lines-by-despatch/${await id(`${A}/despatches`)}`,
  [`${A}/despatch-attachment-lines/{companyId}/{despatchId}`]: async (id, v) => `${A}/despatch-attachment-lines/${v['company.id']}/${await id(`${A}/despatches`)}`,
  // The demo's newest despatch has an attachment.
  [`${A}/despatch-attachment-lines/{id}`]: async (id) => `${A}/despatch-attachment-lines/${await id(`${A}/despatch-attachment-lines-by-despatch/${await id(`${A}/despatches`)}`)}`,
  // The e-document plugin: actions on an invoice or a despatch by its id, views of an e-document (the demo holds imported ones).
  ...Object.fromEntries(['e-invoice', 'e-archive'].flatMap((f) => ['send', 'update', 'cancel'].map((a) => [`${A}/${f}/${a}/{id}`, async (id: (c: string) => Promise<number>) => `${A}/${f}/${a}/${await id(`${A}/invoices`)}`]))),
  ...Object.fromEntries(['send', 'update', 'cancel'].map((a) => [`${A}/e-despatch/${a}/{id}`, async (id: (c: string) => Promise<number>) => `${A}/e-despatch/${a}/${await id(`${A}/despatches`)}`])),
  [`${A}/e-documents/by-invoice/{id}`]: async (id) => `${A}/e-documents/by-invoice/${await id(`${A}/invoices`)}`,
  [`${A}/e-documents/by-despatch/{id}`]: async (id) => `${A}/e-documents/by-despatch/${await id(`${A}/despatches`)}`,
  ...Object.fromEntries(['', '/xml', '/html', '/pdf'].map((v) => [`${A}/e-documents/{id}${v}`, async (id: (c: string) => Promise<number>) => `${A}/e-documents/${await id(`${A}/incoming-outgoing-invoices`)}${v}`])),
};

/** Bodies an operation with a path id needs to reach its handler (a required body). */
const PLUGIN_BODIES: Record<string, unknown> = {
  eInvoiceUpdate: { action: 'CHECK' }, eArchiveUpdate: { action: 'CHECK' }, eDespatchUpdate: { action: 'CHECK' },
  incomingEInvoiceRespond: { answer: 'KABUL' },
};

/** Operations about data every company shares (x-global): not part of the foreign-id walk. */
const isGlobal = (op: OperationSpec) => doc.paths[op.path][op.method.toLowerCase()]['x-global'] === true;

/**
 * Fills an operation's path. Kernel paths take the named values; any other `…/{id}` path is a
 * record of a collection (`…` itself), whose id is found by `collectionId` (listing it as the
 * other company's user): so every plugin resource is walked without a fixture of its own.
 */
async function fillPath(op: OperationSpec, values: Record<string, string | number>, collectionId: (collection: string) => Promise<number>): Promise<string> {
  if (op.pathParams.length === 0) return op.path;
  const special = PLUGIN_PARAMS[op.path];
  if (special) return special(collectionId, values);
  const names = KERNEL_PARAMS[op.path];
  if (names) {
    let i = 0;
    return op.path.replace(/\{[^}]+\}/g, () => encodeURIComponent(String(values[names[i++]!])));
  }
  // <collection>/{id}, optionally followed by fixed segments (/journal-entries/{id}/reverse).
  const m = /^(.*?)\/\{id\}(\/[^{}]*)?$/.exec(op.path);
  if (!m || op.pathParams.length !== 1) throw new Error(`no way to fill ${op.path} (${op.operationId}): add it to KERNEL_PARAMS or shape it as <collection>/{id}[/…]`);
  return `${m[1]}/${await collectionId(m[1]!)}${m[2] ?? ''}`;
}

describe.each(engines())('tenancy and permissions on %s', (engine) => {
  let t: TestServer;
  let api: ReturnType<typeof http>;
  let eczaci: string;
  let foreign: Record<string, string | number>;
  let foreignRole: any;
  beforeAll(async () => {
    t = await startTestServer({ engine });
    api = http(t.url);
    eczaci = await api.signIn('eczaci');
    const muhasebe = await api.signIn('muhasebe');
    const me = (await api.call('GET', '/api/account', { token: muhasebe })).body;
    foreignRole = (await api.call('GET', `${ONMUHASEBE}/roles?search=Personel`, { token: muhasebe })).body[0];
    foreign = {
      'company.id': me.companyId,
      'role.id': foreignRole.id,
      'user.id': me.id,
      'user.companyId': me.companyId,
      'user.login': 'muhasebe',
    };
  });
  afterAll(async () => { await t?.close(); });

  it('answers 404 for another company\'s id on every operation that takes one, and changes nothing', async () => {
    const withIds = ops.filter((o) => o.pathParams.length > 0 && !isGlobal(o));
    expect(withIds.length).toBeGreaterThanOrEqual(8);
    const muhasebe = await api.signIn('muhasebe');
    const foreignId = async (collection: string) => {
      const list = await api.call('GET', `${collection}?size=1`, { token: muhasebe });
      expect([collection, list.status]).toEqual([collection, 200]);
      expect([collection, list.body.length]).toEqual([collection, 1]);
      return list.body[0].id as number;
    };
    const answers: Record<string, number> = {};
    for (const op of withIds) {
      const r = await api.call(op.method, await fillPath(op, foreign, foreignId), { token: eczaci, ...(PLUGIN_BODIES[op.operationId] ? { body: PLUGIN_BODIES[op.operationId] } : {}) });
      answers[op.operationId] = r.status;
      if (r.status === 404) expect(r.body.code).toBe('NOT_FOUND');
      expect(JSON.stringify(r.body)).not.toContain('Demo Ticaret');
    }
    expect(answers).toEqual(Object.fromEntries(withIds.map((o) => [o.operationId, 404])));
    // Ids inside bodies: the same answer.
    const bodyCalls: [string, string, unknown][] = [
      ['PUT', `${ONMUHASEBE}/roles`, { id: foreignRole.id, name: 'Ele geçirildi', authorities: [] }],
      ['PUT', '/api/users', { id: foreign['user.id'], firstName: 'X', lastName: 'Y', email: 'x@y.com', roleIds: [1] }],
      ['PUT', `${ONMUHASEBE}/companies`, { id: foreign['company.id'], name: 'X', title: 'X', companyType: 'CORPORATION', taxNumber: '0123456789', sectorId: 2, erpType: 'STANDARD', modules: [13] }],
      ['PUT', `${ONMUHASEBE}/companies-user`, { companyId: foreign['company.id'], login: 'eczaci', roleIds: [foreignRole.id] }],
      ['POST', '/api/company-authenticate', { companyId: foreign['company.id'] }],
    ];
    for (const [method, path, body] of bodyCalls) {
      const r = await api.call(method, path, { token: eczaci, body });
      expect([path, r.status]).toEqual([path, 404]);
    }
    const role = await api.call('GET', `${ONMUHASEBE}/roles/${foreignRole.id}`, { token: muhasebe });
    expect(role.body).toEqual(foreignRole);
    const company = await api.call('GET', `${ONMUHASEBE}/companies/${foreign['company.id']}`, { token: muhasebe });
    expect(company.body).toMatchObject({ name: 'Demo Ticaret A.Ş.', active: true });
    const members = await api.call('GET', `${ONMUHASEBE}/companies/users/${foreign['company.id']}`, { token: muhasebe });
    // The owner and the demo accountant, as before the foreign calls.
    expect(members.body.map((m: any) => m.login)).toEqual(['muhasebe', 'mali']);
  });

  it('row-level security holds even for a query that forgets its company filter', async () => {
    const { inTenant } = await import('../db/database');
    const rows = await inTenant(t.server.database.db, 2, (trx) => trx.selectFrom('roles').select('company_id').execute());
    expect(rows.length).toBeGreaterThan(0);
    expect(new Set(rows.map((r) => r.company_id))).toEqual(new Set([2]));
    await expect(inTenant(t.server.database.db, 2, (trx) =>
      trx.insertInto('roles').values({ company_id: 3, name: 'sızma' }).execute())).rejects.toThrow(/row-level security/);
  });

  it('answers 403 on every protected operation to a user without the authority, before looking at the input', async () => {
    const owner = await api.signIn('eczaci');
    const empty = await api.call('POST', `${ONMUHASEBE}/roles`, { token: owner, body: { name: 'Yetkisiz', authorities: [] } });
    const created = await api.call('POST', '/api/users', { token: owner, body: { login: 'yetkisiz', firstName: 'Yet', lastName: 'Kisiz', email: 'yetkisiz@example.com', roleIds: [empty.body.id] } });
    expect(created.status).toBe(201);
    const admin = await api.signIn('yonetici');
    const mail = (await api.call('GET', `${ONMUHASEBE}/outbox-messages?recipient=yetkisiz@example.com`, { token: admin })).body[0];
    const key = /key=([0-9a-f]{40})/.exec(mail.body)![1];
    await api.call('POST', '/api/account/password-reset-activate/finish', { body: { key, newPassword: 'parola12' } });
    const tok = await api.signIn('yetkisiz', 'parola12');
    const protectedOps = ops.filter((o) => o.authority || o.management);
    expect(protectedOps.length).toBeGreaterThanOrEqual(20);
    const own = { 'company.id': 2, 'role.id': empty.body.id, 'user.id': created.body.id, 'user.companyId': 2, 'user.login': 'yetkisiz' };
    const statuses: Record<string, number> = {};
    for (const op of protectedOps) {
      // Refused before the path is even read, so any value will do for plugin resources.
      const path = isGlobal(op) ? op.path.replace(/\{[^}]+\}/g, '1') : await fillPath(op, own, async () => 1);
      const r: Answer = await api.call(op.method, path, { token: tok, ...(op.schemas.body ? { body: {} } : {}) });
      statuses[op.operationId] = r.status;
      expect(r.body.title).toBe('Yetki Hatası');
    }
    expect(statuses).toEqual(Object.fromEntries(protectedOps.map((o) => [o.operationId, 403])));
    // The signed-in-only calls still work for them.
    expect((await api.call('GET', '/api/account', { token: tok })).status).toBe(200);
  });
});
