import Decimal from 'decimal.js';
import { sql } from 'kysely';
import { problems, requireAuth, type RequestContext } from '@tezgah/server';
import type { LedgerDb } from '../ledger/accounts';
import { TAX_TYPES } from '../taxes/catalogue';
import { writeInvoice, writtenPayments } from './invoices.handlers';
import { paymentMethods } from './payment-methods';
import { upsertBatch } from '../products/products.handlers';
import { reverse } from '../ledger/posting';

/**
 * `accounting.documents` (ServerPlugin.provides): what the e-document plugin reads of an invoice or
 * a despatch to write its UBL-TR, and the one way it makes a purchase invoice from an incoming
 * e-invoice — typed here, so that plugin never reads the accounting tables itself.
 */
export const DOCUMENTS_SERVICE = 'accounting.documents';

/**
 * The retail customer current (perakende müşteri): the buyer of a sale made to nobody in
 * particular (a cash-register or card sale without a named customer). Another plugin reaches it
 * with `customerCurrent({ taxNumber: null, name: RETAIL_CURRENT_NAME })`, so every such sale of a
 * company lands on the same current.
 */
export const RETAIL_CURRENT_NAME = 'Perakende müşteri';

export interface PartySource {
  currentId: number;
  /** PERSON when the current's tax number is an 11-digit TCKN. */
  kind: 'PERSON' | 'COMPANY';
  name: string;
  firstName: string | null;
  familyName: string | null;
  title: string | null;
  taxNumber: string | null;
  taxOffice: string | null;
  address: string | null;
  district: string | null;
  city: string | null;
  postcode: string | null;
  country: string | null;
  email: string | null;
  phone: string | null;
  website: string | null;
}

export interface InvoiceLineSource {
  lineNo: number;
  productId: number;
  name: string;
  description: string;
  barcode: string | null;
  quantity: string;
  /** UN/ECE recommendation 20 code of the product's unit (C62 when unknown). */
  unitCode: string;
  unitPrice: string;
  gross: string;
  discount: string;
  documentDiscount: string;
  taxBase: string;
  taxes: { taxType: string; gibCode: string | null; percentage: string; exceptionCode: string | null; base: string; amount: string }[];
  withheld: string;
  withholdingCode: string | null;
  withholdingRatio: number | null;
}

export interface InvoiceSource {
  id: number;
  invoiceType: 'SALE' | 'BUYING' | 'SALE_RETURN' | 'BUYING_RETURN';
  status: 'DRAFT' | 'POSTED' | 'CANCELLED';
  /** A return's original invoice: its number (a purchase's is the supplier's) and date. */
  returnOf: { documentNo: string | null; date: string } | null;
  documentNo: string | null;
  date: string;
  dueDate: string | null;
  currency: string;
  rate: string;
  explanation: string | null;
  subtotal: string;
  totalDiscount: string;
  taxBase: string;
  totalTax: string;
  withheld: string;
  totalAmount: string;
  payable: string;
  documentDiscounts: { type: 'PERCENTAGE' | 'AMOUNT'; percentage: string | null; amount: string }[];
  lines: InvoiceLineSource[];
  payments: { paymentType: string; amount: string; method: string | null }[];
  despatches: { waybillNo: string | null; date: string }[];
  customer: PartySource;
}

export interface DespatchSource {
  id: number;
  direction: 'IN' | 'OUT';
  status: 'ACTIVE' | 'CANCELLED';
  waybillNo: string | null;
  date: string;
  shipmentDate: string;
  deliveryAddress: string | null;
  explanation: string | null;
  lines: { lineNo: number; productId: number; name: string; barcode: string | null; quantity: string; laterSent: string; unitCode: string; unitPrice: string | null }[];
  customer: PartySource;
}

export interface PurchaseDraftInput {
  supplier: { taxNumber: string | null; name: string; taxOffice?: string | null; address?: string | null; email?: string | null };
  documentNo: string | null;
  date: string;
  currency: string;
  rate: string | null;
  explanation?: string | null;
  lines: { name: string; barcode: string | null; sellerCode: string | null; quantity: string; unitCode: string | null; unitPrice: string; taxPercent: string | null; discount?: string | null }[];
}

