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
    // The calls any signed-in user makes about themselves (their session, their company's fee
    // notice, the announcements meant for them, the versions) …
    const self = ['companyAuthenticate', 'getAccount', 'getAnnouncement', 'getCompanyPaymentResult', 'getVersion', 'listAnnouncementsByIds', 'listModules', 'listUserCompanies', 'lockSession', 'logout', 'logoutImpersonate', 'markAnnouncementSeen', 'unlockSession', 'updateOwnEmail'];
    // … and the reference lists every screen reads (addresses, tax types and exemption codes; management writes them).
    const reference = ['getCity', 'getCitySubdivision', 'getCountry', 'listCities', 'listCitySubdivisions', 'listCountries', 'listTaxExceptionCodes', 'listTaxTypes'];
    expect(signedInOnly).toEqual([...self, ...reference].sort());
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
  // Every company's chart has the same main accounts (id = code): 104 is one only the other company has (foreignChart).
  [`${A}/main-accounts/{id}`]: async () => `${A}/main-accounts/104`,
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
  // The pharmacy plugin: a prescription by its number, a scan of a prescription, the unlink of its invoice, products for a company.
  [`${A}/recete/{receteNo}`]: async (_id, v) => `${A}/recete/${encodeURIComponent(String(v['recete.no'] ?? 'L1'))}`,
  [`${A}/recetes/{id}/boxes/{scanId}`]: async (id) => `${A}/recetes/${await id(`${A}/recetes`)}/boxes/1`,
  [`${A}/recetes/unlink-invoice/{id}/{paymentType}`]: async (id) => `${A}/recetes/unlink-invoice/${await id(`${A}/recetes`)}/CASH`,
  [`${A}/products-from-medicines/{companyId}`]: async (_id, v) => `${A}/products-from-medicines/${v['company.id']}`,
  [`${A}/e-documents/by-invoice/{id}`]: async (id) => `${A}/e-documents/by-invoice/${await id(`${A}/invoices`)}`,
  [`${A}/e-documents/by-despatch/{id}`]: async (id) => `${A}/e-documents/by-despatch/${await id(`${A}/despatches`)}`,
  // The POS plugin (links and assistant, P2): deleting a connector setting with its assistant names the setting.
  [`${A}/connector-settings-and-pos-assistant/{id}`]: async (id) => `${A}/connector-settings-and-pos-assistant/${await id(`${A}/connector-settings`)}`,
  // The POS plugin (devices and payments, P1): the terminal's webhook names the company in its path.
  [`${A}/pos-terminal-callback/{companyId}`]: async (_id, v) => `${A}/pos-terminal-callback/${v['company.id']}`,
  ...Object.fromEntries(['', '/xml', '/html', '/pdf'].map((v) => [`${A}/e-documents/{id}${v}`, async (id: (c: string) => Promise<number>) => `${A}/e-documents/${await id(`${A}/incoming-outgoing-invoices`)}${v}`])),
};

/** Bodies an operation with a path id needs to reach its handler (a required body). */
const PLUGIN_BODIES: Record<string, unknown> = {
  eInvoiceUpdate: { action: 'CHECK' }, eArchiveUpdate: { action: 'CHECK' }, eDespatchUpdate: { action: 'CHECK' },
  incomingEInvoiceRespond: { answer: 'KABUL' },
  scanReceteBox: { code: '8699680090177' }, computeReceteShare: { mode: 'SALARY' },
  updateRecete: { hospital: 'Ele geçirildi' }, updateHastaRapor: { patientName: 'Ele geçirildi' }, updateTesis: { name: 'Ele geçirildi' },
  productsFromMedicines: { barcodes: ['8699680090177'] },
  createInvoiceReturn: { date: '2026-11-20', lines: [{ lineId: 1, quantity: 1 }] },
  // A webhook about a basket of the other company (unknown here, and unsigned): answered like a missing record.
  posTerminalCallback: { event: 'BASKET_COMPLETED', data: { basketID: '00000000-0000-4000-8000-000000000001', status: 0 } },
};

/**
 * The pharmacy plugin's records live in pharmacy companies only: for the walk the other company
 * (the general one) is given the prescription module and one record of each pharmacy collection,
 * written as the database's owner (the walk is about reading them from the wrong company).
 */
