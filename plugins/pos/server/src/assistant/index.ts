import type { Kysely } from 'kysely';
import { pageRequest, pageResult, Problem, problems, requireAuth, sealSecret, tables, type Handler, type SecretScope } from '@tezgah/server';
import { ASSISTANT_LOCAL_PORT, ASSISTANT_TEXTS_TR, KOLAY_ASISTAN_DOWNLOAD_PATH, KOLAY_ASISTAN_LAST_VERSION, PHARMACY_SOFTWARE } from '@tezgah/pos-common';
import type { PosArea } from '../area';
import { outsideTimeoutMs, sandboxBase } from '../devices/index';
import { assistantSandbox } from './sandbox';
import { MANAGEMENT_DEVICES_POINT, assistantsForManagement } from '../management-devices';

/**
 * The desktop assistant (Kolay Asistan) and connector settings (issue 13): the assistants a
 * company installed (module 28), how each reads the pharmacy software's database (module 32;
 * password sealed, never answered), the newest version the server knows, and the assistant's
 * local API (port 10999) as a port: the live base http://127.0.0.1:10999 for the browser, or the
 * simulator under /sandbox/pos/assistant (sandbox.ts) for tests and demos.
 */

interface AssistantRow {
  company_id: number; id: number; name: string; device_id: string; host: string; port: number; version: string | null; mode: 'sandbox' | 'live';
  active: boolean; last_seen_at: Date | string | null; created_by: string | null; created_at: Date | string; updated_at: Date | string;
}
interface ConnectorRow {
  company_id: number; id: number; assistant_id: number | null; vendor: string; database_type: 'MSSQL' | 'POSTGRESQL' | 'ORACLE'; host: string; port: number;
  database_name: string; username: string; password_enc: string | null; active: boolean; created_by: string | null; created_at: Date | string; updated_at: Date | string;
}
export interface AssistantTables { pos_assistants: AssistantRow; pos_connector_settings: ConnectorRow }
type Db = Kysely<AssistantTables>;

const scope = (companyId: number, id: number): SecretScope => ({ salt: 'tezgah-pos', info: 'pos_connector_settings v1', aad: `pos_connector_settings:${companyId}:${id}:password` });
const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());
const vendorName = (code: string) => PHARMACY_SOFTWARE.find((s) => s.code === code)?.name ?? code;

const assistantView = (r: AssistantRow) => ({
  id: Number(r.id), name: r.name, deviceId: r.device_id, host: r.host, port: r.port, version: r.version, mode: r.mode, active: r.active, lastSeenAt: iso(r.last_seen_at),
});
const connectorView = (r: ConnectorRow) => ({
  id: Number(r.id), assistantId: r.assistant_id === null ? null : Number(r.assistant_id), vendor: r.vendor, vendorName: vendorName(r.vendor), databaseType: r.database_type,
  host: r.host, port: r.port, databaseName: r.database_name, username: r.username, passwordSet: !!r.password_enc, active: r.active,
});

const db = (ctx: Parameters<Handler>[0]) => tables<AssistantTables>(ctx) as unknown as Db;

async function assistantOf(d: Db, companyId: number, id: number): Promise<AssistantRow> {
  const r = await d.selectFrom('pos_assistants').selectAll().where('company_id', '=', companyId).where('id', '=', id).executeTakeFirst();
  if (!r) throw problems.notFound('Kolay Asistan');
  return r;
}
async function connectorOf(d: Db, companyId: number, id: number): Promise<ConnectorRow> {
  const r = await d.selectFrom('pos_connector_settings').selectAll().where('company_id', '=', companyId).where('id', '=', id).executeTakeFirst();
  if (!r) throw problems.notFound('Bağlantı ayarı');
  return r;
}

const duplicateDevice = () => problems.invalidField('deviceId', 'Bu cihaz kimliğiyle kayıtlı bir asistan zaten var.', 'DUPLICATE_DEVICE');

interface AssistantBody { id?: number; name?: string; deviceId?: string; host?: string; port?: number; version?: string | null; mode?: 'sandbox' | 'live'; active?: boolean }

