import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { setTenant } from '@tezgah/server';
import { engines, startTestServer, type TestServer } from '../../../../../packages/server/test/harness';
import { http, ONMUHASEBE } from '../../../../../packages/server/test/http';
import { assertBooksBalance } from '../ledger/testing';
import { NEXT_STATUSES, parsePeriod, periodProblem, previousMonth } from './rules';

const cidOf = (token: string): number => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).cid;
const TYPES = `${ONMUHASEBE}/declaration-types`;
const DECLARATIONS = `${ONMUHASEBE}/declarations`;
const VAT = `${DECLARATIONS}/vat-draft`;

describe('declaration rules', () => {
  it('writes periods as their kind wants and knows the months', () => {
    expect(parsePeriod('MONTHLY', '2026-02')).toEqual({ start: '2026-02-01', end: '2026-02-28' });
    expect(parsePeriod('MONTHLY', '2024-02')).toEqual({ start: '2024-02-01', end: '2024-02-29' });
    expect(parsePeriod('QUARTERLY', '2026-Q3')).toEqual({ start: '2026-07-01', end: '2026-09-30' });
    expect(parsePeriod('YEARLY', '2026')).toEqual({ start: '2026-01-01', end: '2026-12-31' });
    expect(parsePeriod('MONTHLY', '2026-Q1')).toBeNull();
    expect(parsePeriod('YEARLY', '2026-01')).toBeNull();
    expect(previousMonth('2026-01')).toBe('2025-12');
    expect(previousMonth('2026-10')).toBe('2026-09');
    expect(periodProblem({ code: 'GECICI', period_kind: 'QUARTERLY' }, '2025-Q4', '2026-11-23')).toContain('Dördüncü dönem');
    expect(periodProblem({ code: 'OTHER', period_kind: 'QUARTERLY' }, '2025-Q4', '2026-11-23')).toBeNull();
    expect(periodProblem({ code: 'KDV1', period_kind: 'MONTHLY' }, '2026-12', '2026-11-23')).toBe('Henüz başlamamış bir dönem için beyanname girilemez.');
    expect(periodProblem({ code: 'KDV1', period_kind: 'MONTHLY' }, '2026-11', '2026-11-23')).toBeNull();
    expect(NEXT_STATUSES.APPROVED).toEqual([]);
  });
});

