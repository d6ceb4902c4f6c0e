/**
 * The e-document plugin's commands for `tezgah` (found through package.json `tezgah.cli`):
 *
 * ```sh
 * tezgah edoc import FILE... [--json]
 *     # UBL-TR XML files or zips of them, received outside the integrator, into the lists;
 *     # one line per document; exit 0 when none failed, 1 when some did (each named), 2 for a
 *     # missing file, 3 when the server or the network failed
 * tezgah edoc export --from YYYY-MM-DD --to YYYY-MM-DD [--direction in|out]
 *                    [--type einvoice|earchive|edespatch] --out FILE.zip [--json]
 *     # every document of the range as one zip (XML + HTML view each), streamed; resumable:
 *     # run it again after an interruption and it goes on from FILE.zip.parts/
 * ```
 */
import type { Command } from 'commander';
import { CommandFailed, countsLine, formatCount, integer, sayIn, type CliContext, type CliPlugin, type Lang } from '@tezgah/cli';
import { resultLine, runImport } from './import';
import { runExport, type DocType, type Direction } from './export';

export { runImport, resultLine, checkFiles, type ImportSummary } from './import';
export { runExport, sourcesOf, checkOptions, type ExportOptions, type ExportSummary, type Source } from './export';
export { progressBar, type Progress } from './progress';

const MESSAGES = {
  tr: {
    failed: (n: number) => `${formatCount('tr', n)} belge içe aktarılamadı`,
    exported: (file: string, docs: number, entries: number, mb: string) => `✓ ${file}: ${formatCount('tr', docs)} belge, ${formatCount('tr', entries)} giriş, ${mb} MB`,
    resumed: (n: number) => ` (${formatCount('tr', n)} belge önceki çalıştırmadan)`,
    missing: (n: number) => `  ${formatCount('tr', n)} belge bulunamadı (eksik.txt)`,
  },
  en: {
    failed: (n: number) => `${formatCount('en', n)} document${n === 1 ? '' : 's'} could not be imported`,
    exported: (file: string, docs: number, entries: number, mb: string) => `✓ ${file}: ${formatCount('en', docs)} documents, ${formatCount('en', entries)} entries, ${mb} MB`,
    resumed: (n: number) => ` (${formatCount('en', n)} documents from the run before)`,
    missing: (n: number) => `  ${formatCount('en', n)} documents not found (eksik.txt)`,
  },
} satisfies Record<Lang, unknown>;

interface ExportCommandOptions {
  from: string;
  to: string;
  direction?: Direction;
  type?: DocType;
  out: string;
  batchSize: number;
}

function register(program: Command, ctx: CliContext): void {
  const say = sayIn(ctx.lang);
  const edoc = program.command('edoc').description(
    say({
      tr: 'e-belgeler (e-Fatura, e-Arşiv, e-İrsaliye): alınan XML/zip dosyalarını içe aktarır, bir tarih aralığını zip olarak dışa aktarır',
      en: 'e-documents (e-Fatura, e-Arşiv, e-İrsaliye): import received XML/zip files, export a date range as a zip',
    }),
  );
  edoc
    .command('import')
    .description(
      say({
        tr: 'entegratör dışında alınmış UBL-TR XML dosyalarını (ya da bunların ziplerini) içe aktarır; belge başına bir satır',
        en: 'bring in UBL-TR XML files (or zips of them) received outside the integrator; one line per document',
      }),
    )
    .argument('<files...>', say({ tr: '.xml ya da .zip dosyaları', en: '.xml or .zip files' }))
    .action(async (files: string[]) => {
      const summary = await runImport(ctx, files, (r) => {
        if (!ctx.output.isJson) ctx.output.line(resultLine(r, ctx.lang));
      });
      ctx.output.result(summary, (s) => {
        ctx.output.line(countsLine(ctx.lang, [['imported', s.imported], ['duplicate', s.duplicate], ['failed', s.failed]]));
      });
      // Some documents were not imported (each named on its line): the others were.
      if (summary.failed) throw new CommandFailed(1, MESSAGES[ctx.lang].failed(summary.failed));
    });
  edoc
    .command('export')
    .description(
      say({
        tr: "bir tarih aralığındaki (düzenlenme tarihi) bütün e-belgeleri, her birini XML ve HTML olarak, tek bir zip'e yazar; kaldığı yerden sürdürmek için yeniden çalıştırın",
        en: 'write every e-document of a date range (issue date) into one zip, each as XML and HTML; run again to resume',
      }),
    )
    .requiredOption('--from <date>', say({ tr: 'ilk düzenlenme tarihi, YYYY-AA-GG', en: 'first issue date, YYYY-MM-DD' }))
    .requiredOption('--to <date>', say({ tr: 'son düzenlenme tarihi, YYYY-AA-GG', en: 'last issue date, YYYY-MM-DD' }))
    .option('--direction <in|out>', say({ tr: 'yalnızca gelenler ya da gidenler (verilmezse ikisi de)', en: 'incoming or outgoing only (default both)' }))
    .option('--type <type>', say({ tr: 'einvoice, earchive ya da edespatch (verilmezse hepsi)', en: 'einvoice, earchive or edespatch (default all)' }))
    .requiredOption('--out <file.zip>', say({ tr: 'yazılacak zip (çalışma klasörü FILE.zip.parts/)', en: 'the zip to write (its work folder is FILE.zip.parts/)' }))
    .option('--batch-size <n>', say({ tr: 'indirme başına belge (1-5000)', en: 'documents per download (1-5000)' }), integer(1, 5000), 500)
    .action(async (o: ExportCommandOptions) => {
      const summary = await runExport(ctx, { from: o.from, to: o.to, direction: o.direction, type: o.type, out: o.out, batchSize: o.batchSize });
      const m = MESSAGES[ctx.lang];
      ctx.output.result(summary, (s) => {
        const mb = (s.bytes / 1024 / 1024).toLocaleString(ctx.lang === 'tr' ? 'tr-TR' : 'en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
        ctx.output.line(`${m.exported(s.file, s.documents, s.entries, mb)}${s.resumed ? m.resumed(s.resumed) : ''}`);
        if (s.missing) ctx.output.line(m.missing(s.missing));
      });
    });
}

export const edocumentCommands: CliPlugin = { id: 'edocument', register };

export default edocumentCommands;
