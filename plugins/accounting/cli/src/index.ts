/**
 * The accounting plugin's commands for `tezgah` (found through package.json `tezgah.cli`):
 *
 * ```sh
 * tezgah import products FILE [--dry-run] [--skip-invalid] [--batch-size N] [--json]
 * tezgah import currents FILE [...]
 * tezgah export products FILE [--json]
 * tezgah export currents FILE
 * tezgah import products --help       # the columns it reads
 * tezgah invoices missing [--company N] [--json]                     # missing-invoices.ts
 * tezgah invoices repair (--company N | --all) [--dry-run] [--json]
 * ```
 *
 * FILE is .csv (';' or ',' separated, Turkish or plain numbers) or .xlsx (the first sheet).
 * Exit codes: 0 done, 1 usage error (a bad option, an unreadable file), 2 the API failed or the
 * file has rows that cannot be imported.
 */
import type { Command } from 'commander';
import { integer, UsageError, type CliContext, type CliPlugin } from '@tezgah/cli';
import type { ColumnSpec, RowError } from './columns';
import type { Entity } from './entity';
import { exportFile } from './exporter';
import { ImportFailed } from './failure';
import { BATCH_MAX, importFile, type ImportSummary } from './importer';
import { progressBar } from './progress';
import { FileFormatError } from './sheet';
import { currentColumns, currents } from './currents';
import { productColumns, products } from './products';
import { registerMissingInvoiceCommands } from './missing-invoices';

export { importFile, type ImportSummary, type ImportResult, type ImportOptions } from './importer';
export { exportFile } from './exporter';
export { readTable, writeTable, parseCsv, type Table } from './sheet';
export { mapColumns, parseRow, fold, type ColumnSpec, type RowError } from './columns';
export { products } from './products';
export { currents } from './currents';

interface ImportCommandOptions {
  dryRun?: boolean;
  skipInvalid?: boolean;
  batchSize: number;
}

/** What `import`/`export` handle: the entity and the columns its help lists. */
interface Kind {
  // The entities differ in their record type; the commands treat them alike.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  readonly entity: Entity<any>;
  readonly columns: readonly ColumnSpec[];
  readonly matched: string;
}

const KINDS: Readonly<Record<string, Kind>> = {
  products: { entity: products, columns: productColumns({ units: [], warehouses: [] }), matched: 'barcode' },
  currents: {
    entity: currents,
    columns: currentColumns({ countries: [], cities: [], subdivisions: [], taxOffices: [] }),
    matched: 'type and tax number (Vergi No/TC Kimlik No)',
  },
};

/** The help's list of columns: the header export writes, then the other names import accepts. */
function columnsHelp(kind: Kind): string {
  const lines = kind.columns.map((c) => {
    const other = [...(c.aliases ?? []), c.field].filter((a, i, all) => all.indexOf(a) === i);
    return `  ${c.header}${c.required ? ' (required)' : ''}: also ${other.join(', ')}`;
  });
  return `\nColumns (any case, with or without Turkish letters):\n${lines.join('\n')}\n`;
}

async function usageOnBadFile<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (e) {
    if (e instanceof FileFormatError) throw new UsageError(e.message);
    throw e;
  }
}

function printSummary(ctx: CliContext, summary: ImportSummary, dryRun: boolean): void {
  const { created, updated, skipped, failed, errors } = summary;
  ctx.output.result({ created, updated, skipped, failed, errors }, (s) => {
    const would = dryRun ? 'would be ' : '';
    ctx.output.line(`${would}created ${s.created} · ${would}updated ${s.updated} · unchanged ${s.skipped} · failed ${s.failed}${dryRun ? ' (dry run)' : ''}`);
    if (s.errors.length) {
      ctx.output.line();
      ctx.output.table<RowError>(s.errors, [
        { header: 'Row', value: (e) => e.row, align: 'right' },
        { header: 'Column', value: (e) => e.column, maxWidth: 30 },
        { header: 'Reason', value: (e) => e.reason, maxWidth: 100 },
      ]);
    }
  });
}

async function runImport(ctx: CliContext, entity: Entity<unknown>, file: string, o: ImportCommandOptions): Promise<void> {
  const api = ctx.api();
  const progress = progressBar(ctx.io.stderr);
  const result = await usageOnBadFile(() =>
    importFile(api, entity, file, { dryRun: o.dryRun === true, skipInvalid: o.skipInvalid === true, batchSize: o.batchSize }, progress),
  );
  if (result.ignoredColumns.length) ctx.output.note(`note: ignored columns: ${result.ignoredColumns.join(', ')}`);
  printSummary(ctx, result.summary, o.dryRun === true);
  if (result.refused) throw new ImportFailed(result.refused);
}

async function runExport(ctx: CliContext, entity: Entity<unknown>, file: string): Promise<void> {
  const api = ctx.api();
  const count = await usageOnBadFile(() => exportFile(api, entity, file, progressBar(ctx.io.stderr)));
  ctx.output.result({ file, count }, (r) => ctx.output.line(`wrote ${r.count} ${entity.noun}${r.count === 1 ? '' : 's'} to ${r.file}`));
}

/** `tezgah import` and `tezgah export`. */
export const accountingCommands: CliPlugin = {
  id: 'accounting',
  register(program: Command, ctx: CliContext) {
    const importer = program
      .command('import')
      .description('import products or current accounts from a .csv or .xlsx file; a second run of the same file updates instead of adding again');
    const exporter = program.command('export').description('export products or current accounts to a .csv or .xlsx file with the columns import reads');
    for (const [name, kind] of Object.entries(KINDS)) {
      importer
        .command(name)
        .description(`import ${kind.entity.noun}s, matched by ${kind.matched}`)
        .argument('<file>', '.csv (; or , separated) or .xlsx (first sheet); the first row names the columns')
        .option('--dry-run', 'check every row and report the problems; write nothing')
        .option('--skip-invalid', 'write the good rows even when some rows are bad')
        .option('--batch-size <n>', `records per bulk request (1-${BATCH_MAX})`, integer(1, BATCH_MAX), BATCH_MAX)
        .addHelpText('after', columnsHelp(kind))
        .action((file: string, o: ImportCommandOptions) => runImport(ctx, kind.entity, file, o));
      exporter
        .command(name)
        .description(`export every ${kind.entity.noun}`)
        .argument('<file>', '.csv or .xlsx file to write')
        .action((file: string) => runExport(ctx, kind.entity, file));
    }
    registerMissingInvoiceCommands(program, ctx);
  },
};

export default accountingCommands;
