import Decimal from 'decimal.js';
import { sql } from 'kysely';
import type { LedgerDb } from '../ledger/accounts';
import { underAccount } from '../ledger/reports';

/** 360 Ödenecek Vergi ve Fonlar: a purchase's entry credits it with the KDV the buyer withheld. */
export const WITHHELD_VAT_ACCOUNT = '360';

const round2 = (d: Decimal) => d.toDecimalPlaces(2, Decimal.ROUND_HALF_UP);

/** One row of the KDV 2 declaration: a withholding code, its ratio and a KDV rate, in lira. */
export interface WithholdingRow {
  /** GİB withholding code (601 …, 8xx for full withholding). */
  code: string;
  /** Tenths of the KDV withheld: 9 for 9/10. */
  ratio: number;
  /** The KDV rate in percent. */
  vatRate: Decimal;
  /** The lines' KDV base (matrah). */
  base: Decimal;
  /** The lines' KDV. */
  vat: Decimal;
  /** The KDV withheld (tevkif edilen KDV): what the buyer declares and pays. */
  withheld: Decimal;
}

export interface WithholdingFigures {
  /** By code, ratio, KDV rate. */
  rows: WithholdingRow[];
  /** What 360 was credited in the month by the live entries of purchase invoices. */
  ledgerWithheld: Decimal;
}

interface Part { invoice_id: string; rate: string; code: string; ratio: number; vat_rate: string; base: string; vat: string; withheld: string }

/**
 * The KDV 2 figures of a month from the books (KDV Kanunu 9/1; KDV Genel Uygulama Tebliği I/C-2.1):
 * the lines with a withholding code of the month's posted purchase invoices (BUYING, POSTED, dated
 * in the month; a cancelled invoice is not posted), summed per withholding code, ratio and KDV
 * rate — the KDV base and the KDV of the lines (their KDV tax) and the KDV withheld.
 *
 * In lira as posting books them: a foreign-currency invoice's figures × its conversion rate,
 * rounded half up to the kuruş, per invoice and row. Posting credits 360 with the invoice's whole
 * withheld KDV × rate, rounded once; so an invoice with several rows gives the kuruş the rows'
 * rounding loses or gains to its row with the most withheld, and the declaration agrees with 360
 * to the kuruş.
 *
 * The ledger side is read apart from the invoices' rows, so that the two can be compared: the
 * credits to 360 (and its sub-accounts) dated in the month of the entries that post a purchase
 * invoice (source INVOICE, the invoice a BUYING one), neither reversing nor reversed — a cancelled
 * or edited invoice's old entry is reversed. A purchase entry credits 360 only with the KDV
 * withheld (other taxes go to the lines' accounts, posting.ts).
 */
export async function withholdingFigures(d: LedgerDb, companyId: number, start: string, end: string): Promise<WithholdingFigures> {
  const parts = await sql<Part>`
    select i.id::text as invoice_id, i.conversion_rate::text as rate, l.withholding_code as code, l.withholding_ratio as ratio,
           t.percentage::text as vat_rate, sum(t.base)::text as base, sum(t.amount)::text as vat, sum(l.withheld)::text as withheld
      from invoices i
      join invoice_lines l on l.company_id = i.company_id and l.invoice_id = i.id
      join invoice_line_taxes t on t.company_id = l.company_id and t.line_id = l.id and t.tax_type = 'KDV'
     where i.company_id = ${companyId} and i.invoice_type = 'BUYING' and i.status = 'POSTED'
       and i.invoice_date between ${start} and ${end} and l.withholding_code is not null
     group by i.id, i.conversion_rate, l.withholding_code, l.withholding_ratio, t.percentage
     order by i.id, l.withholding_code, l.withholding_ratio, t.percentage`.execute(d);

  const rows = new Map<string, WithholdingRow>();
  const byInvoice = new Map<string, Part[]>();
  for (const p of parts.rows) byInvoice.set(p.invoice_id, [...(byInvoice.get(p.invoice_id) ?? []), p]);
  for (const list of byInvoice.values()) {
    const rate = new Decimal(list[0]!.rate);
    const lira = list.map((p) => ({
      p, base: round2(new Decimal(p.base).times(rate)), vat: round2(new Decimal(p.vat).times(rate)), withheld: round2(new Decimal(p.withheld).times(rate)),
    }));
    // What posting credits 360 with for the invoice; the rows' rounding difference goes to the largest row.
    const posted = round2(list.reduce((s, p) => s.plus(p.withheld), new Decimal(0)).times(rate));
    const gap = posted.minus(lira.reduce((s, x) => s.plus(x.withheld), new Decimal(0)));
    if (!gap.isZero()) {
      const largest = lira.reduce((a, b) => (b.withheld.gt(a.withheld) ? b : a));
      largest.withheld = largest.withheld.plus(gap);
    }
    for (const x of lira) {
      const vatRate = new Decimal(x.p.vat_rate);
      const key = `${x.p.code}/${x.p.ratio}/${vatRate.toFixed(2)}`;
      const row = rows.get(key) ?? { code: x.p.code, ratio: Number(x.p.ratio), vatRate, base: new Decimal(0), vat: new Decimal(0), withheld: new Decimal(0) };
      row.base = row.base.plus(x.base);
      row.vat = row.vat.plus(x.vat);
      row.withheld = row.withheld.plus(x.withheld);
      rows.set(key, row);
    }
  }

  const ledger = await sql<{ withheld: string }>`
    select coalesce(sum(jl.credit), 0)::text as withheld
      from journal_lines jl
      join journal_entries e on e.company_id = jl.company_id and e.id = jl.entry_id
      join invoices i on i.company_id = e.company_id and i.id::text = e.source_id
     where jl.company_id = ${companyId} and jl.entry_date between ${start} and ${end}
       and ${underAccount('jl.account_code', WITHHELD_VAT_ACCOUNT)} and jl.credit > 0
       and e.source_kind = 'INVOICE' and e.reverses_id is null and i.invoice_type = 'BUYING'
       and not exists (select 1 from journal_entries r where r.company_id = e.company_id and r.reverses_id = e.id)`.execute(d);

  const sorted = [...rows.values()].sort((a, b) => a.code.localeCompare(b.code) || a.ratio - b.ratio || a.vatRate.comparedTo(b.vatRate));
  return { rows: sorted, ledgerWithheld: new Decimal(ledger.rows[0]?.withheld ?? 0) };
}
