import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Services } from '@tezgah/server';
import { decodeXml, parseBulletin, RatesUnavailable, TCMB_LIVE_BASE, tcmbRates, tcmbUrl } from './tcmb';
import { ratesPort, ratesSettings } from './port';
import Fastify from 'fastify';
import { ratesSandbox, sampleBulletin } from './sandbox';
import { addDays, isDay, isWeekend, istanbulDate } from './dates';

const FIXTURE = new Uint8Array(readFileSync(new URL('../fixtures/tcmb-today-20151204.xml', import.meta.url)));
const services = { config: { publicUrl: 'http://tezgah.example:8080/' } } as unknown as Services;

describe('the TCMB bulletin', () => {
  it('builds TCMB\'s archive and today addresses', () => {
    expect(tcmbUrl(TCMB_LIVE_BASE, '2015-12-04')).toBe('https://www.tcmb.gov.tr/kurlar/201512/04122015.xml');
    expect(tcmbUrl(TCMB_LIVE_BASE, '2024-01-31')).toBe('https://www.tcmb.gov.tr/kurlar/202401/31012024.xml');
    expect(tcmbUrl(`${TCMB_LIVE_BASE}/`, 'today')).toBe('https://www.tcmb.gov.tr/kurlar/today.xml');
    expect(() => tcmbUrl(TCMB_LIVE_BASE, '04.12.2015')).toThrow(RangeError);
  });

  it('reads the published XML in its ISO-8859-9 encoding', () => {
    const b = parseBulletin(decodeXml(FIXTURE));
    expect(b.date).toBe('2015-12-04');
    expect(b.number).toBe('2015/231');
    expect(b.currencies).toHaveLength(18);
    expect(b.currencies[0]).toEqual({ code: 'USD', name: 'ABD DOLARI', unit: 1, forexBuying: '2.8921', forexSelling: '2.8973', banknoteBuying: '2.8901', banknoteSelling: '2.9016' });
    const by = Object.fromEntries(b.currencies.map((c) => [c.code, c]));
    expect(by.GBP!.name).toBe('İNGİLİZ STERLİNİ');
    expect(by.JPY).toMatchObject({ unit: 100, forexBuying: '2.3488' });
    expect(by.RUB).toMatchObject({ forexBuying: '0.04258', banknoteBuying: null, banknoteSelling: null });
    expect(Object.keys(by)).toEqual(expect.arrayContaining(['EUR', 'CAD', 'SEK', 'AUD', 'SAR']));
  });

  it('refuses what is not a bulletin', () => {
    expect(() => parseBulletin('<html><body><p>Bakım</body>')).toThrow(RatesUnavailable);
    expect(() => parseBulletin('<?xml version="1.0"?><Other/>')).toThrow(/Tarih_Date/);
    expect(() => parseBulletin('<Tarih_Date Tarih="4.12.2015"><Currency CurrencyCode="USD"><Unit>1</Unit></Currency></Tarih_Date>')).toThrow(/Tarih/);
    expect(() => parseBulletin('<Tarih_Date Tarih="04.12.2015"><Currency CurrencyCode="USD"><Unit>1</Unit><ForexBuying>2,89</ForexBuying></Currency></Tarih_Date>')).toThrow(/not a rate/);
    expect(() => parseBulletin('<Tarih_Date Tarih="04.12.2015"></Tarih_Date>')).toThrow(/without currencies/);
  });

  it('dates the sandbox\'s sample to the day asked, byte for byte otherwise', () => {
    const b = parseBulletin(decodeXml(new Uint8Array(sampleBulletin('2024-02-29'))));
    expect(b.date).toBe('2024-02-29');
    expect(b.number).toBe('2024/060');
    expect(b.currencies.find((c) => c.code === 'GBP')!.name).toBe('İNGİLİZ STERLİNİ');
    expect(sampleBulletin('2015-12-04').length).toBe(FIXTURE.length);
  });
});

