import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { setTenant } from '@tezgah/server';
import { engines, startTestServer, type TestServer } from '../../../../../packages/server/test/harness';
import { http, ONMUHASEBE } from '../../../../../packages/server/test/http';
import { assertBooksBalance } from '../ledger/testing';
import { userWith } from '../currents/testing';

const cidOf = (token: string): number => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).cid;
const LINES = `${ONMUHASEBE}/transaction-lines`;

/** /transaction-lines CRUD: a money line is recorded, corrected and cancelled through its money transaction. */
describe.each(engines('one'))('transaction lines on %s', (engine) => {
  let t: TestServer;
  let api: ReturnType<typeof http>;
  let owner: string;
  let cid: number;
  let safe: { id: number; accountCode: string };
  let customerId: number;
  const call = (method: string, path: string, body?: unknown, token = owner) => api.call(method, path, { token, ...(body !== undefined ? { body } : {}) });
  const balance = async () => (await call('GET', `${ONMUHASEBE}/safes/${safe.id}`)).body.balance;

  beforeAll(async () => {
    t = await startTestServer({ engine });
    api = http(t.url);
    owner = await api.signIn('muhasebe');
    cid = cidOf(owner);
    const s = await call('POST', `${ONMUHASEBE}/safes`, { name: 'Satır Kasası', currencyId: 1, openingBalance: 1000, openingDate: '2026-05-01' });
    expect(s.status, s.text).toBe(201);
    safe = s.body;
    customerId = (await call('GET', `${ONMUHASEBE}/currents?currentAccountType=CUSTOMER&size=1`)).body[0].id;
  });
  afterAll(async () => {
    if (t) await t.server.database.db.transaction().execute(async (trx) => { await setTenant(trx, cid); await assertBooksBalance(trx as any, cid); });
    await t?.close();
  });

  it('records a line, shows it with its transaction, corrects it by reversal and cancels it', async () => {
    const created = await call('POST', LINES, { type: 'COLLECTION', date: '2026-05-10', amount: '500.00', to: { kind: 'SAFE', id: safe.id }, currentId: customerId, explanation: 'Satır tahsilatı' });
    expect(created.status, created.text).toBe(201);
    expect(created.body).toMatchObject({ accountCode: safe.accountCode, debit: 500, credit: 0, balance: 1500, sourceKind: 'TRANSACTION', transaction: { type: 'COLLECTION', amount: 500, currentId: customerId } });
    const one = await call('GET', `${LINES}/${created.body.id}`);
    expect(one.body).toEqual(created.body);
    expect(await balance()).toBe(1500);

    const fixed = await call('PUT', LINES, { id: created.body.id, type: 'COLLECTION', date: '2026-05-11', amount: 700, to: { kind: 'SAFE', id: safe.id }, currentId: customerId });
    expect(fixed.status, fixed.text).toBe(200);
    expect(fixed.body.id).not.toBe(created.body.id);
    expect(fixed.body).toMatchObject({ debit: 700, date: '2026-05-11', transaction: { amount: 700, reversedById: null } });
    expect(await balance()).toBe(1700);
    // The old line is still there; its transaction is cancelled by a reversal.
    expect((await call('GET', `${LINES}/${created.body.id}`)).body.transaction.reversedById).toBeTypeOf('number');
    const again = await call('DELETE', `${LINES}/${created.body.id}`);
    expect([again.status, again.body.code]).toEqual([409, 'ALREADY_REVERSED']);
    const list = (await call('GET', `${LINES}?accountKind=SAFE&accountId=${safe.id}&size=50`)).body as any[];
    const reversalLine = list.find((l) => l.credit === 500);
    const rev = await call('DELETE', `${LINES}/${reversalLine.id}`);
    expect([rev.status, rev.body.code]).toEqual([409, 'IS_REVERSAL']);
    // The opening is the safe's own: cancelled from the safe.
    const opening = list.find((l) => l.sourceKind === 'SAFE_OPENING');
    expect((await call('GET', `${LINES}/${opening.id}`)).body.transaction).toBeNull();
    const doc = await call('DELETE', `${LINES}/${opening.id}`);
    expect([doc.status, doc.body.code]).toEqual([409, 'DOCUMENT_ENTRY']);
    expect(doc.body.detail).toContain('kasa açılışı');
    const docPut = await call('PUT', LINES, { id: opening.id, type: 'COLLECTION', date: '2026-05-11', amount: 1, to: { kind: 'SAFE', id: safe.id }, currentId: customerId });
    expect(docPut.body.code).toBe('DOCUMENT_ENTRY');
    expect(await balance()).toBe(1700);

    expect((await call('DELETE', `${LINES}/${fixed.body.id}`)).status).toBe(204);
    expect(await balance()).toBe(1000);
    // Cash never goes below zero, through this path too; nothing is written.
    const over = await call('POST', LINES, { type: 'PAYMENT', date: '2026-05-12', amount: '1000.01', from: { kind: 'SAFE', id: safe.id }, currentId: customerId });
    expect([over.status, over.body.code]).toEqual([409, 'INSUFFICIENT_CASH']);
    const pay = await call('POST', LINES, { type: 'PAYMENT', date: '2026-05-12', amount: 250, from: { kind: 'SAFE', id: safe.id }, currentId: customerId });
    expect(pay.body).toMatchObject({ accountCode: safe.accountCode, debit: 0, credit: 250, balance: 750 });
  });

  it('does not show lines of accounts that are not money accounts, and asks for the authorities', async () => {
    // The customer's side of a collection is a line too, but not a money account's.
    const customerLine = await t.server.database.db.transaction().execute(async (trx) => {
      await setTenant(trx, cid);
      return Number((await sql<{ id: string }>`select l.id from journal_lines l join ledger_accounts a on a.company_id = l.company_id and a.code = l.account_code
        where l.company_id = ${cid} and a.owner_kind is distinct from 'SAFE' and a.owner_kind is distinct from 'BANK_ACCOUNT' and l.account_code like '120%' order by l.id desc limit 1`.execute(trx)).rows[0]!.id);
    });
    expect((await call('GET', `${LINES}/${customerLine}`)).status).toBe(404);
    expect((await call('GET', `${LINES}/987654321`)).status).toBe(404);
    const line = (await call('GET', `${LINES}?accountKind=SAFE&accountId=${safe.id}&size=1`)).body[0];
    const viewer = await userWith(api, owner, 'kasagorur', ['2_1']);
    expect((await call('GET', `${LINES}/${line.id}`, undefined, viewer)).status).toBe(200);
    expect((await call('POST', LINES, { type: 'COLLECTION', date: '2026-05-10', amount: 1, to: { kind: 'SAFE', id: safe.id }, currentId: customerId }, viewer)).status).toBe(403);
    expect((await call('DELETE', `${LINES}/${line.id}`, undefined, viewer)).status).toBe(403);
    expect((await call('PUT', LINES, { id: line.id, type: 'COLLECTION', date: '2026-05-10', amount: 1, to: { kind: 'SAFE', id: safe.id }, currentId: customerId }, viewer)).status).toBe(403);
    expect(await balance()).toBe(750);
  });
});
