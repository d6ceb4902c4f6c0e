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
 * process holds it. Exit codes: 0 done, 1 usage error, 2 the backup or restore failed.
 */
import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import type { Command } from 'commander';
import type { CliContext, CliPlugin } from '@tezgah/cli';
import { loadConfig } from './config';
import { openDatabase } from './db/database';
import { backupEmbedded, listBackups, restoreEmbedded } from './db/backup';
import { FolderLockedError } from './db/lock';

/** A failure of the command itself (exit 2), with a sentence for the person. */
export class DbCommandFailed extends Error {
  override readonly name = 'DbCommandFailed';
  readonly exitCode = 2;
}

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
  if ((r.error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT') {
    throw new DbCommandFailed(`${tool} is not installed here (PostgreSQL's client tools). Run it where they are:\n  ${instructions}`);
  }
  if (r.status !== 0) throw new DbCommandFailed(`${tool} failed (exit ${r.status ?? r.signal})`);
}

function busy(e: unknown, what: string, backupsDir: string): never {
  if (e instanceof FolderLockedError) {
    throw new DbCommandFailed(`${e.message}\nA ${what} needs the server stopped. The running server keeps daily backups in ${backupsDir}.`);
  }
  throw e;
}

async function backup(ctx: CliContext, file: string, o: DbOptions): Promise<void> {
  const config = configOf(ctx, o);
  const target = resolve(file);
  if (config.databaseUrl) {
    runTool(ctx, 'pg_dump', ['--format=custom', `--file=${target}`, config.databaseUrl], `pg_dump --format=custom --file=${target} "$DATABASE_URL"`);
    ctx.output.result({ file: target, engine: 'postgres' }, (r) => ctx.output.line(`wrote ${r.file} (pg_dump, custom format)`));
    return;
  }
  const dataDir = join(config.dataDir, 'pglite');
  const database = await openDatabase({ dataDir }).catch((e) => busy(e, 'backup from the command line', config.backup.dir));
  try {
    const info = await backupEmbedded(database, target);
    ctx.output.result({ file: target, engine: 'pglite', bytes: info.bytes, tables: Object.keys(info.rows).length, rows: total(info.rows) }, (r) =>
      ctx.output.line(`wrote ${r.file}: ${r.tables} tables, ${r.rows} rows, ${r.bytes} bytes`));
  } finally {
    await database.close();
  }
}

async function restore(ctx: CliContext, file: string, o: DbOptions): Promise<void> {
  const config = configOf(ctx, o);
  const source = resolve(file);
  if (config.databaseUrl) {
    runTool(ctx, 'pg_restore', ['--clean', '--if-exists', '--no-owner', `--dbname=${config.databaseUrl}`, source], `pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" ${source}`);
    ctx.output.result({ file: source, engine: 'postgres' }, (r) => ctx.output.line(`restored ${r.file} (pg_restore)`));
    return;
  }
  const dataDir = join(config.dataDir, 'pglite');
  const { rows, previous } = await restoreEmbedded(source, dataDir).catch((e) => busy(e, 'restore', config.backup.dir));
  ctx.output.result({ file: source, engine: 'pglite', dataDir, previous, tables: Object.keys(rows).length, rows: total(rows) }, (r) => {
    ctx.output.line(`restored ${r.file} into ${r.dataDir}: ${r.tables} tables, ${r.rows} rows`);
    if (r.previous) ctx.output.line(`the folder it replaced is kept as ${r.previous}`);
  });
}

export const dbCommands: CliPlugin = {
  id: 'db',
  register(program: Command, ctx: CliContext) {
    const db = program.command('db').description('back up and restore the database (the embedded one with the server stopped)');
    const dataDir = ['--data-dir <dir>', 'the data folder (default: TEZGAH_DATA_DIR or ./data)'] as const;
    db.command('backup')
      .description('write a backup of the whole database to FILE')
      .argument('<file>', 'where to write it (e.g. tezgah-2026-11-23.tar.gz; with DATABASE_URL a pg_dump custom-format file)')
      .option(...dataDir)
      .action((file: string, o: DbOptions) => backup(ctx, file, o));
    db.command('restore')
      .description('replace the database with the backup in FILE (the replaced embedded folder is kept)')
      .argument('<file>', 'a file written by tezgah db backup or by the daily backup')
      .option(...dataDir)
      .action((file: string, o: DbOptions) => restore(ctx, file, o));
    db.command('backups')
      .description("list the server's daily backups of the embedded database")
      .option(...dataDir)
      .action((o: DbOptions) => {
        const config = configOf(ctx, o);
        const list = listBackups(config.backup.dir).map((b) => ({ file: b.file, at: b.at.toISOString(), bytes: b.bytes }));
        ctx.output.result(list, (l) => {
          if (!l.length) ctx.output.line(`no backups in ${config.backup.dir}`);
          else ctx.output.table(l, [{ header: 'File', value: (b) => b.file }, { header: 'Taken', value: (b) => b.at }, { header: 'Bytes', value: (b) => b.bytes, align: 'right' }]);
        });
      });
  },
};

export default dbCommands;
