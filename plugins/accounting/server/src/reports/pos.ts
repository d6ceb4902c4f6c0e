import Decimal from 'decimal.js';
import { contributionsTo, type Services, type Trx } from '@tezgah/server';

/**
 * The extension point `reports.posPayments`: where the current POS payments report
 * (GET /current-pos-payment-by-date-range) gets its rows. The accounting plugin keeps no POS
 * device payments of its own; the POS plugin contributes a source in `ServerPlugin.contributes`
 * and answers its payments of a range in the request's transaction (its own tables, under the
 * same row-level security). With no contributor the report is empty.
 */
export const POS_PAYMENTS_POINT = 'reports.posPayments';

export interface PosPaymentRow {
  date: string; currentId: number | null; currentName: string | null; device: string | null; documentNo: string | null;
  /** Lira, at most two decimals, as a string or number. */
  amount: string | number;
}

/** What a plugin contributes to `reports.posPayments`. */
export interface PosPaymentSource {
  /** Namespaced by the plugin: `pos.device-payments`. */
  id: string;
  /**
   * The source's rows of a range. `services` is the server's (Services.service): a source names
   * its rows' currents through the accounting plugin's `accounting.directory`, never its tables.
   */
  rows: (trx: Trx, q: { companyId: number; startDate: string; endDate: string }, services: Pick<Services, 'service'>) => Promise<PosPaymentRow[]>;
}

const ID = /^[a-z][a-z0-9-]*(\.[a-z0-9-]+)+$/;

/** The contributed sources; a malformed or doubled one is a programming error, reported at the first use. */
export function posPaymentSources(services: Pick<Services, 'plugins'>): (PosPaymentSource & { plugin: string })[] {
  const out: (PosPaymentSource & { plugin: string })[] = [];
  for (const { plugin, item } of contributionsTo<PosPaymentSource>(services, POS_PAYMENTS_POINT)) {
    const where = `${plugin}: ${POS_PAYMENTS_POINT} ${JSON.stringify(item?.id)}`;
    if (!item || typeof item.id !== 'string' || !ID.test(item.id)) throw new Error(`${where}: the id must be namespaced like 'pos.payments'`);
    if (typeof item.rows !== 'function') throw new Error(`${where}: rows(trx, query) is needed`);
    if (out.some((s) => s.id === item.id)) throw new Error(`${where}: contributed twice`);
    out.push({ ...item, plugin });
  }
  return out;
}

/** Every source's rows of a range, oldest first, each amount checked (two decimals at most). */
export async function posPayments(services: Pick<Services, 'plugins'> & Partial<Pick<Services, 'service'>>, trx: Trx, q: { companyId: number; startDate: string; endDate: string }) {
  const rows: (Omit<PosPaymentRow, 'amount'> & { source: string; amount: Decimal })[] = [];
  for (const s of posPaymentSources(services)) {
    for (const r of await s.rows(trx, q, services as Pick<Services, 'service'>)) {
      const amount = new Decimal(r.amount);
      if (amount.decimalPlaces() > 2) throw new Error(`${s.plugin}: ${POS_PAYMENTS_POINT} ${s.id}: an amount with more than two decimals`);
      rows.push({ ...r, source: s.id, amount });
    }
  }
  return rows.sort((a, b) => a.date.localeCompare(b.date));
}
