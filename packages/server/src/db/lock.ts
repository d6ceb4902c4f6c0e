import { closeSync, existsSync, linkSync, openSync, readFileSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';

/**
 * An exclusive lock on an embedded database folder. PGlite has no postmaster: two processes
 * opening one folder both start and silently overwrite each other's pages (acknowledged writes
 * lost). So whoever opens the folder — the server, `tezgah db`, a test — first creates
 * `<folder>.lock` beside it, naming the process (written whole, then linked into place: the link
 * fails when the name exists, like O_EXCL, and the file is never seen empty). A second opener reads it and refuses,
 * naming the folder and the holder. A lock whose process is gone (killed with -9, the machine
 * restarted) is stale and is taken over under a second O_EXCL file, after checking again that it
 * is still the same stale lock, so two starters racing for a stale lock cannot both win.
 */
export interface LockHolder {
  pid: number;
  host: string;
  /** Linux: the process's start time in clock ticks (/proc/<pid>/stat field 22), against pid reuse. */
  start: string | null;
  command: string;
  since: string;
}

export class FolderLockedError extends Error {
  readonly code = 'DATA_DIR_LOCKED';
  constructor(readonly folder: string, readonly holder: LockHolder) {
    super(
      `The data folder ${folder} is in use by another Tezgah process (pid ${holder.pid} on ${holder.host}, ` +
      `since ${holder.since}: ${holder.command}). Stop that process first, or set TEZGAH_DATA_DIR to another folder. ` +
      `Two processes on one embedded database would lose each other's writes.`,
    );
  }
}

export interface FolderLock {
  readonly file: string;
  release(): void;
}

function processStart(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces) start after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return fields[19] ?? null;
  } catch {
    return null;
  }
}

function alive(holder: LockHolder): boolean {
  if (holder.host !== hostname()) return true; // another machine's process: cannot tell, assume it runs
  try {
    process.kill(holder.pid, 0);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ESRCH') return false;
    // EPERM: the process exists under another user.
  }
  if (holder.start) {
    const now = processStart(holder.pid);
    if (now !== null && now !== holder.start) return false; // the pid was reused by another process
  }
  return true;
}

function readHolder(file: string): LockHolder | null {
  try {
    const h = JSON.parse(readFileSync(file, 'utf8')) as LockHolder;
    return typeof h.pid === 'number' ? h : null;
  } catch {
    return null;
  }
}

const held = new Map<string, string>(); // lock file → its content, released at exit
let exitHook = false;

function me(): LockHolder {
  return {
    pid: process.pid,
    host: hostname(),
    start: processStart(process.pid),
    command: process.argv.slice(1).map((a) => a.split('/').slice(-2).join('/')).join(' ').slice(0, 200),
    since: new Date().toISOString(),
  };
}

/** Takes the lock on `folder` (its lock file is `<folder>.lock`), or throws FolderLockedError. */
export function lockFolder(folder: string): FolderLock {
  const file = `${folder.replace(/\/+$/, '')}.lock`;
  const takeover = `${file}.takeover`;
  const content = JSON.stringify(me());
  for (let attempt = 0; attempt < 100; attempt++) {
    try {
      // Written whole beside it, then linked into place (link fails if the name exists): the lock
      // file never exists empty, so no starter can mistake a winner's lock for a half-written one.
      const tmp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}`;
      writeFileSync(tmp, content, { mode: 0o644 });
      try {
        linkSync(tmp, file);
      } finally {
        unlinkSync(tmp);
      }
      held.set(file, content);
      if (!exitHook) {
        exitHook = true;
        process.on('exit', () => { for (const [f, c] of held) releaseFile(f, c); });
      }
      return { file, release: () => { releaseFile(file, content); held.delete(file); } };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
    const holder = readHolder(file);
    if (holder && alive(holder)) throw new FolderLockedError(folder, holder);
    if (!holder && young(file)) {
      // Unreadable and new: perhaps an older Tezgah writing it right now. Wait before calling it stale.
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50);
      continue;
    }
    // Stale (or half-written by a process that died between create and write): take it over.
    let mine = false;
    try {
      closeSync(openSync(takeover, 'wx'));
      mine = true;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      // Someone else is taking over; a takeover file older than 10 s belongs to a dead starter.
      try {
        if (Date.now() - statSync(takeover).mtimeMs > 10_000) unlinkSync(takeover);
      } catch { /* gone meanwhile */ }
    }
    if (mine) {
      try {
        const again = readHolder(file);
        const same = JSON.stringify(again) === JSON.stringify(holder);
        if (same && !(again && alive(again))) {
          // Keep the stale lock's content for whoever wonders what happened.
          try { renameSync(file, `${file}.stale`); } catch { /* already gone */ }
        }
      } finally {
        unlinkSync(takeover);
      }
    } else {
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 20 + Math.random() * 30);
    }
  }
  const holder = readHolder(file);
  throw holder ? new FolderLockedError(folder, holder) : new Error(`could not lock ${folder}: ${file} keeps changing`);
}

/** A lock file changed less than 2 s ago (or gone meanwhile). */
function young(file: string): boolean {
  try {
    return Date.now() - statSync(file).mtimeMs < 2_000;
  } catch {
    return true;
  }
}

function releaseFile(file: string, content: string) {
  try {
    if (existsSync(file) && readFileSync(file, 'utf8') === content) unlinkSync(file);
  } catch {
    // best effort: a lock left behind is stale and taken over at the next start
  }
}

/** Who holds `folder`'s lock now, or null. */
export function folderHolder(folder: string): LockHolder | null {
  const holder = readHolder(`${folder.replace(/\/+$/, '')}.lock`);
  return holder && alive(holder) ? holder : null;
}
