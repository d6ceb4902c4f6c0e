import Decimal from 'decimal.js';
import { sql } from 'kysely';
import { problems } from '@tezgah/server';
import type { LedgerAccount, LedgerDb } from '../ledger/accounts';
import { currentAccount, moneyAccount, type CurrentAccount, type MoneyAccount } from '../ledger/money';
import { post, postMany, reverseLive, type PostingEntry, type PostingLine } from '../ledger/posting';
import { assertCashLeft } from '../safes/transactions.handlers';
import { moveLines, type Db } from '../warehouses/warehouses.repository';
import { createDues, dueRows, releaseDues, type DueSource } from './dues';
import { moneyKey } from './input';

/**
 * What posting an invoice writes (all in the request's transaction, or nothing):
 *
 *   stock      a sale takes each goods line's quantities out of their warehouses, a purchase puts
 *              them in (stock_movements kind SALE / PURCHASE, naming the invoice); a line made
 *              from a despatch line moves nothing (the despatch did). Below zero is
 *              refused (409 INSUFFICIENT_STOCK) unless the company allows it (stock_settings).
 *   entry      source INVOICE:<id>, on the invoice's date, in lira (a foreign-currency invoice's
 *              figures × its rate, its KDV the lira matrah × the KDV rate as KDV-1 computes it;
 *              the current's line takes what balances, with its own amount):
 *                SALE    Dr current (payable)      Cr line accounts (600 …, tax base)
 *                                                  Cr 391 Hesaplanan KDV (KDV − withheld)
 *                                                  Cr 360 other taxes (ÖTV, ÖİV …)
 *                BUYING  Dr line accounts (153, 770 …: tax base + taxes other than KDV)
 *                        Dr 191 İndirilecek KDV (all of it)
 *                                                  Cr current (payable)
 *                                                  Cr 360 Ödenecek Vergi ve Fonlar (KDV withheld)
 *              On a sale with withholding the buyer pays the withheld KDV to the tax office, so the
 *              seller's 391 holds only the part it collects; on a purchase the buyer owes it (360).
 *   payments   each inline payment but OPEN_ACCOUNT its own entry (INVOICE_PAYMENT:<payment id>),
 *              on its date: a sale's CASH/PORTAL_CASH Dr safe, CREDIT_CARD Dr bank account, FREE
 *              Dr 611 Satış İskontoları and Dr 689 Diğer Olağandışı Gider ve Zararlar — Cr current;
 *              a purchase's the other way round (FREE Cr 649 Diğer Olağan Gelir ve Kârlar). A safe
 *              never goes below zero. A free (bedelsiz) delivery is still a delivery that bears
 *              KDV (KDV Kanunu 3/b); the buyer pays none of it, so the company bears the KDV: the
 *              FREE payment's share of the invoice's KDV (its KDV × this payment / the payable) is
 *              a non-deductible expense (kanunen kabul edilmeyen gider) on 689, kept apart from
 *              the discount on 611 so the year-end tax return can add it back.
 *   dues       what remains open is owed in dues (dues.ts): one, or one per instalment.
 *
 * Unposting (an edit of a posted invoice, a cancellation) reverses every live entry of the invoice
 * and its payments and puts the stock back with opposite movements (SALE_CANCEL / PURCHASE_CANCEL).
 */

const KDV = 'KDV';
const round2 = (d: Decimal) => d.toDecimalPlaces(2, Decimal.ROUND_HALF_UP);

export type InvoiceKind = 'SALE' | 'BUYING' | 'SALE_RETURN' | 'BUYING_RETURN';

/** The direction a kind mirrors: a sales return undoes a sale, a purchase return a purchase. */
export const baseType = (t: InvoiceKind): 'SALE' | 'BUYING' => (t === 'SALE' || t === 'SALE_RETURN' ? 'SALE' : 'BUYING');
export const isReturn = (t: InvoiceKind) => t === 'SALE_RETURN' || t === 'BUYING_RETURN';
/** Does the current owe the company for it (a sale, a purchase return), or the company the current? */
const currentOwes = (t: InvoiceKind) => t === 'SALE' || t === 'BUYING_RETURN';

