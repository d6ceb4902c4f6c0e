import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { sql } from 'kysely';
import { PGlite } from '@electric-sql/pglite';
import { openDatabase, type Database } from './database';
import { lockFolder } from './lock';

/**
 * Backups of the embedded database: PGlite's own dump of its data folder (a gzipped tar), taken
 * between transactions after a CHECKPOINT, written to a temporary file and renamed, so a backup
 * file is either whole or absent. A server (DATABASE_URL) is backed up with pg_dump instead.
 */

export interface BackupInfo {
  file: string;
  bytes: number;
  /** Rows per table at the moment of the dump (public schema). */
  rows: Record<string, number>;
}

/** Rows of every table in the public schema: what a restore is checked against. */
export async function tableCounts(db: Database['db']): Promise<Record<string, number>> {
  const tables = await sql<{ t: string }>`
    select table_name as t from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`.execute(db);
  const out: Record<string, number> = {};
  for (const { t } of tables.rows) {
    const r = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(t)}`.execute(db);
    out[t] = Number(r.rows[0]?.n ?? 0);
  }
  return out;
}

/** Dumps an open embedded database to `file` (the server's own backups, `tezgah db backup`). */
export async function backupEmbedded(database: Database, file: string): Promise<BackupInfo> {
  const pglite = database.pglite;
  if (!pglite) throw new Error('backupEmbedded needs the embedded engine; back a server up with pg_dump');
  mkdirSync(dirname(file), { recursive: true });
  // Hold the one connection: no transaction is half-way while the files are read.
  const { bytes, rows } = await database.db.connection().execute(async (conn) => {
    await sql`checkpoint`.execute(conn);
    const rows = await tableCounts(conn as unknown as Database['db']);
    const dump = await pglite.dumpDataDir('gzip');
    return { bytes: new Uint8Array(await dump.arrayBuffer()), rows };
  });
  const tmp = `${file}.part-${process.pid}`;
  writeFileSync(tmp, bytes);
  renameSync(tmp, file);
  return { file, bytes: bytes.length, rows };
}

/**
 * Restores `file` into the embedded data folder `dataDir`, which nobody may hold (the lock
 * refuses while a server runs). The dump is first opened in a folder beside it and checked; only
 * then is the current folder moved aside (kept as `<dataDir>.before-restore-<time>`, nothing is
 * deleted) and the restored one put in its place.
 */
export async function restoreEmbedded(file: string, dataDir: string): Promise<{ rows: Record<string, number>; previous: string | null }> {
  if (!existsSync(file)) throw new NotABackup(file, 'missing');
  mkdirSync(dirname(dataDir), { recursive: true });
  const lock = lockFolder(dataDir);
  const staging = `${dataDir}.restoring`;
  try {
    rmSync(staging, { recursive: true, force: true });
    mkdirSync(staging, { recursive: true });
    let rows: Record<string, number>;
    const staged = await openDatabase({ pglite: await PGlite.create({ dataDir: staging, loadDataDir: new Blob([new Uint8Array(readDump(file))]) }) });
    try {
      const migrations = await sql<{ n: number }>`select count(*)::int as n from schema_migrations`.execute(staged.db);
      if (!Number(migrations.rows[0]?.n)) throw new NotABackup(file, 'no-migrations');
      rows = await tableCounts(staged.db);
      await sql`checkpoint`.execute(staged.db);
    } finally {
      await staged.close();
    }
    let previous: string | null = null;
    if (existsSync(dataDir) && readdirSync(dataDir).length) {
      previous = `${dataDir}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
      renameSync(dataDir, previous);
    } else {
      rmSync(dataDir, { recursive: true, force: true });
    }
    renameSync(staging, dataDir);
    return { rows, previous };
  } catch (e) {
    rmSync(staging, { recursive: true, force: true });
    throw e;
  } finally {
    lock.release();
  }
}

