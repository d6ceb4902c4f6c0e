/**
 * `tezgah invoices missing` and `tezgah invoices repair`: the missing invoices (sales a source
 * recorded without an invoice, e.g. outgoing despatches) of a company or of every company, and
 * their repair document by document.
 *
 * ```sh
 * tezgah invoices missing [--company N] [--json]
 * tezgah invoices repair [--company N | --all] [--dry-run] [--json]
 * ```
 *
 * Both take the signed-in company when given neither `--company` nor (for repair) `--all`.
 *
 * The repair lists what is missing and then asks `POST /create-missing-invoice` for one document
 * at a time, each its own request and transaction on the server, printing one result line per
 * document as it comes back. A run that is killed (or loses the server) halfway leaves every
 * document it finished invoiced; the next run lists only the rest, and the server's link (UNIQUE
 * company, source, document number) answers ALREADY_CREATED for one the killed run had sent but
 * not heard back from — so nothing is kept locally and nothing is invoiced twice (the key also lets
 * the CLI's fetch retry a request whose connection dropped). Exit 0 when every document was
 * repaired (or is no longer missing); 1 when some could not be (each is a FAILED line); 2 for
 * both `--company` and `--all`; 3 when the server or the network failed.
 */
import type { Command } from 'commander';
import { CommandFailed, countsLine, formatCount, id, sayIn, UsageError, WORDS, type CliContext, type Lang } from '@tezgah/cli';
import { isTezgahError } from '@tezgah/sdk';
import { readAll } from './paging';
import { progressBar } from './progress';

const API = '/services/onmuhasebe/api';

export interface MissingInvoice {
  companyId: number; source: string; sourceLabel: { tr: string; en: string }; documentNo: string; date: string; currentId: number; currentName: string;
  amount: number | null; currencyId: number; currencyCode: string; explanation: string | null;
}

export type RepairStatus = 'CREATED' | 'ALREADY_CREATED' | 'NO_LONGER_MISSING' | 'FAILED' | 'WOULD_CREATE';

export interface RepairResult {
  companyId: number; source: string; documentNo: string; status: RepairStatus; invoiceId: number | null; invoiceNo: string | null;
  problem: { status: number; title: string; detail: string | null; code: string | null } | null;
}

/** A repair that left documents without an invoice: `tezgah` prints the message and exits 1. */
export class RepairIncomplete extends CommandFailed {
  constructor(message: string) {
    super(1, message);
  }
}

/** The statuses as text reads them: the JSON's word in English, its one Turkish word in Turkish. */
export const STATUS_TEXT: Readonly<Record<Lang, Readonly<Record<RepairStatus, string>>>> = {
  tr: { CREATED: 'OLUŞTURULDU', ALREADY_CREATED: 'ZATEN_OLUŞTURULMUŞ', NO_LONGER_MISSING: 'ARTIK_EKSİK_DEĞİL', FAILED: 'BAŞARISIZ', WOULD_CREATE: 'OLUŞTURULACAK' },
  en: { CREATED: 'CREATED', ALREADY_CREATED: 'ALREADY_CREATED', NO_LONGER_MISSING: 'NO_LONGER_MISSING', FAILED: 'FAILED', WOULD_CREATE: 'WOULD_CREATE' },
};

const MESSAGES = {
  tr: {
    company: 'Şirket', source: 'Kaynak', document: 'Belge', date: 'Tarih', customer: 'Müşteri', amount: 'Tutar',
    missing: (n: number) => `${formatCount('tr', n)} eksik fatura`,
    both: '--company ile --all birlikte verilemez',
    progress: (c: number) => `şirket ${c}`,
    summaryKeys: { alreadyCreated: 'zaten oluşturulmuş', noLongerMissing: 'artık eksik değil', wouldCreate: 'oluşturulacak' },
    incomplete: (failed: number, of: number) => `${formatCount('tr', of)} eksik faturadan ${formatCount('tr', failed)} tanesi oluşturulamadı`,
  },
  en: {
    company: 'Company', source: 'Source', document: 'Document', date: 'Date', customer: 'Customer', amount: 'Amount',
    missing: (n: number) => `${formatCount('en', n)} missing invoice${n === 1 ? '' : 's'}`,
    both: 'give either --company N or --all, not both',
    progress: (c: number) => `company ${c}`,
    summaryKeys: { alreadyCreated: 'already created', noLongerMissing: 'no longer missing', wouldCreate: 'would create' },
    incomplete: (failed: number, of: number) => `${formatCount('en', failed)} of ${formatCount('en', of)} missing invoice${of === 1 ? '' : 's'} could not be created`,
  },
} satisfies Record<Lang, unknown>;