async function foreignPharmacy(t: TestServer, companyId: number): Promise<{ receteNo: string }> {
  const { sql } = await import('kysely');
  const db = t.server.database.db;
  await sql`update companies set modules = array(select distinct unnest(modules || array[29, 35])) where id = ${companyId}`.execute(db);
  await sql`insert into role_authorities (company_id, role_id, module_id, action_id)
              select distinct ur.company_id, ur.role_id, m.module_id, m.action_id
                from user_roles ur join users u on u.id = ur.user_id
                cross join (select 29 as module_id, a as action_id from unnest(array[1, 2, 3, 4, 5]) a
                            union all select 13, a from unnest(array[1, 2, 3]) a) m
               where ur.company_id = ${companyId} and u.login = 'muhasebe'
              on conflict do nothing`.execute(db);
  const r = await sql<{ id: number; recete_no: string }>`insert into pharmacy_recetes (company_id, recete_no, type) values (${companyId}, 'L-YABANCI', 'NonPrescription') returning id, recete_no`.execute(db);
  const receteId = r.rows[0]!.id;
  await sql`insert into pharmacy_tesis (company_id, code, name) values (${companyId}, '11068891', 'Yabancı tesis')`.execute(db);
  await sql`insert into pharmacy_hasta_rapors (company_id, report_no, patient_tckn) values (${companyId}, 'R-1', '31245678938')`.execute(db);
  const current = await sql<{ id: number }>`select id from currents where company_id = ${companyId} order by id limit 1`.execute(db);
  await sql`insert into pharmacy_credit_products (company_id, current_id, medicine_name) values (${companyId}, ${current.rows[0]!.id}, 'Yabancı ilaç')`.execute(db);
  await sql`insert into pharmacy_boxes (company_id, gtin, sn, state) values (${companyId}, '08699680090177', 'YABANCI1', 'ACCEPTED')`.execute(db);
  await sql`insert into pharmacy_tracking_outbox (company_id, system, kind, payload, state) values (${companyId}, 'ITS', 'ITS_ACCEPT', '{}', 'SENT')`.execute(db);
  await sql`insert into pharmacy_medula_outbox (company_id, recete_id, kind, islem_no, payload, status) values (${companyId}, ${receteId}, 'SAVE', 'YABANCI-1', '{}', 'DONE')`.execute(db);
  return { receteNo: r.rows[0]!.recete_no };
}

/**
 * The POS plugin's links and assistant records (P2) for the other company: a payment link, an
 * assistant and a connector setting, and the general company's owner given the assistant module
 * (28), written as the database's owner.
 */
async function foreignPosLinks(t: TestServer, companyId: number): Promise<void> {
  const { sql } = await import('kysely');
  const db = t.server.database.db;
  await sql`update companies set modules = array(select distinct unnest(modules || array[28, 32, 34])) where id = ${companyId}`.execute(db);
  await sql`insert into role_authorities (company_id, role_id, module_id, action_id)
              select distinct ur.company_id, ur.role_id, m.module_id, m.action_id
                from user_roles ur join users u on u.id = ur.user_id
                cross join (select 28 as module_id, a as action_id from unnest(array[1, 2, 3, 4, 45]) a
                            union all select 32, a from unnest(array[1, 2, 3, 4, 45]) a
                            union all select 34, a from unnest(array[1, 2, 3, 4]) a) m
               where ur.company_id = ${companyId} and u.login = 'muhasebe'
              on conflict do nothing`.execute(db);
  const current = await sql<{ id: number }>`select id from currents where company_id = ${companyId} order by id limit 1`.execute(db);
  await sql`insert into pos_virtual_payments (company_id, current_id, amount, description, callback_id) values (${companyId}, ${current.rows[0]!.id}, 10, 'Yabancı link', 'x')`.execute(db);
  const a = await sql<{ id: number }>`insert into pos_assistants (company_id, name, device_id) values (${companyId}, 'Yabancı asistan', 'YABANCI-PC') returning id`.execute(db);
  await sql`insert into pos_connector_settings (company_id, assistant_id, vendor, database_type, host, port, database_name, username)
              values (${companyId}, ${a.rows[0]!.id}, 'ECZANEM', 'MSSQL', '10.0.0.1', 1433, 'YABANCI', 'sa')`.execute(db);
}

/**
 * The POS plugin's devices and payments (P1) for the other company: a terminal and a collection
 * from a current taken on it (it lists as a POS payment and as a current POS payment), and the
 * general company's owner given the POS device, POS payment and current POS payment modules,
 * written as the database's owner.
 */
