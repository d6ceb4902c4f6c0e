/**
 * Keeps the plugins' reads in the data layer: a file under plugins/<name>/web/src or examples/<name>/src
 * that fetches inside a React effect (an SDK call in a useEffect body, directly or through a
 * function of the same file; see test/fetchInEffects.ts) fails this test unless it is listed
 * below. The list holds the files not migrated yet; it can only shrink: a listed file that no
 * longer fetches in an effect fails the test too, so it is taken off when it is migrated.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fetchInEffects } from '../../test/fetchInEffects';

const ROOT = resolve(__dirname, '../../../..');

/**
 * Files that still load in effects (to be moved to useApiQuery/useApiData, docs/plugins.md): none
 * now. The list stays for a file brought in from elsewhere that cannot be moved at once.
 */
const NOT_YET_MIGRATED: readonly string[] = [];

function sources(): string[] {
  const dirs = [
    ...readdirSync(join(ROOT, 'plugins')).map((p) => `plugins/${p}/web/src`),
    ...readdirSync(join(ROOT, 'examples')).map((p) => `examples/${p}/src`),
  ].filter((d) => existsSync(join(ROOT, d)));
  return dirs
    .flatMap((d) => (readdirSync(join(ROOT, d), { recursive: true }) as string[]).map((f) => `${d}/${f.split('\\').join('/')}`))
    .filter((f) => /\.tsx?$/.test(f) && !/\.(test|stories)\.tsx?$/.test(f))
    .sort();
}

describe('data fetching in effects', () => {
  const found = new Map(sources().map((f) => [f, fetchInEffects(f, readFileSync(join(ROOT, f), 'utf8'))] as const).filter(([, lines]) => lines.length > 0));

  it('happens only in the files not migrated yet', () => {
    const unlisted = [...found].filter(([f]) => !NOT_YET_MIGRATED.includes(f)).map(([f, lines]) => `${f}:${lines.join(',')}`);
    expect(unlisted, 'read through the data layer (useApiQuery/useApiData) instead of an effect').toEqual([]);
  });

  it('still happens in every listed file (a migrated file leaves the list)', () => {
    expect(NOT_YET_MIGRATED.filter((f) => !found.has(f))).toEqual([]);
  });

  it('is recognised: a direct call, a loader of the file, the SDK handed on', () => {
    const direct = `useEffect(() => { shell.api.request('GET', '/x').then(setX); }, []);`;
    const through = `const load = useCallback(async () => setX(await api.list('/x')), [api]);\nuseEffect(() => { void load(); }, [load]);`;
    const handed = `useEffect(() => { read(api).then(setX); }, [api]);`;
    const clean = `const q = useApiQuery('/x');\nuseEffect(() => { document.title = 'x'; }, []);`;
    expect(fetchInEffects('a.tsx', direct)).toEqual([1]);
    expect(fetchInEffects('b.tsx', through)).toEqual([2]);
    expect(fetchInEffects('c.tsx', handed)).toEqual([1]);
    expect(fetchInEffects('d.tsx', clean)).toEqual([]);
  });
});
