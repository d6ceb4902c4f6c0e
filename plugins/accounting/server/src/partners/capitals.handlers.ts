import Decimal from 'decimal.js';
import { sql } from 'kysely';
import { Action, Module } from '@tezgah/core';
import { mayIn, pageRequest, pageResult, problems, requireAuth, tables, type Handler, type RequestContext } from '@tezgah/server';
import type { AccountingTables } from '../schema';
import { ownAccount, type LedgerDb } from '../ledger/accounts';
import { moneyAccount, type MoneyKind } from '../ledger/money';
import { isDay, money, post, reverse } from '../ledger/posting';
import { CAPITAL_ACCOUNT, fullName, liveCommitted, PARTNER_OWNER, tl, UNPAID_CAPITAL_ACCOUNT } from './partners.repository';

const db = (ctx: RequestContext): LedgerDb => tables<AccountingTables>(ctx);

export type CapitalKind = 'UNPAID_CAPITAL' | 'CAPITAL';
/** The posting source of each kind of capital record. */
export const SOURCE: Record<CapitalKind, string> = { UNPAID_CAPITAL: 'CAPITAL', CAPITAL: 'CAPITAL_PAYMENT' };

export interface CapitalBody {
  partnerId: number;
  kind: CapitalKind;
  amount: number | string;
  currencyId: number;
  date: string;
  account?: { accountKind: MoneyKind; accountId: number } | null;
  commitmentId?: number | null;
  explanation?: string | null;
}

interface CapitalRow {
  id: number; partner_id: number; partner_name: string; partner_last_name: string | null; kind: CapitalKind; capital_date: string; amount: string;
  currency_id: number; commitment_id: number | null; money_kind: MoneyKind | null; money_id: number | null; money_account_code: string | null;
  account_name: string | null; explanation: string | null; entry_id: number; entry_no: number; paid: string | null; created_by: string | null;
  created_at: Date | string;
}

function capitals(d: LedgerDb, companyId: number) {
  return d.selectFrom('capitals as k')
    .innerJoin('currents as c', (j) => j.onRef('c.company_id', '=', 'k.company_id').onRef('c.id', '=', 'k.partner_id'))
    .innerJoin('journal_entries as e', (j) => j.onRef('e.company_id', '=', 'k.company_id').onRef('e.id', '=', 'k.entry_id'))
    .leftJoin('ledger_accounts as a', (j) => j.onRef('a.company_id', '=', 'k.company_id').onRef('a.code', '=', 'k.money_account_code'))
    .select([
      'k.id', 'k.partner_id', 'c.name as partner_name', 'c.last_name as partner_last_name', 'k.kind', 'k.capital_date', 'k.amount', 'k.currency_id',
      'k.commitment_id', 'k.money_kind', 'k.money_id', 'k.money_account_code', 'a.name as account_name', 'k.explanation', 'k.entry_id', 'e.entry_no',
      'k.created_by', 'k.created_at',
    ])
    .select(sql<string | null>`case when k.kind = 'UNPAID_CAPITAL' then (select coalesce(sum(p.amount), 0)::text from capitals p
      where p.company_id = k.company_id and p.commitment_id = k.id and p.cancelled_at is null) end`.as('paid'))
    .where('k.company_id', '=', companyId)
    .where('k.cancelled_at', 'is', null);
}

function view(r: CapitalRow) {
  const amount = new Decimal(r.amount);
  const paid = r.paid === null ? null : new Decimal(r.paid);
  return {
    id: Number(r.id), partnerId: Number(r.partner_id), partnerName: fullName(r.partner_name, r.partner_last_name), kind: r.kind, date: r.capital_date,
    amount: amount.toNumber(), currencyId: r.currency_id, commitmentId: r.commitment_id === null ? null : Number(r.commitment_id),
    account: r.money_kind ? { accountKind: r.money_kind, accountId: Number(r.money_id), name: r.account_name ?? '', accountCode: r.money_account_code ?? '' } : null,
    paidAmount: paid?.toNumber() ?? null, unpaidAmount: paid ? amount.minus(paid).toNumber() : null,
    explanation: r.explanation, entryId: Number(r.entry_id), entryNo: r.entry_no, createdBy: r.created_by, createdDate: new Date(r.created_at).toISOString(),
  };
}

async function capitalOr404(ctx: RequestContext, id: number) {
  const r = await capitals(db(ctx), requireAuth(ctx).companyId).where('k.id', '=', id).executeTakeFirst();
  if (!r) throw problems.notFound('Sermaye kaydı');
  return view(r as CapitalRow);
}

