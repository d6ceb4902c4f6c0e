import { randomUUID } from 'node:crypto';
import Decimal from 'decimal.js';
import { sql } from 'kysely';
import { SEED_TEXTS } from '@tezgah/core';
import { pageRequest, pageResult, Problem, problems, requireAuth, tables, type Handler, type RequestContext } from '@tezgah/server';
import type { AccountingTables } from '../schema';
import { accountsByCode, copyChart, nextChildCode, type LedgerDb } from './accounts';
import {
  addDays, assertNameFree, assertNoOverlap, checkRange, createFiscalYear, entryCount, fiscalYear, lockFiscalYears,
  monthlyPeriods, orderingFailed, type FiscalYearRow,
} from './fiscal';
import { isDay, post, reverse } from './posting';
import { accountStatement, trialBalance, underAccount } from './reports';

const db = (ctx: RequestContext): LedgerDb => tables<AccountingTables>(ctx);
const company = (ctx: RequestContext) => requireAuth(ctx).companyId;
const num = (v: string | number | null | undefined): number => (v == null ? 0 : new Decimal(v).toNumber());
const id = (ctx: RequestContext) => (ctx.params as { id: number }).id;

/** A `{companyId}` in a path is the caller's company, or the record does not exist for them. */
function sameCompany(ctx: RequestContext, companyId: number) {
  if (companyId !== company(ctx)) throw problems.notFound('Şirket');
}

// --- fiscal years ---------------------------------------------------------------------------

async function fiscalYearView(d: LedgerDb, y: FiscalYearRow) {
  return {
    id: y.id, companyId: y.company_id, name: y.name, startDate: y.start_date, endDate: y.end_date, active: y.active,
    lastEntryNo: y.last_entry_no, entryCount: await entryCount(d, y.company_id, y.id),
  };
}

async function yearOr404(ctx: RequestContext, yearId: number, forUpdate = false): Promise<FiscalYearRow> {
  const y = await fiscalYear(db(ctx), company(ctx), yearId, forUpdate);
  if (!y) throw problems.notFound('Mali yıl');
  return y;
}

type YearBody = { id?: number; name: string; startDate: string; endDate: string; active?: boolean };
const cleanName = (name: string) => {
  const n = name.trim();
  if (!n) throw problems.invalidField('name', 'Mali yıl adı zorunludur.', 'REQUIRED');
  return n;
};