describe('the live adapter (the same HTTP client, TCMB\'s address)', () => {
  function fakeFetch(answers: Record<string, () => Response>) {
    const asked: string[] = [];
    const f = (async (input: string | URL | Request) => {
      const url = String(input);
      asked.push(url);
      const a = answers[url];
      return a ? a() : new Response('<html>Not Found</html>', { status: 404 });
    }) as typeof fetch;
    return { f, asked };
  }

  it('asks TCMB for the day and reads its answer; no bulletin is null; other statuses fail', async () => {
    const { f, asked } = fakeFetch({
      'https://www.tcmb.gov.tr/kurlar/201512/04122015.xml': () => new Response(FIXTURE, { headers: { 'content-type': 'application/xml' } }),
      'https://www.tcmb.gov.tr/kurlar/today.xml': () => new Response('busy', { status: 500 }),
    });
    const live = tcmbRates({ baseUrl: TCMB_LIVE_BASE, source: 'live', timeoutMs: 1000, fetch: f });
    expect(live.source).toBe('live');
    expect((await live.bulletinOf('2015-12-04'))!.currencies[0]!.code).toBe('USD');
    expect(await live.bulletinOf('2015-12-05')).toBeNull();
    await expect(live.latest()).rejects.toMatchObject({ reason: 'status' });
    expect(asked).toEqual([
      'https://www.tcmb.gov.tr/kurlar/201512/04122015.xml',
      'https://www.tcmb.gov.tr/kurlar/201512/05122015.xml',
      'https://www.tcmb.gov.tr/kurlar/today.xml',
    ]);
  });

  it('gives up after its timeout, and names a failed connection', async () => {
    const slow = (async (_: unknown, init?: RequestInit) => new Promise<Response>((_resolve, reject) => {
      init?.signal?.addEventListener('abort', () => reject(init.signal!.reason));
    })) as typeof fetch;
    await expect(tcmbRates({ baseUrl: TCMB_LIVE_BASE, source: 'live', timeoutMs: 50, fetch: slow }).latest()).rejects.toMatchObject({ reason: 'timeout' });
    const down = (async () => { throw new TypeError('fetch failed'); }) as typeof fetch;
    await expect(tcmbRates({ baseUrl: TCMB_LIVE_BASE, source: 'live', timeoutMs: 50, fetch: down }).bulletinOf('2015-12-04')).rejects.toMatchObject({ reason: 'network' });
  });

  it('is chosen by TEZGAH_RATES; the sandbox by default, at the server\'s own address', async () => {
    expect(ratesPort(services, {}).source).toBe('sandbox');
    expect(ratesPort(services, { TEZGAH_RATES: 'live' }).source).toBe('live');
    expect(() => ratesPort(services, { TEZGAH_RATES: 'ftp' })).toThrow(/sandbox or live/);
    const asked: string[] = [];
    const realFetch = globalThis.fetch;
    globalThis.fetch = (async (input: string | URL | Request) => { asked.push(String(input)); return new Response('', { status: 404 }); }) as typeof fetch;
    try {
      await ratesPort(services, {}).bulletinOf('2015-12-05');
      await ratesPort(services, { TEZGAH_RATES: 'live' }).bulletinOf('2015-12-05');
      await ratesPort(services, { TEZGAH_RATES: 'live', TEZGAH_RATES_URL: 'http://mirror.local/tcmb' }).bulletinOf('2015-12-05');
      ratesSettings.sandboxUrl = 'http://127.0.0.1:9/sandbox/accounting/tcmb';
      await ratesPort(services, { TEZGAH_RATES_URL: 'http://ignored' }).bulletinOf('2015-12-05');
    } finally {
      globalThis.fetch = realFetch;
      ratesSettings.sandboxUrl = undefined;
    }
    expect(asked).toEqual([
      'http://tezgah.example:8080/sandbox/accounting/tcmb/kurlar/201512/05122015.xml',
      'https://www.tcmb.gov.tr/kurlar/201512/05122015.xml',
      'http://mirror.local/tcmb/kurlar/201512/05122015.xml',
      'http://127.0.0.1:9/sandbox/accounting/tcmb/kurlar/201512/05122015.xml',
    ]);
  });
});

describe('the TCMB sandbox', () => {
  it('is served unless the server reads the live rates (TEZGAH_RATES=live)', async () => {
    for (const [mode, status] of [[undefined, 200], ['sandbox', 200], ['live', 404]] as const) {
      const app = Fastify();
      await ratesSandbox(app, { config: { env: mode ? { TEZGAH_RATES: mode } : {} }, now: () => new Date('2015-12-04T10:00:00Z') } as unknown as Services);
      expect([mode, (await app.inject({ method: 'GET', url: '/tcmb/kurlar/201512/04122015.xml' })).statusCode]).toEqual([mode, status]);
      await app.close();
    }
  });
});

describe('days', () => {
  it('counts calendar days in Türkiye\'s time', () => {
    expect(istanbulDate(new Date('2015-12-04T22:30:00Z'))).toBe('2015-12-05');
    expect(addDays('2016-03-01', -1)).toBe('2016-02-29');
    expect(isDay('2015-02-29')).toBe(false);
    expect(isDay('2016-02-29')).toBe(true);
    expect([isWeekend('2015-12-04'), isWeekend('2015-12-05'), isWeekend('2015-12-06')]).toEqual([false, true, true]);
  });
});
