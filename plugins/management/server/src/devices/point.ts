import { contributionsTo, type Services, type Trx } from '@tezgah/server';

/**
 * The extension point `management.devices`: where device management (GET
 * /services/onmuhasebe/api/management/devices) gets the devices other plugins keep. A plugin
 * contributes a source in `ServerPlugin.contributes` (the POS plugin: its terminals and its desktop
 * assistants) and answers the devices of a LIST of companies in ONE statement, in the request's
 * transaction, each row naming its company. The transaction's tenant stays the caller's: a source
 * reads across companies through a read-only view of its own tables (the POS plugin's
 * pos_terminals_across_companies, migration 20261130000300). Device management asks every source
 * once, for all the companies it lists, so its statements do not grow with the number of
 * companies. The management plugin never reads another plugin's tables.
 */
export const MANAGEMENT_DEVICES_POINT = 'management.devices';

export type ManagedDeviceKind = 'POS' | 'ASSISTANT' | 'MOBILE';

export interface ManagedDeviceRow {
  /** One of the companies asked for. */
  companyId: number;
  kind: ManagedDeviceKind;
  id: number;
  name: string;
  /** Serial number or device id. */
  identifier: string;
  active: boolean;
  /** Provider, version or model. */
  detail?: string | null;
  lastSeenAt: Date | string | null;
  createdAt: Date | string | null;
}

/** What a plugin contributes to `management.devices`. */
export interface ManagedDeviceSource {
  /** Namespaced by the plugin: `pos.terminals`. */
  id: string;
  /** The kinds it lists (a kind filter skips the others). */
  kinds: readonly ManagedDeviceKind[];
  /** The devices of these companies (never of others), in one statement; none asked, none answered. */
  rows: (trx: Trx, companyIds: readonly number[]) => Promise<ManagedDeviceRow[]>;
}

const ID = /^[a-z][a-z0-9-]*(\.[a-z0-9-]+)+$/;
const KINDS: readonly string[] = ['POS', 'ASSISTANT', 'MOBILE'];

/** The contributed sources; a malformed or doubled one is a programming error, reported at the first use. */
export function deviceSources(services: Pick<Services, 'plugins'>, builtIn: ManagedDeviceSource[] = []): ManagedDeviceSource[] {
  const out: ManagedDeviceSource[] = [];
  for (const { plugin, item } of [...builtIn.map((item) => ({ plugin: 'management', item })), ...contributionsTo<ManagedDeviceSource>(services, MANAGEMENT_DEVICES_POINT)]) {
    const where = `${plugin}: ${MANAGEMENT_DEVICES_POINT} ${JSON.stringify(item?.id)}`;
    if (!item || typeof item.id !== 'string' || !ID.test(item.id)) throw new Error(`${where}: the id must be namespaced like 'pos.terminals'`);
    if (typeof item.rows !== 'function') throw new Error(`${where}: rows(trx, companyIds) is needed`);
    if (!Array.isArray(item.kinds) || !item.kinds.length || item.kinds.some((k) => !KINDS.includes(k))) throw new Error(`${where}: kinds must be some of ${KINDS.join(', ')}`);
    if (out.some((s) => s.id === item.id)) throw new Error(`${where}: contributed twice`);
    out.push(item);
  }
  return out;
}
