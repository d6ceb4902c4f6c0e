import Decimal from 'decimal.js';
import { sql } from 'kysely';
import { Problem, problems, requireAuth, tables, type Handler, type RequestContext } from '@tezgah/server';
import type { AccountingTables } from '../schema';
import { getView } from '../currents/currents.repository';
import { attachment, xlsx, type Column, type Row } from '../book-reports/files';
import { ACTION, invoiceView, must } from './invoices.handlers';
import { currentDisplayName, INVOICE_TITLES, invoicePdf, type InvoiceCompany } from './pdf';

/**
 * An invoice's documents: the printed invoice (GET /pdf/{id}, pdf.ts) and its journal entry for
 * the accountant's program (GET /turmob/{id}, an xlsx sheet). Both need the view authority of the
 * invoice's own direction (sales 11, purchases 12) and answer 404 for an invoice that is not the
 * company's.
 */

const db = (ctx: RequestContext) => tables<AccountingTables>(ctx);
const idParam = (ctx: RequestContext) => (ctx.params as { id: number }).id;

/** The invoice's head (404 when it is not the company's), after the caller's right to see its direction is checked. */
async function visibleInvoice(ctx: RequestContext) {
  const auth = requireAuth(ctx);
  const r = await db(ctx).selectFrom('invoices').select(['id', 'invoice_type', 'status', 'current_id', 'document_no'])
    .where('company_id', '=', auth.companyId).where('id', '=', idParam(ctx)).executeTakeFirst();
  if (!r) throw problems.notFound('Fatura');
  must(ctx, r.invoice_type, ACTION.VIEW);
  return { ...r, companyId: auth.companyId };
}

export async function companyOf(ctx: RequestContext, companyId: number): Promise<InvoiceCompany> {
  const c = await db(ctx).selectFrom('companies').select(['name', 'title', 'tax_number', 'tax_office', 'phone', 'email', 'mersis_no'])
    .where('id', '=', companyId).executeTakeFirstOrThrow();
  return { name: c.name, title: c.title, taxNumber: c.tax_number, taxOffice: c.tax_office, address: null, phone: c.phone, email: c.email, mersisNo: c.mersis_no };
}

/** GET /pdf/{id}: the invoice as an A4 PDF, fatura-<number>.pdf (a draft: fatura-taslak-<id>.pdf). */
const invoicePdfHandler: Handler = async (ctx) => {
  const r = await visibleInvoice(ctx);
  const d = db(ctx);
  const [view, company, current] = await Promise.all([invoiceView(d, r.companyId, r.id), companyOf(ctx, r.companyId), getView(d, r.companyId, r.current_id)]);
  if (!current) throw problems.notFound('Cari hesap');
  const bytes = await invoicePdf(view, company, current, { printedAt: ctx.services.now() });
  // A draft has no number; a purchase may have none either (the supplier's number is optional).
  const name = view.status === 'DRAFT' ? `fatura-taslak-${view.id}` : `fatura-${view.documentNo ?? view.id}`;
  ctx.audit({ action: 'accounting.invoice.printed', entity: 'invoice', entityId: r.id, detail: { documentNo: view.documentNo, status: view.status } });
  return attachment(ctx, 'pdf', name, bytes);
};

// --- the TÜRMOB export: the invoice's journal entry as a sheet ------------------------------------

const TURMOB_COLUMNS: Column[] = [
  { header: 'Fiş No', kind: 'int', width: 8 },
  { header: 'Tarih', kind: 'date', width: 11 },
  { header: 'Belge No', width: 19 },
  { header: 'Hesap Kodu', width: 12 },
  { header: 'Hesap Adı', width: 32 },
  { header: 'Açıklama', width: 48 },
  { header: 'Borç', kind: 'money', width: 15 },
  { header: 'Alacak', kind: 'money', width: 15 },
];

interface TurmobLine {
  entry_id: number; entry_no: number; entry_date: string; entry_explanation: string; reverses_id: number | null; line_no: number;
  account_code: string; account_name: string | null; explanation: string | null; debit: string; credit: string;
}