async function uniqueDevice(d: Db, companyId: number, deviceId: string | undefined, except: number | null) {
  if (!deviceId) return;
  let q = d.selectFrom('pos_assistants').select('id').where('company_id', '=', companyId).where('device_id', '=', deviceId);
  if (except !== null) q = q.where('id', '<>', except);
  if (await q.executeTakeFirst()) throw duplicateDevice();
}

const listKolayAsistans: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  const page = pageRequest(ctx, ['id', 'desc']);
  const cols: Record<string, string> = { id: 'id', name: 'name', version: 'version', lastSeenAt: 'last_seen_at' };
  let q = db(ctx).selectFrom('pos_assistants').selectAll().where('company_id', '=', auth.companyId);
  for (const [f, dir] of page.sort) q = q.orderBy(cols[f] as 'id', dir);
  const [rows, count] = await Promise.all([
    q.orderBy('id', 'desc').limit(page.size).offset(page.page * page.size).execute(),
    db(ctx).selectFrom('pos_assistants').select((eb) => eb.fn.countAll().as('n')).where('company_id', '=', auth.companyId).executeTakeFirst(),
  ]);
  return pageResult(ctx, rows.map(assistantView), Number(count?.n ?? 0));
};

const createKolayAsistan: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  const b = ctx.body as AssistantBody;
  const d = db(ctx);
  await uniqueDevice(d, auth.companyId, b.deviceId, null);
  const r = await d.insertInto('pos_assistants').values({
    company_id: auth.companyId, name: b.name!.trim(), device_id: b.deviceId!, host: b.host ?? '127.0.0.1', port: b.port ?? ASSISTANT_LOCAL_PORT,
    version: b.version ?? null, mode: b.mode ?? 'sandbox', active: b.active ?? true, created_by: auth.login,
  } as any).returningAll().executeTakeFirstOrThrow();
  ctx.audit({ action: 'pos.assistant.created', entity: 'pos_assistants', entityId: Number(r.id) });
  ctx.setStatus(201);
  return assistantView(r);
};

const updateKolayAsistan: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  const b = ctx.body as AssistantBody & { id: number };
  const d = db(ctx);
  await assistantOf(d, auth.companyId, b.id);
  await uniqueDevice(d, auth.companyId, b.deviceId, b.id);
  const set: Record<string, unknown> = { name: b.name?.trim(), device_id: b.deviceId, host: b.host, port: b.port, version: b.version, mode: b.mode, active: b.active, updated_at: new Date() };
  for (const k of Object.keys(set)) if (set[k] === undefined) delete set[k];
  const r = await d.updateTable('pos_assistants').set(set as any).where('company_id', '=', auth.companyId).where('id', '=', b.id).returningAll().executeTakeFirstOrThrow();
  ctx.audit({ action: 'pos.assistant.updated', entity: 'pos_assistants', entityId: b.id });
  return assistantView(r);
};

const getKolayAsistan: Handler = async (ctx) => assistantView(await assistantOf(db(ctx), requireAuth(ctx).companyId, Number(ctx.params.id)));

const deleteKolayAsistan: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  const id = Number(ctx.params.id);
  await assistantOf(db(ctx), auth.companyId, id);
  await db(ctx).deleteFrom('pos_assistants').where('company_id', '=', auth.companyId).where('id', '=', id).execute();
  ctx.audit({ action: 'pos.assistant.deleted', entity: 'pos_assistants', entityId: id });
  ctx.setStatus(204);
  return null;
};

const getKolayAsistanLocalApi: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  // Sandbox unless the company registered a live assistant (then the browser reaches its own machine).
  const live = await db(ctx).selectFrom('pos_assistants').select('id').where('company_id', '=', auth.companyId).where('mode', '=', 'live').where('active', '=', true).executeTakeFirst();
  return live
    ? { mode: 'live', baseUrl: `http://127.0.0.1:${ASSISTANT_LOCAL_PORT}`, lastVersion: KOLAY_ASISTAN_LAST_VERSION }
    : { mode: 'sandbox', baseUrl: `${sandboxBase(ctx.services)}/assistant`, lastVersion: KOLAY_ASISTAN_LAST_VERSION };
};

