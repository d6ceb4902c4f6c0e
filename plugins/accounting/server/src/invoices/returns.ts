import Decimal from 'decimal.js';
import { problems, requireAuth, tables, type Handler, type RequestContext } from '@tezgah/server';
import type { AccountingTables } from '../schema';
import type { LedgerDb } from '../ledger/accounts';
import { isDay } from '../ledger/posting';
import { defaultSeries, quantity, quantityFixed, quantityText } from './input';
import { ACTION, companyPrefix, invoiceView, must, nextNumber, paymentsOf, postable } from './invoices.handlers';
import { postInvoice, type InvoiceKind } from './posting';
import { offsetReturn } from './dues';
import { runReturning, type ReturnedBox } from './locks';

/**
 * Returns (iade), made from the posted invoice they return: some or all of its lines, each at most
 * what is left of it to return.
 *
 *   SALE_RETURN    satıştan iade. The goods come back into stock (at the warehouse they left, or the
 *                  one named); the entry mirrors the sale: Dr 610 Satıştan İadeler (tax base), Dr 391
 *                  Hesaplanan KDV (the KDV given back; KDV Kanunu 35: the seller corrects the tax it
 *                  calculated when the goods are returned), Dr 360 other taxes, Cr the current.
 *                  The document is the buyer's (its return invoice; for a consumer the return slip
 *                  of VUK 229 ff.): its number is optional and kept as given.
 *   BUYING_RETURN  alıştan iade. The goods leave stock; Dr the current, Cr the lines' accounts
 *                  (153, 770 …) and Cr 191 İndirilecek KDV (the deduction taken is given up,
 *                  KDV Kanunu 35), Dr 360 for KDV withheld. The company issues this return invoice:
 *                  it is numbered from the company's sales series and goes out as an IADE
 *                  e-document naming the supplier's invoice (GİB e-Fatura Uygulaması: the party
 *                  that returns the goods issues the IADE invoice with a BillingReference).
 *
 * Figures: a returned line is the original line's figures in proportion to the quantity returned
 * (gross, discounts, tax base, each tax, withholding, rounded to the kuruş), and the return that
 * takes the last of a line takes exactly what earlier returns left, so returning a whole invoice,
 * at once or in parts, gives back its totals to the kuruş. A return keeps the original's currency
 * and rate: the lira of the goods given back is the lira they were booked at.
 *
 * A refund may be paid back at once (`refund`: into the customer's hand from a safe, or back to a
 * card or account from a bank account). What is not refunded is set off against what is still
 * open of the returned invoice's dues, oldest first (a payment line whose source is the return;
 * TBK 139 takas): the customer no longer owes that part of the sale. What is left after that stays
 * on the current's account as a credit (a sales return) or a claim (a purchase return) for later
 * collections and payments. Cancelling the return takes the set-off back.
 *
 * Other plugins move what they keep of the returned goods in the same transaction, through the
 * extension point `accounting.invoice.returning` (locks.ts): the pharmacy plugin's drug boxes, the
 * POS plugin's card refund. A line may name the boxes it gives back (`boxes`, GTIN + serial); the
 * accounting plugin passes them on unread.
 */

const db = (ctx: RequestContext): LedgerDb => tables<AccountingTables>(ctx);
const round2 = (d: Decimal) => d.toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
const money = (d: Decimal) => round2(d).toFixed(2);

export interface ReturnBody {
  date: string;
  documentNo?: string | null;
  explanation?: string | null;
  lines: { lineId: number; quantity: number | string; warehouseId?: number | null; boxes?: ReturnedBox[] | null }[];
  refund?: { safeId?: number | null; bankAccountId?: number | null } | null;
}

const FIGURES = ['gross', 'discount', 'document_discount', 'tax_base', 'tax', 'withheld', 'total'] as const;
type Figure = typeof FIGURES[number];

