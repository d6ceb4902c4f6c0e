import Decimal from 'decimal.js';
import { sql } from 'kysely';
import { DEFAULT_CURRENCY_ID } from '@tezgah/core';
import { Problem, problems } from '@tezgah/server';
import { ownAccount, type LedgerDb } from '../ledger/accounts';
import { bouncedChequeAccount, currentAccount, moneyAccount, type MoneyAccount } from '../ledger/money';
import { FX_GAIN_ACCOUNT, FX_LOSS_ACCOUNT, isDay, money, post, reverse, type Posted, type PostingLine } from '../ledger/posting';
import { currencyOf, inLira, liraRate, type CurrencyRef } from '../banks/rates';
import { ACTION_LABELS, INITIAL, STATE_LABELS, allowedActions, nextState, type Action, type Direction, type EventAction, type State } from './machine';

export const CHEQUE_SOURCE = 'CHEQUE';

export interface ChequeRow {
  id: number; company_id: number; direction: Direction; state: State; number: string; code: string | null; amount: string; currency_id: number;
  rate: string | null; amount_try: string; cheque_date: string; issue_date: string | null; due_date: string; bank_name: string | null;
  branch_name: string | null; drawer: string | null; explanation: string | null; current_id: number; bank_account_id: number | null;
  endorsed_to_id: number | null; created_by: string | null;
}

const COLUMNS = [
  'id', 'company_id', 'direction', 'state', 'number', 'code', 'amount', 'currency_id', 'rate', 'amount_try', 'cheque_date', 'issue_date', 'due_date',
  'bank_name', 'branch_name', 'drawer', 'explanation', 'current_id', 'bank_account_id', 'endorsed_to_id', 'created_by',
] as const;

/** A cheque of the company (a deleted one is not found), locked for a change when asked. */
export async function chequeRow(d: LedgerDb, companyId: number, id: number, forUpdate = false): Promise<ChequeRow | undefined> {
  let q = d.selectFrom('cheques').select(COLUMNS).where('company_id', '=', companyId).where('id', '=', id).where('state', '<>', 'DELETED');
  if (forUpdate) q = q.forUpdate();
  return q.executeTakeFirst() as Promise<ChequeRow | undefined>;
}

async function chequeOr404(d: LedgerDb, companyId: number, id: number): Promise<ChequeRow> {
  const c = await chequeRow(d, companyId, id, true);
  if (!c) throw problems.notFound('Çek');
  return c;
}

// --- the cheque accounts --------------------------------------------------------------------

/** 101.xx Portföydeki Çekler: received cheques kept by the business. */
export const portfolioAccount = (d: LedgerDb, companyId: number) =>
  ownAccount(d, companyId, { parent: '101', kind: 'CHEQUE_PORTFOLIO', ownerId: 0, name: 'Portföydeki Çekler', width: 2 });
/** 101.xx Tahsildeki Çekler - <bank account>: received cheques a bank holds for collection. */
export const collectionAccount = (d: LedgerDb, companyId: number, bank: MoneyAccount) =>
  ownAccount(d, companyId, { parent: '101', kind: 'CHEQUE_COLLECTION', ownerId: bank.id, name: `Tahsildeki Çekler - ${bank.name}`, width: 2 });
/** 103.xx Verilen Çekler: the business's own cheques not yet paid by its bank. */
export const givenAccount = (d: LedgerDb, companyId: number) =>
  ownAccount(d, companyId, { parent: '103', kind: 'CHEQUE_GIVEN', ownerId: 0, name: 'Verilen Çekler', width: 2 });

// --- posting --------------------------------------------------------------------------------

const trDate = (day: string) => `${day.slice(8, 10)}.${day.slice(5, 7)}.${day.slice(0, 4)}`;

async function currentName(d: LedgerDb, companyId: number, id: number): Promise<string> {
  const r = await d.selectFrom('currents').select(sql<string>`concat_ws(' ', name, last_name)`.as('n')).where('company_id', '=', companyId).where('id', '=', id).executeTakeFirst();
  return r?.n ?? '';
}

