import Decimal from 'decimal.js';
import { sql } from 'kysely';
import { Module } from '@tezgah/core';
import { likePattern, mayIn, pageRequest, pageResult, problems, requireAuth, tables, type Auth, type Handler, type RequestContext } from '@tezgah/server';
import type { AccountingTables } from '../schema';
import type { LedgerDb } from '../ledger/accounts';
import { isDay } from '../ledger/posting';
import { lineQuery, lineView, visibleLines } from '../periodic/periodic.handlers';

const db = (ctx: RequestContext): LedgerDb => tables<AccountingTables>(ctx);
const FEED_LIMIT = 1000;

// --- notes ---------------------------------------------------------------------------------------

interface NoteBody { id?: number; date: string; title: string; description?: string | null; startDate?: string | null; endDate?: string | null; active?: boolean }

const NOTE_COLUMNS = ['id', 'note_date', 'title', 'description', 'start_at', 'end_at', 'active', 'user_id', 'user_login', 'created_at'] as const;
type NoteRow = { id: number; note_date: string; title: string; description: string | null; start_at: Date | string | null; end_at: Date | string | null; active: boolean; user_id: number; user_login: string; created_at: Date | string };
const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());
const noteView = (r: NoteRow) => ({
  id: r.id, date: r.note_date, title: r.title, description: r.description, startDate: iso(r.start_at), endDate: iso(r.end_at), active: r.active,
  userId: r.user_id, userLogin: r.user_login, createdAt: iso(r.created_at)!,
});

async function noteOr404(d: LedgerDb, companyId: number, id: number, lock = false) {
  let q = d.selectFrom('agenda_notes').select(NOTE_COLUMNS).where('company_id', '=', companyId).where('id', '=', id);
  if (lock) q = q.forUpdate();
  const r = await q.executeTakeFirst();
  if (!r) throw problems.notFound('Not');
  return r as NoteRow;
}

/** With only "note create" (36) a person changes and removes their own notes; the update / delete action covers everyone's. */
function mayTouch(auth: Auth, note: NoteRow, action: number) {
  if (mayIn(auth, Module.AGENDA, action, auth.companyId)) return;
  if (note.user_id === auth.userId && mayIn(auth, Module.AGENDA, 36, auth.companyId)) return;
  throw problems.forbidden('Başkasının notunu değiştirme yetkiniz yok.');
}

function checked(b: NoteBody) {
  if (!isDay(b.date)) throw problems.invalidField('date', 'Geçerli bir tarih girin.', 'DATE');
  const title = b.title.trim();
  if (!title) throw problems.invalidField('title', 'Başlık boş olamaz.', 'REQUIRED');
  const start = b.startDate ? new Date(b.startDate) : null;
  const end = b.endDate ? new Date(b.endDate) : null;
  if (start && end && end < start) throw problems.invalidField('endDate', 'Bitiş başlangıçtan önce olamaz.', 'END_BEFORE_START');
  return { note_date: b.date, title, description: b.description?.trim() || null, start_at: start, end_at: end, ...(b.active !== undefined ? { active: b.active } : {}) };
}

const listAgendaNotes: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  const q = (ctx.query ?? {}) as { startDate?: string; endDate?: string; active?: boolean; search?: string };
  const p = pageRequest(ctx, ['date', 'asc']);
  let base = db(ctx).selectFrom('agenda_notes').where('company_id', '=', auth.companyId);
  if (q.startDate) base = base.where('note_date', '>=', q.startDate);
  if (q.endDate) base = base.where('note_date', '<=', q.endDate);
  if (q.active !== undefined) base = base.where('active', '=', q.active);
  const search = q.search?.trim();
  if (search) base = base.where((eb) => eb.or([eb('title', 'ilike', likePattern(search)), eb('description', 'ilike', likePattern(search))]));
  const total = Number((await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  const cols = { date: sql`note_date`, id: sql`id`, startDate: sql`start_at` } as const;
  let rows = base.select(NOTE_COLUMNS);
  for (const [f, dir] of p.sort) rows = rows.orderBy(cols[f as keyof typeof cols] ?? sql`id`, dir);
  const out = await rows.orderBy('id').limit(p.size).offset(p.offset).execute();
  return pageResult(ctx, (out as NoteRow[]).map(noteView), total);
};

const createAgendaNote: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  const row = await db(ctx).insertInto('agenda_notes').values({
    company_id: auth.companyId, ...checked(ctx.body as NoteBody), user_id: auth.actor?.id ?? auth.userId, user_login: auth.actor?.login ?? auth.login,
  }).returning(NOTE_COLUMNS).executeTakeFirstOrThrow();
  ctx.setStatus(201);
  return noteView(row as NoteRow);
};