/**
 * The journal lines of an invoice's entries: its own (source INVOICE) and its inline payments'
 * (INVOICE_PAYMENT), in entry order. A posted invoice gives only its live entries (an edit's
 * earlier entries and their reversals are left out); a cancelled one its entries and their
 * reversals, which net to zero. Payments are found by the invoice's current payment rows: an edit
 * rewrites them, so the payment entries of a version edited away (all reversed) are not listed.
 */
async function turmobLines(ctx: RequestContext, companyId: number, invoiceId: number, liveOnly: boolean): Promise<TurmobLine[]> {
  const r = await sql<TurmobLine>`
    select e.id as entry_id, e.entry_no, e.entry_date::text as entry_date, e.explanation as entry_explanation, e.reverses_id,
           l.line_no, l.account_code, a.name as account_name, l.explanation, l.debit::text as debit, l.credit::text as credit
      from journal_entries e
      join journal_lines l on l.company_id = e.company_id and l.entry_id = e.id
      left join ledger_accounts a on a.company_id = l.company_id and a.code = l.account_code
     where e.company_id = ${companyId}
       and ((e.source_kind = 'INVOICE' and e.source_id = ${String(invoiceId)})
         or (e.source_kind = 'INVOICE_PAYMENT' and e.source_id in (select p.id::text from invoice_payments p where p.company_id = ${companyId} and p.invoice_id = ${invoiceId})))
       and (${!liveOnly} or (e.reverses_id is null
            and not exists (select 1 from journal_entries x where x.company_id = e.company_id and x.reverses_id = e.id)))
     order by e.entry_date, e.id, l.line_no`.execute(db(ctx));
  return r.rows;
}

/** GET /turmob/{id}: the invoice's journal entry (yevmiye fişi) as an xlsx sheet, turmob-<number>.xlsx. */
const invoiceTurmob: Handler = async (ctx) => {
  const r = await visibleInvoice(ctx);
  if (r.status === 'DRAFT') throw new Problem(409, 'Muhasebe kaydı yok', { detail: 'Taslak faturanın muhasebe kaydı yok.', code: 'INVOICE_DRAFT' });
  const lines = await turmobLines(ctx, r.companyId, r.id, r.status === 'POSTED');
  const documentNo = r.document_no ?? '';
  let debit = new Decimal(0);
  let credit = new Decimal(0);
  const rows: Row[] = lines.map((l) => {
    debit = debit.plus(l.debit);
    credit = credit.plus(l.credit);
    return [l.entry_no, l.entry_date, documentNo, l.account_code, l.account_name ?? '', l.explanation ?? l.entry_explanation, l.debit, l.credit];
  });
  const totals: Row = [null, null, null, null, null, 'Toplam', debit, credit];
  const [company, current] = await Promise.all([
    companyOf(ctx, r.companyId),
    db(ctx).selectFrom('currents').select(['name', 'last_name', 'title']).where('company_id', '=', r.companyId).where('id', '=', r.current_id).executeTakeFirstOrThrow(),
  ]);
  const heading = {
    company: company.title?.trim() || company.name,
    title: 'Yevmiye Fişi (TÜRMOB aktarımı)',
    lines: [
      `${INVOICE_TITLES[r.invoice_type]}${documentNo ? ` ${documentNo}` : ''} · ${currentDisplayName({ name: current.name, lastName: current.last_name, title: current.title })}${r.status === 'CANCELLED' ? ' · İPTAL EDİLDİ (kayıtlar ve ters kayıtları)' : ''}`,
    ],
    printedAt: ctx.services.now(),
  };
  const bytes = await xlsx('Yevmiye', TURMOB_COLUMNS, rows, { heading, totals });
  ctx.audit({ action: 'accounting.invoice.turmob.exported', entity: 'invoice', entityId: r.id, detail: { documentNo: r.document_no, lines: lines.length } });
  return attachment(ctx, 'xlsx', `turmob-${documentNo || r.id}`, bytes);
};

export const documentHandlers: Record<string, Handler> = { invoicePdf: invoicePdfHandler, invoiceTurmob };
