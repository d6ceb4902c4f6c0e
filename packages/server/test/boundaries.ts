import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The plugin boundary guard (docs/plugins.md): what a plugin's boundary test needs to find a
 * query naming another plugin's table or view. A plugin's tests call these on its own server
 * sources (not its tests or test helpers) and on its migrations.
 */

/** The repository's root. */
export const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** Tables and views the migrations of these plugins create (their folder names): name → plugin. */
export function relationsOf(plugins: readonly string[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const plugin of plugins) {
    const dir = join(ROOT, 'plugins', plugin, 'server/migrations');
    let files: string[];
    try { files = readdirSync(dir).filter((f) => f.endsWith('.sql')); } catch { continue; }
    for (const f of files) {
      const text = readFileSync(join(dir, f), 'utf8');
      for (const m of text.matchAll(/(?:create|alter)\s+(?:or\s+replace\s+)?(?:materialized\s+)?(?:table|view)\s+(?:if\s+not\s+exists\s+)?(?:only\s+)?(?:public\.)?"?([a-z_][a-z0-9_]*)"?/gi)) out.set(m[1]!.toLowerCase(), plugin);
    }
  }
  return out;
}

/** Every plugin folder but these. */
export function pluginsBut(...own: string[]): string[] {
  return readdirSync(join(ROOT, 'plugins')).filter((p) => !own.includes(p));
}

/** The TypeScript sources under a folder, without tests and test helpers (testing.ts). */
export function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir)) {
    const p = join(dir, e);
    if (statSync(p).isDirectory()) out.push(...sourceFiles(p));
    else if (/\.tsx?$/.test(e) && !/\.test\.tsx?$/.test(e) && e !== 'testing.ts') out.push(p);
  }
  return out;
}

const rawPattern = (names: string) => new RegExp(`\\b(?:from|join|into|update|table|view)\\s+(?:only\\s+)?(?:public\\.)?"?(${names})"?\\b`, 'gi');
const lineOf = (text: string, i: number) => text.slice(0, i).split('\n').length;

/** Where a source names one of these relations in a Kysely query or a raw `sql` template. */
export function crossings(text: string, relations: readonly string[]): { line: number; what: string }[] {
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
export function migrationCrossings(text: string, relations: readonly string[]): { line: number; what: string }[] {
  const code = text.replace(/--[^\n]*/g, (c) => ' '.repeat(c.length));
  return [...code.matchAll(rawPattern(relations.join('|')))].map((m) => ({ line: lineOf(code, m.index!), what: m[0] }));
}
