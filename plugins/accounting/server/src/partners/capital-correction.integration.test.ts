import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { setTenant } from '@tezgah/server';
import { engines, startTestServer, type TestServer } from '../../../../../packages/server/test/harness';
import { http, ONMUHASEBE } from '../../../../../packages/server/test/http';
import { assertBooksBalance } from '../ledger/testing';
import { userWith } from '../currents/testing';

const cidOf = (token: string): number => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).cid;
const PARTNERS = `${ONMUHASEBE}/partners`;
const CAPITALS = `${ONMUHASEBE}/capitals`;

/** PUT /capitals: a correction (the old entry reversed, the corrected one posted, in one transaction). */
describe.each(engines('one'))('correcting capital records on %s', (engine) => {
  let t: TestServer;
  let api: ReturnType<typeof http>;
  let owner: string;
  let cid: number;
  let safeId: number;
  const inCompany = <T>(fn: (trx: any) => Promise<T>) => t.server.database.db.transaction().execute(async (trx) => {
    await setTenant(trx, cid);
    return fn(trx);
  });
  const entryCount = () => inCompany(async (trx) => Number((await sql<{ n: string }>`select count(*) as n from journal_entries where company_id = ${cid}`.execute(trx)).rows[0]!.n));
  const put = (body: Record<string, unknown>, token = owner) => api.call('PUT', CAPITALS, { token, body: { currencyId: 1, ...body } });
  const partner = async (id: number) => (await api.call('GET', `${PARTNERS}/${id}`, { token: owner })).body;

  beforeAll(async () => {
    t = await startTestServer({ engine });
    api = http(t.url);
    owner = await api.signIn('muhasebe');
    cid = cidOf(owner);
    const safe = await api.call('POST', `${ONMUHASEBE}/safes`, { token: owner, body: { name: 'Düzeltme Kasası', currencyId: 1 } });
    expect(safe.status).toBe(201);
    safeId = safe.body.id;
  });
  afterAll(async () => {
    if (t) await inCompany((trx) => assertBooksBalance(trx, cid));
    await t?.close();
  });

  it('corrects a commitment and a payment by reversal and re-posting, within the rules, and refuses the rest', async () => {
    const p = await api.call('POST', PARTNERS, { token: owner, body: { name: 'Selin', lastName: 'Düzelt', partnerType: 'INDIVIDUAL', sharePercentage: 0, capital: 100000, currencyId: 1 } });
    expect(p.status, p.text).toBe(201);
    const commit = await api.call('POST', CAPITALS, { token: owner, body: { partnerId: p.body.id, kind: 'UNPAID_CAPITAL', amount: 80000, currencyId: 1, date: '2026-04-01' } });
    expect(commit.status, commit.text).toBe(201);
    const pay = await api.call('POST', CAPITALS, { token: owner, body: { partnerId: p.body.id, kind: 'CAPITAL', amount: 30000, currencyId: 1, date: '2026-04-10', account: { accountKind: 'SAFE', accountId: safeId } } });
    expect(pay.status, pay.text).toBe(201);

    // The commitment up to the whole capital: the old entry is reversed, a new one posted, same id.
    const up = await put({ id: commit.body.id, partnerId: p.body.id, kind: 'UNPAID_CAPITAL', amount: 100000, date: '2026-04-02', explanation: 'Düzeltilmiş taahhüt' });
    expect(up.status, up.text).toBe(200);
    expect(up.body).toMatchObject({ id: commit.body.id, amount: 100000, date: '2026-04-02', paidAmount: 30000, unpaidAmount: 70000, explanation: 'Düzeltilmiş taahhüt' });
    expect(up.body.entryId).not.toBe(commit.body.entryId);
    const reversal = await api.call('GET', `${ONMUHASEBE}/journal-entries?sort=id,desc&size=3`, { token: owner });
    const rev = reversal.body.find((e: any) => e.id !== up.body.entryId && e.sourceId === String(commit.body.id));
    expect(rev).toMatchObject({ sourceKind: 'CAPITAL', date: '2026-04-01', total: 80000 });
    expect(await partner(p.body.id)).toMatchObject({ committedCapital: 100000, paidCapital: 30000, remaining: 70000 });
    const kept = await inCompany(async (trx) => (await sql<{ old_amount: string; old_entry_id: string }>`select old_amount::text, old_entry_id::text from capital_corrections where capital_id = ${commit.body.id}`.execute(trx)).rows);
    expect(kept).toEqual([{ old_amount: '80000.00', old_entry_id: String(commit.body.entryId) }]);

    // Refusals: nothing written.
    const before = await entryCount();
    const below = await put({ id: commit.body.id, partnerId: p.body.id, kind: 'UNPAID_CAPITAL', amount: 29999.99, date: '2026-04-02' });
    expect([below.status, below.body.code]).toEqual([409, 'CAPITAL_BELOW_PAID']);
    expect(below.body.detail).toContain('30.000,00');
    const late = await put({ id: commit.body.id, partnerId: p.body.id, kind: 'UNPAID_CAPITAL', amount: 90000, date: '2026-04-11' });
    expect([late.status, late.body.code]).toEqual([409, 'CAPITAL_AFTER_PAYMENTS']);
    const beyond = await put({ id: commit.body.id, partnerId: p.body.id, kind: 'UNPAID_CAPITAL', amount: '100000.01', date: '2026-04-02' });
    expect([beyond.status, beyond.body.fieldErrors?.[0]?.code]).toEqual([400, 'CAPITAL_EXCEEDED']);
    const kind = await put({ id: commit.body.id, partnerId: p.body.id, kind: 'CAPITAL', amount: 1000, date: '2026-04-02', account: { accountKind: 'SAFE', accountId: safeId } });
    expect(kind.body.fieldErrors?.[0]?.code).toBe('KIND_CHANGE');
    const other = (await api.call('GET', `${PARTNERS}?size=100`, { token: owner })).body.find((x: any) => x.id !== p.body.id);
    const moved = await put({ id: commit.body.id, partnerId: other.id, kind: 'UNPAID_CAPITAL', amount: 1000, date: '2026-04-02' });
    expect(moved.body.fieldErrors?.[0]?.code).toBe('PARTNER_CHANGE');
    expect((await put({ id: 987654321, partnerId: p.body.id, kind: 'UNPAID_CAPITAL', amount: 1000, date: '2026-04-02' })).status).toBe(404);
    expect(await entryCount()).toBe(before);
    expect((await api.call('GET', `${CAPITALS}/${commit.body.id}`, { token: owner })).body).toMatchObject({ amount: 100000, entryId: up.body.entryId });

    // The payment: within what its commitment waits for besides itself (it keeps its commitment).
    const all = await put({ id: pay.body.id, partnerId: p.body.id, kind: 'CAPITAL', amount: 100000, date: '2026-04-12', account: { accountKind: 'SAFE', accountId: safeId } });
    expect(all.status, all.text).toBe(200);
    expect(all.body).toMatchObject({ id: pay.body.id, commitmentId: commit.body.id, amount: 100000, date: '2026-04-12' });
    const over = await put({ id: pay.body.id, partnerId: p.body.id, kind: 'CAPITAL', amount: '100000.01', date: '2026-04-12', account: { accountKind: 'SAFE', accountId: safeId } });
    expect(over.body.fieldErrors?.[0]?.code).toBe('EXCEEDS_UNPAID_CAPITAL');
    const early = await put({ id: pay.body.id, partnerId: p.body.id, kind: 'CAPITAL', amount: 1000, date: '2026-04-01', account: { accountKind: 'SAFE', accountId: safeId } });
    expect(early.body.fieldErrors?.[0]?.code).toBe('BEFORE_COMMITMENT');
    expect(await partner(p.body.id)).toMatchObject({ committedCapital: 100000, paidCapital: 100000, remaining: 0 });
    expect((await api.call('GET', `${ONMUHASEBE}/safes/${safeId}`, { token: owner })).body.balance).toBe(100000);
    // Corrected down again; the commitment can then be lowered to what is paid.
    expect((await put({ id: pay.body.id, partnerId: p.body.id, kind: 'CAPITAL', amount: 25000, date: '2026-04-12', account: { accountKind: 'SAFE', accountId: safeId } })).status).toBe(200);
    expect((await put({ id: commit.body.id, partnerId: p.body.id, kind: 'UNPAID_CAPITAL', amount: 25000, date: '2026-04-02' })).body).toMatchObject({ paidAmount: 25000, unpaidAmount: 0 });
    expect((await api.call('GET', `${ONMUHASEBE}/safes/${safeId}`, { token: owner })).body.balance).toBe(25000);
  });

  it('asks for both capital authorities', async () => {
    const c = (await api.call('GET', `${CAPITALS}?kind=UNPAID_CAPITAL&size=1`, { token: owner })).body[0];
    const createOnly = await userWith(api, owner, 'sermayeekle', ['7_1', '7_21']);
    const none = await userWith(api, owner, 'sermayebak', ['7_1']);
    const body = { id: c.id, partnerId: c.partnerId, kind: 'UNPAID_CAPITAL', amount: c.amount, date: c.date };
    const r1 = await put(body, createOnly);
    expect([r1.status, r1.body.code]).toEqual([403, 'CAPITAL_DELETE_REQUIRED']);
    expect((await put(body, none)).status).toBe(403);
    expect((await api.call('GET', `${CAPITALS}/${c.id}`, { token: owner })).body.entryId).toBe(c.entryId);
  });
});
