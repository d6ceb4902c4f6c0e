import Decimal from 'decimal.js';
import { underAccount } from '../ledger/reports';
import { sql } from 'kysely';
import { DEFAULT_CURRENCY_ID } from '@tezgah/core';
import { problems } from '@tezgah/server';
import { accountsByCode, ownAccount, type LedgerDb } from '../ledger/accounts';
import { balances, otherMovements } from '../ledger/money';
import { isDay, money, post, reverse } from '../ledger/posting';
import { checkedIban, directoryBank, ibanBankCode } from './directory';
import { currencyOf, inLira, liraRate, type CurrencyRef } from './rates';

/** What a bank account's opening balance is set against unless the request names another account. */
export const OPENING_COUNTER_ACCOUNT = '570';
export const OPENING_SOURCE = 'BANK_ACCOUNT_OPENING';
export const ACCOUNT_TYPES = ['TRADING', 'CREDIT', 'CREDIT_CARD', 'ONLINE_PAYMENT', 'POS'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

/**
 * Where a bank account's own sub-account sits in the uniform chart, by its type: a current
 * account with the bank in 102 Bankalar; a loan (or overdraft) account in 300 Banka Kredileri; a
 * company credit card's debt in 309 Diğer Mali Borçlar; card takings not yet settled by the bank
 * (a POS account, an online payment account) in 108 Diğer Hazır Değerler.
 */
export const LEDGER_PARENT: Record<AccountType, string> = { TRADING: '102', CREDIT: '300', CREDIT_CARD: '309', ONLINE_PAYMENT: '108', POS: '108' };

export interface BankAccountRow {
  id: number; company_id: number; name: string; bank_id: number; bank_name: string; bank_eft_code: string | null; branch_id: number | null;
  branch_name: string | null; account_type: string; iban: string | null; account_no: string | null; account_code: string; currency_id: number;
  currency_code: string; currency_symbol: string | null; opening_balance: string; opening_date: string | null; opening_rate: string | null;
  opening_account: string | null; opening_entry_id: number | null; explanation: string | null; created_by: string | null;
}

export function bankAccounts(d: LedgerDb, companyId: number) {
  return d.selectFrom('bank_accounts as a')
    .innerJoin('banks as b', (j) => j.onRef('b.company_id', '=', 'a.company_id').onRef('b.id', '=', 'a.bank_id'))
    .leftJoin('bank_branches as br', (j) => j.onRef('br.company_id', '=', 'a.company_id').onRef('br.id', '=', 'a.branch_id'))
    .innerJoin('currencies as cu', 'cu.id', 'a.currency_id')
    .where('a.company_id', '=', companyId);
}
export const ACCOUNT_COLUMNS = [
  'a.id', 'a.company_id', 'a.name', 'a.bank_id', 'b.name as bank_name', 'b.eft_code as bank_eft_code', 'a.branch_id', 'br.name as branch_name',
  'a.account_type', 'a.iban', 'a.account_no', 'a.account_code', 'a.currency_id', 'cu.code as currency_code', 'cu.symbol as currency_symbol',
  'a.opening_balance', 'a.opening_date', 'a.opening_rate', 'a.opening_account', 'a.opening_entry_id', 'a.explanation', 'a.created_by',
] as const;

export async function bankAccountRow(d: LedgerDb, companyId: number, id: number, forUpdate = false): Promise<BankAccountRow | undefined> {
  let q = bankAccounts(d, companyId).select(ACCOUNT_COLUMNS).where('a.id', '=', id);
  if (forUpdate) q = q.forUpdate('a');
  return q.executeTakeFirst() as Promise<BankAccountRow | undefined>;
}

const num = (v: string | null) => (v === null ? null : new Decimal(v).toNumber());

export async function bankAccountViews(d: LedgerDb, companyId: number, rows: BankAccountRow[]) {
  const b = await balances(d, companyId, rows.map((r) => r.account_code));
  const names = new Map<string, string>();
  for (const code of new Set(rows.map((r) => r.iban ? ibanBankCode(r.iban) : null).filter((x): x is string => x !== null))) {
    const found = await directoryBank(d, code);
    if (found) names.set(code, found.name);
  }
  return rows.map((a) => {
    const x = b.get(a.account_code) ?? { lira: new Decimal(0), fc: new Decimal(0) };
    const foreign = a.currency_id !== DEFAULT_CURRENCY_ID;
    return {
      id: a.id, name: a.name, bankId: a.bank_id, bankName: a.bank_name, branchId: a.branch_id, branchName: a.branch_name,
      accountType: a.account_type, iban: a.iban, ibanBankName: a.iban ? names.get(ibanBankCode(a.iban)) ?? null : null, accountNo: a.account_no,
      accountCode: a.account_code, currencyId: a.currency_id, currencyCode: a.currency_code, currencySymbol: a.currency_symbol,
      openingBalance: new Decimal(a.opening_balance).toNumber(), openingDate: a.opening_date, openingRate: num(a.opening_rate),
      openingAccount: a.opening_account, openingEntryId: a.opening_entry_id, explanation: a.explanation,
      balance: x.lira.toNumber(), balanceFc: foreign ? x.fc.toNumber() : null,
      mainAccount: { companyId: a.company_id, currencyId: a.currency_id, currencySymbol: a.currency_symbol },
    };
  });
}

export interface BankAccountInput {
  name: string; bankId?: number | null; branchId?: number | null; accountType?: string | null; iban?: string | null; accountNo?: string | null;
  currencyId: number; openingBalance?: number | string | null; openingDate?: string | null; openingRate?: number | string | null;
  openingAccount?: string | null; explanation?: string | null;
}

interface Clean {
  name: string; bankId: number; branchId: number | null; accountType: string; iban: string | null; accountNo: string | null;
  currency: CurrencyRef; opening: Decimal; openingDate: string | null; counter: string; explanation: string | null;
}

/**
 * Checks a bank account's fields. The bank: the one chosen, or the one the IBAN names (from the
 * company's list, added to it from the TBB list when the company has no such bank). An IBAN must
 * be Turkish, 26 characters, pass mod-97, and carry the chosen bank's code: naming another bank
 * of the list, or a bank code the chosen bank does not have, is a 400.
 */
async function clean(d: LedgerDb, companyId: number, b: BankAccountInput, today: string, exceptId?: number): Promise<Clean> {
  const name = b.name.trim();
  if (!name) throw problems.invalidField('name', 'Banka hesabı adı zorunludur.', 'REQUIRED');
  let same = d.selectFrom('bank_accounts').select('id').where('company_id', '=', companyId).where(sql<string>`lower(name)`, '=', sql<string>`lower(${name}::text)`);
  if (exceptId) same = same.where('id', '<>', exceptId);
  if (await same.executeTakeFirst()) throw problems.conflict('Bu isimde bir banka hesabı zaten var.', 'BANK_ACCOUNT_NAME_TAKEN', 'name');
  const currency = await currencyOf(d, b.currencyId);

  const iban = b.iban?.trim() ? checkedIban(b.iban) : null;
  const ibanBank = iban ? await directoryBank(d, ibanBankCode(iban)) : undefined;
  let bank: { id: number; name: string; eft_code: string | null } | undefined;
  if (b.bankId != null) {
    bank = await d.selectFrom('banks').select(['id', 'name', 'eft_code']).where('company_id', '=', companyId).where('id', '=', b.bankId).executeTakeFirst();
    if (!bank) throw problems.invalidField('bankId', 'Banka bulunamadı.', 'BANK_NOT_FOUND');
  } else if (iban) {
    const code = ibanBankCode(iban);
    if (!ibanBank) throw problems.invalidField('bankId', `IBAN'daki banka kodu (${code}) banka listesinde yok; bankayı seçin.`, 'REQUIRED');
    bank = await d.selectFrom('banks').select(['id', 'name', 'eft_code']).where('company_id', '=', companyId).where('eft_code', '=', ibanBank.eftCode).executeTakeFirst();
    if (!bank) {
      // The company deleted this bank of the list (or never had it): it comes back from the list.
      const named = await d.selectFrom('banks').select('id').where('company_id', '=', companyId).where(sql<string>`lower(name)`, '=', sql<string>`lower(${ibanBank.name}::text)`).executeTakeFirst();
      if (named) throw problems.invalidField('bankId', `'${ibanBank.name}' adında EFT kodu farklı bir banka kayıtlı; bankayı seçin.`, 'REQUIRED');
      bank = await d.insertInto('banks').values({ company_id: companyId, name: ibanBank.name, eft_code: ibanBank.eftCode, swift: ibanBank.swift })
        .returning(['id', 'name', 'eft_code']).executeTakeFirstOrThrow();
    }
  } else {
    throw problems.invalidField('bankId', 'Banka zorunludur.', 'REQUIRED');
  }
  if (iban) {
    const code = ibanBankCode(iban);
    const expected = bank.eft_code ? `0${bank.eft_code}` : null;
    if (expected ? expected !== code : ibanBank !== undefined) {
      const whose = ibanBank ? `${code}, ${ibanBank.name}` : code;
      throw problems.invalidField('iban', `IBAN'daki banka kodu (${whose}) seçilen bankayla (${bank.name}) uyuşmuyor.`, 'IBAN_BANK_MISMATCH');
    }
    let taken = d.selectFrom('bank_accounts').select('name').where('company_id', '=', companyId).where('iban', '=', iban);
    if (exceptId) taken = taken.where('id', '<>', exceptId);
    const other = await taken.executeTakeFirst();
    if (other) throw problems.conflict(`Bu IBAN '${other.name}' banka hesabında kayıtlı.`, 'IBAN_TAKEN', 'iban');
  }
  let branchId: number | null = null;
  if (b.branchId != null) {
    const br = await d.selectFrom('bank_branches').select(['id', 'bank_id']).where('company_id', '=', companyId).where('id', '=', b.branchId).executeTakeFirst();
    if (!br) throw problems.invalidField('branchId', 'Şube bulunamadı.', 'BRANCH_NOT_FOUND');
    if (br.bank_id !== bank.id) throw problems.invalidField('branchId', `Şube, seçilen bankanın (${bank.name}) şubesi değil.`, 'BRANCH_BANK_MISMATCH');
    branchId = br.id;
  }
  const accountType = b.accountType ?? 'TRADING';
  if (!(ACCOUNT_TYPES as readonly string[]).includes(accountType)) throw problems.invalidField('accountType', 'Hesap türü geçersiz.', 'ENUM');

  const opening = b.openingBalance == null ? new Decimal(0) : money(b.openingBalance, 'openingBalance');
  const openingDate = opening.isZero() ? (b.openingDate ?? null) : (b.openingDate ?? today);
  if (openingDate !== null && !isDay(openingDate)) throw problems.invalidField('openingDate', 'Geçerli bir açılış tarihi girin (YYYY-AA-GG).', 'DATE');
  const counter = b.openingAccount?.trim() || OPENING_COUNTER_ACCOUNT;
  if (!opening.isZero()) {
    const a = (await accountsByCode(d, companyId, [counter])).get(counter);
    if (!a || !a.active) throw problems.invalidField('openingAccount', `${counter} hesabı hesap planında yok.`, 'ACCOUNT_NOT_FOUND');
    if (a.header || !a.postable) throw problems.invalidField('openingAccount', `${a.code} ${a.name} bir başlık hesabıdır; alt hesaplarından birini seçin.`, 'HEADER_ACCOUNT');
    if (a.ownerKind === 'BANK_ACCOUNT' && a.ownerId === exceptId) throw problems.invalidField('openingAccount', 'Açılış bakiyesi hesabın kendisine karşı girilemez.', 'SAME_ACCOUNT');
  }
  return {
    name, bankId: bank.id, branchId, accountType, iban, accountNo: b.accountNo?.trim() || null, currency, opening, openingDate, counter,
    explanation: b.explanation?.trim() || null,
  };
}

/**
 * Posts an opening balance: debit the account (credit it when the balance is minus: an account
 * that opens owing), the other side on the counter account; a foreign-currency account's line
 * carries the amount in its currency and the rate.
 */
async function postOpening(d: LedgerDb, companyId: number, o: { id: number; name: string; accountCode: string; currency: CurrencyRef; amount: Decimal; date: string; rate: Decimal | null; counter: string; createdBy: string | null }) {
  const lira = inLira(o.amount.abs(), o.rate);
  if (lira.isZero()) throw problems.invalidField('openingBalance', 'Açılış bakiyesinin TL karşılığı sıfır olamaz.', 'AMOUNT');
  const side = o.amount.isPositive() ? 'debit' : 'credit';
  const other = side === 'debit' ? 'credit' : 'debit';
  const posted = await post(d, companyId, {
    date: o.date, explanation: `${o.name} açılış bakiyesi`, source: { kind: OPENING_SOURCE, id: o.id }, createdBy: o.createdBy,
    lines: [
      { account: o.accountCode, [side]: lira, ...(o.rate ? { currencyId: o.currency.id, amountFc: o.amount.abs(), rate: o.rate } : {}) },
      { account: o.counter, [other]: lira },
    ],
  });
  return posted.id;
}

/** Reverses an opening entry unless it was reversed already (by hand, from the journal). */
async function reverseOpening(d: LedgerDb, companyId: number, entryId: number | null, explanation: string, createdBy: string | null) {
  if (entryId === null) return;
  const done = await d.selectFrom('journal_entries').select('id').where('company_id', '=', companyId).where('reverses_id', '=', entryId).executeTakeFirst();
  if (!done) await reverse(d, companyId, entryId, { explanation, createdBy });
}

export async function createBankAccount(d: LedgerDb, companyId: number, input: BankAccountInput, o: { today: string; createdBy: string | null }): Promise<number> {
  const v = await clean(d, companyId, input, o.today);
  const { id } = (await sql<{ id: string }>`select nextval('bank_accounts_id_seq')::text as id`.execute(d)).rows[0]!;
  const bankAccountId = Number(id);
  const code = await ownAccount(d, companyId, { parent: LEDGER_PARENT[v.accountType as AccountType], kind: 'BANK_ACCOUNT', ownerId: bankAccountId, name: v.name, currencyId: v.currency.id, width: 2 });
  let entryId: number | null = null;
  let rate: Decimal | null = null;
  if (!v.opening.isZero()) {
    rate = await liraRate(d, v.openingDate!, v.currency, input.openingRate, 'openingRate');
    entryId = await postOpening(d, companyId, { id: bankAccountId, name: v.name, accountCode: code, currency: v.currency, amount: v.opening, date: v.openingDate!, rate, counter: v.counter, createdBy: o.createdBy });
  }
  await d.insertInto('bank_accounts').values({
    company_id: companyId, id: bankAccountId, name: v.name, bank_id: v.bankId, branch_id: v.branchId, account_type: v.accountType, iban: v.iban,
    account_no: v.accountNo, account_code: code, currency_id: v.currency.id, opening_balance: v.opening.toFixed(2), opening_date: v.openingDate,
    opening_rate: rate?.toString() ?? null, opening_account: entryId ? v.counter : null, opening_entry_id: entryId, explanation: v.explanation,
    created_by: o.createdBy,
  }).execute();
  return bankAccountId;
}

/**
 * Changes a bank account. A change of its opening balance (amount, date, rate, counter account,
 * or currency) reverses the opening entry and posts the new one; the currency changes only while
 * the account has no other movements. Its ledger sub-account follows its name and currency.
 */
export async function updateBankAccount(d: LedgerDb, companyId: number, id: number, input: BankAccountInput, o: { today: string; createdBy: string | null }): Promise<void> {
  const a = await bankAccountRow(d, companyId, id, true);
  if (!a) throw problems.notFound('Banka hesabı');
  const v = await clean(d, companyId, { ...input, openingDate: input.openingDate ?? a.opening_date }, o.today, id);
  const currencyChanged = v.currency.id !== a.currency_id;
  if (currencyChanged && await otherMovements(d, companyId, a.account_code, OPENING_SOURCE, a.id) > 0) {
    throw problems.conflict('Hareketi olan bir banka hesabının para birimi değiştirilemez.', 'BANK_ACCOUNT_HAS_MOVEMENTS', 'currencyId');
  }
  // A type whose ledger place differs (a current account becoming a credit card) moves its sub-account, only while it has no lines at all.
  let accountCode = a.account_code;
  const parent = LEDGER_PARENT[v.accountType as AccountType];
  if (!a.account_code.startsWith(`${parent}.`)) {
    const lines = await d.selectFrom('journal_lines').select('id').where('company_id', '=', companyId).where('account_code', '=', a.account_code).limit(1).executeTakeFirst();
    if (lines) {
      throw problems.conflict(`Hareketi olan bir banka hesabının türü, muhasebe hesabını (${a.account_code.split('.')[0]} → ${parent}) değiştireceği için değiştirilemez.`, 'BANK_ACCOUNT_HAS_MOVEMENTS', 'accountType');
    }
    await d.updateTable('ledger_accounts').set({ active: false }).where('company_id', '=', companyId).where('code', '=', a.account_code).execute();
    accountCode = await ownAccount(d, companyId, { parent, kind: 'BANK_ACCOUNT', ownerId: id, name: v.name, currencyId: v.currency.id, width: 2 });
    // Back to a type it had before: its earlier sub-account is taken up again.
    await d.updateTable('ledger_accounts').set({ active: true }).where('company_id', '=', companyId).where('code', '=', accountCode).execute();
  }
  const before = new Decimal(a.opening_balance);
  const givenRate = input.openingRate == null ? null : new Decimal(String(input.openingRate));
  const openingChanged = currencyChanged || !v.opening.eq(before)
    || (!v.opening.isZero() && (v.openingDate !== a.opening_date || v.counter !== (a.opening_account ?? OPENING_COUNTER_ACCOUNT)
      || (givenRate !== null && !givenRate.eq(a.opening_rate ?? 0))));
  let entryId = a.opening_entry_id;
  let rate: Decimal | null = a.opening_rate === null ? null : new Decimal(a.opening_rate);
  let counter = a.opening_account;
  if (openingChanged) {
    await reverseOpening(d, companyId, a.opening_entry_id, `${a.name} açılış bakiyesi değişti`, o.createdBy);
    entryId = null;
    rate = null;
    counter = null;
    if (!v.opening.isZero()) {
      const keepRate = !currencyChanged && v.openingDate === a.opening_date && a.opening_rate !== null ? a.opening_rate : null;
      rate = await liraRate(d, v.openingDate!, v.currency, input.openingRate ?? keepRate, 'openingRate');
      entryId = await postOpening(d, companyId, { id, name: v.name, accountCode, currency: v.currency, amount: v.opening, date: v.openingDate!, rate, counter: v.counter, createdBy: o.createdBy });
      counter = v.counter;
    }
  }
  await d.updateTable('bank_accounts').set({
    name: v.name, bank_id: v.bankId, branch_id: v.branchId, account_type: v.accountType, iban: v.iban, account_no: v.accountNo, account_code: accountCode,
    currency_id: v.currency.id, opening_balance: v.opening.toFixed(2), opening_date: v.openingDate, opening_rate: rate?.toString() ?? null,
    opening_account: counter, opening_entry_id: entryId, explanation: v.explanation,
  }).where('company_id', '=', companyId).where('id', '=', id).execute();
  await d.updateTable('ledger_accounts').set({ name: v.name, currency_id: v.currency.id }).where('company_id', '=', companyId).where('code', '=', accountCode).execute();
}

/**
 * Deletes a bank account that has no movements but its opening balance: the opening is
 * reversed, the row goes, its ledger sub-account stays (its lines are history) but inactive.
 */
export async function deleteBankAccount(d: LedgerDb, companyId: number, id: number, createdBy: string | null): Promise<BankAccountRow> {
  const a = await bankAccountRow(d, companyId, id, true);
  if (!a) throw problems.notFound('Banka hesabı');
  const n = await otherMovements(d, companyId, a.account_code, OPENING_SOURCE, a.id);
  if (n > 0) {
    throw problems.conflict(`Bu banka hesabının açılış bakiyesi dışında ${n} hareketi var; silinemez. Önce hareketleri iptal edin.`, 'BANK_ACCOUNT_HAS_MOVEMENTS');
  }
  // Cheques deposited to it, paid from it or drawn on it, now or in their history (cheques area).
  const cheques = await sql<{ n: number }>`select (select count(*) from cheques where company_id = ${companyId} and bank_account_id = ${id})::int
      + (select count(*) from cheque_events where company_id = ${companyId} and bank_account_id = ${id})::int as n`.execute(d);
  if ((cheques.rows[0]?.n ?? 0) > 0) {
    throw problems.conflict('Bu banka hesabı çek kayıtlarında kullanılıyor; silinemez.', 'BANK_ACCOUNT_IN_USE');
  }
  await reverseOpening(d, companyId, a.opening_entry_id, `${a.name} silindi: açılış bakiyesi iptal`, createdBy);
  await d.deleteFrom('bank_accounts').where('company_id', '=', companyId).where('id', '=', id).execute();
  await d.updateTable('ledger_accounts').set({ active: false }).where('company_id', '=', companyId).where('code', '=', a.account_code).execute();
  return a;
}

/** A movement of the account as the bank statement screen shows it. */
export interface MovementRow {
  id: number; entry_id: number; entry_no: number; entry_date: string; explanation: string; source_kind: string; source_id: string;
  debit: string; credit: string; currency_id: number; amount_fc: string | null; rate: string | null; running: string; running_fc: string;
}

/**
 * The lines of the account (and any sub-accounts) with the balance after each, in the order of
 * the books (date, entry number, line): paged, newest or oldest first.
 */
export async function movements(d: LedgerDb, companyId: number, code: string, f: { startDate?: string | undefined; endDate?: string | undefined }, page: { limit: number; offset: number; desc: boolean }) {
  if (f.startDate && !isDay(f.startDate)) throw problems.invalidField('startDate', 'Geçerli bir başlangıç tarihi girin.', 'DATE');
  if (f.endDate && !isDay(f.endDate)) throw problems.invalidField('endDate', 'Geçerli bir bitiş tarihi girin.', 'DATE');
  if (f.startDate && f.endDate && f.endDate < f.startDate) throw problems.invalidField('endDate', 'Bitiş tarihi başlangıçtan önce olamaz.', 'DATE_RANGE');
  const under = underAccount('l.account_code', code);
  const upTo = f.endDate ? sql`and l.entry_date <= ${f.endDate}` : sql``;
  const from = f.startDate ? sql`where x.entry_date >= ${f.startDate}` : sql``;
  const dir = page.desc ? sql`desc` : sql`asc`;
  const rows = await sql<MovementRow>`
    select x.* from (
      select l.id, l.entry_id, e.entry_no, to_char(l.entry_date, 'YYYY-MM-DD') as entry_date, coalesce(l.explanation, e.explanation) as explanation,
             e.source_kind, e.source_id, l.debit::text as debit, l.credit::text as credit, l.currency_id, l.amount_fc::text as amount_fc, l.rate::text as rate,
             (sum(l.debit - l.credit) over w)::text as running,
             (sum(case when l.currency_id = ${DEFAULT_CURRENCY_ID} or l.amount_fc is null then 0 when l.debit > 0 then l.amount_fc else -l.amount_fc end) over w)::text as running_fc
        from journal_lines l join journal_entries e on e.company_id = l.company_id and e.id = l.entry_id
       where l.company_id = ${companyId} and ${under} ${upTo}
      window w as (order by l.entry_date, e.entry_no, l.id)) x
    ${from}
    order by x.entry_date ${dir}, x.entry_no ${dir}, x.id ${dir}
    limit ${page.limit} offset ${page.offset}`.execute(d);
  const count = await sql<{ n: number }>`select count(*)::int as n from journal_lines l
    where l.company_id = ${companyId} and ${under} ${upTo} ${f.startDate ? sql`and l.entry_date >= ${f.startDate}` : sql``}`.execute(d);
  return { rows: rows.rows, total: count.rows[0]?.n ?? 0 };
}
