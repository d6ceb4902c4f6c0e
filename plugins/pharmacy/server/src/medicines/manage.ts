import Decimal from 'decimal.js';
import { sql } from 'kysely';
import { directoryOf } from '@tezgah/accounting-server';
import { inTenant, pageRequest, pageResult, problems, requireAuth, uploadedFiles, type Handler, type RequestContext, type Services } from '@tezgah/server';
import type { JobDefinition } from '@tezgah/server';
import type { PharmacyArea } from '../area';
import { COLS, createProducts, latestEurRate, todayOf, toMedicine, type MedicineRow } from './index';
import { applyPlan, KINDS, plan, readCells, type ChangeKind } from './titck';

/**
 * Medicine management (issue 14): management staff (Yönetim, module 1000) keep the shared medicine
 * master — add (source MANUAL), change, make passive, withdraw — update it from TİTCK's lists
 * (titck.ts), and start a pharmacy's products from it (a job per company, its status kept in
 * pharmacy_medicine_creation). Pharmacies read the master as before.
 */

// --- checks -------------------------------------------------------------------------------------

/** True for a GTIN-13 whose last digit is its check digit (weights 1, 3 from the left). */
export function validGtin13(code: string): boolean {
  if (!/^\d{13}$/.test(code)) return false;
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(code[i]) * (i % 2 === 0 ? 1 : 3);
  return (10 - (sum % 10)) % 10 === Number(code[12]);
}

const ATC = /^[A-Z](\d{2}([A-Z]([A-Z](\d{2})?)?)?)?$/;
const COLORS = ['NORMAL', 'RED', 'GREEN', 'PURPLE', 'ORANGE'];

interface Body {
  barcode?: string; name?: string; atcCode?: string | null; atcName?: string | null; substance?: string | null; firm?: string | null; color?: string | null;
  active?: boolean; sgkPublicNo?: string | null; equivalentGroup?: string | null; referencePriceEur?: string | null; licenceNo?: string | null; licenceDate?: string | null;
}

interface Checked {
  name: string; atc_code: string | null; atc_name: string | null; substance: string | null; firm: string | null; color: string | null; active: boolean | undefined;
  sgk_public_no: string | null; equivalent_group: string | null; reference_price_eur: string | null; licence_no: string | null; licence_date: string | null;
}

const opt = (v: unknown, max: number): string | null => {
  if (v === null || v === undefined) return null;
  const t = String(v).trim();
  return t === '' ? null : t.slice(0, max);
};

/** The body's fields checked, every problem a Turkish field error (400). */
function check(b: Body, creating: boolean): Checked {
  const errors: { field: string; message: string; code: string }[] = [];
  if (creating) {
    const code = String(b.barcode ?? '').trim();
    if (!validGtin13(code)) errors.push({ field: 'barcode', message: 'Barkod 13 haneli geçerli bir GTIN-13 olmalı (son hane kontrol hanesi).', code: 'GTIN' });
  }
  const name = String(b.name ?? '').replace(/\s+/g, ' ').trim();
  if (!name) errors.push({ field: 'name', message: 'İlaç adı boş olamaz.', code: 'REQUIRED' });
  else if (name.length > 250) errors.push({ field: 'name', message: 'İlaç adı en fazla 250 karakter olabilir.', code: 'TOO_LONG' });
  const atc = opt(b.atcCode, 20)?.toUpperCase() ?? null;
  if (atc !== null && !ATC.test(atc)) errors.push({ field: 'atcCode', message: 'ATC kodu geçersiz (örneğin N02BE01).', code: 'ATC' });
  const color = b.color ?? null;
  if (color !== null && !COLORS.includes(color)) errors.push({ field: 'color', message: 'Reçete türü NORMAL, RED, GREEN, PURPLE ya da ORANGE olmalı.', code: 'COLOR' });
  let priceEur: string | null = null;
  const rawPrice = opt(b.referencePriceEur, 30);
  if (rawPrice !== null) {
    const p = rawPrice.replace(',', '.');
    if (!/^\d{1,13}(\.\d{1,2})?$/.test(p)) errors.push({ field: 'referencePriceEur', message: 'Referans fiyat en çok iki ondalıklı bir tutar olmalı (örneğin 12.50).', code: 'DECIMAL' });
    else priceEur = new Decimal(p).toFixed(2);
  }
  const licenceDate = opt(b.licenceDate, 10);
  if (licenceDate !== null && (!/^\d{4}-\d{2}-\d{2}$/.test(licenceDate) || Number.isNaN(Date.parse(`${licenceDate}T00:00:00Z`)) || new Date(`${licenceDate}T00:00:00Z`).toISOString().slice(0, 10) !== licenceDate)) {
    errors.push({ field: 'licenceDate', message: 'Ruhsat tarihi YYYY-AA-GG biçiminde geçerli bir tarih olmalı.', code: 'DATE' });
  }
  if (b.active !== undefined && typeof b.active !== 'boolean') errors.push({ field: 'active', message: 'Aktiflik evet ya da hayır olmalı.', code: 'BOOLEAN' });
  if (errors.length) throw problems.badRequest(errors[0]!.message, errors);
  return {
    name, atc_code: atc, atc_name: opt(b.atcName, 300), substance: opt(b.substance, 500), firm: opt(b.firm, 300), color, active: b.active,
    sgk_public_no: opt(b.sgkPublicNo, 20), equivalent_group: opt(b.equivalentGroup, 20), reference_price_eur: priceEur, licence_no: opt(b.licenceNo, 50), licence_date: licenceDate,
  };
}

