import type { Trx } from '@tezgah/server';

/**
 * What the POS plugin lists in device management (the management plugin's extension point
 * `management.devices`): its card terminals and its desktop assistants, one company at a time, in
 * the request's transaction with the tenant already switched to that company (row-level security
 * applies). The point's shape is the management plugin's (`ManagedDeviceSource` in
 * @tezgah/management-server, checked there when it reads the point); it is repeated here as plain
 * data so neither plugin imports the other.
 */
export const MANAGEMENT_DEVICES_POINT = 'management.devices';

interface Row {
  kind: 'POS' | 'ASSISTANT';
  id: number; name: string; identifier: string; active: boolean; detail: string | null;
  lastSeenAt: Date | string | null; createdAt: Date | string | null;
}

export const terminalsForManagement = {
  id: 'pos.terminals',
  kinds: ['POS'] as const,
  async rows(trx: Trx, companyId: number): Promise<Row[]> {
    const rows = await (trx as any).selectFrom('pos_devices').select(['id', 'name', 'terminal_serial_no', 'provider', 'active', 'updated_at', 'created_at'])
      .where('company_id', '=', companyId).execute();
    // A terminal reports nothing on its own: the last change of its record stands for "last seen".
    return rows.map((r: any) => ({
      kind: 'POS', id: Number(r.id), name: r.name, identifier: r.terminal_serial_no, active: r.active, detail: r.provider,
      lastSeenAt: r.updated_at ?? null, createdAt: r.created_at ?? null,
    }));
  },
};

export const assistantsForManagement = {
  id: 'pos.assistants',
  kinds: ['ASSISTANT'] as const,
  async rows(trx: Trx, companyId: number): Promise<Row[]> {
    const rows = await (trx as any).selectFrom('pos_assistants').select(['id', 'name', 'device_id', 'version', 'active', 'last_seen_at', 'created_at'])
      .where('company_id', '=', companyId).execute();
    return rows.map((r: any) => ({
      kind: 'ASSISTANT', id: Number(r.id), name: r.name, identifier: r.device_id, active: r.active, detail: r.version ?? null,
      lastSeenAt: r.last_seen_at ?? null, createdAt: r.created_at ?? null,
    }));
  },
};
