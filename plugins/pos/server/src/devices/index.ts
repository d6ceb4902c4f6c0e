import type { Kysely } from 'kysely';
import { openSecret, setTenant, pageRequest, pageResult, problems, requireAuth, sealSecret, tables, type DemoTenant, type Handler, type SecretScope, type Services, type Trx } from '@tezgah/server';
import { POS_PROVIDERS, TERMINAL_SERIAL, type PosProvider } from '@tezgah/pos-common';
import type { PosArea } from '../area';
import { directoryOf } from '@tezgah/accounting-server';
import type { DevicesTables, PosDevicesTable } from './schema';
import { MANAGEMENT_DEVICES_POINT, terminalsForManagement } from '../management-devices';

/**
 * POS devices (issue 13; seeds 001 §2 /pos-devices, module 27): a company's card terminals with
 * the provider their payments go through and its credentials (app token, API key, user,
 * password), sealed with the server's secret (bound to company, device and field) and never
 * answered (`…Set` flags say whether one is stored), and the bank account of type POS the
 * terminal settles into. The bank account is checked through the accounting plugin's read-only
 * directory (`accounting.directory`), never in its tables.
 *
 * The area also tells the other POS areas where the simulators answer (`sandboxBase`) and how
 * long an outside call may take (`outsideTimeoutMs`).
 */

export const DEFAULT_OUTSIDE_TIMEOUT_MS = 15_000;
const listening = new WeakMap<object, string>();

/** Test hooks: a fixed sandbox base or timeout. */
export const devicesHooks: { sandboxBase: string | undefined; timeoutMs: number | undefined } = { sandboxBase: undefined, timeoutMs: undefined };

/** Where the POS simulators answer: TEZGAH_POS_SANDBOX_URL, a test's hook, the server's own listening address, its public URL; with /sandbox/pos appended. */
export function sandboxBase(services: Pick<Services, 'config'>): string {
  const base = services.config.env?.TEZGAH_POS_SANDBOX_URL || devicesHooks.sandboxBase || listening.get(services.config) || services.config.publicUrl;
  return `${base.replace(/\/+$/, '')}/sandbox/pos`;
}

/** The server's own address (for callbacks the simulators send to us). */
export function ownBase(services: Pick<Services, 'config'>): string {
  return (listening.get(services.config) || services.config.publicUrl).replace(/\/+$/, '');
}

/** How long a call to a POS provider may take (TEZGAH_POS_TIMEOUT_MS, 15 s). */
export function outsideTimeoutMs(services: Pick<Services, 'config'>): number {
  const v = Number(services.config.env?.TEZGAH_POS_TIMEOUT_MS);
  return devicesHooks.timeoutMs ?? (Number.isFinite(v) && v > 0 ? v : DEFAULT_OUTSIDE_TIMEOUT_MS);
}

type Db = Kysely<DevicesTables>;
const scope = (companyId: number, deviceId: number, field: string): SecretScope => ({ salt: 'tezgah-pos', info: 'pos_devices v1', aad: `pos_devices:${companyId}:${deviceId}:${field}` });

/** A device with its credentials opened, for the terminal adapters. */
export interface PosDeviceAccess {
  id: number; name: string; terminalSerialNo: string; provider: PosProvider; bankAccountId: number; active: boolean;
  appToken: string | null; apiKey: string | null; username: string | null; password: string | null;
}

export async function loadDevice(db: Kysely<any>, services: Pick<Services, 'secret'>, companyId: number, id: number): Promise<PosDeviceAccess | null> {
  const r = await (db as Db).selectFrom('pos_devices').selectAll().where('company_id', '=', companyId).where('id', '=', id).executeTakeFirst();
  if (!r) return null;
  const open = (f: string, v: string | null) => openSecret(services.secret, scope(companyId, r.id, f), v);
  return {
    id: r.id, name: r.name, terminalSerialNo: r.terminal_serial_no, provider: r.provider, bankAccountId: Number(r.bank_account_id), active: r.active,
    appToken: open('app_token', r.app_token_enc), apiKey: open('api_key', r.api_key_enc), username: r.username, password: open('password', r.password_enc),
  };
}

type Row = PosDevicesTable & { id: number; active: boolean; created_at: Date; updated_at: Date };
const view = (r: Row, bank?: { name: string } | undefined) => ({
  id: Number(r.id), name: r.name, terminalSerialNo: r.terminal_serial_no, provider: r.provider,
  bankAccountId: Number(r.bank_account_id), bankAccountName: bank?.name ?? null, active: r.active,
  appTokenSet: !!r.app_token_enc, apiKeySet: !!r.api_key_enc, username: r.username, passwordSet: !!r.password_enc,
  createdDate: new Date(r.created_at).toISOString(), updatedDate: new Date(r.updated_at).toISOString(),
});

