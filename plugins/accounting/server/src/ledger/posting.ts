import Decimal from 'decimal.js';
import { sql } from 'kysely';
import { Problem, problems } from '@tezgah/server';
import { accountsByCode, type LedgerDb } from './accounts';
import { currentAccount } from './money';

/** An amount as the API carries it (a JSON number or a decimal string) or as code holds it. */
export type Amount = string | number | Decimal;

export interface PostingLine {
  /** A postable account of the company's chart (a leaf: 100.01, 600, 191 …). */
  account: string;
  debit?: Amount | null;
  credit?: Amount | null;
  /** The line's own currency when it is not the lira: its amount in that currency and the rate. */
  currencyId?: number | null;
  amountFc?: Amount | null;
  rate?: Amount | null;
  explanation?: string | null;
}

export interface PostingEntry {
  /** The entry's date, YYYY-MM-DD: inside an active fiscal year and an unlocked journal. */
  date: string;
  explanation: string;
  /** What is posted (an invoice, a collection, a safe's opening balance …): posted once. */
  source: { kind: string; id: string | number };
  lines: PostingLine[];
  createdBy?: string | null;
}

export interface Posted {
  id: number;
  entryNo: number;
  fiscalYearId: number;
  journalId: number;
  date: string;
  /** The entry's total (its debits, equal to its credits), two decimals. */
  total: string;
}

/**
 * The accounting plugin's posting service, offered to every server plugin as `accounting.ledger`
 * (ServerPlugin.provides): the only writer of journal entries and lines.
 */
export interface LedgerService {
  post(db: unknown, companyId: number, entry: PostingEntry): Promise<Posted>;
  reverse(db: unknown, companyId: number, entryId: number, opts?: { date?: string; explanation?: string; createdBy?: string | null }): Promise<Posted>;
  /**
   * A current account's own ledger sub-account (120.001 for a customer …), made on its first use:
   * the account another plugin's collection from that current posts to (400 CURRENT_NOT_FOUND
   * naming `currentId` when the company has no such current).
   */
  currentAccount(db: unknown, companyId: number, currentId: number): Promise<string>;
}
export const LEDGER_SERVICE = 'accounting.ledger';

const MAX = new Decimal('1e15');
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isDay(s: string): boolean {
  const m = DAY.exec(s);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
}

/** An amount as a Decimal with at most two decimals, or a 400 naming the line's field. */
export function money(v: Amount, field: string): Decimal {
  let d: Decimal;
  try {
    d = v instanceof Decimal ? v : new Decimal(typeof v === 'number' ? String(v) : v.trim());
  } catch {
    throw problems.invalidField(field, 'Geçerli bir tutar girin.', 'AMOUNT');
  }
  if (!d.isFinite() || d.decimalPlaces() > 2) throw problems.invalidField(field, 'Tutar en fazla iki ondalık basamak taşır.', 'AMOUNT');
  if (d.abs().gte(MAX)) throw problems.invalidField(field, 'Tutar çok büyük.', 'AMOUNT');
  return d;
}

const unbalanced = (d: Decimal, c: Decimal) => new Problem(400, 'Fiş dengesiz', {
  detail: `Borç ve alacak toplamları eşit olmalı (borç ${d.toFixed(2)}, alacak ${c.toFixed(2)}).`, code: 'UNBALANCED_ENTRY',
});

/**
 * Posts one entry: refuses, with a problem a person can read, an entry whose debits and credits
 * differ, a date outside an active fiscal year ('Defined fiscal year not found'), inside a locked
 * or missing journal period, a header or unknown account, and a source already posted (unless
 * every earlier entry of it was reversed). The entry takes the fiscal year's next number under the
 * year's row lock, so numbers have no gaps whatever runs at once.
 */
