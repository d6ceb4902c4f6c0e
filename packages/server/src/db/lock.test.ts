import { afterEach, describe, expect, it } from 'vitest';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FolderLockedError, folderHolder, lockFolder } from './lock';

const LOCK_TS = fileURLToPath(new URL('./lock.ts', import.meta.url));
const dirs: string[] = [];
const tempFolder = () => {
  const d = mkdtempSync(join(tmpdir(), 'tezgah-lock-'));
  dirs.push(d);
  return join(d, 'pglite');
};
afterEach(() => { for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true }); });

/** A pid that no process has now: a child that has already exited. */
function deadPid(): number {
  const r = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(r.stdout);
}

describe('the data folder lock', () => {
  it('refuses a second opener, naming the folder and the holder, until released', () => {
    const folder = tempFolder();
    const lock = lockFolder(folder);
    let err: unknown;
    try { lockFolder(folder); } catch (e) { err = e; }
    expect(err).toBeInstanceOf(FolderLockedError);
    expect((err as Error).message).toContain(folder);
    expect((err as Error).message).toContain(`pid ${process.pid}`);
    expect(folderHolder(folder)?.pid).toBe(process.pid);
    lock.release();
    expect(existsSync(`${folder}.lock`)).toBe(false);
    expect(folderHolder(folder)).toBeNull();
    lockFolder(folder).release();
  });

  it("takes over a lock whose process is gone, and one whose pid now belongs to another process", () => {
    const folder = tempFolder();
    writeFileSync(`${folder}.lock`, JSON.stringify({ pid: deadPid(), host: hostname(), start: null, command: 'killed', since: '2026-01-01T00:00:00Z' }));
    const lock = lockFolder(folder);
    expect(JSON.parse(readFileSync(`${folder}.lock`, 'utf8')).pid).toBe(process.pid);
    expect(JSON.parse(readFileSync(`${folder}.lock.stale`, 'utf8')).command).toBe('killed');
    lock.release();
    // Our own pid, but another start time: the pid was reused after the holder died.
    if (existsSync('/proc/self/stat')) {
      writeFileSync(`${folder}.lock`, JSON.stringify({ pid: process.pid, host: hostname(), start: '1', command: 'old', since: '2026-01-01T00:00:00Z' }));
      lockFolder(folder).release();
    }
    // A lock file left empty by a process that died between creating and writing it.
    // (Left a while ago: a fresh unreadable lock is waited on, it may be an older Tezgah writing it.)
    writeFileSync(`${folder}.lock`, '');
    utimesSync(`${folder}.lock`, new Date(Date.now() - 60_000), new Date(Date.now() - 60_000));
    lockFolder(folder).release();
  });

  it('lets exactly one of several processes racing for a stale lock win', async () => {
    const folder = tempFolder();
    writeFileSync(`${folder}.lock`, JSON.stringify({ pid: deadPid(), host: hostname(), start: null, command: 'killed', since: '2026-01-01T00:00:00Z' }));
    const at = Date.now() + 4000;
    const done = `${folder}.done`;
    // Each child waits for the same instant, tries, says, and holds what it got until every child
    // has tried (the done file): a child started late on a busy machine must still meet the winner's lock.
    const script = `
      const { existsSync } = await import('node:fs');
      const { lockFolder } = await import(${JSON.stringify(LOCK_TS)});
      while (Date.now() < ${at}) {}
      let got = 'refused';
      try { lockFolder(${JSON.stringify(folder)}); got = 'locked'; } catch (e) { if (e.code !== 'DATA_DIR_LOCKED') got = 'error ' + e.message; }
      process.stdout.write(got);
      while (!existsSync(${JSON.stringify(done)})) await new Promise((r) => setTimeout(r, 50));`;
    let answered = 0;
    const runs = Array.from({ length: 5 }, () => new Promise<string>((resolve) => {
      const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
      let out = '';
      child.stdout.on('data', (d) => {
        if (out === '' && ++answered === 5) writeFileSync(done, '');
        out += d;
      });
      child.on('exit', () => resolve(out));
    }));
    const results = await Promise.all(runs);
    expect(results.filter((r) => r === 'locked')).toHaveLength(1);
    expect(results.filter((r) => r === 'refused')).toHaveLength(4);
    // The winner exited: its lock went with it.
    expect(existsSync(`${folder}.lock`)).toBe(false);
  }, 60_000);
});
