/** Reading files and mapping their columns: CSV and XLSX made here, Turkish headers and numbers, bad rows. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import writeXlsxFile from 'write-excel-file/node';
import { fold, mapColumns, parseRow, type ColumnSpec } from './columns';
import { currentColumns } from './currents';
import { productColumns } from './products';
import { decodeText, detectDelimiter, FileFormatError, parseCsv, plainNumber, readTable, writeTable } from './sheet';
import { CITIES, COUNTRIES, SUBDIVISIONS, TAX_OFFICES, UNITS, WAREHOUSES } from './testing/fake-api';

const dir = mkdtempSync(join(tmpdir(), 'tezgah-import-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const file = (name: string, content: string | Uint8Array) => {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
};

const PRODUCT_SPECS = productColumns({ units: UNITS, warehouses: WAREHOUSES });
const CURRENT_SPECS = currentColumns({ countries: COUNTRIES, cities: CITIES, subdivisions: SUBDIVISIONS, taxOffices: TAX_OFFICES });

/** Parses every row of a CSV text against the specs. */
function rows(csv: string, specs: readonly ColumnSpec[]) {
  const table = parseCsv(csv);
  const map = mapColumns(table.headers, specs);
  return { map, rows: table.rows.map((r) => parseRow(r, map, specs)) };
}

describe('headers', () => {
  it('fold ignores case, accents, the dotless ı and punctuation', () => {
    for (const h of ['Ürün Adı', 'ÜRÜN ADI', 'ürün adı', 'urun adi', 'Urun_Adi', ' Ürün  Adı ']) expect(fold(h)).toBe('urunadi');
    expect(fold('KDV Oranı (%)')).toBe('kdvorani');
    expect(fold('İl')).toBe(fold('il'));
    expect(fold('T.C. Kimlik No')).toBe('tckimlikno');
  });

  it('maps Turkish headers, their variants and the English field names to fields', () => {
    const map = mapColumns(['ÜRÜN ADI', 'barkod', 'Birimi', 'alış fiyatı', 'SATIŞ FİYATI', 'KDV %', 'urun tipi', 'Renk'], PRODUCT_SPECS);
    expect([...map.index.entries()]).toEqual([
      ['name', 0], ['barcode', 1], ['unitId', 2], ['buyingPrice', 3], ['salePrice', 4], ['defaultTaxRate', 5], ['productType', 6],
    ]);
    expect(map.unknown).toEqual(['Renk']);
    expect(map.errors).toEqual([]);
    const english = mapColumns(['name', 'barcode', 'salePrice', 'defaultTaxRate'], PRODUCT_SPECS);
    expect(english.errors).toEqual([]);
    expect(english.index.get('salePrice')).toBe(2);
    const currents = mapColumns(['Ad', 'Soyad', 'Ünvan', 'Vergi No', 'Vergi Dairesi', 'Telefon', 'E-posta', 'IBAN', 'Tip'], CURRENT_SPECS);
    expect(currents.errors).toEqual([]);
    expect(currents.index.get('taxNumber')).toBe(3);
    expect(mapColumns(['Tip', 'Ad', 'TC Kimlik No'], CURRENT_SPECS).index.get('taxNumber')).toBe(2);
  });

  it('a missing required column or a column named twice is a problem of row 1', () => {
    const missing = mapColumns(['Ürün Adı', 'Satış Fiyatı'], PRODUCT_SPECS);
    expect(missing.errors).toEqual([{ row: 1, column: 'Barkod', reason: 'required column is missing' }]);
    const twice = mapColumns(['Ürün Adı', 'Barkod', 'barcode'], PRODUCT_SPECS);
    expect(twice.errors).toEqual([{ row: 1, column: 'barcode', reason: 'the column "Barkod" is given twice (also as "Barkod")' }]);
  });
});