async function one(ctx: RequestContext, barcode: string) {
  const r = await sql<MedicineRow>`select ${COLS} from pharmacy_medicines m where m.barcode = ${barcode}`.execute(ctx.trx);
  const row = r.rows[0];
  if (!row) throw problems.notFound('İlaç');
  return toMedicine(row, row.reference_price_eur !== null ? await latestEurRate(ctx.trx, directoryOf(ctx.services), todayOf(ctx)) : null);
}

const barcodeOf = (ctx: RequestContext) => String((ctx.params as { barcode: string }).barcode);

const createHandler: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  const b = (ctx.body ?? {}) as Body;
  const c = check(b, true);
  const barcode = String(b.barcode).trim();
  const taken = await sql`select 1 from pharmacy_medicines where barcode = ${barcode} or ${barcode} = any (old_barcodes) limit 1`.execute(ctx.trx);
  if (taken.rows.length) throw problems.conflict('Bu barkodla bir ilaç zaten var.', 'DUPLICATE_BARCODE', 'barcode');
  await sql`insert into pharmacy_medicines (barcode, name, atc_code, atc_name, substance, firm, color, active, sgk_public_no, equivalent_group, reference_price_eur,
      licence_no, licence_date, sources, updated_at, updated_by)
    values (${barcode}, ${c.name}, ${c.atc_code}, ${c.atc_name}, ${c.substance}, ${c.firm}, ${c.color}, ${c.active ?? true}, ${c.sgk_public_no}, ${c.equivalent_group},
      ${c.reference_price_eur}::numeric, ${c.licence_no}, ${c.licence_date}::date, '{MANUAL}', now(), ${auth.login})`.execute(ctx.trx);
  ctx.audit({ action: 'pharmacy.medicine.created', entity: 'medicine', detail: { barcode, name: c.name } });
  ctx.setStatus(201);
  return one(ctx, barcode);
};

const updateHandler: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  const barcode = barcodeOf(ctx);
  await one(ctx, barcode);
  const b = (ctx.body ?? {}) as Body;
  const c = check(b, false);
  const has = (k: keyof Body) => Object.prototype.hasOwnProperty.call(b, k);
  // Fields left out of the body keep their value; active true also takes a withdrawal back.
  await sql`update pharmacy_medicines set name = ${c.name},
      atc_code = ${has('atcCode') ? sql`${c.atc_code}` : sql`atc_code`}, atc_name = ${has('atcName') ? sql`${c.atc_name}` : sql`atc_name`},
      substance = ${has('substance') ? sql`${c.substance}` : sql`substance`}, firm = ${has('firm') ? sql`${c.firm}` : sql`firm`},
      color = ${has('color') ? sql`${c.color}` : sql`color`}, sgk_public_no = ${has('sgkPublicNo') ? sql`${c.sgk_public_no}` : sql`sgk_public_no`},
      equivalent_group = ${has('equivalentGroup') ? sql`${c.equivalent_group}` : sql`equivalent_group`},
      reference_price_eur = ${has('referencePriceEur') ? sql`${c.reference_price_eur}::numeric` : sql`reference_price_eur`},
      licence_no = ${has('licenceNo') ? sql`${c.licence_no}` : sql`licence_no`}, licence_date = ${has('licenceDate') ? sql`${c.licence_date}::date` : sql`licence_date`},
      active = ${c.active === undefined ? sql`active` : sql`${c.active}`}, withdrawn_at = ${c.active === true ? sql`null` : sql`withdrawn_at`},
      updated_at = now(), updated_by = ${auth.login}
    where barcode = ${barcode}`.execute(ctx.trx);
  ctx.audit({ action: 'pharmacy.medicine.updated', entity: 'medicine', detail: { barcode } });
  return one(ctx, barcode);
};

