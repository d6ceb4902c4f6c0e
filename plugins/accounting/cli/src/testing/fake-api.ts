/**
 * An in-memory stand-in for the API calls import/export make (the Promise façade's `list` and
 * `request`), for the unit tests of the engine. It keeps the bulk endpoints' contract: match by
 * barcode / by type and tax number, all or nothing, refusals naming `index.field`. The
 * integration test runs the same commands against the real server.
 */
import { ValidationFailed, type TezgahPromiseApi } from '@tezgah/sdk';

const API = '/services/onmuhasebe/api';

export interface FakeProduct {
  id: number;
  [field: string]: unknown;
}

export interface FakeApi {
  readonly api: TezgahPromiseApi;
  readonly products: FakeProduct[];
  readonly currents: FakeProduct[];
  /** Every bulk request: its path, how many items it carried and its Idempotency-Key. */
  readonly writes: { path: string; size: number; key?: string }[];
  /** Barcodes the fake server refuses (as a rule the client cannot see). */
  readonly refuseBarcodes: Set<string>;
}

export const UNITS = [
  { id: 11, name: 'Adet', code: 'C62', active: true },
  { id: 12, name: 'Kutu', code: 'BX', active: true },
  { id: 13, name: 'Kilogram', code: 'KGM', active: true },
];
export const WAREHOUSES = [
  { id: 21, name: 'Merkez Depo', address: null, main: true, default: true },
  { id: 22, name: 'Şube Depo', address: null, main: false, default: false },
];
export const COUNTRIES = [
  { id: 1, code: 'TR', name: 'Türkiye', nameEn: 'Turkey' },
  { id: 2, code: 'DE', name: 'Almanya', nameEn: 'Germany' },
];
export const CITIES = [
  { id: 6, countryId: 1, plateCode: '06', name: 'Ankara', metropolitan: true },
  { id: 17, countryId: 1, plateCode: '17', name: 'Çanakkale', metropolitan: false },
  { id: 78, countryId: 1, plateCode: '78', name: 'Karabük', metropolitan: false },
];
export const SUBDIVISIONS = [
  { id: 601, cityId: 6, name: 'Çankaya' },
  { id: 1701, cityId: 17, name: 'Yenice' },
  { id: 7801, cityId: 78, name: 'Yenice' },
];
export const TAX_OFFICES = [
  { id: 1, code: '6252', name: 'Çankaya Vergi Dairesi Müdürlüğü', cityId: 6, district: 'Çankaya' },
  { id: 2, code: '17110', name: 'Yenice Malmüdürlüğü', cityId: 17, district: 'Yenice' },
  { id: 3, code: '78120', name: 'Yenice Malmüdürlüğü', cityId: 78, district: 'Yenice' },
];

const page = <T>(all: readonly T[], query: { page?: number; size?: number } | undefined) => {
  const p = query?.page ?? 0;
  const s = query?.size ?? 10;
  return { items: all.slice(p * s, p * s + s), total: all.length };
};

