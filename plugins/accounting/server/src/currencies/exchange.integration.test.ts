import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { engines, startTestServer, type TestServer } from '../../../../../packages/server/test/harness';
import { http, ONMUHASEBE } from '../../../../../packages/server/test/http';
import { ratesSettings, SANDBOX_PATH } from './rates/port';
import { sandboxSwitches } from './rates/sandbox';
import { addDays, isWeekend, istanbulDate } from './rates/dates';

const BY_CODE = `${ONMUHASEBE}/exchange-rate-currencies`;
const BY_ID = `${ONMUHASEBE}/exchange-rate`;

describe.each(engines('one'))('exchange rates on %s', (engine) => {
  let t: TestServer;
  let api: ReturnType<typeof http>;
  let owner: string;
  const fetched = (from: number) => sandboxSwitches.requests.slice(from).map((u) => u.replace(SANDBOX_PATH, ''));
  const storedDays = async () => (await sql<{ d: string }>`select distinct to_char(rate_date, 'YYYY-MM-DD') as d from exchange_rates order by 1`.execute(t.server.database.db)).rows.map((r) => r.d);
  beforeAll(async () => {
    t = await startTestServer({ engine });
    api = http(t.url);
    owner = await api.signIn('muhasebe');
    // The sandbox adapter reaches the test server's own sandbox, over HTTP.
    ratesSettings.sandboxUrl = `${t.url}${SANDBOX_PATH}`;
    ratesSettings.timeoutMs = 400;
  });
  afterEach(() => { sandboxSwitches.fail = null; sandboxSwitches.status = 503; });
  afterAll(async () => {
    ratesSettings.sandboxUrl = undefined;
    ratesSettings.timeoutMs = undefined;
    await t?.close();
  });

  it('answers the rate of a day from TCMB\'s bulletin, TL being 1, and stores the bulletin', async () => {
    const before = sandboxSwitches.requests.length;
    const r = await api.call('POST', `${BY_CODE}/USD/2015-12-04/TL`, { token: owner });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      from: 'USD', to: 'TL', fromCurrencyId: 2, toCurrencyId: 1, date: '2015-12-04', rate: 2.8921,
      forexBuying: 2.8921, forexSelling: 2.8973, banknoteBuying: 2.8901, banknoteSelling: 2.9016,
      bulletinDate: '2015-12-04', bulletinNo: '2015/338', source: 'sandbox',
    });
    expect(fetched(before)).toEqual(['/kurlar/201512/04122015.xml']);
    const rows = await sql<{ n: number }>`select count(*)::int as n from exchange_rates where rate_date = '2015-12-04'`.execute(t.server.database.db);
    expect(rows.rows[0]!.n).toBe(18);
    // Stored: the next questions about that day need no fetch.
    const again = await api.call('POST', `${BY_ID}/1/2015-12-04/2`, { token: owner });
    expect(again.body).toMatchObject({ from: 'TL', to: 'USD', rate: Number((1 / 2.8921).toFixed(8)), forexSelling: Number((1 / 2.8973).toFixed(8)) });
    const cross = await api.call('POST', `${BY_CODE}/EUR/2015-12-04/USD`, { token: owner });
    expect(cross.body.rate).toBe(Number((3.1464 / 2.8921).toFixed(8)));
    const yen = await api.call('POST', `${BY_ID}/7/2015-12-04/1`, { token: owner });
    expect(yen.body).toMatchObject({ from: 'JPY', rate: 0.023488, forexSelling: 0.023644 });
    const rouble = await api.call('POST', `${BY_CODE}/RUB/2015-12-04/TL`, { token: owner });
    expect(rouble.body).toMatchObject({ rate: 0.04258, banknoteBuying: null, banknoteSelling: null });
    expect(fetched(before)).toHaveLength(1);
  });

  it('takes the last bulletin before a weekend day or holiday, and remembers it for that day', async () => {
    const before = sandboxSwitches.requests.length;
    const saturday = await api.call('POST', `${BY_CODE}/EUR/2015-12-05/TL`, { token: owner });
    expect(saturday.status).toBe(200);
    expect(saturday.body).toMatchObject({ date: '2015-12-05', bulletinDate: '2015-12-04', rate: 3.1464 });
    expect(fetched(before)).toEqual(['/kurlar/201512/05122015.xml']);
    const sunday = await api.call('POST', `${BY_CODE}/GBP/2015-12-13/TL`, { token: owner });
    expect(sunday.body).toMatchObject({ date: '2015-12-13', bulletinDate: '2015-12-11', bulletinNo: '2015/345', rate: 4.3632 });
    expect(fetched(before).slice(1)).toEqual(['/kurlar/201512/13122015.xml', '/kurlar/201512/12122015.xml', '/kurlar/201512/11122015.xml']);
    await api.call('POST', `${BY_CODE}/GBP/2015-12-13/USD`, { token: owner });
    expect(fetched(before)).toHaveLength(4);
    expect(await storedDays()).toEqual(expect.arrayContaining(['2015-12-04', '2015-12-05', '2015-12-11', '2015-12-13']));
  });

  it('answers today from today.xml, the last working day\'s bulletin', async () => {
    const today = istanbulDate(new Date());
    let last = today;
    while (isWeekend(last)) last = addDays(last, -1);
    const before = sandboxSwitches.requests.length;
    const r = await api.call('POST', `${BY_CODE}/SAR/${today}/TL`, { token: owner });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ date: today, bulletinDate: last, rate: 0.77063 });
    expect(fetched(before)).toEqual(['/kurlar/today.xml']);
  });

  it('checks the day and the currencies', async () => {
    const tomorrow = addDays(istanbulDate(new Date()), 1);
    const future = await api.call('POST', `${BY_CODE}/USD/${tomorrow}/TL`, { token: owner });
    expect(future.status).toBe(400);
    expect(future.body.fieldErrors).toEqual([{ field: 'date', message: 'İleri tarihli kur sorgulanamaz.', code: 'FUTURE_DATE' }]);
    const unreal = await api.call('POST', `${BY_CODE}/USD/2015-02-30/TL`, { token: owner });
    expect(unreal.status).toBe(400);
    expect(unreal.body.fieldErrors[0]).toMatchObject({ field: 'date', code: 'DATE' });
    const shape = await api.call('POST', `${BY_CODE}/USD/04-12-2015/TL`, { token: owner });
    expect(shape.status).toBe(400);
    expect((await api.call('POST', `${BY_ID}/99/2015-12-04/1`, { token: owner })).status).toBe(404);
    expect((await api.call('POST', `${BY_CODE}/XYZ/2015-12-04/TL`, { token: owner })).status).toBe(404);
    const same = await api.call('POST', `${BY_CODE}/EUR/1999-01-04/EUR`, { token: owner });
    expect(same.body).toMatchObject({ rate: 1, bulletinDate: null, source: null });
    const admin = await api.signIn('yonetici');
    await api.call('POST', `${ONMUHASEBE}/currencies`, { token: admin, body: { code: 'XAU', name: 'Altın (ons)' } });
    const notInBulletin = await api.call('POST', `${BY_CODE}/XAU/2015-12-04/TL`, { token: owner });
    expect(notInBulletin.status).toBe(404);
    expect(notInBulletin.body).toMatchObject({ code: 'RATE_NOT_FOUND', detail: 'TCMB 2015-12-04 bülteninde XAU kuru yok.' });
  });

  it('answers 424 when TCMB does not answer in time, answers an error or something that is not a bulletin, and stores nothing', async () => {
    sandboxSwitches.fail = 'timeout';
    const started = Date.now();
    const slow = await api.call('POST', `${BY_CODE}/USD/2015-11-02/TL`, { token: owner });
    expect(slow.status).toBe(424);
    expect(slow.body).toMatchObject({ title: 'Kur bilgisi alınamadı', code: 'RATES_UNAVAILABLE', detail: 'TCMB kur servisi zamanında yanıt vermedi; lütfen biraz sonra tekrar deneyin.' });
    expect(Date.now() - started).toBeLessThan(5000);
    sandboxSwitches.fail = 'garbage';
    const garbage = await api.call('POST', `${BY_CODE}/USD/2015-11-02/TL`, { token: owner });
    expect(garbage.status).toBe(424);
    expect(garbage.body.detail).toBe('TCMB kur servisinin yanıtı okunamadı; lütfen biraz sonra tekrar deneyin.');
    sandboxSwitches.fail = 'error';
    const down = await api.call('POST', `${BY_CODE}/USD/2015-11-02/TL`, { token: owner });
    expect(down.status).toBe(424);
    expect(down.body.detail).toBe('TCMB kur servisine ulaşılamadı; lütfen biraz sonra tekrar deneyin.');
    expect(await storedDays()).not.toContain('2015-11-02');
    sandboxSwitches.fail = null;
    const fine = await api.call('POST', `${BY_CODE}/USD/2015-11-02/TL`, { token: owner });
    expect(fine.body).toMatchObject({ bulletinDate: '2015-11-02', rate: 2.8921 });
    // The sandbox's deliberate 503s are its simulation of TCMB failing, not the API's: the API
    // answered 424. Only those leave the run's list of 5xx answers.
    const simulated = t.serverErrors.filter((e) => e.startsWith(`GET ${SANDBOX_PATH}/`));
    expect(simulated).toEqual([`GET ${SANDBOX_PATH}/kurlar/201511/02112015.xml → 503`]);
    t.serverErrors.splice(0, t.serverErrors.length, ...t.serverErrors.filter((e) => !simulated.includes(e)));
  });

  it('takes the switches as a query parameter too', async () => {
    const err = await fetch(`${t.url}${SANDBOX_PATH}/kurlar/today.xml?fail=error`);
    expect(err.status).toBe(503);
    const garbage = await fetch(`${t.url}${SANDBOX_PATH}/kurlar/today.xml?fail=garbage`);
    expect(await garbage.text()).toContain('<html>');
    const ok = await fetch(`${t.url}${SANDBOX_PATH}/kurlar/201512/04122015.xml`);
    expect(ok.headers.get('content-type')).toBe('application/xml; charset=ISO-8859-9');
    expect(new Uint8Array(await ok.arrayBuffer()).length).toBe(7293);
    expect((await fetch(`${t.url}${SANDBOX_PATH}/kurlar/201512/05122015.xml`)).status).toBe(404);
    expect((await fetch(`${t.url}${SANDBOX_PATH}/kurlar/201601/05122015.xml`)).status).toBe(404);
    const simulated = t.serverErrors.filter((e) => e.startsWith(`GET ${SANDBOX_PATH}/`));
    expect(simulated).toEqual([`GET ${SANDBOX_PATH}/kurlar/today.xml?fail=error → 503`]);
    t.serverErrors.splice(0, t.serverErrors.length, ...t.serverErrors.filter((e) => !simulated.includes(e)));
  });

  it('needs CURRENCY_TYPE view', async () => {
    // A member of company 3 whose only role holds tag rights, not 24_1.
    const role = await api.call('POST', `${ONMUHASEBE}/roles`, { token: owner, body: { name: 'Etiketçi', authorities: ['19_1'] } });
    expect(role.status).toBe(201);
    const user = await api.call('POST', '/api/users', { token: owner, body: { login: 'etiketci', firstName: 'Eti', lastName: 'Ketçi', email: 'etiketci@example.com', roleIds: [role.body.id] } });
    expect(user.status).toBe(201);
    const mail = (await api.call('GET', `${ONMUHASEBE}/outbox-messages?recipient=etiketci@example.com`, { token: await api.signIn('yonetici') })).body[0];
    const key = /key=([0-9a-f]{40})/.exec(mail.body)![1];
    await api.call('POST', '/api/account/password-reset-activate/finish', { body: { key, newPassword: 'parola12' } });
    const tok = await api.signIn('etiketci', 'parola12');
    const before = sandboxSwitches.requests.length;
    const refused = await api.call('POST', `${BY_CODE}/USD/2015-10-01/TL`, { token: tok });
    expect(refused.status).toBe(403);
    expect(refused.body.title).toBe('Yetki Hatası');
    expect((await api.call('POST', `${BY_ID}/2/2015-10-01/1`, { token: tok })).status).toBe(403);
    expect(fetched(before)).toEqual([]);
    expect((await api.call('GET', `${ONMUHASEBE}/tags?size=1`, { token: tok })).status).toBe(200);
  });
});
