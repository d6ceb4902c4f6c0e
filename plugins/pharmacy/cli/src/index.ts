/**
 * The pharmacy plugin's commands for `tezgah` (found through package.json `tezgah.cli`):
 *
 * ```sh
 * tezgah medicines import FILE [--dry-run] [--limit N] [--max-withdraw P] [--allow-withdraw] [--json]
 *     # management: updates the shared medicine master from TİTCK's published list (the
 *     # licensed-products list or the reference price list), xlsx or csv; prints the counts by
 *     # kind (NEW, PRICE, CHANGED, WITHDRAWN), a table of the first changes of each kind, the
 *     # rows the server skipped and the barcodes the file gives more than once.
 * ```
 *
 * A partial list withdraws everything it leaves out. So the import refuses, writing nothing, a
 * list that would withdraw more than `--max-withdraw` percent (5) of the medicines the master
 * holds from that list, unless `--allow-withdraw`. The server decides it in the same upload that
 * applies the list (its `maxWithdrawPercent`, answered 409 LIST_LOOKS_PARTIAL with what the list
 * would do), so a list goes over the wire and is read once. A dry run reports the same.
 *
 * Exit codes (the CLI's): 0 all done; 1 done, but rows were skipped (the server's skipped rows,
 * or a barcode's earlier rows); 2 invalid input (a missing or unsupported file, not a TİTCK list,
 * a dry run that finds skipped or duplicate rows, a withdrawal over the limit); 3 the server or
 * the network failed (not management, say).
 */
import { readFile } from 'node:fs/promises';
import { basename, extname } from 'node:path';
import { InvalidArgumentError, type Command } from 'commander';
import { CommandFailed, formatCount, formatPercent, integer, sayIn, UsageError, WORDS, type CliContext, type CliPlugin, type Lang } from '@tezgah/cli';
import { idempotencyKey, toTezgahError, type TezgahPromiseApi } from '@tezgah/sdk';
import { scanList, type DuplicateBarcode } from './list';

export { scanList, type DuplicateBarcode, type ListScan } from './list';

const API = '/services/onmuhasebe/api';

/** At most this share of the list's medicines may be withdrawn by one import without --allow-withdraw. */
export const DEFAULT_MAX_WITHDRAW_PERCENT = 5;

export interface ImportChange { kind: string; barcode: string; name: string; changes: { field: string; from: string | null; to: string | null }[] }
export interface ImportResult {
  list: string; dryRun: boolean; rows: number; counts: Record<string, number>; total: number; unmatched: number;
  skipped?: { row: number; reason: string }[]; changes: ImportChange[]; tookMs: number;
}

/** The server's withdrawal check of an upload (`withdraw` of its answer, and of its 409 LIST_LOOKS_PARTIAL). */
export interface ServerWithdrawCheck {
  count: number;
  of: number;
  share: number;
  /** maxWithdrawPercent / 100; null when the upload named no limit. */
  limit: number | null;
  /** Over the limit: a real run was refused. */
  exceeded: boolean;
}

/** The server's answer to one upload; `refused`: a real run over the limit, nothing written (409 LIST_LOOKS_PARTIAL). */
export interface ImportAnswer extends ImportResult {
  withdraw: ServerWithdrawCheck;
  refused: boolean;
}

/** What the command reports: the server's answer, the file's duplicate barcodes and the withdrawal check. */
export interface MedicineImportReport extends ImportResult {
  duplicates: DuplicateBarcode[];
  withdraw: WithdrawCheck;
}

export interface WithdrawCheck {
  /** Medicines the list would withdraw (the WITHDRAWN count). */
  count: number;
  /** Medicines the master holds from this list. */
  of: number;
  /** count / of (0 when the master holds none). */
  share: number;
  /** The largest share allowed without --allow-withdraw (0.05 for 5 %). */
  limit: number;
  /** Whether the share is over the limit and --allow-withdraw was not given. */
  refused: boolean;
}

// The client's typed paths do not describe multipart bodies.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type LooseClient = { POST(path: string, init: Record<string, unknown>): Promise<{ data?: any; error?: unknown; response: Response }> };

export interface UploadOptions {
  dryRun: boolean;
  limit: number;
  /** The server's withdrawal limit in percent; absent, none (the list is applied whatever it withdraws). */
  maxWithdrawPercent?: number;
}

/**
 * Uploads the file to importMedicines once: the server's answer; a real run the server refused
 * as a partial list (409 LIST_LOOKS_PARTIAL) answers what the list would have done, `refused`.
 * Any other refusal is thrown as the SDK's error.
 */