export interface PostableInvoice {
  id: number; invoice_type: InvoiceKind; current_id: number; invoice_date: string; document_no: string | null;
  currency_id: number; conversion_rate: string; payable: string; explanation: string | null;
}

/**
 * What the writer of a new invoice already holds, so posting reads none of it back: its lines'
 * accounts and figures with their taxes (in line order), the stock lines that move (the rows
 * `moveStock` would read), the payments as written (ids in order), the current's account, the
 * safes and bank accounts (`moneyKey`), the ledger accounts read with the request (the posting
 * function still checks each), the stock setting, and what the dues are made from.
 */
export interface KnownInvoice {
  lines: { account_code: string; tax_base: string; withheld: string; taxes: { tax_type: string; amount: string; base: string; percentage: string }[] }[];
  stock: { product_id: number; warehouse_id: number; quantity: string }[];
  payments: { id: number; payment_type: string; amount: string; payment_date: string; safe_id: number | null; bank_account_id: number | null }[];
  current: CurrentAccount;
  money: Map<string, MoneyAccount>;
  accounts: Map<string, LedgerAccount>;
  allowNegative: boolean;
  dues: DueSource;
}

/** Does the company let stock go below zero? (stock_settings; pharmacies start with yes.) */
export async function allowsNegativeStock(db: LedgerDb, companyId: number): Promise<boolean> {
  const r = await db.selectFrom('stock_settings').select('allow_negative').where('company_id', '=', companyId).executeTakeFirst();
  return r?.allow_negative ?? false;
}

export const KIND_LABELS: Record<InvoiceKind, string> = {
  SALE: 'Satış faturası', BUYING: 'Alış faturası', SALE_RETURN: 'Satış iadesi', BUYING_RETURN: 'Alış iadesi',
};

function label(inv: PostableInvoice, currentName: string): string {
  const kind = KIND_LABELS[inv.invoice_type];
  return `${kind}${inv.document_no ? ` ${inv.document_no}` : ''}, ${currentName}`;
}

/** Moves the invoice's stock: products locked in id order, then their warehouse rows in id order. */
async function moveStock(db: LedgerDb, companyId: number, inv: PostableInvoice, direction: 'POST' | 'UNDO', by: string | null, text: string, known?: Pick<KnownInvoice, 'stock' | 'allowNegative'>) {
  const rows = known ? known.stock : await db.selectFrom('invoice_stock_lines as s')
    .innerJoin('invoice_lines as l', (j) => j.onRef('l.company_id', '=', 's.company_id').onRef('l.id', '=', 's.line_id'))
    .select(['l.product_id', 's.warehouse_id', 's.quantity'])
    .where('s.company_id', '=', companyId).where('l.invoice_id', '=', inv.id).where('l.moves_stock', '=', true).where('l.despatch_line_id', 'is', null)
    .orderBy('l.product_id').orderBy('s.warehouse_id').execute();
  if (!rows.length) return;
  const out = currentOwes(inv.invoice_type) === (direction === 'POST');
  const kinds: Record<InvoiceKind, string> = { SALE: 'SALE', BUYING: 'PURCHASE', SALE_RETURN: 'SALE_RETURN', BUYING_RETURN: 'PURCHASE_RETURN' };
  const kind = `${kinds[inv.invoice_type]}${direction === 'UNDO' ? '_CANCEL' : ''}`;
  await moveLines(db as Db, companyId, rows, {
    kind, stockType: out ? 'OUT' : 'IN', reason: 'INVOICE', invoiceId: inv.id, explanation: text, createdBy: by,
    allowNegative: known ? known.allowNegative : await allowsNegativeStock(db, companyId),
  }, async (r, detail) => {
    const name = await db.selectFrom('products').select('name').where('company_id', '=', companyId).where('id', '=', r.product_id).executeTakeFirst();
    const wh = await db.selectFrom('warehouses').select('name').where('company_id', '=', companyId).where('id', '=', r.warehouse_id).executeTakeFirst();
    const line = await db.selectFrom('invoice_lines').select('line_no').where('company_id', '=', companyId).where('invoice_id', '=', inv.id)
      .where('product_id', '=', r.product_id).orderBy('line_no').limit(1).executeTakeFirst();
    const at = line ? `products.${line.line_no - 1}.quantity` : `products.${rows.indexOf(r)}.quantity`;
    return problems.conflict(`${name?.name ?? 'Ürün'} için ${wh?.name ?? 'depoda'} stok yetersiz. ${detail}`.trim(), 'INSUFFICIENT_STOCK', at);
  });
}

