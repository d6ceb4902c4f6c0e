/**
 * The e-document plugin's commands for `tezgah` (found through package.json `tezgah.cli`):
 *
 * ```sh
 * tezgah edoc import FILE... [--json]
 *     # UBL-TR XML files or zips of them, received outside the integrator, into the lists;
 *     # one line per document; exit 0 when none failed, 2 otherwise, 1 for a missing file
 * tezgah edoc export --from YYYY-MM-DD --to YYYY-MM-DD [--direction in|out]
 *                    [--type einvoice|earchive|edespatch] --out FILE.zip [--json]
 *     # every document of the range as one zip (XML + HTML view each), streamed; resumable:
 *     # run it again after an interruption and it goes on from FILE.zip.parts/
 * ```
 */
import type { Command } from 'commander';
import { integer, type CliContext, type CliPlugin } from '@tezgah/cli';
import { ExitCode } from '@tezgah/cli';
import { resultLine, runImport } from './import';
import { runExport, type DocType, type Direction } from './export';

export { runImport, resultLine, checkFiles, type ImportSummary } from './import';
export { runExport, sourcesOf, checkOptions, type ExportOptions, type ExportSummary, type Source } from './export';
export { progressBar, type Progress } from './progress';

/** Some documents could not be imported (exit 2; each was named on its line). */
class ImportFailed extends Error {
  readonly exitCode = ExitCode.API;
  constructor(failed: number) {
    super(`${failed} belge içe aktarılamadı`);
  }
}

interface ExportCommandOptions {
  from: string;
  to: string;
  direction?: Direction;
  type?: DocType;
  out: string;
  batchSize: number;
}

function register(program: Command, ctx: CliContext): void {
  const edoc = program.command('edoc').description('e-documents (e-Fatura, e-Arşiv, e-İrsaliye): import received XML/zip files, export a date range as a zip');
  edoc
    .command('import')
    .description('bring in UBL-TR XML files (or zips of them) received outside the integrator; one line per document')
    .argument('<files...>', '.xml or .zip files')
    .action(async (files: string[]) => {
      const summary = await runImport(ctx, files, (r) => {
        if (!ctx.output.isJson) ctx.output.line(resultLine(r));
      });
      ctx.output.result(summary, (s) => {
        ctx.output.line(`${s.imported} içe aktarıldı · ${s.duplicate} zaten var · ${s.failed} hatalı`);
      });
      if (summary.failed) throw new ImportFailed(summary.failed);
    });
  edoc
    .command('export')
    .description('write every e-document of a date range (issue date) into one zip, each as XML and HTML; run again to resume')
    .requiredOption('--from <date>', 'first issue date, YYYY-MM-DD')
    .requiredOption('--to <date>', 'last issue date, YYYY-MM-DD')
    .option('--direction <in|out>', 'incoming or outgoing only (default both)')
    .option('--type <type>', 'einvoice, earchive or edespatch (default all)')
    .requiredOption('--out <file.zip>', 'the zip to write (its work folder is FILE.zip.parts/)')
    .option('--batch-size <n>', 'documents per download (1-5000)', integer(1, 5000), 500)
    .action(async (o: ExportCommandOptions) => {
      const summary = await runExport(ctx, { from: o.from, to: o.to, direction: o.direction, type: o.type, out: o.out, batchSize: o.batchSize });
      ctx.output.result(summary, (s) => {
        const again = s.resumed ? ` (${s.resumed} belge önceki çalıştırmadan)` : '';
        ctx.output.line(`✓ ${s.file}: ${s.documents} belge, ${s.entries} giriş, ${(s.bytes / 1024 / 1024).toFixed(1)} MB${again}`);
        if (s.missing) ctx.output.line(`  ${s.missing} belge bulunamadı (eksik.txt)`);
      });
    });
}

export const edocumentCommands: CliPlugin = { id: 'edocument', register };

export default edocumentCommands;