export async function uploadMedicines(api: TezgahPromiseApi, name: string, data: Buffer, o: UploadOptions): Promise<ImportAnswer> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(data)], { type: 'application/octet-stream' }), name);
  const query = { dryRun: o.dryRun, limit: o.limit, ...(o.maxWithdrawPercent === undefined ? {} : { maxWithdrawPercent: o.maxWithdrawPercent }) };
  // The key makes the upload safe to send again after a dropped connection: a repeat is answered, not applied twice.
  const r = await (api.client as unknown as LooseClient).POST(`${API}/medicines/import`, {
    body: form,
    params: { query, header: { 'Idempotency-Key': `tezgah-medicines:${idempotencyKey()}` } },
  });
  const problem = r.error as (Partial<ImportResult> & { code?: string; withdraw?: ServerWithdrawCheck }) | undefined;
  if (r.response.status === 409 && problem?.code === 'LIST_LOOKS_PARTIAL' && problem.withdraw && problem.counts) {
    const p = problem as ImportResult & { withdraw: ServerWithdrawCheck };
    return {
      list: p.list, dryRun: o.dryRun, rows: p.rows, counts: p.counts, total: p.total, unmatched: p.unmatched, skipped: p.skipped ?? [],
      changes: p.changes ?? [], tookMs: p.tookMs, withdraw: p.withdraw, refused: true,
    };
  }
  if (!r.response.ok) throw toTezgahError(r.response, r.error);
  return { ...(r.data as ImportResult & { withdraw: ServerWithdrawCheck }), refused: false };
}

const plural = (n: number, word: string) => `${formatCount('en', n)} ${word}${n === 1 ? '' : 's'}`;

const MESSAGES = {
  tr: {
    lists: { TITCK_LICENSED: 'TİTCK ruhsatlı ürünler listesi', TITCK_GKF: 'TİTCK referans fiyat listesi (GKF €)' } as Record<string, string>,
    kinds: { NEW: 'yeni', PRICE: 'fiyatı değişen', CHANGED: 'bilgisi değişen', WITHDRAWN: 'çekilen' } as Record<string, string>,
    rows: (n: number) => `${formatCount('tr', n)} satır`,
    total: (n: number) => `toplam ${formatCount('tr', n)} değişiklik`,
    unmatched: (n: number) => `${formatCount('tr', n)} eşleşmeyen ad`,
    newMedicine: 'yeni ilaç',
    kind: 'tür', barcode: 'barkod', name: 'ad', changes: 'değişiklikler',
    skippedRow: (row: number, reason: string) => `  satır ${row} ${WORDS.tr.skipped}: ${reason}`,
    duplicate: (d: DuplicateBarcode) => `  yinelenen barkod ${d.barcode}: satır ${d.rows.join(', ')} (son satır geçerli)`,
    duplicates: (n: number) => `${formatCount('tr', n)} barkod dosyada birden çok kez var`,
    withdraw: (w: WithdrawCheck) =>
      `bu liste kayıtlı ${formatCount('tr', w.of)} ilaçtan ${formatCount('tr', w.count)} tanesini (${formatPercent('tr', w.share, 1)}) çekilen yapacak; sınır ${formatPercent('tr', w.limit, 1)}`,
    refusedDry: 'liste eksik görünüyor: --allow-withdraw olmadan uygulanmaz (deneme: hiçbir şey yazılmadı)',
    refused: 'liste eksik görünüyor: hiçbir şey yazılmadı; gerçekten çekmek için --allow-withdraw ile çalıştırın',
    dryBad: (skipped: number, duplicates: number) =>
      `${formatCount('tr', skipped)} satır atlanacak, ${formatCount('tr', duplicates)} barkod birden çok kez var (deneme: hiçbir şey yazılmadı)`,
    partial: (skipped: number, duplicates: number) => `${formatCount('tr', skipped)} satır atlandı, ${formatCount('tr', duplicates)} barkod birden çok kez var; öteki satırlar uygulandı`,
    unsupported: (file: string, ext: string) => `${file}: desteklenmeyen dosya türü "${ext || '(yok)'}"; .xlsx ya da .csv kullanın`,
    unreadable: (file: string, code: string) => `${file}: dosya okunamadı: ${code}`,
    percent: 'Yüzde 0 ile 100 arasında bir sayı olmalı.',
  },
  en: {
    lists: { TITCK_LICENSED: 'TİTCK licensed products list', TITCK_GKF: 'TİTCK reference price list (GKF €)' } as Record<string, string>,
    kinds: { NEW: 'new', PRICE: 'price changed', CHANGED: 'changed', WITHDRAWN: 'withdrawn' } as Record<string, string>,
    rows: (n: number) => `${formatCount('en', n)} rows`,
    total: (n: number) => `${formatCount('en', n)} changes in all`,
    unmatched: (n: number) => `${formatCount('en', n)} names not matched`,
    newMedicine: 'new medicine',
    kind: 'kind', barcode: 'barcode', name: 'name', changes: 'changes',
    skippedRow: (row: number, reason: string) => `  row ${row} ${WORDS.en.skipped}: ${reason}`,
    duplicate: (d: DuplicateBarcode) => `  duplicate barcode ${d.barcode}: rows ${d.rows.join(', ')} (the last row is used)`,
    duplicates: (n: number) => `${plural(n, 'barcode')} ${n === 1 ? 'is' : 'are'} given more than once in the file`,
    withdraw: (w: WithdrawCheck) =>
      `this list would make ${formatCount('en', w.count)} of the ${formatCount('en', w.of)} medicines it holds withdrawn (${formatPercent('en', w.share, 1)}); the limit is ${formatPercent('en', w.limit, 1)}`,
    refusedDry: 'the list looks partial: it is not applied without --allow-withdraw (dry run: nothing was written)',
    refused: 'the list looks partial: nothing was written; run with --allow-withdraw to withdraw them all the same',
    dryBad: (skipped: number, duplicates: number) =>
      `${plural(skipped, 'row')} would be skipped, ${plural(duplicates, 'barcode')} given more than once (dry run: nothing was written)`,
    partial: (skipped: number, duplicates: number) => `${plural(skipped, 'row')} skipped, ${plural(duplicates, 'barcode')} given more than once; the other rows were applied`,
    unsupported: (file: string, ext: string) => `${file}: unsupported file type "${ext || '(none)'}"; use .xlsx or .csv`,
    unreadable: (file: string, code: string) => `${file}: cannot read the file: ${code}`,
    percent: 'A percentage between 0 and 100.',
  },
} satisfies Record<Lang, unknown>;