/** Semantic comparison of dotted versions. */
export function olderThan(a: string, b: string): boolean {
  const x = a.split('.').map(Number);
  const y = b.split('.').map(Number);
  for (let i = 0; i < Math.max(x.length, y.length); i++) {
    const d = (x[i] ?? 0) - (y[i] ?? 0);
    if (d) return d < 0;
  }
  return false;
}

const checkKolayAsistan: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  const d = db(ctx);
  const a = await assistantOf(d, auth.companyId, Number(ctx.params.id));
  if (a.mode === 'live') {
    throw new Problem(409, 'Canlı asistan', { detail: 'Canlı asistana yalnız kişinin kendi bilgisayarındaki tarayıcı ulaşır (127.0.0.1:10999).', code: 'LIVE_ASSISTANT' });
  }
  type Status = { version?: string; connector?: { connected?: boolean } };
  const answer: Status | null = await (async () => {
    try {
      const res = await fetch(`${sandboxBase(ctx.services)}/assistant/${encodeURIComponent(a.device_id)}/api/status`, { signal: AbortSignal.timeout(outsideTimeoutMs(ctx.services)) });
      return res.status === 200 ? await res.json() as Status : null;
    } catch { return null; }
  })();
  if (!answer) return { reachable: false, version: a.version, updateAvailable: false, connectorConnected: null, message: ASSISTANT_TEXTS_TR.restart };
  const version = answer.version ?? null;
  await d.updateTable('pos_assistants').set({ version, last_seen_at: ctx.services.now(), updated_at: new Date() }).where('company_id', '=', auth.companyId).where('id', '=', a.id).execute();
  return { reachable: true, version, updateAvailable: version ? olderThan(version, KOLAY_ASISTAN_LAST_VERSION) : false, connectorConnected: answer.connector?.connected ?? null, message: null };
};

const getKolayAsistanLastVersion: Handler = async () => ({ name: 'kolay_asistan', version: KOLAY_ASISTAN_LAST_VERSION, downloadUrl: KOLAY_ASISTAN_DOWNLOAD_PATH });

const listPharmacySoftware: Handler = async () => PHARMACY_SOFTWARE.map((s) => ({ ...s }));

interface ConnectorBody { id?: number; assistantId?: number | null; vendor?: string; databaseType?: ConnectorRow['database_type']; host?: string; port?: number; databaseName?: string; username?: string; password?: string | null; active?: boolean }

async function checkConnector(d: Db, companyId: number, b: ConnectorBody) {
  if (b.vendor !== undefined && !PHARMACY_SOFTWARE.some((s) => s.code === b.vendor)) throw problems.invalidField('vendor', 'Listede olmayan bir eczane programı.', 'VENDOR');
  if (b.assistantId != null) {
    const a = await d.selectFrom('pos_assistants').select('id').where('company_id', '=', companyId).where('id', '=', b.assistantId).executeTakeFirst();
    if (!a) throw problems.invalidField('assistantId', 'Kolay Asistan bulunamadı.', 'ASSISTANT_NOT_FOUND');
  }
}

const listConnectorSettings: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  const page = pageRequest(ctx, ['id', 'desc']);
  const q0 = (ctx.query ?? {}) as { assistantId?: number };
  const cols: Record<string, string> = { id: 'id', vendor: 'vendor', databaseType: 'database_type', host: 'host' };
  const base = () => {
    let q = db(ctx).selectFrom('pos_connector_settings').where('company_id', '=', auth.companyId);
    if (q0.assistantId) q = q.where('assistant_id', '=', q0.assistantId);
    return q;
  };
  let q = base().selectAll();
  for (const [f, dir] of page.sort) q = q.orderBy(cols[f] as 'id', dir);
  const [rows, count] = await Promise.all([
    q.orderBy('id', 'desc').limit(page.size).offset(page.page * page.size).execute(),
    base().select((eb) => eb.fn.countAll().as('n')).executeTakeFirst(),
  ]);
  return pageResult(ctx, rows.map(connectorView), Number(count?.n ?? 0));
};