const updateAgendaNote: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  const b = ctx.body as NoteBody & { id: number };
  const note = await noteOr404(db(ctx), auth.companyId, b.id, true);
  mayTouch(auth, note, 3);
  const row = await db(ctx).updateTable('agenda_notes').set({ ...checked(b), updated_at: new Date() })
    .where('company_id', '=', auth.companyId).where('id', '=', b.id).returning(NOTE_COLUMNS).executeTakeFirstOrThrow();
  return noteView(row as NoteRow);
};

const getAgendaNote: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  return noteView(await noteOr404(db(ctx), auth.companyId, (ctx.params as { id: number }).id));
};

const deleteAgendaNote: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  const id = (ctx.params as { id: number }).id;
  const note = await noteOr404(db(ctx), auth.companyId, id, true);
  mayTouch(auth, note, 4);
  await db(ctx).deleteFrom('agenda_notes').where('company_id', '=', auth.companyId).where('id', '=', id).execute();
  ctx.setStatus(204);
  return null;
};

// --- calendar feeds ------------------------------------------------------------------------------

function range(ctx: RequestContext) {
  const q = ctx.query as { startDate: string; endDate: string };
  if (!isDay(q.startDate)) throw problems.invalidField('startDate', 'Geçerli bir tarih girin.', 'DATE');
  if (!isDay(q.endDate)) throw problems.invalidField('endDate', 'Geçerli bir tarih girin.', 'DATE');
  if (q.endDate < q.startDate) throw problems.invalidField('endDate', 'Bitiş başlangıçtan önce olamaz.', 'END_BEFORE_START');
  return q;
}

export interface DueItem {
  kind: 'COLLECTION' | 'PAYMENT' | 'CHEQUE_RECEIVED' | 'CHEQUE_GIVEN'; date: string; amount: number; currencyCode: string; invoiceId: number | null;
  documentNo: string | null; dueId: number | null; periodNumber: number | null; instalmentCount: number | null; chequeId: number | null; currentName: string | null;
}

/**
 * Open dues of posted invoices (sales: to collect, purchases: to pay) and cheques still to be
 * collected (in the portfolio or at the bank) or paid (given), due between two days.
 */
