/** The import engine against an in-memory API: matching, dry runs, bad rows, refusals, batches, round trips. */
import { existsSync, mkdtempSync, readdirSync, readlinkSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import writeXlsxFile from 'write-excel-file/node';
import { exportFile } from './exporter';
import { batches, importFile, ImportInterrupted, locateFieldError, sameValue, type ImportSummary } from './importer';
import { currents } from './currents';
import { products } from './products';
import { NetworkError } from '@tezgah/sdk';
import { progressBar, readingProgress } from './progress';
import { FileFormatError, openTable, readTable, type DataRow } from './sheet';
import { fakeApi, type FakeApi } from './testing/fake-api';
import { productSheet, workbook, worksheet, writeZip } from './testing/xlsx';

const dir = mkdtempSync(join(tmpdir(), 'tezgah-importer-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;
const csv = (lines: string[]) => {
  const path = join(dir, `f${++n}.csv`);
  writeFileSync(path, lines.join('\n') + '\n');
  return path;
};
const quiet = progressBar({ write: () => undefined, isTTY: false });
/** A summary: nothing done unless said. */
const S = (o: Partial<ImportSummary> & { rows: number }): ImportSummary => ({ dryRun: false, created: 0, updated: 0, unchanged: 0, invalid: 0, errors: [], ...o });

let fake: FakeApi;
beforeEach(() => {
  fake = fakeApi();
});

const PRODUCTS = [
  'Ürün Adı;Barkod;Birim;Alış Fiyatı;Satış Fiyatı;KDV Oranı;Ürün Tipi',
  'Aspirin;8690000000001;Kutu;8,50;12,75;10;İlaç',
  'Şeker 1 kg;8690000000002;Kilogram;30;42,5;1;Ticari Mal',
  'Montaj;HZM-1;Adet;;1.500;20;Verilen Hizmet',
];

describe('import', () => {
  it('creates, then a second run of the same file changes nothing', async () => {
    const file = csv(PRODUCTS);
    const first = await importFile(fake.api, products, file, {}, quiet);
    expect(first).toEqual({ summary: S({ rows: 3, created: 3 }), ignoredColumns: [], wrote: true, refused: null });
    expect(fake.products).toHaveLength(3);
    expect(fake.products[0]).toMatchObject({ name: 'Aspirin', barcode: '8690000000001', unitId: 12, buyingPrice: 8.5, salePrice: 12.75, defaultTaxRate: 10, productType: 'MEDICINE', warehouseId: 21, buyingCurrencyId: 1, saleCurrencyId: 1 });
    expect(fake.products[2]).toMatchObject({ productType: 'SERVICE_GIVEN', warehouseId: null, salePrice: 1500, buyingPrice: null });

    const again = await importFile(fake.api, products, file, {}, quiet);
    expect(again.summary).toEqual(S({ rows: 3, unchanged: 3 }));
    expect(again.wrote).toBe(false);
    expect(fake.products).toHaveLength(3);
    expect(fake.writes).toHaveLength(1);
  });

  it('a changed row updates its product and keeps what the file leaves out or blank', async () => {
    await importFile(fake.api, products, csv(PRODUCTS), {}, quiet);
    const r = await importFile(fake.api, products, csv(['Barkod;Ürün Adı;Satış Fiyatı;Birim', '8690000000001;Aspirin 500 mg;12,75;', '8690000000002;Şeker 1 kg;45;']), {}, quiet);
    expect(r.summary).toEqual(S({ rows: 2, updated: 2 }));
    expect(fake.products[0]).toMatchObject({ name: 'Aspirin 500 mg', salePrice: 12.75, unitId: 12, buyingPrice: 8.5, productType: 'MEDICINE' });
    expect(fake.products[1]).toMatchObject({ salePrice: 45, unitId: 13 });
    expect(fake.writes.map((w) => w.size)).toEqual([3, 2]);
  });

  it('a dry run reports every bad row and what it would do, and writes nothing', async () => {
    await importFile(fake.api, products, csv(PRODUCTS.slice(0, 2)), {}, quiet);
    const r = await importFile(
      fake.api,
      products,
      csv([PRODUCTS[0]!, 'Aspirin;8690000000001;Kutu;8,50;13;10;İlaç', ';8690000000009;Kutu;1;2;10;İlaç', 'Yeni;8690000000010;Adet;1;2;20;Ticari Mal', 'Kötü;8690000000011;Litre;1;-2;20;Ticari Mal']),
      { dryRun: true },
      quiet,
    );
    expect(r.summary).toEqual({
      dryRun: true,
      rows: 4,
      created: 1,
      updated: 1,
      unchanged: 0,
      invalid: 2,
      errors: [
        { row: 3, column: 'Ürün Adı', reason: 'required' },
        { row: 5, column: 'Birim', reason: '"Litre" is not one of: Adet, Kutu, Kilogram' },
        { row: 5, column: 'Satış Fiyatı', reason: 'must be at least 0' },
      ],
    });
    expect(r.refused).toBe('2 rows with problems (dry run: nothing was written)');
    expect(fake.writes).toHaveLength(1);
  });

  it('a real run with a bad row writes nothing; --skip-invalid writes the others', async () => {
    const file = csv([PRODUCTS[0]!, PRODUCTS[1]!, 'Bozuk;8690000000003;Kutu;x;1;10;İlaç', PRODUCTS[2]!]);
    const refused = await importFile(fake.api, products, file, {}, quiet);
    expect(refused.refused).toBe('1 row with problems; nothing was written (--skip-invalid writes the other rows)');
    expect(refused.summary).toEqual(S({ rows: 3, invalid: 1, errors: [{ row: 3, column: 'Alış Fiyatı', reason: '"x" is not a number' }] }));
    expect(fake.writes).toHaveLength(0);

    const skipped = await importFile(fake.api, products, file, { skipInvalid: true }, quiet);
    expect(skipped.refused).toBeNull();
    expect(skipped.summary).toEqual(S({ rows: 3, created: 2, invalid: 1, errors: [{ row: 3, column: 'Alış Fiyatı', reason: '"x" is not a number' }] }));
    expect(fake.products.map((p) => p.barcode)).toEqual(['8690000000001', '8690000000002']);
  });

  it('refuses a barcode given twice in the file, naming the first row, and a missing header', async () => {
    const r = await importFile(fake.api, products, csv([PRODUCTS[0]!, PRODUCTS[1]!, PRODUCTS[2]!, 'Aspirin kopya;8690000000001;Kutu;1;2;10;İlaç']), { dryRun: true }, quiet);
    expect(r.summary.errors).toEqual([{ row: 4, column: 'Barkod', reason: 'the same barcode as row 2' }]);
    const noHeader = await importFile(fake.api, products, csv(['Ürün Adı;Renk', 'A;mavi']), {}, quiet);
    expect(noHeader.summary).toEqual(S({ rows: 1, invalid: 1, errors: [{ row: 1, column: 'Barkod', reason: 'required column is missing' }] }));
    expect(noHeader.ignoredColumns).toEqual(['Renk']);
    expect(noHeader.refused).toBe('the header row has problems; nothing was written');
  });

  it("reads the server's refusal of items back to rows; --skip-invalid resends the rest", async () => {
    fake.refuseBarcodes.add('8690000000002');
    const file = csv(PRODUCTS);
    const r = await importFile(fake.api, products, file, {}, quiet);
    expect(r.summary).toEqual(S({ rows: 3, invalid: 1, errors: [{ row: 3, column: 'Barkod', reason: 'Bu barkod kullanılamaz.' }] }));
    expect(r.refused).toBe('the server refused 1 row; nothing was written');
    expect(fake.products).toHaveLength(0);

    const s = await importFile(fake.api, products, file, { skipInvalid: true }, quiet);
    expect(s.summary).toEqual(S({ rows: 3, created: 2, invalid: 1, errors: [{ row: 3, column: 'Barkod', reason: 'Bu barkod kullanılamaz.' }] }));
    expect(fake.products.map((p) => p.barcode)).toEqual(['8690000000001', 'HZM-1']);
  });

  it('writes in batches of the given size', async () => {
    const lines = ['Ürün Adı;Barkod;Satış Fiyatı', ...Array.from({ length: 5 }, (_, i) => `Ürün ${i};B${i};${i + 1}`)];
    const r = await importFile(fake.api, products, csv(lines), { batchSize: 2 }, quiet);
    expect(r.summary.created).toBe(5);
    expect(fake.writes.map((w) => w.size)).toEqual([2, 2, 1]);
    expect(batches([1, 2, 3], 1000, () => 500_000)).toEqual([[1], [2], [3]]);
  });

  it('current accounts: matched by type and tax number', async () => {
    const file = csv([
      'Tip;Ad;Soyad;Vergi No/TC Kimlik No;Vergi Dairesi;Telefon;E-posta;IBAN',
      'Müşteri;Ayşe;Kaya;10000000146;Çankaya;0532 123 45 67;ayse@example.com;TR330006100519786457841326',
      'Tedarikçi;Acme;;0123456789;;;;',
      'Tedarikçi;Ayşe;Kaya;10000000146;;;;',
    ]);
    const r = await importFile(fake.api, currents, file, {}, quiet);
    expect(r.summary).toEqual(S({ rows: 3, created: 3 }));
    expect(fake.currents[0]).toMatchObject({ currentAccountType: 'CUSTOMER', taxOfficeId: 1, iban: 'TR330006100519786457841326', currencyId: 1 });
    const again = await importFile(fake.api, currents, file, {}, quiet);
    expect(again.summary).toEqual(S({ rows: 3, unchanged: 3 }));

    const bad = await importFile(fake.api, currents, csv(['Tip;Ad;Vergi No', 'Personel;Ali;12345', 'Müşteri;Veli;10000000146', 'Ortak;Can;0123456789']), { dryRun: true }, quiet);
    expect(bad.summary.errors).toEqual([
      { row: 2, column: 'Vergi No', reason: 'must be 10 or 11 digits' },
      { row: 3, column: 'Vergi Dairesi', reason: 'required for a customer' },
      { row: 4, column: 'Ortak Tipi', reason: 'required for a partner' },
      { row: 4, column: 'Hisse Oranı', reason: 'required for a partner' },
      { row: 4, column: 'Sermaye', reason: 'required for a partner' },
    ]);
  });

  it('current accounts without a tax number: added once, then left alone while a record has all their values', async () => {
    const file = csv(['Tip;Ad;Soyad;Telefon', 'Personel;Ali;Veli;5321234567', 'Personel;Ali;Veli;5321234567', 'Personel;Ayşe;Can;']);
    expect((await importFile(fake.api, currents, file, {}, quiet)).summary).toEqual(S({ rows: 3, created: 3 }));
    expect((await importFile(fake.api, currents, file, {}, quiet)).summary).toEqual(S({ rows: 3, unchanged: 3 }));
    const changed = await importFile(fake.api, currents, csv(['Tip;Ad;Soyad;Telefon', 'Personel;Ali;Veli;5559999999']), {}, quiet);
    expect(changed.summary).toEqual(S({ rows: 1, created: 1 }));
    expect(fake.currents).toHaveLength(4);
  });
});

describe('streaming, batches and their keys', () => {
  /** Windows-1254 bytes of a text (the Turkish letters the test uses). */
  const win1254 = (text: string) =>
    Buffer.from([...text].map((ch) => ({ Ü: 0xdc, ü: 0xfc, ı: 0xfd, Ç: 0xc7, ç: 0xe7, ğ: 0xf0, ş: 0xfe, İ: 0xdd })[ch] ?? ch.charCodeAt(0)));

  it('reads a CSV row by row as the whole-file reader does: quoted line breaks, blank lines, CRLF, BOM, Windows-1254', async () => {
    const text = 'Ürün Adı;Barkod;Açıklama\r\nA;1;"iki\r\nsatır"\r\n\r\nB;2;"""tırnak"""\r\n;;\r\nÇ;3;son';
    for (const [name, bytes] of [['utf8.csv', Buffer.from(`\ufeff${text}`, 'utf8')], ['win.csv', win1254(text)]] as const) {
      const path = join(dir, name);
      writeFileSync(path, bytes);
      const whole = await readTable(path);
      const stream = await openTable(path);
      const rows: DataRow[] = [];
      for await (const r of stream.rows()) rows.push(r);
      expect(stream.headers, name).toEqual(['Ürün Adı', 'Barkod', 'Açıklama']);
      expect(rows.map((r) => r.cells), name).toEqual(whole.rows.map((r) => r.cells));
      // The line a record ends on, as an editor numbers it (a quoted CRLF is one line break).
      expect(rows.map((r) => [r.row, r.cells[0]]), name).toEqual([[3, 'A'], [5, 'B'], [7, 'Ç']]);
      expect(stream.position()).toBe(stream.size);
    }
  });

  /**
   * How many file descriptors this process holds open on `file` (Linux), to see that a pass closes
   * the zip. Only those on the file: the worker opens and closes others of its own meanwhile.
   */
  const openOn = (file: string) => () => {
    if (!existsSync('/proc/self/fd')) return 0;
    const real = realpathSync(file);
    let n = 0;
    for (const fd of readdirSync('/proc/self/fd')) {
      try {
        if (readlinkSync(`/proc/self/fd/${fd}`) === real) n++;
      } catch {
        // Closed between the listing and the look.
      }
    }
    return n;
  };

  it('reads an XLSX as a stream, as often as asked: the same rows each pass, position reaching size, the zip closed however a pass ends', async () => {
    const path = join(dir, 'stream.xlsx');
    await writeXlsxFile([
      [null],
      ['Ürün Adı', 'Barkod', 'Satış Fiyatı'],
      ['Şurup', '0012', 12.5],
      [null, null, null],
      ['Kalem', 8690000000003, null],
      ['Silgi', null, 3],
    ]).toFile(path);
    const openFds = openOn(path);
    expect(openFds()).toBe(0);
    const stream = await openTable(path);
    expect(stream.headers).toEqual(['Ürün Adı', 'Barkod', 'Satış Fiyatı']);
    expect(stream.size).toBeGreaterThan(0);
    const passes: DataRow[][] = [];
    for (let pass = 0; pass < 2; pass++) {
      const rows: DataRow[] = [];
      for await (const r of stream.rows()) {
        expect(stream.position()).toBeLessThanOrEqual(stream.size);
        rows.push(r);
      }
      expect(stream.position()).toBe(stream.size);
      passes.push(rows);
    }
    expect(passes[0]).toEqual([
      { row: 3, cells: ['Şurup', '0012', 12.5] },
      { row: 5, cells: ['Kalem', 8690000000003, null] },
      { row: 6, cells: ['Silgi', null, 3] },
    ]);
    expect(passes[1]).toEqual(passes[0]);
    expect((await readTable(path)).rows).toEqual(passes[0]);
    expect(await stream.changed()).toBe(false);

    // Left early: the zip is closed all the same.
    for await (const r of stream.rows()) {
      expect(r.row).toBe(3);
      expect(openFds()).toBe(1); // the pass holds the zip open while it reads
      break;
    }
    await expect.poll(openFds).toBe(0);

    // Malformed XML far after the header (past what opening reads): the rows before it, then the
    // file's problem; the zip is closed.
    const broken = join(dir, 'broken.xlsx');
    const header = '<row r="1"><c r="A1" t="inlineStr"><is><t>Ürün Adı</t></is></c></row>';
    const good = Array.from({ length: 2000 }, (_, i) => `<row r="${i + 2}"><c r="A${i + 2}" t="inlineStr"><is><t>Ürün ${i + 2}</t></is></c></row>`).join('');
    await writeZip(broken, workbook(worksheet(`${header}${good}<row r="2002"><c r="A2002"><v>1</c></row>`)));
    const seen: number[] = [];
    const failing = await openTable(broken);
    await expect(
      (async () => {
        for await (const r of failing.rows()) seen.push(r.row);
      })(),
    ).rejects.toThrow(FileFormatError);
    expect(seen).toEqual(Array.from({ length: 2000 }, (_, i) => i + 2));
    await expect(readTable(broken)).rejects.toThrow(`${broken}: not a readable .xlsx file`);
    await expect.poll(openOn(broken)).toBe(0);

    writeFileSync(path, 'changed');
    expect(await stream.changed()).toBe(true);
  });

  it('streams a large XLSX in constant memory', async () => {
    // 60,000 rows held as the whole-sheet reader held them took ~60 MB of heap (read-excel-file
    // 9.3.17 kept 62 MB after a collection); a pass holds one inflated chunk's rows at a time.
    const ROWS = 60_000;
    const path = join(dir, 'large.xlsx');
    await writeZip(path, workbook(productSheet(ROWS)));
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const table = await openTable(path);
    expect(table.headers).toEqual(['Ürün Adı', 'Barkod', 'Satış Fiyatı', 'KDV Oranı']);
    gc();
    const before = process.memoryUsage().heapUsed;
    let growth = 0;
    let rows = 0;
    let last: DataRow | null = null;
    for await (const r of table.rows()) {
      last = r;
      if (++rows % 10_000 === 0) {
        gc();
        growth = Math.max(growth, process.memoryUsage().heapUsed - before);
      }
    }
    expect(rows).toBe(ROWS);
    expect(last).toEqual({ row: ROWS + 1, cells: [`Ürün ${ROWS + 1}`, `869${String(ROWS + 1).padStart(10, '0')}`, ROWS + 1.25, 20] });
    expect(table.position()).toBe(table.size);
    // Measured: under 1 MB.
    expect(growth).toBeLessThan(8 * 1024 * 1024);
  });

  it('each batch goes out with its own Idempotency-Key, all of one run; the summary carries dryRun', async () => {
    const lines = ['Ürün Adı;Barkod;Satış Fiyatı', ...Array.from({ length: 5 }, (_, i) => `Ürün ${i};K${i};${i + 1}`)];
    const r = await importFile(fake.api, products, csv(lines), { batchSize: 2, runId: 'run1' }, quiet);
    expect(r.summary).toEqual(S({ rows: 5, created: 5 }));
    expect(fake.writes.map((w) => w.key)).toEqual(['tezgah-import:products:run1:1', 'tezgah-import:products:run1:2', 'tezgah-import:products:run1:3']);
    const dry = await importFile(fake.api, products, csv(lines), { dryRun: true }, quiet);
    expect(dry.summary).toEqual(S({ dryRun: true, rows: 5, unchanged: 5 }));
  });

  it('a failure of the network half-way: what was written before it, then the failure itself', async () => {
    const lines = ['Ürün Adı;Barkod;Satış Fiyatı', ...Array.from({ length: 5 }, (_, i) => `Ürün ${i};N${i};${i + 1}`)];
    const api = fake.api as unknown as { request: (...a: unknown[]) => Promise<unknown> };
    const request = api.request.bind(api);
    let puts = 0;
    api.request = (...a) => (a[0] === 'PUT' && ++puts === 2 ? Promise.reject(new NetworkError({ message: 'Network error: fetch failed: EPIPE', cause: null })) : request(...a));
    const e = await importFile(fake.api, products, csv(lines), { batchSize: 2 }, quiet).then(() => null, (x: unknown) => x);
    expect(e).toBeInstanceOf(ImportInterrupted);
    expect((e as ImportInterrupted).summary).toEqual(S({ rows: 5, created: 2 }));
    expect((e as ImportInterrupted).cause).toBeInstanceOf(NetworkError);
  });

  it('the problems in Turkish; a key that several records share stops a real run', async () => {
    const r = await importFile(fake.api, products, csv(['Ürün Adı;Barkod;Satış Fiyatı;Birim', ';X1;1;Adet', 'B;X2;bedava;Litre', 'C;X2;2;Adet']), { dryRun: true, lang: 'tr' }, quiet);
    expect(r.summary.errors).toEqual([
      { row: 2, column: 'Ürün Adı', reason: 'zorunlu' },
      { row: 3, column: 'Satış Fiyatı', reason: '"bedava" bir sayı değil' },
      { row: 3, column: 'Birim', reason: '"Litre" şunlardan biri değil: Adet, Kutu, Kilogram' },
    ]);
    expect(r.refused).toBe('2 satırda sorun var (deneme: hiçbir şey yazılmadı)');
    fake.products.push({ id: 1, name: 'Bir', barcode: 'DUP' }, { id: 2, name: 'İki', barcode: 'DUP' });
    const dup = await importFile(fake.api, products, csv(['Ürün Adı;Barkod', 'Yeni;NEW1', 'Üç;DUP']), { batchSize: 1, lang: 'tr' }, quiet);
    expect(dup.summary).toEqual(S({ rows: 2, created: 1, invalid: 1, errors: [{ row: 3, column: 'Barkod', reason: 'bu Barkod ile 2 ürün var; önce onları düzeltin' }] }));
    expect(dup.refused).toBe('sunucu 1 satırı reddetti; ondan önce 1 ürün yazıldı');
  });
});

describe('export then import', () => {
  for (const ext of ['csv', 'xlsx'] as const) {
    it(`products: the exported ${ext} file imports back with no changes`, async () => {
      await importFile(fake.api, products, csv([...PRODUCTS, 'Dolap;0042;Adet;1.000,12345678;2000;20;Demirbaş']), {}, quiet);
      fake.products[0]!.minStock = 5;
      fake.products[0]!.maxStock = 50;
      fake.products[0]!.prescriptionType = 'RED';
      fake.products[0]!.explanation = 'Ağrı kesici; 20 tablet';
      const out = join(dir, `products-out.${ext}`);
      expect(await exportFile(fake.api, products, out, quiet)).toBe(4);
      const r = await importFile(fake.api, products, out, {}, quiet);
      expect(r).toEqual({ summary: S({ rows: 4, unchanged: 4 }), ignoredColumns: [], wrote: false, refused: null });
    });

    it(`current accounts: the exported ${ext} file imports back with no changes`, async () => {
      await importFile(
        fake.api,
        currents,
        csv([
          'Tip;Ad;Soyad;Vergi No;Vergi Dairesi;İl;İlçe;Doğum Tarihi;Hisse Oranı;Sermaye;Ortak Tipi;Para Birimi',
          'Hasta;Ayşe;Kaya;10000000146;Yenice Malmüdürlüğü (17110);Çanakkale;Yenice;05.03.1980;;;;TL',
          'Ortak;Can;Demir;0123456789;;Ankara;;;33,33;1.000.000;Şahıs;EUR',
        ]),
        {},
        quiet,
      );
      expect(fake.currents).toHaveLength(2);
      const out = join(dir, `currents-out.${ext}`);
      expect(await exportFile(fake.api, currents, out, quiet)).toBe(2);
      const r = await importFile(fake.api, currents, out, {}, quiet);
      expect(r.summary).toEqual(S({ rows: 2, unchanged: 2 }));
    });
  }
});

describe('helpers', () => {
  it('sameValue: numbers within rounding, blanks alike, text trimmed', () => {
    expect(sameValue(12.75, '12.75')).toBe(true);
    expect(sameValue(0.1 + 0.2, 0.3)).toBe(true);
    expect(sameValue(null, '')).toBe(true);
    expect(sameValue(null, 0)).toBe(false);
    expect(sameValue(' a ', 'a')).toBe(true);
    expect(sameValue(1, 2)).toBe(false);
  });

  it('locateFieldError reads the item index of a server field error', () => {
    expect(locateFieldError('3.barcode')).toEqual({ index: 3, field: 'barcode' });
    expect(locateFieldError('items.12.salePrice')).toEqual({ index: 12, field: 'salePrice' });
    expect(locateFieldError('[0].name')).toEqual({ index: 0, field: 'name' });
    expect(locateFieldError('/4/taxNumber')).toEqual({ index: 4, field: 'taxNumber' });
    expect(locateFieldError('name')).toBeNull();
  });

  it('the progress bar draws on a TTY only and clears its line', () => {
    const chunks: string[] = [];
    const bar = progressBar({ write: (s: string) => chunks.push(s), isTTY: true, columns: 100 });
    bar.start('importing products', 4);
    bar.update(2);
    bar.update(2);
    bar.update(4);
    bar.stop();
    expect(chunks).toHaveLength(4);
    expect(chunks[1]).toContain('50% 2/4');
    expect(chunks[2]).toContain('100% 4/4');
    expect(chunks[3]).toBe('\r\x1b[K');
    const pages: string[] = [];
    const onPage = readingProgress({ start: (l, t) => pages.push(`start ${l} ${t}`), update: (d) => pages.push(`at ${d}`), stop: () => undefined }, 'reading products');
    onPage(1000, 2600);
    onPage(2000, 2600);
    onPage(2600, 2600);
    expect(pages).toEqual(['start reading products 2600', 'at 1000', 'at 2000', 'at 2600']);
    // Elsewhere (a log, a CI job): a plain line every 5 s and one at the end; a stage shorter than that prints nothing.
    const plain: string[] = [];
    let now = 0;
    const off = progressBar({ write: (s: string) => plain.push(s), isTTY: false }, 'tr', { now: () => now });
    off.start('cari hesaplar içe aktarılıyor', 20_000);
    now = 1000; off.update(1000);
    now = 5200; off.update(9000);
    now = 6000; off.update(12_000);
    off.update(20_000);
    off.start('kısa', 10);
    now = 7000; off.update(10);
    off.stop();
    expect(plain).toEqual([
      'cari hesaplar içe aktarılıyor: 9.000/20.000 (%45)\n',
      'cari hesaplar içe aktarılıyor: 20.000/20.000 (%100)\n',
    ]);
  });
});
