import { sql } from 'kysely';
import type { Trx } from '@tezgah/server';
import type { LedgerDb } from '../ledger/accounts';
import { despatchView, invoiceLinesOf } from '../despatches/despatches.handlers';
import type { MissingInvoiceSource, MissingSale } from './sources';

/**
 * The accounting plugin's own source: outgoing despatches (giden irsaliye) not invoiced in full.
 * Goods that left with a despatch are a sale; VUK 231/5 wants its invoice within seven days. The
 * document number is the waybill number (an outgoing despatch always has one: the IRS series
 * gives it when none is typed); what is missing is every line's quantity that invoices which are
 * not cancelled have not taken. The invoice is made as `POST /despatches/to-invoice` makes it
 * (despatches.handlers.ts invoiceLinesOf): at the line's price or the product's, with the
 * product's tax, each line naming its despatch line, so it moves no stock again and the despatch
 * reads as invoiced afterwards — nothing else to mark.
 */
export const DESPATCH_SOURCE_ID = 'accounting.despatch';

const db = (trx: Trx) => trx as unknown as LedgerDb;

export const despatchSource: MissingInvoiceSource = {
  id: DESPATCH_SOURCE_ID,
  label: { tr: 'Giden irsaliye', en: 'Outgoing despatch' },

  async list(trx, companyId, filter) {
    // Open quantity of each line, its price (the line's, else the product's lira sale price) and the product's tax rate.
    const rows = await sql<{ waybill_no: string; despatch_date: string; current_id: number; explanation: string | null; amount: string | null }>`
      with open_lines as (
        select dp.id as despatch_id, l.quantity - coalesce((select sum(il.quantity) from invoice_lines il
                 join invoices i on i.company_id = il.company_id and i.id = il.invoice_id
                where il.company_id = l.company_id and il.despatch_line_id = l.id and i.status <> 'CANCELLED'), 0) as open_qty,
               coalesce(l.unit_price, case when p.sale_currency_id = 1 then p.sale_price end) as price,
               coalesce(t.percentage, 0) as tax_rate
          from despatches dp
          join despatch_lines l on l.company_id = dp.company_id and l.despatch_id = dp.id
          join products p on p.company_id = l.company_id and p.id = l.product_id
          left join taxes t on t.company_id = p.company_id and t.id = p.tax_id
         where dp.company_id = ${companyId} and dp.direction = 'OUT' and dp.status = 'ACTIVE' and dp.waybill_no is not null
           ${filter.currentId !== undefined ? sql`and dp.current_id = ${filter.currentId}` : sql``}
           ${filter.documentNo !== undefined ? sql`and dp.waybill_no = ${filter.documentNo}` : sql``}
      )
      select dp.waybill_no, dp.despatch_date::text as despatch_date, dp.current_id, dp.explanation,
             case when bool_and(o.price is not null) then
               sum(round(o.open_qty * o.price, 2) + round(round(o.open_qty * o.price, 2) * o.tax_rate / 100, 2))::text end as amount
        from open_lines o join despatches dp on dp.company_id = ${companyId} and dp.id = o.despatch_id
       where o.open_qty > 0
       group by dp.id, dp.waybill_no, dp.despatch_date, dp.current_id, dp.explanation
       order by dp.despatch_date, dp.waybill_no`.execute(trx);
    return rows.rows.map((r): MissingSale => ({
      documentNo: r.waybill_no, date: r.despatch_date, currentId: Number(r.current_id), amount: r.amount === null ? null : Number(r.amount).toFixed(2),
      currencyId: 1, explanation: r.explanation,
    }));
  },

  async content(trx, companyId, documentNo) {
    const d = db(trx);
    const head = await d.selectFrom('despatches').select(['id', 'current_id', 'despatch_date', 'waybill_no'])
      .where('company_id', '=', companyId).where('direction', '=', 'OUT').where('status', '=', 'ACTIVE').where('waybill_no', '=', documentNo)
      .forUpdate().executeTakeFirst();
    if (!head) return null;
    const view = (await despatchView(d, companyId, head.id))!;
    const open = view.products.filter((l) => l.remaining > 0).map((l) => ({ v: view, l }));
    if (!open.length) return null;
    return {
      currentId: head.current_id, date: head.despatch_date, currencyId: 1,
      explanation: `İrsaliye: ${documentNo}`,
      products: await invoiceLinesOf(d, companyId, open, 'SALE', head.despatch_date, false),
    };
  },
};