/** The partner (a PARTNER current) with its row locked: one capital change of a partner at a time. */
async function lockPartner(d: LedgerDb, companyId: number, partnerId: number) {
  const r = await sql<{ id: number; name: string; last_name: string | null; capital: string | null; active: boolean }>`
    select id, name, last_name, capital::text as capital, active from currents
     where company_id = ${companyId} and id = ${partnerId} and type = 'PARTNER' for update`.execute(d);
  const p = r.rows[0];
  if (!p) throw problems.invalidField('partnerId', 'Ortak bulunamadı.', 'PARTNER_NOT_FOUND');
  return { ...p, id: Number(p.id), fullName: fullName(p.name, p.last_name) };
}

/** The partner's own sub-accounts under 500 Sermaye and 501 Ödenmemiş Sermaye (made on first use). */
export async function partnerAccounts(d: LedgerDb, companyId: number, partner: { id: number; fullName: string }) {
  const capital = await ownAccount(d, companyId, { parent: CAPITAL_ACCOUNT, kind: PARTNER_OWNER, ownerId: partner.id, name: partner.fullName, currencyId: 1 });
  const unpaid = await ownAccount(d, companyId, { parent: UNPAID_CAPITAL_ACCOUNT, kind: PARTNER_OWNER, ownerId: partner.id, name: partner.fullName, currencyId: 1 });
  return { capital, unpaid };
}

/** What a commitment still waits for: its amount less its live payments (but `exceptId`, a payment being corrected). */
async function unpaidOf(d: LedgerDb, companyId: number, commitmentId: number, exceptId = 0): Promise<Decimal> {
  const r = await sql<{ u: string }>`select (k.amount - coalesce((select sum(p.amount) from capitals p
      where p.company_id = k.company_id and p.commitment_id = k.id and p.cancelled_at is null and p.id <> ${exceptId}), 0))::text as u
    from capitals k where k.company_id = ${companyId} and k.id = ${commitmentId}`.execute(d);
  return new Decimal(r.rows[0]?.u ?? 0);
}

/** A record being corrected (PUT /capitals): its id stays, its entry is reversed and the new one posted. */
interface Replacing { id: number; entryId: number }

/**
 * Records and posts a capital record. A commitment (UNPAID_CAPITAL): debit the partner's 501
 * Ödenmemiş Sermaye / credit its 500 Sermaye, never more in all than the partner's capital. A
 * payment (CAPITAL) of a commitment (the one named, else the oldest one not fully paid) into a
 * lira safe or bank account: debit that account / credit the partner's 501, never more than the
 * commitment still waits for and not before it was made.
 */
