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
 * tezgah invoices repair [--company N | --all] [--dry-run] [--json]
 * ```
 *
 * FILE is .csv (';' or ',' separated, Turkish or plain numbers) or .xlsx (the first sheet).
 * Exit codes (the CLI's): 0 all done; 1 done, but invalid rows were skipped (`--skip-invalid`);
 * 2 invalid input: an option, an unreadable file, rows with problems (a dry run that finds any
 * too), rows the server refused; 3 the server or the network failed.
 */
import type { Command } from 'commander';
import { CommandFailed, countsLine, formatCount, integer, sayIn, UsageError, WORDS, type CliContext, type CliPlugin, type Lang, type Texts } from '@tezgah/cli';
import type { ColumnSpec, RowError } from './columns';
import type { Entity } from './entity';
import { exportFile } from './exporter';
import { BATCH_MAX, importFile, ImportInterrupted, type ImportSummary } from './importer';
import { progressBar } from './progress';
import { FileFormatError } from './sheet';
import { currentColumns, currents } from './currents';
import { productColumns, products } from './products';
import { registerMissingInvoiceCommands } from './missing-invoices';

export { importFile, ImportInterrupted, type ImportSummary, type ImportResult, type ImportOptions } from './importer';
export { exportFile } from './exporter';
export { readTable, openTable, writeTable, parseCsv, type Table, type TableSource } from './sheet';
export { mapColumns, parseRow, fold, type ColumnSpec, type RowError } from './columns';
export { products } from './products';
export { currents } from './currents';

interface ImportCommandOptions {
  dryRun?: boolean;
  skipInvalid?: boolean;
  batchSize: number;
}

/** What `import`/`export` handle: the entity, the columns its help lists and its commands' descriptions. */
interface Kind {
  // The entities differ in their record type; the commands treat them alike.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  readonly entity: Entity<any>;
  readonly columns: readonly ColumnSpec[];
  readonly import: Texts;
  readonly export: Texts;
}

const KINDS: Readonly<Record<string, Kind>> = {
  products: {
    entity: products,
    columns: productColumns({ units: [], warehouses: [] }),
    import: { tr: 'ürünleri içe aktarır, barkoda göre eşleştirir', en: 'import products, matched by barcode' },
    export: { tr: 'bütün ürünleri dışa aktarır', en: 'export every product' },
  },
  currents: {
    entity: currents,
    columns: currentColumns({ countries: [], cities: [], subdivisions: [], taxOffices: [] }),
    import: {
      tr: 'cari hesapları içe aktarır, türe ve vergi numarasına (Vergi No/TC Kimlik No) göre eşleştirir',
      en: 'import current accounts, matched by type and tax number (Vergi No/TC Kimlik No)',
    },
    export: { tr: 'bütün cari hesapları dışa aktarır', en: 'export every current account' },
  },
};

const COLUMNS_HELP = {
  tr: {
    required: ' (zorunlu)',
    also: 'ayrıca',
    columns: 'Sütunlar (büyük ya da küçük harf, Türkçe harfli ya da harfsiz):',
    exitCodes: 'Çıkış kodları: 0 tamamlandı, 1 hatalı satırlar atlandı (--skip-invalid), 2 geçersiz girdi (hatalı satır bulan bir deneme de), 3 sunucu ya da ağ hatası.',
  },
  en: {
    required: ' (required)',
    also: 'also',
    columns: 'Columns (any case, with or without Turkish letters):',
    exitCodes: 'Exit codes: 0 all done, 1 invalid rows skipped (--skip-invalid), 2 invalid input (also a dry run that finds bad rows), 3 the server or the network failed.',
  },
} satisfies Record<Lang, unknown>;

/** The help's list of columns: the header export writes, then the other names import accepts. */
function columnsHelp(kind: Kind, lang: Lang): string {
  const w = COLUMNS_HELP[lang];
  const lines = kind.columns.map((c) => {
    const other = [...(c.aliases ?? []), c.field].filter((a, i, all) => all.indexOf(a) === i);
    return `  ${c.header}${c.required ? w.required : ''}: ${w.also} ${other.join(', ')}`;
  });
  return `\n${w.columns}\n${lines.join('\n')}\n\n${w.exitCodes}\n`;
}

async function usageOnBadFile<T>(lang: Lang, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (e) {
    if (e instanceof FileFormatError) throw new UsageError(e.say(lang));
    throw e;
  }
}

const MESSAGES = {
  tr: {
    row: 'Satır', column: 'Sütun', reason: 'Neden',
    ignored: (cols: string) => `${WORDS.tr.note}: dikkate alınmayan sütunlar: ${cols}`,
    skipped: (n: number) => `${formatCount('tr', n)} hatalı satır atlandı; öteki satırlar yazıldı`,
    interrupted: (written: number) =>
      `${WORDS.tr.note}: içe aktarma yarıda kaldı; ${formatCount('tr', written)} kayıt yazılmıştı. Aynı dosyayı yeniden içe aktarmak güvenlidir: yazılanlar "${WORDS.tr.unchanged}" olarak geçer.`,
    wrote: (n: number, one: string, file: string) => `${formatCount('tr', n)} ${one} ${file} dosyasına yazıldı`,
  },
  en: {
    row: 'Row', column: 'Column', reason: 'Reason',
    ignored: (cols: string) => `${WORDS.en.note}: ignored columns: ${cols}`,
    skipped: (n: number) => `${formatCount('en', n)} invalid row${n === 1 ? '' : 's'} skipped; the other rows were written`,
    interrupted: (written: number) =>
      `${WORDS.en.note}: the import stopped half-way; ${formatCount('en', written)} records had been written. Importing the same file again is safe: what was written comes back as "${WORDS.en.unchanged}".`,
    wrote: (n: number, one: string, file: string) => `wrote ${formatCount('en', n)} ${one}${n === 1 ? '' : 's'} to ${file}`,
  },
} satisfies Record<Lang, unknown>;

/** The summary as JSON (`--json`) or as a counts line and a table of the problems. */
function printSummary(ctx: CliContext, summary: ImportSummary): void {
  const m = MESSAGES[ctx.lang];
  const { dryRun, rows, created, updated, unchanged, invalid, errors } = summary;
  ctx.output.result({ dryRun, rows, created, updated, unchanged, invalid, errors }, (s) => {
    const counts = countsLine(ctx.lang, [['created', s.created], ['updated', s.updated], ['unchanged', s.unchanged], ['invalid', s.invalid]]);
    ctx.output.line(`${counts}${s.dryRun ? ` (${WORDS[ctx.lang].nothingWritten})` : ''}`);
    if (s.errors.length) {
      ctx.output.line();
      ctx.output.table<RowError>(s.errors, [
        { header: m.row, value: (e) => e.row, align: 'right' },
        { header: m.column, value: (e) => e.column, maxWidth: 30 },
        { header: m.reason, value: (e) => e.reason, maxWidth: 100 },
      ]);
    }
  });
}

async function runImport(ctx: CliContext, entity: Entity<unknown>, file: string, o: ImportCommandOptions): Promise<void> {
  const m = MESSAGES[ctx.lang];
  const api = ctx.api();
  const progress = progressBar(ctx.io.stderr, ctx.lang);
  let result;
  try {
    result = await usageOnBadFile(ctx.lang, () =>
      importFile(api, entity, file, { dryRun: o.dryRun === true, skipInvalid: o.skipInvalid === true, batchSize: o.batchSize, lang: ctx.lang }, progress),
    );
  } catch (e) {
    if (!(e instanceof ImportInterrupted)) throw e;
    // What was done before the server or the network failed, then the failure itself (exit 3, or 2 for a refusal).
    printSummary(ctx, e.summary);
    if (e.summary.created + e.summary.updated) ctx.output.note(m.interrupted(e.summary.created + e.summary.updated));
    throw e.cause instanceof Error ? e.cause : e;
  }
  if (result.ignoredColumns.length) ctx.output.note(m.ignored(result.ignoredColumns.join(', ')));
  printSummary(ctx, result.summary);
  if (result.refused) throw new CommandFailed(2, result.refused);
  if (result.summary.invalid) throw new CommandFailed(1, m.skipped(result.summary.invalid));
}

async function runExport(ctx: CliContext, entity: Entity<unknown>, file: string): Promise<void> {
  const api = ctx.api();
  const count = await usageOnBadFile(ctx.lang, () => exportFile(api, entity, file, progressBar(ctx.io.stderr, ctx.lang), ctx.lang));
  const [one] = entity.nouns[ctx.lang];
  ctx.output.result({ file, count }, (r) => ctx.output.line(MESSAGES[ctx.lang].wrote(r.count, one, r.file)));
}

/** `tezgah import` and `tezgah export`. */
export const accountingCommands: CliPlugin = {
  id: 'accounting',
  register(program: Command, ctx: CliContext) {
    const say = sayIn(ctx.lang);
    const importer = program.command('import').description(
      say({
        tr: 'ürünleri ya da cari hesapları .csv ya da .xlsx dosyasından içe aktarır; aynı dosyayla ikinci çalıştırma yeniden eklemez, günceller',
        en: 'import products or current accounts from a .csv or .xlsx file; a second run of the same file updates instead of adding again',
      }),
    );
    const exporter = program.command('export').description(
      say({
        tr: "ürünleri ya da cari hesapları import'un okuduğu sütunlarla .csv ya da .xlsx dosyasına dışa aktarır",
        en: 'export products or current accounts to a .csv or .xlsx file with the columns import reads',
      }),
    );
    for (const [name, kind] of Object.entries(KINDS)) {
      importer
        .command(name)
        .description(say(kind.import))
        .argument('<file>', say({ tr: '.csv (; ya da , ile ayrılmış) ya da .xlsx (ilk sayfa); ilk satır sütunların adlarıdır', en: '.csv (; or , separated) or .xlsx (first sheet); the first row names the columns' }))
        .option('--dry-run', say({ tr: 'her satırı denetler ve sorunları bildirir; hiçbir şey yazmaz', en: 'check every row and report the problems; write nothing' }))
        .option('--skip-invalid', say({ tr: 'bazı satırlar hatalı olsa da doğru satırları yazar', en: 'write the good rows even when some rows are bad' }))
        .option('--batch-size <n>', say({ tr: `toplu istek başına kayıt (1-${BATCH_MAX})`, en: `records per bulk request (1-${BATCH_MAX})` }), integer(1, BATCH_MAX), BATCH_MAX)
        .addHelpText('after', columnsHelp(kind, ctx.lang))
        .action((file: string, o: ImportCommandOptions) => runImport(ctx, kind.entity, file, o));
      exporter
        .command(name)
        .description(say(kind.export))
        .argument('<file>', say({ tr: 'yazılacak .csv ya da .xlsx dosyası', en: '.csv or .xlsx file to write' }))
        .action((file: string) => runExport(ctx, kind.entity, file));
    }
    registerMissingInvoiceCommands(program, ctx);
  },
};

export default accountingCommands;