const listFiscalYears: Handler = async (ctx) => {
  const p = pageRequest(ctx, ['startDate', 'desc']);
  const q = ctx.query as { active?: boolean };
  const cols = { id: 'id', name: 'name', startDate: 'start_date' } as const;
  let base = db(ctx).selectFrom('fiscal_years').where('company_id', '=', company(ctx));
  if (q.active !== undefined) base = base.where('active', '=', q.active);
  const total = Number((await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  let rows = base.select(['id', 'company_id', 'name', 'start_date', 'end_date', 'active', 'last_entry_no']);
  for (const [f, dir] of p.sort) rows = rows.orderBy(cols[f as keyof typeof cols], dir);
  const page = await rows.orderBy('id', 'desc').limit(p.size).offset(p.offset).execute();
  return pageResult(ctx, await Promise.all(page.map((y) => fiscalYearView(db(ctx), y))), total);
};

const getFiscalYear: Handler = async (ctx) => fiscalYearView(db(ctx), await yearOr404(ctx, id(ctx)));

const createFiscalYearHandler: Handler = async (ctx) => {
  const b = ctx.body as YearBody;
  const y = await createFiscalYear(db(ctx), company(ctx), { name: cleanName(b.name), start: b.startDate, end: b.endDate, active: b.active ?? true });
  ctx.setStatus(201);
  return fiscalYearView(db(ctx), y);
};

const updateFiscalYear: Handler = async (ctx) => {
  const b = ctx.body as YearBody & { id: number };
  const d = db(ctx);
  const c = company(ctx);
  await lockFiscalYears(d, c);
  const y = await yearOr404(ctx, b.id, true);
  const name = cleanName(b.name);
  await assertNameFree(d, c, name, y.id);
  const datesChange = b.startDate !== y.start_date || b.endDate !== y.end_date;
  if (datesChange) {
    checkRange(b.startDate, b.endDate);
    if (await entryCount(d, c, y.id) > 0) {
      throw problems.conflict('Fişleri olan bir mali yılın tarihleri değiştirilemez.', 'FISCAL_YEAR_HAS_ENTRIES', 'startDate');
    }
    await assertNoOverlap(d, c, b.startDate, b.endDate, y.id);
    await d.deleteFrom('journals').where('company_id', '=', c).where('fiscal_year_id', '=', y.id).execute();
    await d.insertInto('journals').values(monthlyPeriods(b.startDate, b.endDate).map((p, i) => ({
      company_id: c, fiscal_year_id: y.id, period: i + 1, start_date: p.start, end_date: p.end,
    }))).execute();
  }
  const row = await d.updateTable('fiscal_years').set({ name, start_date: b.startDate, end_date: b.endDate, active: b.active ?? y.active })
    .where('company_id', '=', c).where('id', '=', y.id)
    .returning(['id', 'company_id', 'name', 'start_date', 'end_date', 'active', 'last_entry_no']).executeTakeFirstOrThrow();
  return fiscalYearView(d, row);
};

const deleteFiscalYear: Handler = async (ctx) => {
  const d = db(ctx);
  const y = await yearOr404(ctx, id(ctx), true);
  if (await entryCount(d, y.company_id, y.id) > 0) {
    throw problems.conflict('Fişleri olan bir mali yıl silinemez; fişler ters kayıtla düzeltilir.', 'FISCAL_YEAR_HAS_ENTRIES');
  }
  await d.deleteFrom('fiscal_years').where('company_id', '=', y.company_id).where('id', '=', y.id).execute();
  ctx.setStatus(204);
  return null;
};

// --- journals -------------------------------------------------------------------------------

interface JournalRow { id: number; company_id: number; fiscal_year_id: number; period: number; start_date: string; end_date: string; locked: boolean; entry_count: number | string; total: string | null }

function journals(d: LedgerDb, companyId: number) {
  return d.selectFrom('journals as j')
    .select(['j.id', 'j.company_id', 'j.fiscal_year_id', 'j.period', 'j.start_date', 'j.end_date', 'j.locked'])
    .select((eb) => [
      eb.selectFrom('journal_entries as e').select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('e.company_id', '=', 'j.company_id').whereRef('e.journal_id', '=', 'j.id').as('entry_count'),
      eb.selectFrom('journal_entries as e').select((e) => e.fn.sum<string>('e.total').as('t'))
        .whereRef('e.company_id', '=', 'j.company_id').whereRef('e.journal_id', '=', 'j.id').as('total'),
    ])
    .where('j.company_id', '=', companyId);
}

const journalView = (j: JournalRow) => ({
  id: j.id, companyId: j.company_id, fiscalYearId: j.fiscal_year_id, period: j.period, startDate: j.start_date, endDate: j.end_date,
  locked: j.locked, entryCount: Number(j.entry_count ?? 0), debit: num(j.total), credit: num(j.total),
});

async function journalOr404(ctx: RequestContext, journalId: number): Promise<JournalRow> {
  const j = await journals(db(ctx), company(ctx)).where('j.id', '=', journalId).executeTakeFirst();
  if (!j) throw problems.notFound('Yevmiye dönemi');
  return j as JournalRow;
}

async function yearJournals(ctx: RequestContext, fiscalYearId: number) {
  const rows = await journals(db(ctx), company(ctx)).where('j.fiscal_year_id', '=', fiscalYearId).orderBy('j.period').execute();
  return (rows as JournalRow[]).map(journalView);
}

const listJournals: Handler = async (ctx) => {
  const p = pageRequest(ctx, ['period', 'asc']);
  const q = ctx.query as { fiscalYearId?: number };
  const cols = { id: 'j.id', period: 'j.period', startDate: 'j.start_date' } as const;
  let base = journals(db(ctx), company(ctx));
  let count = db(ctx).selectFrom('journals as j').where('j.company_id', '=', company(ctx));
  if (q.fiscalYearId !== undefined) {
    base = base.where('j.fiscal_year_id', '=', q.fiscalYearId);
    count = count.where('j.fiscal_year_id', '=', q.fiscalYearId);
  }
  const total = Number((await count.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  for (const [f, dir] of p.sort) base = base.orderBy(cols[f as keyof typeof cols], dir);
  const rows = await base.orderBy('j.start_date').orderBy('j.id').limit(p.size).offset(p.offset).execute();
  return pageResult(ctx, (rows as JournalRow[]).map(journalView), total);
};

const getJournal: Handler = async (ctx) => journalView(await journalOr404(ctx, id(ctx)));

const createJournal: Handler = async (ctx) => {
  const b = ctx.body as { fiscalYearId: number; endDate: string };
  const d = db(ctx);
  const y = await yearOr404(ctx, b.fiscalYearId, true);
  if (y.active) {
    throw new Problem(400, 'Yevmiye eklenemez', { detail: SEED_TEXTS.CANNOT_ADD_JOURNAL_FOR_ACTIVE_FISCAL_YEAR, code: 'CANNOT_ADD_JOURNAL_FOR_ACTIVE_FISCAL_YEAR' });
  }
  if (!isDay(b.endDate)) throw problems.invalidField('endDate', 'Geçerli bir bitiş tarihi girin.', 'DATE');
  const last = await d.selectFrom('journals').select(['period', 'end_date']).where('company_id', '=', y.company_id)
    .where('fiscal_year_id', '=', y.id).orderBy('period', 'desc').limit(1).executeTakeFirst();
  const start = last ? addDays(last.end_date, 1) : y.start_date;
  if (start > y.end_date) throw problems.conflict('Mali yılın bütün günleri yevmiye dönemlerine bölünmüş.', 'FISCAL_YEAR_COVERED');
  if (b.endDate < start || b.endDate > y.end_date) {
    throw problems.invalidField('endDate', `Bitiş tarihi ${start} ile ${y.end_date} arasında olmalı.`, 'DATE_RANGE');
  }
  const row = await d.insertInto('journals').values({ company_id: y.company_id, fiscal_year_id: y.id, period: (last?.period ?? 0) + 1, start_date: start, end_date: b.endDate })
    .returning('id').executeTakeFirstOrThrow();
  ctx.setStatus(201);
  return journalView(await journalOr404(ctx, row.id));
};

const deleteJournal: Handler = async (ctx) => {
  const d = db(ctx);
  const j = await journalOr404(ctx, id(ctx));
  const doomed = await journals(d, j.company_id).where('j.fiscal_year_id', '=', j.fiscal_year_id).where('j.period', '>=', j.period).forUpdate().execute() as JournalRow[];
  if (doomed.some((x) => x.locked)) throw problems.conflict('Kilitli bir yevmiye dönemi silinemez; önce kilidi açın.', 'JOURNAL_LOCKED');
  if (doomed.some((x) => Number(x.entry_count) > 0)) throw problems.conflict('Fişleri olan yevmiye dönemleri silinemez.', 'JOURNAL_HAS_ENTRIES');
  await d.deleteFrom('journals').where('company_id', '=', j.company_id).where('fiscal_year_id', '=', j.fiscal_year_id).where('period', '>=', j.period).execute();
  ctx.setStatus(204);
  return null;
};

interface JournalBody { id: number; fiscalYearId?: number; period?: number; startDate?: string; endDate: string; locked?: boolean }

/**
 * PUT /journals {id, endDate, …}: the seeds' journal is id, company, fiscal year, period, start,
 * end and locked. What changes (decisions, docs "Fiscal years and journals"): the end date, which
 * moves the next period's start with it, only while this period and the next hold no entries and
 * are unlocked, and the next one keeps a day at least; the last period of a year only in a passive
 * year (an active year's periods cover it: it takes no new ones) and within the year; and
 * `locked`, as journals-lock / journals-unlock do (this and every earlier / later one). The
 * fiscal year, the period number and the start date are the period's place in the year: given
 * different, they are refused (400) rather than ignored.
 */
const updateJournal: Handler = async (ctx) => {
  const b = ctx.body as JournalBody;
  const d = db(ctx);
  const j = await journalOr404(ctx, b.id);
  const fixed: [keyof JournalBody, unknown, unknown, string][] = [
    ['fiscalYearId', b.fiscalYearId, Number(j.fiscal_year_id), 'Yevmiye döneminin mali yılı değiştirilemez.'],
    ['period', b.period, j.period, 'Yevmiye döneminin sırası değiştirilemez.'],
    ['startDate', b.startDate, j.start_date, 'Yevmiye döneminin başlangıcı, önceki dönemin bitişinden sonraki gündür (ilk dönemde mali yılın başı); değiştirilemez.'],
  ];
  for (const [field, given, now, text] of fixed) if (given !== undefined && given !== now) throw problems.invalidField(field, text, 'NOT_CHANGEABLE');
  if (!isDay(b.endDate)) throw problems.invalidField('endDate', 'Geçerli bir bitiş tarihi girin.', 'DATE');
  if (b.endDate !== j.end_date) {
    const y = await yearOr404(ctx, Number(j.fiscal_year_id), true);
    // This period and the next, locked against postings (posting reads its period FOR SHARE).
    const pair = await journals(d, j.company_id).where('j.fiscal_year_id', '=', j.fiscal_year_id)
      .where('j.period', 'in', [j.period, j.period + 1]).orderBy('j.period').forUpdate().execute() as JournalRow[];
    const next = pair.find((x) => x.period === j.period + 1);
    if (pair.some((x) => x.locked)) throw problems.conflict(`Kilitli yevmiye döneminin tarihleri değiştirilemez; önce kilidi açın.`, 'JOURNAL_LOCKED', 'endDate');
    if (pair.some((x) => Number(x.entry_count) > 0)) {
      throw problems.conflict('Fişleri olan bir yevmiye döneminin (veya fişleri olan sonraki dönemin) tarihleri değiştirilemez.', 'JOURNAL_HAS_ENTRIES', 'endDate');
    }
    if (b.endDate < j.start_date) throw problems.invalidField('endDate', `Bitiş tarihi başlangıçtan (${j.start_date}) önce olamaz.`, 'DATE_RANGE');
    if (next) {
      if (b.endDate >= next.end_date) throw problems.invalidField('endDate', `Bitiş tarihi, sonraki dönemin bitişinden (${next.end_date}) önce olmalı; sonraki dönem en az bir gün kalır.`, 'DATE_RANGE');
      await d.updateTable('journals').set({ start_date: addDays(b.endDate, 1) }).where('company_id', '=', j.company_id).where('id', '=', next.id).execute();
    } else {
      if (y.active) throw problems.conflict('Aktif mali yılın son yevmiye döneminin bitişi değiştirilemez; dönemler mali yılın sonuna kadar sürer.', 'ACTIVE_YEAR_LAST_JOURNAL', 'endDate');
      if (b.endDate > y.end_date) throw problems.invalidField('endDate', `Bitiş tarihi mali yılın sonundan (${y.end_date}) sonra olamaz.`, 'DATE_RANGE');
    }
    await d.updateTable('journals').set({ end_date: b.endDate }).where('company_id', '=', j.company_id).where('id', '=', j.id).execute();
  }
  if (b.locked !== undefined && b.locked !== j.locked) {
    await d.updateTable('journals').set({ locked: b.locked }).where('company_id', '=', j.company_id).where('fiscal_year_id', '=', j.fiscal_year_id)
      .where('period', b.locked ? '<=' : '>=', j.period).execute();
  }
  ctx.audit({ action: 'journal.updated', entity: 'journal', entityId: j.id, detail: { from: { endDate: j.end_date, locked: j.locked }, to: { endDate: b.endDate, locked: b.locked ?? j.locked } } });
  return journalView(await journalOr404(ctx, j.id));
};

const lockJournal: Handler = async (ctx) => {
  const j = await journalOr404(ctx, (ctx.body as { id: number }).id);
  await db(ctx).updateTable('journals').set({ locked: true })
    .where('company_id', '=', j.company_id).where('fiscal_year_id', '=', j.fiscal_year_id).where('period', '<=', j.period).execute();
  ctx.audit({ action: 'journal.locked', entity: 'journal', entityId: j.id, detail: { fiscalYearId: j.fiscal_year_id, period: j.period } });
  return yearJournals(ctx, j.fiscal_year_id);
};

const unlockJournal: Handler = async (ctx) => {
  const j = await journalOr404(ctx, (ctx.body as { id: number }).id);
  await db(ctx).updateTable('journals').set({ locked: false })
    .where('company_id', '=', j.company_id).where('fiscal_year_id', '=', j.fiscal_year_id).where('period', '>=', j.period).execute();
  ctx.audit({ action: 'journal.unlocked', entity: 'journal', entityId: j.id, detail: { fiscalYearId: j.fiscal_year_id, period: j.period } });
  return yearJournals(ctx, j.fiscal_year_id);
};

const getMaxJournal: Handler = async (ctx) => {
  const p = ctx.params as { companyId: number; fiscalYearId: number };
  sameCompany(ctx, p.companyId);
  const y = await yearOr404(ctx, p.fiscalYearId);
  const all = await yearJournals(ctx, y.id);
  return { journal: all[all.length - 1] ?? null, lastEntryNo: y.last_entry_no };
};

// --- journal entries ------------------------------------------------------------------------

async function entriesWithLines(d: LedgerDb, companyId: number, ids: number[]) {
  if (ids.length === 0) return [];
  const entries = await d.selectFrom('journal_entries as e')
    .select(['e.id', 'e.entry_no', 'e.fiscal_year_id', 'e.journal_id', 'e.entry_date', 'e.explanation', 'e.source_kind', 'e.source_id', 'e.reverses_id', 'e.total', 'e.created_by'])
    .select((eb) => eb.selectFrom('journal_entries as r').select('r.id').whereRef('r.company_id', '=', 'e.company_id').whereRef('r.reverses_id', '=', 'e.id').as('reversed_by'))
    .select([sql<string>`journal_explanation(e.company_id, e.source_kind, e.source_id, e.explanation)`.as('shown'), sql<string | null>`journal_document_no(e.company_id, e.source_kind, e.source_id)`.as('document_no')])
    .where('e.company_id', '=', companyId).where('e.id', 'in', ids).execute();
  const lines = await d.selectFrom('journal_lines as l').innerJoin('ledger_accounts as a', (j) => j.onRef('a.company_id', '=', 'l.company_id').onRef('a.code', '=', 'l.account_code'))
    .innerJoin('journal_entries as e', (j) => j.onRef('e.company_id', '=', 'l.company_id').onRef('e.id', '=', 'l.entry_id'))
    .select(['l.entry_id', 'l.line_no', 'l.account_code', 'a.name', 'l.debit', 'l.credit', 'l.currency_id', 'l.amount_fc', 'l.rate'])
    .select(sql<string | null>`case when l.explanation is null then null else journal_explanation(e.company_id, e.source_kind, e.source_id, l.explanation) end`.as('explanation'))
    .where('l.company_id', '=', companyId).where('l.entry_id', 'in', ids).orderBy('l.entry_id').orderBy('l.line_no').execute();
  const byEntry = new Map<number, typeof lines>();
  for (const l of lines) byEntry.set(l.entry_id, [...(byEntry.get(l.entry_id) ?? []), l]);
  const byId = new Map(entries.map((e) => [e.id, e]));
  return ids.map((i) => byId.get(i)!).filter(Boolean).map((e) => ({
    id: e.id, entryNo: e.entry_no, fiscalYearId: e.fiscal_year_id, journalId: e.journal_id, date: e.entry_date, explanation: e.shown, documentNo: e.document_no,
    sourceKind: e.source_kind, sourceId: e.source_id, reversesId: e.reverses_id, reversedById: (e.reversed_by as number | null) ?? null,
    total: num(e.total), createdBy: e.created_by,
    lines: (byEntry.get(e.id) ?? []).map((l) => ({
      lineNo: l.line_no, account: l.account_code, accountName: l.name, debit: num(l.debit), credit: num(l.credit), currencyId: l.currency_id,
      amountFc: l.amount_fc == null ? null : num(l.amount_fc), rate: l.rate == null ? null : num(l.rate), explanation: l.explanation,
    })),
  }));
}

const listJournalEntries: Handler = async (ctx) => {
  const c = company(ctx);
  const p = pageRequest(ctx, ['date', 'desc']);
  const q = ctx.query as { fiscalYearId?: number; startDate?: string; endDate?: string; account?: string };
  const cols = { entryNo: 'e.entry_no', date: 'e.entry_date', id: 'e.id' } as const;
  let base = db(ctx).selectFrom('journal_entries as e').where('e.company_id', '=', c);
  if (q.fiscalYearId !== undefined) base = base.where('e.fiscal_year_id', '=', q.fiscalYearId);
  if (q.startDate) base = base.where('e.entry_date', '>=', q.startDate);
  if (q.endDate) base = base.where('e.entry_date', '<=', q.endDate);
  if (q.account) {
    const code = q.account;
    base = base.where((eb) => eb.exists(eb.selectFrom('journal_lines as l').select('l.id')
      .whereRef('l.company_id', '=', 'e.company_id').whereRef('l.entry_id', '=', 'e.id').where(underAccount('l.account_code', code))));
  }
  const total = Number((await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  let rows = base.select('e.id');
  for (const [f, dir] of p.sort) rows = rows.orderBy(cols[f as keyof typeof cols], dir);
  const ids = (await rows.orderBy('e.id', 'desc').limit(p.size).offset(p.offset).execute()).map((r) => r.id);
  return pageResult(ctx, await entriesWithLines(db(ctx), c, ids), total);
};

async function entryOr404(ctx: RequestContext, entryId: number) {
  const [e] = await entriesWithLines(db(ctx), company(ctx), [entryId]);
  if (!e) throw problems.notFound('Yevmiye fişi');
  return e;
}

const getJournalEntry: Handler = async (ctx) => entryOr404(ctx, id(ctx));

const createJournalEntry: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  const b = ctx.body as { date: string; explanation: string; lines: { account: string; debit?: number | string | null; credit?: number | string | null; explanation?: string | null }[] };
  const posted = await post(db(ctx), auth.companyId, {
    date: b.date, explanation: b.explanation, source: { kind: 'MANUAL', id: randomUUID() }, createdBy: auth.login,
    lines: b.lines.map((l) => ({ account: l.account, debit: l.debit ?? null, credit: l.credit ?? null, explanation: l.explanation ?? null })),
  });
  ctx.setStatus(201);
  return entryOr404(ctx, posted.id);
};

const reverseJournalEntry: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  const b = (ctx.body ?? {}) as { date?: string; explanation?: string };
  // An entry a document posted (a safe's opening, a collection, a cheque's step …) is cancelled
  // from that document, which reverses it and keeps itself in step with the books.
  const own = await db(ctx).selectFrom('journal_entries').select(['source_kind']).where('company_id', '=', auth.companyId).where('id', '=', id(ctx)).executeTakeFirst();
  if (own && own.source_kind !== 'MANUAL') {
    throw problems.conflict(`Bu fiş bir belgeye ait (${own.source_kind}); belgenin kendi ekranından iptal edin.`, 'DOCUMENT_ENTRY');
  }
  const posted = await reverse(db(ctx), auth.companyId, id(ctx), { ...(b.date ? { date: b.date } : {}), ...(b.explanation ? { explanation: b.explanation } : {}), createdBy: auth.login });
  ctx.setStatus(201);
  return entryOr404(ctx, posted.id);
};

// --- ordering -------------------------------------------------------------------------------

/**
 * Renumbers a fiscal year from 1 in date order: journal period, date, then id (the seeds' "entry
 * counter, date, id"). The year's row is locked, so no posting takes a number meanwhile; an entry
 * of a locked period keeps its number or the ordering is refused (a locked month's book is final).
 */
const orderJournalEntries: Handler = async (ctx) => {
  const p = ctx.params as { year: number; companyId: number };
  sameCompany(ctx, p.companyId);
  const d = db(ctx);
  const y = await yearOr404(ctx, p.year, true);
  const plan = await sql<{ id: number; entry_no: number; new_no: number; locked: boolean }>`
    select e.id, e.entry_no, row_number() over (order by j.period, e.entry_date, e.id)::int as new_no, j.locked
      from journal_entries e join journals j on j.company_id = e.company_id and j.id = e.journal_id
     where e.company_id = ${y.company_id} and e.fiscal_year_id = ${y.id}`.execute(d);
  const moved = plan.rows.filter((r) => r.entry_no !== r.new_no);
  const lockedMoved = moved.find((r) => r.locked);
  if (lockedMoved) throw orderingFailed(`Kilitli dönemdeki ${lockedMoved.entry_no} numaralı fiş yer değiştirecekti; önce dönemin kilidini açın.`);
  try {
    if (moved.length) {
      await sql`set constraints all deferred`.execute(d);
      await sql`update journal_entries e set entry_no = v.new_no
        from (select unnest(${moved.map((r) => r.id)}::bigint[]) as id, unnest(${moved.map((r) => r.new_no)}::int[]) as new_no) v
        where e.company_id = ${y.company_id} and e.id = v.id`.execute(d);
      await sql`set constraints all immediate`.execute(d);
    }
  } catch (e) {
    throw orderingFailed(e instanceof Error ? e.message : String(e));
  }
  ctx.audit({ action: 'journal.ordered', entity: 'fiscal_year', entityId: y.id, detail: { renumbered: moved.length } });
  return { ordered: true, entries: plan.rows.length, message: null };
};

const checkJournalOrder: Handler = async (ctx) => {
  const p = ctx.params as { companyId: number; startDate: string; endDate: string };
  sameCompany(ctx, p.companyId);
  checkRange(p.startDate, p.endDate);
  const r = await sql<{ entries: number; disorder: number }>`
    select count(*)::int as entries, count(*) filter (where prev_date > entry_date)::int as disorder from (
      select entry_date, lag(entry_date) over (partition by fiscal_year_id order by entry_no) as prev_date
        from journal_entries where company_id = ${company(ctx)} and entry_date between ${p.startDate} and ${p.endDate}) x`.execute(db(ctx));
  const row = r.rows[0] ?? { entries: 0, disorder: 0 };
  const ordered = row.disorder === 0;
  return { ordered, entries: row.entries, message: ordered ? null : SEED_TEXTS.JOURNAL_UNORDERED };
};

// --- accounts -------------------------------------------------------------------------------

/** A line of journal_lines l on account a or its sub-accounts, as index ranges (see reports.ts underAccount). */
const UNDER_A = sql`(case when position('.' in a.code) > 0
  then (l.account_code = a.code or (l.account_code >= a.code || '.' and l.account_code < a.code || '/'))
  else (l.account_code >= a.code and l.account_code < left(a.code, -1) || chr(ascii(right(a.code, 1)) + 1)) end)`;

const listLedgerAccounts: Handler = async (ctx) => {
  const c = company(ctx);
  const q = ctx.query as { parent?: string; search?: string; postable?: boolean };
  let rows = db(ctx).selectFrom('ledger_accounts as a')
    .select(['a.code', 'a.name', 'a.parent_code', 'a.level', 'a.postable', 'a.owner_kind', 'a.owner_id'])
    .select((eb) => eb.exists(eb.selectFrom('ledger_accounts as s').select('s.code').whereRef('s.company_id', '=', 'a.company_id').whereRef('s.parent_code', '=', 'a.code')).as('header'))
    .select(sql<string>`(select coalesce(sum(l.debit), 0) from journal_lines l where l.company_id = a.company_id and ${UNDER_A})`.as('debit'))
    .select(sql<string>`(select coalesce(sum(l.credit), 0) from journal_lines l where l.company_id = a.company_id and ${UNDER_A})`.as('credit'))
    .where('a.company_id', '=', c).where('a.active', '=', true);
  const search = q.search?.trim();
  if (search) {
    const pattern = `%${search.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
    rows = rows.where((eb) => eb.or([eb('a.code', 'like', pattern), eb(sql`lower(a.name)`, 'like', sql<string>`lower(${pattern})`)]));
  } else if (q.parent) {
    rows = rows.where('a.parent_code', '=', q.parent);
  } else if (q.postable === undefined) {
    rows = rows.where('a.parent_code', 'is', null);
  }
  const out = (await rows.orderBy('a.code').limit(1000).execute()).map((a) => {
    const debit = new Decimal(a.debit);
    const credit = new Decimal(a.credit);
    return {
      code: a.code, name: a.name, parentCode: a.parent_code, level: a.level, postable: a.postable && !a.header, header: Boolean(a.header),
      ownerKind: a.owner_kind, ownerId: a.owner_id, debit: debit.toNumber(), credit: credit.toNumber(), balance: debit.minus(credit).toNumber(),
    };
  });
  return q.postable === undefined ? out : out.filter((a) => a.postable === q.postable);
};

const createLedgerAccount: Handler = async (ctx) => {
  const c = company(ctx);
  const d = db(ctx);
  const b = ctx.body as { parentCode: string; code?: string; name: string };
  const name = b.name.trim();
  if (!name) throw problems.invalidField('name', 'Hesap adı zorunludur.', 'REQUIRED');
  const parent = await d.selectFrom('ledger_accounts').select(['code', 'level', 'active']).where('company_id', '=', c).where('code', '=', b.parentCode).forUpdate().executeTakeFirst();
  if (!parent || !parent.active) throw problems.invalidField('parentCode', `${b.parentCode} hesabı hesap planında yok.`, 'ACCOUNT_NOT_FOUND');
  if (parent.level < 3) throw problems.invalidField('parentCode', 'Alt hesap bir hesabın (üç haneli kod) altına açılır.', 'PARENT_LEVEL');
  const used = await d.selectFrom('journal_lines').select('id').where('company_id', '=', c).where('account_code', '=', parent.code).limit(1).executeTakeFirst();
  if (used) throw problems.conflict(`${parent.code} hesabına doğrudan kayıt yapılmış; alt hesap açılamaz.`, 'PARENT_HAS_POSTINGS', 'parentCode');
  const code = b.code ?? await nextChildCode(d, c, parent.code, 2);
  if (!code.startsWith(`${parent.code}.`) || code.slice(parent.code.length + 1).includes('.')) {
    throw problems.invalidField('code', `Kod ${parent.code}. ile başlayan bir alt hesap kodu olmalı (örneğin ${parent.code}.01).`, 'CODE');
  }
  const taken = await accountsByCode(d, c, [code]);
  if (taken.size) throw problems.conflict(`${code} kodu zaten kullanılıyor.`, 'ACCOUNT_CODE_TAKEN', 'code');
  await d.insertInto('ledger_accounts').values({ company_id: c, code, name, parent_code: parent.code, level: parent.level + 1, postable: true }).execute();
  ctx.setStatus(201);
  return { code, name, parentCode: parent.code, level: parent.level + 1, postable: true, header: false, ownerKind: null, ownerId: null, debit: 0, credit: 0, balance: 0 };
};

// --- reports (ledger/reports.ts computes them; exports reuse the same functions) -------------

const getTrialBalance: Handler = async (ctx) => {
  const q = ctx.query as { startDate: string; endDate: string; level?: number };
  return trialBalance(db(ctx), company(ctx), q.startDate, q.endDate, q.level ?? 3);
};

const getAccountStatement: Handler = async (ctx) => {
  const q = ctx.query as { account: string; startDate: string; endDate: string };
  const p = pageRequest(ctx, ['date', 'asc']);
  const st = await accountStatement(db(ctx), company(ctx), q.account, q.startDate, q.endDate, { limit: p.size, offset: p.offset });
  pageResult(ctx, [], st.total);
  return st;
};

export const ledgerHandlers: Record<string, Handler> = {
  listFiscalYears, getFiscalYear, createFiscalYear: createFiscalYearHandler, updateFiscalYear, deleteFiscalYear,
  listJournals, getJournal, createJournal, updateJournal, deleteJournal, lockJournal, unlockJournal, getMaxJournal,
  listJournalEntries, getJournalEntry, createJournalEntry, reverseJournalEntry,
  orderJournalEntries, checkJournalOrder,
  listLedgerAccounts, createLedgerAccount,
  getTrialBalance, getAccountStatement,
};

/** Every new company gets the uniform chart. */
export async function onCompanyCreated(trx: unknown, companyId: number) {
  await copyChart(trx as LedgerDb, companyId);
}