// The API's generated paths are typed; these calls go through the untyped `request`/`list` shapes.
type Untyped = {
  list(path: string, init?: object): Promise<{ items: unknown[]; total: number }>;
  request(method: string, path: string, init?: object): Promise<unknown>;
};

async function missingOf(ctx: CliContext, companyId: number | undefined): Promise<MissingInvoice[]> {
  const api = ctx.api() as unknown as Untyped;
  return (await readAll((page, size) => companyId === undefined
    ? api.list(`${API}/missing-invoices`, { params: { query: { page, size } } })
    : api.list(`${API}/missing-invoices-to-company`, { params: { query: { companyId, page, size } } }))) as MissingInvoice[];
}

const money = (m: MissingInvoice) => (m.amount === null ? '-' : `${m.amount.toLocaleString('tr-TR', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} ${m.currencyCode}`);

async function runMissing(ctx: CliContext, o: { company?: number }): Promise<void> {
  const t = MESSAGES[ctx.lang];
  const items = await missingOf(ctx, o.company);
  ctx.output.result(items, (list) => {
    ctx.output.table(list, [
      { header: t.company, value: (m) => m.companyId, align: 'right' },
      { header: t.source, value: (m) => m.source },
      { header: t.document, value: (m) => m.documentNo },
      { header: t.date, value: (m) => m.date },
      { header: t.customer, value: (m) => m.currentName, maxWidth: 40 },
      { header: t.amount, value: (m) => money(m), align: 'right' },
    ]);
    ctx.output.line(t.missing(list.length));
  });
}

/** Active companies, by id (every company management sees; a member's own otherwise). */
async function allCompanies(ctx: CliContext): Promise<number[]> {
  const api = ctx.api() as unknown as Untyped;
  const rows = (await readAll((page, size) => api.list(`${API}/companies`, { params: { query: { page, size, active: true } } }))) as { id: number }[];
  return rows.map((c) => c.id).sort((a, b) => a - b);
}

/** One document: the server's answer, or its refusal as a FAILED result (401, 403 and network errors stop the run). */
async function repairOne(ctx: CliContext, m: MissingInvoice): Promise<RepairResult> {
  const api = ctx.api() as unknown as Untyped;
  try {
    // The key names the document: a run stopped after the server's commit and started again is
    // answered the invoice the first run made, never a second one.
    const r = (await api.request('POST', `${API}/create-missing-invoice`, {
      params: { query: { documentNo: m.documentNo, companyId: m.companyId, source: m.source }, header: { 'Idempotency-Key': `missing-invoice:${m.companyId}:${m.source}:${encodeURIComponent(m.documentNo)}` } },
    })) as RepairResult;
    return r;
  } catch (e) {
    if (!isTezgahError(e) || e._tag === 'NetworkError' || e._tag === 'Unauthorized' || e._tag === 'Forbidden' || e._tag === 'RateLimited') throw e;
    const base = { companyId: m.companyId, source: m.source, documentNo: m.documentNo, invoiceId: null, invoiceNo: null };
    if (e._tag === 'NotFound') return { ...base, status: 'NO_LONGER_MISSING', problem: null };
    return { ...base, status: 'FAILED', problem: { status: e.status, title: e.title, detail: e.detail ?? null, code: (e as { code?: string }).code ?? null } };
  }
}

/** The line a result reads as, for people. */
export function resultLine(r: RepairResult, lang: Lang = 'en'): string {
  const head = `${STATUS_TEXT[lang][r.status].padEnd(18)} ${String(r.companyId).padStart(4)}  ${r.source}  ${r.documentNo}`;
  if (r.invoiceNo) return `${head}  → ${r.invoiceNo}`;
  if (r.problem) return `${head}  ${r.problem.title}${r.problem.detail && r.problem.detail !== r.problem.title ? `: ${r.problem.detail}` : ''}`;
  return head;
}

