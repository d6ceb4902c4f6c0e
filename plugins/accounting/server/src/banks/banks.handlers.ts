import { sql } from 'kysely';
import { likePattern, pageRequest, pageResult, problems, requireAuth, tables, type Handler, type RequestContext } from '@tezgah/server';
import type { AccountingTables } from '../schema';
import type { LedgerDb } from '../ledger/accounts';

const db = (ctx: RequestContext): LedgerDb => tables<AccountingTables>(ctx);
const company = (ctx: RequestContext) => requireAuth(ctx).companyId;
const idParam = (ctx: RequestContext) => (ctx.params as { id: number }).id;

// --- banks ------------------------------------------------------------------------------------

interface BankRow { id: number; name: string; eft_code: string | null; swift: string | null }

const bankView = (b: BankRow) => ({ id: b.id, name: b.name, eftCode: b.eft_code, ibanCode: b.eft_code ? `0${b.eft_code}` : null, swift: b.swift });

export async function bankOf(d: LedgerDb, companyId: number, id: number): Promise<BankRow | undefined> {
  return d.selectFrom('banks').select(['id', 'name', 'eft_code', 'swift']).where('company_id', '=', companyId).where('id', '=', id).executeTakeFirst();
}

async function bankOr404(ctx: RequestContext, id: number): Promise<BankRow> {
  const b = await bankOf(db(ctx), company(ctx), id);
  if (!b) throw problems.notFound('Banka');
  return b;
}

type BankBody = { name: string; eftCode?: string | null; swift?: string | null };

async function cleanBank(ctx: RequestContext, b: BankBody, exceptId?: number) {
  const d = db(ctx);
  const c = company(ctx);
  const name = b.name.trim();
  if (!name) throw problems.invalidField('name', 'Banka adı zorunludur.', 'REQUIRED');
  const eftCode = b.eftCode?.trim() || null;
  const swift = b.swift?.trim().toUpperCase() || null;
  let same = d.selectFrom('banks').select('id').where('company_id', '=', c).where(sql<string>`lower(name)`, '=', sql<string>`lower(${name}::text)`);
  if (exceptId) same = same.where('id', '<>', exceptId);
  if (await same.executeTakeFirst()) throw problems.conflict('Bu isimde bir banka zaten var.', 'BANK_NAME_TAKEN', 'name');
  if (eftCode) {
    let taken = d.selectFrom('banks').select('name').where('company_id', '=', c).where('eft_code', '=', eftCode);
    if (exceptId) taken = taken.where('id', '<>', exceptId);
    const other = await taken.executeTakeFirst();
    if (other) throw problems.conflict(`${eftCode} EFT kodu '${other.name}' bankasında kayıtlı.`, 'BANK_CODE_TAKEN', 'eftCode');
  }
  return { name, eftCode, swift };
}

