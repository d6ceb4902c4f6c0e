import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The plugin boundary (docs/plugins.md, docs/architecture.md): the management plugin reads other
 * plugins' records only through their contracts, extension points, events and services (the
 * accounting plugin's accounting.directory for every company's invoices, the management.devices
 * point for the POS plugin's devices) — never their tables or views. This guard reads the plugin's
 * server sources (not its tests) and fails on any Kysely query (selectFrom, updateTable, insertInto,
 * deleteFrom, a join) or raw `sql` template naming a table or view another plugin's migrations
 * create; and on a migration of this plugin naming one (the one that did, 20261129000200, landed
 * before the rule was kept and its view is dropped by 20261130000200).
 */

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const SOURCES = 'plugins/management/server/src';
const MIGRATIONS = 'plugins/management/server/migrations';
const LANDED_BEFORE = new Set(['20261129000200-management-activity.sql']);

/** Tables and views other plugins' migrations create: name → plugin. */
function otherPluginsRelations(): Map<string, string> {
  const out = new Map<string, string>();
  const plugins = join(ROOT, 'plugins');
  for (const plugin of readdirSync(plugins).filter((p) => p !== 'management')) {
    const dir = join(plugins, plugin, 'server/migrations');
    let files: string[];
    try { files = readdirSync(dir).filter((f) => f.endsWith('.sql')); } catch { continue; }
    for (const f of files) {
      const text = readFileSync(join(dir, f), 'utf8');
      for (const m of text.matchAll(/(?:create|alter)\s+(?:or\s+replace\s+)?(?:materialized\s+)?(?:table|view)\s+(?:if\s+not\s+exists\s+)?(?:only\s+)?(?:public\.)?"?([a-z_][a-z0-9_]*)"?/gi)) out.set(m[1]!.toLowerCase(), plugin);
    }
  }
  return out;
}

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir)) {
    const p = join(dir, e);
    if (statSync(p).isDirectory()) out.push(...sourceFiles(p));
    else if (/\.tsx?$/.test(e) && !/\.test\.tsx?$/.test(e)) out.push(p);
  }
  return out;
}

const rawPattern = (names: string) => new RegExp(`\\b(?:from|join|into|update|table|view)\\s+(?:only\\s+)?(?:public\\.)?"?(${names})"?\\b`, 'gi');
const lineOf = (text: string, i: number) => text.slice(0, i).split('\n').length;

/** Where a source names one of these relations in a query. */
function crossings(text: string, relations: readonly string[]): { line: number; what: string }[] {
  const names = relations.join('|');
  const builder = new RegExp(`\\b(?:selectFrom|updateTable|insertInto|deleteFrom|replaceInto|mergeInto|innerJoin|leftJoin|rightJoin|fullJoin|crossJoin|innerJoinLateral|leftJoinLateral|table)\\(\\s*\\[?\\s*['"\`](?:public\\.)?(${names})(?:\\s+as\\s+\\w+)?['"\`]`, 'g');
  const out: { line: number; what: string }[] = [];
  for (const m of text.matchAll(builder)) out.push({ line: lineOf(text, m.index!), what: m[0] });
  // Raw SQL: the text of every sql`…` template (sql<T>`…`, sql.raw(`…`) too).
  for (const t of text.matchAll(/\bsql(?:\s*<[^`]*?>)?\s*`([^`]*)`|\bsql\.raw\(\s*[`'"]([^`'"]*)[`'"]/g)) {
    const body = t[1] ?? t[2] ?? '';
    for (const m of body.matchAll(rawPattern(names))) out.push({ line: lineOf(text, t.index! + t[0].indexOf(body) + m.index!), what: m[0] });
  }
  return out.sort((a, b) => a.line - b.line);
}

/** Where a migration names one of these relations (comments left out). */
function migrationCrossings(text: string, relations: readonly string[]): { line: number; what: string }[] {
  const code = text.replace(/--[^\n]*/g, (c) => ' '.repeat(c.length));
  return [...code.matchAll(rawPattern(relations.join('|')))].map((m) => ({ line: lineOf(code, m.index!), what: m[0] }));
}

describe('the management server plugin never reads another plugin’s tables', () => {
  const relations = otherPluginsRelations();
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
