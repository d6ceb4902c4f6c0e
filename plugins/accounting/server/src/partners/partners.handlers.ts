import Decimal from 'decimal.js';
import { sql } from 'kysely';
import { pageRequest, pageResult, problems, requireAuth, tables, type Handler, type RequestContext } from '@tezgah/server';
import type { AccountingTables } from '../schema';
import type { LedgerDb } from '../ledger/accounts';
import type { Db } from '../lookups/lookups.repository';
import { loadRuleContext } from '../currents/context';
import * as currents from '../currents/currents.repository';
import { checkCurrent, complete, normalize, type CurrentInput, type FieldProblem } from '../currents/rules';
import { today } from '../ledger/dates';
import { findPartner, listPartners, lockShares, otherShares, pct, tl, PARTNER_OWNER, type PartnerView } from './partners.repository';

const db = (ctx: RequestContext): LedgerDb & Db => tables<AccountingTables>(ctx);
const company = (ctx: RequestContext) => requireAuth(ctx).companyId;

/** The fields of a partner the partner form sends (a subset of a current's). */
const PARTNER_FIELDS = [
  'name', 'lastName', 'title', 'partnerType', 'sharePercentage', 'capital', 'currencyId', 'taxNumber', 'taxOfficeId', 'iban', 'phone', 'email', 'address', 'active',
] as const;

function given(body: Record<string, unknown>): Partial<CurrentInput> {
  const picked: Record<string, unknown> = { currentAccountType: 'PARTNER' };
  for (const f of PARTNER_FIELDS) if (f in body) picked[f] = body[f];
  return normalize(picked);
}

export async function partnerOr404(ctx: RequestContext, id: number): Promise<PartnerView> {
  const p = await findPartner(db(ctx), company(ctx), id);
  if (!p) throw problems.notFound('Ortak');
  return p;
}

/**
 * The partner rules on top of a current's (name, type individual or corporate, share 0–100 with
 * two decimals, capital not negative, valid tax number and IBAN): the capital is kept in lira
 * (TTK 332: the share capital is stated in Turkish lira), the shares of the active partners add
 * up to at most 100 %, and a partner's capital never falls below what it has already committed.
 */
async function checkPartner(ctx: RequestContext, input: CurrentInput, self?: PartnerView): Promise<CurrentInput> {
  const d = db(ctx);
  const c = company(ctx);
  const { value, problems: found } = checkCurrent(input, await loadRuleContext(d, c, [input], today(ctx)));
  const fail = (field: string, message: string, code: string) => found.push({ field, message, code } as FieldProblem);
  if (value.currencyId !== null && value.currencyId !== 1 && !found.some((f) => f.field === 'currencyId')) {
    fail('currencyId', 'Ortak sermayesi Türk lirası (TL) olarak tutulur (TTK md. 332).', 'CURRENCY');
  }
  if (value.active && value.sharePercentage !== null && !found.some((f) => f.field === 'sharePercentage')) {
    await lockShares(d, c);
    const others = await otherShares(d, c, self?.id);
    const mine = new Decimal(String(value.sharePercentage));
    if (others.plus(mine).gt(100)) {
      const room = Decimal.max(new Decimal(100).minus(others), 0);
      fail('sharePercentage', `Ortakların hisse oranları toplamı %100'ü aşamaz: diğer ortakların toplamı ${pct(others)}, bu ortağa en fazla ${pct(room)} verilebilir.`, 'SHARE_TOTAL_EXCEEDED');
    }
  }
  if (self && value.capital !== null && new Decimal(String(value.capital)).lt(self.committedCapital)) {
    fail('capital', `Sermaye, ortağın taahhüt ettiği ${tl(self.committedCapital)} tutarın altına indirilemez; önce fazla taahhüdü silin.`, 'BELOW_COMMITTED');
  }
  if (found.length) throw problems.badRequest(found.map((p) => p.message).join(' '), found);
  return value;
}

async function taxNumberFree(ctx: RequestContext, v: CurrentInput, exceptId?: number) {
  if (!v.taxNumber) return;
  const holder = await currents.taxNumberHolder(db(ctx), company(ctx), 'PARTNER', v.taxNumber, exceptId);
  if (holder) throw problems.conflict(`Bu T.C. kimlik / vergi numarasıyla kayıtlı bir ortak zaten var: ${holder.name}.`, 'CURRENT_TAX_NUMBER_TAKEN', 'taxNumber');
}

