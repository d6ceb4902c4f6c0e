/**
 * The pharmacy plugin's commands for `tezgah` (found through package.json `tezgah.cli`):
 *
 * ```sh
 * tezgah medicines import FILE [--dry-run] [--limit N] [--json]
 *     # management: updates the shared medicine master from TİTCK's published list (the
 *     # licensed-products list or the reference price list), xlsx or csv; prints the counts by
 *     # kind (NEW, PRICE, CHANGED, WITHDRAWN) and a table of the first changes of each kind.
 *     # --dry-run only shows them. Exit 0 on success, 1 for a missing or unsupported file, 2 when
 *     # the server refuses it (not management, not a TİTCK list).
 * ```
 */
import { readFile } from 'node:fs/promises';
import { basename, extname } from 'node:path';
import type { Command } from 'commander';
import { integer, UsageError, type CliContext, type CliPlugin } from '@tezgah/cli';
import { toTezgahError, type TezgahPromiseApi } from '@tezgah/sdk';

const API = '/services/onmuhasebe/api';

export interface ImportChange { kind: string; barcode: string; name: string; changes: { field: string; from: string | null; to: string | null }[] }
export interface ImportResult {
  list: string; dryRun: boolean; rows: number; counts: Record<string, number>; total: number; unmatched: number;
  skipped?: { row: number; reason: string }[]; changes: ImportChange[]; tookMs: number;
}

// The client's typed paths do not describe multipart bodies.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type LooseClient = { POST(path: string, init: Record<string, unknown>): Promise<{ data?: any; error?: unknown; response: Response }> };

/** Uploads the file to importMedicines: the server's answer, or its refusal as a thrown SDK error. */
export async function uploadMedicines(api: TezgahPromiseApi, name: string, data: Buffer, dryRun: boolean, limit: number): Promise<ImportResult> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(data)], { type: 'application/octet-stream' }), name);
  const r = await (api.client as unknown as LooseClient).POST(`${API}/medicines/import`, { body: form, params: { query: { dryRun, limit } } });
  if (!r.response.ok) throw toTezgahError(r.response, r.error);
  return r.data as ImportResult;
}

const LIST_NAMES: Record<string, string> = { TITCK_LICENSED: 'TİTCK ruhsatlı ürünler listesi', TITCK_GKF: 'TİTCK referans fiyat listesi (GKF €)' };
const KIND_NAMES: Record<string, string> = { NEW: 'yeni', PRICE: 'fiyatı değişen', CHANGED: 'bilgisi değişen', WITHDRAWN: 'çekilen' };

/** What one change says, short: "substance: a → b; licenceNo: - → 1". */
export function changeText(c: ImportChange): string {
  if (c.kind === 'NEW') return 'yeni ilaç';
  return c.changes.map((f) => `${f.field}: ${f.from ?? '-'} → ${f.to ?? '-'}`).join('; ');
}

export async function runImport(ctx: CliContext, file: string, opts: { dryRun: boolean; limit: number }): Promise<ImportResult> {
  const ext = extname(file).toLowerCase();
  if (ext !== '.xlsx' && ext !== '.csv') throw new UsageError(`${file}: unsupported file type "${ext || '(none)'}"; use .xlsx or .csv`);
  let data: Buffer;
  try {
    data = await readFile(file);
  } catch (e) {
    throw new UsageError(`${file}: cannot read the file: ${(e as NodeJS.ErrnoException).code ?? String(e)}`);
  }
  return uploadMedicines(ctx.api(), basename(file), data, opts.dryRun, opts.limit);
}

function register(program: Command, ctx: CliContext): void {
  const medicines = program.command('medicines').description('the shared medicine master (management): import the TİTCK list');
  medicines
    .command('import')
    .description("update the medicine master from TİTCK's list (licensed products or reference prices), .xlsx or .csv")
    .argument('<file>', '.xlsx or .csv file as TİTCK publishes it')
    .option('--dry-run', 'only show what would change; write nothing', false)
    .option('--limit <n>', 'changes of each kind to list (0-1000)', integer(0, 1000), 20)
    .action(async (file: string, o: { dryRun: boolean; limit: number }) => {
      const r = await runImport(ctx, file, o);
      ctx.output.result(r, (x) => {
        ctx.output.line(`${LIST_NAMES[x.list] ?? x.list}: ${x.rows} satır${x.dryRun ? ' (deneme: hiçbir şey yazılmadı)' : ''}`);
        ctx.output.line(Object.entries(x.counts).map(([k, n]) => `${n} ${KIND_NAMES[k] ?? k}`).join(' · ') + ` · toplam ${x.total} değişiklik` + (x.unmatched ? ` · ${x.unmatched} eşleşmeyen ad` : ''));
        if (x.changes.length) {
          ctx.output.table(x.changes, [
            { header: 'kind', value: (c) => c.kind },
            { header: 'barcode', value: (c) => c.barcode },
            { header: 'name', value: (c) => c.name, maxWidth: 40 },
            { header: 'changes', value: (c) => changeText(c), maxWidth: 80 },
          ]);
        }
        for (const s of x.skipped ?? []) ctx.output.line(`  satır ${s.row} atlandı: ${s.reason}`);
      });
    });
}

export const pharmacyCommands: CliPlugin = { id: 'pharmacy', register };

export default pharmacyCommands;
