import { XMLParser, XMLValidator } from 'fast-xml-parser';

/**
 * The central bank's (TCMB) daily exchange-rate bulletin, the `today.xml` format: what the rates
 * port's adapters fetch, over HTTP, from the live site or from the sandbox that serves the same
 * format. One client for both: they differ only in the base URL.
 */

/** Where TCMB publishes its bulletins (https://www.tcmb.gov.tr/kurlar/today.xml and the archive). */
export const TCMB_LIVE_BASE = 'https://www.tcmb.gov.tr';

/** One currency of a bulletin: lira for `unit` units (JPY comes per 100); a rate TCMB leaves empty is null. */
export interface BulletinCurrency {
  code: string;
  name: string;
  unit: number;
  forexBuying: string | null;
  forexSelling: string | null;
  banknoteBuying: string | null;
  banknoteSelling: string | null;
}

export interface Bulletin {
  /** The bulletin's day, YYYY-MM-DD. */
  date: string;
  /** TCMB's bulletin number, e.g. 2015/231. */
  number: string | null;
  currencies: BulletinCurrency[];
}

/** Why no bulletin could be had: the adapters' one error. */
export class RatesUnavailable extends Error {
  constructor(readonly reason: 'timeout' | 'network' | 'status' | 'format' | 'config', message: string) {
    super(message);
    this.name = 'RatesUnavailable';
  }
}

/**
 * The address of a day's bulletin: `<base>/kurlar/YYYYMM/DDMMYYYY.xml`, or `<base>/kurlar/today.xml`
 * for the latest one. `date` is YYYY-MM-DD.
 */
export function tcmbUrl(base: string, date: string | 'today'): string {
  const root = `${base.replace(/\/+$/, '')}/kurlar`;
  if (date === 'today') return `${root}/today.xml`;
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) throw new RangeError(`not a YYYY-MM-DD date: ${date}`);
  const [, y, mo, d] = m;
  return `${root}/${y}${mo}/${d}${mo}${y}.xml`;
}

/** The bytes as text, in the encoding the XML declaration names (TCMB's is ISO-8859-9). */
export function decodeXml(bytes: Uint8Array): string {
  const head = Buffer.from(bytes.subarray(0, 200)).toString('latin1');
  const declared = /^\s*<\?xml[^>]*encoding\s*=\s*["']([A-Za-z0-9._-]+)["']/.exec(head)?.[1] ?? 'utf-8';
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(declared, { fatal: false });
  } catch {
    throw new RatesUnavailable('format', `unknown encoding ${declared}`);
  }
  return decoder.decode(bytes);
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  processEntities: true,
  isArray: (name) => name === 'Currency',
});

const DECIMAL = /^\d+(\.\d+)?$/;

function rate(value: unknown, what: string): string | null {
  const text = typeof value === 'string' ? value.trim() : value === undefined || value === null ? '' : String(value);
  if (text === '') return null;
  if (!DECIMAL.test(text) || Number(text) <= 0) throw new RatesUnavailable('format', `${what} is not a rate: ${text}`);
  return text;
}

/** Reads a bulletin (the `Tarih_Date` document) with fast-xml-parser; anything else is a format error. */
export function parseBulletin(xml: string): Bulletin {
  const valid = XMLValidator.validate(xml);
  if (valid !== true) throw new RatesUnavailable('format', `not XML: ${valid.err.msg}`);
  const doc = parser.parse(xml) as { Tarih_Date?: Record<string, unknown> };
  const root = doc.Tarih_Date;
  if (!root || typeof root !== 'object') throw new RatesUnavailable('format', 'no Tarih_Date element');
  const tarih = String(root['@_Tarih'] ?? '');
  const dm = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(tarih);
  if (!dm) throw new RatesUnavailable('format', `bad Tarih: ${tarih}`);
  const date = `${dm[3]}-${dm[2]}-${dm[1]}`;
  const list = (root.Currency ?? []) as Record<string, unknown>[];
  const currencies: BulletinCurrency[] = [];
  for (const c of list) {
    const code = String(c['@_CurrencyCode'] ?? c['@_Kod'] ?? '').trim();
    if (!/^[A-Z]{3}$/.test(code)) throw new RatesUnavailable('format', `bad currency code: ${code}`);
    const unit = Number(String(c.Unit ?? '1').trim() || '1');
    if (!Number.isInteger(unit) || unit <= 0) throw new RatesUnavailable('format', `${code}: bad unit`);
    currencies.push({
      code,
      name: String(c.Isim ?? c.CurrencyName ?? code).trim(),
      unit,
      forexBuying: rate(c.ForexBuying, `${code} ForexBuying`),
      forexSelling: rate(c.ForexSelling, `${code} ForexSelling`),
      banknoteBuying: rate(c.BanknoteBuying, `${code} BanknoteBuying`),
      banknoteSelling: rate(c.BanknoteSelling, `${code} BanknoteSelling`),
    });
  }
  if (!currencies.length) throw new RatesUnavailable('format', 'a bulletin without currencies');
  return { date, number: root['@_Bulten_No'] ? String(root['@_Bulten_No']) : null, currencies };
}

/** The rates port: a day's bulletin, or the latest. Adapters differ by base URL only. */
export interface RatesPort {
  readonly source: 'sandbox' | 'live';
  /** That day's bulletin; null when TCMB published none that day (weekend, holiday: 404). */
  bulletinOf(date: string): Promise<Bulletin | null>;
  /** The latest bulletin (today.xml: before 15:30 it is still the previous working day's). */
  latest(): Promise<Bulletin>;
}

export interface TcmbClientOptions {
  baseUrl: string;
  source: 'sandbox' | 'live';
  timeoutMs: number;
  fetch?: typeof fetch;
}

/** The HTTP client both adapters use. */
export function tcmbRates(opts: TcmbClientOptions): RatesPort {
  const doFetch = opts.fetch ?? fetch;
  async function get(url: string): Promise<Bulletin | null> {
    let res: Response;
    try {
      res = await doFetch(url, { headers: { accept: 'application/xml, text/xml' }, redirect: 'follow', signal: AbortSignal.timeout(opts.timeoutMs) });
    } catch (e) {
      const name = (e as { name?: string }).name;
      if (name === 'TimeoutError' || name === 'AbortError') throw new RatesUnavailable('timeout', `${url}: no answer in ${opts.timeoutMs} ms`);
      throw new RatesUnavailable('network', `${url}: ${(e as Error).message}`);
    }
    if (res.status === 404) {
      await res.body?.cancel();
      return null;
    }
    if (!res.ok) {
      await res.body?.cancel();
      throw new RatesUnavailable('status', `${url}: HTTP ${res.status}`);
    }
    let bytes: Uint8Array;
    try {
      bytes = new Uint8Array(await res.arrayBuffer());
    } catch (e) {
      const name = (e as { name?: string }).name;
      throw new RatesUnavailable(name === 'TimeoutError' || name === 'AbortError' ? 'timeout' : 'network', `${url}: ${(e as Error).message}`);
    }
    return parseBulletin(decodeXml(bytes));
  }
  return {
    source: opts.source,
    bulletinOf: (date) => get(tcmbUrl(opts.baseUrl, date)),
    async latest() {
      const b = await get(tcmbUrl(opts.baseUrl, 'today'));
      if (!b) throw new RatesUnavailable('status', 'today.xml: HTTP 404');
      return b;
    },
  };
}
