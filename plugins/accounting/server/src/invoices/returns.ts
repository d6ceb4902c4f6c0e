import Decimal from 'decimal.js';
import { sql } from 'kysely';
import { problems, requireAuth, tables, type Handler, type RequestContext } from '@tezgah/server';
import type { AccountingTables } from '../schema';
import { ACCOUNT_JSON, accountOf, type LedgerDb } from '../ledger/accounts';
import { currentAccountRow, openCurrentAccount, type CurrentAccountRow, type MoneyAccount } from '../ledger/money';
import { isDay } from '../ledger/posting';
import { defaultSeries, moneyKey, quantity, quantityFixed, quantityText } from './input';
import { ACTION, insertValues, invoiceView, must } from './invoices.handlers';
import { postInvoice, type InvoiceKind, type KnownInvoice, type PostableInvoice } from './posting';
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

interface SourceLine {
  id: number; line_no: number; product_id: number; description: string | null; quantity: string; unit_price: string; discounts: unknown[] | null;
  withholding_code: string | null; withholding_ratio: number | null; account_code: string; moves_stock: boolean;
  gross: string; discount: string; document_discount: string; tax_base: string; tax: string; withheld: string; total: string;
  taxes: { tax_id: number; tax_type: string; percentage: string; exception_code: string | null; base: string; amount: string }[];
  stocks: { warehouse_id: number; quantity: string }[];
}
type Returned = Awaited<ReturnType<typeof returnedOf>>;

/** The accounts a return's entries may post to besides its lines', the current's and the refund's: 610 (SALES_RETURNS_ACCOUNT) and the KDV and tax accounts. The posting function still checks each. */
const RETURN_ACCOUNTS = ['610', '391', '191', '360'];

const F = (col: string) => sql.raw(FIGURES.map((f) => `'${f}', ${col}.${f}::text`).join(', '));

/**
 * What a return is made from, in ONE statement after the returned invoice's row is locked (a
 * statement of its own, so this one's snapshot sees every return the lock waited for): its lines
 * with their taxes and warehouses, what live returns took of each line (as returnedOf counts it),
 * the company's warehouses, the current with its ledger account, the stock setting, the refund's
 * safe or bank account, the company's invoice prefix, whether a sales return's document number is
 * taken already for this customer, and the ledger accounts its entries may name.
 */