/** A file given to restore that is not a backup of a data folder (or is not there): the person's input, not a failure. */
export class NotABackup extends Error {
  override readonly name = 'NotABackup';
  constructor(readonly file: string, readonly reason: 'missing' | 'damaged-gzip' | 'not-a-dump' | 'no-migrations') {
    super({
      missing: `no backup file ${file}`,
      'damaged-gzip': `${file} is not a Tezgah backup: it is a damaged gzip file`,
      'not-a-dump': `${file} is not a Tezgah backup (not a dump of a data folder)`,
      'no-migrations': `${file} is not a Tezgah backup: it has no applied migrations`,
    }[reason]);
  }
}

/** The tar inside a backup file, or a clear error when the file is not a data folder's dump. */
function readDump(file: string): Uint8Array {
  let bytes: Uint8Array = readFileSync(file);
  if (bytes[0] === 0x1f && bytes[1] === 0x8b) {
    try {
      bytes = gunzipSync(bytes);
    } catch {
      throw new NotABackup(file, 'damaged-gzip');
    }
  }
  // A tar of a PostgreSQL data folder: 512-byte headers, one of them naming PG_VERSION.
  const ustar = bytes.length >= 512 && Buffer.from(bytes.subarray(257, 262)).toString('latin1') === 'ustar';
  if (!ustar || !Buffer.from(bytes).includes('PG_VERSION')) throw new NotABackup(file, 'not-a-dump');
  return bytes;
}

const BACKUP_NAME = /^tezgah-(\d{8}-\d{6})\.tar\.gz$/;

export function backupFileName(at: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `tezgah-${at.getUTCFullYear()}${p(at.getUTCMonth() + 1)}${p(at.getUTCDate())}-${p(at.getUTCHours())}${p(at.getUTCMinutes())}${p(at.getUTCSeconds())}.tar.gz`;
}

/** The automatic backups in `dir`, newest first. */
export function listBackups(dir: string): { file: string; at: Date; bytes: number }[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => BACKUP_NAME.test(f))
    .map((f) => {
      const [, stamp] = BACKUP_NAME.exec(f)!;
      const s = stamp!;
      const at = new Date(Date.UTC(+s.slice(0, 4), +s.slice(4, 6) - 1, +s.slice(6, 8), +s.slice(9, 11), +s.slice(11, 13), +s.slice(13, 15)));
      return { file: join(dir, f), at, bytes: statSync(join(dir, f)).size };
    })
    .sort((a, b) => b.at.getTime() - a.at.getTime());
}

export interface DailyBackups {
  /** Takes a backup now if the newest is a day old or more; prunes those past `keepDays`. */
  tick(): Promise<string | null>;
  stop(): void;
}

/**
 * The server's daily backup of the embedded database into `dir`: one at start when the newest is
 * a day old (or there is none), then checked every hour; backups older than `keepDays` days are
 * removed after a new one is written (the newest is always kept).
 */
export function dailyBackups(database: Database, dir: string, keepDays: number, opts: { now?: () => Date; log?: (msg: string, extra?: object) => void } = {}): DailyBackups {
  const now = opts.now ?? (() => new Date());
  const log = opts.log ?? (() => {});
  let running: Promise<string | null> | null = null;
  const tick = () => {
    if (running) return running;
    const run = (async () => {
      const newest = listBackups(dir)[0];
      const at = now();
      if (newest && at.getTime() - newest.at.getTime() < 24 * 3600_000) return null;
      const file = join(dir, backupFileName(at));
      const info = await backupEmbedded(database, file);
      for (const old of listBackups(dir).slice(1)) {
        if (at.getTime() - old.at.getTime() > keepDays * 24 * 3600_000) rmSync(old.file, { force: true });
      }
      log('daily backup written', { file: basename(file), bytes: info.bytes });
      return file;
    })();
    running = run;
    void run.then(() => { running = null; }, () => { running = null; });
    return run;
  };
  const timer = setInterval(() => { void tick().catch((e) => log('daily backup failed', { err: String(e) })); }, 3600_000);
  timer.unref();
  return { tick, stop: () => clearInterval(timer) };
}
