import { sql } from 'kysely';
import type { Trx } from '@tezgah/server';

/**
 * What the POS plugin lists in device management (the management plugin's extension point
 * `management.devices`, x-management): its card terminals and its desktop assistants of a list of
 * companies, one statement per source, in the request's transaction (the tenant stays the
 * caller's): through this plugin's read-only views pos_terminals_across_companies and
 * pos_assistants_across_companies (migration 20261130000300; no credentials in them). The point's
 * shape is the management plugin's (`ManagedDeviceSource` in @tezgah/management-server, checked
 * there when it reads the point); it is repeated here as plain data so neither plugin imports the
 * other.
 */
export const MANAGEMENT_DEVICES_POINT = 'management.devices';

interface Row {
  companyId: number;
  kind: 'POS' | 'ASSISTANT';
  id: number; name: string; identifier: string; active: boolean; detail: string | null;
  lastSeenAt: Date | string | null; createdAt: Date | string | null;
}

export const terminalsForManagement = {
  id: 'pos.terminals',
  kinds: ['POS'] as const,
  async rows(trx: Trx, companyIds: readonly number[]): Promise<Row[]> {
    if (!companyIds.length) return [];
    const rows = await (trx as any).selectFrom('pos_terminals_across_companies').select(['company_id', 'id', 'name', 'terminal_serial_no', 'provider', 'active', 'updated_at', 'created_at'])
      .where(sql<boolean>`company_id = any(${[...companyIds]}::bigint[])`).execute();
    // A terminal reports nothing on its own: the last change of its record stands for "last seen".
    return rows.map((r: any) => ({
      companyId: Number(r.company_id), kind: 'POS', id: Number(r.id), name: r.name, identifier: r.terminal_serial_no, active: r.active, detail: r.provider,
      lastSeenAt: r.updated_at ?? null, createdAt: r.created_at ?? null,
    }));
  },
};

export const assistantsForManagement = {
  id: 'pos.assistants',
  kinds: ['ASSISTANT'] as const,
  async rows(trx: Trx, companyIds: readonly number[]): Promise<Row[]> {
    if (!companyIds.length) return [];
    const rows = await (trx as any).selectFrom('pos_assistants_across_companies').select(['company_id', 'id', 'name', 'device_id', 'version', 'active', 'last_seen_at', 'created_at'])
      .where(sql<boolean>`company_id = any(${[...companyIds]}::bigint[])`).execute();
    return rows.map((r: any) => ({
      companyId: Number(r.company_id), kind: 'ASSISTANT', id: Number(r.id), name: r.name, identifier: r.device_id, active: r.active, detail: r.version ?? null,
      lastSeenAt: r.last_seen_at ?? null, createdAt: r.created_at ?? null,
    }));
  },
};