export async function recordCapital(d: LedgerDb, auth: { companyId: number; login: string }, b: CapitalBody, replacing?: Replacing): Promise<number> {
  const c = auth.companyId;
  if (!isDay(b.date)) throw problems.invalidField('date', 'Geçerli bir tarih girin (YYYY-AA-GG).', 'DATE');
  const amount = money(b.amount, 'amount');
  if (amount.isZero()) throw problems.invalidField('amount', 'Tutar sıfır olamaz.', 'AMOUNT_ZERO');
  if (amount.isNegative()) throw problems.invalidField('amount', 'Tutar sıfırdan büyük olmalıdır.', 'AMOUNT');
  if (b.currencyId !== 1) throw problems.invalidField('currencyId', 'Sermaye Türk lirası (TL) olarak taahhüt edilir ve ödenir (TTK md. 332).', 'CURRENCY');
  const partner = await lockPartner(d, c, b.partnerId);
  const accounts = await partnerAccounts(d, c, partner);
  const explanation = b.explanation?.trim() || null;
  const id = replacing?.id ?? Number((await sql<{ id: string }>`select nextval('capitals_id_seq')::text as id`.execute(d)).rows[0]!.id);
  const except = replacing?.id ?? 0;
  /** A correction: the old entry is reversed (dated like it) just before the new one is posted, in the same transaction. */
  let reversalId = 0;
  const reverseOld = async () => {
    if (replacing) reversalId = (await reverse(d, c, replacing.entryId, { createdBy: auth.login, explanation: `Düzeltme (iptal): sermaye kaydı ${id}` })).id;
  };
  const store = async (row: Record<string, unknown>) => {
    if (replacing) {
      // The old values, their entry and its reversal stay in the insert-only capital_corrections.
      await sql`insert into capital_corrections (company_id, capital_id, old_date, old_amount, old_commitment_id, old_money_kind, old_money_id,
          old_money_account_code, old_explanation, old_entry_id, reversal_entry_id, corrected_by)
        select company_id, id, capital_date, amount, commitment_id, money_kind, money_id, money_account_code, explanation, entry_id, ${reversalId}, ${auth.login}
          from capitals where company_id = ${c} and id = ${id}`.execute(d);
      const { kind: _kind, ...changed } = row; // the kind never changes (checked before)
      await d.updateTable('capitals').set({ commitment_id: null, money_kind: null, money_id: null, money_account_code: null, ...changed } as never)
        .where('company_id', '=', c).where('id', '=', id).execute();
    } else {
      await d.insertInto('capitals').values({ company_id: c, id, partner_id: partner.id, created_by: auth.login, ...row } as never).execute();
    }
  };

  if (b.kind === 'UNPAID_CAPITAL') {
    if (b.account) throw problems.invalidField('account', 'Sermaye taahhüdünde kasa veya banka hesabı seçilmez; ödenen sermaye için CAPITAL (sermaye ödemesi) kaydı girin.', 'NOT_ALLOWED');
    if (b.commitmentId != null) throw problems.invalidField('commitmentId', 'Taahhüt kaydı başka bir taahhüde bağlanmaz.', 'NOT_ALLOWED');
    const committed = (await liveCommitted(d, c, partner.id)).minus(replacing ? await liveAmount(d, c, id) : 0);
    if (replacing) {
      // A commitment with live payments: never below what they paid, never after the first of them.
      const paid = await sql<{ s: string; first: string | null }>`select coalesce(sum(amount), 0)::text as s, min(capital_date)::text as first from capitals
         where company_id = ${c} and commitment_id = ${id} and cancelled_at is null`.execute(d);
      const p = paid.rows[0]!;
      if (amount.lt(p.s)) throw problems.conflict(`Taahhüt, ona yapılmış ödemelerin toplamının (${tl(new Decimal(p.s))}) altına düşürülemez; önce ödemeleri düzeltin veya silin.`, 'CAPITAL_BELOW_PAID', 'amount');
      if (p.first && b.date > p.first) throw problems.conflict(`Taahhüt tarihi, ona yapılmış ilk ödemenin tarihinden (${p.first}) sonra olamaz.`, 'CAPITAL_AFTER_PAYMENTS', 'date');
    }
    const capital = new Decimal(partner.capital ?? 0);
    if (committed.plus(amount).gt(capital)) {
      const room = Decimal.max(capital.minus(committed), 0);
      throw problems.invalidField('amount', `Taahhüt edilen sermaye ortağın sermayesini (${tl(capital)}) aşamaz; en fazla ${tl(room)} daha taahhüt edilebilir. Sermaye artırımı için önce ortağın sermayesini güncelleyin.`, 'CAPITAL_EXCEEDED');
    }
    const text = explanation ?? `Sermaye taahhüdü: ${partner.fullName}`;
    await reverseOld();
    const posted = await post(d, c, {
      date: b.date, explanation: text, source: { kind: SOURCE.UNPAID_CAPITAL, id }, createdBy: auth.login,
      lines: [{ account: accounts.unpaid, debit: amount, explanation: text }, { account: accounts.capital, credit: amount, explanation: text }],
    });
    await store({ kind: 'UNPAID_CAPITAL', capital_date: b.date, amount: amount.toFixed(2), explanation, entry_id: posted.id });
    return id;
  }

  if (!b.account) throw problems.invalidField('account', 'Sermayenin ödendiği kasa veya banka hesabı zorunludur.', 'REQUIRED');
  const into = await moneyAccount(d, c, b.account.accountKind, b.account.accountId, 'account.accountId');
  if (into.currencyId !== 1) {
    throw problems.invalidField('account.accountId', `Sermaye ödemesi Türk lirası bir kasa veya banka hesabına yapılır; ${into.name} dövizli bir hesap.`, 'CURRENCY');
  }
  let commitment: { id: number; capital_date: string } | undefined;
  if (b.commitmentId != null) {
    commitment = await d.selectFrom('capitals').select(['id', 'capital_date']).where('company_id', '=', c).where('id', '=', b.commitmentId)
      .where('partner_id', '=', partner.id).where('kind', '=', 'UNPAID_CAPITAL').where('cancelled_at', 'is', null).executeTakeFirst();
    if (!commitment) throw problems.invalidField('commitmentId', 'Ortağın bu sermaye taahhüdü bulunamadı.', 'COMMITMENT_NOT_FOUND');
  } else {
    const open = await sql<{ id: number; capital_date: string }>`select k.id, k.capital_date from capitals k
       where k.company_id = ${c} and k.partner_id = ${partner.id} and k.kind = 'UNPAID_CAPITAL' and k.cancelled_at is null
         and k.amount > coalesce((select sum(p.amount) from capitals p where p.company_id = k.company_id and p.commitment_id = k.id and p.cancelled_at is null and p.id <> ${except}), 0)
       order by k.capital_date, k.id limit 1`.execute(d);
    commitment = open.rows[0];
    if (!commitment) throw problems.invalidField('amount', `${partner.fullName} için ödenmemiş sermaye taahhüdü yok; önce sermaye taahhüdü (UNPAID_CAPITAL) girin.`, 'NO_UNPAID_CAPITAL');
  }
  const unpaid = await unpaidOf(d, c, Number(commitment.id), except);
  if (amount.gt(unpaid)) {
    throw problems.invalidField('amount', `Ödeme, taahhüdün ödenmemiş kısmını (${tl(unpaid)}) aşamaz.`, 'EXCEEDS_UNPAID_CAPITAL');
  }
  if (b.date < commitment.capital_date) {
    throw problems.invalidField('date', `Sermaye ödemesi, taahhüt tarihinden (${commitment.capital_date}) önce olamaz.`, 'BEFORE_COMMITMENT');
  }
  const text = explanation ?? `Sermaye ödemesi: ${partner.fullName}`;
  await reverseOld();
  const posted = await post(d, c, {
    date: b.date, explanation: text, source: { kind: SOURCE.CAPITAL, id }, createdBy: auth.login,
    lines: [{ account: into.accountCode, debit: amount, explanation: text }, { account: accounts.unpaid, credit: amount, explanation: text }],
  });
  await store({
    kind: 'CAPITAL', capital_date: b.date, amount: amount.toFixed(2), commitment_id: Number(commitment.id),
    money_kind: into.kind, money_id: into.id, money_account_code: into.accountCode, explanation, entry_id: posted.id,
  });
  return id;
}

