import Decimal from 'decimal.js';
import { sql } from 'kysely';
import { pageRequest, pageResult, problems, requireAuth, tables, type Handler, type RequestContext } from '@tezgah/server';
import type { AccountingTables } from '../schema';
import type { LedgerDb } from './accounts';

/**
 * The chart's main accounts (3-digit, Tekdüzen Hesap Planı: 100 Kasa, 120 Alıcılar …) and account
 * groups (2-digit: 10 Hazır Değerler, 12 Ticari Alacaklar …) of the company's own chart
 * (ledger_accounts; seeds 000 §7 "main accounts list, get {id}, PUT /main-accounts", GET
 * /account-groups-all, POST /account-groups). A main account's id is its 3-digit code as a number
 * (a range account such as 170-178 is 170): the chart's accounts have no other key.
 */
const db = (ctx: RequestContext): LedgerDb => tables<AccountingTables>(ctx);
const company = (ctx: RequestContext) => requireAuth(ctx).companyId;

/** Lines of account a and everything under it (a chart code: its code range). */
const UNDER = sql`(l.account_code >= a.code and l.account_code < left(a.code, -1) || chr(ascii(right(a.code, 1)) + 1))`;
/** A 3-digit chart code's id; a range (170-178) by its first code. */
const idOf = (code: string) => Number(code.slice(0, 3));

interface MainRow { code: string; name: string; parent_code: string | null; group_name: string | null; postable: boolean; active: boolean; owned: boolean; subs: number | string; debit: string; credit: string }

function mainAccounts(d: LedgerDb, companyId: number) {
  return d.selectFrom('ledger_accounts as a')
    .leftJoin('ledger_accounts as g', (j) => j.onRef('g.company_id', '=', 'a.company_id').onRef('g.code', '=', 'a.parent_code'))
    .select(['a.code', 'a.name', 'a.parent_code', 'g.name as group_name', 'a.postable', 'a.active'])
    .select(sql<boolean>`ledger_owned_parent(a.code)`.as('owned'))
    .select((eb) => eb.selectFrom('ledger_accounts as s').select((s) => s.fn.countAll<number>().as('n'))
      .whereRef('s.company_id', '=', 'a.company_id').whereRef('s.parent_code', '=', 'a.code').as('subs'))
    .select(sql<string>`(select coalesce(sum(l.debit), 0) from journal_lines l where l.company_id = a.company_id and ${UNDER})`.as('debit'))
    .select(sql<string>`(select coalesce(sum(l.credit), 0) from journal_lines l where l.company_id = a.company_id and ${UNDER})`.as('credit'))
    .where('a.company_id', '=', companyId).where('a.level', '=', 3);
}

function mainView(r: MainRow) {
  const debit = new Decimal(r.debit);
  const credit = new Decimal(r.credit);
  const subs = Number(r.subs ?? 0);
  return {
    id: idOf(r.code), code: r.code, name: r.name, groupCode: r.parent_code ?? '', groupName: r.group_name ?? '', classCode: r.code.slice(0, 1),
    postable: r.postable && subs === 0, subAccountCount: subs, ownedParent: Boolean(r.owned), active: r.active,
    debit: debit.toNumber(), credit: credit.toNumber(), balance: debit.minus(credit).toNumber(),
  };
}

async function mainOr404(ctx: RequestContext, id: number) {
  const r = await mainAccounts(db(ctx), company(ctx)).where(sql<boolean>`left(a.code, 3) = ${String(id)}`).executeTakeFirst();
  if (!r) throw problems.notFound('Ana hesap');
  return r as MainRow;
}

