import { describe, expect, it } from 'vitest';
import { UsageError } from '@tezgah/cli';
import { checkOptions, sourcesOf } from './export';
import { resultLine } from './import';
import { progressBar } from './progress';

describe('edoc export: lists and zip downloads', () => {
  const pick = (d?: 'in' | 'out', t?: 'einvoice' | 'earchive' | 'edespatch') => sourcesOf('2026-01-01', '2026-01-31', d, t).map((s) => [s.list, s.zip, s.query.direction ?? '-', s.query.category ?? '-']);

  it('maps --direction and --type to the lists, their filters and the matching zip download', () => {
    expect(pick()).toEqual([
      ['/incoming-outgoing-invoices', '/zip/incoming-outgoing-invoices', '-', '-'],
      ['/incoming-despatches', '/zip/incoming-despatches', '-', '-'],
      ['/outgoing-despatches', '/zip/outgoing-despatches', '-', '-'],
    ]);
    expect(pick('in')).toEqual([
      ['/incoming-outgoing-invoices', '/zip/incoming-invoices', 'INCOMING', '-'],
      ['/incoming-despatches', '/zip/incoming-despatches', '-', '-'],
    ]);
    expect(pick('out', 'earchive')).toEqual([['/incoming-outgoing-invoices', '/zip/outgoing-earchive-invoices', 'OUTGOING', 'EARCHIVE']]);
    expect(pick(undefined, 'einvoice')).toEqual([['/incoming-outgoing-invoices', '/zip/incoming-outgoing-invoices', '-', 'EINVOICE']]);
    expect(pick('out', 'edespatch')).toEqual([['/outgoing-despatches', '/zip/outgoing-despatches', '-', '-']]);
    expect(sourcesOf('2026-01-01', '2026-01-31')[0]!.query).toMatchObject({ startDate: '2026-01-01', endDate: '2026-01-31' });
  });

  it('refuses bad dates, a reversed range, unknown direction or type and a file that is not .zip', () => {
    const ok = { from: '2026-01-01', to: '2026-01-31', out: 'x.zip' };
    expect(() => checkOptions(ok)).not.toThrow();
    for (const bad of [{ from: '2026-13-01' }, { to: '2026-02-30' }, { from: '2026-02-01' }, { direction: 'up' }, { type: 'pdf' }, { out: 'x.tar' }, { out: '/yok/klasor/x.zip' }]) {
      expect(() => checkOptions({ ...ok, ...(bad as object) }), JSON.stringify(bad)).toThrow(UsageError);
    }
  });
});

describe('edoc import lines', () => {
  it('says what happened to each document', () => {
    expect(resultLine({ file: 'FATURA_2.xml', result: 'IMPORTED', documentNo: 'DMY2018625142607' })).toBe('✓ FATURA_2.xml  DMY2018625142607  içe aktarıldı');
    expect(resultLine({ file: 'a.zip/b.xml', result: 'DUPLICATE', documentNo: 'X' })).toBe('= a.zip/b.xml  X  zaten var');
    expect(resultLine({ file: 'bozuk.xml', result: 'FAILED', reason: 'XML okunamadı' })).toBe('✗ bozuk.xml  XML okunamadı');
    // In English the same outcomes in the words the JSON uses (imported, duplicate).
    expect(resultLine({ file: 'FATURA_2.xml', result: 'IMPORTED', documentNo: 'D1' }, 'en')).toBe('✓ FATURA_2.xml  D1  imported');
    expect(resultLine({ file: 'a.xml', result: 'DUPLICATE', documentNo: 'X' }, 'en')).toBe('= a.xml  X  duplicate');
  });
});

describe('progress', () => {
  it('draws a bar in place on a terminal and clears it', () => {
    const out: string[] = [];
    const p = progressBar({ isTTY: true, columns: 100, write: (s: string) => void out.push(s) });
    p.start('İndiriliyor', 200);
    p.update(100);
    p.stop();
    expect(out[1]).toMatch(/^\rİndiriliyor \[█{15}░{15}\] %50 100\/200\x1b\[K$/);
    expect(out.at(-1)).toBe('\r\x1b[K');
  });

  it('prints a line at most once a second elsewhere, and the end of each stage', () => {
    const out: string[] = [];
    let now = 0;
    const p = progressBar({ write: (s: string) => void out.push(s) }, () => now);
    p.start('Zip yazılıyor', 3000);
    now = 10; p.update(1000);
    now = 1500; p.update(2000);
    now = 1600; p.update(3000);
    p.stop();
    expect(out).toEqual(['Zip yazılıyor: 0/3.000 (%0)\n', 'Zip yazılıyor: 2.000/3.000 (%67)\n', 'Zip yazılıyor: 3.000/3.000 (%100)\n']);
  });
});