/**
 * One step's entry: the cheque's lira amount from one account to the other, source
 * CHEQUE:<id>:<step no>. When the money moves (`settle`: a foreign-currency cheque collected into
 * or paid from a bank account), the bank's side is at the rate of that day and the difference
 * from the cheque's own lira is the exchange difference: 646 Kambiyo Kârları for a gain (more lira
 * came in, less went out), 656 Kambiyo Zararları for a loss. `label` names the step in the entry's
 * text when the action's own label does not say enough.
 */
async function postStep(
  d: LedgerDb, companyId: number, ch: ChequeRow, seq: number, action: EventAction, date: string, debit: string, credit: string,
  explanation: string | null, createdBy: string | null, settle?: { side: 'debit' | 'credit'; rate: Decimal }, label?: string, name?: string,
): Promise<Posted> {
  const fc = ch.currency_id === DEFAULT_CURRENCY_ID ? {} : { currencyId: ch.currency_id, amountFc: ch.amount, rate: ch.rate };
  const who = name ?? await currentName(d, companyId, ch.current_id);
  const text = explanation ?? `${label ?? ACTION_LABELS[action]}: ${ch.number} nolu ${ch.direction === 'IN' ? 'alınan' : 'verilen'} çek, ${who}, vade ${trDate(ch.due_date)}`;
  const booked = new Decimal(ch.amount_try);
  const moved = settle ? inLira(new Decimal(ch.amount), settle.rate) : booked;
  const lines: PostingLine[] = [
    { account: debit, debit: settle?.side === 'debit' ? moved : booked, ...fc, ...(settle?.side === 'debit' ? { rate: settle.rate } : {}) },
    { account: credit, credit: settle?.side === 'credit' ? moved : booked, ...fc, ...(settle?.side === 'credit' ? { rate: settle.rate } : {}) },
  ];
  // Collected: more lira in than booked is a gain. Paid: more lira out than booked is a loss.
  const diff = moved.minus(booked);
  if (settle && !diff.isZero()) {
    const gain = settle.side === 'debit' ? diff.gt(0) : diff.lt(0);
    const fx = `${text} (kur farkı)`;
    lines.push(diff.gt(0) === (settle.side === 'debit')
      ? { account: gain ? FX_GAIN_ACCOUNT : FX_LOSS_ACCOUNT, credit: diff.abs(), explanation: fx }
      : { account: gain ? FX_GAIN_ACCOUNT : FX_LOSS_ACCOUNT, debit: diff.abs(), explanation: fx });
  }
  return post(d, companyId, { date, explanation: text, source: { kind: CHEQUE_SOURCE, id: `${ch.id}:${seq}` }, createdBy, lines });
}

interface Event { seq: number; action: string; event_date: string; entry_id: number }

async function events(d: LedgerDb, companyId: number, chequeId: number): Promise<Event[]> {
  return d.selectFrom('cheque_events').select(['seq', 'action', 'event_date', 'entry_id'])
    .where('company_id', '=', companyId).where('cheque_id', '=', chequeId).orderBy('seq').execute();
}

/**
 * A step's reads in one statement, after the cheque's lock (a statement of its own, so this one
 * sees every step the lock waited for): the cheque's events and its current's name.
 */
async function eventsAndName(d: LedgerDb, companyId: number, ch: ChequeRow): Promise<{ evs: Event[]; name: string }> {
  const r = (await sql<{ evs: (Omit<Event, 'entry_id'> & { entry_id: number | string })[] | null; name: string | null }>`
    select (select json_agg(json_build_object('seq', e.seq, 'action', e.action, 'event_date', to_char(e.event_date, 'YYYY-MM-DD'), 'entry_id', e.entry_id) order by e.seq)
              from cheque_events e where e.company_id = ${companyId} and e.cheque_id = ${ch.id}) as evs,
           (select concat_ws(' ', name, last_name) from currents where company_id = ${companyId} and id = ${ch.current_id}) as name`.execute(d)).rows[0]!;
  return { evs: (r.evs ?? []).map((e) => ({ ...e, seq: Number(e.seq), entry_id: Number(e.entry_id) })), name: r.name ?? '' };
}

