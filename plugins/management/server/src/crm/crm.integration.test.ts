import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, startTestServer, type TestServer } from '../../../../../packages/server/test/harness';
import { http, ONMUHASEBE } from '../../../../../packages/server/test/http';

const codeOf = (r: { body: any }) => r.body?.fieldErrors?.[0]?.code ?? r.body?.code;

describe.each(engines('one'))('the CRM port against its sandbox on %s', (engine) => {
  let t: TestServer;
  let api: ReturnType<typeof http>;
  let yonetici: string;
  let eczaci: string;
  let muhasebe: string;
  // The simulator's control route is for a management user.
  const control = async (body: Record<string, unknown>) => {
    const r = await fetch(`${t.url}/sandbox/management/crm/control`, { method: 'PUT', headers: { 'content-type': 'application/json', authorization: `Bearer ${yonetici}` }, body: JSON.stringify(body) });
    if (!r.ok) throw new Error(`CRM sandbox control: ${r.status} ${await r.text()}`);
    return r;
  };
  const db = () => t.server.database.db as any;

  beforeAll(async () => {
    t = await startTestServer({ engine });
    api = http(t.url);
    yonetici = await api.signIn('yonetici');
    eczaci = await api.signIn('eczaci');
    muhasebe = await api.signIn('muhasebe');
    await control({ reset: true });
  });
  afterAll(async () => { await t?.close(); });

  it('looks up the tax-professionals registry by VKN or TCKN', async () => {
    const found = await api.call('GET', `${ONMUHASEBE}/crm/get-vuk-for-identifier?vkntckn=10000000078`, { token: muhasebe });
    expect(found.status, JSON.stringify(found.body)).toBe(200);
    const pdf = Buffer.from(found.body.base64Data, 'base64').toString('latin1');
    expect(pdf.startsWith('%PDF-')).toBe(true);
    expect(pdf).toContain('Ayse Demir');
    expect((await api.call('GET', `${ONMUHASEBE}/crm/get-vuk-for-identifier?vkntckn=1111111106`, { token: muhasebe })).status).toBe(200);
    const missing = await api.call('GET', `${ONMUHASEBE}/crm/get-vuk-for-identifier?vkntckn=10000000214`, { token: muhasebe });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ code: 'NOT_IN_TAX_PROFESSIONALS_REGISTRY', detail: 'Mali müşavirler sicilinde bulunamadı' });
    const english = await api.call('GET', `${ONMUHASEBE}/crm/get-vuk-for-identifier?vkntckn=10000000214`, { token: muhasebe, headers: { 'accept-language': 'en' } });
    expect(english.body.detail).toBe('Not found in the tax-professionals registry');
    const badSum = await api.call('GET', `${ONMUHASEBE}/crm/get-vuk-for-identifier?vkntckn=10000000001`, { token: muhasebe });
    expect(badSum.status).toBe(400);
    expect(codeOf(badSum)).toBe('VKN_TCKN');
    expect((await api.call('GET', `${ONMUHASEBE}/crm/get-vuk-for-identifier?vkntckn=12ab`, { token: muhasebe })).status).toBe(400);
    expect((await api.call('GET', `${ONMUHASEBE}/crm/get-vuk-for-identifier?vkntckn=10000000078`)).status).toBe(401);
  });

  it('answers the yearly service fee of the company in session only, with the sandbox payment page', async () => {
    const pending = await api.call('GET', `${ONMUHASEBE}/crm/company-payment-result-from-crm?identifier=10000000146`, { token: eczaci });
    expect(pending.status, JSON.stringify(pending.body)).toBe(200);
    expect(pending.body.status).toBe('PENDING');
    expect(pending.body.paymentUrl).toMatch(/\/sandbox\/management\/crm\/pay\/fee-10000000146$/);
    expect(pending.body.img).toMatch(/\.svg$/);
    const page = await fetch(pending.body.paymentUrl);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Yıllık hizmet bedeli');

    const paid = await api.call('GET', `${ONMUHASEBE}/crm/company-payment-result-from-crm?identifier=0123456789`, { token: muhasebe });
    expect(paid.body).toEqual({ status: 'SUCCESS', paymentUrl: null, img: null });
    // Without an identifier: the company in session's.
    expect((await api.call('GET', `${ONMUHASEBE}/crm/company-payment-result-from-crm`, { token: muhasebe })).body).toEqual({ status: 'SUCCESS', paymentUrl: null, img: null });
    expect((await api.call('GET', `${ONMUHASEBE}/crm/company-payment-result-from-crm`, { token: eczaci })).body.status).toBe('PENDING');
    // Another company's number is unknown to a company user; management staff may ask for any.
    expect((await api.call('GET', `${ONMUHASEBE}/crm/company-payment-result-from-crm?identifier=10000000146`, { token: muhasebe })).status).toBe(404);
    expect((await api.call('GET', `${ONMUHASEBE}/crm/company-payment-result-from-crm?identifier=10000000146`, { token: yonetici })).body.status).toBe('PENDING');

    // Paying on the sandbox page turns the result to SUCCESS without a URL.
    expect((await fetch(pending.body.paymentUrl, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: '' })).status).toBe(200);
    expect((await api.call('GET', `${ONMUHASEBE}/crm/company-payment-result-from-crm?identifier=10000000146`, { token: eczaci })).body)
      .toEqual({ status: 'SUCCESS', paymentUrl: null, img: null });
    await control({ reset: true });
  });

  it('opens and closes a company\'s CRM account (management only); a CRM that is down answers 503 and changes nothing', async () => {
    const general = await db().selectFrom('companies').select(['id']).where('tax_number', '=', '0123456789').executeTakeFirstOrThrow();
    const companyId = Number(general.id);
    expect((await api.call('POST', `${ONMUHASEBE}/crm/create-account`, { token: eczaci, body: { companyId } })).status).toBe(403);

    await control({ down: true });
    const down = await api.call('POST', `${ONMUHASEBE}/crm/create-account`, { token: yonetici, body: { companyId } });
    expect(down.status).toBe(503);
    expect(codeOf(down)).toBe('CRM_UNAVAILABLE');
    expect(down.body.detail).toMatch(/ulaşılamıyor/);
    expect(await db().selectFrom('management_crm_accounts').selectAll().execute()).toEqual([]);
    t.serverErrors.length = 0; // 503 is this test's expected answer
    await control({ down: false });

    const created = await api.call('POST', `${ONMUHASEBE}/crm/create-account`, { token: yonetici, body: { companyId } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ companyId, status: 'ACTIVE', deactivatedAt: null });
    expect(created.body.accountId).toMatch(/^CRM-/);
    expect(codeOf(await api.call('POST', `${ONMUHASEBE}/crm/create-account`, { token: yonetici, body: { companyId } }))).toBe('CRM_ACCOUNT_EXISTS');
    expect((await api.call('POST', `${ONMUHASEBE}/crm/create-account`, { token: yonetici, body: { companyId: 999999 } })).status).toBe(404);

    expect((await api.call('POST', '/api/crm/deactivate-account', { token: muhasebe, body: { companyId } })).status).toBe(403);
    const closed = await api.call('POST', '/api/crm/deactivate-account', { token: yonetici, body: { companyId } });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    expect(closed.body).toMatchObject({ companyId, accountId: created.body.accountId, status: 'PASSIVE' });
    expect(closed.body.deactivatedAt).not.toBeNull();
    expect((await db().selectFrom('companies').select('active').where('id', '=', companyId).executeTakeFirstOrThrow()).active).toBe(false);
    expect(codeOf(await api.call('POST', '/api/crm/deactivate-account', { token: yonetici, body: { companyId } }))).toBe('CRM_ACCOUNT_NOT_FOUND');
  });
});