/** What one change says, short: "substance: a → b; licenceNo: - → 1". */
export function changeText(c: ImportChange, lang: Lang = 'tr'): string {
  if (c.kind === 'NEW') return MESSAGES[lang].newMedicine;
  return c.changes.map((f) => `${f.field}: ${f.from ?? '-'} → ${f.to ?? '-'}`).join('; ');
}

export interface ImportOptions {
  dryRun: boolean;
  limit: number;
  /** Percent of the list's medicines one import may withdraw. @default 5 */
  maxWithdraw?: number;
  allowWithdraw?: boolean;
}

/**
 * Runs the import: reads the file, finds its duplicate barcodes and uploads it once, the
 * withdrawal limit with it unless allowed. Answers the report; a withdrawal over the limit answers
 * what the list would do with `withdraw.refused` (a real run: nothing written, reported as a dry run).
 */
export async function runImport(ctx: CliContext, file: string, opts: ImportOptions): Promise<MedicineImportReport> {
  const m = MESSAGES[ctx.lang];
  const ext = extname(file).toLowerCase();
  if (ext !== '.xlsx' && ext !== '.csv') throw new UsageError(m.unsupported(file, ext));
  let data: Buffer;
  try {
    data = await readFile(file);
  } catch (e) {
    throw new UsageError(m.unreadable(file, (e as NodeJS.ErrnoException).code ?? String(e)));
  }
  const scan = await scanList(data);
  const api = ctx.api();
  const limitPercent = opts.maxWithdraw ?? DEFAULT_MAX_WITHDRAW_PERCENT;
  const allow = opts.allowWithdraw === true;
  // One upload: the server checks the withdrawal against the limit itself, and refuses a real run over it before writing.
  const { withdraw: checked, refused, ...result } = await uploadMedicines(api, basename(file), data, {
    dryRun: opts.dryRun,
    limit: opts.limit,
    ...(allow ? {} : { maxWithdrawPercent: limitPercent }),
  });
  const withdraw: WithdrawCheck = { count: checked.count, of: checked.of, share: checked.share, limit: limitPercent / 100, refused: refused || checked.exceeded };
  return { ...result, dryRun: result.dryRun || refused, duplicates: [...scan.duplicates], withdraw };
}

/** `--max-withdraw`: a percentage, with a decimal point or comma. */
function percent(lang: () => Lang) {
  return (value: string): number => {
    const n = Number(value.trim().replace(',', '.'));
    if (!Number.isFinite(n) || n < 0 || n > 100 || value.trim() === '') throw new InvalidArgumentError(MESSAGES[lang()].percent);
    return n;
  };
}