/** The invoice's own entry (see the table above), posted. */
async function postEntry(db: LedgerDb, companyId: number, inv: PostableInvoice, by: string | null, known?: KnownInvoice): Promise<{ id: number | null; text: string }> {
  const { entry, text } = await invoiceEntry(db, companyId, inv, by, known);
  if (!entry) return { id: null, text };
  const posted = await post(db, companyId, entry, null, known?.accounts);
  return { id: posted.id, text };
}

/** The invoice's own entry as it is to be posted (null: a free-of-charge invoice has none), and its text. */
async function invoiceEntry(db: LedgerDb, companyId: number, inv: PostableInvoice, by: string | null, known?: KnownInvoice): Promise<{ entry: PostingEntry | null; text: string }> {
  const current = known ? known.current : await currentAccount(db, companyId, inv.current_id);
  const text = label(inv, current.name);
  const rate = new Decimal(inv.conversion_rate);
  const fc = inv.currency_id !== 1;
  const lira = (v: string | Decimal) => round2(new Decimal(v).times(rate));

  const { lines, taxes } = known
    ? { lines: known.lines.map((l, i) => ({ id: i, ...l })), taxes: known.lines.flatMap((l, i) => l.taxes.map((t) => ({ line_id: i, ...t }))) }
    : await invoiceFigures(db, companyId, inv.id);

  // Amounts per account, in the invoice's currency, then in lira.
  const byAccount = new Map<string, Decimal>();
  const add = (acc: string, v: Decimal) => { if (!v.isZero()) byAccount.set(acc, (byAccount.get(acc) ?? new Decimal(0)).plus(v)); };
  let kdv = new Decimal(0);
  let withheld = new Decimal(0);
  for (const l of lines) {
    add(l.account_code, new Decimal(l.tax_base));
    withheld = withheld.plus(l.withheld);
    for (const t of taxes.filter((x) => x.line_id === l.id)) {
      if (t.tax_type === KDV) kdv = kdv.plus(t.amount);
      else if (baseType(inv.invoice_type) === 'SALE') add('360', new Decimal(t.amount));
      else add(l.account_code, new Decimal(t.amount));
    }
  }
  const sale = baseType(inv.invoice_type) === 'SALE';
  if (sale) add('391', kdv.minus(withheld));
  else add('191', kdv);

  // The lira KDV of a foreign-currency invoice is computed as the KDV return computes it: the
  // lira matrah (the KDV base × the invoice's rate, per KDV rate) × the rate, not the currency's
  // rounded KDV × the exchange rate (which can differ by kuruş from what KDV-1 declares for the
  // same matrah). A lira invoice's KDV is its own.
  const vatAccount = sale ? '391' : '191';
  let kdvLira: Decimal | null = null;
  if (fc) {
    const groups = new Map<string, Decimal>();
    for (const t of taxes.filter((x) => x.tax_type === KDV)) {
      const pct = new Decimal(t.percentage).toString();
      groups.set(pct, (groups.get(pct) ?? new Decimal(0)).plus(t.base));
    }
    kdvLira = [...groups].reduce((a, [pct, base]) => a.plus(round2(lira(base).times(pct).dividedBy(100))), new Decimal(0));
  }
  const side: 'debit' | 'credit' = sale ? 'credit' : 'debit';
  const other: 'debit' | 'credit' = sale ? 'debit' : 'credit';
  const posting: PostingLine[] = [];
  let sum = new Decimal(0);
  for (const [acc, v] of byAccount) {
    const amount = acc === vatAccount && kdvLira ? (sale ? kdvLira.minus(lira(withheld)) : kdvLira) : lira(v);
    if (amount.isZero()) continue;
    sum = sum.plus(amount);
    posting.push({ account: acc, [side]: amount, explanation: text });
  }
  const withheldLira = !sale && !withheld.isZero() ? lira(withheld) : new Decimal(0);
  // The current takes what balances (rounding of a foreign-currency invoice's lines lands here).
  const currentLira = sale ? sum : sum.minus(withheldLira);
  // A free-of-charge invoice (every price zero) moves stock but no money: no entry.
  if (currentLira.isZero() && posting.length === 0) return { entry: null, text };
  if (currentLira.lte(0)) throw problems.badRequest('Faturanın ödenecek tutarı sıfırdan büyük olmalı.');
  const currentLine: PostingLine = {
    account: current.accountCode, [other]: currentLira, explanation: text,
    ...(fc ? { currencyId: inv.currency_id, amountFc: new Decimal(inv.payable), rate } : {}),
  };
  // Debits first: a sale's current, then its credits; a purchase's debits, then the current and 360.
  if (sale) posting.unshift(currentLine);
  else posting.push(currentLine);
  if (!withheldLira.isZero()) {
    if (inv.invoice_type === 'BUYING_RETURN') {
      // The KDV withheld on the purchase was ours to declare (KDV-2) and to deduct (KDV-1), and
      // the supplier never had it to give back: a return leaves 360 and that part of 191 as they
      // are, and takes out of 191 only the part the supplier collected (KDV Kanunu 35). So KDV-2,
      // which lists the purchases, and 360 stay equal.
      const at = posting.findIndex((l) => l.account === vatAccount);
      const left = new Decimal(posting[at]!.debit as Decimal).minus(withheldLira);
      // Under full withholding (codes 801 and 802, 10/10) the supplier collected no KDV at all.
      if (left.isZero()) posting.splice(at, 1);
      else posting[at] = { ...posting[at]!, debit: left };
    } else posting.push({ account: '360', credit: withheldLira, explanation: `${text} (KDV tevkifatı)` });
  }
  // A return is its direction's entry mirrored: a sales return debits 610 (its lines' account),
  // 391 and 360 and credits the current; a purchase return debits the current and credits
  // 153/770 … and 191 (less the KDV withheld, above). Debits stay first.
  const lines2 = isReturn(inv.invoice_type)
    ? [...posting.map(mirror).filter((l) => l.debit), ...posting.map(mirror).filter((l) => !l.debit)]
    : posting;
  return { entry: { date: inv.invoice_date, explanation: text, source: { kind: 'INVOICE', id: inv.id }, lines: lines2, createdBy: by }, text };
}

