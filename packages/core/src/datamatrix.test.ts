import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseDataMatrix } from './datamatrix';

/** A minimal CSV reader (quoted fields with commas, doubled quotes). */
function readCsv(text: string): Record<string, string>[] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') { field += '"'; i++; } else if (c === '"') quoted = false; else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') { row.push(field); field = ''; }
    else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(field); field = '';
      if (row.some((f) => f !== '')) rows.push(row);
      row = [];
    } else field += c;
  }
  if (field !== '' || row.length) { row.push(field); rows.push(row); }
  const [head, ...body] = rows;
  return body.map((r) => Object.fromEntries(head!.map((h, i) => [h, r[i] ?? ''])));
}

const examples = readCsv(readFileSync(new URL('./fixtures/gs1_datamatrix_ornekleri_SENTETIK.csv', import.meta.url), 'utf8'));
const GS = '\x1d';
const TODAY = '2026-11-24';

function expected(row: Record<string, string>) {
  const yy = row.skt_17!.slice(0, 2);
  const mm = row.skt_17!.slice(2, 4);
  let dd = row.skt_17!.slice(4, 6);
  const year = 2000 + Number(yy);
  if (dd === '00') dd = String(new Date(Date.UTC(year, Number(mm), 0)).getUTCDate());
  const xd = `${year}-${mm}-${dd}`;
  return {
    barkod: row.barkod13, gtin: row.gtin14, sn: row.seri_21, bn: row.parti_10, xd,
    skt: `${dd}.${mm}.${year}`,
    miad: Math.round((Date.parse(`${xd}T00:00:00Z`) - Date.parse(`${TODAY}T00:00:00Z`)) / 86_400_000),
  };
}

describe('parseDataMatrix on every synthetic example', () => {
  it('reads the fixture', () => {
    expect(examples).toHaveLength(25);
    for (const r of examples) expect(r.gtin14).toBe(`0${r.barkod13}`);
  });

  describe.each(examples.map((r) => [r.urun_adi, r] as const))('%s', (_name, row) => {
    const want = expected(row);
    it('the <GS>-escaped raw form', () => expect(parseDataMatrix(row.datamatrix_ham_gs_kacisli, TODAY)).toEqual(want));
    it('the raw form with a real GS (0x1D)', () => expect(parseDataMatrix(row.datamatrix_ham_hex_gs!.replace('\\x1d', GS), TODAY)).toEqual(want));
    it('the raw form without any separator (a scanner that drops GS)', () => expect(parseDataMatrix(row.datamatrix_ham_gs_kacisli!.replace('<GS>', ''), TODAY)).toEqual(want));
    it('the rule\'s hyphen instead of the separator', () => expect(parseDataMatrix(row.datamatrix_ham_gs_kacisli!.replace('<GS>', '-'), TODAY)).toEqual(want));
    it('the human-readable form', () => expect(parseDataMatrix(row.hri, TODAY)).toEqual(want));
    it('with the ]d2 symbology prefix, a leading FNC1 and the Enter a scanner types', () => {
      expect(parseDataMatrix(`]d2${GS}${row.datamatrix_ham_hex_gs!.replace('\\x1d', GS)}\r\n`, TODAY)).toEqual(want);
    });
    it('in the order 01·17·10·21 with separators', () => {
      const s = `01${row.gtin14}17${row.skt_17}10${row.parti_10}${GS}21${row.seri_21}`;
      expect(parseDataMatrix(s, TODAY)).toEqual(want);
    });
  });
});

