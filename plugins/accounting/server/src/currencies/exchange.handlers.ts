import { CURRENCIES, DEFAULT_CURRENCY_ID } from '@tezgah/core';
import { Problem, problems, type Handler, type RequestContext } from '@tezgah/server';
import { currencyRepository, rateRepository, type CurrencyRow } from './currencies.repository';
import { addDays, isDay, istanbulDate } from './rates/dates';
import { ratesPort } from './rates/port';
import { RatesUnavailable, type Bulletin } from './rates/tcmb';

/** The lira's code: TL is 1, the unit every TCMB rate is given in. */
const LIRA = CURRENCIES.find((c) => c.id === DEFAULT_CURRENCY_ID)!.code;
/** How far back a day without a bulletin (weekend, holiday) looks for the last one. */
const LOOK_BACK_DAYS = 10;

const unavailable = (e: RatesUnavailable) => new Problem(424, 'Kur bilgisi alınamadı', {
  detail: e.reason === 'timeout' ? 'TCMB kur servisi zamanında yanıt vermedi; lütfen biraz sonra tekrar deneyin.'
    : e.reason === 'format' ? 'TCMB kur servisinin yanıtı okunamadı; lütfen biraz sonra tekrar deneyin.'
      : 'TCMB kur servisine ulaşılamadı; lütfen biraz sonra tekrar deneyin.',
  code: 'RATES_UNAVAILABLE',
});

/**
 * Makes sure the rates of `date` are stored and tells on which stored day to read them. A day
 * already fetched is read from the table. Otherwise: today is the latest bulletin (today.xml);
 * an earlier day is its own bulletin or, on a day TCMB published none, the last one before it
 * (copied under the day asked, so the next question needs no fetch). Today's rates are stored
 * under today only once today's bulletin is out (before 15:30 today.xml is still yesterday's).
 */
async function ratesDay(ctx: RequestContext, date: string): Promise<string> {
  const repo = rateRepository(ctx.trx);
  if (await repo.stored(date)) return date;
  const today = istanbulDate(ctx.services.now());
  if (date > today) throw problems.invalidField('date', 'İleri tarihli kur sorgulanamaz.', 'FUTURE_DATE');
  try {
    const port = ratesPort(ctx.services);
    if (date === today) {
      const b = await port.latest();
      if (b.date > today) throw new RatesUnavailable('format', `today.xml is dated ${b.date}`);
      await repo.store(b.date, b, port.source);
      if (b.date === today) return today;
      return b.date;
    }
    for (let i = 0; i < LOOK_BACK_DAYS; i++) {
      const day = addDays(date, -i);
      const known = i > 0 ? await repo.stored(day) : undefined;
      if (known && known.bulletinDate === day) {
        await repo.copy(day, date);
        return date;
      }
      const b: Bulletin | null = await port.bulletinOf(day);
      if (!b) continue;
      if (b.date !== day) throw new RatesUnavailable('format', `the bulletin of ${day} is dated ${b.date}`);
      await repo.store(day, b, port.source);
      if (day !== date) await repo.copy(day, date);
      return date;
    }
  } catch (e) {
    if (e instanceof RatesUnavailable) throw unavailable(e);
    throw e;
  }
  throw new Problem(404, 'Kayıt bulunamadı', { detail: `${date} ve önceki ${LOOK_BACK_DAYS} gün için TCMB kuru yayımlanmamış.`, code: 'RATES_NOT_PUBLISHED' });
}

const num = (v: string | null) => (v === null ? null : Number(v));

/** The rate between two currencies on a day, from the stored or fetched TCMB rates. */
async function exchange(ctx: RequestContext, from: CurrencyRow, to: CurrencyRow, date: string) {
  if (!isDay(date)) throw problems.invalidField('date', 'Geçersiz tarih; YYYY-AA-GG biçiminde olmalıdır.', 'DATE');
  const base = { from: from.code, to: to.code, fromCurrencyId: from.id, toCurrencyId: to.id, date };
  if (from.id === to.id) {
    return { ...base, rate: 1, forexBuying: 1, forexSelling: 1, banknoteBuying: 1, banknoteSelling: 1, bulletinDate: null, bulletinNo: null, source: null };
  }
  const day = await ratesDay(ctx, date);
  const r = await rateRepository(ctx.trx).cross(day, from.code, to.code, LIRA);
  if (!r || r.forexBuying === null) {
    const missing = from.code === LIRA ? to.code : to.code === LIRA ? from.code : `${from.code}/${to.code}`;
    throw new Problem(404, 'Kayıt bulunamadı', { detail: `TCMB ${r?.bulletinDate ?? date} bülteninde ${missing} kuru yok.`, code: 'RATE_NOT_FOUND' });
  }
  return {
    ...base,
    rate: Number(r.forexBuying),
    forexBuying: Number(r.forexBuying),
    forexSelling: num(r.forexSelling),
    banknoteBuying: num(r.banknoteBuying),
    banknoteSelling: num(r.banknoteSelling),
    bulletinDate: r.bulletinDate,
    bulletinNo: r.bulletinNo,
    source: r.source,
  };
}

async function byId(ctx: RequestContext, id: number): Promise<CurrencyRow> {
  const c = await currencyRepository(ctx.trx).byId(id);
  if (!c) throw problems.notFound('Para birimi');
  return c;
}

async function byCode(ctx: RequestContext, code: string): Promise<CurrencyRow> {
  const c = await currencyRepository(ctx.trx).byCode(code);
  if (!c) throw problems.notFound('Para birimi');
  return c;
}

/** POST /exchange-rate/{from}/{date}/{to}: currencies by id (the currencyId of accounts and products). */
const exchangeRate: Handler = async (ctx) => {
  const p = ctx.params as { from: number; date: string; to: number };
  return exchange(ctx, await byId(ctx, p.from), await byId(ctx, p.to), p.date);
};

/** POST /exchange-rate-currencies/{code}/{date}/{code2}: currencies by code (USD, EUR, TL). */
const exchangeRateByCodes: Handler = async (ctx) => {
  const p = ctx.params as { code: string; date: string; code2: string };
  return exchange(ctx, await byCode(ctx, p.code), await byCode(ctx, p.code2), p.date);
};

export const exchangeHandlers: Record<string, Handler> = { exchangeRate, exchangeRateByCodes };