const withdrawHandler: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  const barcode = barcodeOf(ctx);
  await one(ctx, barcode);
  const withdrawn = (ctx.body as { withdrawn?: boolean } | undefined)?.withdrawn !== false;
  if (withdrawn) {
    await sql`update pharmacy_medicines set active = false, withdrawn_at = coalesce(withdrawn_at, ${todayOf(ctx)}::date), updated_at = now(), updated_by = ${auth.login} where barcode = ${barcode}`.execute(ctx.trx);
  } else {
    await sql`update pharmacy_medicines set active = true, withdrawn_at = null, updated_at = now(), updated_by = ${auth.login} where barcode = ${barcode}`.execute(ctx.trx);
  }
  ctx.audit({ action: withdrawn ? 'pharmacy.medicine.withdrawn' : 'pharmacy.medicine.reinstated', entity: 'medicine', detail: { barcode } });
  return one(ctx, barcode);
};

// --- the TİTCK import ---------------------------------------------------------------------------------

const today = (ctx: RequestContext) => ctx.services.now().toISOString().slice(0, 10);

/**
 * The withdrawal check of an import: how many medicines the list would withdraw of those the
 * master holds from it, and whether that share is over `maxWithdrawPercent` (a partial list
 * withdraws everything it leaves out). `limit` is null, and nothing exceeded, without a limit.
 */
export interface WithdrawCheck { count: number; of: number; share: number; limit: number | null; exceeded: boolean }

export function withdrawCheck(withdrawn: number, held: number, maxWithdrawPercent: number | null): WithdrawCheck {
  const share = held > 0 ? withdrawn / held : 0;
  const limit = maxWithdrawPercent === null ? null : maxWithdrawPercent / 100;
  return { count: withdrawn, of: held, share, limit, exceeded: limit !== null && share > limit };
}

const percentTr = (fraction: number) => `%${(fraction * 100).toLocaleString('tr-TR', { maximumFractionDigits: 1 })}`;

const importHandler: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  const started = Date.now();
  const q = (ctx.query ?? {}) as { dryRun?: boolean | string; limit?: number; maxWithdrawPercent?: number | string };
  const dryRun = !(q.dryRun === false || q.dryRun === 'false');
  const limit = q.limit === undefined ? 50 : Math.max(0, Math.min(1000, Number(q.limit) || 0));
  // 0–100 (the contract checks it); absent, no limit.
  const maxWithdraw = q.maxWithdrawPercent === undefined ? null : Number(q.maxWithdrawPercent);
  const files = uploadedFiles(ctx);
  const file = files.find((f) => f.fieldName === 'file') ?? files[0]!;
  const day = today(ctx);
  const p = await plan(ctx.trx, await readCells(file.data), day);
  const counts = Object.fromEntries(KINDS.map((k) => [k, 0])) as Record<ChangeKind, number>;
  for (const c of p.changes) counts[c.kind]++;
  const shown: typeof p.changes = [];
  const taken = Object.fromEntries(KINDS.map((k) => [k, 0])) as Record<ChangeKind, number>;
  for (const c of p.changes) if (taken[c.kind]++ < limit) shown.push(c);
  const withdraw = withdrawCheck(counts.WITHDRAWN, p.held, maxWithdraw);
  // Decided before anything is written: a list that would withdraw more than the caller allows is
  // taken for a partial one and refused whole, with what it would have done (a dry run only reports it).
  if (!dryRun && withdraw.exceeded) {
    throw problems.conflict(
      `Liste eksik görünüyor: kayıtlı ${p.held.toLocaleString('tr-TR')} ilaçtan ${withdraw.count.toLocaleString('tr-TR')} tanesini (${percentTr(withdraw.share)}) çekilen yapacak; sınır ${percentTr(withdraw.limit!)}. Hiçbir şey yazılmadı.`,
      'LIST_LOOKS_PARTIAL',
      undefined,
      { list: p.list, rows: p.rows, counts, total: p.changes.length, unmatched: p.unmatched, skipped: p.skipped, changes: shown, withdraw, tookMs: Date.now() - started },
    );
  }
  if (!dryRun && p.changes.length) await applyPlan(ctx.trx, p, auth.login, day);
  ctx.audit({ action: dryRun ? 'pharmacy.medicines.importChecked' : 'pharmacy.medicines.imported', entity: 'medicine', detail: { list: p.list, file: file.fileName.slice(0, 200), rows: p.rows, counts } });
  return { list: p.list, dryRun, rows: p.rows, counts, total: p.changes.length, unmatched: p.unmatched, skipped: p.skipped, changes: shown, withdraw, tookMs: Date.now() - started };
};