describe('parseDataMatrix details', () => {
  const base = '010869963069718021EGF2KP6NK0JY<GS>1727122810NDJZKH';
  it('day 00 is the month\'s last day, leap years included', () => {
    expect(parseDataMatrix('0108699630697180' + '21ABC' + GS + '17280200' + '10B1', TODAY)?.xd).toBe('2028-02-29');
    expect(parseDataMatrix('0108699630697180' + '21ABC' + GS + '17270200' + '10B1', TODAY)?.xd).toBe('2027-02-28');
    expect(parseDataMatrix('0108699630697180' + '21ABC' + GS + '17261100' + '10B1', TODAY)).toMatchObject({ xd: '2026-11-30', skt: '30.11.2026', miad: 6 });
  });
  it('miad is 0 on the expiry day and negative after it', () => {
    expect(parseDataMatrix('0108699630697180' + '21ABC' + GS + '17261124' + '10B1', TODAY)?.miad).toBe(0);
    expect(parseDataMatrix('0108699630697180' + '21ABC' + GS + '17261123' + '10B1', TODAY)?.miad).toBe(-1);
    expect(parseDataMatrix('0108699630697180' + '21ABC' + GS + '17261123' + '10B1', new Date('2026-11-20T22:30:00Z'))?.miad).toBe(2);
  });
  it('defaults today to the current day', () => {
    const r = parseDataMatrix(base);
    expect(r?.xd).toBe('2027-12-28');
    expect(typeof r?.miad).toBe('number');
  });
  it('serials and batches of 1 and 20 characters; lower case kept', () => {
    const sn20 = 'ABCDEFGHIJ0123456789';
    expect(parseDataMatrix(`0108699630697180` + `21${sn20}${GS}17271228` + `10${sn20}`, TODAY)).toMatchObject({ sn: sn20, bn: sn20 });
    expect(parseDataMatrix('0108699630697180' + '21x' + GS + '1727122810y', TODAY)).toMatchObject({ sn: 'x', bn: 'y' });
  });
  it('without a separator the longest serial leaving a valid tail wins (the rule\'s regular expression)', () => {
    // serial AB1728010110XYZ contains "17 280101 10" — the greedy rule keeps it whole
    expect(parseDataMatrix('0108699630697180' + '21AB1728010110XYZ' + '1727123110BATCH', TODAY)).toMatchObject({ sn: 'AB1728010110XYZ', xd: '2027-12-31', bn: 'BATCH' });
    // with the separator the split is the one the printer meant
    expect(parseDataMatrix('0108699630697180' + '21AB' + GS + '172801011' + '0XYZ1727123110BATCH', TODAY)).toMatchObject({ sn: 'AB', xd: '2028-01-01', bn: 'XYZ1727123110BATCH' });
  });
  it('a GS after a fixed-length field is tolerated', () => {
    expect(parseDataMatrix('0108699630697180' + GS + '21ABC' + GS + '17271228' + GS + '10B1', TODAY)?.sn).toBe('ABC');
  });
  it('spaces between the human-readable groups are tolerated', () => {
    expect(parseDataMatrix('(01) 08699630697180 (21) ABC (17) 271228 (10) B1', TODAY)?.bn).toBe('B1');
  });
});