/** A written invoice's lines (in line order) and their taxes, as its entry is made from them. */
async function invoiceFigures(db: LedgerDb, companyId: number, invoiceId: number) {
  const lines = await db.selectFrom('invoice_lines').select(['id', 'account_code', 'tax_base', 'withheld'])
    .where('company_id', '=', companyId).where('invoice_id', '=', invoiceId).orderBy('line_no').execute();
  const taxes = await db.selectFrom('invoice_line_taxes as t')
    .innerJoin('invoice_lines as l', (j) => j.onRef('l.company_id', '=', 't.company_id').onRef('l.id', '=', 't.line_id'))
    .select(['t.line_id', 't.tax_type', 't.amount', 't.base', 't.percentage'])
    .where('t.company_id', '=', companyId).where('l.invoice_id', '=', invoiceId).execute();
  return { lines, taxes };
}

function mirror(l: PostingLine): PostingLine {
  const { debit, credit, ...rest } = l;
  return { ...rest, ...(credit !== undefined ? { debit: credit } : {}), ...(debit !== undefined ? { credit: debit } : {}) };
}

type InlinePayment = { id: number; payment_type: string; amount: string; payment_date: string; safe_id: number | null; bank_account_id: number | null };

/** One inline payment's entry, posted; the safe's cash is checked after it. */
async function postPayment(db: LedgerDb, companyId: number, inv: PostableInvoice, p: InlinePayment, text: string, by: string | null): Promise<number> {
  const { entry, money, sale } = await paymentEntry(db, companyId, inv, p, text, by);
  const posted = await post(db, companyId, entry);
  if (money && money.kind === 'SAFE' && !sale) await assertCashLeft(db, companyId, money);
  return posted.id;
}

