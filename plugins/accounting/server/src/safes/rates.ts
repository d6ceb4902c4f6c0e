import Decimal from 'decimal.js';
import { sql } from 'kysely';
import { problems } from '@tezgah/server';
import type { LedgerDb } from '../ledger/accounts';

/** The calendar day of an instant in Türkiye (UTC+3 all year), YYYY-MM-DD. */
export function today(now: Date): string {
  return new Date(now.getTime() + 3 * 3600_000).toISOString().slice(0, 10);
}

/**
 * Lira per unit of a currency on a day: the rate the request gives, else TCMB's forex buying rate
 * stored for that day (exchange_rates), else a 400 on `field` asking for the rate.
 */
export async function liraRate(db: LedgerDb, date: string, currencyId: number, currencyCode: string, given: number | string | undefined | null, field: string): Promise<Decimal> {
  if (currencyId === 1) return new Decimal(1);
  if (given !== undefined && given !== null) {
    const r = new Decimal(String(given));
    if (!r.isFinite() || r.lte(0)) throw problems.invalidField(field, 'Kur sıfırdan büyük olmalı.', 'RATE');
    return r;
  }
  const r = await sql<{ rate: string }>`select (forex_buying / unit)::text as rate from exchange_rates
    where rate_date = ${date}::date and currency_code = ${currencyCode} and forex_buying is not null limit 1`.execute(db);
  const rate = r.rows[0]?.rate;
  if (!rate) throw problems.invalidField(field, `${date} tarihi için ${currencyCode} kuru kayıtlı değil; kuru girin.`, 'RATE_REQUIRED');
  return new Decimal(rate).toDecimalPlaces(6);
}