async function returnSource(d: LedgerDb, companyId: number, orig: { id: number; current_id: number },
  want: { safeId: number | null; bankAccountId: number | null; documentNo: string | null }) {
  const c = companyId;
  const refund = want.safeId !== null
    ? sql`(select json_build_object('kind', 'SAFE', 'id', id, 'name', name, 'accountCode', account_code, 'currencyId', currency_id) from safes where company_id = ${c} and id = ${want.safeId})`
    : want.bankAccountId !== null
      ? sql`(select json_build_object('kind', 'BANK_ACCOUNT', 'id', id, 'name', name, 'accountCode', account_code, 'currencyId', currency_id) from bank_accounts where company_id = ${c} and id = ${want.bankAccountId})`
      : sql`null::json`;
  const live = sql`from invoice_lines r
      join invoices ri on ri.company_id = r.company_id and ri.id = r.invoice_id
      join invoice_lines o on o.company_id = r.company_id and o.id = r.returns_line_id
     where r.company_id = ${c} and o.invoice_id = ${orig.id} and ri.status <> 'CANCELLED'`;
  const r = (await sql<{
    lines: SourceLine[] | null; returned: ({ line: number; quantity: string } & Record<Figure, string>)[] | null; returned_taxes: { line: number; tax_id: number; base: string; amount: string }[] | null;
    warehouses: { id: number; is_default: boolean }[] | null; current: CurrentAccountRow; allow_negative: boolean | null; refund: MoneyAccount | null; prefix: string | null; taken: boolean;
    accounts: Parameters<typeof accountOf>[0][];
  }>`
    select (select json_agg(json_build_object('id', l.id, 'line_no', l.line_no, 'product_id', l.product_id, 'description', l.description,
              'quantity', l.quantity::text, 'unit_price', l.unit_price::text, 'discounts', l.discounts, 'withholding_code', l.withholding_code,
              'withholding_ratio', l.withholding_ratio, 'account_code', l.account_code, 'moves_stock', l.moves_stock, ${F('l')},
              'taxes', coalesce((select json_agg(json_build_object('tax_id', t.tax_id, 'tax_type', t.tax_type, 'percentage', t.percentage::text,
                         'exception_code', t.exception_code, 'base', t.base::text, 'amount', t.amount::text) order by t.id)
                         from invoice_line_taxes t where t.company_id = l.company_id and t.line_id = l.id), '[]'::json),
              'stocks', coalesce((select json_agg(json_build_object('warehouse_id', s.warehouse_id, 'quantity', s.quantity::text) order by s.id)
                         from invoice_stock_lines s where s.company_id = l.company_id and s.line_id = l.id), '[]'::json)) order by l.line_no)
              from invoice_lines l where l.company_id = ${c} and l.invoice_id = ${orig.id}) as lines,
           (select json_agg(json_build_object('line', x.returns_line_id, 'quantity', x.quantity::text, ${F('x')}))
              from (select r.returns_line_id, sum(r.quantity) as quantity, ${sql.raw(FIGURES.map((f) => `sum(r.${f}) as ${f}`).join(', '))} ${live}
                     group by r.returns_line_id) x) as returned,
           (select json_agg(json_build_object('line', x.returns_line_id, 'tax_id', x.tax_id, 'base', x.base::text, 'amount', x.amount::text))
              from (select r.returns_line_id, t.tax_id, sum(t.base) as base, sum(t.amount) as amount
                      from invoice_line_taxes t join invoice_lines r on r.company_id = t.company_id and r.id = t.line_id
                      join invoices ri on ri.company_id = r.company_id and ri.id = r.invoice_id
                      join invoice_lines o on o.company_id = r.company_id and o.id = r.returns_line_id
                     where t.company_id = ${c} and o.invoice_id = ${orig.id} and ri.status <> 'CANCELLED'
                     group by r.returns_line_id, t.tax_id) x) as returned_taxes,
           (select json_agg(json_build_object('id', id, 'is_default', is_default) order by id) from warehouses where company_id = ${c}) as warehouses,
           (select row_to_json(x) from (${currentAccountRow(c, orig.current_id)}) x) as current,
           (select allow_negative from stock_settings where company_id = ${c}) as allow_negative,
           ${refund} as refund,
           (select invoice_prefix from companies where id = ${c}) as prefix,
           (select coalesce(json_agg(${ACCOUNT_JSON}), '[]'::json)
              from ledger_accounts a
             where a.company_id = ${c} and a.code in (
                   select unnest(${RETURN_ACCOUNTS}::text[])
                   union all select account_code from invoice_lines where company_id = ${c} and invoice_id = ${orig.id}
                   union all select code from ledger_accounts where company_id = ${c} and owner_kind = 'CURRENT' and owner_id = ${orig.current_id}
                   union all select (${refund})->>'accountCode')) as accounts,
           ${want.documentNo === null ? sql`false` : sql`exists (select 1 from invoices where company_id = ${c} and invoice_type = 'SALE_RETURN'
              and current_id = ${orig.current_id} and document_no = ${want.documentNo} and status <> 'CANCELLED')`} as taken`.execute(d)).rows[0]!;
  const lines = (r.lines ?? []).map((l) => ({ ...l, id: Number(l.id), product_id: Number(l.product_id), stocks: l.stocks.map((s) => ({ ...s, warehouse_id: Number(s.warehouse_id) })), taxes: l.taxes.map((t) => ({ ...t, tax_id: Number(t.tax_id) })) }));
  const returned: Returned = new Map();
  for (const x of r.returned ?? []) {
    returned.set(Number(x.line), {
      quantity: new Decimal(x.quantity), figures: Object.fromEntries(FIGURES.map((f) => [f, new Decimal(x[f])])) as Record<Figure, Decimal>,
      taxes: new Map((r.returned_taxes ?? []).filter((t) => Number(t.line) === Number(x.line)).map((t) => [Number(t.tax_id), { base: new Decimal(t.base), amount: new Decimal(t.amount) }])),
    });
  }
  const refundAccount: MoneyAccount | null = r.refund ? { ...r.refund, id: Number(r.refund.id), currencyId: Number(r.refund.currencyId) } : null;
  return {
    lines, returned, warehouses: (r.warehouses ?? []).map((w) => ({ id: Number(w.id), is_default: w.is_default })), current: r.current,
    allowNegative: r.allow_negative ?? false, refund: refundAccount, prefix: r.prefix, taken: r.taken,
    accounts: new Map(r.accounts.map((a) => [a.code, accountOf(a)])),
  };
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

  const refundSafe = b.refund?.safeId ?? null;
  const refundBank = refundSafe === null ? b.refund?.bankAccountId ?? null : null;
  const given = b.documentNo?.trim() || null;
  const src = await returnSource(d, companyId, orig, { safeId: refundSafe, bankAccountId: refundBank, documentNo: kind === 'SALE_RETURN' ? given : null });
  const { lines, warehouses, returned } = src;
  const lineTaxes = lines.flatMap((l) => l.taxes.map((t) => ({ line_id: l.id, ...t })));
  const stocks = lines.flatMap((l) => l.stocks.map((x) => ({ line_id: l.id, ...x })));

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
    // Read with the return's source (returnSource), as a MoneyAccount: posting reads it no more.
    const m = src.refund;
    if (b.refund.safeId != null) {
      if (!m) throw bad('refund.safeId', 'Kasa bulunamadı.', 'SAFE_NOT_FOUND');
      if (m.currencyId !== orig.currency_id) throw bad('refund.safeId', 'Kasanın para birimi faturanınkiyle aynı olmalı.', 'PAYMENT_CURRENCY');
      refund = { payment_type: 'CASH', safe_id: m.id, bank_account_id: null };
    } else {
      if (!m) throw bad('refund.bankAccountId', 'Banka hesabı bulunamadı.', 'BANK_ACCOUNT_NOT_FOUND');
      if (m.currencyId !== orig.currency_id) throw bad('refund.bankAccountId', 'Banka hesabının para birimi faturanınkiyle aynı olmalı.', 'PAYMENT_CURRENCY');
      refund = { payment_type: 'CREDIT_CARD', safe_id: null, bank_account_id: m.id };
    }
  }

  let series: string | null = null;
  let documentNo: string | null = given;
  if (kind === 'BUYING_RETURN') {
    if (documentNo) throw bad('documentNo', 'Alış iadesinin numarası şirketin serisinden verilir.', 'DOCUMENT_NO_ON_SALE');
    series = orig.series ?? defaultSeries(src.prefix);
  } else if (documentNo && src.taken) {
    throw bad('documentNo', `Bu müşterinin ${documentNo} numaralı iade belgesi zaten girilmiş.`, 'DOCUMENT_NO_TAKEN');
  }

  const explanation = b.explanation?.trim() || `${orig.document_no ?? `#${orig.id}`} numaralı faturanın iadesi`;
  const pay = refund && new Decimal(header.payable).gt(0) ? { amount: header.payable, payment_date: b.date, ...refund } : null;
  // The return and its content in one statement (as a new invoice is written: insertInvoice); a
  // purchase return's number is taken in it from the series row, which stays locked to the commit.
  const year = Number(b.date.slice(0, 4));
  const inv = sql`(select id from inv)`;
  const parts = [];
  if (series !== null) {
    parts.push(sql`num as (insert into invoice_series (company_id, series, year, last_no) values (${companyId}, ${series}, ${year}, 1)
      on conflict (company_id, series, year) do update set last_no = invoice_series.last_no + 1 returning last_no)`);
  }
  parts.push(sql`inv as (${insertValues('invoices', [{
    company_id: companyId, invoice_type: kind, status: 'POSTED', current_id: orig.current_id, invoice_date: b.date, due_date: null,
    document_no: series !== null ? sql`(select ${`${series}${year}`}::text || lpad(last_no::text, 9, '0') from num)` : documentNo,
    series, sequence_no: series !== null ? sql`(select last_no from num)` : null, currency_id: orig.currency_id, conversion_rate: orig.conversion_rate,
    prices_include_tax: orig.prices_include_tax, explanation: explanation.slice(0, 500), ...header, paid: refund ? header.payable : '0', returns_invoice_id: orig.id,
    created_by: auth.login,
  }], 'id')})`);
  parts.push(sql`lines as (${insertValues('invoice_lines', out.map((l, i) => ({
    company_id: companyId, invoice_id: inv, line_no: i + 1, product_id: l.line.product_id, description: l.line.description, quantity: quantityFixed(l.quantity),
    unit_price: l.line.unit_price, discounts: JSON.stringify(l.line.discounts ?? []), withholding_code: l.line.withholding_code, withholding_ratio: l.line.withholding_ratio,
    account_code: kind === 'SALE_RETURN' ? SALES_RETURNS_ACCOUNT : l.line.account_code, moves_stock: l.line.moves_stock, despatch_line_id: null,
    returns_line_id: l.line.id, ...l.figures,
  })), 'id, line_no')})`);
  const lineOf = (i: number) => sql`(select id from lines where line_no = ${i + 1}::int)`;
  const taxRows = out.flatMap((l, i) => l.taxes.map((t) => ({ company_id: companyId, line_id: lineOf(i), ...t })));
  if (taxRows.length) parts.push(sql`taxes as (${insertValues('invoice_line_taxes', taxRows)})`);
  const stockRows = out.flatMap((l, i) => l.stocks.map((x) => ({ company_id: companyId, line_id: lineOf(i), warehouse_id: x.warehouseId, quantity: x.quantity })));
  if (stockRows.length) parts.push(sql`stocks as (${insertValues('invoice_stock_lines', stockRows)})`);
  if (pay) parts.push(sql`pays as (${insertValues('invoice_payments', [{ company_id: companyId, invoice_id: inv, ...pay }], 'id')})`);
  const written = (await sql<{ id: number | string; seq: number | null; lines: { id: number | string; line_no: number }[]; payment: number | string | null }>`with ${sql.join(parts)}
    select inv.id, ${series !== null ? sql`(select last_no from num)` : sql`null::int`} as seq,
           (select json_agg(json_build_object('id', id, 'line_no', line_no)) from lines) as lines,
           ${pay ? sql`(select id from pays)` : sql`null::bigint`} as payment
      from inv`.execute(d)).rows[0]!;
  const row = { id: Number(written.id) };
  if (series !== null) {
    const seq = Number(written.seq);
    if (seq > 999_999_999) throw problems.conflict(`${series} serisinin ${year} numaraları bitti; başka bir seri kullanın.`, 'SERIES_FULL', 'series');
    documentNo = `${series}${year}${String(seq).padStart(9, '0')}`;
  }
  const lineId = (i: number) => Number(written.lines.find((m) => m.line_no === i + 1)!.id);
  const payments = pay ? [{ id: Number(written.payment), payment_type: pay.payment_type, amount: pay.amount, payment_date: pay.payment_date, safe_id: pay.safe_id, bank_account_id: pay.bank_account_id }] : [];

  // Posted from what was read and written (no read back): its entry and the refund's in one
  // posting call, then the stock, as a new invoice is posted.
  const postableInv: PostableInvoice = {
    id: row.id, invoice_type: kind, current_id: orig.current_id, invoice_date: b.date, document_no: documentNo, currency_id: orig.currency_id,
    conversion_rate: orig.conversion_rate, payable: header.payable, explanation: explanation.slice(0, 500),
  };
  const known: KnownInvoice = {
    lines: out.map((l) => ({
      account_code: kind === 'SALE_RETURN' ? SALES_RETURNS_ACCOUNT : l.line.account_code, tax_base: l.figures.tax_base, withheld: l.figures.withheld,
      taxes: l.taxes.map((t) => ({ tax_type: t.tax_type, amount: t.amount, base: t.base, percentage: t.percentage })),
    })),
    stock: out.flatMap((l) => (l.line.moves_stock ? l.stocks.map((x) => ({ product_id: l.line.product_id, warehouse_id: x.warehouseId, quantity: x.quantity })) : []))
      .sort((a, b) => a.product_id - b.product_id || a.warehouse_id - b.warehouse_id),
    payments,
    current: await openCurrentAccount(d, companyId, src.current),
    money: new Map(src.refund ? [[moneyKey(src.refund.kind, src.refund.id), src.refund]] : []),
    accounts: src.accounts,
    allowNegative: src.allowNegative,
    // A return owes nothing by a due (posting makes none for it).
    dues: { current_id: orig.current_id, invoice_date: b.date, due_date: null, payable: header.payable, paid: header.payable, instalment_type: null, instalment_day: null, instalment_count: null },
  };
  await postInvoice(d, companyId, postableInv, auth.login, known);
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
  ctx.emit('accounting.invoice.posted', {
    invoiceId: row.id, invoiceType: kind, returnsInvoiceId: orig.id,
    payments: payments.map((p) => ({ id: p.id, paymentType: p.payment_type, method: null, amount: p.amount, bankAccountId: p.bank_account_id, safeId: p.safe_id })),
  });
  ctx.emit('accounting.invoice.returned', { invoiceId: row.id, invoiceType: kind, returnsInvoiceId: orig.id });
  ctx.audit({ action: 'accounting.invoice.returned', entity: 'invoice', entityId: row.id, detail: { returnsInvoiceId: orig.id, documentNo } });
  ctx.setStatus(201);
  return invoiceView(d, companyId, row.id);
};

/** Tekdüzen Hesap Planı: 610 Satıştan İadeler (a contra-revenue account, MSUGT). */
export const SALES_RETURNS_ACCOUNT = '610';

export const returnHandlers: Record<string, Handler> = { createInvoiceReturn };
