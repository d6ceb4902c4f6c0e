import Decimal from 'decimal.js';
import { sql } from 'kysely';
import { Action, DETAILED_EXPORT_DAILY_MAX, SEED_TEXTS_TR } from '@tezgah/core';
import { pageRequest, pageResult, Problem, problems, requireAuth, tables, type Handler, type RequestContext } from '@tezgah/server';
import { currentAccount, currentAccountCodes } from '../ledger/money';
import { accountStatement } from '../ledger/reports';
import { getView, type CurrentView } from '../currents/currents.repository';
import type { AccountingTables } from '../schema';
import type { CurrentType } from '../currents/rules';
import { amount, company, db, fitsOneFile, heading } from './common';
import { currentAging, currentBalances, lineDays, periodSums, type AgingRow } from './currents';
import { attachment, fileSlug, pdf, side, toDecimal, trMoney, xlsx, type Column, type Row } from './files';
import { currentType, fileFormat, optionalDay, range, requireType, typesFor } from './input';
import { today } from '../ledger/dates';

/**
 * The current-account ledger (cari hareketler): a current's debits and credits with the running
 * balance, its statement (ekstre) as a file, the balances of every current of a type and the
 * aging of their open items. The current's type decides the module (customer 6, supplier 5,
 * personnel 8, partner 7) and its extract-view authority (8) lets one see it.
 */

const currentId = (ctx: RequestContext) => (ctx.params as { id: number }).id;
const fullName = (v: CurrentView) => [v.name, v.lastName].filter(Boolean).join(' ');
const sideCode = (b: Decimal) => (b.isZero() ? null : b.isPositive() ? 'DEBIT' : 'CREDIT');

/** The current (404 when it is not the company's), after its type's authority is checked. */
async function currentOr404(ctx: RequestContext, action: number): Promise<CurrentView> {
  const v = await getView(tables<AccountingTables>(ctx), company(ctx), currentId(ctx));
  if (!v) throw problems.notFound('Cari hesap');
  requireType(ctx, v.currentAccountType, action);
  return v;
}

/**
 * The statement's period: the given days, else from the current's first line to the later of
 * today and its last line (its whole history).
 */
async function ledgerPeriod(ctx: RequestContext, codes: readonly string[], q: { startDate?: string; endDate?: string }) {
  const start = optionalDay('startDate', q.startDate);
  const end = optionalDay('endDate', q.endDate);
  if (start && end) return range(start, end);
  const days = await lineDays(db(ctx), company(ctx), codes);
  const now = today(ctx);
  const s = start ?? (days.first && days.first < (end ?? now) ? days.first : end ?? now);
  const latest = [now, days.last ?? now, s].sort().at(-1)!;
  return range(s, end ?? latest);
}

const getCurrentLedger: Handler = async (ctx) => {
  const v = await currentOr404(ctx, Action.EXTRACT_VIEW);
  const q = ctx.query as { startDate?: string; endDate?: string };
  // Checked before the account is made: a refused call writes nothing.
  optionalDay('startDate', q.startDate);
  optionalDay('endDate', q.endDate);
  if (q.startDate && q.endDate) range(q.startDate, q.endDate);
  const d = db(ctx);
  const c = company(ctx);
  const acc = await currentAccount(d, c, v.id);
  // Its main account and the others it owns (a bounced cheque's 127 / 128): what it owes is all of them.
  const codes = await currentAccountCodes(d, c, v.id, acc.accountCode);
  const { start, end } = await ledgerPeriod(ctx, codes, q);
  const p = pageRequest(ctx, ['date', 'asc']);
  const st = await accountStatement(d, c, codes, start, end, { limit: p.size, offset: p.offset });
  const sums = await periodSums(d, c, codes, start, end);
  pageResult(ctx, [], st.total);
  return {
    current: { id: v.id, name: fullName(v), type: v.currentAccountType, accountCode: acc.accountCode },
    startDate: start, endDate: end,
    openingBalance: st.openingBalance, debit: amount(sums.debit), credit: amount(sums.credit), closingBalance: st.closingBalance,
    lines: st.lines.map((l) => ({ entryId: l.entryId, entryNo: l.entryNo, date: l.date, account: l.account, documentNo: l.documentNo, explanation: l.explanation, debit: l.debit, credit: l.credit, balance: l.balance })),
  };
};