const listMainAccounts: Handler = async (ctx) => {
  const c = company(ctx);
  const p = pageRequest(ctx, ['code', 'asc']);
  const q = ctx.query as { code?: string; name?: string; groupCode?: string; active?: boolean };
  const filters: ((qb: any) => any)[] = [];
  if (q.code) filters.push((qb) => qb.where('a.code', 'like', `${q.code!.replace(/[\\%_]/g, '')}%`));
  if (q.name?.trim()) {
    const pattern = `%${q.name.trim().replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
    filters.push((qb) => qb.where(sql`lower(a.name)`, 'like', sql<string>`lower(${pattern})`));
  }
  if (q.groupCode) filters.push((qb) => qb.where('a.parent_code', '=', q.groupCode));
  if (q.active !== undefined) filters.push((qb) => qb.where('a.active', '=', q.active));
  let base = mainAccounts(db(ctx), c);
  let count = db(ctx).selectFrom('ledger_accounts as a').where('a.company_id', '=', c).where('a.level', '=', 3);
  for (const f of filters) { base = f(base); count = f(count); }
  const cols = { code: 'a.code', name: 'a.name' } as const;
  for (const [f, dir] of p.sort) base = base.orderBy(cols[f as keyof typeof cols] ?? 'a.code', dir);
  const [rows, total] = await Promise.all([
    base.orderBy('a.code').limit(p.size).offset(p.offset).execute(),
    count.select((eb: any) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
  ]);
  return pageResult(ctx, (rows as MainRow[]).map(mainView), Number((total as { n: number | string }).n));
};

const getMainAccount: Handler = async (ctx) => mainView(await mainOr404(ctx, (ctx.params as { id: number }).id));

/**
 * PUT /main-accounts {id, name, active?, code?}: what a company may change of the chart's main
 * account: its name, and its active flag. The code never changes (given different: 400). A main
 * account is made passive only while nothing is posted under it, it has no sub-accounts and it is
 * not one whose postings go to records' own sub-accounts (100, 102, 120 …): a passive account takes
 * no postings and leaves the pickers.
 */
const updateMainAccount: Handler = async (ctx) => {
  const c = company(ctx);
  const d = db(ctx);
  const b = ctx.body as { id: number; code?: string; name: string; active?: boolean };
  const r = await mainOr404(ctx, b.id);
  if (b.code !== undefined && b.code !== r.code) throw problems.invalidField('code', 'Ana hesabın kodu değiştirilemez (Tekdüzen Hesap Planı).', 'NOT_CHANGEABLE');
  const name = b.name.trim();
  if (!name) throw problems.invalidField('name', 'Hesap adı zorunludur.', 'REQUIRED');
  const active = b.active ?? r.active;
  if (!active && r.active) {
    await sql`select code from ledger_accounts where company_id = ${c} and code = ${r.code} for update`.execute(d);
    if (r.owned) throw problems.conflict(`${r.code} ${r.name} hesabına kayıtlar kasa, banka, cari gibi kayıtların alt hesaplarıyla yapılır; pasif yapılamaz.`, 'OWNED_PARENT', 'active');
    if (Number(r.subs) > 0) throw problems.conflict(`${r.code} hesabının alt hesapları var; pasif yapılamaz.`, 'HAS_SUB_ACCOUNTS', 'active');
    if (!new Decimal(r.debit).isZero() || !new Decimal(r.credit).isZero()) {
      throw problems.conflict(`${r.code} hesabına kayıt yapılmış; kayıtları olan hesap pasif yapılamaz.`, 'ACCOUNT_HAS_POSTINGS', 'active');
    }
  }
  await d.updateTable('ledger_accounts').set({ name, active }).where('company_id', '=', c).where('code', '=', r.code).execute();
  ctx.audit({ action: 'accounting.mainAccount.updated', entity: 'ledger_account', entityId: idOf(r.code), detail: { code: r.code, from: { name: r.name, active: r.active }, to: { name, active } } });
  return mainView(await mainOr404(ctx, b.id));
};

// --- account groups --------------------------------------------------------------------------

interface GroupRow { code: string; name: string; parent_code: string | null; class_name: string | null; active: boolean; mains: number | string }

function groups(d: LedgerDb, companyId: number) {
  return d.selectFrom('ledger_accounts as a')
    .leftJoin('ledger_accounts as k', (j) => j.onRef('k.company_id', '=', 'a.company_id').onRef('k.code', '=', 'a.parent_code'))
    .select(['a.code', 'a.name', 'a.parent_code', 'k.name as class_name', 'a.active'])
    .select((eb) => eb.selectFrom('ledger_accounts as s').select((s) => s.fn.countAll<number>().as('n'))
      .whereRef('s.company_id', '=', 'a.company_id').whereRef('s.parent_code', '=', 'a.code').as('mains'))
    .where('a.company_id', '=', companyId).where('a.level', '=', 2);
}

const groupView = (g: GroupRow) => ({
  code: g.code, name: g.name, classCode: g.parent_code ?? g.code.slice(0, 1), className: g.class_name ?? '', active: g.active, mainAccountCount: Number(g.mains ?? 0),
});

/** GET /account-groups-all: every account group of the company's chart, in code order. */
const listAllAccountGroups: Handler = async (ctx) => {
  const rows = await groups(db(ctx), company(ctx)).orderBy('a.code').execute();
  return (rows as GroupRow[]).map(groupView);
};

/**
 * POST /account-groups {code, name}: a group where the chart leaves room. The code is two digits
 * under an existing class (its first digit); a code the chart (or the company) already uses is a
 * 409. A new group takes no postings itself: it is a heading of the chart.
 */
const createAccountGroup: Handler = async (ctx) => {
  const c = company(ctx);
  const d = db(ctx);
  const b = ctx.body as { code: string; name: string };
  const name = b.name.trim();
  if (!name) throw problems.invalidField('name', 'Grup adı zorunludur.', 'REQUIRED');
  if (!/^[1-9][0-9]$/.test(b.code)) throw problems.invalidField('code', 'Hesap grubu kodu iki hanelidir (örneğin 10, 12).', 'CODE');
  const cls = await d.selectFrom('ledger_accounts').select(['code', 'name', 'active']).where('company_id', '=', c).where('code', '=', b.code.slice(0, 1)).forUpdate().executeTakeFirst();
  if (!cls || !cls.active) throw problems.invalidField('code', `${b.code.slice(0, 1)} hesap sınıfı hesap planında yok.`, 'CLASS_NOT_FOUND');
  const taken = await d.selectFrom('ledger_accounts').select(['code', 'name']).where('company_id', '=', c).where('code', '=', b.code).executeTakeFirst();
  if (taken) throw problems.conflict(`${taken.code} kodu hesap planında zaten var (${taken.name}).`, 'ACCOUNT_GROUP_EXISTS', 'code');
  await d.insertInto('ledger_accounts').values({ company_id: c, code: b.code, name, parent_code: cls.code, level: 2, postable: false }).execute();
  ctx.audit({ action: 'accounting.accountGroup.created', entity: 'ledger_account', entityId: Number(b.code), detail: { code: b.code, name } });
  ctx.setStatus(201);
  return groupView({ code: b.code, name, parent_code: cls.code, class_name: cls.name, active: true, mains: 0 });
};

export const chartHandlers: Record<string, Handler> = { listMainAccounts, getMainAccount, updateMainAccount, listAllAccountGroups, createAccountGroup };