export async function duesBetween(d: LedgerDb, companyId: number, from: string, to: string, types: { sale: boolean; buying: boolean; cheques: boolean }): Promise<DueItem[]> {
  const out: DueItem[] = [];
  const invoiceTypes = [...(types.sale ? ['SALE' as const] : []), ...(types.buying ? ['BUYING' as const] : [])];
  if (invoiceTypes.length) {
    const dues = await d.selectFrom('invoice_dues as du')
      .innerJoin('invoices as i', (j) => j.onRef('i.company_id', '=', 'du.company_id').onRef('i.id', '=', 'du.invoice_id'))
      .innerJoin('currencies as cu', 'cu.id', 'i.currency_id')
      .innerJoin('currents as c', (j) => j.onRef('c.company_id', '=', 'du.company_id').onRef('c.id', '=', 'du.current_id'))
      .select(['du.id', 'du.invoice_id', 'du.period_no', 'du.due_date', 'du.amount', 'du.paid', 'i.invoice_type', 'i.document_no', 'cu.code'])
      .select(sql<string>`concat_ws(' ', c.name, c.last_name)`.as('current_name'))
      .select(sql<number>`(select count(*) from invoice_dues x where x.company_id = du.company_id and x.invoice_id = du.invoice_id)`.as('due_count'))
      .where('du.company_id', '=', companyId).where('i.status', '=', 'POSTED').where('i.invoice_type', 'in', invoiceTypes)
      .where('du.due_date', '>=', from).where('du.due_date', '<=', to).where(sql<boolean>`du.paid < du.amount`)
      .orderBy('du.due_date').orderBy('du.id').limit(FEED_LIMIT).execute();
    for (const x of dues) {
      out.push({
        kind: x.invoice_type === 'SALE' ? 'COLLECTION' : 'PAYMENT', date: x.due_date, amount: new Decimal(x.amount).minus(x.paid).toNumber(), currencyCode: x.code,
        invoiceId: x.invoice_id, documentNo: x.document_no, dueId: x.id, periodNumber: x.period_no, instalmentCount: Number(x.due_count), chequeId: null, currentName: x.current_name,
      });
    }
  }
  if (types.cheques) {
    const cheques = await d.selectFrom('cheques as ch')
      .innerJoin('currencies as cu', 'cu.id', 'ch.currency_id')
      .innerJoin('currents as c', (j) => j.onRef('c.company_id', '=', 'ch.company_id').onRef('c.id', '=', 'ch.current_id'))
      .select(['ch.id', 'ch.direction', 'ch.number', 'ch.due_date', 'ch.amount', 'cu.code'])
      .select(sql<string>`concat_ws(' ', c.name, c.last_name)`.as('current_name'))
      .where('ch.company_id', '=', companyId).where('ch.due_date', '>=', from).where('ch.due_date', '<=', to)
      .where((eb) => eb.or([
        eb.and([eb('ch.direction', '=', 'IN'), eb('ch.state', 'in', ['IN_PORTFOLIO', 'DEPOSITED_FOR_COLLECTION'])]),
        eb.and([eb('ch.direction', '=', 'OUT'), eb('ch.state', '=', 'GIVEN')]),
      ]))
      .orderBy('ch.due_date').orderBy('ch.id').limit(FEED_LIMIT).execute();
    for (const x of cheques) {
      out.push({
        kind: x.direction === 'IN' ? 'CHEQUE_RECEIVED' : 'CHEQUE_GIVEN', date: x.due_date, amount: new Decimal(x.amount).toNumber(), currencyCode: x.code,
        invoiceId: null, documentNo: x.number, dueId: null, periodNumber: null, instalmentCount: null, chequeId: x.id, currentName: x.current_name,
      });
    }
  }
  return out.sort((a, b) => a.date.localeCompare(b.date)).slice(0, FEED_LIMIT);
}

const listAgendaDues: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  const { startDate, endDate } = range(ctx);
  const can = (m: number) => mayIn(auth, m, 1, auth.companyId);
  return duesBetween(db(ctx), auth.companyId, startDate, endDate, { sale: can(Module.SALES), buying: can(Module.EXPENSE), cheques: can(Module.CHECK) });
};

const listAgendaPeriodicLines: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  const { startDate, endDate } = range(ctx);
  const rows = await lineQuery(db(ctx), auth.companyId).where(visibleLines(auth)).where('l.run_date', '>=', startDate).where('l.run_date', '<=', endDate)
    .orderBy('l.run_date').orderBy('l.id').limit(FEED_LIMIT).execute();
  return rows.map(lineView);
};

// --- the due-reminder setting --------------------------------------------------------------------

async function settingsOf(d: LedgerDb, companyId: number) {
  const r = await d.selectFrom('due_reminder_settings').select(['enabled', 'email', 'last_sent_on']).where('company_id', '=', companyId).executeTakeFirst();
  return { enabled: r?.enabled ?? true, email: r?.email ?? null, lastSentOn: r?.last_sent_on ?? null };
}

const getDueReminderSettings: Handler = async (ctx) => settingsOf(db(ctx), requireAuth(ctx).companyId);

const updateDueReminderSettings: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  const b = ctx.body as { enabled: boolean; email?: string | null };
  const email = b.email === undefined ? undefined : b.email?.trim() || null;
  await db(ctx).insertInto('due_reminder_settings').values({ company_id: auth.companyId, enabled: b.enabled, email: email ?? null, updated_at: new Date() })
    .onConflict((oc) => oc.column('company_id').doUpdateSet({ enabled: b.enabled, ...(email !== undefined ? { email } : {}), updated_at: new Date() })).execute();
  return settingsOf(db(ctx), auth.companyId);
};

export const agendaHandlers: Record<string, Handler> = {
  listAgendaNotes, createAgendaNote, updateAgendaNote, getAgendaNote, deleteAgendaNote, listAgendaDues, listAgendaPeriodicLines,
  getDueReminderSettings, updateDueReminderSettings,
};
