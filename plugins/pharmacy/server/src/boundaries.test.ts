import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The plugin boundary (docs/plugins.md, docs/architecture.md): the pharmacy and POS plugins talk
 * to the accounting plugin through its contract, extension points, events and the services it
 * provides (accounting.ledger, accounting.documents, accounting.directory) — never through its
 * tables. This guard reads their server sources (not their tests) and fails on any Kysely query
 * (selectFrom, updateTable, insertInto, deleteFrom, a join) or raw `sql` template naming a table
 * the accounting plugin's migrations create.
 */

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const SOURCES = ['plugins/pharmacy/server/src', 'plugins/pos/server/src'];

/**
 * Files still reading accounting tables, owned by work in progress elsewhere; each is to move to
 * the directory service and leave this list (an entry that no longer reads any fails the test, so
 * the list only shrinks).
 */
const PENDING = new Set<string>([]);

function accountingTables(): string[] {
  const dir = join(ROOT, 'plugins/accounting/server/migrations');
  const names = new Set<string>();
  for (const f of readdirSync(dir).filter((f) => f.endsWith('.sql'))) {
    for (const m of readFileSync(join(dir, f), 'utf8').matchAll(/(?:create|alter)\s+table\s+(?:if\s+not\s+exists\s+)?(?:only\s+)?(?:public\.)?"?([a-z_][a-z0-9_]*)"?/gi)) names.add(m[1]!.toLowerCase());
  }
  return [...names].sort();
}

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir)) {
    const p = join(dir, e);
    if (statSync(p).isDirectory()) out.push(...sourceFiles(p));
    else if (/\.tsx?$/.test(e) && !/\.test\.tsx?$/.test(e) && !/(^|\/)testing\.ts$/.test(e)) out.push(p);
  }
  return out;
}

/** Where a source names an accounting table in a query: `file:line: text`. */
function crossings(text: string, tables: readonly string[]): { line: number; what: string }[] {
  const names = tables.join('|');
  const builder = new RegExp(`\\b(?:selectFrom|updateTable|insertInto|deleteFrom|replaceInto|mergeInto|innerJoin|leftJoin|rightJoin|fullJoin|crossJoin|innerJoinLateral|leftJoinLateral)\\(\\s*\\[?\\s*['"\`](?:public\\.)?(${names})(?:\\s+as\\s+\\w+)?['"\`]`, 'g');
  const raw = new RegExp(`\\b(?:from|join|into|update|table)\\s+(?:only\\s+)?(?:public\\.)?"?(${names})"?\\b`, 'gi');
  const lineOf = (i: number) => text.slice(0, i).split('\n').length;
  const out: { line: number; what: string }[] = [];
  for (const m of text.matchAll(builder)) out.push({ line: lineOf(m.index!), what: m[0] });
  // Raw SQL: the text of every sql`…` template (sql<T>`…`, sql.raw(`…`) too).
  for (const t of text.matchAll(/\bsql(?:\s*<[^`]*?>)?\s*`([^`]*)`|\bsql\.raw\(\s*[`'"]([^`'"]*)[`'"]/g)) {
    const body = t[1] ?? t[2] ?? '';
    for (const m of body.matchAll(raw)) out.push({ line: lineOf(t.index! + t[0].indexOf(body) + m.index!), what: m[0] });
  }
  return out.sort((a, b) => a.line - b.line);
}

describe('the pharmacy and POS server plugins never read the accounting plugin’s tables', () => {
  const tables = accountingTables();

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
