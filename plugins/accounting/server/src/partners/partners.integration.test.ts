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

describe.each(engines('one'))('partners and capital on %s', (engine) => {
  let t: TestServer;
  let api: ReturnType<typeof http>;
  let owner: string;
  let cid: number;
  let safeId: number;
  const inCompany = <T>(fn: (trx: any) => Promise<T>) => t.server.database.db.transaction().execute(async (trx) => {
    await setTenant(trx, cid);
    return fn(trx);
  });
  const lastEntries = async (n: number) => (await api.call('GET', `${ONMUHASEBE}/journal-entries?sort=id,desc&size=${n}`, { token: owner })).body;
  const lines = (e: { lines: { account: string; debit: number; credit: number }[] }) => e.lines.map((l) => [l.account, l.debit, l.credit]);
  const partner = async (id: number) => (await api.call('GET', `${PARTNERS}/${id}`, { token: owner })).body;
  const capital = (body: Record<string, unknown>, token = owner) => api.call('POST', CAPITALS, { token, body: { currencyId: 1, ...body } });
  const newPartner = (body: Record<string, unknown>) => api.call('POST', PARTNERS, {
    token: owner, body: { partnerType: 'INDIVIDUAL', sharePercentage: 0, capital: 0, currencyId: 1, ...body },
  });

  beforeAll(async () => {
    t = await startTestServer({ engine });
    api = http(t.url);
    owner = await api.signIn('muhasebe');
    cid = cidOf(owner);
    const safe = await api.call('POST', `${ONMUHASEBE}/safes`, { token: owner, body: { name: 'Sermaye Kasası', currencyId: 1 } });
    expect(safe.status).toBe(201);
    safeId = safe.body.id;
  });
  afterAll(async () => {
    if (t) {
      const all = (await api.call('GET', `${PARTNERS}?size=100`, { token: owner })).body as any[];
      await inCompany((trx) => assertBooksBalance(trx, cid, all.flatMap((p) => [
        ...(p.unpaidCapitalAccountCode ? [{ account: p.unpaidCapitalAccountCode, balance: p.remaining, what: `${p.name}: remaining capital` }] : []),
        ...(p.capitalAccountCode ? [{ account: p.capitalAccountCode, balance: -p.committedCapital, what: `${p.name}: committed capital` }] : []),
      ])));
    }
    await t?.close();
  });

  it("shows the demo company's partners with the capital the ledger holds: all committed, a quarter paid into the bank", async () => {
    const r = await api.call('GET', `${PARTNERS}?sort=sharePercentage,desc`, { token: owner });
    expect(r.status).toBe(200);
    expect(r.headers.get('x-total-count')).toBe('2');
    expect(r.body.map((p: any) => [p.name, p.partnerType, p.sharePercentage, p.capital, p.committedCapital, p.paidCapital, p.remaining])).toEqual([
      ['Murat', 'INDIVIDUAL', 60, 600000, 600000, 150000, 450000],
      ['Demo Holding', 'CORPORATE', 40, 400000, 400000, 100000, 300000],
    ]);
    expect(r.body[0].capitalAccountCode).toMatch(/^500\.\d{2}$/);
    expect(r.body[0].unpaidCapitalAccountCode).toMatch(/^501\.\d{2}$/);
    const commitments = await api.call('GET', `${CAPITALS}?kind=UNPAID_CAPITAL&partnerId=${r.body[0].id}`, { token: owner });
    expect(commitments.body).toEqual([expect.objectContaining({ kind: 'UNPAID_CAPITAL', date: '2026-01-02', amount: 600000, paidAmount: 150000, unpaidAmount: 450000, account: null })]);
    const payments = await api.call('GET', `${CAPITALS}?kind=CAPITAL&partnerId=${r.body[0].id}`, { token: owner });
    expect(payments.body[0]).toMatchObject({ kind: 'CAPITAL', date: '2026-01-15', amount: 150000, commitmentId: commitments.body[0].id, account: { accountKind: 'BANK_ACCOUNT' } });
    expect(payments.body[0].account.accountCode).toMatch(/^102\./);
    // The sole proprietorship (the pharmacy) has no partners.
    const other = await api.call('GET', PARTNERS, { token: await api.signIn('eczaci') });
    expect([other.status, other.body]).toEqual([200, []]);
  });

  it("keeps the active partners' shares within 100 % and the capital in lira, in Turkish", async () => {
    const over = await newPartner({ name: 'Fazla', lastName: 'Hisse', sharePercentage: 0.01 });
    expect(over.status).toBe(400);
    expect(over.body.fieldErrors).toEqual([expect.objectContaining({ field: 'sharePercentage', code: 'SHARE_TOTAL_EXCEEDED' })]);
    expect(over.body.detail).toBe("Ortakların hisse oranları toplamı %100'ü aşamaz: diğer ortakların toplamı %100, bu ortağa en fazla %0 verilebilir.");
    // The same rule holds however a partner is written: the plain current-account calls too.
    const viaCurrents = await api.call('POST', `${ONMUHASEBE}/currents`, { token: owner, body: { currentAccountType: 'PARTNER', name: 'Arka', lastName: 'Kapı', partnerType: 'INDIVIDUAL', sharePercentage: 5, capital: 1000, currencyId: 1 } });
    expect(viaCurrents.status).toBe(400);
    expect(viaCurrents.body.fieldErrors).toEqual([expect.objectContaining({ field: 'sharePercentage', code: 'SHARE_TOTAL_EXCEEDED' })]);
    const viaList = await api.call('POST', `${ONMUHASEBE}/currentsList`, { token: owner, body: [{ currentAccountType: 'PARTNER', name: 'Liste', lastName: 'Ortak', partnerType: 'INDIVIDUAL', sharePercentage: 1, capital: 1000, currencyId: 1 }] });
    expect(viaList.status).toBe(400);
    expect(viaList.body.fieldErrors).toEqual([expect.objectContaining({ field: '0.sharePercentage', code: 'SHARE_TOTAL_EXCEEDED' })]);
    const holding = (await api.call('GET', `${PARTNERS}?search=holding`, { token: owner })).body[0];
    const viaPut = await api.call('PUT', `${ONMUHASEBE}/currents`, { token: owner, body: { id: holding.id, currentAccountType: 'PARTNER', name: holding.name, title: holding.title, partnerType: 'CORPORATE', sharePercentage: 100, capital: 400000, currencyId: 1 } });
    expect(viaPut.status).toBe(400);
    expect(viaPut.body.fieldErrors[0].code).toBe('SHARE_TOTAL_EXCEEDED');
    const lower = await api.call('PUT', PARTNERS, { token: owner, body: { id: holding.id, name: holding.name, title: holding.title, partnerType: 'CORPORATE', sharePercentage: 30, capital: 400000, currencyId: 1 } });
    expect(lower.status).toBe(200);
    expect(lower.body).toMatchObject({ sharePercentage: 30, committedCapital: 400000, remaining: 300000, taxNumber: holding.taxNumber });
    const fits = await newPartner({ name: 'Ayşe', lastName: 'Ortak', sharePercentage: 10, capital: 100000, taxNumber: '11122233320' });
    expect(fits.status).toBe(201);
    expect(fits.body).toMatchObject({ name: 'Ayşe', lastName: 'Ortak', sharePercentage: 10, capital: 100000, committedCapital: 0, remaining: 0, capitalAccountCode: null });
    const murat = (await api.call('GET', `${PARTNERS}?search=murat`, { token: owner })).body[0];
    const grow = await api.call('PUT', PARTNERS, { token: owner, body: { id: murat.id, name: 'Murat', partnerType: 'INDIVIDUAL', sharePercentage: 60.01, capital: 600000, currencyId: 1 } });
    expect(grow.status).toBe(400);
    expect(grow.body.fieldErrors[0].message).toContain('en fazla %60 verilebilir');
    // A passive partner (left the company) does not count.
    const left = await newPartner({ name: 'Eski', lastName: 'Ortak', sharePercentage: 25, active: false });
    expect(left.status).toBe(201);
    // Below what it committed, a partner's capital does not go.
    const shrink = await api.call('PUT', PARTNERS, { token: owner, body: { id: murat.id, name: 'Murat', partnerType: 'INDIVIDUAL', sharePercentage: 60, capital: 500000, currencyId: 1 } });
    expect(shrink.body.fieldErrors[0]).toMatchObject({ field: 'capital', code: 'BELOW_COMMITTED' });
    expect(shrink.body.fieldErrors[0].message).toContain('600.000,00 TL');
    const same = await api.call('PUT', PARTNERS, { token: owner, body: { id: murat.id, name: 'Murat', partnerType: 'INDIVIDUAL', sharePercentage: 60, capital: 600000, currencyId: 1 } });
    expect(same.body.fieldErrors[0].code).toBe('NO_CHANGES');
    expect(same.body.detail).toBe('Herhangi bir değişiklik yapmadınız!');
    const dollars = await newPartner({ name: 'Dolar', currencyId: 2 });
    expect(dollars.body.fieldErrors[0]).toMatchObject({ field: 'currencyId', code: 'CURRENCY' });
    const bad = await newPartner({ name: ' ', sharePercentage: 100.5, capital: -1 });
    expect(bad.status).toBe(400);
    expect(bad.body.fieldErrors.map((f: any) => f.field).sort()).toEqual(['capital', 'name', 'sharePercentage']);
    const noCurrency = await api.call('POST', PARTNERS, { token: owner, body: { name: 'X', partnerType: 'INDIVIDUAL', sharePercentage: 0, capital: 0 } });
    expect(noCurrency.status).toBe(400);
    const wrongType = await newPartner({ name: 'X', partnerType: 'COMPANY' });
    expect(wrongType.status).toBe(400);
  });

  it('commits capital (debit 501.xx / credit 500.xx) and takes payments into a safe (debit 100.xx / credit 501.xx), within what is committed', async () => {
    const ayse = (await api.call('GET', `${PARTNERS}?search=ayse`, { token: owner })).body[0];
    const commit = await capital({ partnerId: ayse.id, kind: 'UNPAID_CAPITAL', amount: '100000.00', date: '2026-04-01' });
    expect(commit.status).toBe(201);
    expect(commit.body).toMatchObject({ partnerName: 'Ayşe Ortak', kind: 'UNPAID_CAPITAL', amount: 100000, paidAmount: 0, unpaidAmount: 100000, account: null, explanation: null });
    const [e1] = await lastEntries(1);
    expect(e1).toMatchObject({ id: commit.body.entryId, sourceKind: 'CAPITAL', sourceId: String(commit.body.id), date: '2026-04-01', total: 100000, explanation: 'Sermaye taahhüdü: Ayşe Ortak' });
    let p = await partner(ayse.id);
    expect(lines(e1)).toEqual([[p.unpaidCapitalAccountCode, 100000, 0], [p.capitalAccountCode, 0, 100000]]);
    expect(p).toMatchObject({ committedCapital: 100000, paidCapital: 0, remaining: 100000 });
    expect(p.capitalAccountCode).toMatch(/^500\.\d{2}$/);

    const beyond = await capital({ partnerId: ayse.id, kind: 'UNPAID_CAPITAL', amount: 0.01, date: '2026-04-02' });
    expect(beyond.body.fieldErrors[0]).toMatchObject({ field: 'amount', code: 'CAPITAL_EXCEEDED' });
    expect(beyond.body.detail).toContain('en fazla 0,00 TL daha taahhüt edilebilir');

    const pay = await capital({ partnerId: ayse.id, kind: 'CAPITAL', amount: 30000, date: '2026-04-10', account: { accountKind: 'SAFE', accountId: safeId }, explanation: 'Nakit sermaye' });
    expect(pay.status).toBe(201);
    expect(pay.body).toMatchObject({ kind: 'CAPITAL', commitmentId: commit.body.id, amount: 30000, account: { accountKind: 'SAFE', accountId: safeId, name: 'Sermaye Kasası' } });
    const [e2] = await lastEntries(1);
    expect(e2).toMatchObject({ sourceKind: 'CAPITAL_PAYMENT', sourceId: String(pay.body.id), explanation: 'Nakit sermaye' });
    expect(lines(e2)).toEqual([[pay.body.account.accountCode, 30000, 0], [p.unpaidCapitalAccountCode, 0, 30000]]);
    p = await partner(ayse.id);
    expect(p).toMatchObject({ committedCapital: 100000, paidCapital: 30000, remaining: 70000 });
    const safe = await api.call('GET', `${ONMUHASEBE}/safes/${safeId}`, { token: owner });
    expect(safe.body.balance).toBe(30000);
    expect((await api.call('GET', `${CAPITALS}/${commit.body.id}`, { token: owner })).body).toMatchObject({ paidAmount: 30000, unpaidAmount: 70000 });

    const refusals: [Record<string, unknown>, string, string][] = [
      [{ amount: '70000.01' }, 'amount', 'EXCEEDS_UNPAID_CAPITAL'],
      [{ date: '2026-03-31' }, 'date', 'BEFORE_COMMITMENT'],
      [{ amount: 0 }, 'amount', 'AMOUNT_ZERO'],
      [{ amount: 10.005 }, 'amount', 'AMOUNT'],
      [{ account: undefined }, 'account', 'REQUIRED'],
      [{ account: { accountKind: 'SAFE', accountId: 999999 } }, 'account.accountId', 'ACCOUNT_NOT_FOUND'],
      [{ commitmentId: 999999 }, 'commitmentId', 'COMMITMENT_NOT_FOUND'],
      [{ currencyId: 2 }, 'currencyId', 'CURRENCY'],
      [{ partnerId: (await api.call('GET', `${ONMUHASEBE}/currents?currentAccountType=CUSTOMER&size=1`, { token: owner })).body[0].id }, 'partnerId', 'PARTNER_NOT_FOUND'],
    ];
    for (const [change, field, code] of refusals) {
      const r = await capital({ partnerId: ayse.id, kind: 'CAPITAL', amount: 1000, date: '2026-04-11', account: { accountKind: 'SAFE', accountId: safeId }, ...change });
      expect([change, r.status, r.body.fieldErrors?.[0]?.field, r.body.fieldErrors?.[0]?.code]).toEqual([change, 400, field, code]);
    }
    const withAccount = await capital({ partnerId: ayse.id, kind: 'UNPAID_CAPITAL', amount: 1, date: '2026-04-11', account: { accountKind: 'SAFE', accountId: safeId } });
    expect(withAccount.body.fieldErrors[0]).toMatchObject({ field: 'account', code: 'NOT_ALLOWED' });
    const usd = await api.call('POST', `${ONMUHASEBE}/safes`, { token: owner, body: { name: 'Döviz Kasası', currencyId: 2 } });
    const intoUsd = await capital({ partnerId: ayse.id, kind: 'CAPITAL', amount: 1000, date: '2026-04-11', account: { accountKind: 'SAFE', accountId: usd.body.id } });
    expect(intoUsd.body.fieldErrors[0]).toMatchObject({ field: 'account.accountId', code: 'CURRENCY' });
    const outOfYear = await capital({ partnerId: ayse.id, kind: 'CAPITAL', amount: 1000, date: '2027-01-05', account: { accountKind: 'SAFE', accountId: safeId } });
    expect(outOfYear.body.code).toBe('FISCAL_YEAR_NOT_FOUND');
    // Nothing of the refusals was written.
    expect((await partner(ayse.id)).remaining).toBe(70000);

    // The trial balance: 500 is the partners' committed capital, 501 what they still owe.
    const partners = (await api.call('GET', `${PARTNERS}?size=100`, { token: owner })).body as any[];
    const tb = await api.call('GET', `${ONMUHASEBE}/trial-balance?startDate=2026-01-01&endDate=2026-12-31&level=3`, { token: owner });
    const row = (code: string) => tb.body.rows.find((r: any) => r.code === code);
    expect(row('500').creditBalance).toBe(partners.reduce((s, x) => s + x.committedCapital, 0));
    expect(row('501').debitBalance).toBe(partners.reduce((s, x) => s + x.remaining, 0));
    expect(row('501').debitBalance).toBe(450000 + 300000 + 70000);
  });

  it('deletes a capital record by reversing its entry; a commitment with payments stays, and so does a partner with capital records', async () => {
    const ayse = (await api.call('GET', `${PARTNERS}?search=ayse`, { token: owner })).body[0];
    const [pay] = (await api.call('GET', `${CAPITALS}?partnerId=${ayse.id}&kind=CAPITAL`, { token: owner })).body;
    const [commit] = (await api.call('GET', `${CAPITALS}?partnerId=${ayse.id}&kind=UNPAID_CAPITAL`, { token: owner })).body;
    const blocked = await api.call('DELETE', `${CAPITALS}/${commit.id}`, { token: owner });
    expect([blocked.status, blocked.body.code]).toEqual([409, 'CAPITAL_HAS_PAYMENTS']);
    expect((await api.call('DELETE', `${CAPITALS}/${pay.id}`, { token: owner })).status).toBe(204);
    const [rev] = await lastEntries(1);
    expect(rev).toMatchObject({ reversesId: pay.entryId, sourceKind: 'CAPITAL_PAYMENT', sourceId: String(pay.id), date: '2026-04-10' });
    expect(lines(rev)).toEqual([[pay.account.accountCode, 0, 30000], [ayse.unpaidCapitalAccountCode, 30000, 0]]);
    expect((await api.call('GET', `${CAPITALS}/${pay.id}`, { token: owner })).status).toBe(404);
    expect((await api.call('DELETE', `${CAPITALS}/${pay.id}`, { token: owner })).status).toBe(404);
    expect(await partner(ayse.id)).toMatchObject({ committedCapital: 100000, paidCapital: 0, remaining: 100000 });
    // A payment with no commitment named pays the oldest one that is not fully paid.
    const again = await capital({ partnerId: ayse.id, kind: 'CAPITAL', amount: 100000, date: '2026-05-02', account: { accountKind: 'SAFE', accountId: safeId } });
    expect(again.body.commitmentId).toBe(commit.id);
    expect((await partner(ayse.id)).remaining).toBe(0);
    const none = await capital({ partnerId: ayse.id, kind: 'CAPITAL', amount: 1, date: '2026-05-03', account: { accountKind: 'SAFE', accountId: safeId } });
    expect(none.body.fieldErrors[0].code).toBe('NO_UNPAID_CAPITAL');
    expect((await api.call('DELETE', `${CAPITALS}/${again.body.id}`, { token: owner })).status).toBe(204);
    expect((await api.call('DELETE', `${CAPITALS}/${commit.id}`, { token: owner })).status).toBe(204);
    expect(await partner(ayse.id)).toMatchObject({ committedCapital: 0, paidCapital: 0, remaining: 0 });
    const stays = await api.call('DELETE', `${PARTNERS}/${ayse.id}`, { token: owner });
    expect([stays.status, stays.body.code]).toEqual([409, 'PARTNER_HAS_MOVEMENTS']);
    const fresh = await newPartner({ name: 'Geçici', lastName: 'Ortak' });
    expect((await api.call('DELETE', `${PARTNERS}/${fresh.body.id}`, { token: owner })).status).toBe(204);
    expect((await api.call('GET', `${PARTNERS}/${fresh.body.id}`, { token: owner })).status).toBe(404);
  });

  it('serializes a partner\'s commitments: two at once never exceed its capital', async () => {
    const p = await newPartner({ name: 'Eşzamanlı', lastName: 'Ortak', capital: 100000 });
    const results = await Promise.all([1, 2, 3].map((i) => capital({ partnerId: p.body.id, kind: 'UNPAID_CAPITAL', amount: 40000, date: `2026-06-0${i}` })));
    expect(results.map((r) => r.status).sort()).toEqual([201, 201, 400]);
    expect(await partner(p.body.id)).toMatchObject({ committedCapital: 80000, remaining: 80000 });
  });

  it('refuses a deletion in a locked period (the reversal is dated like the entry)', async () => {
    const holding = (await api.call('GET', `${PARTNERS}?search=holding`, { token: owner })).body[0];
    const [pay] = (await api.call('GET', `${CAPITALS}?partnerId=${holding.id}&kind=CAPITAL`, { token: owner })).body;
    const year = (await api.call('GET', `${ONMUHASEBE}/fiscal-years`, { token: owner })).body.find((y: any) => y.name === '2026');
    const jan = (await api.call('GET', `${ONMUHASEBE}/journals?fiscalYearId=${year.id}&size=20`, { token: owner })).body.find((j: any) => j.period === 1);
    expect((await api.call('PUT', `${ONMUHASEBE}/journals-lock`, { token: owner, body: { id: jan.id } })).status).toBe(200);
    const refused = await api.call('DELETE', `${CAPITALS}/${pay.id}`, { token: owner });
    expect([refused.status, refused.body.code]).toEqual([409, 'JOURNAL_LOCKED']);
    expect((await api.call('GET', `${CAPITALS}/${pay.id}`, { token: owner })).status).toBe(200);
    expect((await api.call('PUT', `${ONMUHASEBE}/journals-unlock`, { token: owner, body: { id: jan.id } })).status).toBe(200);
  });

  it("keeps another company's partners and capital out of reach, and asks for the PARTNER authorities", async () => {
    const eczaci = await api.signIn('eczaci');
    const [p] = (await api.call('GET', `${PARTNERS}?size=1`, { token: owner })).body;
    const [k] = (await api.call('GET', `${CAPITALS}?size=1`, { token: owner })).body;
    for (const [method, path] of [['GET', `${PARTNERS}/${p.id}`], ['DELETE', `${PARTNERS}/${p.id}`], ['GET', `${CAPITALS}/${k.id}`], ['DELETE', `${CAPITALS}/${k.id}`]] as const) {
      const r = await api.call(method, path, { token: eczaci });
      expect([method, path, r.status, r.body.code]).toEqual([method, path, 404, 'NOT_FOUND']);
    }
    const put = await api.call('PUT', PARTNERS, { token: eczaci, body: { id: p.id, name: 'Ele geçirildi', partnerType: 'INDIVIDUAL', sharePercentage: 0, capital: 0, currencyId: 1 } });
    expect(put.status).toBe(404);
    const foreign = await api.call('POST', CAPITALS, { token: eczaci, body: { partnerId: p.id, kind: 'UNPAID_CAPITAL', amount: 1, currencyId: 1, date: '2026-06-01' } });
    expect(foreign.body.fieldErrors[0]).toMatchObject({ field: 'partnerId', code: 'PARTNER_NOT_FOUND' });
    expect((await api.call('GET', CAPITALS, { token: eczaci })).body).toEqual([]);
    expect((await partner(p.id)).name).toBe(p.name);

    const viewer = await userWith(api, owner, 'ortakizleyen', ['7_1']);
    expect((await api.call('GET', PARTNERS, { token: viewer })).status).toBe(200);
    const denied = await capital({ partnerId: p.id, kind: 'UNPAID_CAPITAL', amount: 1, date: '2026-06-01' }, viewer);
    expect([denied.status, denied.body.title]).toEqual([403, 'Yetki Hatası']);
    expect((await api.call('DELETE', `${CAPITALS}/${k.id}`, { token: viewer })).status).toBe(403);
  });

  it('keeps capital records for the request role: never deleted, their partner and kind never changed, their corrections append-only', async () => {
    // A correction (PUT /capitals) changes the amount and the rest under a new entry; the partner and the kind stay.
    await expect(inCompany(async (trx) => {
      await sql`select set_config('role', 'tezgah_app', true)`.execute(trx);
      await sql`update capitals set partner_id = partner_id where company_id = ${cid}`.execute(trx);
    })).rejects.toThrow(/permission denied/);
    await expect(inCompany(async (trx) => {
      await sql`select set_config('role', 'tezgah_app', true)`.execute(trx);
      await sql`update capital_corrections set capital_id = capital_id where company_id = ${cid}`.execute(trx);
    })).rejects.toThrow(/permission denied/);
    await expect(inCompany(async (trx) => {
      await sql`select set_config('role', 'tezgah_app', true)`.execute(trx);
      await sql`delete from capitals where company_id = ${cid}`.execute(trx);
    })).rejects.toThrow(/permission denied/);
  });
});