async function record(
  d: LedgerDb, companyId: number, e: { chequeId: number; seq: number; action: EventAction; from: State | null; to: State; date: string; bankAccountId?: number | null; currentId?: number | null; entryId: number; explanation?: string | null; createdBy: string | null },
  /** The cheque's state and holders after the step, written in the same statement. */
  cheque?: { state: State; bankAccountId: number | null; endorsedToId: number | null },
) {
  if (!cheque) {
    await d.insertInto('cheque_events').values({
      company_id: companyId, cheque_id: e.chequeId, seq: e.seq, action: e.action, from_state: e.from, to_state: e.to, event_date: e.date,
      bank_account_id: e.bankAccountId ?? null, current_id: e.currentId ?? null, entry_id: e.entryId, explanation: e.explanation ?? null, created_by: e.createdBy,
    }).execute();
    return;
  }
  await sql`with ev as (
      insert into cheque_events (company_id, cheque_id, seq, action, from_state, to_state, event_date, bank_account_id, current_id, entry_id, explanation, created_by)
      values (${companyId}, ${e.chequeId}, ${e.seq}, ${e.action}, ${e.from}, ${e.to}, ${e.date}, ${e.bankAccountId ?? null}, ${e.currentId ?? null}, ${e.entryId},
              ${e.explanation ?? null}, ${e.createdBy}))
    update cheques set state = ${cheque.state}, bank_account_id = ${cheque.bankAccountId}, endorsed_to_id = ${cheque.endorsedToId}
     where company_id = ${companyId} and id = ${e.chequeId}`.execute(d);
}

const ENTRY_ACTIONS = new Set(['RECEIVE', 'GIVE', 'AMEND']);

/** The live entry that put the cheque on the books (its entry or its last correction), while nothing else happened to it. */
function entryOnly(ch: ChequeRow, evs: Event[], what: string): Event {
  if (ch.state !== INITIAL[ch.direction] || evs.some((e) => !ENTRY_ACTIONS.has(e.action))) {
    throw problems.conflict(`Çek "${STATE_LABELS[ch.state]}" durumunda ve ilk kaydından sonra işlem görmüş; ${what}.`, 'CHEQUE_HAS_STEPS');
  }
  return evs[evs.length - 1]!;
}

async function reverseEntry(d: LedgerDb, companyId: number, entryId: number, explanation: string, createdBy: string | null): Promise<number> {
  const done = await d.selectFrom('journal_entries').select('id').where('company_id', '=', companyId).where('reverses_id', '=', entryId).executeTakeFirst();
  if (done) return done.id;
  return (await reverse(d, companyId, entryId, { explanation, createdBy })).id;
}

// --- input ----------------------------------------------------------------------------------

export interface ChequeInput {
  direction: Direction; number: string; code?: string | null; amount: number | string; currencyId?: number | null; rate?: number | string | null;
  date: string; issueDate?: string | null; dueDate: string; bankName?: string | null; branchName?: string | null; drawer?: string | null;
  explanation?: string | null; currentId: number; bankAccountId?: number | null;
}

interface Clean {
  direction: Direction; number: string; code: string | null; amount: Decimal; currency: CurrencyRef; rate: Decimal | null; amountTry: Decimal;
  date: string; issueDate: string | null; dueDate: string; bankName: string | null; branchName: string | null; drawer: string | null;
  explanation: string | null; currentId: number; currentName: string; bank: MoneyAccount | null;
}

const day = (v: string | null | undefined, field: string, label: string): string | null => {
  if (v == null) return null;
  if (!isDay(v)) throw problems.invalidField(field, `Geçerli bir ${label} girin (YYYY-AA-GG).`, 'DATE');
  return v;
};