/** One inline payment's entry as it is to be posted, with the safe or bank account it moves money in. */
async function paymentEntry(db: LedgerDb, companyId: number, inv: PostableInvoice, p: InlinePayment, text: string, by: string | null, known?: KnownInvoice): Promise<{ entry: PostingEntry; money: MoneyAccount | null; sale: boolean }> {
  const current = known ? known.current : await currentAccount(db, companyId, inv.current_id);
  const rate = new Decimal(inv.conversion_rate);
  const fc = inv.currency_id !== 1;
  const amount = new Decimal(p.amount);
  const lira = round2(amount.times(rate));
  // Money comes in on a sale and on a purchase return (the supplier pays back), goes out otherwise.
  const sale = currentOwes(inv.invoice_type);
  let money: MoneyAccount | null = null;
  let account: string;
  if (p.safe_id) { money = known?.money.get(moneyKey('SAFE', p.safe_id)) ?? await moneyAccount(db, companyId, 'SAFE', p.safe_id); account = money.accountCode; }
  else if (p.bank_account_id) { money = known?.money.get(moneyKey('BANK_ACCOUNT', p.bank_account_id)) ?? await moneyAccount(db, companyId, 'BANK_ACCOUNT', p.bank_account_id); account = money.accountCode; }
  else account = sale ? '611' : '649';
  const kind = PAYMENT_LABELS[p.payment_type] ?? p.payment_type;
  const explanation = `${text}: ${kind}`;
  const fcPart = fc ? { currencyId: inv.currency_id, amountFc: amount, rate } : {};
  const currentLine: PostingLine = { account: current.accountCode, [sale ? 'credit' : 'debit']: lira, explanation, ...fcPart };
  const moneyLines: PostingLine[] = [];
  if (inv.invoice_type === 'SALE' && !money) {
    // Bedelsiz: the share of the KDV the company bears goes to 689 (see the table above).
    const borne = round2(new Decimal(await kdvCollected(db, companyId, inv.id)).times(amount).dividedBy(inv.payable).times(rate));
    const kdv = Decimal.min(borne, lira);
    if (lira.minus(kdv).gt(0)) moneyLines.push({ account: '611', debit: lira.minus(kdv), explanation });
    if (kdv.gt(0)) moneyLines.push({ account: '689', debit: kdv, explanation: `${explanation} (bedelsiz teslimin KDV'si)` });
  } else {
    moneyLines.push({ account, [sale ? 'debit' : 'credit']: lira, explanation, ...(money ? fcPart : {}) });
  }
  const entry: PostingEntry = {
    date: p.payment_date, explanation, source: { kind: 'INVOICE_PAYMENT', id: p.id }, createdBy: by,
    lines: sale ? [...moneyLines, currentLine] : [currentLine, ...moneyLines],
  };
  return { entry, money, sale };
}

