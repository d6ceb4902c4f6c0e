import { useState } from 'react';
import { Button, Callout, H2, HTMLTable, InputGroup, Spinner, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { formatDate, formatNumber } from '@tezgah/core';
import type { ContributionProps } from '@tezgah/core';
import type { components } from '@tezgah/sdk';
import { DateInput, Field, useApiData, useShell } from '@tezgah/workbench/ui';

type Currency = components['schemas']['Currency'];
type Rate = components['schemas']['ExchangeRate'];
const LIRA = 'TL';
const TODAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Istanbul', year: 'numeric', month: '2-digit', day: '2-digit' });

/** Today in Türkiye, YYYY-MM-DD (the day the server's "today" is). */
export function today(): string {
  return TODAY.format(new Date());
}

/** 2.8921 → "2,8921", 0.023488 → "0,023488" (4 to 8 decimals); a rate TCMB does not give → "—". */
export function rate(v: number | null | undefined): string {
  if (v === null || v === undefined) return '—';
  const decimals = String(v).split('.')[1]?.length ?? 0;
  return formatNumber(v, Math.min(8, Math.max(4, decimals)));
}

/**
 * /currencies (Döviz Kurları): the currencies, and their TCMB rates in lira for a chosen day.
 * "Kurları getir" asks the exchange-rate call for each currency (the first fetches and stores the
 * day's bulletin, the rest read it).
 */
export default function CurrenciesPage({ host }: ContributionProps) {
  const shell = useShell();
  const { t } = useTranslation('accounting');
  // The currencies (empty when they failed to load, the failure notified).
  const currenciesQuery = useApiData(
    ['GET', '/services/onmuhasebe/api/currencies', { size: 100 }, 'page'],
    (api) => api.list('/services/onmuhasebe/api/currencies', { params: { query: { size: 100, sort: ['id,asc'] } } }).then((page) => [...page.items]),
  );
  const currencies: Currency[] | null = currenciesQuery.data ?? (currenciesQuery.isError ? [] : null);
  const [date, setDate] = useState(today());
  const [dateError, setDateError] = useState<string | null>(null);
  const [rates, setRates] = useState<Record<string, Rate | null>>({});
  const [ratesDate, setRatesDate] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function fetchRates() {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) { setDateError(t('currencies.dateRequired')); return; }
    if (date > today()) { setDateError(t('currencies.noFuture')); return; }
    setDateError(null);
    const foreign = (currencies ?? []).filter((c) => c.code !== LIRA);
    if (!foreign.length) return;
    setBusy(true);
    const one = async (c: Currency): Promise<[string, Rate | null]> => {
      try {
        const r = await shell.api.request('POST', '/services/onmuhasebe/api/exchange-rate-currencies/{code}/{date}/{code2}', { params: { path: { code: c.code, date, code2: LIRA } } });
        return [c.code, r as Rate];
      } catch (e) {
        // A currency TCMB does not publish has no rate; anything else stops the whole fetch.
        if ((e as { status?: number }).status === 404) return [c.code, null];
        throw e;
      }
    };
    try {
      const first = await one(foreign[0]!);
      const rest = await Promise.all(foreign.slice(1).map(one));
      setRates(Object.fromEntries([first, ...rest]));
      setRatesDate(date);
      host.notify.success(t('currencies.fetched'));
    } catch (e) {
      shell.notify.failure(e);
    } finally {
      setBusy(false);
    }
  }

  const bulletin = Object.values(rates).find((r) => r?.bulletinDate)?.bulletinDate ?? null;
  return (
    <section aria-label={t('currencies.title')}>
      <H2>{t('currencies.title')}</H2>
      <form
        aria-label={t('currencies.fetch')}
        noValidate
        onSubmit={(e) => { e.preventDefault(); void fetchRates(); }}
        style={{ display: 'flex', gap: 8, alignItems: 'flex-start', marginBottom: 12 }}
      >
        <Field id="rates-date" label={t('currencies.date')} error={dateError} hint={t('currencies.dateHint')} inline>
          <DateInput id="rates-date" value={date} max={today()} onValueChange={setDate} />
        </Field>
        <Button type="submit" intent="primary" icon="refresh" loading={busy} disabled={!currencies?.length} text={t('currencies.fetch')} />
      </form>
      {ratesDate && bulletin && bulletin !== ratesDate && (
        <Callout intent="primary" icon="info-sign" style={{ marginBottom: 12 }}>{t('currencies.bulletinOf', { date: formatDate(bulletin) })}</Callout>
      )}
      {currencies === null ? <Spinner size={24} /> : (
        <div className="tz-table-scroll"><HTMLTable compact striped aria-label={t('currencies.table')}>
          <thead>
            <tr>
              <th>{t('currencies.code')}</th>
              <th>{t('currencies.name')}</th>
              <th>{t('currencies.symbol')}</th>
              <th>{t('currencies.forexBuying')}</th>
              <th>{t('currencies.forexSelling')}</th>
              <th>{t('currencies.banknoteBuying')}</th>
              <th>{t('currencies.banknoteSelling')}</th>
            </tr>
          </thead>
          <tbody>
            {currencies.map((c) => {
              const r = c.code === LIRA ? undefined : rates[c.code];
              return (
                <tr key={c.id}>
                  <td><Tag minimal>{c.code}</Tag></td>
                  <td>{c.name}</td>
                  <td>{c.symbol ?? ''}</td>
                  {c.code === LIRA
                    ? <td colSpan={4}>{t('currencies.base')}</td>
                    : <>
                      <td>{ratesDate ? (r ? rate(r.forexBuying) : t('currencies.none')) : ''}</td>
                      <td>{r ? rate(r.forexSelling) : ''}</td>
                      <td>{r ? rate(r.banknoteBuying) : ''}</td>
                      <td>{r ? rate(r.banknoteSelling) : ''}</td>
                    </>}
                </tr>
              );
            })}
          </tbody>
        </HTMLTable></div>
      )}
    </section>
  );
}
