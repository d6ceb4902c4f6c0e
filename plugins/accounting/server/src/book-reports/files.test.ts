import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { readSheet } from 'read-excel-file/node';
import { fileSlug, pdf, pdfLayout, trDate, trMoney, trQuantity, xlsx, type Column } from './files';
import { mapsCharacter, pageCount } from './testing';
import { fitsOneFile, MAX_FILE_ROWS } from './common';

describe('book report files', () => {
  it('writes amounts and days the Turkish way, with decimals, never a float', () => {
    expect(trMoney('1999.9')).toBe('1.999,90');
    expect(trMoney(-1234567)).toBe('-1.234.567,00');
    expect(trMoney(new Decimal('0.1').plus('0.2'))).toBe('0,30');
    expect(trMoney('999999999999999.99')).toBe('999.999.999.999.999,99');
    expect(trMoney('-0.001')).toBe('0,00');
    expect(trMoney(null)).toBe('0,00');
    expect(trQuantity('7.875')).toBe('7,875');
    expect(trQuantity(new Decimal('1234.500'))).toBe('1.234,50');
    expect(trQuantity(12)).toBe('12,00');
    expect(trDate('2026-03-10')).toBe('10.03.2026');
    expect(fileSlug('cari-ekstre-Şahin Çiçekçilik İĞÜÖ-2026-01-01')).toBe('cari-ekstre-sahin-cicekcilik-iguo-2026-01-01');
  });

  it('refuses a file longer than its format takes, asking for a shorter period', () => {
    expect(() => fitsOneFile('pdf', MAX_FILE_ROWS.pdf)).not.toThrow();
    expect(() => fitsOneFile('pdf', 20_001)).toThrow(expect.objectContaining({
      status: 400, fieldErrors: [{ field: 'endDate', code: 'FILE_TOO_LARGE', message: 'Bu dönemde 20.001 satır var; bir PDF dosyası en fazla 20.000 satır alır. Daha kısa bir dönem seçin.' }],
    }));
    expect(() => fitsOneFile('xlsx', 20_001)).not.toThrow();
  });

  const columns: Column[] = [
    { header: 'Tarih', kind: 'date', width: 11 },
    { header: 'Açıklama', width: 40 },
    { header: 'Borç', kind: 'money', width: 15, blankZero: true, carry: true },
    { header: 'Alacak', kind: 'money', width: 15, blankZero: true, carry: true },
  ];

  it('writes a sheet that reads back: heading, header row, numbers and dates as such, totals', async () => {
    const bytes = await xlsx('Deneme: [1]', columns, [['2026-01-31', 'Şişli ışık', '1999.90', 0], ['2026-02-01', 'İade', null, new Decimal('10.05')]],
      { heading: { company: 'Demo Ticaret A.Ş.', title: 'Deneme', period: '01.01.2026 – 31.12.2026' }, totals: ['', 'Toplam', '1999.90', '10.05'] });
    const rows = await readSheet(bytes);
    expect(rows[0]).toEqual(['Demo Ticaret A.Ş.', null, null, null]);
    expect(rows[2]![0]).toBe('Dönem: 01.01.2026 – 31.12.2026');
    expect(rows[4]).toEqual(['Tarih', 'Açıklama', 'Borç', 'Alacak']);
    expect(rows[5]).toEqual([new Date(Date.UTC(2026, 0, 31)), 'Şişli ışık', 1999.9, null]);
    expect(rows[6]).toEqual([new Date(Date.UTC(2026, 1, 1)), 'İade', null, 10.05]);
    expect(rows[7]).toEqual([null, 'Toplam', 1999.9, 10.05]);
  });

  it('writes a PDF with the embedded font, Turkish letters and as many pages as its rows need', async () => {
    const heading = { company: 'Demo Ticaret A.Ş.', title: 'Yevmiye Defteri — ğüşıöç', period: '01.01.2026 – 31.12.2026', lines: ['İkinci satır'] };
    const layout = pdfLayout(columns, heading, { carry: true, totals: true });
    expect(layout.landscape).toBe(false);
    const n = layout.rowsPerPage * 2 + 1;
    const rows = Array.from({ length: n }, (_, i) => ['2026-01-01', `Satır ${i}`, '1.00', '1.00']);
    const bytes = await pdf(heading, columns, rows, ['', 'Toplam', String(n), String(n)], { carry: { labelColumn: 1 } });
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pageCount(bytes)).toBe(3);
    expect(bytes.toString('latin1')).toMatch(/\/BaseFont \/[A-Z]{6}\+DejaVuSans\b/);
    expect(bytes.toString('latin1')).toMatch(/\/BaseFont \/[A-Z]{6}\+DejaVuSans-Bold\b/);
    for (const ch of 'ŞİğüşıöçÖ') expect(mapsCharacter(bytes, ch), ch).toBe(true);
    const one = await pdf(heading, columns, [], ['', 'Toplam', 0, 0]);
    expect(pageCount(one)).toBe(1);
    // Wide tables turn the page.
    expect(pdfLayout([...columns, ...columns], heading).landscape).toBe(true);
  });
});
