/**
 * The server's commands for `tezgah` (found through package.json `tezgah.cli`): backups.
 *
 * ```sh
 * tezgah db backup FILE      # the embedded database (server stopped) or, with DATABASE_URL, pg_dump
 * tezgah db restore FILE     # the opposite; the current embedded folder is kept beside the new one
 * tezgah db backups          # the server's daily backups
 * ```
 *
 * They read the same environment as the server (TEZGAH_DATA_DIR, DATABASE_URL, TEZGAH_BACKUP_DIR).
 * The embedded folder can have one user at a time: while a server runs, these refuse and say which
 * process holds it. They speak the run's language (`--lang`, else the locale, else Turkish) and end
 * with the CLI's exit codes: 0 done, 2 invalid input (a file that is not a backup), 3 the backup
 * or restore could not be done (the folder is in use, PostgreSQL's client tools failed or are missing).
 */
import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import type { Command } from 'commander';
import { CommandFailed, ExitCode, sayIn, type CliContext, type CliPlugin, type Lang } from '@tezgah/cli';
import { loadConfig } from './config';
import { openDatabase } from './db/database';
import { backupEmbedded, listBackups, NotABackup, restoreEmbedded } from './db/backup';
import { FolderLockedError } from './db/lock';

/** What the commands say, in each language the CLI speaks. */
const MESSAGES: Record<Lang, {
  missingTool: (tool: string, instructions: string) => string;
  toolFailed: (tool: string, status: string) => string;
  locked: (e: FolderLockedError, what: 'backup' | 'restore', backupsDir: string) => string;
  notABackup: (e: NotABackup) => string;
  wroteDump: (file: string) => string;
  wrote: (file: string, tables: number, rows: number, bytes: number) => string;
  restoredDump: (file: string) => string;
  restored: (file: string, dataDir: string, tables: number, rows: number) => string;
  kept: (folder: string) => string;
  noBackups: (dir: string) => string;
  columns: { file: string; taken: string; bytes: string };
}> = {
  tr: {
    missingTool: (tool, instructions) => `${tool} bu makinede kurulu değil (PostgreSQL'in istemci araçları). Kurulu olduğu yerde çalıştırın:\n  ${instructions}`,
    toolFailed: (tool, status) => `${tool} başarısız oldu (çıkış ${status}).`,
    locked: (e, what, dir) => `${e.folder} veri klasörünü başka bir Tezgah süreci kullanıyor (pid ${e.holder.pid}, ${e.holder.host}, ${e.holder.since}'den beri: ${e.holder.command}). `
      + `${what === 'backup' ? 'Komut satırından yedek almak' : 'Geri yüklemek'} için sunucu durdurulmalı. Çalışan sunucu günlük yedeklerini ${dir} klasöründe tutar.`,
    notABackup: (e) => ({
      missing: `Yedek dosyası yok: ${e.file}`,
      'damaged-gzip': `${e.file} bir Tezgah yedeği değil: bozuk bir gzip dosyası.`,
      'not-a-dump': `${e.file} bir Tezgah yedeği değil (bir veri klasörünün dökümü değil).`,
      'no-migrations': `${e.file} bir Tezgah yedeği değil: uygulanmış migration yok.`,
    })[e.reason],
    wroteDump: (file) => `${file} yazıldı (pg_dump, custom biçim)`,
    wrote: (file, tables, rows, bytes) => `${file} yazıldı: ${tables} tablo, ${rows} satır, ${bytes} bayt`,
    restoredDump: (file) => `${file} geri yüklendi (pg_restore)`,
    restored: (file, dataDir, tables, rows) => `${file}, ${dataDir} klasörüne geri yüklendi: ${tables} tablo, ${rows} satır`,
    kept: (folder) => `yerine geçtiği klasör ${folder} olarak saklandı`,
    noBackups: (dir) => `${dir} klasöründe yedek yok`,
    columns: { file: 'Dosya', taken: 'Alındı', bytes: 'Bayt' },
  },
  en: {
    missingTool: (tool, instructions) => `${tool} is not installed here (PostgreSQL's client tools). Run it where they are:\n  ${instructions}`,
    toolFailed: (tool, status) => `${tool} failed (exit ${status}).`,
    locked: (e, what, dir) => `${e.message}\nA ${what === 'backup' ? 'backup from the command line' : 'restore'} needs the server stopped. The running server keeps daily backups in ${dir}.`,
    notABackup: (e) => e.message,
    wroteDump: (file) => `wrote ${file} (pg_dump, custom format)`,
    wrote: (file, tables, rows, bytes) => `wrote ${file}: ${tables} tables, ${rows} rows, ${bytes} bytes`,
    restoredDump: (file) => `restored ${file} (pg_restore)`,
    restored: (file, dataDir, tables, rows) => `restored ${file} into ${dataDir}: ${tables} tables, ${rows} rows`,
    kept: (folder) => `the folder it replaced is kept as ${folder}`,
    noBackups: (dir) => `no backups in ${dir}`,
    columns: { file: 'File', taken: 'Taken', bytes: 'Bytes' },
  },
};

interface DbOptions {
  dataDir?: string;
}

function configOf(ctx: CliContext, o: DbOptions) {
  const env = { ...ctx.io.env } as NodeJS.ProcessEnv;
  if (o.dataDir) env.TEZGAH_DATA_DIR = o.dataDir;
  return loadConfig(env);
}

const total = (rows: Record<string, number>) => Object.values(rows).reduce((a, b) => a + b, 0);