describe('CSV', () => {
  it('detects ; and , and tab as the separator on the header line', () => {
    expect(detectDelimiter('Ad;Barkod;Fiyat\n"a,b";1;2,5')).toBe(';');
    expect(detectDelimiter('Ad,Barkod,"Fiyat;x"\n')).toBe(',');
    expect(detectDelimiter('Ad\tBarkod\n')).toBe('\t');
  });

  it('reads ; files with Turkish numbers, and , files with quoted Turkish numbers', () => {
    const semi = rows('Ürün Adı;Barkod;Satış Fiyatı;Alış Fiyatı;KDV Oranı\nAspirin 100 mg;8690000000001;1.234,56;12,5;%10\n', PRODUCT_SPECS);
    expect(semi.rows[0]).toEqual({ row: 2, errors: [], values: { name: 'Aspirin 100 mg', barcode: '8690000000001', salePrice: 1234.56, buyingPrice: 12.5, defaultTaxRate: 10 } });
    const comma = rows('Ürün Adı,Barkod,Satış Fiyatı\n"Kutu, büyük",8690000000002,"1.234,56"\nKalem,8690000000003,1234.56\n', PRODUCT_SPECS);
    expect(comma.rows.map((r) => r.values.salePrice)).toEqual([1234.56, 1234.56]);
    expect(comma.rows[0]!.values.name).toBe('Kutu, büyük');
  });

  it('keeps the file row numbers past blank lines and drops a BOM', () => {
    const t = parseCsv('\ufeffÜrün Adı;Barkod\nA;1\n\n;\nB;2\n');
    expect(t.headers).toEqual(['Ürün Adı', 'Barkod']);
    expect(t.rows.map((r) => [r.row, r.cells[0]])).toEqual([[2, 'A'], [5, 'B']]);
  });

  it('reads Windows-1254 files that older Turkish Excel writes', () => {
    // "Ürün Adı;Barkod\nŞeker;1" in Windows-1254
    const bytes = Uint8Array.from([0xdc, 0x72, 0xfc, 0x6e, 0x20, 0x41, 0x64, 0xfd, 0x3b, 0x42, 0x61, 0x72, 0x6b, 0x6f, 0x64, 0x0a, 0xde, 0x65, 0x6b, 0x65, 0x72, 0x3b, 0x31]);
    expect(decodeText(bytes)).toBe('Ürün Adı;Barkod\nŞeker;1');
  });

  it('reports every bad cell with its row and the column as the file names it', () => {
    const r = rows(
      [
        'urun adi;BARKOD;Satış Fiyatı;Birim;Ürün Tipi;KDV Oranı;Minimum Stok',
        'İyi;1;10;Adet;Ticari Mal;20;5',
        ';2;abc;Litre;Uçak;200;1,234',
        'Üç;3;-5;kutu;ilaç;18;',
      ].join('\n'),
      PRODUCT_SPECS,
    );
    expect(r.rows[0]).toEqual({
      row: 2,
      errors: [],
      values: { name: 'İyi', barcode: '1', salePrice: 10, unitId: 11, productType: 'COMMERCIAL_GOODS', defaultTaxRate: 20, minStock: 5 },
    });
    expect(r.rows[1]!.errors).toEqual([
      { row: 3, column: 'urun adi', reason: 'required' },
      { row: 3, column: 'Satış Fiyatı', reason: '"abc" is not a number' },
      { row: 3, column: 'Birim', reason: '"Litre" is not one of: Adet, Kutu, Kilogram' },
      { row: 3, column: 'Ürün Tipi', reason: expect.stringMatching(/^"Uçak" is not one of: Ticari Mal, Verilen Hizmet/) },
      { row: 3, column: 'KDV Oranı', reason: 'must be at most 100' },
      { row: 3, column: 'Minimum Stok', reason: 'has more than 2 decimals' },
    ]);
    expect(r.rows[2]!.errors).toEqual([{ row: 4, column: 'Satış Fiyatı', reason: 'must be at least 0' }]);
    expect(r.rows[2]!.values).toMatchObject({ unitId: 12, productType: 'MEDICINE', defaultTaxRate: 18, minStock: null });
  });

  it('a blank cell of a column that keeps its value sets nothing; other blanks are null', () => {
    const r = rows('Ürün Adı;Barkod;Birim;Satış Fiyatı\nA;1;;\n', PRODUCT_SPECS);
    expect(r.rows[0]!.values).toEqual({ name: 'A', barcode: '1', salePrice: null });
  });
});

