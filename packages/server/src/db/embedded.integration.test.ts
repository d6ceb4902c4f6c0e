import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { runCli } from '@tezgah/cli';
import { http, ONMUHASEBE } from '../../test/http';
import { openDatabase } from './database';
import { tableCounts } from './backup';

/**
 * The embedded engine as `npm start` runs it: real server processes on a data folder. Two on one
 * folder must not both run (the second would silently overwrite the first's acknowledged writes);
 * one killed with -9 under load loses nothing it acknowledged; a backup restores the same rows.
 */
const MAIN = fileURLToPath(new URL('../main.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
// The server as `npm start` runs it: built once (scripts/build-server.mjs), run with plain node.
let BUILT = '';
beforeAll(async () => {
  const { ensureServer, SERVER_MAIN } = await import(pathToFileURL(join(ROOT, 'scripts', 'build-server.mjs')).href);
  await ensureServer();
  BUILT = SERVER_MAIN;
}, 120_000);

interface Proc { child: ChildProcess; url: Promise<string>; exit: Promise<number | null>; stderr: () => string }

function startServer(dataDir: string, extraEnv: Record<string, string> = {}): Proc {
  const child = spawn(process.execPath, [BUILT], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: '', PORT: '0', HOST: '127.0.0.1', TEZGAH_DATA_DIR: dataDir, LOG_LEVEL: 'warn', TEZGAH_DEMO: '1', ...extraEnv },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  const url = new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (d) => {
      out += d;
      const m = /Tezgah API on (http:\/\/\S+)/.exec(out);
      if (m) resolve(m[1]!);
    });
    child.on('exit', (code) => reject(new Error(`server exited (${code}) before listening: ${err}`)));
  });
  url.catch(() => {});
  child.stderr!.on('data', (d) => { err += d; });
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, url, exit, stderr: () => err };
}

describe('the embedded database on a data folder', () => {
  const root = mkdtempSync(join(tmpdir(), 'tezgah-embedded-'));
  const dataDir = join(root, 'data');
  const procs: Proc[] = [];
  afterAll(async () => {
    for (const p of procs) if (p.child.exitCode === null) p.child.kill('SIGKILL');
    await Promise.all(procs.map((p) => p.exit));
    rmSync(root, { recursive: true, force: true });
  });

  it('refuses a second server on the same folder, and loses no acknowledged write when killed with -9 under 8 writers', async () => {
    const first = startServer(dataDir);
    procs.push(first);
    const url = await first.url;
    // Its first start took a daily backup.
    await expect.poll(() => (existsSync(join(dataDir, 'backups')) ? readdirSync(join(dataDir, 'backups')).filter((f) => f.endsWith('.tar.gz')).length : 0), { timeout: 30_000 }).toBe(1);

    const second = startServer(dataDir);
    procs.push(second);
    expect(await second.exit).toBe(1);
    expect(second.stderr()).toContain(join(dataDir, 'pglite'));
    expect(second.stderr()).toContain(`pid ${first.child.pid}`);
    // The command line cannot take a backup under the running server either.
    const cliErr: string[] = [];
    const code = await runCli(['db', 'backup', join(root, 'x.tar.gz')], { env: { ...process.env, DATABASE_URL: '', TEZGAH_DATA_DIR: dataDir }, stdout: { write: () => true }, stderr: { write: (s: string) => { cliErr.push(s); return true; } } });
    // Exit 3: the command could not do its work (not the person's input).
    expect(code).toBe(3);
    expect(cliErr.join('')).toContain(`pid ${first.child.pid}`);

    // 8 writers; the server is killed while they run.
    const api = http(url);
    const token = await api.signIn('eczaci');
    const acknowledged: number[] = [];
    let stop = false;
    const writer = async (w: number) => {
      for (let i = 0; !stop; i++) {
        try {
          const r = await api.call('POST', `${ONMUHASEBE}/tags`, { token, body: { name: `w${w}-${i}` } });
          if (r.status === 201 || r.status === 200) acknowledged.push(Number(r.body.id));
        } catch {
          return; // the connection died with the server
        }
      }
    };
    const writers = Array.from({ length: 8 }, (_, w) => writer(w));
    await expect.poll(() => acknowledged.length, { timeout: 30_000, interval: 20 }).toBeGreaterThan(40);
    first.child.kill('SIGKILL');
    await first.exit;
    stop = true;
    await Promise.all(writers);

    // A restart takes the dead server's lock over and has every acknowledged write.
    const again = startServer(dataDir);
    procs.push(again);
    const url2 = await again.url;
    const api2 = http(url2);
    const token2 = await api2.signIn('eczaci');
    const list = await api2.call('GET', `${ONMUHASEBE}/tags?size=1000`, { token: token2 });
    expect(list.status).toBe(200);
    const present = new Set((list.body as { id: number }[]).map((t) => Number(t.id)));
    const lost = acknowledged.filter((id) => !present.has(id));
    expect(lost).toEqual([]);
    again.child.kill('SIGTERM');
    expect(await again.exit).toBe(0);
    expect(existsSync(join(dataDir, 'pglite.lock'))).toBe(false);
  }, 240_000);

  it('backs up with the server stopped and restores into a fresh folder with the same rows', async () => {
    const file = join(root, 'backup.tar.gz');
    const io = (env: Record<string, string>) => {
      const out: string[] = [];
      return { out, io: { env: { ...process.env, DATABASE_URL: '', ...env }, stdout: { write: (s: string) => { out.push(s); return true; } }, stderr: { write: (s: string) => { out.push(s); return true; } } } };
    };
    const b = io({ TEZGAH_DATA_DIR: dataDir });
    expect(await runCli(['db', 'backup', file, '--json'], b.io)).toBe(0);
    const written = JSON.parse(b.out.join(''));
    expect(written.rows).toBeGreaterThan(100);

    const source = await openDatabase({ dataDir: join(dataDir, 'pglite') });
    const before = await tableCounts(source.db);
    await source.close();

    const fresh = join(root, 'restored');
    const r = io({ TEZGAH_DATA_DIR: fresh });
    expect(await runCli(['db', 'restore', file, '--json'], r.io)).toBe(0);
    expect(JSON.parse(r.out.join('')).rows).toBe(written.rows);
    const restored = await openDatabase({ dataDir: join(fresh, 'pglite') });
    expect(await tableCounts(restored.db)).toEqual(before);
    await restored.close();

    // Restoring over an existing folder keeps the replaced one beside it.
    const again = io({ TEZGAH_DATA_DIR: fresh });
    expect(await runCli(['db', 'restore', file, '--json'], again.io)).toBe(0);
    const previous = JSON.parse(again.out.join('')).previous as string;
    expect(previous).toMatch(/pglite\.before-restore-/);
    expect(existsSync(join(previous, 'PG_VERSION'))).toBe(true);

    // A file that is not a backup is refused and the folder is left as it was.
    const bad = io({ TEZGAH_DATA_DIR: fresh });
    // Exit 2: invalid input, said in the run's language.
    expect(await runCli(['db', 'restore', MAIN, '--lang', 'en'], bad.io)).toBe(2);
    expect(bad.out.join('')).toContain('is not a Tezgah backup');
    const still = await openDatabase({ dataDir: join(fresh, 'pglite') });
    expect(await tableCounts(still.db)).toEqual(before);
    await still.close();
  }, 240_000);
});
