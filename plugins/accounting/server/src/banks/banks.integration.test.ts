import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Decimal from 'decimal.js';
import { sql } from 'kysely';
import { setTenant } from '@tezgah/server';
import { engines, startTestServer, type TestServer } from '../../../../../packages/server/test/harness';
import { http, ONMUHASEBE } from '../../../../../packages/server/test/http';
import { assertBooksBalance } from '../ledger/testing';

const cidOf = (token: string): number => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).cid;
const BANKS = `${ONMUHASEBE}/banks`;
const BRANCHES = `${ONMUHASEBE}/bank-branches`;
const ACCOUNTS = `${ONMUHASEBE}/bank-accounts`;
/** Valid IBANs (mod-97) of Akbank (00046), Yapı Kredi (00067), Garanti (00062). */
const AKBANK_IBAN = 'TR42 0004 6000 0046 1937 2845 50';
const YKB_IBAN = 'TR280006700000672214985730';
const GARANTI_IBAN_2 = 'TR980006200000629384710999';

describe.each(engines('one'))('banks and bank accounts on %s', (engine) => {
  let t: TestServer;
  let api: ReturnType<typeof http>;
  let owner: string;
  let cid: number;
  let bankByEft: Map<string, { id: number; name: string }>;
  const inCompany = <T>(companyId: number, fn: (trx: any) => Promise<T>) => t.server.database.db.transaction().execute(async (trx) => {
    await setTenant(trx, companyId);
    return fn(trx);
  });
  const lastEntries = async (n: number) => (await api.call('GET', `${ONMUHASEBE}/journal-entries?sort=id,desc&size=${n}`, { token: owner })).body;
  const account = (body: Record<string, unknown>) => api.call('POST', ACCOUNTS, { token: owner, body: { currencyId: 1, ...body } });
  const allAccounts = async (token = owner) => (await api.call('GET', `${ACCOUNTS}?size=100`, { token })).body as { accountCode: string; balance: number; balanceFc: number | null; name: string }[];
  const derivedBalances = async () => (await allAccounts()).map((a) => ({ account: a.accountCode, balance: a.balance, what: `bank account ${a.name}` }));

  beforeAll(async () => {
    t = await startTestServer({ engine });
    api = http(t.url);
    owner = await api.signIn('muhasebe');
    cid = cidOf(owner);
    const banks = (await api.call('GET', `${BANKS}?size=100`, { token: owner })).body as { id: number; name: string; eftCode: string }[];
    bankByEft = new Map(banks.map((b) => [b.eftCode, b]));
  });
  afterAll(async () => {
    if (t) await inCompany(cid, async (trx) => assertBooksBalance(trx, cid));
    await t?.close();
  });

  it('gives every company the TBB list of banks, a new company too', async () => {
    const r = await api.call('GET', `${BANKS}?size=100`, { token: owner });
    expect(r.status).toBe(200);
    expect(r.headers.get('x-total-count')).toBe('52');
    expect(r.body.find((b: { eftCode: string }) => b.eftCode === '0010')).toMatchObject({ name: 'Türkiye Cumhuriyeti Ziraat Bankası A.Ş.', ibanCode: '00010', swift: 'TCZBTR2A' });
    expect((await api.call('GET', `${BANKS}?search=0062`, { token: owner })).body.map((b: { name: string }) => b.name)).toEqual(['Türkiye Garanti Bankası A.Ş.']);
    const admin = await api.signIn('yonetici');
    const c = await api.call('POST', `${ONMUHASEBE}/companies`, { token: admin, body: { name: 'Bankalı Ltd', title: 'Bankalı Ltd. Şti.', companyType: 'CORPORATION', taxNumber: '1234567890', sectorId: 2, erpType: 'STANDARD', modules: [3, 22], ownerLogin: 'muhasebe' } });
    expect(c.status).toBe(201);
    const rows = await sql<{ n: number }>`select count(*)::int as n from banks where company_id = ${c.body.id}`.execute(t.server.database.db);
    expect(rows.rows[0]!.n).toBe(52);
  });

  it('adds, renames and deletes a bank, and refuses a taken name or EFT code and a bank in use', async () => {
    const a = await api.call('POST', BANKS, { token: owner, body: { name: 'Emlak Katılım Bankası', eftCode: '0211', swift: 'emlktris' } });
    expect(a.status).toBe(201);
    expect(a.body).toMatchObject({ name: 'Emlak Katılım Bankası', eftCode: '0211', ibanCode: '00211', swift: 'EMLKTRIS' });
    const dupName = await api.call('POST', BANKS, { token: owner, body: { name: 'emlak katılım bankası' } });
    expect(dupName.status).toBe(409);
    expect(dupName.body.code).toBe('BANK_NAME_TAKEN');
    const dupCode = await api.call('POST', BANKS, { token: owner, body: { name: 'Başka Banka', eftCode: '0062' } });
    expect(dupCode.status).toBe(409);
    expect(dupCode.body.detail).toBe("0062 EFT kodu 'Türkiye Garanti Bankası A.Ş.' bankasında kayıtlı.");
    expect((await api.call('POST', BANKS, { token: owner, body: { name: '  ' } })).body.fieldErrors[0]).toMatchObject({ field: 'name', message: 'Banka adı zorunludur.' });
    expect((await api.call('POST', BANKS, { token: owner, body: { name: 'Kodlu', eftCode: '62' } })).status).toBe(400);
    const renamed = await api.call('PUT', BANKS, { token: owner, body: { id: a.body.id, name: 'Emlak Katılım', eftCode: '0211' } });
    expect(renamed.body.name).toBe('Emlak Katılım');
    expect((await api.call('DELETE', `${BANKS}/${a.body.id}`, { token: owner })).status).toBe(204);
    expect((await api.call('GET', `${BANKS}/${a.body.id}`, { token: owner })).status).toBe(404);
    // The demo's Garanti account keeps Garanti.
    const inUse = await api.call('DELETE', `${BANKS}/${bankByEft.get('0062')!.id}`, { token: owner });
    expect(inUse.status).toBe(409);
    expect(inUse.body.code).toBe('BANK_IN_USE');
  });

  it('keeps branches: bank and name required, unique per bank, deleted while unused', async () => {
    const akbank = bankByEft.get('0046')!;
    const noName = await api.call('POST', BRANCHES, { token: owner, body: { bankId: akbank.id, name: ' ' } });
    expect(noName.status).toBe(400);
    expect(noName.body.fieldErrors[0]).toMatchObject({ field: 'name', message: 'Şube adı zorunludur.' });
    expect((await api.call('POST', BRANCHES, { token: owner, body: { name: 'Kadıköy' } })).status).toBe(400);
    expect((await api.call('POST', BRANCHES, { token: owner, body: { bankId: 999999, name: 'Kadıköy' } })).body.fieldErrors[0]).toMatchObject({ field: 'bankId', message: 'Banka bulunamadı.' });
    const b = await api.call('POST', BRANCHES, { token: owner, body: { bankId: akbank.id, name: 'Kadıköy Şubesi', code: '0581', cityId: 34, address: 'Caferağa Mah.' } });
    expect(b.status).toBe(201);
    expect(b.body).toMatchObject({ bankId: akbank.id, bankName: akbank.name, name: 'Kadıköy Şubesi', code: '0581', cityId: 34, cityName: 'İstanbul' });
    const dup = await api.call('POST', BRANCHES, { token: owner, body: { bankId: akbank.id, name: 'kadıköy şubesi' } });
    expect(dup.status).toBe(409);
    expect(dup.body.code).toBe('BRANCH_NAME_TAKEN');
    const list = await api.call('GET', `${BRANCHES}?bankId=${akbank.id}`, { token: owner });
    expect(list.body.map((x: { id: number }) => x.id)).toEqual([b.body.id]);
    expect(list.headers.get('x-total-count')).toBe('1');
    const other = await api.call('POST', BRANCHES, { token: owner, body: { bankId: akbank.id, name: 'Geçici Şube' } });
    expect((await api.call('DELETE', `${BRANCHES}/${other.body.id}`, { token: owner })).status).toBe(204);
    // A branch of another bank is refused for an account of this one.
    const garanti = bankByEft.get('0062')!;
    const wrong = await account({ name: 'Yanlış Şube', bankId: garanti.id, branchId: b.body.id });
    expect(wrong.status).toBe(400);
    expect(wrong.body.fieldErrors[0]).toMatchObject({ field: 'branchId', code: 'BRANCH_BANK_MISMATCH' });
  });

  it('opens a lira account with its own 102 sub-account and posts its opening balance against 570', async () => {
    const akbank = bankByEft.get('0046')!;
    const branch = (await api.call('GET', `${BRANCHES}?bankId=${akbank.id}`, { token: owner })).body[0];
    const r = await account({ name: 'Akbank Ticari TL', bankId: akbank.id, branchId: branch.id, iban: AKBANK_IBAN, accountType: 'TRADING', openingBalance: '50000.00', openingDate: '2026-02-01', explanation: 'Ana hesap' });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      name: 'Akbank Ticari TL', bankName: akbank.name, branchName: 'Kadıköy Şubesi', iban: 'TR420004600000461937284550', ibanBankName: 'Akbank T.A.Ş.',
      accountType: 'TRADING', currencyCode: 'TL', openingBalance: 50000, openingDate: '2026-02-01', openingAccount: '570', balance: 50000, balanceFc: null,
      mainAccount: { companyId: cid, currencyId: 1 },
    });
    expect(r.body.accountCode).toMatch(/^102\.\d{2}$/);
    const [e] = await lastEntries(1);
    expect(e).toMatchObject({ sourceKind: 'BANK_ACCOUNT_OPENING', sourceId: String(r.body.id), date: '2026-02-01', total: 50000, explanation: 'Akbank Ticari TL açılış bakiyesi' });
    expect(e.lines.map((l: any) => [l.account, l.debit, l.credit])).toEqual([[r.body.accountCode, 50000, 0], ['570', 0, 50000]]);
    expect(r.body.openingEntryId).toBe(e.id);
    const sub = await api.call('GET', `${ONMUHASEBE}/ledger-accounts?parent=102`, { token: owner });
    expect(sub.body.find((a: { code: string }) => a.code === r.body.accountCode)).toMatchObject({ name: 'Akbank Ticari TL', ownerKind: 'BANK_ACCOUNT', ownerId: r.body.id, balance: 50000 });
    // An account that opens owing (a credit card's debt) is credited; another counter account may be named.
    const card = await account({ name: 'Garanti Şirket Kartı', bankId: bankByEft.get('0062')!.id, accountType: 'CREDIT_CARD', openingBalance: -1250.4, openingDate: '2026-02-01', openingAccount: '580' });
    expect(card.status).toBe(201);
    expect(card.body).toMatchObject({ balance: -1250.4, openingAccount: '580', iban: null });
    // A credit card's debt sits in 309 Diğer Mali Borçlar, not among the banks (102).
    expect(card.body.accountCode).toMatch(/^309\.\d{2}$/);
    expect((await lastEntries(1))[0].lines.map((l: any) => [l.account, l.debit, l.credit])).toEqual([[card.body.accountCode, 0, 1250.4], ['580', 1250.4, 0]]);
    const header = await account({ name: 'Başlığa', bankId: akbank.id, openingBalance: 1, openingDate: '2026-02-01', openingAccount: '10' });
    expect(header.body.fieldErrors[0]).toMatchObject({ field: 'openingAccount', code: 'HEADER_ACCOUNT' });
  });

  it('puts each type of bank account in its place in the chart, and moves it when the type changes before any movement', async () => {
    const garanti = bankByEft.get('0062')!;
    const codes: Record<string, string> = {};
    for (const accountType of ['TRADING', 'CREDIT', 'CREDIT_CARD', 'ONLINE_PAYMENT', 'POS']) {
      const r = await account({ name: `Garanti ${accountType}`, bankId: garanti.id, accountType });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      codes[accountType] = r.body.accountCode.split('.')[0];
    }
    expect(codes).toEqual({ TRADING: '102', CREDIT: '300', CREDIT_CARD: '309', ONLINE_PAYMENT: '108', POS: '108' });
    const pos = (await allAccounts()).find((a) => a.name === 'Garanti POS')! as unknown as { id: number; accountCode: string };
    const moved = await api.call('PUT', ACCOUNTS, { token: owner, body: { id: pos.id, name: 'Garanti POS', bankId: garanti.id, accountType: 'TRADING', currencyId: 1 } });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.accountCode).toMatch(/^102\.\d{2}$/);
    const old = await inCompany(cid, (trx) => trx.selectFrom('ledger_accounts').select('active').where('company_id', '=', cid).where('code', '=', pos.accountCode).executeTakeFirst());
    expect(old).toEqual({ active: false });
    // With a movement (its opening) the type may not move it any more.
    const loan = await account({ name: 'Akbank Kredi', bankId: bankByEft.get('0046')!.id, accountType: 'CREDIT', openingBalance: -100000, openingDate: '2026-02-01', openingAccount: '580' });
    expect(loan.body.accountCode).toMatch(/^300\.\d{2}$/);
    const refused = await api.call('PUT', ACCOUNTS, { token: owner, body: { id: loan.body.id, name: 'Akbank Kredi', bankId: bankByEft.get('0046')!.id, accountType: 'TRADING', currencyId: 1, openingBalance: -100000, openingDate: '2026-02-01', openingAccount: '580' } });
    expect([refused.status, refused.body.code]).toEqual([409, 'BANK_ACCOUNT_HAS_MOVEMENTS']);
  });

  it('checks the IBAN: Turkish, 26 characters, mod-97, and its bank code must be the chosen bank\'s', async () => {
    const garanti = bankByEft.get('0062')!;
    const bad = await account({ name: 'Bozuk', bankId: garanti.id, iban: 'TR810006200000629384710999' });
    expect(bad.status).toBe(400);
    expect(bad.body.fieldErrors[0]).toEqual({ field: 'iban', message: 'IBAN geçersiz: kontrol basamakları tutmuyor.', code: 'IBAN' });
    expect((await account({ name: 'Alman', bankId: garanti.id, iban: 'DE89370400440532013000' })).body.fieldErrors[0].message).toBe("Yalnızca Türkiye IBAN'ı (TR) girilebilir.");
    expect((await account({ name: 'Kısa', bankId: garanti.id, iban: 'TR98000620000062938471099' })).body.fieldErrors[0].message).toBe('IBAN 26 karakter olmalıdır.');
    const mismatch = await account({ name: 'Uyuşmaz', bankId: garanti.id, iban: AKBANK_IBAN });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.fieldErrors[0]).toEqual({
      field: 'iban', code: 'IBAN_BANK_MISMATCH', message: "IBAN'daki banka kodu (00046, Akbank T.A.Ş.) seçilen bankayla (Türkiye Garanti Bankası A.Ş.) uyuşmuyor.",
    });
    // A bank of the company's own without an EFT code takes no IBAN of a listed bank.
    const own = await api.call('POST', BANKS, { token: owner, body: { name: 'Yurt Dışı Bankası' } });
    expect((await account({ name: 'Yurt dışı', bankId: own.body.id, iban: AKBANK_IBAN })).body.fieldErrors[0].code).toBe('IBAN_BANK_MISMATCH');
    // Without a bank, the IBAN names it.
    const named = await account({ name: 'Yapı Kredi Hesabı', iban: YKB_IBAN });
    expect(named.status).toBe(201);
    expect(named.body).toMatchObject({ bankName: 'Yapı ve Kredi Bankası A.Ş.', ibanBankName: 'Yapı ve Kredi Bankası A.Ş.', balance: 0, openingEntryId: null });
    expect((await account({ name: 'Bankasız' })).body.fieldErrors[0]).toMatchObject({ field: 'bankId', message: 'Banka zorunludur.' });
    const taken = await account({ name: 'Aynı IBAN', iban: YKB_IBAN.toLowerCase() });
    expect(taken.status).toBe(409);
    expect(taken.body.code).toBe('IBAN_TAKEN');
    const sameName = await account({ name: 'yapı kredi hesabı', bankId: garanti.id });
    expect(sameName.status).toBe(409);
    expect(sameName.body.code).toBe('BANK_ACCOUNT_NAME_TAKEN');
  });

  it('refuses an opening balance of three decimals, and posts nothing for zero', async () => {
    const garanti = bankByEft.get('0062')!;
    for (const openingBalance of ['100.005', 100.005]) {
      const r = await account({ name: 'Üç hane', bankId: garanti.id, openingBalance, openingDate: '2026-02-01' });
      expect(r.status).toBe(400);
    }
    const before = (await lastEntries(1))[0].id;
    const zero = await account({ name: 'Sıfır', bankId: garanti.id, openingBalance: 0 });
    expect(zero.status).toBe(201);
    expect(zero.body).toMatchObject({ balance: 0, openingEntryId: null, openingDate: null });
    expect((await lastEntries(1))[0].id).toBe(before);
    // A date outside every fiscal year leaves nothing behind.
    const count = (await allAccounts()).length;
    const noYear = await account({ name: 'Geçen yıl', bankId: garanti.id, openingBalance: 10, openingDate: '2025-06-30' });
    expect(noYear.status).toBe(400);
    expect(noYear.body.code).toBe('FISCAL_YEAR_NOT_FOUND');
    expect((await allAccounts()).length).toBe(count);
  });

  it('opens a dollar account at the rate given or the stored TCMB rate, and refuses when there is neither', async () => {
    const isb = bankByEft.get('0064')!;
    const none = await account({ name: 'İş USD 2', bankId: isb.id, currencyId: 2, openingBalance: 1000, openingDate: '2026-02-03' });
    expect(none.status).toBe(400);
    expect(none.body.fieldErrors[0]).toEqual({ field: 'openingRate', code: 'RATE_REQUIRED', message: '2026-02-03 tarihi için TCMB USD kuru kayıtlı değil; kuru girin.' });
    await sql`insert into exchange_rates (rate_date, currency_code, unit, name, forex_buying, forex_selling, bulletin_date, source)
      values ('2026-02-03', 'USD', 1, 'ABD DOLARI', 43.1234, 43.2011, '2026-02-03', 'sandbox')`.execute(t.server.database.db);
    const stored = await account({ name: 'İş USD 2', bankId: isb.id, currencyId: 2, openingBalance: '1000.50', openingDate: '2026-02-03' });
    expect(stored.status).toBe(201);
    expect(stored.body).toMatchObject({ currencyCode: 'USD', openingRate: 43.1234, balanceFc: 1000.5, balance: 43144.96 });
    const [e] = await lastEntries(1);
    expect(e.lines[0]).toMatchObject({ account: stored.body.accountCode, debit: 43144.96, currencyId: 2, amountFc: 1000.5, rate: 43.1234 });
    expect(e.lines[1]).toMatchObject({ account: '570', credit: 43144.96, currencyId: 1, amountFc: null });
    const given = await account({ name: 'İş USD 3', bankId: isb.id, currencyId: 2, openingBalance: 200, openingDate: '2026-02-04', openingRate: '40.5' });
    expect(given.body).toMatchObject({ balance: 8100, balanceFc: 200, openingRate: 40.5 });
    // Its opening changes: the old entry is reversed, the new one posted (the stored rate kept for the same day).
    const put = await api.call('PUT', ACCOUNTS, { token: owner, body: { id: stored.body.id, name: 'İş USD 2', bankId: isb.id, currencyId: 2, openingBalance: 2000, openingDate: '2026-02-03' } });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ balanceFc: 2000, balance: 86246.8, openingRate: 43.1234 });
    const entries = (await api.call('GET', `${ONMUHASEBE}/journal-entries?sort=id,desc&size=3`, { token: owner })).body;
    expect(entries.map((x: any) => [x.sourceKind, x.sourceId, x.reversesId !== null, x.total])).toEqual([
      ['BANK_ACCOUNT_OPENING', String(stored.body.id), false, 86246.8],
      ['BANK_ACCOUNT_OPENING', String(stored.body.id), true, 43144.96],
      ['BANK_ACCOUNT_OPENING', String(given.body.id), false, 8100],
    ]);
    await inCompany(cid, (trx) => assertBooksBalance(trx, cid, [
      { account: stored.body.accountCode, balance: put.body.balance, what: 'USD account in lira' },
      { account: given.body.accountCode, balance: given.body.balance, what: 'second USD account' },
    ]));
  });

  it('answers the movements with the balance after each, and keeps an account with movements from deletion', async () => {
    const garanti = bankByEft.get('0062')!;
    const a = (await account({ name: 'Hareketli', bankId: garanti.id, iban: GARANTI_IBAN_2, openingBalance: 1000, openingDate: '2026-03-01' })).body;
    const manual = (date: string, debit: string, credit: string, amount: number) => api.call('POST', `${ONMUHASEBE}/journal-entries`, {
      token: owner, body: { date, explanation: `Banka ${date}`, lines: [{ account: debit, debit: amount }, { account: credit, credit: amount }] },
    });
    expect((await manual('2026-03-05', a.accountCode, '600', 250.25)).status).toBe(201);
    expect((await manual('2026-03-09', '770', a.accountCode, 100)).status).toBe(201);
    expect((await manual('2026-03-07', a.accountCode, '600', 50)).status).toBe(201);
    const asc = await api.call('GET', `${ACCOUNTS}/${a.id}/movements?sort=date,asc`, { token: owner });
    expect(asc.status).toBe(200);
    expect(asc.headers.get('x-total-count')).toBe('4');
    expect(asc.body.map((m: any) => [m.date, m.debit, m.credit, m.balance])).toEqual([
      ['2026-03-01', 1000, 0, 1000], ['2026-03-05', 250.25, 0, 1250.25], ['2026-03-07', 50, 0, 1300.25], ['2026-03-09', 0, 100, 1200.25],
    ]);
    expect(asc.body[0]).toMatchObject({ sourceKind: 'BANK_ACCOUNT_OPENING', explanation: 'Hareketli açılış bakiyesi', balanceFc: null });
    const newest = await api.call('GET', `${ACCOUNTS}/${a.id}/movements?size=2`, { token: owner });
    expect(newest.body.map((m: any) => m.balance)).toEqual([1200.25, 1300.25]);
    const ranged = await api.call('GET', `${ACCOUNTS}/${a.id}/movements?startDate=2026-03-06&endDate=2026-03-08`, { token: owner });
    expect(ranged.headers.get('x-total-count')).toBe('1');
    expect(ranged.body[0]).toMatchObject({ date: '2026-03-07', balance: 1300.25 });
    expect((await api.call('GET', `${ACCOUNTS}/${a.id}`, { token: owner })).body.balance).toBe(1200.25);

    const refused = await api.call('DELETE', `${ACCOUNTS}/${a.id}`, { token: owner });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'BANK_ACCOUNT_HAS_MOVEMENTS', detail: 'Bu banka hesabının açılış bakiyesi dışında 3 hareketi var; silinemez. Önce hareketleri iptal edin.' });
    const currency = await api.call('PUT', ACCOUNTS, { token: owner, body: { id: a.id, name: 'Hareketli', bankId: garanti.id, iban: GARANTI_IBAN_2, currencyId: 3, openingBalance: 1000, openingDate: '2026-03-01', openingRate: 50 } });
    expect(currency.status).toBe(409);
    expect(currency.body.code).toBe('BANK_ACCOUNT_HAS_MOVEMENTS');
    // Renamed: its ledger sub-account follows.
    const renamed = await api.call('PUT', ACCOUNTS, { token: owner, body: { id: a.id, name: 'Garanti İkinci Hesap', bankId: garanti.id, iban: GARANTI_IBAN_2, currencyId: 1, openingBalance: 1000, openingDate: '2026-03-01' } });
    expect(renamed.status).toBe(200);
    expect(renamed.body.openingEntryId).toBe(a.openingEntryId);
    const sub = (await api.call('GET', `${ONMUHASEBE}/ledger-accounts?parent=102`, { token: owner })).body.find((x: { code: string }) => x.code === a.accountCode);
    expect(sub.name).toBe('Garanti İkinci Hesap');
  });

  it('deletes an account with only its opening: the opening reversed, its ledger account inactive; after an opening change too', async () => {
    const halk = bankByEft.get('0012')!;
    const a = (await account({ name: 'Silinecek', bankId: halk.id, openingBalance: 700, openingDate: '2026-04-01' })).body;
    await api.call('PUT', ACCOUNTS, { token: owner, body: { id: a.id, name: 'Silinecek', bankId: halk.id, currencyId: 1, openingBalance: 900, openingDate: '2026-04-02' } });
    const del = await api.call('DELETE', `${ACCOUNTS}/${a.id}`, { token: owner });
    expect(del.status).toBe(204);
    expect((await api.call('GET', `${ACCOUNTS}/${a.id}`, { token: owner })).status).toBe(404);
    const entries = (await api.call('GET', `${ONMUHASEBE}/journal-entries?account=${a.accountCode}&sort=id,asc&size=10`, { token: owner })).body;
    expect(entries.map((e: any) => [e.date, e.total, e.reversesId !== null])).toEqual([['2026-04-01', 700, false], ['2026-04-01', 700, true], ['2026-04-02', 900, false], ['2026-04-02', 900, true]]);
    const acc = await sql<{ active: boolean }>`select active from ledger_accounts where company_id = ${cid} and code = ${a.accountCode}`.execute(t.server.database.db);
    expect(acc.rows[0]!.active).toBe(false);
    const list = await api.call('GET', `${ONMUHASEBE}/ledger-accounts?parent=102`, { token: owner });
    expect(list.body.map((x: { code: string }) => x.code)).not.toContain(a.accountCode);
    // Its opening set to zero instead: reversed and nothing new posted.
    const b = (await account({ name: 'Sıfırlanan', bankId: halk.id, openingBalance: 300, openingDate: '2026-04-03' })).body;
    const zeroed = await api.call('PUT', ACCOUNTS, { token: owner, body: { id: b.id, name: 'Sıfırlanan', bankId: halk.id, currencyId: 1, openingBalance: 0 } });
    expect(zeroed.body).toMatchObject({ balance: 0, openingEntryId: null, openingAccount: null });
  });

  it("keeps another company's banks, branches and accounts out of reach (404)", async () => {
    const other = await api.signIn('eczaci');
    const mine = (await allAccounts())[0]!;
    const id = (mine as unknown as { id: number }).id;
    for (const [method, path] of [['GET', `${ACCOUNTS}/${id}`], ['DELETE', `${ACCOUNTS}/${id}`], ['GET', `${ACCOUNTS}/${id}/movements`], ['GET', `${BANKS}/${bankByEft.get('0062')!.id}`], ['DELETE', `${BANKS}/${bankByEft.get('0062')!.id}`]] as const) {
      const r = await api.call(method, path, { token: other });
      expect([path, r.status]).toEqual([path, 404]);
    }
    const branch = (await api.call('GET', `${BRANCHES}?size=1`, { token: owner })).body[0];
    expect((await api.call('GET', `${BRANCHES}/${branch.id}`, { token: other })).status).toBe(404);
    const put = await api.call('PUT', ACCOUNTS, { token: other, body: { id, name: 'Ele geçir', currencyId: 1, bankId: bankByEft.get('0062')!.id } });
    expect(put.status).toBe(404);
    // Their own list shows only their accounts: the pharmacy's two demo accounts.
    const theirs = await allAccounts(other);
    expect(theirs.map((a) => a.name).sort()).toEqual(['Vakıfbank POS Hesabı', 'Ziraat Bankası Vadesiz TL']);
    expect((await api.call('POST', ACCOUNTS, { token: other, body: { name: 'Yabancı banka', currencyId: 1, bankId: bankByEft.get('0062')!.id } })).body.fieldErrors[0].field).toBe('bankId');
  });

  it('shows balances that are the ledger: the trial balance of 102 is the sum of the accounts, on both demo companies', async () => {
    for (const [login, companyId] of [['muhasebe', cid], ['eczaci', cidOf(await api.signIn('eczaci'))]] as const) {
      const token = await api.signIn(login);
      const accounts = await allAccounts(token);
      const tb = await api.call('GET', `${ONMUHASEBE}/trial-balance?startDate=2026-01-01&endDate=2026-12-31&level=3`, { token });
      const row = tb.body.rows.find((r: { code: string }) => r.code === '102');
      const sum = accounts.filter((a) => a.accountCode.startsWith('102.')).reduce((s, a) => s.plus(a.balance), new Decimal(0));
      expect(new Decimal(row.debitBalance).minus(row.creditBalance).eq(sum), `${login}: 102 ${row.debitBalance}/${row.creditBalance}, accounts ${sum}`).toBe(true);
      await inCompany(companyId, (trx) => assertBooksBalance(trx, companyId, [
        ...accounts.map((a) => ({ account: a.accountCode, balance: a.balance, what: `${login} ${a.name}` })),
        { account: '102', balance: sum.toString(), what: `${login} all bank accounts` },
      ]));
    }
    const demo = (await allAccounts()).find((a) => a.name === 'İş Bankası USD Hesabı')!;
    expect(demo).toMatchObject({ balanceFc: 12500, balance: 537343.75 });
    const derived = await derivedBalances();
    await inCompany(cid, async (trx) => assertBooksBalance(trx, cid, derived));
  });
});