/** The KDV a sale's buyer owes (its lines' KDV less what the buyer withholds), in the invoice's currency. */
async function kdvCollected(db: LedgerDb, companyId: number, invoiceId: number): Promise<string> {
  const r = await sql<{ kdv: string }>`
    select (coalesce((select sum(t.amount) from invoice_line_taxes t join invoice_lines l on l.company_id = t.company_id and l.id = t.line_id
                       where t.company_id = ${companyId} and l.invoice_id = ${invoiceId} and t.tax_type = ${KDV}), 0)
            - i.withheld)::text as kdv
      from invoices i where i.company_id = ${companyId} and i.id = ${invoiceId}`.execute(db);
  return r.rows[0]?.kdv ?? '0';
}

export const PAYMENT_LABELS: Record<string, string> = {
  CREDIT_CARD: 'Kredi kartı', CASH: 'Nakit', PORTAL_CASH: 'Portal nakit', FREE: 'Ücretsiz', OPEN_ACCOUNT: 'Açık hesap',
};

/**
 * Posts a written invoice: stock, its entry, its payments. Returns the entry's id. `known` (a new
 * invoice's writer): what it just wrote and read, so nothing is read back.
 */
export async function postInvoice(db: LedgerDb, companyId: number, inv: PostableInvoice, by: string | null, known?: KnownInvoice): Promise<number | null> {
  if (known) return postKnown(db, companyId, inv, by, known);
  const entry = await postEntry(db, companyId, inv, by);
  await moveStock(db, companyId, inv, 'POST', by, entry.text);
  const payments = await db.selectFrom('invoice_payments').select(['id', 'payment_type', 'amount', 'payment_date', 'safe_id', 'bank_account_id'])
    .where('company_id', '=', companyId).where('invoice_id', '=', inv.id).orderBy('id').execute();
  for (const p of payments) {
    if (p.payment_type === 'OPEN_ACCOUNT') continue;
    const id = await postPayment(db, companyId, inv, p, entry.text, by);
    await db.updateTable('invoice_payments').set({ entry_id: id }).where('company_id', '=', companyId).where('id', '=', p.id).execute();
  }
  await db.updateTable('invoices').set({ entry_id: entry.id }).where('company_id', '=', companyId).where('id', '=', inv.id).execute();
  // A return owes nothing by a due: what is not paid back at once stays on the current's account.
  if (!isReturn(inv.invoice_type)) await createDues(db, companyId, inv.id);
  return entry.id;
}

/**
 * Posts a new invoice from what its writer holds: its entry and its payments' entries in one
 * posting call (postMany: two statements for all of them), the safes' cash checked, then the
 * stock, then the entry ids and the dues in one statement.
 */
async function postKnown(db: LedgerDb, companyId: number, inv: PostableInvoice, by: string | null, known: KnownInvoice): Promise<number | null> {
  const head = await invoiceEntry(db, companyId, inv, by, known);
  const pays: { id: number; entry: PostingEntry; money: MoneyAccount | null; sale: boolean }[] = [];
  for (const p of known.payments) {
    if (p.payment_type === 'OPEN_ACCOUNT') continue;
    pays.push({ id: p.id, ...await paymentEntry(db, companyId, inv, p, head.text, by, known) });
  }
  const posted = await postMany(db, companyId, [...(head.entry ? [head.entry] : []), ...pays.map((x) => x.entry)], known.accounts);
  const entryId = head.entry ? posted[0]!.id : null;
  const paid = posted.slice(head.entry ? 1 : 0);
  for (const x of pays) if (x.money && x.money.kind === 'SAFE' && !x.sale) await assertCashLeft(db, companyId, x.money);
  await moveStock(db, companyId, inv, 'POST', by, head.text, known);
  await linkEntriesAndDues(db, companyId, inv, entryId, pays.map((x, i) => ({ payment: x.id, entry: paid[i]!.id })), isReturn(inv.invoice_type) ? [] : dueRows(known.dues));
  return entryId;
}

