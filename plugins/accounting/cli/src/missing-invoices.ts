/**
 * `tezgah invoices missing` and `tezgah invoices repair`: the missing invoices (sales a source
 * recorded without an invoice, e.g. outgoing despatches) of a company or of every company, and
 * their repair document by document.
 *
 * ```sh
 * tezgah invoices missing [--company N] [--json]
 * tezgah invoices repair (--company N | --all) [--dry-run] [--json]
 * ```
 *
 * The repair lists what is missing and then asks `POST /create-missing-invoice` for one document
 * at a time, each its own request and transaction on the server, printing one result line per
 * document as it comes back. A run that is killed (or loses the server) halfway leaves every
 * document it finished invoiced; the next run lists only the rest, and the server's link (UNIQUE
 * company, source, document number) answers ALREADY_CREATED for one the killed run had sent but
 * not heard back from — so nothing is kept locally and nothing is invoiced twice. Exit 0 only when
 * every document was repaired (or is no longer missing); 2 when any failed or the API failed.
 */
import type { Command } from 'commander';
import { id, UsageError, type CliContext } from '@tezgah/cli';
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

/** A repair that left documents without an invoice: `tezgah` prints the message and exits 2. */
export class RepairIncomplete extends Error {
  readonly exitCode = 2;
}

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
  const items = await missingOf(ctx, o.company);
  ctx.output.result(items, (list) => {
    ctx.output.table(list, [
      { header: 'Company', value: (m) => m.companyId, align: 'right' },
      { header: 'Source', value: (m) => m.source },
      { header: 'Document', value: (m) => m.documentNo },
      { header: 'Date', value: (m) => m.date },
      { header: 'Customer', value: (m) => m.currentName, maxWidth: 40 },
      { header: 'Amount', value: (m) => money(m), align: 'right' },
    ]);
    ctx.output.line(`${list.length} missing invoice${list.length === 1 ? '' : 's'}`);
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
export function resultLine(r: RepairResult): string {
  const head = `${r.status.padEnd(17)} ${String(r.companyId).padStart(4)}  ${r.source}  ${r.documentNo}`;
  if (r.invoiceNo) return `${head}  → ${r.invoiceNo}`;
  if (r.problem) return `${head}  ${r.problem.title}${r.problem.detail && r.problem.detail !== r.problem.title ? `: ${r.problem.detail}` : ''}`;
  return head;
}

async function runRepair(ctx: CliContext, o: { company?: number; all?: boolean; dryRun?: boolean }): Promise<void> {
  if ((o.company === undefined) === (o.all !== true)) throw new UsageError('give either --company N or --all');
  const companies = o.all ? await allCompanies(ctx) : [o.company!];
  const results: RepairResult[] = [];
  const bar = progressBar(ctx.io.stderr);
  const print = (r: RepairResult) => {
    results.push(r);
    bar.stop();
    if (ctx.output.isJson) ctx.io.stdout.write(JSON.stringify({ type: 'result', ...r }) + '\n');
    else ctx.output.line(resultLine(r));
  };
  try {
    for (const companyId of companies) {
      const todo = await missingOf(ctx, companyId);
      bar.start(`company ${companyId}`, todo.length);
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
  if (ctx.output.isJson) ctx.io.stdout.write(JSON.stringify({ type: 'summary', ...summary }) + '\n');
  else if (o.dryRun) ctx.output.line(`would create ${summary.wouldCreate} (dry run: nothing was written)`);
  else ctx.output.line(`created ${summary.created} · already created ${summary.alreadyCreated} · no longer missing ${summary.noLongerMissing} · failed ${summary.failed}`);
  if (summary.failed) throw new RepairIncomplete(`${summary.failed} of ${results.length} missing invoice${results.length === 1 ? '' : 's'} could not be created`);
}

/** Adds `tezgah invoices missing|repair` to the program. */
export function registerMissingInvoiceCommands(program: Command, ctx: CliContext): void {
  const invoices = program.commands.find((c) => c.name() === 'invoices') ?? program.command('invoices').description('invoices: the missing ones and their repair');
  invoices
    .command('missing')
    .description('list the missing invoices (sales recorded without an invoice, e.g. outgoing despatches) of your company or of another (management)')
    .option('--company <id>', 'the company (default: the one you are signed in to; another one needs management)', id)
    .action((o: { company?: number }) => runMissing(ctx, o));
  invoices
    .command('repair')
    .description('create the missing invoices one by one, a result line each; safe to run again, and resumable after being stopped')
    .option('--company <id>', 'one company (another than yours needs management)', id)
    .option('--all', 'every active company (management)')
    .option('--dry-run', 'list what would be created; create nothing')
    .addHelpText('after', '\nExit codes: 0 every missing invoice was created (or already was), 1 usage error, 2 some could not be created or the API failed.\nWith --json: one JSON object a line, {"type":"result",…} per document, then {"type":"summary",…}.\n')
    .action((o: { company?: number; all?: boolean; dryRun?: boolean }) => runRepair(ctx, o));
}