async function foreignPosPayments(t: TestServer, companyId: number): Promise<void> {
  const { sql } = await import('kysely');
  const db = t.server.database.db;
  await sql`update companies set modules = array(select distinct unnest(modules || array[27, 30, 34])) where id = ${companyId}`.execute(db);
  await sql`insert into role_authorities (company_id, role_id, module_id, action_id)
              select distinct ur.company_id, ur.role_id, m.module_id, a
                from user_roles ur join users u on u.id = ur.user_id
                cross join (values (27), (30), (34)) m(module_id) cross join unnest(array[1, 2, 3, 4]) a
               where ur.company_id = ${companyId} and u.login = 'muhasebe'
              on conflict do nothing`.execute(db);
  const bank = await sql<{ id: number }>`select id from bank_accounts where company_id = ${companyId} order by id limit 1`.execute(db);
  const d = await sql<{ id: number }>`insert into pos_devices (company_id, name, terminal_serial_no, bank_account_id) values (${companyId}, 'Yabancı POS', 'YABANCI-POS1', ${bank.rows[0]!.id}) returning id`.execute(db);
  const current = await sql<{ id: number }>`select id from currents where company_id = ${companyId} order by id limit 1`.execute(db);
  await sql`insert into pos_payments (company_id, kind, status, device_id, terminal_serial_no, bank_account_id, total, current_id, payment_date, document_no)
              values (${companyId}, 'OPEN_ACCOUNT', 'FAILED', ${d.rows[0]!.id}, 'YABANCI-POS1', ${bank.rows[0]!.id}, 10, ${current.rows[0]!.id}, '2026-11-20', 'POS-YABANCI-1')`.execute(db);
}

/**
 * A main account only the other company's chart has (104, a code the uniform chart leaves free),
 * written as the database's owner: main accounts are keyed by their code, the same in every chart.
 */
async function foreignChart(t: TestServer, companyId: number): Promise<void> {
  const { sql } = await import('kysely');
  await sql`insert into ledger_accounts (company_id, code, name, parent_code, level, postable) values (${companyId}, '104', 'Yabancı ana hesap', '10', 3, true)`.execute(t.server.database.db);
}

/**
 * A payroll accrual of the other company (the demo has none): its personnel Can Yıldız's May
 * 2026 payroll, recorded through the API, so /personnel-accruals/{id} is walked with a real id.
 */
async function foreignPayrollAccrual(api: ReturnType<typeof http>, token: string): Promise<void> {
  const can = (await api.call('GET', `${ONMUHASEBE}/currents?currentAccountType=PERSONNEL&search=Can`, { token })).body[0];
  const r = await api.call('POST', `${ONMUHASEBE}/personnel-accruals`, { token, body: { personnelId: can.id, period: '2026-05', gross: '30000.00', workerSgk: '4200.00' } });
  expect(r.status).toBe(201);
}

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

describe.each(engines('both'))('tenancy and permissions on %s', (engine) => {
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
    foreign['recete.no'] = (await foreignPharmacy(t, me.companyId)).receteNo;
    await foreignPosLinks(t, me.companyId);
    await foreignPosPayments(t, me.companyId);
    await foreignChart(t, me.companyId);
    await foreignPayrollAccrual(api, muhasebe);
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
      ...(await (async (): Promise<[string, string, unknown][]> => {
        // The POS plugin (P1): a device and a payment of the other company named in a body.
        const device = (await api.call('GET', `${ONMUHASEBE}/pos-devices?size=1`, { token: muhasebe })).body[0].id;
        const payment = (await api.call('GET', `${ONMUHASEBE}/current-pos-payments?size=1`, { token: muhasebe })).body[0].id;
        return [
          ['PUT', `${ONMUHASEBE}/pos-devices`, { id: device, name: 'Ele geçirildi' }],
          ['PUT', `${ONMUHASEBE}/pos-payments`, { id: payment, explanation: 'Ele geçirildi' }],
          ['PUT', `${ONMUHASEBE}/pos-payments/update-status`, { id: payment, status: 'PENDING' }],
          ['PUT', `${ONMUHASEBE}/current-pos-payments`, { id: payment, explanation: 'Ele geçirildi' }],
          ['PUT', `${ONMUHASEBE}/current-pos-payments/update-status`, { id: payment, status: 'PENDING' }],
        ];
      })()),
      ...(await (async (): Promise<[string, string, unknown][]> => {
        // The pharmacy's PUT on its collections (the id in the body).
        const first = async (c: string) => (await api.call('GET', `${ONMUHASEBE}/${c}?size=1`, { token: muhasebe })).body[0].id;
        return [
          ['PUT', `${ONMUHASEBE}/tesis`, { id: await first('tesis'), name: 'Ele geçirildi' }],
          ['PUT', `${ONMUHASEBE}/hasta-rapors`, { id: await first('hasta-rapors'), doctorName: 'Ele geçirildi' }],
          ['PUT', `${ONMUHASEBE}/recetes`, { id: await first('recetes'), patientName: 'Ele geçirildi' }],
        ];
      })()),
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