export interface DocumentsService {
  invoice(db: unknown, companyId: number, id: number): Promise<InvoiceSource | null>;
  despatch(db: unknown, companyId: number, id: number): Promise<DespatchSource | null>;
  /**
   * A DRAFT purchase invoice from an incoming e-invoice: the supplier by tax number (a new SUPPLIER
   * current when none matches), each line's product by barcode (then the seller's code as barcode;
   * else a new goods product named as the line), KDV by percentage (a new KDV tax when the company
   * has none of that rate). Nothing is posted: a person checks and posts it.
   */
  purchaseDraft(db: unknown, companyId: number, login: string | null, input: PurchaseDraftInput): Promise<{ invoiceId: number; currentId: number; newCurrent: boolean; newProducts: number }>;
  /**
   * The customer current with this tax number (VKN or TCKN), made when none exists (a CUSTOMER
   * under 120, the name given): how a sale another plugin records finds its buyer (the pharmacy's
   * patient by TCKN, the institution by VKN). Without a tax number the customer is found by its
   * name (the retail customer, RETAIL_CURRENT_NAME). Made once per company even when two
   * transactions ask at the same time.
   */
  customerCurrent(db: unknown, companyId: number, party: { taxNumber: string | null; name: string; lastName?: string | null; title?: string | null }): Promise<{ currentId: number; created: boolean }>;
  /**
   * A posted sales invoice for a sale another plugin recorded (the pharmacy's prescription sale),
   * written by the invoices area in the request's transaction (numbered, posted, stock moved,
   * payments settled) and announced as `accounting.invoice.posted` with `sale: { source,
   * documentNo }`. A payment with `amount: null` takes what the others leave of the payable.
   */
  sale(ctx: RequestContext, input: SaleInput): Promise<{ invoiceId: number; invoiceNo: string | null; payable: string }>;
  /**
   * A payment taken with a posted invoice that did not happen after all (a card payment voided on
   * the POS device): its posting is reversed (dated `date`, or its own day while that month is
   * open), the row stays marked void with the reason, the invoice's paid amount drops by it and a
   * new due for it (dated `date`) makes the current owe it again. Once: a payment already void
   * answers `{ voided: false }`, and so does one of a cancelled invoice (its cancellation
   * reversed every payment). 404 when the invoice has no such payment.
   */
  voidPayment(db: unknown, companyId: number, input: { invoicePaymentId: number; reason: string; date: string; by: string | null }): Promise<{ voided: boolean; amount: string }>;
  /**
   * The invoice's legal number becomes the e-document's (`EFA2026000000001`), given when it is sent
   * as an e-Fatura or e-Arşiv: its company-series number is kept as its provisional number, and the
   * books, the statements, the PDF and every list show the new one from then on. Only for a posted
   * sale or purchase return (the documents the company numbers); once: a second, different number
   * is refused (409), the same one answers as done.
   */
  legalNumber(db: unknown, companyId: number, invoiceId: number, documentNo: string): Promise<{ documentNo: string; provisionalNo: string | null }>;
}

export interface SaleInput {
  currentId: number;
  date: string;
  explanation?: string | null;
  products: { productId: number; quantity: string | number; unitPrice: string | number; description?: string | null }[];
  payments: { paymentType: 'CASH' | 'CREDIT_CARD' | 'OPEN_ACCOUNT'; amount: string | number | null; safeId?: number | null; bankAccountId?: number | null; method?: string | null }[];
  source: { plugin: string; documentNo: string };
}

const str = (v: unknown): string => new Decimal(String(v ?? 0)).toString();
/** The company's currency codes are the ones its people read (TL); documents carry ISO 4217 (TRY). */
const isoOf = (code: string) => (code === 'TL' ? 'TRY' : code);
const ownOf = (iso: string) => (iso === 'TRY' ? 'TL' : iso);
const GIB_CODE = new Map<string, string>(TAX_TYPES.map((t) => [t.type, t.gibCode]));