/**
 * In one statement: the entry ids written back on the invoice and its payments, and its dues (as
 * createDues writes them).
 */
async function linkEntriesAndDues(db: LedgerDb, companyId: number, inv: PostableInvoice, entryId: number | null,
  payments: { payment: number; entry: number }[], dues: ReturnType<typeof dueRows>) {
  const parts = [sql`inv as (update invoices set entry_id = ${entryId}::bigint where company_id = ${companyId} and id = ${inv.id})`];
  if (payments.length) {
    const v = sql.join(payments.map((p) => sql`(${p.payment}::bigint, ${p.entry}::bigint)`));
    parts.push(sql`pay as (update invoice_payments p set entry_id = v.e from (values ${v}) as v(id, e) where p.company_id = ${companyId} and p.id = v.id)`);
  }
  const last = dues.length
    ? sql`insert into invoice_dues (company_id, invoice_id, current_id, period_no, due_date, amount)
          values ${sql.join(dues.map((d) => sql`(${companyId}, ${inv.id}, ${inv.current_id}, ${d.periodNo}, ${d.dueDate}::date, ${d.amount}::numeric)`))}`
    : sql`select 1`;
  await sql`with ${sql.join(parts)} ${last}`.execute(db);
}

/**
 * What undoing an invoice's stock moves (the rows `moveStock` reads) and the company's stock
 * setting, in one statement.
 */
async function stockToUndo(db: LedgerDb, companyId: number, invoiceId: number): Promise<Pick<KnownInvoice, 'stock' | 'allowNegative'>> {
  const r = (await sql<{ stock: { product_id: number; warehouse_id: number; quantity: string }[] | null; allow_negative: boolean | null }>`
    select (select json_agg(json_build_object('product_id', l.product_id, 'warehouse_id', s.warehouse_id, 'quantity', s.quantity::text) order by l.product_id, s.warehouse_id)
              from invoice_stock_lines s join invoice_lines l on l.company_id = s.company_id and l.id = s.line_id
             where s.company_id = ${companyId} and l.invoice_id = ${invoiceId} and l.moves_stock and l.despatch_line_id is null) as stock,
           (select allow_negative from stock_settings where company_id = ${companyId}) as allow_negative`.execute(db)).rows[0]!;
  return {
    stock: (r.stock ?? []).map((x) => ({ product_id: Number(x.product_id), warehouse_id: Number(x.warehouse_id), quantity: x.quantity })),
    allowNegative: r.allow_negative ?? false,
  };
}

/**
 * Reverses every live entry of the invoice and of its payments, and puts its stock back. Its
 * dues go, and the collections allocated to them are released (returned, by transaction). The
 * entries are reversed together (reverseLive: the entries locked with their lines, then one
 * posting call), each dated like its original while the original's period is open, else `today`
 * (a locked month keeps what it reported; the correction lands in the open one). `currentName`:
 * the invoice's current's name when the caller read it already.
 */
export async function unpostInvoice(db: LedgerDb, companyId: number, inv: PostableInvoice, by: string | null, today: string, why: string, currentName?: string): Promise<{ transactionId: number; amount: string }[]> {
  const released = await releaseDues(db, companyId, inv.id);
  const name = currentName ?? (await db.selectFrom('currents').select(['name']).where('company_id', '=', companyId).where('id', '=', inv.current_id).executeTakeFirst())?.name ?? '';
  const text = `${why}: ${label(inv, name)}`;
  await reverseLive(db, companyId, sql`((e.source_kind = 'INVOICE' and e.source_id = ${String(inv.id)})
      or (e.source_kind = 'INVOICE_PAYMENT' and e.source_id in (select p.id::text from invoice_payments p where p.company_id = ${companyId} and p.invoice_id = ${inv.id})))`,
    { today, explanation: text, createdBy: by });
  await moveStock(db, companyId, inv, 'UNDO', by, text, await stockToUndo(db, companyId, inv.id));
  return released;
}
