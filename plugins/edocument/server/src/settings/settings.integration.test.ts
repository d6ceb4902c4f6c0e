import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { engines } from '../../../../../packages/server/test/harness';
import { http, ONMUHASEBE } from '../../../../../packages/server/test/http';
import { decryptSecret } from './crypto';
import { cidOf, startSettingsServer } from './testing';
import { settingsHooks } from './settings';

const S = `${ONMUHASEBE}/e-document-settings`;
const codeOf = (r: { body: any }) => r.body.fieldErrors?.[0]?.code ?? r.body.code;
const PHARMACY_TCKN = '10000000146';
const GENERAL_VKN = '0123456789';

describe.each(engines('one'))('e-document settings on %s', (engine) => {
  let t: Awaited<ReturnType<typeof startSettingsServer>>;
  let api: ReturnType<typeof http>;
  let eczaci: string;
  let muhasebe: string;

  beforeAll(async () => {
    t = await startSettingsServer(engine);
    api = http(t.url);
    eczaci = await api.signIn('eczaci');
    muhasebe = await api.signIn('muhasebe');
  });
  afterAll(async () => {
    settingsHooks.timeoutMs = undefined;
    await t?.close();
  });

  it('answers the demo pharmacy its settings: sandbox, enabled, its address and tag, registered, nothing missing', async () => {
    expect(cidOf(eczaci)).toBe(t.demo.pharmacy);
    const r = await api.call('GET', S, { token: eczaci });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({
      enabled: true, mode: 'sandbox', integrator: 'KOLAYSOFT', senderTag: 'urn:mail:defaultgb@demo-eczanesi.tezgah.test',
      despatchSenderTag: 'urn:mail:defaultgb@demo-eczanesi.tezgah.test', district: 'Çankaya', city: 'Ankara', passwordSet: false,
      passwordSecondarySet: false, registered: true, companyProblems: [],
    });
    expect(r.body).not.toHaveProperty('eInvoicePassword');
    const g = await api.call('GET', S, { token: muhasebe });
    expect(g.body).toMatchObject({ senderTag: 'urn:mail:defaultgb@demo-ticaret.tezgah.test', city: 'İstanbul', district: 'Beşiktaş', registered: true });
  });

  it('stores the password encrypted, never answers it, and keeps it when left out', async () => {
    const secret = 'Gizli-Parola-2026!';
    const r = await api.call('PUT', S, { token: muhasebe, body: {
      eInvoiceUsername: 'demoticaret', eInvoicePassword: secret, eInvoiceUrl: 'https://efatura.example.com/EInvoiceWS', authUrl: 'https://efatura.example.com/AuthenticationWS',
      eQueryInvoiceUrl: 'https://efatura.example.com/EInvoiceWS', postalCode: '34349', tradeRegistryNo: '123456-5',
    } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.text).not.toContain(secret);
    expect(r.body).toMatchObject({ passwordSet: true, eInvoiceUsername: 'demoticaret', eInvoiceUrl: 'https://efatura.example.com/EInvoiceWS', authUrl: 'https://efatura.example.com/AuthenticationWS', mode: 'sandbox' });
    const row = async () => (await sql<{ password_enc: string; username: string }>`select password_enc, username from edoc_settings where company_id = ${t.demo.general}`.execute(t.server.database.db)).rows[0]!;
    const stored = await row();
    expect(stored.password_enc).not.toContain(secret);
    expect(stored.password_enc).not.toContain(Buffer.from(secret).toString('base64'));
    expect(decryptSecret(t.server.services.secret, t.demo.general, 'password', stored.password_enc)).toBe(secret);
    // Bound to its company: the same value does not open as another company's.
    expect(decryptSecret(t.server.services.secret, t.demo.pharmacy, 'password', stored.password_enc)).toBeNull();
    const again = await api.call('PUT', S, { token: muhasebe, body: { website: 'https://demoticaret.tezgah.test', eInvoicePassword: null } });
    expect(again.status).toBe(200);
    expect(again.body.passwordSet).toBe(true);
    expect((await row()).password_enc).toBe(stored.password_enc);
    const got = await api.call('GET', S, { token: muhasebe });
    expect(got.text).not.toContain(secret);
    expect(got.body).toMatchObject({ passwordSet: true, website: 'https://demoticaret.tezgah.test', postalCode: '34349' });
  });

  it('refuses a URL that is not http(s), a tag that is not urn:mail and a bad postal code, in Turkish, changing nothing', async () => {
    const ftp = await api.call('PUT', S, { token: muhasebe, body: { eArchiveInvoiceUrl: 'ftp://efatura.example.com/arsiv', city: 'Ankara' } });
    expect(ftp.status).toBe(400);
    expect(ftp.body.fieldErrors[0]).toMatchObject({ field: 'eArchiveInvoiceUrl', code: 'URL' });
    expect(ftp.body.fieldErrors[0].message).toContain('http:// ya da https://');
    const js = await api.call('PUT', S, { token: muhasebe, body: { eDespatchUrl: 'javascript:alert(1)' } });
    expect(js.status).toBe(400);
    const tag = await api.call('PUT', S, { token: muhasebe, body: { senderTag: 'defaultgb@demo.com' } });
    expect(tag.status).toBe(400);
    expect(tag.body.fieldErrors[0]).toMatchObject({ field: 'senderTag', code: 'TAG' });
    const postal = await api.call('PUT', S, { token: muhasebe, body: { postalCode: '3434' } });
    expect(postal.status).toBe(400);
    expect(postal.body.fieldErrors[0].message).toBe('Posta kodu 5 haneli bir sayı olmalı.');
    expect((await api.call('GET', S, { token: muhasebe })).body.city).toBe('İstanbul');
  });

  it('lists what live mode still misses, and what a missing address misses', async () => {
    const r = await api.call('PUT', S, { token: eczaci, body: { mode: 'live', integrator: 'SECINIZ', city: '', district: null } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const fields = r.body.companyProblems.map((p: any) => p.field);
    expect(fields).toEqual(expect.arrayContaining(['integrator', 'authUrl', 'eInvoiceUrl', 'eArchiveInvoiceUrl', 'eInvoiceUsername', 'eInvoicePassword', 'company.city', 'company.district']));
    expect(r.body.companyProblems.every((p: any) => p.source === 'RULE' && /[a-zçğıöşü]/.test(p.message))).toBe(true);
    expect(r.body.companyProblems.find((p: any) => p.field === 'company.city').message).toBe('Firma adresinin ili girilmeli.');
    const back = await api.call('PUT', S, { token: eczaci, body: { mode: 'sandbox', integrator: 'KOLAYSOFT', city: 'Ankara', district: 'Çankaya' } });
    expect(back.body.companyProblems).toEqual([]);
  });

  it('refuses the settings to a user without the company-settings authority (21_1 / 21_3)', async () => {
    const mali = await api.signIn('mali');
    const put = await api.call('PUT', S, { token: mali, body: { city: 'İzmir' } });
    expect(put.status).toBe(403);
    expect(put.body.title).toBe('Yetki Hatası');
    expect((await api.call('GET', S, { token: mali })).status).toBe(403);
    expect((await api.call('GET', S, { token: eczaci })).body.city).toBe('Ankara');
  });

  it("answers a demo company's GB and PK aliases to the other, and [] for a VKN nobody registered", async () => {
    const q = (path: string, identifier: string, token = muhasebe) => api.call('GET', `${ONMUHASEBE}/${path}?identifier=${identifier}`, { token });
    const gb = await q('e-invoice/customer-gb-list', PHARMACY_TCKN);
    expect(gb.status, JSON.stringify(gb.body)).toBe(200);
    expect(gb.body).toEqual([{ identifier: PHARMACY_TCKN, alias: 'urn:mail:defaultgb@demo-eczanesi.tezgah.test', title: 'Elif Eczacı - Demo Eczanesi', unit: 'GB', type: 'OZEL', registeredAt: expect.any(String) }]);
    expect((await q('e-invoice/customer-pk-list', PHARMACY_TCKN)).body.map((a: any) => a.alias)).toEqual(['urn:mail:defaultpk@demo-eczanesi.tezgah.test']);
    expect((await q('e-despatch/customer-pk-list', GENERAL_VKN, eczaci)).body.map((a: any) => a.alias)).toEqual(['urn:mail:defaultpk@demo-ticaret.tezgah.test']);
    expect((await q('e-despatch/customer-gb-list', GENERAL_VKN, eczaci)).body.map((a: any) => a.unit)).toEqual(['GB']);
    expect((await q('e-query-invoice/queryUsers', GENERAL_VKN, eczaci)).body.map((a: any) => `${a.unit} ${a.alias}`))
      .toEqual(['GB urn:mail:defaultgb@demo-ticaret.tezgah.test', 'PK urn:mail:defaultpk@demo-ticaret.tezgah.test']);
    // The sandbox world's own users (the migration's), and a VKN nobody registered.
    expect((await q('e-query-despatch/queryUsers', '9876543217')).body.map((a: any) => a.alias))
      .toEqual(['urn:mail:irsaliyegb@anadoluecza.example', 'urn:mail:irsaliyepk@anadoluecza.example']);
    expect((await q('e-invoice/customer-pk-list', '1111111114')).body).toEqual([]);
    expect((await q('e-invoice/customer-gb-list', '12345')).status).toBe(400);
  });

  it('answers 502 INTEGRATOR_UNAVAILABLE when a live integrator does not answer, and the cache while it is fresh', async () => {
    settingsHooks.timeoutMs = 1500;
    const dead = 'http://127.0.0.1:9/EInvoiceWS';
    const r = await api.call('PUT', S, { token: muhasebe, body: { mode: 'live', integrator: 'DIGER', eInvoiceUrl: dead, authUrl: 'http://127.0.0.1:9/AuthenticationWS', eInvoiceUsername: 'demo', eInvoicePassword: 'parola' } });
    expect(r.status).toBe(200);
    expect(r.body.registered).toBe(true); // its own aliases are cached (the demo seed put them there)
    const miss = await api.call('GET', `${ONMUHASEBE}/e-invoice/customer-gb-list?identifier=2468135797`, { token: muhasebe });
    expect(miss.status).toBe(502);
    expect(miss.body).toMatchObject({ code: 'INTEGRATOR_UNAVAILABLE', title: 'Entegratöre ulaşılamadı' });
    expect(miss.body.detail).toContain('GİB kullanıcı listesi entegratörden alınamadı');
    const hit = await api.call('GET', `${ONMUHASEBE}/e-invoice/customer-gb-list?identifier=${PHARMACY_TCKN}`, { token: muhasebe });
    expect(hit.status).toBe(200);
    expect(hit.body.map((a: any) => a.alias)).toEqual(['urn:mail:defaultgb@demo-eczanesi.tezgah.test']);
    await api.call('PUT', S, { token: muhasebe, body: { mode: 'sandbox', integrator: 'KOLAYSOFT' } });
    const answered = t.serverErrors.filter((e) => e.includes('customer-gb-list'));
    expect(answered.length).toBe(1);
    t.serverErrors.splice(0, t.serverErrors.length, ...t.serverErrors.filter((e) => !answered.includes(e)));
  });
});