describe('current account cells', () => {
  const header = 'Tip;Ad;Soyad;Vergi No/TC Kimlik No;Vergi Dairesi;İl;İlçe;E-posta;IBAN;Doğum Tarihi;Para Birimi';

  it('reads types, tax numbers, tax offices, districts by their city, dates, IBANs and currencies', () => {
    const r = rows(
      `${header}\nMüşteri;Ayşe;Kaya;10000000146;Çankaya;Ankara;ÇANKAYA;ayse@example.com;TR33 0006 1005 1978 6457 8413 26;05.03.1980;TRY\n` +
        `tedarikci;Acme;;0123456789;Yenice Malmüdürlüğü (78120);karabük;yenice;;;1980-12-31;usd\n`,
      CURRENT_SPECS,
    );
    expect(r.rows[0]).toEqual({
      row: 2,
      errors: [],
      values: {
        currentAccountType: 'CUSTOMER', name: 'Ayşe', lastName: 'Kaya', taxNumber: '10000000146', taxOfficeId: 1, cityId: 6, citySubdivisionId: 601,
        email: 'ayse@example.com', iban: 'TR330006100519786457841326', birthday: '1980-03-05', currencyId: 1,
      },
    });
    expect(r.rows[1]!.errors).toEqual([]);
    expect(r.rows[1]!.values).toMatchObject({ currentAccountType: 'SUPPLIER', taxOfficeId: 3, cityId: 78, citySubdivisionId: 7801, birthday: '1980-12-31', currencyId: 2, lastName: null });
  });

  it('narrows a name several choices share by the row city, and names the choices otherwise', () => {
    const r = rows(`${header}\nMüşteri;A;;10000000146;Yenice;Çanakkale;Yenice;;;;\nMüşteri;B;;10000000146;Yenice;;;;;;\n`, CURRENT_SPECS);
    expect(r.rows[0]!.values).toMatchObject({ taxOfficeId: 2, citySubdivisionId: 1701 });
    expect(r.rows[1]!.errors).toEqual([
      { row: 3, column: 'Vergi Dairesi', reason: '"Yenice" is ambiguous: write one of "Yenice Malmüdürlüğü (17110)", "Yenice Malmüdürlüğü (78120)"' },
    ]);
  });

  it('refuses bad tax numbers, e-mails, IBANs, dates, and a district of another city', () => {
    const r = rows(`${header}\nHasta;A;;12345678901;Çankaya;Ankara;Yenice;not-an-email;TR330006100519786457841327;31.02.1990;XYZ\n`, CURRENT_SPECS);
    expect(r.rows[0]!.errors).toEqual([
      { row: 2, column: 'Vergi No/TC Kimlik No', reason: 'not a valid tax number (VKN) or national ID (TCKN)' },
      { row: 2, column: 'İlçe', reason: '"Yenice" does not belong to the row\'s cityId' },
      { row: 2, column: 'E-posta', reason: 'Wrong e-mail format' },
      { row: 2, column: 'IBAN', reason: 'not a valid IBAN (TR and 24 characters, checksum)' },
      { row: 2, column: 'Doğum Tarihi', reason: '"31.02.1990" is not a date' },
      { row: 2, column: 'Para Birimi', reason: expect.stringContaining('"XYZ" is not one of: TL, USD, EUR') },
    ]);
    const short = rows(`${header}\nMüşteri;A;;12345;;;;;;;\n`, CURRENT_SPECS);
    expect(short.rows[0]!.errors).toEqual([{ row: 2, column: 'Vergi No/TC Kimlik No', reason: 'must be 10 or 11 digits' }]);
  });
});