/** What has been returned of each line of an invoice by returns that are not cancelled. */
export async function returnedOf(d: LedgerDb, companyId: number, invoiceId: number) {
  const rows = await d.selectFrom('invoice_lines as r')
    .innerJoin('invoices as ri', (j) => j.onRef('ri.company_id', '=', 'r.company_id').onRef('ri.id', '=', 'r.invoice_id'))
    .innerJoin('invoice_lines as o', (j) => j.onRef('o.company_id', '=', 'r.company_id').onRef('o.id', '=', 'r.returns_line_id'))
    .select(['r.id', 'r.returns_line_id', 'r.quantity', ...FIGURES.map((f) => `r.${f}` as const)])
    .where('r.company_id', '=', companyId).where('o.invoice_id', '=', invoiceId).where('ri.status', '<>', 'CANCELLED').execute();
  const taxes = rows.length
    ? await d.selectFrom('invoice_line_taxes').select(['line_id', 'tax_id', 'base', 'amount']).where('company_id', '=', companyId).where('line_id', 'in', rows.map((r) => r.id)).execute()
    : [];
  const byLine = new Map<number, { quantity: Decimal; figures: Record<Figure, Decimal>; taxes: Map<number, { base: Decimal; amount: Decimal }> }>();
  for (const r of rows) {
    const key = r.returns_line_id!;
    const cur = byLine.get(key) ?? { quantity: new Decimal(0), figures: Object.fromEntries(FIGURES.map((f) => [f, new Decimal(0)])) as Record<Figure, Decimal>, taxes: new Map() };
    cur.quantity = cur.quantity.plus(r.quantity);
    for (const f of FIGURES) cur.figures[f] = cur.figures[f].plus(r[f]);
    for (const t of taxes.filter((x) => x.line_id === r.id)) {
      const s = cur.taxes.get(t.tax_id) ?? { base: new Decimal(0), amount: new Decimal(0) };
      cur.taxes.set(t.tax_id, { base: s.base.plus(t.base), amount: s.amount.plus(t.amount) });
    }
    byLine.set(key, cur);
  }
  return byLine;
}

/** The live returns of an invoice (for its view and for the guards on cancelling or editing it). */
export async function returnsOf(d: LedgerDb, companyId: number, invoiceId: number) {
  return d.selectFrom('invoices').select(['id', 'invoice_type', 'document_no', 'invoice_date', 'payable', 'status'])
    .where('company_id', '=', companyId).where('returns_invoice_id', '=', invoiceId).orderBy('id').execute();
}

/** Refuses to cancel or change an invoice that returns still name (409 INVOICE_HAS_RETURNS). */
export async function assertNoLiveReturns(d: LedgerDb, companyId: number, invoiceId: number, doing: 'cancel' | 'edit') {
  const live = (await returnsOf(d, companyId, invoiceId)).filter((r) => r.status !== 'CANCELLED');
  if (!live.length) return;
  const names = live.map((r) => r.document_no ?? `#${r.id}`).join(', ');
  throw problems.conflict(`Bu faturanın iadeleri var (${names}); faturayı ${doing === 'cancel' ? 'iptal etmeden' : 'değiştirmeden'} önce iadeleri iptal edin.`, 'INVOICE_HAS_RETURNS');
}

const bad = (field: string, message: string, code: string) => problems.invalidField(field, message, code);