const listPartnersHandler: Handler = async (ctx) => {
  const p = pageRequest(ctx);
  const q = ctx.query as { search?: string; active?: boolean; partnerType?: string };
  const { items, total } = await listPartners(db(ctx), company(ctx), {
    ...(q.search ? { search: q.search } : {}), ...(q.active !== undefined ? { active: q.active } : {}), ...(q.partnerType ? { partnerType: q.partnerType } : {}),
  }, p);
  return pageResult(ctx, items, total);
};

const getPartner: Handler = async (ctx) => partnerOr404(ctx, (ctx.params as { id: number }).id);

const createPartner: Handler = async (ctx) => {
  const value = await checkPartner(ctx, complete(given(ctx.body as Record<string, unknown>)));
  await taxNumberFree(ctx, value);
  const [id] = await currents.insertCurrents(db(ctx), company(ctx), [value]);
  ctx.audit({ action: 'accounting.partner.created', entity: 'current', entityId: id!, detail: { name: value.name, sharePercentage: value.sharePercentage, capital: value.capital } });
  ctx.setStatus(201);
  return partnerOr404(ctx, id!);
};

const updatePartner: Handler = async (ctx) => {
  const body = ctx.body as Record<string, unknown> & { id: number };
  const c = company(ctx);
  const row = await currents.findRow(db(ctx), c, body.id);
  if (!row || row.type !== 'PARTNER') throw problems.notFound('Ortak');
  await sql`select id from currents where company_id = ${c} and id = ${row.id} for update`.execute(db(ctx));
  const self = await partnerOr404(ctx, row.id);
  const before = currents.toInput(row);
  const value = await checkPartner(ctx, complete(given(body), before), self);
  if (JSON.stringify(currents.toColumns(value)) === JSON.stringify(currents.toColumns(before))) {
    throw problems.badRequest('You made no changes!', [{ field: 'name', message: 'You made no changes!', code: 'NO_CHANGES' }]);
  }
  await taxNumberFree(ctx, value, row.id);
  await currents.updateCurrent(db(ctx), c, row.id, before, value);
  ctx.audit({ action: 'accounting.partner.updated', entity: 'current', entityId: row.id });
  return partnerOr404(ctx, row.id);
};

/** A partner with capital records (even cancelled ones) or any posting stays: it is made passive instead. */
const deletePartner: Handler = async (ctx) => {
  const c = company(ctx);
  const d = db(ctx);
  const id = (ctx.params as { id: number }).id;
  const row = await currents.findRow(d, c, id);
  if (!row || row.type !== 'PARTNER') throw problems.notFound('Ortak');
  const capital = await d.selectFrom('capitals').select('id').where('company_id', '=', c).where('partner_id', '=', id).limit(1).executeTakeFirst();
  const lines = await sql<{ n: number }>`select count(*)::int as n from journal_lines l join ledger_accounts a on a.company_id = l.company_id and a.code = l.account_code
    where l.company_id = ${c} and a.owner_kind in (${PARTNER_OWNER}, 'CURRENT') and a.owner_id = ${id}`.execute(d);
  if (capital || (lines.rows[0]?.n ?? 0) > 0) {
    throw problems.conflict('Sermaye hareketi ya da muhasebe kaydı olan bir ortak silinemez; ortaklıktan ayrıldıysa pasife alın.', 'PARTNER_HAS_MOVEMENTS');
  }
  await d.deleteFrom('ledger_accounts').where('company_id', '=', c).where('owner_kind', 'in', [PARTNER_OWNER, 'CURRENT']).where('owner_id', '=', id).execute();
  await currents.deleteCurrent(d, c, id);
  ctx.audit({ action: 'accounting.partner.deleted', entity: 'current', entityId: id, detail: { name: row.name } });
  ctx.setStatus(204);
  return null;
};

export const partnerHandlers: Record<string, Handler> = {
  listPartners: listPartnersHandler, getPartner, createPartner, updatePartner, deletePartner,
};
