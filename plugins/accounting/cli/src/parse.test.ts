/** Reading files and mapping their columns: CSV and XLSX made here, Turkish headers and numbers, bad rows. */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import writeXlsxFile from 'write-excel-file/node';
import { fold, mapColumns, parseRow, type ColumnSpec } from './columns';
import { currentColumns } from './currents';
import { productColumns } from './products';
import { checkWritable, decodeText, detectDelimiter, FileFormatError, isDateFormatCode, parseCsv, plainNumber, readTable, writeTable } from './sheet';
import { CITIES, COUNTRIES, SUBDIVISIONS, TAX_OFFICES, UNITS, WAREHOUSES } from './testing/fake-api';
import { MAIN_NS, REL_NS, workbook, worksheet, writeZip, type Part } from './testing/xlsx';
import { declareInflatedSize } from '../../../../packages/server/test/zip';

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

describe('XLSX cells', () => {
  const date = (y: number, m: number, d: number, h = 0) => new Date(Date.UTC(y, m - 1, d, h));

  it('reads what write-excel-file writes as the whole-sheet reader did: text trimmed, booleans, dates, numbers, empty cells', async () => {
    const path = join(dir, 'kinds.xlsx');
    await writeXlsxFile(
      [
        ['Ad', 'Aktif', 'Tarih', 'Tutar', 'Not', 'Boş'],
        ['  Şeker ', true, date(2024, 2, 29), 0.1, null, null],
        [null, null, null, null, null, null],
        [null, false, date(1900, 3, 1), -12.5, 'son', null],
      ],
      { dateFormat: 'dd.mm.yyyy' },
    ).toFile(path);
    expect(await readTable(path)).toEqual({
      headers: ['Ad', 'Aktif', 'Tarih', 'Tutar', 'Not', 'Boş'],
      rows: [
        { row: 2, cells: ['Şeker', true, date(2024, 2, 29), 0.1, null, null] },
        { row: 4, cells: [null, false, date(1900, 3, 1), -12.5, 'son', null] },
      ],
    });
  });

  it('follows the workbook to its first sheet; inline and rich text, formulas, errors, styles, and the row numbers Excel shows', async () => {
    const path = join(dir, 'crafted.xlsx');
    const strings =
      '<si><t>Ad</t></si>' +
      // Rich text: the runs joined, the phonetic reading left out.
      '<si><r><rPr><b/></rPr><t>Kalın</t></r><r><t xml:space="preserve"> yazı</t></r><rPh sb="0" eb="1"><t>カ</t></rPh></si>' +
      '<si><t xml:space="preserve">   </t></si><si><t>Tarih</t></si><si><t>A_x0026_B</t></si>';
    const styles =
      '<numFmts count="3"><numFmt numFmtId="164" formatCode="[$-41F]dd/mm/yyyy;@"/><numFmt numFmtId="165" formatCode="#,##0.00 &quot;TL&quot;"/>' +
      '<numFmt numFmtId="166" formatCode="[Red]0.00\\ &quot;gün&quot;"/></numFmts>' +
      '<cellStyleXfs count="2"><xf numFmtId="0"/><xf numFmtId="14"/></cellStyleXfs>' +
      '<cellXfs count="6"><xf numFmtId="0" xfId="0"/><xf numFmtId="14" xfId="0"/><xf numFmtId="164" xfId="0"/><xf numFmtId="165" xfId="0"/><xf xfId="1"/><xf numFmtId="166" xfId="0"/></cellXfs>';
    // The first sheet's part is not sheet1.xml (that is the second sheet) and its target is absolute; its elements carry a prefix.
    const first =
      `<?xml version="1.0" encoding="UTF-8"?><x:worksheet xmlns:x="${MAIN_NS}"><x:dimension ref="A2:E9"/><x:sheetData>` +
      '<x:row r="2"><x:c r="A2" t="s"><x:v>0</x:v></x:c><x:c r="B2" t="s"><x:v>3</x:v></x:c><x:c r="C2" t="inlineStr"><x:is><x:t>Tutar</x:t></x:is></x:c>' +
      '<x:c r="D2" t="inlineStr"><x:is><x:t>Durum</x:t></x:is></x:c><x:c r="E2" t="inlineStr"><x:is><x:t>Hata</x:t></x:is></x:c></x:row>' +
      '<x:row r="4"><x:c r="A4" t="s"><x:v>1</x:v></x:c><x:c r="B4" s="1"><x:v>45351</x:v></x:c><x:c r="C4" s="3"><x:v>1234.5</x:v></x:c>' +
      '<x:c r="D4" t="b"><x:v>1</x:v></x:c><x:c r="E4" t="e"><x:f>1/0</x:f><x:v>#N/A</x:v></x:c></x:row>' +
      '<x:row r="5"><x:c r="A5" s="3"/><x:c r="B5" t="s"><x:v>2</x:v></x:c><x:c r="C5" t="inlineStr"><x:is><x:t> </x:t></x:is></x:c></x:row>' +
      '<x:row><x:c t="inlineStr"><x:is><x:r><x:t>iki</x:t></x:r><x:r><x:t xml:space="preserve"> parça</x:t></x:r></x:is></x:c><x:c s="2"><x:v>45351.5</x:v></x:c>' +
      '<x:c t="str"><x:f>A4</x:f><x:v>formül &amp; sonuç</x:v></x:c><x:c s="4"><x:v>45351</x:v></x:c><x:c s="5"><x:v>3</x:v></x:c></x:row>' +
      '<x:row r="9"><x:c r="C9"><x:v>7</x:v></x:c><x:c r="E9" t="s"><x:v>4</x:v></x:c></x:row>' +
      '</x:sheetData></x:worksheet>';
    const parts = workbook(worksheet('<row r="1"><c r="A1" t="inlineStr"><is><t>İkinci sayfa</t></is></c></row>'), {
      strings,
      styles,
      extra: {
        'xl/workbook.xml':
          `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${MAIN_NS}" xmlns:r="${REL_NS}"><workbookPr/><sheets>` +
          '<sheet name="Veri" sheetId="2" r:id="rId7"/><sheet name="Sayfa1" sheetId="1" r:id="rId1"/></sheets></workbook>',
        'xl/_rels/workbook.xml.rels':
          '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
          `<Relationship Id="rId1" Type="${REL_NS}/worksheet" Target="worksheets/sheet1.xml"/>` +
          `<Relationship Id="rId7" Type="${REL_NS}/worksheet" Target="/xl/worksheets/veri.xml"/>` +
          `<Relationship Id="rId2" Type="${REL_NS}/sharedStrings" Target="sharedStrings.xml"/><Relationship Id="rId3" Type="${REL_NS}/styles" Target="../xl/styles.xml"/>` +
          '</Relationships>',
        'xl/worksheets/veri.xml': first,
      },
    });
    await writeZip(path, parts);
    const t = await readTable(path);
    expect(t.headers).toEqual(['Ad', 'Tarih', 'Tutar', 'Durum', 'Hata']);
    expect(t.rows).toEqual([
      // 45351 is 2024-02-29 in the 1900 system; "#,##0.00 TL" is a number format, not a date.
      { row: 4, cells: ['Kalın yazı', date(2024, 2, 29), 1234.5, true, '#N/A'] },
      // A row without `r` follows the one before it (5, blank and left out); cells without `r` follow theirs.
      { row: 6, cells: ['iki parça', date(2024, 2, 29, 12), 'formül & sonuç', date(2024, 2, 29), 3] },
      { row: 9, cells: [null, null, 7, null, 'A&B'] },
    ]);
  });

  it('honours the 1904 date system', async () => {
    const path = join(dir, 'date1904.xlsx');
    const styles = '<cellXfs count="2"><xf numFmtId="0"/><xf numFmtId="22"/></cellXfs>';
    await writeZip(
      path,
      workbook(worksheet('<row r="1"><c r="A1" t="inlineStr"><is><t>Tarih</t></is></c></row><row r="2"><c r="A2" s="1"><v>43889.75</v></c></row><row r="3"><c r="A3"><v>43889</v></c></row>'), {
        styles,
        date1904: true,
      }),
    );
    expect((await readTable(path)).rows.map((r) => r.cells[0])).toEqual([date(2024, 2, 29, 18), 43889]);
  });

  it('tells date number formats from others', () => {
    for (const code of ['dd.mm.yyyy', 'd/m/yy h:mm', '[$-41F]d mmmm yyyy;@', 'hh:mm:ss', '[h]:mm', 'yyyy"-"mm']) expect(isDateFormatCode(code), code).toBe(true);
    for (const code of ['General', '0.00', '#,##0.00 "TL"', '[Red]#,##0;-#,##0', '0.00E+00', '_-* #,##0_-', '0\\d', '@', '"Days: "0']) expect(isDateFormatCode(code), code).toBe(false);
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

  it('says what is wrong in the run\'s language, the library\'s own words kept as the detail', async () => {
    const said = async (read: Promise<unknown>) => {
      const e = await read.then(() => null, (x: unknown) => x);
      expect(e).toBeInstanceOf(FileFormatError);
      return [(e as FileFormatError).say('tr'), (e as FileFormatError).say('en')];
    };
    const txt = file('x.txt', 'a');
    expect(await said(readTable(txt))).toEqual([`${txt}: desteklenmeyen dosya türü ".txt"; .csv ya da .xlsx kullanın`, `${txt}: unsupported file type ".txt"; use .csv or .xlsx`]);
    const empty = file('empty.csv', '\n\n');
    expect((await said(readTable(empty)))[0]).toBe(`${empty}: dosya boş; ilk satır sütunların adları olmalı`);
    expect((await said(readTable(join(dir, 'missing.csv'))))[0]).toBe(`${join(dir, 'missing.csv')}: dosya okunamıyor: ENOENT`);
    const [tr] = await said(readTable(file('quote.csv', 'a;b\n"x"y;2\n')));
    expect(tr).toMatch(/^.*quote\.csv: okunabilir bir CSV dosyası değil: .*[Qq]uote/);
    const { 'xl/worksheets/sheet1.xml': _sheet, ...noSheet } = workbook(worksheet(''));
    const path = join(dir, 'no-sheet-tr.xlsx');
    await writeZip(path, noSheet);
    expect((await said(readTable(path)))[0]).toBe(`${path}: okunabilir bir .xlsx dosyası değil: ilk sayfası (xl/worksheets/sheet1.xml) yok`);
  });

  it('refuses a part read whole that would inflate past its bound (a zip bomb) before inflating it', async () => {
    const path = join(dir, 'bomb.xlsx');
    await writeZip(path, workbook(worksheet('<row r="1"><c r="A1" t="s"><v>0</v></c></row>'), { strings: '<si><t>Ürün Adı</t></si>' }));
    // The central directory says what each entry inflates to: claim 300 MB for the shared strings.
    writeFileSync(path, declareInflatedSize(readFileSync(path), 'xl/sharedStrings.xml', 300 * 1024 * 1024));
    const e = await readTable(path).then(() => null, (x: unknown) => x);
    expect(e).toBeInstanceOf(FileFormatError);
    expect((e as FileFormatError).say('en')).toBe(`${path}: not a readable .xlsx file: xl/sharedStrings.xml is over 256 MB inflated, more than is read`);
    expect((e as FileFormatError).say('tr')).toBe(`${path}: okunabilir bir .xlsx dosyası değil: xl/sharedStrings.xml açıldığında 256 MB'tan büyük; bu kadarı okunmaz`);
  });

  it('refuses, before any work, a file that cannot be written; a write that fails is the file\'s problem too', async () => {
    const nowhere = join(dir, 'no-such-folder', 'out.csv');
    const refused = await checkWritable(nowhere).then(() => null, (e: unknown) => e);
    expect(refused).toBeInstanceOf(FileFormatError);
    expect((refused as FileFormatError).say('tr')).toBe(`${nowhere}: dosya yazılamıyor: ENOENT`);
    const folder = join(dir, 'a-folder.csv');
    mkdirSync(folder, { recursive: true });
    await expect(checkWritable(folder)).rejects.toThrow(`${folder}: cannot write the file: EISDIR`);
    await expect(checkWritable(join(dir, 'out.txt'))).rejects.toThrow('unsupported file type ".txt"');
    await expect(checkWritable(join(dir, 'fine.csv'))).resolves.toBeUndefined();
    await expect(writeTable(nowhere, ['Ad'], [['x']])).rejects.toThrow(`${nowhere}: cannot write the file: ENOENT`);
  });

  it('an .xlsx without a workbook or its sheet, with malformed XML, or with nothing in its sheet', async () => {
    const { 'xl/worksheets/sheet1.xml': _sheet, ...noSheet } = workbook(worksheet(''));
    const cases: [string, Record<string, Part>, string][] = [
      ['no-workbook.xlsx', { 'xl/worksheets/sheet1.xml': worksheet('') }, 'not a readable .xlsx file: it has no workbook'],
      ['no-sheet.xlsx', noSheet, 'not a readable .xlsx file: its first sheet (xl/worksheets/sheet1.xml) is missing'],
      ['malformed.xlsx', workbook('<worksheet><sheetData><row r="1"><c r="A1"><v>1</c></row></sheetData></worksheet>'), 'not a readable .xlsx file'],
      ['blank.xlsx', workbook(worksheet('<row r="1"><c r="A1" t="inlineStr"><is><t> </t></is></c></row>')), 'the file is empty'],
    ];
    for (const [name, parts, message] of cases) {
      const path = join(dir, name);
      await writeZip(path, parts);
      const read = readTable(path);
      await expect(read, name).rejects.toThrow(FileFormatError);
      await expect(read, name).rejects.toThrow(`${path}: ${message}`);
    }
  });
});
