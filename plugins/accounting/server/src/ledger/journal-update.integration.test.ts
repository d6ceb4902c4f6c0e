import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, startTestServer, type TestServer } from '../../../../../packages/server/test/harness';
import { http, ONMUHASEBE } from '../../../../../packages/server/test/http';
import { userWith } from '../currents/testing';

/** PUT /journals: a journal period's end date (moving the next one's start) and its lock. */
describe.each(engines('both'))('changing journal periods on %s', (engine) => {
  let t: TestServer;
  let api: ReturnType<typeof http>;
  let owner: string;
  const periods = async (yearId: number) => (await api.call('GET', `${ONMUHASEBE}/journals?fiscalYearId=${yearId}&size=20`, { token: owner })).body as any[];
  const put = (body: Record<string, unknown>, token = owner) => api.call('PUT', `${ONMUHASEBE}/journals`, { token, body });

  beforeAll(async () => {
    t = await startTestServer({ engine });
    api = http(t.url);
    owner = await api.signIn('muhasebe');
  });
  afterAll(async () => { await t?.close(); });

  it('moves an end date and the next start together, locks and unlocks, and refuses what would break the year', async () => {
    const y = await api.call('POST', `${ONMUHASEBE}/fiscal-years`, { token: owner, body: { name: '2028', startDate: '2028-01-01', endDate: '2028-12-31', active: false } });
    expect(y.status, y.text).toBe(201);
    let [jan, feb, mar] = await periods(y.body.id);
    const moved = await put({ ...jan, endDate: '2028-01-15', entryCount: undefined, debit: undefined, credit: undefined, companyId: undefined });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.body).toMatchObject({ id: jan.id, startDate: '2028-01-01', endDate: '2028-01-15' });
    [jan, feb, mar] = await periods(y.body.id);
    expect([feb.startDate, feb.endDate]).toEqual(['2028-01-16', '2028-02-29']);

    const refusals: [Record<string, unknown>, number, string][] = [
      [{ id: jan.id, endDate: '2028-02-29' }, 400, 'DATE_RANGE'],
      [{ id: feb.id, endDate: '2028-01-10' }, 400, 'DATE_RANGE'],
      [{ id: feb.id, endDate: '2028-02-20', startDate: '2028-02-01' }, 400, 'NOT_CHANGEABLE'],
      [{ id: feb.id, endDate: '2028-02-20', period: 5 }, 400, 'NOT_CHANGEABLE'],
      [{ id: 987654321, endDate: '2028-02-20' }, 404, 'NOT_FOUND'],
    ];
    for (const [body, status, code] of refusals) {
      const r = await put(body);
      expect([body, r.status, r.body.fieldErrors?.[0]?.code ?? r.body.code]).toEqual([body, status, code]);
    }
    // Locking through PUT locks every earlier period; a locked period's dates stay.
    const locked = await put({ id: mar.id, endDate: mar.endDate, locked: true });
    expect(locked.body.locked).toBe(true);
    expect((await periods(y.body.id)).slice(0, 4).map((p) => p.locked)).toEqual([true, true, true, false]);
    const frozen = await put({ id: feb.id, endDate: '2028-02-20' });
    expect([frozen.status, frozen.body.code]).toEqual([409, 'JOURNAL_LOCKED']);
    expect((await put({ id: jan.id, endDate: jan.endDate, locked: false })).status).toBe(200);
    expect((await periods(y.body.id)).map((p) => p.locked).every((l) => !l)).toBe(true);
    // The last period of a passive year: within the year.
    const dec = (await periods(y.body.id))[11];
    expect((await put({ id: dec.id, endDate: '2028-12-20' })).body.endDate).toBe('2028-12-20');
    expect((await put({ id: dec.id, endDate: '2029-01-02' })).body.fieldErrors?.[0]?.code).toBe('DATE_RANGE');
    expect((await api.call('DELETE', `${ONMUHASEBE}/fiscal-years/${y.body.id}`, { token: owner })).status).toBe(204);
  });

  it('keeps the periods of the active year with entries as they are, and asks for the authority', async () => {
    const year = (await api.call('GET', `${ONMUHASEBE}/fiscal-years`, { token: owner })).body.find((x: { name: string }) => x.name === '2026');
    const ps = await periods(year.id);
    const withEntries = ps.find((p) => p.entryCount > 0);
    expect(withEntries).toBeTruthy();
    const r = await put({ id: withEntries.id, endDate: withEntries.startDate });
    expect([r.status, r.body.code]).toEqual([409, 'JOURNAL_HAS_ENTRIES']);
    const last = ps[ps.length - 1];
    if (last.entryCount === 0) {
      const l = await put({ id: last.id, endDate: '2026-12-30' });
      expect([l.status, l.body.code]).toEqual([409, 'ACTIVE_YEAR_LAST_JOURNAL']);
    }
    const reader = await userWith(api, owner, 'yevmiyeokur', ['18_1']);
    expect((await put({ id: last.id, endDate: last.endDate, locked: true }, reader)).status).toBe(403);
    expect((await periods(year.id)).every((p) => p.locked === false)).toBe(true);
    expect((await periods(year.id)).map((p) => p.endDate)).toEqual(ps.map((p) => p.endDate));
  });
});