async function clean(d: LedgerDb, companyId: number, b: ChequeInput, keepRate: string | null, exceptId?: number): Promise<Clean> {
  const number = b.number.trim();
  if (!number) throw problems.invalidField('number', 'Çek numarası zorunludur.', 'REQUIRED');
  const amount = money(b.amount, 'amount');
  if (!amount.isPositive() || amount.isZero()) throw problems.invalidField('amount', 'Çek tutarı sıfırdan büyük olmalıdır.', 'AMOUNT');
  const date = day(b.date, 'date', b.direction === 'IN' ? 'alınış tarihi' : 'veriliş tarihi')!;
  const dueDate = day(b.dueDate, 'dueDate', 'vade tarihi')!;
  const issueDate = day(b.issueDate, 'issueDate', 'keşide tarihi');
  const currency = await currencyOf(d, b.currencyId ?? DEFAULT_CURRENCY_ID);
  const rate = await liraRate(d, date, currency, b.rate ?? keepRate, 'rate');
  const amountTry = inLira(amount, rate);
  if (amountTry.isZero()) throw problems.invalidField('amount', 'Çek tutarının TL karşılığı sıfır olamaz.', 'AMOUNT');
  const current = await d.selectFrom('currents').select(['id', sql<string>`concat_ws(' ', name, last_name)`.as('n')]).where('company_id', '=', companyId).where('id', '=', b.currentId).executeTakeFirst();
  if (!current) throw problems.invalidField('currentId', 'Cari hesap bulunamadı.', 'CURRENT_NOT_FOUND');
  let bank: MoneyAccount | null = null;
  if (b.bankAccountId != null) {
    if (b.direction === 'IN') throw problems.invalidField('bankAccountId', 'Alınan çekin banka hesabı tahsile verilirken seçilir.', 'NOT_ALLOWED');
    bank = await moneyAccount(d, companyId, 'BANK_ACCOUNT', b.bankAccountId, 'bankAccountId');
    if (bank.currencyId !== currency.id) throw currencyMismatch(bank, currency.code);
  }
  const bankName = b.bankName?.trim() || null;
  let dup = d.selectFrom('cheques').select('id').where('company_id', '=', companyId).where('direction', '=', b.direction).where('number', '=', number)
    .where(sql<string>`lower(coalesce(bank_name, ''))`, '=', sql<string>`lower(${bankName ?? ''}::text)`).where('state', '<>', 'DELETED');
  if (exceptId) dup = dup.where('id', '<>', exceptId);
  if (await dup.executeTakeFirst()) {
    throw problems.conflict(`${number} numaralı ${bankName ? `${bankName} ` : ''}çeki zaten kayıtlı.`, 'CHEQUE_NUMBER_TAKEN', 'number');
  }
  return {
    direction: b.direction, number, code: b.code?.trim() || null, amount, currency, rate, amountTry, date, issueDate, dueDate, bankName,
    branchName: b.branchName?.trim() || null, drawer: b.drawer?.trim() || null, explanation: b.explanation?.trim() || null, currentId: current.id,
    currentName: current.n, bank,
  };
}

const currencyMismatch = (bank: MoneyAccount, code: string) =>
  problems.invalidField('bankAccountId', `Çekin para birimi (${code}) ile '${bank.name}' banka hesabının para birimi aynı olmalı.`, 'CURRENCY_MISMATCH');

/** The entry of a cheque as it is: IN debit the portfolio, credit the customer; OUT debit the supplier, credit 103. */
async function postEntry(d: LedgerDb, companyId: number, ch: ChequeRow, seq: number, action: EventAction, createdBy: string | null, name?: string): Promise<Posted> {
  const current = await currentAccount(d, companyId, ch.current_id);
  return ch.direction === 'IN'
    ? postStep(d, companyId, ch, seq, action, ch.cheque_date, await portfolioAccount(d, companyId), current.accountCode, null, createdBy, undefined, undefined, name)
    : postStep(d, companyId, ch, seq, action, ch.cheque_date, current.accountCode, await givenAccount(d, companyId), null, createdBy, undefined, undefined, name);
}

// --- create, change, delete -----------------------------------------------------------------