async function withBank(services: Services, db: Db, companyId: number, rows: Row[]) {
  const ids = [...new Set(rows.map((r) => Number(r.bank_account_id)))];
  const banks = ids.length ? await directoryOf(services).bankAccounts(db, companyId, { ids }) : [];
  const m = new Map(banks.map((b) => [Number(b.id), b]));
  return rows.map((r) => view(r, m.get(Number(r.bank_account_id))));
}

interface Body {
  name?: string; terminalSerialNo?: string; provider?: PosProvider; bankAccountId?: number; active?: boolean;
  appToken?: string | null; apiKey?: string | null; username?: string | null; password?: string | null;
}

async function check(services: Services, db: Db, companyId: number, b: Body, id: number | null) {
  if (b.name !== undefined && !b.name.trim()) throw problems.invalidField('name', 'Cihaz adı zorunludur.', 'REQUIRED');
  if (b.terminalSerialNo !== undefined) {
    if (!TERMINAL_SERIAL.test(b.terminalSerialNo)) throw problems.invalidField('terminalSerialNo', 'Terminal seri numarası 4-32 harf, rakam veya tireden oluşur.', 'SERIAL_NO');
    let q = db.selectFrom('pos_devices').select('id').where('company_id', '=', companyId).where('terminal_serial_no', '=', b.terminalSerialNo);
    if (id !== null) q = q.where('id', '<>', id);
    if (await q.executeTakeFirst()) throw problems.conflict('Bu terminal seri numarasıyla kayıtlı bir POS cihazı var.', 'SERIAL_NO_TAKEN', 'terminalSerialNo');
  }
  if (b.provider !== undefined && !(POS_PROVIDERS as readonly string[]).includes(b.provider)) throw problems.invalidField('provider', 'Geçersiz POS sağlayıcısı.', 'PROVIDER');
  if (b.bankAccountId !== undefined) {
    const bank = await directoryOf(services).bankAccount(db, companyId, b.bankAccountId);
    if (!bank) throw problems.invalidField('bankAccountId', 'Banka hesabı bulunamadı.', 'ACCOUNT_NOT_FOUND');
    if (bank.accountType !== 'POS') throw problems.invalidField('bankAccountId', 'POS cihazı yalnız POS tipindeki bir banka hesabına bağlanabilir.', 'NOT_POS_ACCOUNT');
  }
}

const text = (v: string | null | undefined) => (v === undefined ? undefined : v === null ? null : v.trim() || null);

function secrets(services: Services, companyId: number, id: number, b: Body): Record<string, string | null> {
  const out: Record<string, string | null> = {};
  const seal = (f: string, v: string) => sealSecret(services.secret, scope(companyId, id, f), v);
  // A secret left out or empty keeps the stored one; null clears it.
  for (const [k, col, f] of [['appToken', 'app_token_enc', 'app_token'], ['apiKey', 'api_key_enc', 'api_key'], ['password', 'password_enc', 'password']] as const) {
    const v = b[k];
    if (v === null) out[col] = null;
    else if (typeof v === 'string' && v !== '') out[col] = seal(f, v);
  }
  return out;
}

const listPosDevices: Handler = async (ctx) => {
  const { companyId } = requireAuth(ctx);
  const db = tables<DevicesTables>(ctx) as unknown as Db;
  const p = pageRequest(ctx, ['id', 'desc']);
  const q = ctx.query ?? {};
  let base = db.selectFrom('pos_devices').where('company_id', '=', companyId);
  if (typeof q.active === 'boolean') base = base.where('active', '=', q.active);
  if (q.search) base = base.where((eb) => eb.or([eb('name', 'ilike', `%${String(q.search).replace(/[\\%_]/g, '\\$&')}%`), eb('terminal_serial_no', 'ilike', `%${String(q.search).replace(/[\\%_]/g, '\\$&')}%`)]));
  const total = Number((await base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirst())?.n ?? 0);
  const [field, dir] = p.sort[0] ?? ['id', 'desc'];
  const sortCol = field === 'name' ? 'name' : field === 'terminalSerialNo' ? 'terminal_serial_no' : 'id';
  const rows = await base.selectAll().orderBy(sortCol, dir).orderBy('id', 'desc').limit(p.size).offset(p.offset).execute();
  return pageResult(ctx, await withBank(ctx.services, db, companyId, rows as Row[]), total);
};

async function one(db: Db, companyId: number, id: number) {
  const r = await db.selectFrom('pos_devices').selectAll().where('company_id', '=', companyId).where('id', '=', id).executeTakeFirst();
  if (!r) throw problems.notFound('POS cihazı');
  return r as Row;
}

const getPosDevice: Handler = async (ctx) => {
  const { companyId } = requireAuth(ctx);
  const db = tables<DevicesTables>(ctx) as unknown as Db;
  return (await withBank(ctx.services, db, companyId, [await one(db, companyId, Number(ctx.params.id))]))[0];
};