export async function post(db: LedgerDb, companyId: number, e: PostingEntry, reverses: number | null = null): Promise<Posted> {
  if (!isDay(e.date)) throw problems.invalidField('date', 'Geçerli bir tarih girin (YYYY-AA-GG).', 'DATE');
  const explanation = e.explanation.trim();
  if (!explanation) throw problems.invalidField('explanation', 'Açıklama zorunludur.', 'REQUIRED');
  const sourceKind = e.source.kind;
  const sourceId = String(e.source.id);
  if (!/^[A-Z][A-Z0-9_]*$/.test(sourceKind) || sourceId === '') throw new Error(`invalid posting source ${sourceKind}:${sourceId}`);
  if (e.lines.length < 2) throw problems.badRequest('Bir fiş en az iki satır taşır (bir borç, bir alacak).');

  let debit = new Decimal(0);
  let credit = new Decimal(0);
  const lines = e.lines.map((l, i) => {
    const d = l.debit == null ? new Decimal(0) : money(l.debit, `lines[${i}].debit`);
    const c = l.credit == null ? new Decimal(0) : money(l.credit, `lines[${i}].credit`);
    if (d.isNegative() || c.isNegative() || d.isZero() === c.isZero()) {
      throw problems.invalidField(`lines[${i}]`, 'Her satırda ya borç ya alacak tutarı olur, sıfırdan büyük.', 'LINE_AMOUNT');
    }
    debit = debit.plus(d);
    credit = credit.plus(c);
    return {
      account: l.account, debit: d, credit: c,
      currencyId: l.currencyId ?? 1,
      amountFc: l.amountFc == null ? null : money(l.amountFc, `lines[${i}].amountFc`),
      rate: l.rate == null ? null : new Decimal(String(l.rate)),
      explanation: l.explanation?.trim() || null,
    };
  });
  if (!debit.eq(credit)) throw unbalanced(debit, credit);

  const accounts = await accountsByCode(db, companyId, lines.map((l) => l.account));
  for (const [i, l] of lines.entries()) {
    const a = accounts.get(l.account);
    if (!a || !a.active) throw problems.invalidField(`lines[${i}].account`, `${l.account} hesabı hesap planında yok.`, 'ACCOUNT_NOT_FOUND');
    if (a.header || !a.postable) {
      throw new Problem(400, 'Başlık hesabı', {
        detail: `${a.code} ${a.name} bir başlık hesabıdır; kayıt alt hesaplarından birine yapılır.`, code: 'HEADER_ACCOUNT',
        fieldErrors: [{ field: `lines[${i}].account`, message: `${a.code} başlık hesabıdır.`, code: 'HEADER_ACCOUNT' }],
      });
    }
  }

  const year = await db.selectFrom('fiscal_years').select(['id'])
    .where('company_id', '=', companyId).where('active', '=', true)
    .where('start_date', '<=', e.date).where('end_date', '>=', e.date)
    .orderBy('start_date', 'desc').limit(1).executeTakeFirst();
  if (!year) throw new Problem(400, 'Mali yıl yok', { detail: 'Defined fiscal year not found', code: 'FISCAL_YEAR_NOT_FOUND' });
  // FOR SHARE: locking or deleting the period waits for this posting, and this one for them.
  const journal = await db.selectFrom('journals').select(['id', 'locked', 'period'])
    .where('company_id', '=', companyId).where('fiscal_year_id', '=', year.id)
    .where('start_date', '<=', e.date).where('end_date', '>=', e.date)
    .forShare().limit(1).executeTakeFirst();
  if (!journal) {
    throw new Problem(400, 'Yevmiye dönemi yok', { detail: `${e.date} tarihini kapsayan bir yevmiye dönemi yok.`, code: 'JOURNAL_NOT_FOUND' });
  }
  if (journal.locked) {
    throw new Problem(409, 'Dönem kilitli', { detail: `${e.date} tarihi kilitli bir yevmiye döneminde (${journal.period}. dönem); önce kilidi açın.`, code: 'JOURNAL_LOCKED' });
  }

  if (reverses === null) {
    // One posting per source at a time, then: posted already and not reversed?
    await sql`select pg_advisory_xact_lock(hashtext('tezgah.ledger.source'), hashtext(${`${companyId}:${sourceKind}:${sourceId}`}))`.execute(db);
    const live = await db.selectFrom('journal_entries as e').select(['e.id', 'e.entry_no'])
      .where('e.company_id', '=', companyId).where('e.source_kind', '=', sourceKind).where('e.source_id', '=', sourceId)
      .where('e.reverses_id', 'is', null)
      .where((eb) => eb.not(eb.exists(eb.selectFrom('journal_entries as r').select('r.id')
        .whereRef('r.company_id', '=', 'e.company_id').whereRef('r.reverses_id', '=', 'e.id'))))
      .executeTakeFirst();
    if (live) {
      throw new Problem(409, 'Zaten kayıtlı', { detail: `Bu kayıt (${sourceKind} ${sourceId}) ${live.entry_no} numaralı fişle muhasebeleşti; önce o fiş ters kayıtla iptal edilmeli.`, code: 'ALREADY_POSTED' });
    }
  }

  const counter = await db.updateTable('fiscal_years').set((eb) => ({ last_entry_no: eb('last_entry_no', '+', 1) }))
    .where('company_id', '=', companyId).where('id', '=', year.id)
    .returning('last_entry_no').executeTakeFirstOrThrow();
  const total = debit.toFixed(2);
  const entry = await db.insertInto('journal_entries').values({
    company_id: companyId, fiscal_year_id: year.id, journal_id: journal.id, entry_no: counter.last_entry_no, entry_date: e.date,
    explanation: explanation.slice(0, 500), source_kind: sourceKind, source_id: sourceId, reverses_id: reverses, total,
    created_by: e.createdBy ?? null,
  }).returning('id').executeTakeFirstOrThrow();
  await db.insertInto('journal_lines').values(lines.map((l, i) => ({
    company_id: companyId, entry_id: entry.id, line_no: i + 1, entry_date: e.date, account_code: l.account,
    debit: l.debit.toFixed(2), credit: l.credit.toFixed(2), currency_id: l.currencyId,
    amount_fc: l.amountFc?.toFixed(2) ?? null, rate: l.rate?.toString() ?? null, explanation: l.explanation,
  }))).execute();
  // The day's totals per account, beside the lines (the trial balance reads them).
  const perAccount = new Map<string, { d: Decimal; c: Decimal }>();
  for (const l of lines) {
    const x = perAccount.get(l.account) ?? { d: new Decimal(0), c: new Decimal(0) };
    perAccount.set(l.account, { d: x.d.plus(l.debit), c: x.c.plus(l.credit) });
  }
  await db.insertInto('ledger_daily').values([...perAccount].map(([account, x]) => ({
    company_id: companyId, account_code: account, day: e.date, debit: x.d.toFixed(2), credit: x.c.toFixed(2),
  }))).onConflict((oc) => oc.columns(['company_id', 'account_code', 'day']).doUpdateSet((eb) => ({
    debit: eb(eb.ref('ledger_daily.debit'), '+', eb.ref('excluded.debit')),
    credit: eb(eb.ref('ledger_daily.credit'), '+', eb.ref('excluded.credit')),
  }))).execute();
  return { id: entry.id, entryNo: counter.last_entry_no, fiscalYearId: year.id, journalId: journal.id, date: e.date, total };
}