const listCapitals: Handler = async (ctx) => {
  const c = requireAuth(ctx).companyId;
  const p = pageRequest(ctx, ['date', 'desc']);
  const q = ctx.query as { partnerId?: number; kind?: CapitalKind; startDate?: string; endDate?: string };
  let base = capitals(db(ctx), c);
  let count = db(ctx).selectFrom('capitals as k').where('k.company_id', '=', c).where('k.cancelled_at', 'is', null);
  if (q.partnerId) { base = base.where('k.partner_id', '=', q.partnerId); count = count.where('k.partner_id', '=', q.partnerId); }
  if (q.kind) { base = base.where('k.kind', '=', q.kind); count = count.where('k.kind', '=', q.kind); }
  if (q.startDate) { base = base.where('k.capital_date', '>=', q.startDate); count = count.where('k.capital_date', '>=', q.startDate); }
  if (q.endDate) { base = base.where('k.capital_date', '<=', q.endDate); count = count.where('k.capital_date', '<=', q.endDate); }
  const cols = { id: 'k.id', date: 'k.capital_date', amount: 'k.amount' } as const;
  for (const [f, dir] of p.sort) base = base.orderBy(cols[f as keyof typeof cols], dir);
  const [rows, total] = await Promise.all([
    base.orderBy('k.id', 'desc').limit(p.size).offset(p.offset).execute(),
    count.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return pageResult(ctx, (rows as CapitalRow[]).map(view), Number(total.n));
};

const getCapital: Handler = async (ctx) => capitalOr404(ctx, (ctx.params as { id: number }).id);

const createCapital: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  const b = ctx.body as CapitalBody;
  const id = await recordCapital(db(ctx), auth, b);
  ctx.audit({ action: 'accounting.capital.created', entity: 'capital', entityId: id, detail: { partnerId: b.partnerId, kind: b.kind, amount: String(b.amount) } });
  ctx.setStatus(201);
  return capitalOr404(ctx, id);
};

/**
 * Deletes a capital record: its entry is reversed (dated like it) and the record is marked
 * cancelled. A commitment that live payments depend on stays until they are deleted.
 */
const deleteCapital: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  const d = db(ctx);
  const c = auth.companyId;
  const id = (ctx.params as { id: number }).id;
  const found = await d.selectFrom('capitals').select(['partner_id']).where('company_id', '=', c).where('id', '=', id).where('cancelled_at', 'is', null).executeTakeFirst();
  if (!found) throw problems.notFound('Sermaye kaydı');
  await sql`select id from currents where company_id = ${c} and id = ${found.partner_id} for update`.execute(d);
  const row = await d.selectFrom('capitals').selectAll().where('company_id', '=', c).where('id', '=', id).where('cancelled_at', 'is', null).executeTakeFirst();
  if (!row) throw problems.notFound('Sermaye kaydı');
  if (row.kind === 'UNPAID_CAPITAL') {
    const payments = await d.selectFrom('capitals').select((eb) => eb.fn.countAll<number>().as('n'))
      .where('company_id', '=', c).where('commitment_id', '=', id).where('cancelled_at', 'is', null).executeTakeFirstOrThrow();
    if (Number(payments.n) > 0) {
      throw problems.conflict(`Bu sermaye taahhüdüne bağlı ${Number(payments.n)} ödeme var; taahhüt silinmeden önce o ödemeler silinmeli.`, 'CAPITAL_HAS_PAYMENTS');
    }
  }
  const reversal = await reverse(d, c, row.entry_id, { createdBy: auth.login });
  await d.updateTable('capitals').set({ reversal_entry_id: reversal.id, cancelled_at: sql<Date>`now()` as unknown as Date, cancelled_by: auth.login })
    .where('company_id', '=', c).where('id', '=', id).execute();
  ctx.audit({ action: 'accounting.capital.deleted', entity: 'capital', entityId: id, detail: { kind: row.kind, amount: row.amount, reversalEntryId: reversal.id } });
  ctx.setStatus(204);
  return null;
};