const createPosDevice: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  const db = tables<DevicesTables>(ctx) as unknown as Db;
  const b = ctx.body as Body;
  await check(ctx.services, db, auth.companyId, b, null);
  const r = await db.insertInto('pos_devices').values({
    company_id: auth.companyId, name: b.name!.trim(), terminal_serial_no: b.terminalSerialNo!, provider: b.provider ?? 'SANDBOX',
    bank_account_id: b.bankAccountId!, active: b.active ?? true, username: text(b.username) ?? null, created_by: auth.login,
  }).returning('id').executeTakeFirstOrThrow();
  const id = Number(r.id);
  const s = secrets(ctx.services, auth.companyId, id, b);
  if (Object.keys(s).length) await db.updateTable('pos_devices').set(s).where('company_id', '=', auth.companyId).where('id', '=', id).execute();
  ctx.audit({ action: 'pos.device.created', entity: 'pos_device', entityId: id, detail: { terminalSerialNo: b.terminalSerialNo, provider: b.provider ?? 'SANDBOX' } });
  ctx.setStatus(201);
  return (await withBank(ctx.services, db, auth.companyId, [await one(db, auth.companyId, id)]))[0];
};

const updatePosDevice: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  const db = tables<DevicesTables>(ctx) as unknown as Db;
  const b = ctx.body as Body & { id?: number };
  const id = Number(ctx.params.id ?? b.id);
  await one(db, auth.companyId, id);
  await check(ctx.services, db, auth.companyId, b, id);
  const set: Record<string, unknown> = {
    name: b.name?.trim(), terminal_serial_no: b.terminalSerialNo, provider: b.provider, bank_account_id: b.bankAccountId, active: b.active,
    username: text(b.username), ...secrets(ctx.services, auth.companyId, id, b), updated_at: new Date(),
  };
  for (const k of Object.keys(set)) if (set[k] === undefined) delete set[k];
  await db.updateTable('pos_devices').set(set).where('company_id', '=', auth.companyId).where('id', '=', id).execute();
  ctx.audit({ action: 'pos.device.updated', entity: 'pos_device', entityId: id, detail: { fields: Object.keys(set).filter((k) => k !== 'updated_at').map((k) => k.replace(/_enc$/, '')) } });
  return (await withBank(ctx.services, db, auth.companyId, [await one(db, auth.companyId, id)]))[0];
};

const deletePosDevice: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  const db = tables<DevicesTables>(ctx) as unknown as Kysely<any>;
  const id = Number(ctx.params.id);
  await one(db as Db, auth.companyId, id);
  const used = await db.selectFrom('pos_payments').select('id').where('company_id', '=', auth.companyId).where('device_id', '=', id).limit(1).executeTakeFirst();
  if (used) throw problems.conflict('Bu POS cihazıyla alınmış ödemeler var; cihaz silinemez, pasife alınabilir.', 'DEVICE_IN_USE');
  await db.deleteFrom('pos_devices').where('company_id', '=', auth.companyId).where('id', '=', id).execute();
  ctx.audit({ action: 'pos.device.deleted', entity: 'pos_device', entityId: id });
  ctx.setStatus(204);
  return null;
};

/**
 * The demo's card terminals: simulated ones (SANDBOX), each settling into its company's POS bank
 * account (the accounting demo's), so a sale with the "POS cihazı" method walks through the
 * simulator in the demo — the pharmacy's counter terminal and Demo Ticaret's shop terminal.
 */
const DEMO_DEVICES = [
  { company: 'pharmacy', name: 'Tezgâh POS', serial: 'BK300TR0000001', username: 'eczaci' },
  { company: 'general', name: 'Mağaza POS', serial: 'BK300TR0000002', username: 'muhasebe' },
] as const;

async function seedDemo(trx: Trx, demo: DemoTenant) {
  const db = trx as unknown as Db;
  for (const d of DEMO_DEVICES) {
    const companyId = demo.companies[d.company];
    await setTenant(trx, companyId);
    const [bank] = await directoryOf(demo).bankAccounts(trx, companyId, { type: 'POS' });
    if (!bank) continue;
    await db.insertInto('pos_devices').values({ company_id: companyId, name: d.name, terminal_serial_no: d.serial, provider: 'SANDBOX', bank_account_id: bank.id, username: d.username, created_by: 'demo' })
      .onConflict((oc) => oc.doNothing()).execute();
  }
}

export const area: PosArea = {
  handlers: { listPosDevices, getPosDevice, createPosDevice, updatePosDevice, deletePosDevice },
  seedDemo,
  contributes: { [MANAGEMENT_DEVICES_POINT]: [terminalsForManagement] },
  sandbox(app, services) {
    app.addHook('onListen', async () => {
      const a = app.server.address();
      if (a && typeof a === 'object') {
        const host = a.family === 'IPv6' ? `[${a.address === '::' ? '::1' : a.address}]` : (a.address === '0.0.0.0' ? '127.0.0.1' : a.address);
        listening.set(services.config, `http://${host}:${a.port}`);
      }
    });
  },
};