describe.each(engines('both'))('declarations on %s', (engine) => {
  let t: TestServer;
  let api: ReturnType<typeof http>;
  let owner: string;
  let cid: number;
  const typeId = async (code: string, token = owner) => (await api.call('GET', `${TYPES}?search=${code}`, { token })).body.find((x: any) => x.code === code).id as number;
  /** A postable account at or under a chart account (the demo may have given it sub-accounts: 120.001 …). */
  const leaf = async (code: string): Promise<string> => {
    const children = (await api.call('GET', `${ONMUHASEBE}/ledger-accounts?parent=${code}`, { token: owner })).body as { code: string }[];
    return children.length ? leaf(children[0]!.code) : code;
  };
  const entry = async (date: string, lines: [string, number, number][], explanation = 'KDV deneme fişi') => {
    const r = await api.call('POST', `${ONMUHASEBE}/journal-entries`, {
      token: owner, body: { date, explanation, lines: await Promise.all(lines.map(async ([account, debit, credit]) => ({ account: await leaf(account), ...(debit ? { debit } : {}), ...(credit ? { credit } : {}) }))) },
    });
    expect(r.status).toBe(201);
    return r;
  };
  const vatRows = async (start: string, end: string, token = owner) => {
    const tb = await api.call('GET', `${ONMUHASEBE}/trial-balance?startDate=${start}&endDate=${end}&level=3`, { token });
    return tb.body.rows.filter((r: any) => (r.code === '391' || r.code === '191') && (r.debit !== 0 || r.credit !== 0));
  };
  const declare = (body: Record<string, unknown>, token = owner) => api.call('POST', DECLARATIONS, { token, body });
  const put = (body: Record<string, unknown>) => api.call('PUT', DECLARATIONS, { token: owner, body });

  beforeAll(async () => {
    t = await startTestServer({ engine, now: () => new Date('2026-11-23T09:00:00Z') });
    api = http(t.url);
    owner = await api.signIn('muhasebe');
    cid = cidOf(owner);
  });
  afterAll(async () => {
    if (t) {
      await t.server.database.db.transaction().execute(async (trx) => {
        await setTenant(trx, cid);
        await assertBooksBalance(trx, cid);
      });
    }
    await t?.close();
  });

  it('gives every company the usual declaration types and the demo a January VAT draft awaiting approval', async () => {
    for (const login of ['muhasebe', 'eczaci']) {
      const token = await api.signIn(login);
      const r = await api.call('GET', `${TYPES}?size=20`, { token });
      expect(r.status).toBe(200);
      expect(r.body.map((x: any) => [x.code, x.name, x.periodKind, x.system, x.active])).toEqual([
        ['DAMGA', 'Damga Vergisi Beyannamesi', 'MONTHLY', true, true],
        ['GECICI', 'Geçici Vergi Beyannamesi', 'QUARTERLY', true, true],
        ['GELIR', 'Gelir Vergisi Beyannamesi', 'YEARLY', true, true],
        ['KDV1', 'KDV Beyannamesi', 'MONTHLY', true, true],
        ['KURUMLAR', 'Kurumlar Vergisi Beyannamesi', 'YEARLY', true, true],
        ['MUHSGK', 'Muhtasar ve Prim Hizmet Beyannamesi', 'MONTHLY', true, true],
      ]);
      const drafts = await api.call('GET', `${DECLARATIONS}?period=2026-01`, { token });
      expect(drafts.body).toEqual([expect.objectContaining({
        typeCode: 'KDV1', period: '2026-01', startDate: '2026-01-01', endDate: '2026-01-31', status: 'AWAITING_APPROVAL', statusName: 'Onay Bekliyor',
        vat: expect.objectContaining({ previousCarriedForward: 0 }),
      })]);
    }
    const admin = await api.signIn('yonetici');
    const c = await api.call('POST', `${ONMUHASEBE}/companies`, { token: admin, body: { name: 'Beyanlı Ltd', title: 'Beyanlı Ltd. Şti.', companyType: 'CORPORATION', taxNumber: '1234567890', sectorId: 2, erpType: 'STANDARD', modules: [18], ownerLogin: 'muhasebe' } });
    expect(c.status).toBe(201);
    const rows = await sql<{ code: string }>`select code from declaration_types where company_id = ${c.body.id} and system order by code`.execute(t.server.database.db);
    expect(rows.rows.map((r) => r.code)).toEqual(['DAMGA', 'GECICI', 'GELIR', 'KDV1', 'KURUMLAR', 'MUHSGK']);
  });

  it('keeps declaration types: unique codes, the usual ones fixed and kept', async () => {
    const created = await api.call('POST', TYPES, { token: owner, body: { code: ' otv1 ', name: 'ÖTV Beyannamesi (I) Sayılı Liste', periodKind: 'MONTHLY' } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ code: 'OTV1', periodKind: 'MONTHLY', system: false, active: true });
    const twice = await api.call('POST', TYPES, { token: owner, body: { code: 'OTV1', name: 'Tekrar', periodKind: 'MONTHLY' } });
    expect([twice.status, twice.body.code]).toEqual([409, 'DECLARATION_TYPE_CODE_TAKEN']);
    const badCode = await api.call('POST', TYPES, { token: owner, body: { code: '1ABC', name: 'Kötü', periodKind: 'MONTHLY' } });
    expect(badCode.body.fieldErrors[0]).toMatchObject({ field: 'code', code: 'CODE' });
    const kdv = await typeId('KDV1');
    const rename = await api.call('PUT', TYPES, { token: owner, body: { id: kdv, code: 'KDV1', name: 'Katma Değer Vergisi Beyannamesi', periodKind: 'MONTHLY' } });
    expect(rename.body.name).toBe('Katma Değer Vergisi Beyannamesi');
    const recode = await api.call('PUT', TYPES, { token: owner, body: { id: kdv, code: 'KDV9', name: 'X', periodKind: 'MONTHLY' } });
    expect(recode.body.fieldErrors[0]).toMatchObject({ field: 'code', code: 'SYSTEM_TYPE' });
    const rekind = await api.call('PUT', TYPES, { token: owner, body: { id: kdv, code: 'KDV1', name: 'X', periodKind: 'QUARTERLY' } });
    expect(rekind.body.fieldErrors[0]).toMatchObject({ field: 'periodKind', code: 'SYSTEM_TYPE' });
    expect((await api.call('DELETE', `${TYPES}/${kdv}`, { token: owner })).body.code).toBe('SYSTEM_TYPE');
    const used = await declare({ typeId: created.body.id, period: '2026-10' });
    expect(used.status).toBe(201);
    expect((await api.call('DELETE', `${TYPES}/${created.body.id}`, { token: owner })).body.code).toBe('DECLARATION_TYPE_IN_USE');
    const requarter = await api.call('PUT', TYPES, { token: owner, body: { id: created.body.id, code: 'OTV1', name: 'ÖTV', periodKind: 'QUARTERLY' } });
    expect(requarter.body.code).toBe('DECLARATION_TYPE_IN_USE');
    expect((await api.call('DELETE', `${DECLARATIONS}/${used.body.id}`, { token: owner })).status).toBe(204);
    expect((await api.call('DELETE', `${TYPES}/${created.body.id}`, { token: owner })).status).toBe(204);
    expect((await api.call('GET', `${TYPES}/${created.body.id}`, { token: owner })).status).toBe(404);
  });

  it('writes periods as the type wants and keeps one open declaration per type and period', async () => {
    const muhsgk = await typeId('MUHSGK');
    const gecici = await typeId('GECICI');
    const kurumlar = await typeId('KURUMLAR');
    const bad: [number, string, string][] = [
      [muhsgk, '2026-Q1', 'Dönem bu beyanname türü için YYYY-AA (ör. 2026-01) biçiminde yazılır.'],
      [gecici, '2026-03', 'Dönem bu beyanname türü için YYYY-Qn (ör. 2026-Q1) biçiminde yazılır.'],
      [gecici, '2025-Q4', "Dördüncü dönem için geçici vergi beyannamesi verilmez (2020'den beri yıllık beyanname kapsar); dönem 1, 2 ya da 3. çeyrek olmalı."],
      [kurumlar, '2026-12', 'Dönem bu beyanname türü için YYYY (ör. 2026) biçiminde yazılır.'],
      [muhsgk, '2026-12', 'Henüz başlamamış bir dönem için beyanname girilemez.'],
    ];
    for (const [type, period, message] of bad) {
      const r = await declare({ typeId: type, period });
      expect([period, r.status, r.body.fieldErrors?.[0]]).toEqual([period, 400, { field: 'period', message, code: 'PERIOD' }]);
    }
    expect((await declare({ typeId: 999999, period: '2026-01' })).body.fieldErrors[0].code).toBe('DECLARATION_TYPE_NOT_FOUND');
    expect((await declare({ typeId: muhsgk, period: '2026-13' })).status).toBe(400);
    expect((await declare({ typeId: muhsgk, period: '2026-03', status: 'FAULTY' })).body.fieldErrors[0].code).toBe('STATUS');
    const q3 = await declare({ typeId: gecici, period: '2026-Q3', explanation: '3. dönem geçici vergi' });
    expect(q3.body).toMatchObject({ period: '2026-Q3', startDate: '2026-07-01', endDate: '2026-09-30', status: 'AWAITING_APPROVAL', vat: null, createdBy: 'muhasebe' });
    const march = await declare({ typeId: muhsgk, period: '2026-03' });
    expect(march.status).toBe(201);
    const second = await declare({ typeId: muhsgk, period: '2026-03' });
    expect([second.status, second.body.code]).toEqual([409, 'DECLARATION_OPEN_EXISTS']);
    expect(second.body.detail).toContain("'Onay Bekliyor'");
    // A filed one may be recorded beside it.
    const filed = await declare({ typeId: kurumlar, period: '2025', status: 'APPROVED' });
    expect(filed.body).toMatchObject({ status: 'APPROVED', statusName: 'Onaylandı', statusChangedBy: 'muhasebe' });
  });

  it('moves a declaration along the statuses a Turkish accountant uses; approved and cancelled are final', async () => {
    const muhsgk = await typeId('MUHSGK');
    const [d] = (await api.call('GET', `${DECLARATIONS}?typeId=${muhsgk}&period=2026-03`, { token: owner })).body;
    const base = { id: d.id, typeId: muhsgk, period: '2026-03' };
    const faulty = await put({ ...base, status: 'FAULTY', explanation: 'SGK matrahı hatalı' });
    expect(faulty.body).toMatchObject({ status: 'FAULTY', statusName: 'Hatalı', explanation: 'SGK matrahı hatalı' });
    expect((await put({ ...base, status: 'APPROVED' })).body).toMatchObject({ code: 'STATUS_TRANSITION' });
    const moved = await put({ ...base, period: '2026-04', status: 'FAULTY' });
    expect(moved.body.period).toBe('2026-04');
    const back = await put({ ...base, period: '2026-04', status: 'AWAITING_APPROVAL' });
    expect(back.body.status).toBe('AWAITING_APPROVAL');
    const same = await put({ ...base, period: '2026-04', status: 'AWAITING_APPROVAL' });
    expect(same.body.fieldErrors[0].code).toBe('NO_CHANGES');
    const approved = await put({ ...base, period: '2026-04', status: 'APPROVED' });
    expect(approved.body).toMatchObject({ status: 'APPROVED', statusChangedBy: 'muhasebe' });
    const cancel = await put({ ...base, period: '2026-04', status: 'CANCELLED' });
    expect([cancel.status, cancel.body.code]).toEqual([409, 'STATUS_TRANSITION']);
    expect(cancel.body.detail).toContain('düzeltme');
    const edit = await put({ ...base, period: '2026-04', explanation: 'sonradan' });
    expect([edit.status, edit.body.code]).toEqual([409, 'DECLARATION_CLOSED']);
    expect((await api.call('DELETE', `${DECLARATIONS}/${d.id}`, { token: owner })).body.code).toBe('DECLARATION_APPROVED');
    // The correction is a new declaration of the same type and period.
    const corrective = await declare({ typeId: muhsgk, period: '2026-04', explanation: 'Düzeltme beyannamesi' });
    expect(corrective.status).toBe(201);
    const cancelled = await put({ id: corrective.body.id, typeId: muhsgk, period: '2026-04', status: 'CANCELLED' });
    expect(cancelled.body.statusName).toBe('İptal Edildi');
    expect((await put({ id: corrective.body.id, typeId: muhsgk, period: '2026-04', status: 'AWAITING_APPROVAL' })).body.code).toBe('STATUS_TRANSITION');
    expect((await api.call('DELETE', `${DECLARATIONS}/${corrective.body.id}`, { token: owner })).status).toBe(204);
    const list = await api.call('GET', `${DECLARATIONS}?typeId=${muhsgk}&sort=period,asc`, { token: owner });
    expect(list.body.map((x: any) => [x.period, x.status])).toEqual([['2026-04', 'APPROVED']]);
  });

  it('computes a VAT draft from the ledger: 391 against 191, carried forward month to month, offset entries left out', async () => {
    for (const [s, e] of [['2026-08-01', '2026-08-31'], ['2026-09-01', '2026-09-30'], ['2026-10-01', '2026-10-31']]) expect(await vatRows(s!, e!)).toEqual([]);
    // August: a sale with 20 % VAT, a purchase, a sales return.
    await entry('2026-08-10', [['120', 1200, 0], ['600', 0, 1000], ['391', 0, 200]]);
    await entry('2026-08-12', [['153', 500, 0], ['191', 100, 0], ['320', 0, 600]]);
    await entry('2026-08-20', [['610', 100, 0], ['391', 20, 0], ['120', 0, 120]]);
    const aug = await api.call('POST', VAT, { token: owner, body: { period: '2026-08' } });
    expect(aug.status).toBe(201);
    expect(aug.body).toMatchObject({ typeCode: 'KDV1', period: '2026-08', status: 'AWAITING_APPROVAL', explanation: 'KDV beyannamesi taslağı (defterden hesaplandı)' });
    expect(aug.body.vat).toMatchObject({ calculatedVat: 180, deductibleVat: 100, previousCarriedForward: 0, totalDeductible: 100, payableVat: 80, carriedForwardVat: 0 });
    // The month-end offset (mahsup) entry changes nothing.
    await entry('2026-08-31', [['391', 180, 0], ['191', 0, 100], ['360', 0, 80]], 'KDV mahsubu');
    const again = await api.call('POST', VAT, { token: owner, body: { period: '2026-08' } });
    expect([again.status, again.body.id]).toEqual([200, aug.body.id]);
    expect(again.body.vat).toMatchObject({ calculatedVat: 180, deductibleVat: 100, payableVat: 80 });
    // September: more deductible than calculated, carried to October.
    await entry('2026-09-05', [['153', 3000, 0], ['191', 300, 0], ['320', 0, 3300]]);
    await entry('2026-09-15', [['120', 600, 0], ['600', 0, 500], ['391', 0, 100]]);
    const sep = await api.call('POST', VAT, { token: owner, body: { period: '2026-09' } });
    expect(sep.body.vat).toMatchObject({ calculatedVat: 100, deductibleVat: 300, previousCarriedForward: 0, payableVat: 0, carriedForwardVat: 200 });
    await entry('2026-10-03', [['120', 1500, 0], ['600', 0, 1250], ['391', 0, 250]]);
    const oct = await api.call('POST', VAT, { token: owner, body: { period: '2026-10' } });
    expect(oct.body.vat).toMatchObject({ calculatedVat: 250, deductibleVat: 0, previousCarriedForward: 200, totalDeductible: 200, payableVat: 50, carriedForwardVat: 0 });
    // A late September purchase: September is recomputed, and October takes its new carry.
    await entry('2026-09-28', [['770', 250, 0], ['191', 50, 0], ['320', 0, 300]]);
    const sep2 = await api.call('POST', VAT, { token: owner, body: { period: '2026-09' } });
    expect([sep2.status, sep2.body.id, sep2.body.vat.carriedForwardVat]).toEqual([200, sep.body.id, 250]);
    const oct2 = await api.call('POST', VAT, { token: owner, body: { period: '2026-10' } });
    expect(oct2.body.vat).toMatchObject({ previousCarriedForward: 250, payableVat: 0, carriedForwardVat: 0 });
    // The figures are the ledger's: the trial balance of the month agrees.
    const [d191, d391] = await vatRows('2026-09-01', '2026-09-30');
    expect([d191.code, d191.debit - d191.credit, d391.code, d391.credit - d391.debit]).toEqual(['191', 350, '391', 100]);
    // A faulty draft is recomputed back to awaiting approval; an approved month gets a corrective draft.
    expect((await put({ id: oct2.body.id, typeId: oct2.body.typeId, period: '2026-10', status: 'FAULTY' })).body.status).toBe('FAULTY');
    const fixed = await api.call('POST', VAT, { token: owner, body: { period: '2026-10' } });
    expect([fixed.status, fixed.body.id, fixed.body.status]).toEqual([200, oct2.body.id, 'AWAITING_APPROVAL']);
    expect((await put({ id: aug.body.id, typeId: aug.body.typeId, period: '2026-08', status: 'APPROVED' })).status).toBe(200);
    const correction = await api.call('POST', VAT, { token: owner, body: { period: '2026-08' } });
    expect(correction.status).toBe(201);
    expect(correction.body).toMatchObject({ status: 'AWAITING_APPROVAL', explanation: 'Düzeltme beyannamesi taslağı (defterden hesaplandı)' });
    const movePeriod = await put({ id: correction.body.id, typeId: correction.body.typeId, period: '2026-07' });
    expect(movePeriod.body.fieldErrors[0].code).toBe('VAT_DRAFT_FIXED');
    // A cancelled September no longer carries to October.
    expect((await put({ id: sep.body.id, typeId: sep.body.typeId, period: '2026-09', status: 'CANCELLED' })).status).toBe(200);
    expect((await api.call('POST', VAT, { token: owner, body: { period: '2026-10' } })).body.vat.previousCarriedForward).toBe(0);
    // Not a month that has not begun, not a badly written one.
    const future = await api.call('POST', VAT, { token: owner, body: { period: '2026-12' } });
    expect(future.body.fieldErrors[0]).toMatchObject({ field: 'period', code: 'PERIOD' });
    expect((await api.call('POST', VAT, { token: owner, body: { period: '2026-8' } })).status).toBe(400);
  });

  it("keeps another company's declarations and types out of reach", async () => {
    const eczaci = await api.signIn('eczaci');
    const [d] = (await api.call('GET', `${DECLARATIONS}?size=1`, { token: owner })).body;
    const kdv = await typeId('KDV1');
    for (const [method, path] of [['GET', `${DECLARATIONS}/${d.id}`], ['DELETE', `${DECLARATIONS}/${d.id}`], ['GET', `${TYPES}/${kdv}`], ['DELETE', `${TYPES}/${kdv}`]] as const) {
      const r = await api.call(method, path, { token: eczaci });
      expect([method, path, r.status, r.body.code]).toEqual([method, path, 404, 'NOT_FOUND']);
    }
    expect((await api.call('PUT', DECLARATIONS, { token: eczaci, body: { id: d.id, typeId: d.typeId, period: d.period, status: 'CANCELLED' } })).status).toBe(404);
    expect((await api.call('PUT', TYPES, { token: eczaci, body: { id: kdv, code: 'KDV1', name: 'Ele geçirildi', periodKind: 'MONTHLY' } })).status).toBe(404);
    expect((await declare({ typeId: kdv, period: '2026-05' }, eczaci)).body.fieldErrors[0].code).toBe('DECLARATION_TYPE_NOT_FOUND');
    // The pharmacy's August draft is its own: its ledger's figures, none of the general company's postings.
    const own = await api.call('POST', VAT, { token: eczaci, body: { period: '2026-08' } });
    expect(own.status).toBe(201);
    const rows = await vatRows('2026-08-01', '2026-08-31', eczaci);
    const of = (code: string) => rows.find((r: any) => r.code === code) ?? { debit: 0, credit: 0 };
    expect(own.body.vat).toMatchObject({ calculatedVat: of('391').credit - of('391').debit, deductibleVat: of('191').debit - of('191').credit });
    expect((await api.call('GET', `${DECLARATIONS}/${d.id}`, { token: owner })).body).toEqual(d);
  });
});