function runTool(ctx: CliContext, tool: string, args: string[], instructions: string): void {
  const r = spawnSync(tool, args, { stdio: ['ignore', 'inherit', 'inherit'], env: ctx.io.env as NodeJS.ProcessEnv });
  if ((r.error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT') throw new CommandFailed(ExitCode.FAILED, MESSAGES[ctx.lang].missingTool(tool, instructions));
  if (r.status !== 0) throw new CommandFailed(ExitCode.FAILED, MESSAGES[ctx.lang].toolFailed(tool, String(r.status ?? r.signal)));
}

/** A folder in use (exit 3) or a file that is not a backup (exit 2), said in the run's language; anything else as it is. */
function refused(ctx: CliContext, e: unknown, what: 'backup' | 'restore', backupsDir: string): never {
  if (e instanceof FolderLockedError) throw new CommandFailed(ExitCode.FAILED, MESSAGES[ctx.lang].locked(e, what, backupsDir));
  if (e instanceof NotABackup) throw new CommandFailed(ExitCode.INVALID, MESSAGES[ctx.lang].notABackup(e));
  throw e;
}

async function backup(ctx: CliContext, file: string, o: DbOptions): Promise<void> {
  const config = configOf(ctx, o);
  const target = resolve(file);
  if (config.databaseUrl) {
    runTool(ctx, 'pg_dump', ['--format=custom', `--file=${target}`, config.databaseUrl], `pg_dump --format=custom --file=${target} "$DATABASE_URL"`);
    ctx.output.result({ file: target, engine: 'postgres' }, (r) => ctx.output.line(MESSAGES[ctx.lang].wroteDump(r.file)));
    return;
  }
  const dataDir = join(config.dataDir, 'pglite');
  const database = await openDatabase({ dataDir }).catch((e) => refused(ctx, e, 'backup', config.backup.dir));
  try {
    const info = await backupEmbedded(database, target);
    ctx.output.result({ file: target, engine: 'pglite', bytes: info.bytes, tables: Object.keys(info.rows).length, rows: total(info.rows) }, (r) =>
      ctx.output.line(MESSAGES[ctx.lang].wrote(r.file, r.tables, r.rows, r.bytes)));
  } finally {
    await database.close();
  }
}

async function restore(ctx: CliContext, file: string, o: DbOptions): Promise<void> {
  const config = configOf(ctx, o);
  const source = resolve(file);
  if (config.databaseUrl) {
    runTool(ctx, 'pg_restore', ['--clean', '--if-exists', '--no-owner', `--dbname=${config.databaseUrl}`, source], `pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" ${source}`);
    ctx.output.result({ file: source, engine: 'postgres' }, (r) => ctx.output.line(MESSAGES[ctx.lang].restoredDump(r.file)));
    return;
  }
  const dataDir = join(config.dataDir, 'pglite');
  const { rows, previous } = await restoreEmbedded(source, dataDir).catch((e) => refused(ctx, e, 'restore', config.backup.dir));
  ctx.output.result({ file: source, engine: 'pglite', dataDir, previous, tables: Object.keys(rows).length, rows: total(rows) }, (r) => {
    ctx.output.line(MESSAGES[ctx.lang].restored(r.file, r.dataDir, r.tables, r.rows));
    if (r.previous) ctx.output.line(MESSAGES[ctx.lang].kept(r.previous));
  });
}

export const dbCommands: CliPlugin = {
  id: 'db',
  register(program: Command, ctx: CliContext) {
    const say = sayIn(ctx.lang);
    const db = program
      .command('db')
      .description(say({ tr: 'veritabanını yedekler ve geri yükler (gömülü olanı sunucu dururken)', en: 'back up and restore the database (the embedded one with the server stopped)' }));
    const dataDir = ['--data-dir <dir>', say({ tr: 'veri klasörü (verilmezse TEZGAH_DATA_DIR ya da ./data)', en: 'the data folder (default: TEZGAH_DATA_DIR or ./data)' })] as const;
    db.command('backup')
      .description(say({ tr: 'bütün veritabanının yedeğini FILE dosyasına yazar', en: 'write a backup of the whole database to FILE' }))
      .argument(
        '<file>',
        say({
          tr: 'yazılacağı yer (ör. tezgah-2026-11-23.tar.gz; DATABASE_URL ile pg_dump custom biçiminde bir dosya)',
          en: 'where to write it (e.g. tezgah-2026-11-23.tar.gz; with DATABASE_URL a pg_dump custom-format file)',
        }),
      )
      .option(...dataDir)
      .action((file: string, o: DbOptions) => backup(ctx, file, o));
    db.command('restore')
      .description(say({ tr: 'veritabanını FILE dosyasındaki yedekle değiştirir (değiştirilen gömülü klasör saklanır)', en: 'replace the database with the backup in FILE (the replaced embedded folder is kept)' }))
      .argument('<file>', say({ tr: 'tezgah db backup ya da günlük yedek ile yazılmış bir dosya', en: 'a file written by tezgah db backup or by the daily backup' }))
      .option(...dataDir)
      .action((file: string, o: DbOptions) => restore(ctx, file, o));
    db.command('backups')
      .description(say({ tr: 'sunucunun gömülü veritabanından aldığı günlük yedekleri listeler', en: "list the server's daily backups of the embedded database" }))
      .option(...dataDir)
      .action((o: DbOptions) => {
        const config = configOf(ctx, o);
        const list = listBackups(config.backup.dir).map((b) => ({ file: b.file, at: b.at.toISOString(), bytes: b.bytes }));
        ctx.output.result(list, (l) => {
          const m = MESSAGES[ctx.lang];
          if (!l.length) ctx.output.line(m.noBackups(config.backup.dir));
          else ctx.output.table(l, [{ header: m.columns.file, value: (b) => b.file }, { header: m.columns.taken, value: (b) => b.at }, { header: m.columns.bytes, value: (b) => b.bytes, align: 'right' }]);
        });
      });
  },
};

export default dbCommands;