const createInvoiceReturn: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  const d = db(ctx);
  const id = (ctx.params as { id: number }).id;
  const b = ctx.body as ReturnBody;
  const companyId = auth.companyId;
  const orig = await d.selectFrom('invoices').selectAll().where('company_id', '=', companyId).where('id', '=', id).forUpdate().executeTakeFirst();
  if (!orig) throw problems.notFound('Fatura');
  if (orig.invoice_type !== 'SALE' && orig.invoice_type !== 'BUYING') throw problems.conflict('İadenin iadesi olmaz; iadeyi iptal edin.', 'RETURN_OF_RETURN');
  must(ctx, orig.invoice_type, ACTION.VIEW);
  must(ctx, orig.invoice_type, ACTION.CREATE);
  if (orig.status !== 'POSTED') throw problems.conflict(orig.status === 'DRAFT' ? 'Taslak faturanın iadesi olmaz; taslağı değiştirin ya da silin.' : 'İptal edilmiş faturanın iadesi olmaz.', orig.status === 'DRAFT' ? 'INVOICE_DRAFT' : 'INVOICE_CANCELLED');
  if (!isDay(b.date)) throw bad('date', 'Tarih geçersiz.', 'DATE');
  if (b.date < orig.invoice_date) throw bad('date', `İade, faturanın tarihinden (${orig.invoice_date}) önce olamaz.`, 'RETURN_BEFORE_INVOICE');
  if (!b.lines.length) throw bad('lines', 'İade edilecek en az bir satır seçin.', 'NO_LINES');
  const kind: InvoiceKind = orig.invoice_type === 'SALE' ? 'SALE_RETURN' : 'BUYING_RETURN';

  const lines = await d.selectFrom('invoice_lines').selectAll().where('company_id', '=', companyId).where('invoice_id', '=', id).orderBy('line_no').execute();
  const lineTaxes = await d.selectFrom('invoice_line_taxes').selectAll().where('company_id', '=', companyId).where('line_id', 'in', lines.map((l) => l.id)).orderBy('id').execute();
  const stocks = await d.selectFrom('invoice_stock_lines').selectAll().where('company_id', '=', companyId).where('line_id', 'in', lines.map((l) => l.id)).orderBy('id').execute();
  const returned = await returnedOf(d, companyId, id);
  const warehouses = await d.selectFrom('warehouses').select(['id', 'is_default']).where('company_id', '=', companyId).orderBy('id').execute();

  const seen = new Set<number>();
  const out: {
    line: typeof lines[number]; quantity: Decimal; figures: Record<Figure, string>; taxes: { tax_id: number; tax_type: string; percentage: string; exception_code: string | null; base: string; amount: string }[];
    stocks: { warehouseId: number; quantity: string }[]; boxes?: ReturnedBox[];
  }[] = [];
  for (const [i, x] of b.lines.entries()) {
    const at = `lines.${i}`;
    const line = lines.find((l) => l.id === x.lineId);
    if (!line) throw bad(`${at}.lineId`, 'Satır bu faturanın değil.', 'LINE_NOT_FOUND');
    if (seen.has(line.id)) throw bad(`${at}.lineId`, `${line.line_no}. satır iki kez seçilmiş.`, 'LINE_TWICE');
    seen.add(line.id);
    const q = quantity(x.quantity, `${at}.quantity`);
    const before = returned.get(line.id);
    const left = new Decimal(line.quantity).minus(before?.quantity ?? 0);
    if (q.gt(left)) throw bad(`${at}.quantity`, `${line.line_no}. satırdan (${line.description}) iade edilebilecek en fazla ${quantityText(left)} kaldı.`, 'ABOVE_RETURNABLE');
    const last = q.eq(left);
    const share = q.dividedBy(line.quantity);
    const part = (whole: string | Decimal, done: Decimal | undefined) => money(last ? new Decimal(whole).minus(done ?? 0) : new Decimal(whole).times(share));
    const taxes = lineTaxes.filter((t) => t.line_id === line.id).map((t) => ({
      tax_id: t.tax_id, tax_type: t.tax_type, percentage: t.percentage, exception_code: t.exception_code,
      base: part(t.base, before?.taxes.get(t.tax_id)?.base), amount: part(t.amount, before?.taxes.get(t.tax_id)?.amount),
    }));
    // As on any invoice: the base is the gross less its discounts, the tax its taxes' sum, the
    // total base plus tax.
    const gross = part(line.gross, before?.figures.gross);
    const discount = part(line.discount, before?.figures.discount);
    const documentDiscount = part(line.document_discount, before?.figures.document_discount);
    const taxBase = new Decimal(gross).minus(discount).minus(documentDiscount);
    const tax = taxes.reduce((a, t) => a.plus(t.amount), new Decimal(0));
    const figures: Record<Figure, string> = {
      gross, discount, document_discount: documentDiscount, tax_base: money(taxBase), tax: money(tax),
      withheld: part(line.withheld, before?.figures.withheld), total: money(taxBase.plus(tax)),
    };
    let rowStocks: { warehouseId: number; quantity: string }[] = [];
    if (line.moves_stock) {
      if (x.warehouseId != null) {
        if (!warehouses.some((w) => w.id === x.warehouseId)) throw bad(`${at}.warehouseId`, 'Depo bulunamadı.', 'WAREHOUSE_NOT_FOUND');
        rowStocks = [{ warehouseId: x.warehouseId, quantity: quantityFixed(q) }];
      } else {
        // Back where it left (or came in), warehouse by warehouse; else the default warehouse.
        let rest = q;
        for (const s of stocks.filter((s) => s.line_id === line.id)) {
          if (rest.lte(0)) break;
          const take = Decimal.min(rest, s.quantity);
          rowStocks.push({ warehouseId: s.warehouse_id, quantity: quantityFixed(take) });
          rest = rest.minus(take);
        }
        if (rest.gt(0)) {
          const w = warehouses.find((w) => w.is_default) ?? warehouses[0];
          if (!w) throw bad(`${at}.warehouseId`, 'Şirketin deposu yok; iade edilen mal bir depoya girmeli.', 'WAREHOUSE_REQUIRED');
          const same = rowStocks.find((s) => s.warehouseId === w.id);
          if (same) same.quantity = quantityFixed(new Decimal(same.quantity).plus(rest));
          else rowStocks.push({ warehouseId: w.id, quantity: quantityFixed(rest) });
        }
      }
    }
    out.push({ line, quantity: q, figures, taxes, stocks: rowStocks, ...(x.boxes?.length ? { boxes: x.boxes.map((b) => ({ gtin: b.gtin, sn: b.sn })) } : {}) });
  }

  const sum = (f: Figure) => out.reduce((a, l) => a.plus(l.figures[f]), new Decimal(0));
  const totalAmount = sum('total');
  const withheld = sum('withheld');
  const payable = totalAmount.minus(withheld);
  const header = {
    subtotal: money(sum('gross')), total_discount: money(sum('discount').plus(sum('document_discount'))), tax_base: money(sum('tax_base')),
    total_tax: money(sum('tax')), withheld: money(withheld), total_amount: money(totalAmount), payable: money(payable),
  };

  // The refund paid back at once, in the invoice's currency.
  let refund: { payment_type: string; safe_id: number | null; bank_account_id: number | null } | null = null;
  if (b.refund && (b.refund.safeId != null || b.refund.bankAccountId != null)) {
    if (b.refund.safeId != null && b.refund.bankAccountId != null) throw bad('refund', 'Geri ödeme ya kasadan ya bankadan yapılır.', 'REFUND_ACCOUNT');
    if (b.refund.safeId != null) {
      const s = await d.selectFrom('safes').select(['id', 'currency_id']).where('company_id', '=', companyId).where('id', '=', b.refund.safeId).executeTakeFirst();
      if (!s) throw bad('refund.safeId', 'Kasa bulunamadı.', 'SAFE_NOT_FOUND');
      if (s.currency_id !== orig.currency_id) throw bad('refund.safeId', 'Kasanın para birimi faturanınkiyle aynı olmalı.', 'PAYMENT_CURRENCY');
      refund = { payment_type: 'CASH', safe_id: s.id, bank_account_id: null };
    } else {
      const a = await d.selectFrom('bank_accounts').select(['id', 'currency_id']).where('company_id', '=', companyId).where('id', '=', b.refund.bankAccountId!).executeTakeFirst();
      if (!a) throw bad('refund.bankAccountId', 'Banka hesabı bulunamadı.', 'BANK_ACCOUNT_NOT_FOUND');
      if (a.currency_id !== orig.currency_id) throw bad('refund.bankAccountId', 'Banka hesabının para birimi faturanınkiyle aynı olmalı.', 'PAYMENT_CURRENCY');
      refund = { payment_type: 'CREDIT_CARD', safe_id: null, bank_account_id: a.id };
    }
  }

  let number: { documentNo: string; seq: number } | null = null;
  let series: string | null = null;
  let documentNo: string | null = b.documentNo?.trim() || null;
  if (kind === 'BUYING_RETURN') {
    if (documentNo) throw bad('documentNo', 'Alış iadesinin numarası şirketin serisinden verilir.', 'DOCUMENT_NO_ON_SALE');
    series = orig.series ?? defaultSeries(await companyPrefix(d, companyId));
    number = await nextNumber(d, companyId, series, b.date);
    documentNo = number.documentNo;
  } else if (documentNo) {
    const taken = await d.selectFrom('invoices').select('id').where('company_id', '=', companyId).where('invoice_type', '=', 'SALE_RETURN')
      .where('current_id', '=', orig.current_id).where('document_no', '=', documentNo).where('status', '<>', 'CANCELLED').executeTakeFirst();
    if (taken) throw bad('documentNo', `Bu müşterinin ${documentNo} numaralı iade belgesi zaten girilmiş.`, 'DOCUMENT_NO_TAKEN');
  }

  const explanation = b.explanation?.trim() || `${orig.document_no ?? `#${orig.id}`} numaralı faturanın iadesi`;
  const row = await d.insertInto('invoices').values({
    company_id: companyId, invoice_type: kind, status: 'POSTED', current_id: orig.current_id, invoice_date: b.date, due_date: null,
    document_no: documentNo, series, sequence_no: number?.seq ?? null, currency_id: orig.currency_id, conversion_rate: orig.conversion_rate, prices_include_tax: orig.prices_include_tax,
    explanation: explanation.slice(0, 500), ...header, paid: refund ? header.payable : 0, returns_invoice_id: orig.id, created_by: auth.login,
  } as never).returning('id').executeTakeFirstOrThrow();
  const made = await d.insertInto('invoice_lines').values(out.map((l, i) => ({
    company_id: companyId, invoice_id: row.id, line_no: i + 1, product_id: l.line.product_id, description: l.line.description, quantity: quantityFixed(l.quantity),
    unit_price: l.line.unit_price, discounts: JSON.stringify(l.line.discounts ?? []), withholding_code: l.line.withholding_code, withholding_ratio: l.line.withholding_ratio,
    account_code: kind === 'SALE_RETURN' ? SALES_RETURNS_ACCOUNT : l.line.account_code, moves_stock: l.line.moves_stock, despatch_line_id: null,
    returns_line_id: l.line.id, ...l.figures,
  }) as never)).returning(['id', 'line_no']).execute();
  const lineId = (i: number) => made.find((m) => m.line_no === i + 1)!.id;
  const taxRows = out.flatMap((l, i) => l.taxes.map((t) => ({ company_id: companyId, line_id: lineId(i), ...t })));
  if (taxRows.length) await d.insertInto('invoice_line_taxes').values(taxRows).execute();
  const stockRows = out.flatMap((l, i) => l.stocks.map((s) => ({ company_id: companyId, line_id: lineId(i), warehouse_id: s.warehouseId, quantity: s.quantity })));
  if (stockRows.length) await d.insertInto('invoice_stock_lines').values(stockRows).execute();
  if (refund && new Decimal(header.payable).gt(0)) {
    await d.insertInto('invoice_payments').values({ company_id: companyId, invoice_id: row.id, amount: header.payable, payment_date: b.date, ...refund }).execute();
  }
  await postInvoice(d, companyId, await postable(d, companyId, row.id), auth.login);
  // Not paid back: what the return is worth settles what is still open of the invoice it returns.
  if (!refund) await offsetReturn(d, companyId, { returnId: row.id, originalId: orig.id, amount: header.payable, by: auth.login });
  // What other plugins keep of the goods follows the return, in this transaction.
  const whole = lines.every((l) => {
    const now = out.find((o) => o.line.id === l.id)?.quantity ?? new Decimal(0);
    return new Decimal(l.quantity).minus(returned.get(l.id)?.quantity ?? 0).minus(now).lte(0);
  });
  await runReturning(ctx.services, d, companyId, {
    returnId: row.id, originalId: orig.id, invoiceType: kind,
    lines: out.map((l, i) => ({ originalLineId: l.line.id, returnLineId: lineId(i), productId: l.line.product_id, quantity: quantityFixed(l.quantity), ...(l.boxes ? { boxes: l.boxes } : {}) })),
    whole,
    refund: {
      kind: refund ? (refund.safe_id !== null ? 'CASH' : 'BANK') : null, amount: refund ? header.payable : '0.00',
      safeId: refund?.safe_id ?? null, bankAccountId: refund?.bank_account_id ?? null,
    },
    login: auth.login, at: ctx.services.now(),
  });
  ctx.emit('accounting.invoice.posted', { invoiceId: row.id, invoiceType: kind, returnsInvoiceId: orig.id, payments: await paymentsOf(d, companyId, row.id) });
  ctx.emit('accounting.invoice.returned', { invoiceId: row.id, invoiceType: kind, returnsInvoiceId: orig.id });
  ctx.audit({ action: 'accounting.invoice.returned', entity: 'invoice', entityId: row.id, detail: { returnsInvoiceId: orig.id, documentNo } });
  ctx.setStatus(201);
  return invoiceView(d, companyId, row.id);
};

/** Tekdüzen Hesap Planı: 610 Satıştan İadeler (a contra-revenue account, MSUGT). */
export const SALES_RETURNS_ACCOUNT = '610';

export const returnHandlers: Record<string, Handler> = { createInvoiceReturn };