async function party(db: LedgerDb, companyId: number, currentId: number): Promise<PartySource> {
  const r = await sql<{ id: number; name: string; last_name: string | null; title: string | null; tax_number: string | null; tax_office: string | null; address: string | null; district: string | null; city: string | null; postcode: string | null; country: string | null; email: string | null; phone: string | null; web_address: string | null }>`
    select c.id, c.name, c.last_name, c.title, c.tax_number, o.name as tax_office, c.address, d.name as district, ci.name as city, c.postcode,
           co.name as country, c.email, c.phone, c.web_address
      from currents c
      left join tax_offices o on o.id = c.tax_office_id
      left join city_subdivisions d on d.id = c.city_subdivision_id
      left join cities ci on ci.id = c.city_id
      left join countries co on co.id = c.country_id
     where c.company_id = ${companyId} and c.id = ${currentId}`.execute(db);
  const c = r.rows[0];
  if (!c) throw problems.notFound('Cari hesap');
  const person = (c.tax_number ?? '').length === 11;
  const full = [c.name, c.last_name].filter((x) => x && x.trim()).join(' ');
  return {
    currentId: Number(c.id), kind: person ? 'PERSON' : 'COMPANY',
    name: person ? full : (c.title?.trim() || full),
    firstName: person ? c.name : null, familyName: person ? (c.last_name ?? null) : null,
    title: c.title, taxNumber: c.tax_number, taxOffice: c.tax_office, address: c.address, district: c.district, city: c.city,
    postcode: c.postcode, country: c.country, email: c.email, phone: c.phone, website: c.web_address,
  };
}

