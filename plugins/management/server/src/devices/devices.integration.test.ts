import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, startTestServer, type TestServer } from '../../../../../packages/server/test/harness';
import { http, ONMUHASEBE } from '../../../../../packages/server/test/http';
import { verifyDevicePassword } from './index';

const codeOf = (r: { body: any }) => r.body?.fieldErrors?.[0]?.code ?? r.body?.code;
const PHARMACY_TAX = '10000000146';
const PHARMACY_PHONE = '3125551234';
const GENERAL_PHONE = '0 (212) 555 98 76';

describe.each(engines('one'))('devices and the device claim flow on %s', (engine) => {
  let t: TestServer;
  let api: ReturnType<typeof http>;
  let yonetici: string;
  let eczaci: string;
  let offsetMs = 0;
  const db = () => t.server.database.db as any;
  /** The OTP of the last SMS sent to a phone. */
  const lastOtp = async (phone: string): Promise<string> => {
    const m = await db().selectFrom('outbox_messages').select(['body']).where('channel', '=', 'SMS').where('recipient', '=', phone).orderBy('id', 'desc').executeTakeFirstOrThrow();
    return /kodunuz: (\d{6})/.exec(m.body)![1]!;
  };
  const claims = async () => Number((await db().selectFrom('management_device_claims').select((eb: any) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  const post = (path: string, body: unknown) => api.call('POST', path, { body });

  beforeAll(async () => {
    t = await startTestServer({ engine, now: () => new Date(Date.now() + offsetMs) });
    api = http(t.url);
    yonetici = await api.signIn('yonetici');
    eczaci = await api.signIn('eczaci');
  });
  afterAll(async () => { await t?.close(); });

  it('claims a device: a wrong OTP, then the right one once, then the password once; the device is the company\'s', async () => {
    const r = await post('/api/crm/device/request-claim', { deviceSerial: 'MOB-TEST-0001', deviceName: 'Kasa tableti', taxNumber: PHARMACY_TAX });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body).toMatchObject({ maskedPhone: '******1234', purpose: 'CLAIM' });
    const otp = await lastOtp(PHARMACY_PHONE);
    const stored = await db().selectFrom('management_device_claims').selectAll().where('id', '=', r.body.claimId).executeTakeFirstOrThrow();
    expect(stored.otp_hash).not.toContain(otp);
    const wrong = otp === '000000' ? '000001' : '000000';
    const bad = await post('/api/crm/device/validate-claim', { claimId: r.body.claimId, otp: wrong });
    expect(bad.status).toBe(200);
    expect(bad.body).toMatchObject({ result: 'INCORRECT_OTP', attemptsLeft: 4 });
    expect(bad.body.resetToken).toBeUndefined();
    const ok = await post('/api/crm/device/validate-claim', { claimId: r.body.claimId, otp });
    expect(ok.body).toMatchObject({ result: 'SUCCESS_RESET_PASSWORD' });
    expect(ok.body.resetToken).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect((await post('/api/crm/device/validate-claim', { claimId: r.body.claimId, otp })).body.result).toBe('ALREADY_USED');

    const forged = await post('/api/crm/device/resetPassword', { claimId: r.body.claimId, resetToken: 'x'.repeat(32), password: 'yeni-sifre-1' });
    expect(forged.status).toBe(409);
    expect(codeOf(forged)).toBe('RESET_NOT_ALLOWED');
    const set = await post('/api/crm/device/resetPassword', { claimId: r.body.claimId, resetToken: ok.body.resetToken, password: 'yeni-sifre-1' });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body).toMatchObject({ serial: 'MOB-TEST-0001', name: 'Kasa tableti', status: 'ACTIVE' });
    const again = await post('/api/crm/device/resetPassword', { claimId: r.body.claimId, resetToken: ok.body.resetToken, password: 'baska-sifre' });
    expect(again.status).toBe(409);
    const device = await db().selectFrom('management_devices').selectAll().where('serial', '=', 'MOB-TEST-0001').executeTakeFirstOrThrow();
    expect(await verifyDevicePassword('yeni-sifre-1', device.password_hash)).toBe(true);
    expect(await verifyDevicePassword('baska-sifre', device.password_hash)).toBe(false);

    // Forgot password: the registered device gets a new code at its company's phone.
    const forgot = await post(`${ONMUHASEBE}/sms-tasks/forgot-device-password`, { deviceSerial: 'mob-test-0001' });
    expect(forgot.status, JSON.stringify(forgot.body)).toBe(201);
    expect(forgot.body.purpose).toBe('FORGOT_PASSWORD');
    const code = await lastOtp(PHARMACY_PHONE);
    const v = await post('/api/crm/device/validate-claim', { claimId: forgot.body.claimId, otp: code });
    expect(v.body.result).toBe('SUCCESS_RESET_PASSWORD');
    expect((await post(`${ONMUHASEBE}/sms-tasks/forgot-device-password`, { deviceSerial: 'NOPE-0000' })).status).toBe(404);
  });

  it('answers EXPIRED_OTP after five minutes, and voids a claim after five wrong answers', async () => {
    const r = await post('/api/crm/device/request-claim', { deviceSerial: 'MOB-TEST-0002', phone: GENERAL_PHONE });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const otp = await lastOtp('2125559876');
    offsetMs = 5 * 60_000 + 1000;
    try {
      expect((await post('/api/crm/device/validate-claim', { claimId: r.body.claimId, otp })).body.result).toBe('EXPIRED_OTP');
    } finally { offsetMs = 0; }

    const r2 = await post('/api/crm/device/request-claim', { deviceSerial: 'MOB-TEST-0002', phone: GENERAL_PHONE });
    const otp2 = await lastOtp('2125559876');
    // The newer claim voided the older one.
    expect((await post('/api/crm/device/validate-claim', { claimId: r.body.claimId, otp })).body.result).toBe('EXPIRED_OTP');
    const wrong = otp2 === '111111' ? '222222' : '111111';
    const results: string[] = [];
    for (let i = 0; i < 5; i++) results.push((await post('/api/crm/device/validate-claim', { claimId: r2.body.claimId, otp: wrong })).body.result);
    expect(results).toEqual(['INCORRECT_OTP', 'INCORRECT_OTP', 'INCORRECT_OTP', 'INCORRECT_OTP', 'ATTEMPTS_EXCEEDED']);
    expect((await post('/api/crm/device/validate-claim', { claimId: r2.body.claimId, otp: otp2 })).body.result).toBe('ATTEMPTS_EXCEEDED');
  });

  it('throttles codes per device (429 in Turkish, nothing stored) and refuses what it cannot match', async () => {
    for (let i = 0; i < 5; i++) expect((await post('/api/crm/device/request-claim', { deviceSerial: 'MOB-THROTTLE-1', taxNumber: '0123456789' })).status).toBe(201);
    const before = await claims();
    const over = await post('/api/crm/device/request-claim', { deviceSerial: 'MOB-THROTTLE-1', taxNumber: '0123456789' });
    expect(over.status).toBe(429);
    expect(codeOf(over)).toBe('CLAIM_RATE_LIMITED');
    expect(over.body.detail).toMatch(/dakika sonra tekrar deneyin/);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await claims()).toBe(before);
    // An hour later it may ask again.
    offsetMs = 3600_000 + 1000;
    try {
      expect((await post('/api/crm/device/request-claim', { deviceSerial: 'MOB-THROTTLE-1', taxNumber: '0123456789' })).status).toBe(201);
    } finally { offsetMs = 0; }

    expect(codeOf(await post('/api/crm/device/request-claim', { deviceSerial: 'MOB-X-1', taxNumber: '9999999999' }))).toBe('COMPANY_NOT_FOUND');
    expect((await post('/api/crm/device/request-claim', { deviceSerial: 'MOB-X-1' })).status).toBe(400);
    // The demo pharmacy's tablet is not Demo Ticaret's to claim.
    expect(codeOf(await post('/api/crm/device/request-claim', { deviceSerial: 'ECZ-MOBIL-01', taxNumber: '0123456789' }))).toBe('DEVICE_OWNED_ELSEWHERE');
    expect((await post('/api/crm/device/validate-claim', { claimId: '00000000-0000-4000-8000-000000000000', otp: '123456' })).status).toBe(404);
    expect((await post('/api/crm/device/validate-claim', { claimId: 'not-a-uuid', otp: '12' })).status).toBe(400);
  });

  it('lists every device of every company for management staff only, with filters and paging', async () => {
    const all = await api.call('GET', `${ONMUHASEBE}/management/devices?size=100`, { token: yonetici });
    expect(all.status, JSON.stringify(all.body)).toBe(200);
    const keys = all.body.map((d: any) => `${d.companyName}|${d.kind}|${d.identifier}`);
    expect(keys).toEqual(expect.arrayContaining(['Demo Eczanesi|POS|BK300TR0000001', 'Demo Eczanesi|MOBILE|ECZ-MOBIL-01', 'Demo Eczanesi|MOBILE|MOB-TEST-0001']));
    expect(Number(all.headers.get('x-total-count'))).toBe(all.body.length);
    const pos = all.body.find((d: any) => d.kind === 'POS');
    expect(pos).toMatchObject({ source: 'pos.terminals', status: 'ACTIVE', detail: 'SANDBOX' });

    const mobile = await api.call('GET', `${ONMUHASEBE}/management/devices?kind=MOBILE&sort=name,asc`, { token: yonetici });
    expect(mobile.body.every((d: any) => d.kind === 'MOBILE')).toBe(true);
    expect(mobile.body.map((d: any) => d.name)).toEqual([...mobile.body.map((d: any) => d.name)].sort((a: string, b: string) => a.localeCompare(b, 'tr')));
    const pharmacyId = pos.companyId;
    const one = await api.call('GET', `${ONMUHASEBE}/management/devices?companyId=${pharmacyId}&search=tablet`, { token: yonetici });
    expect(one.body.map((d: any) => d.identifier).sort()).toEqual(['ECZ-MOBIL-01', 'MOB-TEST-0001']);
    const paged = await api.call('GET', `${ONMUHASEBE}/management/devices?size=1&page=1`, { token: yonetici });
    expect(paged.body).toHaveLength(1);
    expect(paged.body[0].key).toBe(all.body[1].key);
    expect((await api.call('GET', `${ONMUHASEBE}/management/devices?status=PASSIVE`, { token: yonetici })).body).toEqual([]);

    // A filter by kind still answers; the list is management's only, and a signed-in user's at that.
    expect((await api.call('GET', `${ONMUHASEBE}/management/devices?kind=POS`, { token: yonetici })).status).toBe(200);
    expect((await api.call('GET', `${ONMUHASEBE}/management/devices`, { token: eczaci })).status).toBe(403);
    expect((await api.call('GET', `${ONMUHASEBE}/management/devices`)).status).toBe(401);
  });

  it('lists every company\'s devices in as many statements with five more companies (one per source, not one per company)', async () => {
    /** The statements one listing sends, and its answer. */
    const listing = async (query = 'size=100') => {
      const before = t.server.database.stats.statements;
      const r = await api.call('GET', `${ONMUHASEBE}/management/devices?${query}`, { token: yonetici });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return { statements: t.server.database.stats.statements - before, body: r.body as any[] };
    };
    await listing(); // the session is cached from here on
    const few = await listing();
    const companiesBefore = Number((await db().selectFrom('companies').select((eb: any) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const sector = await db().selectFrom('sectors').select('id').orderBy('id').executeTakeFirstOrThrow();
    const added: number[] = [];
    for (let i = 1; i <= 5; i++) {
      const c = await db().insertInto('companies').values({ name: `Cihaz Sayım ${i}`, company_type: 'CORPORATION', tax_number: `77700000${i}0`, sector_id: sector.id })
        .returning('id').executeTakeFirstOrThrow();
      added.push(Number(c.id));
    }
    await db().insertInto('management_devices').values({ company_id: added[0], serial: 'SAYIM-MOB-1', name: 'Sayım tableti', status: 'PASSIVE' }).execute();
    await db().insertInto('pos_assistants').values({ company_id: added[4], name: 'Sayım asistanı', device_id: 'SAYIM-ASST-1', version: '2.0.0' }).execute();

    const many = await listing();
    expect(companiesBefore).toBeGreaterThanOrEqual(3);
    // The companies (1) and each of the three sources (1 each), whatever their number; the N+1
    // walk sent a tenant switch and three statements more for every company.
    expect(many.statements).toBe(few.statements);
    expect(many.body).toHaveLength(few.body.length + 2);
    expect(many.body.filter((d) => added.includes(d.companyId)).map((d) => `${d.companyName}|${d.kind}|${d.identifier}|${d.status}|${d.source}`).sort())
      .toEqual(['Cihaz Sayım 1|MOBILE|SAYIM-MOB-1|PASSIVE|management.mobile', 'Cihaz Sayım 5|ASSISTANT|SAYIM-ASST-1|ACTIVE|pos.assistants']);
    // One company asked for: the same statements, only its devices.
    const one = await listing(`companyId=${added[4]}`);
    expect(one.statements).toBe(few.statements);
    expect(one.body.map((d) => d.identifier)).toEqual(['SAYIM-ASST-1']);
    // A company that does not exist: its (empty) list, and no source asked.
    const none = await listing('companyId=987654');
    expect(none.body).toEqual([]);
    expect(none.statements).toBeLessThan(few.statements);
  });
});
