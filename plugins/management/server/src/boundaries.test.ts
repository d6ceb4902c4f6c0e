import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { crossings, migrationCrossings, pluginsBut, relationsOf, ROOT, sourceFiles } from '../../../../packages/server/test/boundaries';

/**
 * The plugin boundary (docs/plugins.md, docs/architecture.md): the management plugin reads other
 * plugins' records only through their contracts, extension points, events and services (the
 * accounting plugin's accounting.directory for every company's invoices, the management.devices
 * point for the POS plugin's devices) — never their tables or views. This guard reads the plugin's
 * server sources (not its tests) and fails on any Kysely query (selectFrom, updateTable, insertInto,
 * deleteFrom, a join) or raw `sql` template naming a table or view another plugin's migrations
 * create; and on a migration of this plugin naming one (the one that did, 20261129000200, landed
 * before the rule was kept and its view is dropped by 20261130000200). The guard's parts are shared
 * with the other plugins' boundary tests (packages/server/test/boundaries.ts).
 */

const SOURCES = 'plugins/management/server/src';
const MIGRATIONS = 'plugins/management/server/migrations';
const LANDED_BEFORE = new Set(['20261129000200-management-activity.sql']);

describe('the management server plugin never reads another plugin’s tables', () => {
  const relations = relationsOf(pluginsBut('management'));
  const names = [...relations.keys()].sort();

  it('knows the other plugins’ tables and views from their migrations', () => {
    for (const t of ['invoices', 'currents', 'products', 'accounting_invoices_across_companies']) expect(relations.get(t)).toBe('accounting');
    for (const t of ['pos_devices', 'pos_assistants', 'pos_terminals_across_companies']) expect(relations.get(t)).toBe('pos');
    expect(relations.has('management_devices')).toBe(false);
    expect(relations.has('companies')).toBe(false);
  });

  it('finds what it looks for (the guard itself)', () => {
    const sample = [
      "db.selectFrom('invoices as i').select('id')",
      "q.leftJoin('currents as c', (j) => j)",
      'await sql`select count(*) from accounting_invoices_across_companies where company_id = ${cid}`.execute(db)',
      "const note = 'documents from invoices of every company';",
      "db.selectFrom('management_devices').select('id')",
      "db.selectFrom('pos_terminals_across_companies').selectAll()",
    ].join('\n');
    expect(crossings(sample, names).map((c) => c.line)).toEqual([1, 2, 3, 6]);
    expect(migrationCrossings('-- reads from invoices\nCREATE VIEW v AS SELECT * FROM invoices i\n  LEFT JOIN currents c ON true;', names).map((c) => c.line)).toEqual([2, 3]);
  });

  it('finds no query naming another plugin’s table in its sources', () => {
    const found: string[] = [];
    for (const file of sourceFiles(join(ROOT, SOURCES))) {
      const rel = relative(ROOT, file).split('\\').join('/');
      for (const h of crossings(readFileSync(file, 'utf8'), names)) found.push(`${rel}:${h.line}: ${h.what}`);
    }
    expect(found, 'use the other plugin’s services (accounting.directory) or an extension point it contributes to instead').toEqual([]);
  });

  it('creates nothing over another plugin’s tables in its migrations', () => {
    const found: string[] = [];
    for (const f of readdirSync(join(ROOT, MIGRATIONS)).filter((f) => f.endsWith('.sql') && !LANDED_BEFORE.has(f))) {
      for (const h of migrationCrossings(readFileSync(join(ROOT, MIGRATIONS, f), 'utf8'), names)) found.push(`${f}:${h.line}: ${h.what}`);
    }
    expect(found).toEqual([]);
    // The one that did is the one whose view a later migration drops.
    const landed = readFileSync(join(ROOT, MIGRATIONS, '20261129000200-management-activity.sql'), 'utf8');
    expect(migrationCrossings(landed, names).length).toBeGreaterThan(0);
    expect(readdirSync(join(ROOT, MIGRATIONS)).some((f) => f > '20261129000200' && /^\s*DROP VIEW management_invoices;/m.test(readFileSync(join(ROOT, MIGRATIONS, f), 'utf8')))).toBe(true);
  });
});