export async function createCheque(d: LedgerDb, companyId: number, input: ChequeInput, o: { createdBy: string | null }): Promise<number> {
  const v = await clean(d, companyId, input, null);
  const state = INITIAL[v.direction];
  const row = await d.insertInto('cheques').values({
    company_id: companyId, direction: v.direction, state, number: v.number, code: v.code, amount: v.amount.toFixed(2), currency_id: v.currency.id,
    rate: v.rate?.toString() ?? null, amount_try: v.amountTry.toFixed(2), cheque_date: v.date, issue_date: v.issueDate, due_date: v.dueDate,
    bank_name: v.bankName, branch_name: v.branchName, drawer: v.drawer, explanation: v.explanation, current_id: v.currentId,
    bank_account_id: v.bank?.id ?? null, created_by: o.createdBy,
  }).returning(COLUMNS).executeTakeFirstOrThrow() as ChequeRow;
  const action = v.direction === 'IN' ? 'RECEIVE' : 'GIVE';
  const posted = await postEntry(d, companyId, row, 1, action, o.createdBy, v.currentName);
  await record(d, companyId, { chequeId: row.id, seq: 1, action, from: null, to: state, date: v.date, currentId: v.currentId, bankAccountId: v.bank?.id ?? null, entryId: posted.id, explanation: v.explanation, createdBy: o.createdBy });
  return row.id;
}

/**
 * Changes a cheque. What it was written on (number, serial, dates, bank and branch names,
 * drawer, explanation) changes any time. What its entry posted (amount, currency, rate, date,
 * current) changes only while nothing happened to it after its entry: the entry is reversed
 * and the corrected one posted (an AMEND step of its history).
 */
export async function updateCheque(d: LedgerDb, companyId: number, id: number, input: ChequeInput, o: { createdBy: string | null }): Promise<void> {
  const ch = await chequeOr404(d, companyId, id);
  if (input.direction !== ch.direction) throw problems.invalidField('direction', 'Çekin yönü (alınan / verilen) değiştirilemez.', 'DIRECTION');
  const keepRate = input.date === ch.cheque_date && (input.currencyId ?? DEFAULT_CURRENCY_ID) === ch.currency_id ? ch.rate : null;
  const v = await clean(d, companyId, input, keepRate, id);
  const rateOf = (r: Decimal | string | null) => (r === null ? null : new Decimal(r).toString());
  const postingChanged = !v.amount.eq(ch.amount) || v.currency.id !== ch.currency_id || rateOf(v.rate) !== rateOf(ch.rate)
    || v.date !== ch.cheque_date || v.currentId !== ch.current_id;
  const bankChanged = (v.bank?.id ?? null) !== ch.bank_account_id;
  if (bankChanged && ch.direction === 'OUT' && ch.state !== 'GIVEN') {
    throw problems.conflict(`Çek "${STATE_LABELS[ch.state]}" durumunda; banka hesabı değiştirilemez.`, 'CHEQUE_HAS_STEPS', 'bankAccountId');
  }
  let live: Event | null = null;
  const evs = await events(d, companyId, id);
  if (postingChanged) live = entryOnly(ch, evs, 'tutarı, para birimi, tarihi ve carisi değiştirilemez');
  const next = await d.updateTable('cheques').set({
    number: v.number, code: v.code, amount: v.amount.toFixed(2), currency_id: v.currency.id, rate: v.rate?.toString() ?? null, amount_try: v.amountTry.toFixed(2),
    cheque_date: v.date, issue_date: v.issueDate, due_date: v.dueDate, bank_name: v.bankName, branch_name: v.branchName, drawer: v.drawer,
    explanation: v.explanation, current_id: v.currentId, ...(ch.direction === 'OUT' ? { bank_account_id: v.bank?.id ?? null } : {}),
  }).where('company_id', '=', companyId).where('id', '=', id).returning(COLUMNS).executeTakeFirstOrThrow() as ChequeRow;
  if (live) {
    await reverseEntry(d, companyId, live.entry_id, `Düzeltme: ${ch.number} nolu çekin önceki kaydı iptal`, o.createdBy);
    const seq = evs[evs.length - 1]!.seq + 1;
    const posted = await postEntry(d, companyId, next, seq, 'AMEND', o.createdBy, v.currentName);
    await record(d, companyId, { chequeId: id, seq, action: 'AMEND', from: ch.state, to: ch.state, date: v.date, currentId: v.currentId, bankAccountId: next.bank_account_id, entryId: posted.id, explanation: v.explanation, createdBy: o.createdBy });
  }
}

