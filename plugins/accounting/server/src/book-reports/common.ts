import { sql } from 'kysely';
import { problems, requireAuth, tables, type RequestContext } from '@tezgah/server';
import type { AccountingTables } from '../schema';
import type { LedgerDb } from '../ledger/accounts';
import { trPeriod, type Heading } from './files';
import type { FileFormat } from './input';

export const db = (ctx: RequestContext): LedgerDb => tables<AccountingTables>(ctx);
export const company = (ctx: RequestContext) => requireAuth(ctx).companyId;

/**
 * Most rows one file takes (a busy company's year fits). Files are made in the request: about
 * 85 ms per 1,000 rows of xlsx and 300 ms per 1,000 rows of PDF, so the PDF's limit is lower. A
 * longer period is asked to be split.
 */
export const MAX_FILE_ROWS: Record<FileFormat, number> = { xlsx: 50_000, pdf: 20_000 };

export function fitsOneFile(format: FileFormat, rows: number): void {
  const max = MAX_FILE_ROWS[format];
  if (rows > max) {
    throw problems.invalidField('endDate', `Bu dönemde ${rows.toLocaleString('tr-TR')} satır var; bir ${format === 'pdf' ? 'PDF' : 'Excel'} dosyası en fazla ${max.toLocaleString('tr-TR')} satır alır. Daha kısa bir dönem seçin.`, 'FILE_TOO_LARGE');
  }
}

/** The top of a file: the caller's company (its title when it has one), the title and the period. */
export async function heading(ctx: RequestContext, title: string, start: string, end: string, lines: string[] = []): Promise<Heading> {
  const r = await sql<{ name: string; title: string | null }>`select name, title from companies where id = ${company(ctx)}`.execute(db(ctx));
  const c = r.rows[0];
  return { company: c?.title?.trim() || c?.name || '', title, period: trPeriod(start, end), lines, printedAt: ctx.services.now() };
}

/** Amounts in JSON answers: numbers with two decimals, as the ledger's own answers give them. */
export const amount = (d: { toNumber(): number }) => d.toNumber();
