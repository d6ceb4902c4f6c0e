import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setTenant } from '@tezgah/server';
import { engines, startTestServer, type TestServer } from '../../../../../packages/server/test/harness';
import { http, ONMUHASEBE } from '../../../../../packages/server/test/http';
import { assertBooksBalance } from '../ledger/testing';
import { userWith } from '../currents/testing';

const cidOf = (token: string): number => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).cid;

describe.each(engines('one'))('safes and money transactions on %s', (engine) => {
  let t: TestServer;
  let api: ReturnType<typeof http>;
  let owner: string;
  let cid: number;
  const S = `${ONMUHASEBE}/safes`;
  const T = `${ONMUHASEBE}/transactions`;
  const inCompany = <R>(fn: (trx: any) => Promise<R>) => t.server.database.db.transaction().execute(async (trx) => {
    await setTenant(trx, cid);
    return fn(trx);
  });
  const books = async () => {
    const safes = (await api.call('GET', `${S}?size=100`, { token: owner })).body as { accountCode: string; balance: number; name: string }[];
    await inCompany((trx) => assertBooksBalance(trx, cid, safes.map((s) => ({ account: s.accountCode, balance: s.balance, what: `safe ${s.name}` }))));
  };
  const currentOf = async (type: string) => {
    const r = await api.call('GET', `${ONMUHASEBE}/currents?currentAccountType=${type}&size=1`, { token: owner });
    return r.body[0] as { id: number; name: string };
  };

  beforeAll(async () => {
    t = await startTestServer({ engine });
    api = http(t.url);
    owner = await api.signIn('muhasebe');
    cid = cidOf(owner);
  });
  afterAll(async () => {
    if (t) await books();
    await t?.close();
  });

  it('seeds the demo safe with its opening, a collection and a payment, all in the books', async () => {
    const list = await api.call('GET', S, { token: owner });
    expect(list.status).toBe(200);
    const main = list.body.find((s: { name: string }) => s.name === 'Merkez Kasa');
    expect(main).toMatchObject({ accountCode: '100.01', currencyId: 1, openingBalance: 15000, openingDate: '2026-01-01', balance: 16300, balanceFc: null });
    expect(main.mainAccount).toEqual({ companyId: cid, currencyId: 1, currencySymbol: '₺' });
    const tb = await api.call('GET', `${ONMUHASEBE}/trial-balance?startDate=2026-01-01&endDate=2026-12-31&level=3`, { token: owner });
    expect(tb.body.rows.find((r: { code: string }) => r.code === '100')).toMatchObject({ debit: 17500, credit: 1200, debitBalance: 16300 });
    const opening = await api.call('GET', `${ONMUHASEBE}/journal-entries?account=100.01&startDate=2026-01-01&endDate=2026-01-01`, { token: owner });
    expect(opening.body.map((e: { sourceKind: string; total: number; lines: { account: string; credit: number }[] }) => [e.sourceKind, e.total, e.lines[1]!.account]))
      .toEqual([['SAFE_OPENING', 15000, '570']]);
    await books();
  });

  it('opens a safe with its own account and opening entry; a foreign-currency safe needs a rate', async () => {
    const a = await api.call('POST', S, { token: owner, body: { name: 'Şube Kasası', currencyId: 1, openingBalance: 1000.5, openingDate: '2026-02-01', explanation: 'Şube' } });
    expect(a.status).toBe(201);
    expect(a.body).toMatchObject({ accountCode: '100.02', balance: 1000.5, openingBalance: 1000.5 });
    const entries = await api.call('GET', `${ONMUHASEBE}/journal-entries?size=1&sort=id,desc`, { token: owner });
    expect(entries.body[0]).toMatchObject({ sourceKind: 'SAFE_OPENING', sourceId: String(a.body.id), total: 1000.5, explanation: 'Şube Kasası açılış bakiyesi' });
    expect(entries.body[0].lines.map((l: { account: string }) => l.account)).toEqual(['100.02', '570']);

    const noRate = await api.call('POST', S, { token: owner, body: { name: 'Döviz Kasası', currencyId: 2, openingBalance: 100, openingDate: '2026-02-01' } });
    expect(noRate.status).toBe(400);
    expect(noRate.body.fieldErrors[0]).toMatchObject({ field: 'openingRate', code: 'RATE_REQUIRED' });
    const usd = await api.call('POST', S, { token: owner, body: { name: 'Döviz Kasası', currencyId: 2, openingBalance: 100, openingDate: '2026-02-01', openingRate: '32.5' } });
    expect(usd.status).toBe(201);
    expect(usd.body).toMatchObject({ balance: 3250, balanceFc: 100, currencyId: 2, openingRate: 32.5, openingAccount: '570' });
    const named = await api.call('POST', S, { token: owner, body: { name: 'Ortak Kasası', currencyId: 1, openingBalance: 50, openingDate: '2026-01-15', openingAccount: '540' } });
    expect([named.status, named.body.openingRate, named.body.openingAccount]).toEqual([201, null, '540']);
    const empty = await api.call('POST', S, { token: owner, body: { name: 'Boş Kasa', currencyId: 1 } });
    expect([empty.body.openingRate, empty.body.openingAccount]).toEqual([null, null]);

    const dup = await api.call('POST', S, { token: owner, body: { name: 'şube kasası', currencyId: 1 } });
    expect(dup.status).toBe(409);
    expect((await api.call('POST', S, { token: owner, body: { name: '   ', currencyId: 1 } })).status).toBe(400);
    expect((await api.call('POST', S, { token: owner, body: { name: 'Eksi', currencyId: 1, openingBalance: '12.345' } })).status).toBe(400);
    await books();
  });

  it('transfers between safes, converting at the given rate when currencies differ, and collects from and pays to currents', async () => {
    const safes = (await api.call('GET', `${S}?size=100`, { token: owner })).body;
    const tl = safes.find((s: { name: string }) => s.name === 'Merkez Kasa');
    const usd = safes.find((s: { name: string }) => s.name === 'Döviz Kasası');
    const tr = await api.call('POST', T, { token: owner, body: { type: 'TRANSFER', date: '2026-03-01', amount: 650, from: { kind: 'SAFE', id: tl.id }, to: { kind: 'SAFE', id: usd.id }, toRate: 32.5 } });
    expect(tr.status).toBe(201);
    expect(tr.body).toMatchObject({ type: 'TRANSFER', amount: 650, liraAmount: 650, toAmount: 20, currencyId: 1, from: { kind: 'SAFE', id: tl.id, accountCode: '100.01' }, to: { id: usd.id } });
    const after = (await api.call('GET', `${S}/${usd.id}`, { token: owner })).body;
    expect(after).toMatchObject({ balance: 3900, balanceFc: 120 });

    const customer = await currentOf('CUSTOMER');
    const col = await api.call('POST', T, { token: owner, body: { type: 'COLLECTION', date: '2026-03-02', amount: '300.25', to: { kind: 'SAFE', id: tl.id }, currentId: customer.id } });
    expect(col.status).toBe(201);
    expect(col.body).toMatchObject({ currentId: customer.id, currentName: customer.name, liraAmount: 300.25, explanation: null });
    const entry = (await api.call('GET', `${ONMUHASEBE}/journal-entries/${col.body.entryId}`, { token: owner })).body;
    expect(entry.lines.map((l: { account: string; debit: number; credit: number }) => [l.account.slice(0, 4), l.debit, l.credit])).toEqual([['100.', 300.25, 0], ['120.', 0, 300.25]]);
    expect(entry.explanation).toBe(`Tahsilat: ${customer.name}`);

    const bad = [
      { type: 'COLLECTION', date: '2026-03-02', amount: 0, to: { kind: 'SAFE', id: tl.id }, currentId: customer.id },
      { type: 'COLLECTION', date: '2026-03-02', amount: 10, to: { kind: 'SAFE', id: tl.id } },
      { type: 'TRANSFER', date: '2026-03-02', amount: 10, from: { kind: 'SAFE', id: tl.id }, to: { kind: 'SAFE', id: tl.id } },
      { type: 'TRANSFER', date: '2026-03-02', amount: 10, from: { kind: 'SAFE', id: 999999 }, to: { kind: 'SAFE', id: tl.id } },
      { type: 'PAYMENT', date: '2026-02-30', amount: 10, from: { kind: 'SAFE', id: tl.id }, currentId: customer.id },
      { type: 'PAYMENT', date: '2025-06-01', amount: 10, from: { kind: 'SAFE', id: tl.id }, currentId: customer.id },
    ];
    const tooMuch = await api.call('POST', T, { token: owner, body: { type: 'PAYMENT', date: '2026-03-03', amount: 1_000_000, from: { kind: 'SAFE', id: tl.id }, currentId: customer.id } });
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.body.code).toBe('INSUFFICIENT_CASH');
    expect(tooMuch.body.detail).toContain('Merkez Kasa kasası');
    for (const body of bad) {
      const r = await api.call('POST', T, { token: owner, body });
      expect(r.status, JSON.stringify(body)).toBe(400);
    }
    await books();
  });

  it('cancels a transaction by reversing it, once', async () => {
    const supplier = await currentOf('SUPPLIER');
    const tl = (await api.call('GET', `${S}?search=merkez`, { token: owner })).body[0];
    const pay = await api.call('POST', T, { token: owner, body: { type: 'PAYMENT', date: '2026-04-02', amount: 99.9, from: { kind: 'SAFE', id: tl.id }, currentId: supplier.id, explanation: 'Fatura ödemesi' } });
    expect(pay.status, pay.text).toBe(201);
    expect((await api.call('GET', `${S}/${tl.id}`, { token: owner })).body.balance).toBeCloseTo(tl.balance - 99.9, 2);
    const rev = await api.call('POST', `${T}/${pay.body.id}/reverse`, { token: owner, body: {} });
    expect(rev.status, rev.text).toBe(201);
    expect(rev.body).toMatchObject({ reversesId: pay.body.id, explanation: 'İptal: Fatura ödemesi', date: '2026-04-02' });
    expect((await api.call('GET', `${T}/${pay.body.id}`, { token: owner })).body.reversedById).toBe(rev.body.id);
    expect((await api.call('GET', `${S}/${tl.id}`, { token: owner })).body.balance).toBeCloseTo(tl.balance, 2);
    expect((await api.call('POST', `${T}/${pay.body.id}/reverse`, { token: owner, body: {} })).body.code).toBe('ALREADY_REVERSED');
    expect((await api.call('POST', `${T}/${rev.body.id}/reverse`, { token: owner, body: {} })).body.code).toBe('IS_REVERSAL');
    const list = await api.call('GET', `${T}?currentId=${supplier.id}&size=50`, { token: owner });
    expect(list.body.map((x: { id: number }) => x.id)).toEqual(expect.arrayContaining([pay.body.id, rev.body.id]));
    await books();
  });

  it('changes an opening balance by reversing the old opening; deletes only a safe without movements', async () => {
    const s = await api.call('POST', S, { token: owner, body: { name: 'Geçici Kasa', currencyId: 1, openingBalance: 500, openingDate: '2026-05-01' } });
    const changed = await api.call('PUT', S, { token: owner, body: { id: s.body.id, name: 'Geçici Kasa', currencyId: 1, openingBalance: 750, openingDate: '2026-05-01' } });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ openingBalance: 750, balance: 750 });
    const openings = await api.call('GET', `${ONMUHASEBE}/journal-entries?account=${s.body.accountCode}&size=10&sort=id,asc`, { token: owner });
    expect(openings.body.map((e: { total: number; reversesId: number | null }) => [e.total, e.reversesId !== null])).toEqual([[500, false], [500, true], [750, false]]);

    // A safe that has had movements keeps its history: not deleted, even once they are reversed.
    const tl = (await api.call('GET', `${S}?search=merkez`, { token: owner })).body[0];
    const used = await api.call('POST', S, { token: owner, body: { name: 'Kullanılmış Kasa', currencyId: 1 } });
    const moved = await api.call('POST', T, { token: owner, body: { type: 'TRANSFER', date: '2026-05-02', amount: 10, from: { kind: 'SAFE', id: tl.id }, to: { kind: 'SAFE', id: used.body.id } } });
    expect(moved.status).toBe(201);
    expect((await api.call('DELETE', `${S}/${used.body.id}`, { token: owner })).body.code).toBe('SAFE_HAS_MOVEMENTS');
    expect((await api.call('POST', `${T}/${moved.body.id}/reverse`, { token: owner, body: {} })).status).toBe(201);
    expect((await api.call('DELETE', `${S}/${used.body.id}`, { token: owner })).body.code).toBe('SAFE_HAS_MOVEMENTS');
    // One with only its opening entries goes, and its opening is reversed.
    const del = await api.call('DELETE', `${S}/${s.body.id}`, { token: owner });
    expect(del.status).toBe(204);
    expect((await api.call('GET', `${S}/${s.body.id}`, { token: owner })).status).toBe(404);
    const after = await api.call('GET', `${ONMUHASEBE}/journal-entries?account=${s.body.accountCode}&size=10&sort=id,asc`, { token: owner });
    expect(after.body).toHaveLength(4);
    expect(after.body.reduce((sum: number, e: { reversesId: number | null; total: number }) => sum + (e.reversesId === null ? e.total : -e.total), 0)).toBe(0);
    // Its account stays in the chart (its lines do) but takes nothing more.
    expect((await api.call('POST', `${ONMUHASEBE}/journal-entries`, { token: owner, body: { date: '2026-05-03', explanation: 'x', lines: [{ account: s.body.accountCode, debit: 1 }, { account: '570', credit: 1 }] } })).body.code).toBe('VALIDATION_FAILED');
    await books();
  });

  it('sums the cash and bank position and the money in and out of a range; lists the money lines', async () => {
    const safes = (await api.call('GET', `${S}?size=100`, { token: owner })).body as { balance: number; id: number }[];
    const sum = await api.call('GET', `${ONMUHASEBE}/summaries?startDate=2026-02-01&endDate=2026-02-28`, { token: owner });
    expect(sum.status).toBe(200);
    expect(sum.body.cash.total).toBeCloseTo(safes.reduce((s, x) => s + x.balance, 0), 2);
    expect(sum.body.cash.accounts).toHaveLength(safes.length);
    // February: the demo collection (2,500) and the two openings dated 1 February (1,000.50 and 3,250).
    expect(sum.body.range).toMatchObject({ startDate: '2026-02-01', endDate: '2026-02-28', incoming: 6750.5, outgoing: 0, net: 6750.5 });
    // March: the internal transfer is neither in nor out.
    const march = await api.call('GET', `${ONMUHASEBE}/summaries?startDate=2026-03-01&endDate=2026-03-01`, { token: owner });
    expect(march.body.range).toMatchObject({ incoming: 0, outgoing: 0 });
    const lines = await api.call('GET', `${ONMUHASEBE}/transaction-lines?accountKind=SAFE&accountId=${safes[safes.length - 1]!.id}&size=100`, { token: owner });
    expect(lines.status).toBe(200);
    expect(lines.body.length).toBe(Number(lines.headers.get('x-total-count')));
    const all = await api.call('GET', `${ONMUHASEBE}/transaction-lines?size=5`, { token: owner });
    expect(all.body).toHaveLength(5);
    expect(all.body[0].date >= all.body[4].date).toBe(true);
    // Each line carries its account's balance after it: the newest line of a safe shows the safe's balance,
    // and every older one the newer one's less what the newer moved.
    const safe = safes[safes.length - 1]!;
    expect(lines.body[0].balance).toBeCloseTo(safe.balance, 2);
    for (let i = 1; i < lines.body.length; i++) {
      const newer = lines.body[i - 1];
      expect(lines.body[i].balance).toBeCloseTo(newer.balance - newer.debit + newer.credit, 2);
    }
    expect(lines.body.every((l: { balanceFc: number | null }) => l.balanceFc === null)).toBe(true);
    // A range still counts from the account's first line.
    const lastDay = lines.body[0].date;
    const ranged = await api.call('GET', `${ONMUHASEBE}/transaction-lines?accountKind=SAFE&accountId=${safe.id}&startDate=${lastDay}&endDate=${lastDay}`, { token: owner });
    expect(ranged.body[0].balance).toBeCloseTo(safe.balance, 2);
    expect(Number(ranged.headers.get('x-total-count'))).toBe(lines.body.filter((l: { date: string }) => l.date === lastDay).length);
  });

  it("keeps another company's safes out of reach", async () => {
    const other = await api.signIn('eczaci');
    const mine = (await api.call('GET', S, { token: owner })).body[0];
    expect((await api.call('GET', `${S}/${mine.id}`, { token: other })).status).toBe(404);
    const theirs = (await api.call('GET', S, { token: other })).body;
    expect(theirs.map((s: { id: number }) => s.id)).not.toContain(mine.id);
    const steal = await api.call('POST', T, { token: other, body: { type: 'TRANSFER', date: '2026-06-01', amount: 1, from: { kind: 'SAFE', id: mine.id }, to: { kind: 'SAFE', id: theirs[0].id } } });
    expect(steal.status).toBe(400);
    expect(steal.body.fieldErrors[0].field).toBe('from.id');
  });

  it('lists the money accounts to someone who may only collect, without balances; the safes list stays closed to them', async () => {
    const collector = await userWith(api, owner, `tahsildar${engine}`, ['6_25']);
    const list = await api.call('GET', `${ONMUHASEBE}/money-accounts`, { token: collector });
    expect(list.status).toBe(200);
    expect(list.body.some((a: any) => a.kind === 'SAFE' && a.name === 'Merkez Kasa' && a.currencyCode === 'TL' && a.accountType === null)).toBe(true);
    expect(list.body.some((a: any) => a.kind === 'BANK_ACCOUNT' && a.accountType === 'TRADING')).toBe(true);
    expect(list.body.every((a: any) => !('balance' in a))).toBe(true);
    const usd = await api.call('GET', `${ONMUHASEBE}/money-accounts?kind=BANK_ACCOUNT&currencyId=2`, { token: collector });
    expect(usd.body.map((a: any) => [a.kind, a.currencyCode])).toEqual([['BANK_ACCOUNT', 'USD']]);
    expect((await api.call('GET', S, { token: collector })).status).toBe(403);
  });
});
