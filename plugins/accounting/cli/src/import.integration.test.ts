/**
 * `tezgah import/export` against the real server (the seeded demo database; muhasebe owns the
 * general company), on both engines: a file imported, imported again without duplicates, a bad
 * row refused by its row number, an exported file imported back without changes, and a batch
 * whose answer was lost after the server committed it: sent again with its Idempotency-Key and
 * answered, never written twice.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '@tezgah/cli';
import { engines, startTestServer, type TestServer } from '../../../../packages/server/test/harness';
import { http, ONMUHASEBE } from '../../../../packages/server/test/http';
import accountingCommands from './index';

interface Summary {
  dryRun: boolean;
  rows: number;
  created: number;
  updated: number;
  unchanged: number;
  invalid: number;
  errors: { row: number; column: string; reason: string }[];
}

/** A summary: nothing done unless said. */
const S = (o: Partial<Summary> & { rows: number }): Summary => ({ dryRun: false, created: 0, updated: 0, unchanged: 0, invalid: 0, errors: [], ...o });

describe.each(engines('one'))('tezgah import/export against the server on %s', (engine) => {
  let t: TestServer;
  let api: ReturnType<typeof http>;
  let owner: string;
  let dir: string;
  const bulkCalls: string[] = [];
  /** The next `drop` answers of the bulk endpoints are cut after the server committed them. */
  const lose = { drop: 0 };

  const tezgah = async (args: string[], stdin = '') => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runCli(
      args,
      {
        stdout: { write: (s: string) => void out.push(s) },
        stderr: { write: (s: string) => void err.push(s) },
        stdin: Readable.from(stdin ? [stdin] : []),
        env: { TEZGAH_CONFIG_DIR: dir, HOME: dir, LANG: 'en_US.UTF-8' },
        sleep: () => new Promise((r) => setTimeout(r, 20)),
      },
      { discover: false, plugins: [accountingCommands] },
    );
    return { code, stdout: out.join(''), stderr: err.join('') };
  };
  const imported = async (args: string[]) => {
    const r = await tezgah([...args, '--json']);
    return { code: r.code, stderr: r.stderr, summary: JSON.parse(r.stdout) as Summary };
  };
  const file = (name: string, lines: string[]) => {
    const path = join(dir, name);
    writeFileSync(path, '\ufeff' + lines.join('\r\n') + '\r\n');
    return path;
  };
  const products = async (barcodes: string[]) =>
    (await api.call('GET', `${ONMUHASEBE}/products?size=100&${barcodes.map((b) => `barcode=${encodeURIComponent(b)}`).join('&')}`, { token: owner })).body as Record<string, unknown>[];
  const total = async (path: string) => Number((await api.call('GET', `${ONMUHASEBE}/${path}?size=1`, { token: owner })).headers.get('x-total-count'));

  beforeAll(async () => {
    t = await startTestServer({
      engine,
      extend: (app) => {
        app.addHook('onRequest', async (req) => {
          if (/\/(products-list|currentsList)$/.test(req.url)) bulkCalls.push(`${req.method} ${req.url.replace(/^.*\//, '')} ${req.headers['idempotency-key'] ?? '-'}`);
        });
        app.addHook('onSend', async (req, _reply, payload) => {
          // The connection drops after the batch is committed, before the CLI hears of it.
          if (lose.drop > 0 && /\/(products-list|currentsList)$/.test(req.url)) {
            lose.drop--;
            req.raw.socket.destroy();
          }
          return payload;
        });
      },
    });
    api = http(t.url);
    owner = await api.signIn('muhasebe');
    dir = mkdtempSync(join(tmpdir(), 'tezgah-import-it-'));
    const login = await tezgah(['login', '--url', t.url, '--username', 'muhasebe', '--password-stdin'], 'demo1234\n');
    expect(login.code, login.stderr).toBe(0);
  });
  afterAll(async () => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    await t?.close();
  });

  const PRODUCTS = [
    'Ürün Adı;Barkod;Birim;Alış Fiyatı;Satış Fiyatı;KDV Oranı;Ürün Tipi;Minimum Stok',
    'İçe Aktarılan Kalem;CLI-0001;Adet;2,40;4,75;20;Ticari Mal;10',
    'İçe Aktarılan Defter;CLI-0002;Adet;1.234,5;1.500,00;10;Ticari Mal;',
    'Kurulum Hizmeti;CLI-0003;Saat;;750;20;Verilen Hizmet;',
  ];

  it('imports products from a Turkish CSV, in batches', async () => {
    bulkCalls.length = 0;
    const before = await total('products');
    const r = await imported(['import', 'products', file('products.csv', PRODUCTS), '--batch-size', '2']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.summary).toEqual(S({ rows: 3, created: 3 }));
    expect(bulkCalls).toEqual([expect.stringMatching(/^PUT products-list tezgah-import:products:\w+:1$/), expect.stringMatching(/^PUT products-list tezgah-import:products:\w+:2$/)]);
    expect(await total('products')).toBe(before + 3);
    const [pen, book, service] = await products(['CLI-0001', 'CLI-0002', 'CLI-0003']).then((ps) => ['CLI-0001', 'CLI-0002', 'CLI-0003'].map((b) => ps.find((p) => p.barcode === b)));
    expect(pen).toMatchObject({ name: 'İçe Aktarılan Kalem', unitName: 'Adet', buyingPrice: 2.4, salePrice: 4.75, defaultTaxRate: 20, productType: 'COMMERCIAL_GOODS', minStock: 10 });
    expect(book).toMatchObject({ buyingPrice: 1234.5, salePrice: 1500, defaultTaxRate: 10 });
    expect(service).toMatchObject({ productType: 'SERVICE_GIVEN', unitName: 'Saat', warehouseId: null, salePrice: 750 });
  });

  it('re-importing the same file adds nothing; a changed row updates its product', async () => {
    const before = await total('products');
    const again = await imported(['import', 'products', file('products-again.csv', PRODUCTS)]);
    expect(again.code).toBe(0);
    expect(again.summary).toEqual(S({ rows: 3, unchanged: 3 }));
    const changed = await imported(['import', 'products', file('products-changed.csv', [PRODUCTS[0]!, PRODUCTS[1]!.replace('4,75', '5,25'), PRODUCTS[2]!])]);
    expect(changed.summary).toEqual(S({ rows: 2, updated: 1, unchanged: 1 }));
    expect(await total('products')).toBe(before);
    expect((await products(['CLI-0001']))[0]).toMatchObject({ salePrice: 5.25, buyingPrice: 2.4, minStock: 10 });
  });

  it('a file with a bad row is refused, naming the row and column; nothing is written', async () => {
    const before = await total('products');
    const bad = file('products-bad.csv', [PRODUCTS[0]!, 'Yeni Ürün;CLI-0100;Adet;1;2;20;Ticari Mal;', 'Bozuk Ürün;CLI-0101;Adet;1;iki;20;Ticari Mal;']);
    const dry = await imported(['import', 'products', bad, '--dry-run']);
    expect(dry.code).toBe(2);
    expect(dry.summary).toEqual(S({ dryRun: true, rows: 2, created: 1, invalid: 1, errors: [{ row: 3, column: 'Satış Fiyatı', reason: '"iki" is not a number' }] }));
    const real = await imported(['import', 'products', bad]);
    expect(real.code).toBe(2);
    expect(real.summary.errors).toEqual([{ row: 3, column: 'Satış Fiyatı', reason: '"iki" is not a number' }]);
    expect(real.stderr).toBe('error: 1 row with problems; nothing was written (--skip-invalid writes the other rows)\n');
    expect(await total('products')).toBe(before);
    expect(await products(['CLI-0100'])).toEqual([]);

    // A rule only the server knows (the company has no 18 % VAT): its refusal names the row too.
    const server = await imported(['import', 'products', file('products-vat.csv', [PRODUCTS[0]!, 'Yeni Ürün;CLI-0100;Adet;1;2;20;Ticari Mal;', 'KDV Hatalı;CLI-0102;Adet;1;2;18;Ticari Mal;'])]);
    expect(server.code).toBe(2);
    expect(server.summary.errors).toEqual([{ row: 3, column: 'KDV Oranı', reason: expect.any(String) }]);
    expect(server.stderr).toBe('error: the server refused 1 row; nothing was written\n');
    expect(await products(['CLI-0100', 'CLI-0102'])).toEqual([]);

    const skip = await imported(['import', 'products', bad, '--skip-invalid']);
    expect(skip.code).toBe(1);
    expect(skip.summary).toMatchObject({ created: 1, invalid: 1 });
    expect(await products(['CLI-0100'])).toHaveLength(1);
  });

  for (const ext of ['xlsx', 'csv'] as const) {
    it(`exported products (.${ext}) import back with no changes`, async () => {
      const count = await total('products');
      const out = join(dir, `all-products.${ext}`);
      const exported = await tezgah(['export', 'products', out, '--json']);
      expect(exported.code, exported.stderr).toBe(0);
      expect(JSON.parse(exported.stdout)).toEqual({ file: out, count });
      const back = await imported(['import', 'products', out]);
      expect(back.code, JSON.stringify(back.summary.errors)).toBe(0);
      expect(back.summary).toEqual(S({ rows: count, unchanged: count }));
      expect(await total('products')).toBe(count);
    });
  }

  const CURRENTS = [
    'Tip;Ad;Soyad;Ünvan;TC Kimlik No;Vergi Dairesi;İl;İlçe;Telefon;E-posta;IBAN',
    'Müşteri;Hülya;Şahin;;10000000146;Kadıköy;İstanbul;Kadıköy;0532 111 22 33;hulya@example.com;',
    'Tedarikçi;Yıldız Kağıt;;Yıldız Kağıt San. A.Ş.;0123456789;;İstanbul;Şişli;;;TR33 0006 1005 1978 6457 8413 26',
    'Personel;Emre;Çelik;;;;;;;;',
  ];

  it('imports current accounts, and re-importing them adds nothing', async () => {
    bulkCalls.length = 0;
    const before = await total('currents');
    const r = await imported(['import', 'currents', file('currents.csv', CURRENTS)]);
    expect(r.stderr).toBe('');
    expect(r.summary).toEqual(S({ rows: 3, created: 3 }));
    expect(bulkCalls).toEqual([expect.stringMatching(/^POST currentsList tezgah-import:currents:\w+:1$/)]);
    const customer = (await api.call('GET', `${ONMUHASEBE}/currents?search=10000000146`, { token: owner })).body;
    expect(customer).toHaveLength(1);
    expect(customer[0]).toMatchObject({ currentAccountType: 'CUSTOMER', name: 'Hülya', cityName: 'İstanbul', citySubdivisionName: 'Kadıköy', taxOfficeName: expect.stringContaining('Kadıköy') });
    const again = await imported(['import', 'currents', file('currents-again.csv', CURRENTS)]);
    expect(again.summary).toEqual(S({ rows: 3, unchanged: 3 }));
    expect(await total('currents')).toBe(before + 3);
  });

  it('a batch whose answer is lost after the commit is sent again with its key and answered: nothing twice, exit 0', async () => {
    bulkCalls.length = 0;
    const before = await total('currents');
    const rows = [CURRENTS[0]!, ...Array.from({ length: 5 }, (_, i) => `Personel;Kopmaz${i};Bağlantı;;;;;;;;`)];
    lose.drop = 1;
    const r = await imported(['import', 'currents', file('currents-drop.csv', rows), '--batch-size', '2']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/^note: POST \/services\/onmuhasebe\/api\/currentsList: fetch failed: .+; retrying in 0\.5 s \(attempt 2 of 5\)\n$/);
    expect(r.summary).toEqual(S({ rows: 5, created: 5 }));
    // Four requests for three batches: the first sent twice under one key, answered the second time from what it did the first.
    expect(bulkCalls).toHaveLength(4);
    expect(bulkCalls[1]).toBe(bulkCalls[0]);
    expect(new Set(bulkCalls).size).toBe(3);
    expect(await total('currents')).toBe(before + 5);
  });

  it('a current account file with a bad row is refused by its row; nothing is written', async () => {
    const before = await total('currents');
    const r = await imported(['import', 'currents', file('currents-bad.csv', [CURRENTS[0]!, 'Tedarikçi;Yeni;;;4812367058;;;;;;', 'Müşteri;Hatalı;Kişi;;12345678901;Kadıköy;;;;yanlis-adres;'])]);
    expect(r.code).toBe(2);
    expect(r.summary.errors).toEqual([
      { row: 3, column: 'TC Kimlik No', reason: 'not a valid tax number (VKN) or national ID (TCKN)' },
      { row: 3, column: 'E-posta', reason: 'Wrong e-mail format' },
    ]);
    expect(await total('currents')).toBe(before);
  });

  for (const ext of ['xlsx', 'csv'] as const) {
    it(`exported current accounts (.${ext}) import back with no changes`, async () => {
      const count = await total('currents');
      const out = join(dir, `all-currents.${ext}`);
      const exported = await tezgah(['export', 'currents', out, '--json']);
      expect(exported.code, exported.stderr).toBe(0);
      expect(JSON.parse(exported.stdout)).toEqual({ file: out, count });
      const back = await imported(['import', 'currents', out]);
      expect(back.code, JSON.stringify(back.summary.errors)).toBe(0);
      expect(back.summary).toEqual(S({ rows: count, unchanged: count }));
      expect(await total('currents')).toBe(count);
    });
  }
});