/**
 * Reverses an entry: a new entry with every line's debit and credit swapped, naming the entry it
 * reverses (once only; a reversal itself is not reversed). Dated like the original unless told
 * otherwise (a locked period takes its correction in an open one).
 */
export async function reverse(db: LedgerDb, companyId: number, entryId: number, opts: { date?: string; explanation?: string; createdBy?: string | null } = {}): Promise<Posted> {
  const original = await db.selectFrom('journal_entries').selectAll()
    .where('company_id', '=', companyId).where('id', '=', entryId).forUpdate().executeTakeFirst();
  if (!original) throw problems.notFound('Yevmiye fişi');
  if (original.reverses_id !== null) throw problems.conflict('Ters kayıt fişi yeniden ters kaydedilemez.', 'IS_REVERSAL');
  const done = await db.selectFrom('journal_entries').select('entry_no')
    .where('company_id', '=', companyId).where('reverses_id', '=', entryId).executeTakeFirst();
  if (done) throw problems.conflict(`Bu fiş ${done.entry_no} numaralı fişle zaten ters kaydedildi.`, 'ALREADY_REVERSED');
  const lines = await db.selectFrom('journal_lines').selectAll()
    .where('company_id', '=', companyId).where('entry_id', '=', entryId).orderBy('line_no').execute();
  return post(db, companyId, {
    date: opts.date ?? original.entry_date,
    explanation: opts.explanation ?? `İptal: ${original.explanation}`,
    source: { kind: original.source_kind, id: original.source_id },
    createdBy: opts.createdBy ?? null,
    lines: lines.map((l) => ({
      account: l.account_code, debit: new Decimal(l.credit).gt(0) ? l.credit : null, credit: new Decimal(l.debit).gt(0) ? l.debit : null,
      currencyId: l.currency_id, amountFc: l.amount_fc, rate: l.rate, explanation: l.explanation,
    })),
  }, entryId);
}

/** The service other plugins receive (they hand in their request's transaction). */
export const ledgerService: LedgerService = {
  post: (db, companyId, entry) => post(db as LedgerDb, companyId, entry),
  reverse: (db, companyId, entryId, opts) => reverse(db as LedgerDb, companyId, entryId, opts),
  currentAccount: async (db, companyId, currentId) => (await currentAccount(db as LedgerDb, companyId, currentId)).accountCode,
};

/** Kambiyo Kârları / Zararları (Tekdüzen 646 / 656): where an exchange difference (kur farkı) goes. */
export const FX_GAIN_ACCOUNT = '646';
export const FX_LOSS_ACCOUNT = '656';
