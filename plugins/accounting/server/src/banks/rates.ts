import Decimal from 'decimal.js';
import { CURRENCIES, DEFAULT_CURRENCY_ID } from '@tezgah/core';
import { problems, type Trx } from '@tezgah/server';
import type { LedgerDb } from '../ledger/accounts';
import { rateRepository } from '../currencies/currencies.repository';

/** The lira's code (TL), the unit TCMB rates are given in. */
const LIRA = CURRENCIES.find((c) => c.id === DEFAULT_CURRENCY_ID)!.code;

export interface CurrencyRef { id: number; code: string; symbol: string | null }

/** A currency by id, or a 400 on `field`. */
export async function currencyOf(db: LedgerDb, id: number, field = 'currencyId'): Promise<CurrencyRef> {
  const c = await db.selectFrom('currencies').select(['id', 'code', 'symbol']).where('id', '=', id).executeTakeFirst();
  if (!c) throw problems.invalidField(field, 'Para birimi bulunamadı.', 'CURRENCY');
  return c;
}

/**
 * Lira per unit of a foreign currency on a day: the rate the request gives (above zero, at most
 * six decimals, as journal lines keep it), else the TCMB forex buying rate stored for that day by
 * the currencies area (the rate VUK values foreign-currency assets at), else a 400 on `field`
 * asking for the rate. Null for the lira. The one rate lookup of the money areas (bank accounts,
 * safes, money transactions, cheques, personnel payments).
 */
export async function liraRate(db: LedgerDb, date: string, currency: Pick<CurrencyRef, 'id' | 'code'>, given: number | string | null | undefined, field: string): Promise<Decimal | null> {
  if (currency.id === DEFAULT_CURRENCY_ID) return null;
  if (given !== undefined && given !== null) {
    let r: Decimal;
    try { r = new Decimal(String(given).trim()); } catch { throw problems.invalidField(field, 'Geçerli bir kur girin.', 'RATE'); }
    if (!r.isFinite() || r.lte(0)) throw problems.invalidField(field, 'Kur sıfırdan büyük olmalı.', 'RATE');
    if (r.decimalPlaces() > 6) throw problems.invalidField(field, 'Kur en fazla altı ondalık basamak taşır.', 'RATE');
    if (r.gte(1e9)) throw problems.invalidField(field, 'Kur çok büyük.', 'RATE');
    return r;
  }
  const stored = await rateRepository(db as unknown as Trx).cross(date, currency.code, LIRA, LIRA);
  if (!stored?.forexBuying) {
    throw problems.invalidField(field, `${date} tarihi için TCMB ${currency.code} kuru kayıtlı değil; kuru girin.`, 'RATE_REQUIRED');
  }
  return new Decimal(stored.forexBuying).toDecimalPlaces(6);
}

/** An amount in its currency as lira at a rate (two decimals, halves up); the amount itself for the lira. */
export function inLira(amount: Decimal, rate: Decimal | null): Decimal {
  return rate ? amount.times(rate).toDecimalPlaces(2, Decimal.ROUND_HALF_UP) : amount;
}