describe('parseDataMatrix rejects malformed input without throwing', () => {
  const ok = '010869963069718021EGF2KP6NK0JY' + GS + '1727122810NDJZKH';
  const cases: [string, unknown][] = [
    ['undefined', undefined],
    ['null', null],
    ['a number', 1234567890123],
    ['an object', { text: ok }],
    ['an array', [ok]],
    ['empty', ''],
    ['blanks', '   \r\n'],
    ['only separators', `${GS}${GS}<GS>`],
    ['only the prefix', ']d2'],
    ['a plain barcode', '8699630697180'],
    ['missing AI 01', '21EGF2KP6NK0JY' + GS + '1727122810NDJZKH'],
    ['missing serial', '01086996306971801727122810NDJZKH'],
    ['missing expiry', '010869963069718021EGF2KP6NK0JY' + GS + '10NDJZKH'],
    ['missing batch', '010869963069718021EGF2KP6NK0JY' + GS + '17271228'],
    ['truncated GTIN', '0108699630697121EGF2KP6NK0JY' + GS + '1727122810NDJZKH'],
    ['GTIN not starting with 0', '011869963069718021EGF2KP6NK0JY' + GS + '1727122810NDJZKH'],
    ['letters in the GTIN', '01086996306971A021EGF2KP6NK0JY' + GS + '1727122810NDJZKH'],
    ['month 13', '010869963069718021EGF2KP6NK0JY' + GS + '1727132810NDJZKH'],
    ['month 00', '010869963069718021EGF2KP6NK0JY' + GS + '1727002810NDJZKH'],
    ['day 32', '010869963069718021EGF2KP6NK0JY' + GS + '1727123210NDJZKH'],
    ['day 31 of a 30-day month', '010869963069718021EGF2KP6NK0JY' + GS + '1727043110NDJZKH'],
    ['30 February', '010869963069718021EGF2KP6NK0JY' + GS + '1728023010NDJZKH'],
    ['month 13 without separator', '010869963069718021EGF2KP6NK0JY1727132810NDJZKH'],
    ['day 32 without separator', '010869963069718021EGF2KP6NK0JY1727123210NDJZKH'],
    ['expiry of 5 digits', '010869963069718021EGF2KP6NK0JY' + GS + '172712210NDJZKH'],
    ['serial of 21 characters', '010869963069718021ABCDEFGHIJ0123456789K' + GS + '1727122810NDJZKH'],
    ['serial of 21 characters without separator', '010869963069718021ABCDEFGHIJ0123456789K1727122810NDJZKH'],
    ['batch of 21 characters', '010869963069718021EGF2KP6NK0JY' + GS + '1727122810ABCDEFGHIJ0123456789K'],
    ['empty serial', '010869963069718021' + GS + '1727122810NDJZKH'],
    ['empty batch', '010869963069718021EGF2KP6NK0JY' + GS + '1727122810'],
    ['a non-alphanumeric serial', '010869963069718021EGF2/KP6NK0JY' + GS + '1727122810NDJZKH'],
    ['a Turkish letter in the serial', '010869963069718021EGFŞKP6NK0JY' + GS + '1727122810NDJZKH'],
    ['a space in the batch', '010869963069718021EGF2KP6NK0JY' + GS + '1727122810NDJ ZKH'],
    ['an unknown AI', '010869963069718021EGF2KP6NK0JY' + GS + '1727122810NDJZKH' + GS + '240ABC'],
    ['an AI twice', '010869963069718021EGF2KP6NK0JY' + GS + '1727122810NDJZKH' + GS + '21XYZ'],
    ['order 01·17·10·21 without separators', '0108699630697180172712281' + '0NDJZKH21EGF2KP6NK0JY'],
    ['order 01·10·21·17 with the batch not closed', '010869963069718010NDJZKH21EGF2KP6NK0JY' + GS + '17271228'],
    ['a hyphen not before the expiry', '010869963069718021EGF2KP6NK0JY-10NDJZKH' + GS + '17271228'],
    ['two hyphens', '010869963069718021EGF2KP6NK0JY--1727122810NDJZKH'],
    ['a hyphen after the batch', '010869963069718021EGF2KP6NK0JY1727122810NDJZKH-'],
    ['trailing garbage after the human-readable form', '(01)08699630697180(21)ABC(17)271228(10)B1 x!'],
    ['human-readable with a missing group', '(01)08699630697180(21)ABC(10)B1'],
    ['human-readable with an unknown AI', '(01)08699630697180(21)ABC(17)271228(10)B1(99)X'],
    ['human-readable with a broken parenthesis', '(01)08699630697180(21ABC(17)271228(10)B1'],
    ['truncated in the middle of the expiry', '010869963069718021EGF2KP6NK0JY' + GS + '17271'],
    ['a huge string', '01' + '0'.repeat(100_000)],
    ['a huge valid-looking string', ok.repeat(20)],
    ['unicode noise', '💊010869963069718021EGF2KP6NK0JY' + GS + '1727122810NDJZKH'],
    ['a lone surrogate', '\ud800' + ok],
    ['NUL characters', ok.replace('21', '2\u00001')],
    ['a symbology prefix other than ]d2', ']Q3' + ok],
  ];
  it.each(cases)('%s', (_name, input) => {
    expect(() => parseDataMatrix(input, TODAY)).not.toThrow();
    expect(parseDataMatrix(input, TODAY)).toBeNull();
  });
  it('an unreadable today gives no result rather than a wrong miad', () => {
    expect(parseDataMatrix(ok, 'yesterday')).toBeNull();
    expect(parseDataMatrix(ok, new Date('x'))).toBeNull();
  });
  it('random strings never throw', () => {
    let seed = 20261124;
    const rnd = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff);
    const alphabet = '0123456789ABCZ-()<>GS\x1d]d2 ';
    for (let n = 0; n < 3000; n++) {
      const len = Math.floor(rnd() * 80);
      let s = '';
      for (let i = 0; i < len; i++) s += alphabet[Math.floor(rnd() * alphabet.length)];
      expect(() => parseDataMatrix(s, TODAY)).not.toThrow();
      // and mutations of a valid code
      const m = ok.split('');
      m[Math.floor(rnd() * m.length)] = alphabet[Math.floor(rnd() * alphabet.length)]!;
      const r = parseDataMatrix(m.join(''), TODAY);
      if (r) expect(r.gtin).toBe(`0${r.barkod}`);
    }
  });
});