function print(ctx: CliContext, r: MedicineImportReport): void {
  const m = MESSAGES[ctx.lang];
  ctx.output.result(r, (x) => {
    ctx.output.line(`${m.lists[x.list] ?? x.list}: ${m.rows(x.rows)}${x.dryRun ? ` (${WORDS[ctx.lang].nothingWritten})` : ''}`);
    ctx.output.line(
      Object.entries(x.counts).map(([k, n]) => `${formatCount(ctx.lang, n)} ${m.kinds[k] ?? k}`).join(' · ') +
        ` · ${m.total(x.total)}` +
        (x.unmatched ? ` · ${m.unmatched(x.unmatched)}` : ''),
    );
    if (x.changes.length) {
      ctx.output.table(x.changes, [
        { header: m.kind, value: (c) => m.kinds[c.kind] ?? c.kind },
        { header: m.barcode, value: (c) => c.barcode },
        { header: m.name, value: (c) => c.name, maxWidth: 40 },
        { header: m.changes, value: (c) => changeText(c, ctx.lang), maxWidth: 80 },
      ]);
    }
    for (const s of x.skipped ?? []) ctx.output.line(m.skippedRow(s.row, s.reason));
    if (x.duplicates.length) {
      ctx.output.line(m.duplicates(x.duplicates.length));
      for (const d of x.duplicates) ctx.output.line(m.duplicate(d));
    }
    if (x.withdraw.count) ctx.output.line(m.withdraw(x.withdraw));
  });
}

function register(program: Command, ctx: CliContext): void {
  const say = sayIn(ctx.lang);
  const medicines = program
    .command('medicines')
    .description(say({ tr: 'ortak ilaç listesi (yönetim): TİTCK listesini içe aktarır', en: 'the shared medicine master (management): import the TİTCK list' }));
  medicines
    .command('import')
    .description(
      say({
        tr: "ortak ilaç listesini TİTCK'nın listesinden (ruhsatlı ürünler ya da referans fiyatlar) günceller, .xlsx ya da .csv",
        en: "update the medicine master from TİTCK's list (licensed products or reference prices), .xlsx or .csv",
      }),
    )
    .argument('<file>', say({ tr: "TİTCK'nın yayımladığı biçimde .xlsx ya da .csv dosyası", en: '.xlsx or .csv file as TİTCK publishes it' }))
    .option('--dry-run', say({ tr: 'yalnızca neyin değişeceğini gösterir; hiçbir şey yazmaz', en: 'only show what would change; write nothing' }), false)
    .option('--limit <n>', say({ tr: 'her türden listelenecek değişiklik sayısı (0-1000)', en: 'changes of each kind to list (0-1000)' }), integer(0, 1000), 20)
    .option(
      '--max-withdraw <percent>',
      say({ tr: "listenin ilaçlarından bir içe aktarmanın çekebileceği en büyük pay (yüzde)", en: "the largest share of the list's medicines one import may withdraw" }),
      percent(() => ctx.lang),
      DEFAULT_MAX_WITHDRAW_PERCENT,
    )
    .option(
      '--allow-withdraw',
      say({
        tr: '--max-withdraw yüzdesinden fazlasını çeken bir listeyi de uygular (eksik bir liste, dışarıda bıraktıklarını çeker)',
        en: 'apply a list that withdraws more than --max-withdraw percent (a partial list withdraws what it leaves out)',
      }),
      false,
    )
    .addHelpText(
      'after',
      say({
        tr: '\nÇıkış kodları: 0 tamamlandı, 1 satırlar atlandı (adlarıyla), 2 geçersiz girdi (atlanan ya da yinelenen satır bulan bir deneme, ya da sınırı aşan bir çekme de), 3 sunucu ya da ağ hatası.\n',
        en: '\nExit codes: 0 all done, 1 rows were skipped (named), 2 invalid input (also a dry run with skipped or duplicate rows, or a withdrawal over the limit), 3 the server or the network failed.\n',
      }),
    )
    .action(async (file: string, o: { dryRun: boolean; limit: number; maxWithdraw: number; allowWithdraw: boolean }) => {
      const m = MESSAGES[ctx.lang];
      const r = await runImport(ctx, file, o);
      print(ctx, r);
      if (r.withdraw.refused) throw new CommandFailed(2, `${m.withdraw(r.withdraw)}: ${o.dryRun ? m.refusedDry : m.refused}`);
      const skipped = r.skipped?.length ?? 0;
      if (skipped || r.duplicates.length) {
        if (r.dryRun) throw new CommandFailed(2, m.dryBad(skipped, r.duplicates.length));
        throw new CommandFailed(1, m.partial(skipped, r.duplicates.length));
      }
    });
}

export const pharmacyCommands: CliPlugin = { id: 'pharmacy', register };

export default pharmacyCommands;
