import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { crossings, relationsOf, ROOT, sourceFiles } from '../../../../packages/server/test/boundaries';

/**
 * The plugin boundary (docs/plugins.md, docs/architecture.md): the pharmacy and POS plugins talk
 * to the accounting plugin through its contract, extension points, events and the services it
 * provides (accounting.ledger, accounting.documents, accounting.directory) — never through its
 * tables. This guard reads their server sources (not their tests) and fails on any Kysely query
 * (selectFrom, updateTable, insertInto, deleteFrom, a join) or raw `sql` template naming a table
 * or view the accounting plugin's migrations create (packages/server/test/boundaries.ts).
 */

const SOURCES = ['plugins/pharmacy/server/src', 'plugins/pos/server/src'];

/**
 * Files still reading accounting tables, owned by work in progress elsewhere; each is to move to
 * the directory service and leave this list (an entry that no longer reads any fails the test, so
 * the list only shrinks).
 */
const PENDING = new Set<string>([]);

describe('the pharmacy and POS server plugins never read the accounting plugin’s tables', () => {
  const tables = [...relationsOf(['accounting']).keys()].sort();

  it('knows the accounting tables from its migrations', () => {
    for (const t of ['products', 'taxes', 'bank_accounts', 'invoices', 'currents', 'safes', 'warehouses', 'journal_entries', 'stock_movements']) expect(tables).toContain(t);
  });

  it('finds what it looks for (the guard itself)', () => {
    const sample = [
      "db.selectFrom('products').select('id')",
      "q.leftJoin('currents as c', (j) => j)",
      'await sql`select id from bank_accounts where company_id = ${cid}`.execute(db)',
      "const note = 'prices from products of the list';",
      "db.selectFrom('pos_payments').select('invoice_id')",
    ].join('\n');
    expect(crossings(sample, tables).map((c) => c.line)).toEqual([1, 2, 3]);
  });

  it('finds no query naming an accounting table in their sources', () => {
    const found: string[] = [];
    const pendingSeen = new Set<string>();
    for (const base of SOURCES) {
      for (const file of sourceFiles(join(ROOT, base))) {
        const rel = relative(ROOT, file).split('\\').join('/');
        const hits = crossings(readFileSync(file, 'utf8'), tables);
        if (hits.length && PENDING.has(rel)) { pendingSeen.add(rel); continue; }
        for (const h of hits) found.push(`${rel}:${h.line}: ${h.what}`);
      }
    }
    expect(found, 'use the accounting plugin’s services (accounting.directory, accounting.documents, accounting.ledger) instead').toEqual([]);
    expect([...PENDING].filter((f) => !pendingSeen.has(f)), 'these files no longer read accounting tables: remove them from PENDING').toEqual([]);
  });
});