// --- a company's products from the master (the medicine-creation status) -------------------------------

export const CREATE_PRODUCTS_JOB = 'pharmacy.medicines.createProducts';
/** A RUNNING status older than this is taken for a run that died and may be started again. */
const STALE_MINUTES = 60;
const RECETE_MODULE = 29;

interface StatusRow {
  company_id: string | number; name: string; tax_number: string | null; status: string | null; created: number | null; skipped: number | null;
  started_at: Date | string | null; finished_at: Date | string | null; error: string | null; started_by: string | null;
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

function statusView(r: StatusRow) {
  return {
    companyId: Number(r.company_id), companyName: r.name, taxNumber: r.tax_number, status: r.status ?? 'NONE', created: Number(r.created ?? 0), skipped: Number(r.skipped ?? 0),
    startedAt: iso(r.started_at), finishedAt: iso(r.finished_at), error: r.error, startedBy: r.started_by,
  };
}

const STATUS_SELECT = sql`select c.id as company_id, c.name, c.tax_number, s.status, s.created, s.skipped, s.started_at, s.finished_at, s.error, s.started_by
  from companies c left join pharmacy_medicine_creation s on s.company_id = c.id`;

const STATUS_SORTS: Record<string, string> = { companyId: 'c.id', name: 'lower(c.name)', status: "coalesce(s.status, 'NONE')" };

const listStatusesHandler: Handler = async (ctx) => {
  requireAuth(ctx);
  const page = pageRequest(ctx, ['name', 'asc']);
  const q = (ctx.query ?? {}) as { search?: string; status?: string };
  const parts = [sql`${RECETE_MODULE} = any (c.modules)`];
  const s = (q.search ?? '').trim();
  if (s) parts.push(sql`(lower(c.name) like ${`%${s.toLocaleLowerCase('tr-TR').replace(/[\\%_]/g, (x) => `\\${x}`)}%`} or c.tax_number = ${s})`);
  if (q.status) parts.push(sql`coalesce(s.status, 'NONE') = ${q.status}`);
  const w = sql.join(parts, sql` and `);
  const order = sql.raw([...page.sort.map(([f, d]) => `${STATUS_SORTS[f] ?? 'lower(c.name)'} ${d}`), 'c.id asc'].join(', '));
  const [rows, count] = await Promise.all([
    sql<StatusRow>`${STATUS_SELECT} where ${w} order by ${order} limit ${page.size} offset ${page.offset}`.execute(ctx.trx),
    sql<{ n: string }>`select count(*)::text as n from companies c left join pharmacy_medicine_creation s on s.company_id = c.id where ${w}`.execute(ctx.trx),
  ]);
  return pageResult(ctx, rows.rows.map(statusView), Number(count.rows[0]?.n ?? 0));
};

async function statusOf(ctx: RequestContext, companyId: number) {
  const r = await sql<StatusRow>`${STATUS_SELECT} where c.id = ${companyId} and ${RECETE_MODULE} = any (c.modules)`.execute(ctx.trx);
  if (!r.rows[0]) throw problems.notFound('Eczane firması');
  return statusView(r.rows[0]);
}

const companyIdOf = (ctx: RequestContext) => Number((ctx.params as { companyId: number }).companyId);

const getStatusHandler: Handler = async (ctx) => {
  requireAuth(ctx);
  return statusOf(ctx, companyIdOf(ctx));
};

const startHandler: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  const companyId = companyIdOf(ctx);
  const before = await statusOf(ctx, companyId);
  if (before.status === 'RUNNING' && before.startedAt && Date.parse(before.startedAt) > ctx.services.now().getTime() - STALE_MINUTES * 60_000) {
    throw problems.conflict('Bu eczanenin ilaçlarından ürün oluşturma işi zaten sürüyor.', 'ALREADY_RUNNING');
  }
  await sql`insert into pharmacy_medicine_creation (company_id, status, created, skipped, started_at, finished_at, error, started_by)
      values (${companyId}, 'RUNNING', 0, 0, ${ctx.services.now()}, null, null, ${auth.login})
    on conflict (company_id) do update set status = 'RUNNING', created = 0, skipped = 0, started_at = excluded.started_at, finished_at = null, error = null, started_by = excluded.started_by`.execute(ctx.trx);
  ctx.afterwards(async (_db, committed) => {
    if (committed) await ctx.services.jobs.send(CREATE_PRODUCTS_JOB, { companyId, login: auth.login });
  });
  ctx.audit({ action: 'pharmacy.medicines.creationStarted', entity: 'company', entityId: companyId });
  ctx.setStatus(202);
  return statusOf(ctx, companyId);
};