export const documentsService: DocumentsService = {
  async invoice(raw, companyId, id) {
    const db = raw as LedgerDb;
    const head = await sql<{ prices_include_tax: boolean; return_of_no: string | null; return_of_date: string | null; id: number; invoice_type: InvoiceSource['invoiceType']; status: InvoiceSource['status']; document_no: string | null; invoice_date: string; due_date: string | null; currency: string; conversion_rate: string; explanation: string | null; subtotal: string; total_discount: string; tax_base: string; total_tax: string; withheld: string; total_amount: string; payable: string; current_id: number }>`
      select i.id, i.invoice_type, i.status, i.document_no, to_char(i.invoice_date, 'YYYY-MM-DD') as invoice_date, to_char(i.due_date, 'YYYY-MM-DD') as due_date,
             cu.code as currency, i.conversion_rate, i.explanation, i.subtotal, i.total_discount, i.tax_base, i.total_tax, i.withheld, i.total_amount, i.payable, i.current_id,
             i.prices_include_tax, o.document_no as return_of_no, to_char(o.invoice_date, 'YYYY-MM-DD') as return_of_date
        from invoices i join currencies cu on cu.id = i.currency_id
        left join invoices o on o.company_id = i.company_id and o.id = i.returns_invoice_id
       where i.company_id = ${companyId} and i.id = ${id}`.execute(db);
    const h = head.rows[0];
    if (!h) return null;
    const [lines, taxes, discounts, payments, despatches, customer] = await Promise.all([
      sql<{ id: number; line_no: number; product_id: number; name: string; description: string; barcode: string | null; quantity: string; unit_code: string | null; unit_price: string; gross: string; discount: string; document_discount: string; tax_base: string; withheld: string; withholding_code: string | null; withholding_ratio: number | null }>`
        select l.id, l.line_no, l.product_id, p.name, l.description, p.barcode, l.quantity, u.code as unit_code, l.unit_price, l.gross, l.discount, l.document_discount,
               l.tax_base, l.withheld, l.withholding_code, l.withholding_ratio
          from invoice_lines l
          join products p on p.company_id = l.company_id and p.id = l.product_id
          left join units u on u.company_id = p.company_id and u.id = p.unit_id
         where l.company_id = ${companyId} and l.invoice_id = ${id} order by l.line_no`.execute(db),
      sql<{ line_id: number; tax_type: string; percentage: string; exception_code: string | null; base: string; amount: string }>`
        select t.line_id, t.tax_type, t.percentage, t.exception_code, t.base, t.amount
          from invoice_line_taxes t join invoice_lines l on l.company_id = t.company_id and l.id = t.line_id
         where t.company_id = ${companyId} and l.invoice_id = ${id} order by t.id`.execute(db),
      sql<{ discount_type: 'PERCENTAGE' | 'AMOUNT'; percentage: string | null; amount: string }>`
        select discount_type, percentage, amount from invoice_discounts where company_id = ${companyId} and invoice_id = ${id} order by seq`.execute(db),
      sql<{ payment_type: string; amount: string; method: string | null }>`
        select payment_type, amount, method from invoice_payments where company_id = ${companyId} and invoice_id = ${id} and voided_at is null order by id`.execute(db),
      sql<{ waybill_no: string | null; despatch_date: string }>`
        select distinct d.waybill_no, to_char(d.despatch_date, 'YYYY-MM-DD') as despatch_date
          from invoice_lines l join despatch_lines dl on dl.company_id = l.company_id and dl.id = l.despatch_line_id
          join despatches d on d.company_id = dl.company_id and d.id = dl.despatch_id
         where l.company_id = ${companyId} and l.invoice_id = ${id} order by 2, 1`.execute(db),
      party(db, companyId, Number(h.current_id)),
    ]);
    return {
      id: Number(h.id), invoiceType: h.invoice_type, status: h.status, documentNo: h.document_no, date: h.invoice_date, dueDate: h.due_date,
      returnOf: h.return_of_date ? { documentNo: h.return_of_no, date: h.return_of_date } : null,
      currency: isoOf(h.currency), rate: str(h.conversion_rate), explanation: h.explanation,
      subtotal: str(h.subtotal), totalDiscount: str(h.total_discount), taxBase: str(h.tax_base), totalTax: str(h.total_tax), withheld: str(h.withheld),
      totalAmount: str(h.total_amount), payable: str(h.payable),
      documentDiscounts: discounts.rows.map((d) => ({ type: d.discount_type, percentage: d.percentage === null ? null : str(d.percentage), amount: str(d.amount) })),
      lines: lines.rows.map((l) => ({
        lineNo: l.line_no, productId: Number(l.product_id), name: l.name, description: l.description, barcode: l.barcode, quantity: str(l.quantity),
        // UBL's PriceAmount is before taxes: a price entered tax-inclusive goes as gross / quantity.
        unitCode: l.unit_code || 'C62', unitPrice: h.prices_include_tax ? new Decimal(l.gross).dividedBy(l.quantity).toDecimalPlaces(8).toString() : str(l.unit_price), gross: str(l.gross), discount: str(l.discount), documentDiscount: str(l.document_discount),
        taxBase: str(l.tax_base),
        taxes: taxes.rows.filter((t) => Number(t.line_id) === Number(l.id)).map((t) => ({
          taxType: t.tax_type, gibCode: GIB_CODE.get(t.tax_type) ?? null, percentage: str(t.percentage), exceptionCode: t.exception_code, base: str(t.base), amount: str(t.amount),
        })),
        withheld: str(l.withheld), withholdingCode: l.withholding_code, withholdingRatio: l.withholding_ratio,
      })),
      payments: payments.rows.map((p) => ({ paymentType: p.payment_type, amount: str(p.amount), method: p.method })),
      despatches: despatches.rows.map((d) => ({ waybillNo: d.waybill_no, date: d.despatch_date })),
      customer,
    };
  },

  async despatch(raw, companyId, id) {
    const db = raw as LedgerDb;
    const head = await sql<{ id: number; direction: 'IN' | 'OUT'; status: 'ACTIVE' | 'CANCELLED'; waybill_no: string | null; despatch_date: string; shipment_date: string; delivery_address: string | null; explanation: string | null; current_id: number }>`
      select id, direction, status, waybill_no, to_char(despatch_date, 'YYYY-MM-DD') as despatch_date, to_char(shipment_date, 'YYYY-MM-DD') as shipment_date,
             delivery_address, explanation, current_id
        from despatches where company_id = ${companyId} and id = ${id}`.execute(db);
    const h = head.rows[0];
    if (!h) return null;
    const lines = await sql<{ line_no: number; product_id: number; name: string; barcode: string | null; quantity: string; later_sent_quantity: string; unit_code: string | null; unit_price: string | null }>`
      select l.line_no, l.product_id, p.name, p.barcode, l.quantity, l.later_sent_quantity, u.code as unit_code, l.unit_price
        from despatch_lines l
        join products p on p.company_id = l.company_id and p.id = l.product_id
        left join units u on u.company_id = p.company_id and u.id = p.unit_id
       where l.company_id = ${companyId} and l.despatch_id = ${id} order by l.line_no`.execute(db);
    return {
      id: Number(h.id), direction: h.direction, status: h.status, waybillNo: h.waybill_no, date: h.despatch_date, shipmentDate: h.shipment_date,
      deliveryAddress: h.delivery_address, explanation: h.explanation,
      lines: lines.rows.map((l) => ({
        lineNo: l.line_no, productId: Number(l.product_id), name: l.name, barcode: l.barcode, quantity: str(l.quantity), laterSent: str(l.later_sent_quantity),
        unitCode: l.unit_code || 'C62', unitPrice: l.unit_price === null ? null : str(l.unit_price),
      })),
      customer: await party(db, companyId, Number(h.current_id)),
    };
  },

  async customerCurrent(raw, companyId, party) {
    const db = raw as LedgerDb;
    if (party.taxNumber !== null && !/^[0-9]{10,11}$/.test(party.taxNumber)) throw problems.invalidField('taxNumber', 'Vergi ya da T.C. kimlik numarası 10 ya da 11 haneli olmalı.', 'TAX_NUMBER');
    // Two sales finding no such customer at once would make it twice: the second waits for the first.
    await sql`select pg_advisory_xact_lock(hashtext('tezgah.currents.customer'), hashtext(${`${companyId}:${party.taxNumber ?? `name:${party.name}`}`}))`.execute(db);
    const found = party.taxNumber !== null
      ? await sql<{ id: number }>`
        select id from currents where company_id = ${companyId} and tax_number = ${party.taxNumber}
         order by (type = 'CUSTOMER') desc, id limit 1`.execute(db)
      : await sql<{ id: number }>`
        select id from currents where company_id = ${companyId} and type = 'CUSTOMER' and tax_number is null and name = ${party.name} order by id limit 1`.execute(db);
    if (found.rows[0]) return { currentId: Number(found.rows[0].id), created: false };
    const made = await sql<{ id: number }>`
      insert into currents (company_id, type, name, last_name, title, tax_number, account_group_code)
      values (${companyId}, 'CUSTOMER', ${party.name.slice(0, 200) || 'Müşteri'}, ${party.lastName ?? null}, ${party.title ?? null}, ${party.taxNumber}, '120')
      returning id`.execute(db);
    return { currentId: Number(made.rows[0]!.id), created: true };
  },

  async sale(ctx, input) {
    const auth = requireAuth(ctx);
    const db = ctx.trx as unknown as LedgerDb;
    const { id, resolved, documentNo, payments } = await writeInvoice(db, auth.companyId, auth.login, {
      invoiceType: 'SALE', draft: false, currentId: input.currentId, date: input.date, currencyId: 1,
      explanation: (input.explanation ?? null)?.slice(0, 500) ?? null,
      products: input.products.map((p) => ({ productId: p.productId, quantity: p.quantity, unitPrice: p.unitPrice, description: p.description ?? null })),
      payments: input.payments.map((p) => ({ paymentType: p.paymentType, amount: p.amount, date: input.date, safeId: p.safeId ?? null, bankAccountId: p.bankAccountId ?? null, method: p.method ?? null })),
    }, paymentMethods(ctx.services));
    ctx.emit('accounting.invoice.posted', { invoiceId: id, invoiceType: resolved.invoiceType, payments: writtenPayments(resolved, payments), sale: input.source });
    ctx.audit({ action: 'accounting.invoice.posted', entity: 'invoice', entityId: id, detail: { documentNo, source: input.source } });
    const payable = await sql<{ payable: string }>`select payable from invoices where company_id = ${auth.companyId} and id = ${id}`.execute(db);
    return { invoiceId: id, invoiceNo: documentNo, payable: str(payable.rows[0]?.payable) };
  },

  async legalNumber(raw, companyId, invoiceId, documentNo) {
    const db = raw as LedgerDb;
    const m = /^([A-Z0-9]{3})(\d{4})(\d{9})$/.exec(documentNo);
    if (!m) throw problems.invalidField('documentNo', `${documentNo} bir e-belge numarası değil (ör. EFA2026000000001).`, 'DOCUMENT_NO_PATTERN');
    const inv = await db.selectFrom('invoices').select(['id', 'invoice_type', 'status', 'document_no', 'provisional_no'])
      .where('company_id', '=', companyId).where('id', '=', invoiceId).forUpdate().executeTakeFirst();
    if (!inv) throw problems.notFound('Fatura');
    if (inv.document_no === documentNo) return { documentNo, provisionalNo: inv.provisional_no };
    if (inv.invoice_type !== 'SALE' && inv.invoice_type !== 'BUYING_RETURN') {
      throw problems.conflict('Yalnız satış faturası ve alış iadesi şirketin numarasını taşır.', 'INVOICE_NOT_OUTGOING');
    }
    if (inv.status !== 'POSTED') throw problems.conflict('Yalnız kaydedilmiş fatura e-belge numarası alır.', 'INVOICE_NOT_POSTED');
    if (inv.provisional_no) {
      throw problems.conflict(`Fatura e-belge numarasını almış (${inv.document_no}); numarası değişemez.`, 'INVOICE_ALREADY_NUMBERED');
    }
    await db.updateTable('invoices').set({ provisional_no: inv.document_no, document_no: documentNo, series: m[1]!, sequence_no: Number(m[3]) })
      .where('company_id', '=', companyId).where('id', '=', invoiceId).execute();
    return { documentNo, provisionalNo: inv.document_no };
  },

  async voidPayment(raw, companyId, input) {
    const db = raw as LedgerDb;
    const p = await db.selectFrom('invoice_payments').selectAll().where('company_id', '=', companyId).where('id', '=', input.invoicePaymentId).forUpdate().executeTakeFirst();
    if (!p) throw problems.notFound('Fatura ödemesi');
    const inv = await db.selectFrom('invoices').select(['id', 'status', 'current_id', 'document_no']).where('company_id', '=', companyId).where('id', '=', p.invoice_id).forUpdate().executeTakeFirstOrThrow();
    const amount = new Decimal(p.amount).toFixed(2);
    if (p.voided_at || inv.status !== 'POSTED') return { voided: false, amount };
    const reason = input.reason.trim().slice(0, 500) || 'Ödeme gerçekleşmedi.';
    let voidEntry: number | null = null;
    if (p.entry_id) {
      const own = (await sql<{ d: string }>`select entry_date::text as d from journal_entries where company_id = ${companyId} and id = ${p.entry_id}`.execute(db)).rows[0]!.d;
      const open = await db.selectFrom('journals').select('locked').where('company_id', '=', companyId).where('start_date', '<=', own).where('end_date', '>=', own).executeTakeFirst();
      voidEntry = (await reverse(db, companyId, Number(p.entry_id), {
        date: open && !open.locked ? own : input.date, explanation: `Ödeme geçersiz (${inv.document_no ?? inv.id}): ${reason}`, createdBy: input.by,
      })).id;
    }
    await db.updateTable('invoice_payments').set({ voided_at: new Date(), void_reason: reason, void_entry_id: voidEntry })
      .where('company_id', '=', companyId).where('id', '=', p.id).execute();
    if (p.payment_type !== 'OPEN_ACCOUNT') {
      await db.updateTable('invoices').set({ paid: sql`paid - ${amount}::numeric` }).where('company_id', '=', companyId).where('id', '=', inv.id).execute();
      const last = await db.selectFrom('invoice_dues').select((eb) => eb.fn.max('period_no').as('n')).where('company_id', '=', companyId).where('invoice_id', '=', inv.id).executeTakeFirst();
      await db.insertInto('invoice_dues').values({
        company_id: companyId, invoice_id: inv.id, current_id: inv.current_id, period_no: Number(last?.n ?? 0) + 1, due_date: input.date, amount,
      }).execute();
    }
    return { voided: true, amount };
  },

  async purchaseDraft(raw, companyId, login, input) {
    const db = raw as LedgerDb;
    let newCurrent = false;
    let currentId: number | null = null;
    if (input.supplier.taxNumber && /^[0-9]{10,11}$/.test(input.supplier.taxNumber)) {
      const found = await sql<{ id: number }>`
        select id from currents where company_id = ${companyId} and tax_number = ${input.supplier.taxNumber}
         order by (type = 'SUPPLIER') desc, id limit 1`.execute(db);
      currentId = found.rows[0] ? Number(found.rows[0].id) : null;
    }
    if (currentId === null) {
      const office = input.supplier.taxOffice
        ? (await sql<{ id: number }>`select id from tax_offices where lower(name) = lower(${input.supplier.taxOffice}) order by id limit 1`.execute(db)).rows[0]?.id ?? null
        : null;
      const made = await sql<{ id: number }>`
        insert into currents (company_id, type, name, tax_number, tax_office_id, address, email, account_group_code)
        values (${companyId}, 'SUPPLIER', ${input.supplier.name.slice(0, 200) || 'Tedarikçi'},
                ${input.supplier.taxNumber && /^[0-9]{10,11}$/.test(input.supplier.taxNumber) ? input.supplier.taxNumber : null},
                ${office}, ${input.supplier.address ?? null}, ${input.supplier.email ?? null}, '320')
        returning id`.execute(db);
      currentId = Number(made.rows[0]!.id);
      newCurrent = true;
    }
    const currency = (await sql<{ id: number }>`select id from currencies where code = ${ownOf(input.currency || 'TRY')}`.execute(db)).rows[0]?.id ?? 1;
    let newProducts = 0;
    const products: { productId: number; quantity: string; unitPrice: string; taxes: { taxId: number }[]; description: string; discounts: { type: 'AMOUNT'; amount: string }[] }[] = [];
    for (const l of input.lines) {
      const percent = new Decimal(l.taxPercent ?? 0).toDecimalPlaces(2).toString();
      // At 0 % there may be one KDV per exemption code: the plain one first.
      let tax = (await sql<{ id: number }>`select id from taxes where company_id = ${companyId} and tax_type = 'KDV' and percentage = ${percent}::numeric
        order by exception_code is not null, id limit 1`.execute(db)).rows[0]?.id;
      if (tax === undefined) {
        tax = (await sql<{ id: number }>`insert into taxes (company_id, name, tax_type, percentage) values (${companyId}, ${`KDV %${percent.replace('.', ',')}`}, 'KDV', ${percent}::numeric) returning id`.execute(db)).rows[0]!.id;
      }
      const codes = [l.barcode, l.sellerCode].filter((x): x is string => !!x && x.trim() !== '');
      let productId: number | undefined;
      for (const code of codes) {
        productId = (await sql<{ id: number }>`select id from products where company_id = ${companyId} and barcode = ${code} order by id limit 1`.execute(db)).rows[0]?.id;
        if (productId !== undefined) break;
      }
      if (productId === undefined) {
        const unit = (await sql<{ id: number }>`
          select id from units where company_id = ${companyId} and active order by (code = ${l.unitCode ?? 'C62'}) desc, (code = 'C62') desc, id limit 1`.execute(db)).rows[0]?.id;
        const warehouse = (await sql<{ id: number }>`select id from warehouses where company_id = ${companyId} order by is_default desc, id limit 1`.execute(db)).rows[0]?.id;
        if (unit === undefined || warehouse === undefined) throw problems.conflict('Ürün açmak için şirketin bir ölçü birimi ve deposu olmalı.', 'EDOC_NO_UNIT_OR_WAREHOUSE');
        // A new product through the products' own writer (its checks, its main accounts).
        const [made] = await upsertBatch(db as never, companyId, login ?? 'e-belge', [{
          name: l.name.slice(0, 200).trim() || 'Ürün', barcode: codes[0] ?? `EB${Date.now().toString(36).toUpperCase()}${newProducts + 1}`,
          productType: 'COMMERCIAL_GOODS', unitId: Number(unit), buyingPrice: new Decimal(l.unitPrice).toDecimalPlaces(8).toNumber(), buyingCurrencyId: currency,
          saleCurrencyId: currency, defaultTaxRate: Number(percent), warehouseId: Number(warehouse),
        }]);
        productId = made!.id;
        newProducts += 1;
      }
      const discount = l.discount && new Decimal(l.discount).gt(0) ? [{ type: 'AMOUNT' as const, amount: new Decimal(l.discount).toString() }] : [];
      products.push({ productId: Number(productId), quantity: l.quantity, unitPrice: l.unitPrice, taxes: [{ taxId: Number(tax) }], description: l.name, discounts: discount });
    }
    if (!products.length) throw problems.conflict('Belgede satır yok.', 'EDOC_NO_LINES');
    const made = await writeInvoice(db, companyId, login, {
      invoiceType: 'BUYING', draft: true, currentId, date: input.date, documentNo: input.documentNo, currencyId: currency,
      conversionRate: currency === 1 ? null : (input.rate ?? null), explanation: input.explanation ?? null,
      products: products.map((p) => ({ productId: p.productId, description: p.description, quantity: p.quantity, unitPrice: p.unitPrice, taxes: p.taxes, discounts: p.discounts, stocks: [] })),
    });
    return { invoiceId: made.id, currentId, newCurrent, newProducts };
  },
};