// --- the statement (ekstre) as a file ---------------------------------------------------------

const TYPE_TITLE: Record<CurrentType, string> = { CUSTOMER: 'Müşteri', SUPPLIER: 'Tedarikçi', PERSONNEL: 'Personel', PARTNER: 'Ortak' };

const EKSTRE_COLUMNS: Column[] = [
  { header: 'Tarih', kind: 'date', width: 11 },
  { header: 'Yev. No', kind: 'int', width: 8 },
  { header: 'Belge No', width: 17 },
  { header: 'Açıklama', width: 36 },
  { header: 'Borç', kind: 'money', width: 15, blankZero: true },
  { header: 'Alacak', kind: 'money', width: 15, blankZero: true },
  { header: 'Bakiye', kind: 'money', width: 15 },
  { header: 'B/A', width: 9 },
];

/** The detailed Excel files a user may take a day (seeds: 'Daily excel download limited to twice a day'). */
export const DETAILED_EXPORT_KIND = 'CURRENT_LEDGER_XLSX';

/**
 * Spends one of the user's detailed Excel downloads of the day (Turkey's day) or refuses with the
 * seeds' text; in the request's transaction, so a failed export gives it back.
 */
async function spendDetailedExport(ctx: RequestContext): Promise<void> {
  const auth = requireAuth(ctx);
  const r = await sql<{ count: number }>`
    insert into export_downloads (company_id, user_id, kind, day, count) values (${auth.companyId}, ${auth.userId}, ${DETAILED_EXPORT_KIND}, ${today(ctx)}, 1)
    on conflict (company_id, user_id, kind, day) do update set count = export_downloads.count + 1
    returning count`.execute(db(ctx));
  if ((r.rows[0]?.count ?? 0) > DETAILED_EXPORT_DAILY_MAX) {
    const now = ctx.services.now();
    const istanbul = new Date(now.getTime() + 3 * 3600_000);
    const untilMidnight = 86_400 - (istanbul.getUTCHours() * 3600 + istanbul.getUTCMinutes() * 60 + istanbul.getUTCSeconds());
    throw new Problem(429, 'Günlük sınır', { detail: SEED_TEXTS_TR.EXCEL_DAILY_LIMIT, code: 'EXCEL_DAILY_LIMIT', headers: { 'retry-after': String(untilMidnight) } });
  }
}

function addressOf(v: CurrentView): string | null {
  const place = [v.citySubdivisionName, v.cityName].filter(Boolean).join(' / ');
  const parts = [v.address, v.postcode && place ? `${v.postcode} ${place}` : place || v.postcode, v.countryName && v.countryName !== 'Türkiye' ? v.countryName : null].filter(Boolean);
  return parts.length ? parts.join(', ') : null;
}