/** Deletes a cheque nothing happened to after its entry: the entry is reversed, the cheque marked DELETED (its history stays). */
export async function deleteCheque(d: LedgerDb, companyId: number, id: number, o: { createdBy: string | null; date?: string }): Promise<ChequeRow> {
  const ch = await chequeOr404(d, companyId, id);
  const evs = await events(d, companyId, id);
  const live = entryOnly(ch, evs, 'silinemez');
  const reversal = await reverseEntry(d, companyId, live.entry_id, `İptal: ${ch.number} nolu çek silindi`, o.createdBy);
  const seq = evs[evs.length - 1]!.seq + 1;
  await record(d, companyId, { chequeId: id, seq, action: 'DELETE', from: ch.state, to: 'DELETED', date: live.event_date, entryId: reversal, createdBy: o.createdBy });
  await d.updateTable('cheques').set({ state: 'DELETED' }).where('company_id', '=', companyId).where('id', '=', id).execute();
  return ch;
}

// --- steps ----------------------------------------------------------------------------------

export interface StepInput {
  action: Action; date: string; bankAccountId?: number | null; currentId?: number | null; explanation?: string | null; rate?: number | string | null;
  /** BOUNCE of a received cheque: under legal follow-up (protested, icra): 128 Şüpheli Ticari Alacaklar instead of 127. */
  legalFollowUp?: boolean | null;
}

/** The account a bounced received cheque's BOUNCE step debited (127.xxx or 128.xxx; 120.xxx for one bounced before they were used). */
async function bouncedInto(d: LedgerDb, companyId: number, evs: Event[]): Promise<string> {
  const bounce = [...evs].reverse().find((e) => e.action === 'BOUNCE');
  if (!bounce) throw new Error('a bounced cheque without its BOUNCE step');
  const line = await d.selectFrom('journal_lines').select('account_code').where('company_id', '=', companyId).where('entry_id', '=', bounce.entry_id)
    .where('debit', '>', '0').orderBy('line_no').executeTakeFirstOrThrow();
  return line.account_code;
}

const illegal = (ch: ChequeRow, action: Action) => {
  const allowed = allowedActions(ch.direction, ch.state);
  const rest = allowed.length ? ` Yapılabilecek işlemler: ${allowed.map((a) => ACTION_LABELS[a]).join(', ')}.` : ' Çekin işlemleri tamamlanmış.';
  return new Problem(409, 'Geçersiz çek işlemi', {
    detail: `Çek şu an "${STATE_LABELS[ch.state]}" durumunda; ${ACTION_LABELS[action].toLocaleLowerCase('tr')} işlemi yapılamaz.${rest}`, code: 'ILLEGAL_TRANSITION',
  });
};

/**
 * Takes one step of a cheque's life (the table in ./index.ts): checks it is allowed from the
 * cheque's state, posts its entry and records it, in the caller's transaction.
 */