export function fakeApi(): FakeApi {
  const products: FakeProduct[] = [];
  const currents: FakeProduct[] = [];
  const writes: { path: string; size: number; key?: string }[] = [];
  const refuseBarcodes = new Set<string>();
  let nextId = 1000;

  const lists: Record<string, () => readonly unknown[]> = {
    [`${API}/units`]: () => UNITS,
    [`${API}/warehouses`]: () => WAREHOUSES,
    [`${API}/countries`]: () => COUNTRIES,
    [`${API}/cities`]: () => CITIES,
    [`${API}/city-subdivisions`]: () => SUBDIVISIONS,
    [`${API}/tax-offices`]: () => TAX_OFFICES,
    [`${API}/products`]: () => products,
    [`${API}/currents`]: () => currents,
  };

  const refuse = (fieldErrors: { field: string; message: string }[]) =>
    new ValidationFailed({ status: 400, title: 'Geçersiz istek', message: 'Geçersiz istek (400)', detail: `${fieldErrors.length} kayıtta hata var; hiçbir kayıt yazılmadı.`, code: 'VALIDATION_FAILED', problem: undefined, fieldErrors });

  const api = {
    async list(path: string, init?: { params?: { query?: { page?: number; size?: number; barcode?: string | string[] } } }) {
      const all = lists[path];
      if (!all) throw new Error(`fake api: no list ${path}`);
      // The product list filters by barcode (`barcode=a&barcode=b`), as the server's does.
      const barcode = init?.params?.query?.barcode;
      const wanted = barcode === undefined ? null : new Set(Array.isArray(barcode) ? barcode : [barcode]);
      const items = wanted ? (all() as FakeProduct[]).filter((p) => wanted.has(String(p.barcode))) : all();
      return page(items, init?.params?.query);
    },
    async request(method: string, path: string, init: { body: Record<string, unknown>[]; params?: { header?: Record<string, string> } }) {
      const items = init.body;
      const key = init.params?.header?.['Idempotency-Key'];
      writes.push({ path, size: items.length, ...(key ? { key } : {}) });
      if (method === 'PUT' && path === `${API}/products-list`) {
        const errors = items.flatMap((item, index) =>
          refuseBarcodes.has(String(item.barcode)) ? [{ field: `${index}.barcode`, message: 'Bu barkod kullanılamaz.' }] : [],
        );
        if (errors.length) throw refuse(errors);
        let created = 0;
        for (const item of items) {
          const match = products.find((p) => p.barcode === item.barcode);
          if (match) Object.assign(match, item);
          else {
            products.push({ id: nextId++, qrTracking: false, status: 'ACTIVE', ...item });
            created++;
          }
        }
        return { created, updated: items.length - created, items: [] };
      }
      if (method === 'POST' && path === `${API}/currentsList`) {
        let created = 0;
        for (const item of items) {
          const match = item.taxNumber ? currents.find((c) => c.taxNumber === item.taxNumber && c.currentAccountType === item.currentAccountType) : undefined;
          if (match) Object.assign(match, item);
          else {
            currents.push({ id: nextId++, active: true, accountGroupCode: '120', ...item });
            created++;
          }
        }
        return { created, updated: items.length - created, items: [] };
      }
      throw new Error(`fake api: no call ${method} ${path}`);
    },
  };
  return { api: api as unknown as TezgahPromiseApi, products, currents, writes, refuseBarcodes };
}

/**
 * The fake as a `fetch` for `runCli` (so the commands run as they do against a server): lists
 * answer a page with `x-total-count`, bulk writes their result, a refusal a problem+json 400.
 */
export function fakeFetch(fake: FakeApi): (req: Request) => Promise<Response> {
  const api = fake.api as unknown as {
    list(path: string, init: { params: { query: { page: number; size: number } } }): Promise<{ items: unknown[]; total: number }>;
    request(method: string, path: string, init: { body: unknown }): Promise<unknown>;
  };
  return async (req) => {
    const url = new URL(req.url);
    const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
    try {
      if (req.method === 'GET') {
        const query = { page: Number(url.searchParams.get('page') ?? 0), size: Number(url.searchParams.get('size') ?? 10) };
        const { items, total } = await api.list(url.pathname, { params: { query } });
        return json(items, 200, { 'x-total-count': String(total) });
      }
      return json(await api.request(req.method, url.pathname, { body: JSON.parse(await req.text()) }));
    } catch (e) {
      if (e instanceof ValidationFailed) {
        return new Response(JSON.stringify({ type: 'about:blank', title: e.title, status: 400, detail: e.detail, fieldErrors: e.fieldErrors }), {
          status: 400,
          headers: { 'content-type': 'application/problem+json' },
        });
      }
      return json({ type: 'about:blank', title: 'Not Found', status: 404, detail: String(e) }, 404);
    }
  };
}