const exportCurrentLedger: Handler = async (ctx) => {
  const v = await currentOr404(ctx, Action.EXTRACT_VIEW);
  requireType(ctx, v.currentAccountType, Action.EXPORT);
  const q = ctx.query as { startDate?: string; endDate?: string; format?: string };
  optionalDay('startDate', q.startDate);
  optionalDay('endDate', q.endDate);
  if (q.startDate && q.endDate) range(q.startDate, q.endDate);
  const format = fileFormat(q.format);
  if (format === 'xlsx') await spendDetailedExport(ctx);
  const d = db(ctx);
  const c = company(ctx);
  const acc = await currentAccount(d, c, v.id);
  const codes = await currentAccountCodes(d, c, v.id, acc.accountCode);
  const { start, end } = await ledgerPeriod(ctx, codes, q);
  fitsOneFile(format, (await accountStatement(d, c, codes, start, end, { limit: 0, offset: 0 })).total);
  const st = await accountStatement(d, c, codes, start, end);
  let debit = new Decimal(0);
  let credit = new Decimal(0);
  const rows: Row[] = [
    { cells: ['', null, '', 'Devir (dönem başı bakiyesi)', null, null, toDecimal(st.openingBalance).abs(), side(st.openingBalance)], bold: true },
    ...st.lines.map((l) => {
      debit = debit.plus(toDecimal(l.debit));
      credit = credit.plus(toDecimal(l.credit));
      return [l.date, l.entryNo, l.documentNo ?? '', l.explanation, l.debit, l.credit, toDecimal(l.balance).abs(), side(l.balance)];
    }),
  ];
  const closing = toDecimal(st.closingBalance);
  const totals: Row = ['', null, '', 'Toplam / kapanış bakiyesi', debit, credit, closing.abs(), side(closing)];
  const name = fullName(v);
  const lines = [
    `${TYPE_TITLE[v.currentAccountType]}: ${name}${v.title && v.title !== name ? ` — ${v.title}` : ''}`,
    `${v.taxNumber && v.taxNumber.length === 11 ? 'T.C. kimlik no' : 'Vergi no'}: ${v.taxNumber ?? '—'}${v.taxOfficeName ? ` (${v.taxOfficeName})` : ''}`,
    `Adres: ${addressOf(v) ?? '—'}`,
    `Hesap: ${codes.join(', ')} · Kapanış bakiyesi: ${trMoney(closing.abs())}${closing.isZero() ? '' : ` ${side(closing)}`}`,
  ];
  const head = await heading(ctx, 'Cari Hesap Ekstresi', start, end, lines);
  const file = `cari-ekstre-${fileSlug(name).slice(0, 50).replace(/-+$/, '')}-${start}-${end}`;
  const bytes = format === 'xlsx' ? await xlsx('Ekstre', EKSTRE_COLUMNS, rows, { heading: head, totals }) : await pdf(head, EKSTRE_COLUMNS, rows, totals);
  ctx.audit({ action: 'accounting.current.statement.exported', entity: 'current', entityId: v.id, detail: { format, startDate: start, endDate: end } });
  return attachment(ctx, format, file, bytes);
};

// --- balances and aging ---------------------------------------------------------------------

const listCurrentBalances: Handler = async (ctx) => {
  const q = ctx.query as { type?: string; search?: string };
  const types = typesFor(ctx, currentType(q.type));
  const p = pageRequest(ctx, ['name', 'asc']);
  const { items, total } = await currentBalances(db(ctx), company(ctx), types, q.search, { limit: p.size, offset: p.offset, sort: p.sort });
  return pageResult(ctx, items.map((b) => ({
    id: b.id, name: b.name, type: b.type, accountCode: b.accountCode,
    debit: amount(b.debit), credit: amount(b.credit), balance: amount(b.balance), side: sideCode(b.balance),
  })), total);
};

const agingView = (r: Pick<AgingRow, 'balance' | 'days0to30' | 'days31to60' | 'days61to90' | 'over90'>) => ({
  balance: amount(r.balance), days0to30: amount(r.days0to30), days31to60: amount(r.days31to60), days61to90: amount(r.days61to90), over90: amount(r.over90),
});

const getCurrentAging: Handler = async (ctx) => {
  const q = ctx.query as { type?: string; date?: string };
  const type = currentType(q.type);
  const date = optionalDay('date', q.date) ?? today(ctx);
  const rows = await currentAging(db(ctx), company(ctx), typesFor(ctx, type), date);
  const zero = new Decimal(0);
  const t = { balance: zero, days0to30: zero, days31to60: zero, days61to90: zero, over90: zero };
  for (const r of rows) {
    t.balance = t.balance.plus(r.balance); t.days0to30 = t.days0to30.plus(r.days0to30); t.days31to60 = t.days31to60.plus(r.days31to60);
    t.days61to90 = t.days61to90.plus(r.days61to90); t.over90 = t.over90.plus(r.over90);
  }
  return {
    date, type: type ?? null,
    rows: rows.map((r) => ({ current: { id: r.id, name: r.name, type: r.type, accountCode: r.accountCode }, side: sideCode(r.balance), ...agingView(r) })),
    totals: agingView(t),
  };
};

export const currentLedgerHandlers: Record<string, Handler> = { getCurrentLedger, exportCurrentLedger, listCurrentBalances, getCurrentAging };