describe('XLSX', () => {
  it('reads numbers as numbers, digits kept as text, Turkish text, dates, and the sheet row numbers', async () => {
    const path = join(dir, 'products.xlsx');
    await writeXlsxFile([
      ['Ürün Adı', 'Barkod', 'Satış Fiyatı', 'Alış Fiyatı', 'KDV Oranı'],
      ['Şurup', 8690000000011, 1234.56, '12,50', 10],
      [null, null, null, null, null],
      ['Öksürük pastili', '0123', '1.234,5', 'x', 20],
    ]).toFile(path);
    const table = await readTable(path);
    expect(table.headers).toEqual(['Ürün Adı', 'Barkod', 'Satış Fiyatı', 'Alış Fiyatı', 'KDV Oranı']);
    expect(table.rows.map((r) => r.row)).toEqual([2, 4]);
    const map = mapColumns(table.headers, PRODUCT_SPECS);
    const [first, second] = table.rows.map((r) => parseRow(r, map, PRODUCT_SPECS));
    expect(first).toEqual({ row: 2, errors: [], values: { name: 'Şurup', barcode: '8690000000011', salePrice: 1234.56, buyingPrice: 12.5, defaultTaxRate: 10 } });
    expect(second!.values).toMatchObject({ name: 'Öksürük pastili', barcode: '0123', salePrice: 1234.5 });
    expect(second!.errors).toEqual([{ row: 4, column: 'Alış Fiyatı', reason: '"x" is not a number' }]);

    const dates = join(dir, 'dates.xlsx');
    await writeXlsxFile([['Tip', 'Ad', 'Vergi No', 'Doğum Tarihi'], ['Personel', 'Ali', 10000000146, new Date(Date.UTC(1985, 6, 9))]], { dateFormat: 'dd.mm.yyyy' }).toFile(dates);
    const t = await readTable(dates);
    const m = mapColumns(t.headers, CURRENT_SPECS);
    expect(parseRow(t.rows[0]!, m, CURRENT_SPECS).values).toEqual({ currentAccountType: 'PERSONNEL', name: 'Ali', taxNumber: '10000000146', birthday: '1985-07-09' });
  });

  it('a tax number stored as a number gets back the leading zero of a VKN', async () => {
    const path = join(dir, 'vkn.xlsx');
    await writeXlsxFile([['Tip', 'Ad', 'Vergi No'], ['Tedarikçi', 'Acme', 123456789]]).toFile(path);
    const t = await readTable(path);
    expect(parseRow(t.rows[0]!, mapColumns(t.headers, CURRENT_SPECS), CURRENT_SPECS).values.taxNumber).toBe('0123456789');
  });
});

describe('writing', () => {
  it('CSV: BOM, ; separated, decimal commas without grouping, quotes where needed; reads back the same', async () => {
    const path = join(dir, 'out.csv');
    await writeTable(path, ['Ürün Adı', 'Barkod', 'Satış Fiyatı'], [['Kutu; büyük', '0012', 1234.5], ['Şeker', '8690000000001', 0.00000001], ['Boş', '5', null]]);
    const { readFileSync } = await import('node:fs');
    const text = readFileSync(path, 'utf8');
    expect(text).toBe('\ufeffÜrün Adı;Barkod;Satış Fiyatı\r\n"Kutu; büyük";0012;1234,5\r\nŞeker;8690000000001;0,00000001\r\nBoş;5;\r\n');
    const back = await readTable(path);
    expect(back.rows.map((r) => r.cells)).toEqual([['Kutu; büyük', '0012', '1234,5'], ['Şeker', '8690000000001', '0,00000001'], ['Boş', '5', null]]);
  });

  it('XLSX: numbers as numbers and text as text (leading zeros kept)', async () => {
    const path = join(dir, 'out.xlsx');
    await writeTable(path, ['Ürün Adı', 'Barkod', 'Satış Fiyatı'], [['Şeker', '0012', 1234.5], ['Tuz', '8690000000001', null]]);
    const back = await readTable(path);
    expect(back.headers).toEqual(['Ürün Adı', 'Barkod', 'Satış Fiyatı']);
    expect(back.rows.map((r) => r.cells)).toEqual([['Şeker', '0012', 1234.5], ['Tuz', '8690000000001', null]]);
  });

  it('plainNumber keeps up to 8 decimals with a comma', () => {
    expect([1234.56, 0, -2.5, 1e-8, 12].map(plainNumber)).toEqual(['1234,56', '0', '-2,5', '0,00000001', '12']);
  });
});

describe('refused files', () => {
  it('only .csv and .xlsx; an empty file has no header', async () => {
    await expect(readTable(file('x.txt', 'a'))).rejects.toThrow(FileFormatError);
    await expect(readTable(file('x.txt', 'a'))).rejects.toThrow('unsupported file type ".txt"; use .csv or .xlsx');
    await expect(readTable(file('empty.csv', '\n\n'))).rejects.toThrow('the file is empty');
    await expect(readTable(join(dir, 'missing.csv'))).rejects.toThrow('cannot read the file: ENOENT');
    await expect(readTable(file('bad.xlsx', 'not a zip'))).rejects.toThrow('not a readable .xlsx file');
  });
});