/** A live record's amount (0 when none). */
async function liveAmount(d: LedgerDb, companyId: number, id: number): Promise<Decimal> {
  const r = await d.selectFrom('capitals').select('amount').where('company_id', '=', companyId).where('id', '=', id).where('cancelled_at', 'is', null).executeTakeFirst();
  return new Decimal(r?.amount ?? 0);
}

/**
 * PUT /capitals {id, …}: a correction. The record keeps its id; its entry is reversed (dated like
 * it) and the corrected one posted under the same source, in one transaction, with every rule of
 * a new record (a payment within what its commitment still waits for besides itself; a commitment
 * within the partner's capital besides itself, never below what its live payments paid nor dated
 * after the first of them). Neither the partner nor the kind changes (delete and record again).
 */
const updateCapital: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  const d = db(ctx);
  const c = auth.companyId;
  // The contract asks for Sermaye Ekleme (the corrected record is posted); the old one is cancelled, so Sermaye Silme too.
  if (!mayIn(auth, Module.PARTNER, Action.CAPITAL_DELETE, c)) throw problems.forbidden('Sermaye kaydını düzeltmek için Sermaye Ekleme ve Sermaye Silme yetkileri gerekir.', 'CAPITAL_DELETE_REQUIRED');
  const { id, ...b } = ctx.body as CapitalBody & { id: number };
  const found = await d.selectFrom('capitals').select(['partner_id']).where('company_id', '=', c).where('id', '=', id).where('cancelled_at', 'is', null).executeTakeFirst();
  if (!found) throw problems.notFound('Sermaye kaydı');
  if (Number(found.partner_id) !== b.partnerId) throw problems.invalidField('partnerId', 'Sermaye kaydının ortağı değiştirilemez; kaydı silip doğru ortak için yeniden girin.', 'PARTNER_CHANGE');
  await sql`select id from currents where company_id = ${c} and id = ${found.partner_id} for update`.execute(d);
  const row = await d.selectFrom('capitals').selectAll().where('company_id', '=', c).where('id', '=', id).where('cancelled_at', 'is', null).executeTakeFirst();
  if (!row) throw problems.notFound('Sermaye kaydı');
  if (row.kind !== b.kind) throw problems.invalidField('kind', 'Sermaye kaydının türü (taahhüt / ödeme) değiştirilemez; kaydı silip yeniden girin.', 'KIND_CHANGE');
  const commitmentId = b.kind === 'CAPITAL' ? (b.commitmentId ?? (row.commitment_id === null ? null : Number(row.commitment_id))) : b.commitmentId;
  await recordCapital(d, auth, { ...b, commitmentId }, { id, entryId: Number(row.entry_id) });
  ctx.audit({ action: 'accounting.capital.updated', entity: 'capital', entityId: id, detail: { kind: row.kind, from: { amount: row.amount, date: row.capital_date }, to: { amount: String(b.amount), date: b.date }, reversedEntryId: Number(row.entry_id) } });
  return capitalOr404(ctx, id);
};

export const capitalHandlers: Record<string, Handler> = { listCapitals, getCapital, createCapital, updateCapital, deleteCapital };