const listBanks: Handler = async (ctx) => {
  const p = pageRequest(ctx, ['name', 'asc']);
  const q = ctx.query as { search?: string };
  let base = db(ctx).selectFrom('banks').where('company_id', '=', company(ctx));
  const search = q.search?.trim();
  if (search) {
    const code = /^[0-9]{1,4}$/.test(search) ? search.padStart(4, '0') : null;
    base = base.where((eb) => eb.or([eb('name', 'ilike', likePattern(search)), ...(code ? [eb('eft_code', '=', code)] : [])]));
  }
  const total = Number((await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  const cols = { id: sql`id`, name: sql`lower(name)`, eftCode: sql`eft_code` } as const;
  let rows = base.select(['id', 'name', 'eft_code', 'swift']);
  for (const [f, dir] of p.sort) rows = rows.orderBy(cols[f as keyof typeof cols] ?? sql`id`, dir);
  return pageResult(ctx, (await rows.orderBy('id').limit(p.size).offset(p.offset).execute()).map(bankView), total);
};

const getBank: Handler = async (ctx) => bankView(await bankOr404(ctx, idParam(ctx)));

const createBank: Handler = async (ctx) => {
  const v = await cleanBank(ctx, ctx.body as BankBody);
  const row = await db(ctx).insertInto('banks').values({ company_id: company(ctx), name: v.name, eft_code: v.eftCode, swift: v.swift })
    .returning(['id', 'name', 'eft_code', 'swift']).executeTakeFirstOrThrow();
  ctx.audit({ action: 'accounting.bank.created', entity: 'bank', entityId: row.id, detail: { name: row.name } });
  ctx.setStatus(201);
  return bankView(row);
};

const updateBank: Handler = async (ctx) => {
  const b = ctx.body as BankBody & { id: number };
  const d = db(ctx);
  const c = company(ctx);
  const before = await bankOr404(ctx, b.id);
  const v = await cleanBank(ctx, b, b.id);
  if (v.eftCode !== before.eft_code) {
    const withIban = await d.selectFrom('bank_accounts').select('name').where('company_id', '=', c).where('bank_id', '=', b.id)
      .where('iban', 'is not', null).executeTakeFirst();
    if (withIban) throw problems.conflict(`Bu bankanın IBAN'ı girilmiş hesapları var ('${withIban.name}'); EFT kodu değiştirilemez.`, 'BANK_HAS_IBANS', 'eftCode');
  }
  const row = await d.updateTable('banks').set({ name: v.name, eft_code: v.eftCode, swift: v.swift })
    .where('company_id', '=', c).where('id', '=', b.id).returning(['id', 'name', 'eft_code', 'swift']).executeTakeFirstOrThrow();
  ctx.audit({ action: 'accounting.bank.updated', entity: 'bank', entityId: row.id });
  return bankView(row);
};

const deleteBank: Handler = async (ctx) => {
  const d = db(ctx);
  const c = company(ctx);
  const b = await bankOr404(ctx, idParam(ctx));
  const used = await sql<{ branches: number; accounts: number }>`
    select (select count(*) from bank_branches where company_id = ${c} and bank_id = ${b.id})::int as branches,
           (select count(*) from bank_accounts where company_id = ${c} and bank_id = ${b.id})::int as accounts`.execute(d);
  const u = used.rows[0]!;
  if (u.accounts > 0) throw problems.conflict(`Bu bankada ${u.accounts} banka hesabı var; silinemez.`, 'BANK_IN_USE');
  if (u.branches > 0) throw problems.conflict(`Bu bankanın ${u.branches} şubesi kayıtlı; önce şubeleri silin.`, 'BANK_IN_USE');
  await d.deleteFrom('banks').where('company_id', '=', c).where('id', '=', b.id).execute();
  ctx.audit({ action: 'accounting.bank.deleted', entity: 'bank', entityId: b.id, detail: { name: b.name } });
  ctx.setStatus(204);
  return null;
};

// --- branches ---------------------------------------------------------------------------------

interface BranchRow {
  id: number; bank_id: number; bank_name: string; name: string; code: string | null; city_id: number | null; city_name: string | null;
  address: string | null; phone: string | null;
}

function branches(d: LedgerDb, companyId: number) {
  return d.selectFrom('bank_branches as br')
    .innerJoin('banks as b', (j) => j.onRef('b.company_id', '=', 'br.company_id').onRef('b.id', '=', 'br.bank_id'))
    .leftJoin('cities as ci', 'ci.id', 'br.city_id')
    .where('br.company_id', '=', companyId);
}
const BRANCH_COLUMNS = ['br.id', 'br.bank_id', 'b.name as bank_name', 'br.name', 'br.code', 'br.city_id', 'ci.name as city_name', 'br.address', 'br.phone'] as const;

const branchView = (r: BranchRow) => ({
  id: r.id, bankId: r.bank_id, bankName: r.bank_name, name: r.name, code: r.code, cityId: r.city_id, cityName: r.city_name, address: r.address, phone: r.phone,
});

export async function branchOf(d: LedgerDb, companyId: number, id: number): Promise<BranchRow | undefined> {
  return branches(d, companyId).select(BRANCH_COLUMNS).where('br.id', '=', id).executeTakeFirst();
}

async function branchOr404(ctx: RequestContext, id: number): Promise<BranchRow> {
  const b = await branchOf(db(ctx), company(ctx), id);
  if (!b) throw problems.notFound('Banka şubesi');
  return b;
}

type BranchBody = { bankId: number; name: string; code?: string | null; cityId?: number | null; address?: string | null; phone?: string | null };

async function cleanBranch(ctx: RequestContext, b: BranchBody, exceptId?: number) {
  const d = db(ctx);
  const c = company(ctx);
  const bank = await bankOf(d, c, b.bankId);
  if (!bank) throw problems.invalidField('bankId', 'Banka bulunamadı.', 'BANK_NOT_FOUND');
  const name = b.name.trim();
  if (!name) throw problems.invalidField('name', 'Şube adı zorunludur.', 'REQUIRED');
  const code = b.code?.trim() || null;
  if (b.cityId != null && !(await d.selectFrom('cities').select('id').where('id', '=', b.cityId).executeTakeFirst())) {
    throw problems.invalidField('cityId', 'İl bulunamadı.', 'UNKNOWN');
  }
  let same = d.selectFrom('bank_branches').select('id').where('company_id', '=', c).where('bank_id', '=', bank.id)
    .where(sql<string>`lower(name)`, '=', sql<string>`lower(${name}::text)`);
  if (exceptId) same = same.where('id', '<>', exceptId);
  if (await same.executeTakeFirst()) throw problems.conflict(`${bank.name} bankasının bu isimde bir şubesi zaten var.`, 'BRANCH_NAME_TAKEN', 'name');
  if (code) {
    let taken = d.selectFrom('bank_branches').select('name').where('company_id', '=', c).where('bank_id', '=', bank.id).where('code', '=', code);
    if (exceptId) taken = taken.where('id', '<>', exceptId);
    const other = await taken.executeTakeFirst();
    if (other) throw problems.conflict(`${code} şube kodu '${other.name}' şubesinde kayıtlı.`, 'BRANCH_CODE_TAKEN', 'code');
  }
  return { bankId: bank.id, name, code, cityId: b.cityId ?? null, address: b.address?.trim() || null, phone: b.phone?.trim() || null };
}

const listBankBranches: Handler = async (ctx) => {
  const p = pageRequest(ctx, ['name', 'asc']);
  const q = ctx.query as { bankId?: number; search?: string };
  let base = branches(db(ctx), company(ctx));
  if (q.bankId !== undefined) base = base.where('br.bank_id', '=', q.bankId);
  const search = q.search?.trim();
  if (search) {
    const like = likePattern(search);
    base = base.where((eb) => eb.or([eb('br.name', 'ilike', like), eb('br.code', '=', search), eb('b.name', 'ilike', like)]));
  }
  const total = Number((await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  const cols = { id: sql`br.id`, name: sql`lower(br.name)`, bankName: sql`lower(b.name)` } as const;
  let rows = base.select(BRANCH_COLUMNS);
  for (const [f, dir] of p.sort) rows = rows.orderBy(cols[f as keyof typeof cols] ?? sql`br.id`, dir);
  return pageResult(ctx, (await rows.orderBy('br.id').limit(p.size).offset(p.offset).execute()).map(branchView), total);
};

const getBankBranch: Handler = async (ctx) => branchView(await branchOr404(ctx, idParam(ctx)));

const createBankBranch: Handler = async (ctx) => {
  const v = await cleanBranch(ctx, ctx.body as BranchBody);
  const row = await db(ctx).insertInto('bank_branches').values({
    company_id: company(ctx), bank_id: v.bankId, name: v.name, code: v.code, city_id: v.cityId, address: v.address, phone: v.phone,
  }).returning('id').executeTakeFirstOrThrow();
  ctx.audit({ action: 'accounting.bank-branch.created', entity: 'bank-branch', entityId: row.id, detail: { name: v.name, bankId: v.bankId } });
  ctx.setStatus(201);
  return branchView(await branchOr404(ctx, row.id));
};

const updateBankBranch: Handler = async (ctx) => {
  const b = ctx.body as BranchBody & { id: number };
  const d = db(ctx);
  const c = company(ctx);
  const before = await branchOr404(ctx, b.id);
  const v = await cleanBranch(ctx, b, b.id);
  if (v.bankId !== before.bank_id) {
    const used = await d.selectFrom('bank_accounts').select('name').where('company_id', '=', c).where('branch_id', '=', b.id).executeTakeFirst();
    if (used) throw problems.conflict(`Bu şubede banka hesabı var ('${used.name}'); bankası değiştirilemez.`, 'BRANCH_IN_USE', 'bankId');
  }
  await d.updateTable('bank_branches').set({ bank_id: v.bankId, name: v.name, code: v.code, city_id: v.cityId, address: v.address, phone: v.phone })
    .where('company_id', '=', c).where('id', '=', b.id).execute();
  ctx.audit({ action: 'accounting.bank-branch.updated', entity: 'bank-branch', entityId: b.id });
  return branchView(await branchOr404(ctx, b.id));
};

const deleteBankBranch: Handler = async (ctx) => {
  const d = db(ctx);
  const c = company(ctx);
  const br = await branchOr404(ctx, idParam(ctx));
  const used = await d.selectFrom('bank_accounts').select('name').where('company_id', '=', c).where('branch_id', '=', br.id).executeTakeFirst();
  if (used) throw problems.conflict(`Bu şubede banka hesabı var ('${used.name}'); silinemez.`, 'BRANCH_IN_USE');
  await d.deleteFrom('bank_branches').where('company_id', '=', c).where('id', '=', br.id).execute();
  ctx.audit({ action: 'accounting.bank-branch.deleted', entity: 'bank-branch', entityId: br.id, detail: { name: br.name } });
  ctx.setStatus(204);
  return null;
};

export const bankHandlers: Record<string, Handler> = {
  listBanks, getBank, createBank, updateBank, deleteBank,
  listBankBranches, getBankBranch, createBankBranch, updateBankBranch, deleteBankBranch,
};