async function runRepair(ctx: CliContext, o: { company?: number; all?: boolean; dryRun?: boolean }): Promise<void> {
  const t = MESSAGES[ctx.lang];
  if (o.company !== undefined && o.all === true) throw new UsageError(t.both);
  // Neither: the signed-in company, as `invoices missing` takes it.
  const own = o.company === undefined && o.all !== true;
  const companies = o.all ? await allCompanies(ctx) : own ? [ctx.api().client.tokenStore.get()?.companyId ?? 0] : [o.company!];
  const results: RepairResult[] = [];
  const bar = progressBar(ctx.io.stderr, ctx.lang);
  const print = (r: RepairResult) => {
    results.push(r);
    bar.stop();
    if (ctx.output.isJson) ctx.io.stdout.write(JSON.stringify({ type: 'result', ...r }) + '\n');
    else ctx.output.line(resultLine(r, ctx.lang));
  };
  try {
    for (const companyId of companies) {
      const todo = await missingOf(ctx, own ? undefined : companyId);
      bar.start(t.progress(companyId), todo.length);
      for (const [i, m] of todo.entries()) {
        print(o.dryRun
          ? { companyId: m.companyId, source: m.source, documentNo: m.documentNo, status: 'WOULD_CREATE', invoiceId: null, invoiceNo: null, problem: null }
          : await repairOne(ctx, m));
        bar.update(i + 1);
      }
      bar.stop();
    }
  } finally {
    bar.stop();
  }
  const count = (s: RepairStatus) => results.filter((r) => r.status === s).length;
  const summary = {
    created: count('CREATED'), alreadyCreated: count('ALREADY_CREATED'), noLongerMissing: count('NO_LONGER_MISSING'), failed: count('FAILED'),
    wouldCreate: count('WOULD_CREATE'), dryRun: o.dryRun === true, companies,
  };
  const k = t.summaryKeys;
  if (ctx.output.isJson) ctx.io.stdout.write(JSON.stringify({ type: 'summary', ...summary }) + '\n');
  else if (o.dryRun) ctx.output.line(`${countsLine(ctx.lang, [[k.wouldCreate, summary.wouldCreate]])} (${WORDS[ctx.lang].nothingWritten})`);
  else {
    ctx.output.line(countsLine(ctx.lang, [['created', summary.created], [k.alreadyCreated, summary.alreadyCreated], [k.noLongerMissing, summary.noLongerMissing], ['failed', summary.failed]]));
  }
  if (summary.failed) throw new RepairIncomplete(t.incomplete(summary.failed, results.length));
}

/** Adds `tezgah invoices missing|repair` to the program. */
export function registerMissingInvoiceCommands(program: Command, ctx: CliContext): void {
  const say = sayIn(ctx.lang);
  const invoices =
    program.commands.find((c) => c.name() === 'invoices') ??
    program.command('invoices').description(say({ tr: 'faturalar: eksik olanlar ve onarımları', en: 'invoices: the missing ones and their repair' }));
  invoices
    .command('missing')
    .description(
      say({
        tr: 'şirketinizin ya da (yönetim) başka bir şirketin eksik faturalarını (faturasız kaydedilmiş satışlar, ör. giden irsaliyeler) listeler',
        en: 'list the missing invoices (sales recorded without an invoice, e.g. outgoing despatches) of your company or of another (management)',
      }),
    )
    .option('--company <id>', say({ tr: 'şirket (verilmezse oturum açtığınız şirket; başkası için yönetim yetkisi gerekir)', en: 'the company (default: the one you are signed in to; another one needs management)' }), id)
    .action((o: { company?: number }) => runMissing(ctx, o));
  invoices
    .command('repair')
    .description(
      say({
        tr: 'eksik faturaları tek tek oluşturur, her biri için bir sonuç satırı yazar; yeniden çalıştırmak güvenlidir, durdurulursa kaldığı yerden sürer',
        en: 'create the missing invoices one by one, a result line each; safe to run again, and resumable after being stopped',
      }),
    )
    .option('--company <id>', say({ tr: 'tek bir şirket (verilmezse oturum açtığınız şirket; başkası için yönetim yetkisi gerekir)', en: 'one company (default: the one you are signed in to; another one needs management)' }), id)
    .option('--all', say({ tr: 'bütün etkin şirketler (yönetim)', en: 'every active company (management)' }))
    .option('--dry-run', say({ tr: 'oluşturulacakları listeler; hiçbir şey oluşturmaz', en: 'list what would be created; create nothing' }))
    .addHelpText(
      'after',
      say({
        tr: '\nÇıkış kodları: 0 bütün eksik faturalar oluşturuldu (ya da zaten vardı), 1 bazıları oluşturulamadı (BAŞARISIZ satırları), 2 geçersiz girdi (--company ile --all birlikte), 3 sunucu ya da ağ hatası.\n--json ile: satır başına bir JSON nesnesi, her belge için {"type":"result",…}, sonra {"type":"summary",…} (dryRun ile).\n',
        en: '\nExit codes: 0 every missing invoice was created (or already was), 1 some could not be created (FAILED lines), 2 invalid input (--company with --all), 3 the server or the network failed.\nWith --json: one JSON object a line, {"type":"result",…} per document, then {"type":"summary",…} (with dryRun).\n',
      }),
    )
    .action((o: { company?: number; all?: boolean; dryRun?: boolean }) => runRepair(ctx, o));
}