const createConnectorSetting: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  const b = ctx.body as ConnectorBody;
  const d = db(ctx);
  await checkConnector(d, auth.companyId, b);
  const r = await d.insertInto('pos_connector_settings').values({
    company_id: auth.companyId, assistant_id: b.assistantId ?? null, vendor: b.vendor!, database_type: b.databaseType!, host: b.host!, port: b.port!,
    database_name: b.databaseName!.trim(), username: b.username!.trim(), active: b.active ?? true, created_by: auth.login,
  } as any).returningAll().executeTakeFirstOrThrow();
  let row = r;
  if (b.password) {
    row = await d.updateTable('pos_connector_settings').set({ password_enc: sealSecret(ctx.services.secret, scope(auth.companyId, Number(r.id)), b.password) })
      .where('company_id', '=', auth.companyId).where('id', '=', r.id).returningAll().executeTakeFirstOrThrow();
  }
  ctx.audit({ action: 'pos.connector.created', entity: 'pos_connector_settings', entityId: Number(r.id) });
  ctx.setStatus(201);
  return connectorView(row);
};

const updateConnectorSetting: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  const b = ctx.body as ConnectorBody & { id: number };
  const d = db(ctx);
  await connectorOf(d, auth.companyId, b.id);
  await checkConnector(d, auth.companyId, b);
  const set: Record<string, unknown> = {
    assistant_id: b.assistantId, vendor: b.vendor, database_type: b.databaseType, host: b.host, port: b.port, database_name: b.databaseName?.trim(),
    username: b.username?.trim(), active: b.active, updated_at: new Date(),
  };
  if (b.password) set.password_enc = sealSecret(ctx.services.secret, scope(auth.companyId, b.id), b.password);
  for (const k of Object.keys(set)) if (set[k] === undefined) delete set[k];
  const r = await d.updateTable('pos_connector_settings').set(set as any).where('company_id', '=', auth.companyId).where('id', '=', b.id).returningAll().executeTakeFirstOrThrow();
  ctx.audit({ action: 'pos.connector.updated', entity: 'pos_connector_settings', entityId: b.id, detail: { fields: Object.keys(set).map((k) => k.replace(/_enc$/, '')) } });
  return connectorView(r);
};

const getConnectorSetting: Handler = async (ctx) => connectorView(await connectorOf(db(ctx), requireAuth(ctx).companyId, Number(ctx.params.id)));

const deleteConnectorSetting: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  const id = Number(ctx.params.id);
  await connectorOf(db(ctx), auth.companyId, id);
  await db(ctx).deleteFrom('pos_connector_settings').where('company_id', '=', auth.companyId).where('id', '=', id).execute();
  ctx.audit({ action: 'pos.connector.deleted', entity: 'pos_connector_settings', entityId: id });
  ctx.setStatus(204);
  return null;
};

/** DELETE connector-settings-and-pos-assistant/{id}: the setting and the assistant it belongs to. */
const deleteConnectorSettingAndAssistant: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  const id = Number(ctx.params.id);
  const d = db(ctx);
  const c = await connectorOf(d, auth.companyId, id);
  await d.deleteFrom('pos_connector_settings').where('company_id', '=', auth.companyId).where('id', '=', id).execute();
  if (c.assistant_id !== null) await d.deleteFrom('pos_assistants').where('company_id', '=', auth.companyId).where('id', '=', c.assistant_id).execute();
  ctx.audit({ action: 'pos.connector.deletedWithAssistant', entity: 'pos_connector_settings', entityId: id, detail: { assistantId: c.assistant_id } });
  ctx.setStatus(204);
  return null;
};

export const area: PosArea = {
  handlers: {
    listKolayAsistans, createKolayAsistan, updateKolayAsistan, getKolayAsistan, deleteKolayAsistan, getKolayAsistanLocalApi, checkKolayAsistan,
    getKolayAsistanLastVersion, listPharmacySoftware,
    listConnectorSettings, createConnectorSetting, updateConnectorSetting, getConnectorSetting, deleteConnectorSetting, deleteConnectorSettingAndAssistant,
  },
  async sandbox(app) { await assistantSandbox(app); },
  contributes: { [MANAGEMENT_DEVICES_POINT]: [assistantsForManagement] },
};