export async function applyStep(d: LedgerDb, companyId: number, id: number, s: StepInput, o: { createdBy: string | null }, locked?: ChequeRow): Promise<void> {
  // `locked`: the cheque as the caller read it FOR UPDATE in this transaction.
  const ch = locked ?? await chequeOr404(d, companyId, id);
  const to = nextState(ch.direction, ch.state, s.action);
  if (!to) throw illegal(ch, s.action);
  if (!isDay(s.date)) throw problems.invalidField('date', 'Geçerli bir işlem tarihi girin (YYYY-AA-GG).', 'DATE');
  const { evs, name } = await eventsAndName(d, companyId, ch);
  const last = evs[evs.length - 1]!;
  if (s.date < last.event_date) {
    throw problems.invalidField('date', `İşlem tarihi çekin son işleminin tarihinden (${trDate(last.event_date)}) önce olamaz.`, 'DATE_BEFORE_LAST_STEP');
  }
  const takesBank = s.action === 'DEPOSIT' || s.action === 'COLLECT' || s.action === 'PAY';
  if (s.bankAccountId != null && !takesBank) throw problems.invalidField('bankAccountId', `${ACTION_LABELS[s.action]} işleminde banka hesabı seçilmez.`, 'NOT_ALLOWED');
  const legal = s.legalFollowUp === true;
  if (legal && !(ch.direction === 'IN' && s.action === 'BOUNCE')) {
    throw problems.invalidField('legalFollowUp', 'Kanuni takip yalnız alınan çekin karşılıksız işleminde seçilir.', 'NOT_ALLOWED');
  }
  if (s.currentId != null && s.action !== 'ENDORSE') throw problems.invalidField('currentId', `${ACTION_LABELS[s.action]} işleminde cari seçilmez; çek ${ch.direction === 'IN' ? 'alındığı' : 'verildiği'} cariye döner.`, 'NOT_ALLOWED');

  const bankOf = async (required: string): Promise<MoneyAccount> => {
    const bankId = s.bankAccountId ?? (s.action === 'PAY' ? ch.bank_account_id : null);
    if (bankId == null) throw problems.invalidField('bankAccountId', required, 'REQUIRED');
    const bank = await moneyAccount(d, companyId, 'BANK_ACCOUNT', bankId, 'bankAccountId');
    if (bank.currencyId !== ch.currency_id) throw currencyMismatch(bank, (await currencyOf(d, ch.currency_id)).code);
    return bank;
  };
  const heldAt = async (): Promise<MoneyAccount> => {
    const bank = await moneyAccount(d, companyId, 'BANK_ACCOUNT', ch.bank_account_id!, 'bankAccountId');
    if (s.bankAccountId != null && s.bankAccountId !== bank.id) {
      throw problems.invalidField('bankAccountId', `Çek '${bank.name}' hesabına tahsile verildi; tahsilat o hesaba yapılır.`, 'BANK_MISMATCH');
    }
    return bank;
  };
  const customer = async () => (await currentAccount(d, companyId, ch.current_id)).accountCode;
  // A received cheque that bounced is owed by its customer as a bounced-cheque receivable: 127 Diğer
  // Ticari Alacaklar, or 128 Şüpheli Ticari Alacaklar under legal follow-up (Tekdüzen, VUK 323).
  const bounced = () => bouncedChequeAccount(d, companyId, ch.current_id, legal);
  let label: string | undefined;

  let debit: string;
  let credit: string;
  let bankAccountId = ch.bank_account_id;
  let endorsedTo = ch.endorsed_to_id;
  let eventBank: number | null = null;
  let eventCurrent: number | null = null;
  const from = `${ch.direction}:${ch.state}:${s.action}`;
  switch (from) {
    case 'IN:IN_PORTFOLIO:DEPOSIT': {
      const bank = await bankOf('Çekin tahsile verileceği banka hesabını seçin.');
      debit = await collectionAccount(d, companyId, bank);
      credit = await portfolioAccount(d, companyId);
      bankAccountId = eventBank = bank.id;
      break;
    }
    case 'IN:DEPOSITED_FOR_COLLECTION:WITHDRAW': {
      const bank = await heldAt();
      debit = await portfolioAccount(d, companyId);
      credit = await collectionAccount(d, companyId, bank);
      eventBank = bank.id;
      bankAccountId = null;
      break;
    }
    case 'IN:DEPOSITED_FOR_COLLECTION:COLLECT': {
      const bank = await heldAt();
      debit = bank.accountCode;
      credit = await collectionAccount(d, companyId, bank);
      eventBank = bank.id;
      break;
    }
    case 'IN:IN_PORTFOLIO:COLLECT': {
      const bank = await bankOf('Çekin tahsil edildiği banka hesabını seçin.');
      debit = bank.accountCode;
      credit = await portfolioAccount(d, companyId);
      bankAccountId = eventBank = bank.id;
      break;
    }
    case 'IN:IN_PORTFOLIO:ENDORSE': {
      if (s.currentId == null) throw problems.invalidField('currentId', 'Çekin ciro edileceği cariyi seçin.', 'REQUIRED');
      if (s.currentId === ch.current_id) throw problems.invalidField('currentId', 'Çek, alındığı cariye ciro edilmez; iade işlemini kullanın.', 'SAME_CURRENT');
      debit = (await currentAccount(d, companyId, s.currentId)).accountCode;
      credit = await portfolioAccount(d, companyId);
      endorsedTo = eventCurrent = s.currentId;
      break;
    }
    case 'IN:IN_PORTFOLIO:BOUNCE':
      debit = await bounced();
      credit = await portfolioAccount(d, companyId);
      eventCurrent = ch.current_id;
      break;
    case 'IN:IN_PORTFOLIO:RETURN':
      debit = await customer();
      credit = await portfolioAccount(d, companyId);
      eventCurrent = ch.current_id;
      break;
    case 'IN:DEPOSITED_FOR_COLLECTION:BOUNCE': {
      const bank = await heldAt();
      debit = await bounced();
      credit = await collectionAccount(d, companyId, bank);
      eventBank = bank.id;
      eventCurrent = ch.current_id;
      break;
    }
    case 'IN:ENDORSED:BOUNCE':
      // The endorsee hands the bounced cheque back: our debt to them is back, the customer owes us again.
      debit = await bounced();
      credit = (await currentAccount(d, companyId, ch.endorsed_to_id!)).accountCode;
      eventCurrent = ch.endorsed_to_id;
      break;
    case 'IN:BOUNCED:COLLECT': {
      // The customer pays the bounced cheque into a bank account: what its BOUNCE step debited (127 / 128) is closed.
      const bank = await bankOf('Karşılıksız çekin tahsil edildiği banka hesabını seçin.');
      debit = bank.accountCode;
      credit = await bouncedInto(d, companyId, evs);
      bankAccountId = eventBank = bank.id;
      eventCurrent = ch.current_id;
      label = 'Karşılıksız çek tahsili';
      break;
    }
    case 'IN:BOUNCED:RETURN':
      // Handed back to the customer (paid in cash, by transfer, replaced by a new cheque …): the receivable
      // goes back to its ordinary account (120), where that payment is recorded as any collection is.
      debit = await customer();
      credit = await bouncedInto(d, companyId, evs);
      eventCurrent = ch.current_id;
      label = 'Karşılıksız çek iadesi';
      break;
    case 'OUT:GIVEN:PAY': {
      const bank = await bankOf('Çekin ödendiği banka hesabını seçin.');
      debit = await givenAccount(d, companyId);
      credit = bank.accountCode;
      bankAccountId = eventBank = bank.id;
      break;
    }
    case 'OUT:GIVEN:BOUNCE':
    case 'OUT:GIVEN:RETURN':
      debit = await givenAccount(d, companyId);
      credit = await customer();
      eventCurrent = ch.current_id;
      break;
    default:
      throw illegal(ch, s.action);
  }
  const seq = last.seq + 1;
  const explanation = s.explanation?.trim() || null;
  // A foreign-currency cheque's money moves at the day's rate: its exchange difference posts with the step.
  let settle: { side: 'debit' | 'credit'; rate: Decimal } | undefined;
  if (ch.currency_id !== DEFAULT_CURRENCY_ID && (s.action === 'COLLECT' || s.action === 'PAY')) {
    const rate = await liraRate(d, s.date, await currencyOf(d, ch.currency_id), s.rate, 'rate');
    if (rate) settle = { side: s.action === 'COLLECT' ? 'debit' : 'credit', rate };
  } else if (s.rate != null) {
    throw problems.invalidField('rate', 'Kur yalnız döviz çekinin tahsilinde ve ödenmesinde girilir.', 'NOT_ALLOWED');
  }
  if (s.action === 'BOUNCE' && legal) label = 'Karşılıksız (kanuni takipte)';
  const posted = await postStep(d, companyId, ch, seq, s.action, s.date, debit, credit, explanation, o.createdBy, settle, label, name);
  await record(d, companyId, { chequeId: id, seq, action: s.action, from: ch.state, to, date: s.date, bankAccountId: eventBank, currentId: eventCurrent, entryId: posted.id, explanation, createdBy: o.createdBy },
    { state: to, bankAccountId, endorsedToId: endorsedTo });
}