const CHUNK = 1000;

/**
 * The job: the company's products of every active medicine of the master it has no product of,
 * a transaction per thousand (so a long run keeps what it made), then DONE with the counts; a
 * failure is kept as FAILED with its message (not retried: management starts it again).
 */
export async function runCreation(services: Services, companyId: number, login: string): Promise<void> {
  let created = 0;
  let skipped = 0;
  try {
    let after = '';
    for (;;) {
      const done = await inTenant(services.db, companyId, async (trx) => {
        const rows = await sql<MedicineRow>`select ${COLS} from pharmacy_medicines m where m.active and m.barcode > ${after} order by m.barcode limit ${CHUNK}`.execute(trx);
        if (!rows.rows.length) return true;
        after = rows.rows[rows.rows.length - 1]!.barcode;
        const r = await createProducts(trx, directoryOf(services), companyId, login, rows.rows, false, todayOf({ services }));
        created += r.created.length;
        skipped += r.skipped;
        return rows.rows.length < CHUNK;
      });
      await sql`update pharmacy_medicine_creation set created = ${created}, skipped = ${skipped} where company_id = ${companyId}`.execute(services.db);
      if (done) break;
    }
    await sql`update pharmacy_medicine_creation set status = 'DONE', created = ${created}, skipped = ${skipped}, finished_at = now(), error = null where company_id = ${companyId}`.execute(services.db);
  } catch (e) {
    const message = (e as { detail?: string }).detail ?? (e instanceof Error ? e.message : String(e));
    await sql`update pharmacy_medicine_creation set status = 'FAILED', created = ${created}, skipped = ${skipped}, finished_at = now(), error = ${message.slice(0, 500)} where company_id = ${companyId}`.execute(services.db);
  }
}

export const manageJobs: Record<string, JobDefinition<{ companyId: number; login: string }>> = {
  [CREATE_PRODUCTS_JOB]: {
    retryLimit: 0,
    expireInSeconds: 3600,
    async handler(job) { await runCreation(job.services, Number(job.data.companyId), String(job.data.login ?? 'system')); },
  },
};

const manageHandlers: Record<string, Handler> = {
  createMedicine: createHandler,
  updateMedicine: updateHandler,
  withdrawMedicine: withdrawHandler,
  importMedicines: importHandler,
  listMedicineCreationStatuses: listStatusesHandler,
  getMedicineCreationStatus: getStatusHandler,
  startMedicineCreation: startHandler,
};
/** The medicine-management area (its own area, so that medicines/index.ts need not import it back). */
export const area: PharmacyArea = { handlers: manageHandlers, jobs: manageJobs };
