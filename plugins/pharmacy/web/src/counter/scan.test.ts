import { describe, expect, it } from 'vitest';
import { parseDataMatrix } from '@tezgah/core';
import { classifyScan, wireCode } from './scan';

// From ../shared/data/medula-its/gs1_datamatrix_ornekleri_SENTETIK.csv (synthetic).
const RAW_GS = '010869963069718021EGF2KP6NK0JY\x1d1727122810NDJZKH';
const HRI = '(01)08699786092907(21)A6PLLSEL5NRR(17)280800(10)9SC9B';

describe('what the counter input received', () => {
  it('takes a DataMatrix with the GS separator or in the human-readable form as a box', () => {
    const a = classifyScan(RAW_GS, '2026-11-24');
    expect(a.kind).toBe('box');
    if (a.kind === 'box') expect(a.dm).toMatchObject({ barkod: '8699630697180', sn: 'EGF2KP6NK0JY', bn: 'NDJZKH', xd: '2027-12-28' });
    const b = classifyScan(HRI, '2026-11-24');
    expect(b.kind === 'box' && b.dm.xd).toBe('2028-08-31');
  });

  it('calls a code meant as a DataMatrix but off the rule a bad box, never a prescription number, and never throws', () => {
    for (const bad of [
      '010869963069718021EGF2KP6NK0JY\x1d1727132810NDJZKH', // month 13
      '(01)08699786092907(21)A6PLLSEL5NRR(17)280800', // no batch
      '0108699630697180',
      ']d2garbage',
      '010869963069718021<GS>',
    ]) {
      const r = classifyScan(bad);
      expect(r.kind, bad).not.toBe('box');
      expect(r.kind, bad).not.toBe('recete');
    }
  });

  it('reads letters and digits as a prescription number, upper-cased; empty and odd text as such', () => {
    expect(classifyScan(' 1a2b3c4 \n')).toEqual({ kind: 'recete', receteNo: '1A2B3C4' });
    expect(classifyScan('   ')).toEqual({ kind: 'empty' });
    expect(classifyScan('ab cd').kind).toBe('unknown');
  });
});

describe('a code on the wire', () => {
  it('writes the GS separator as <GS>, which reads the same', () => {
    expect(wireCode(RAW_GS)).toBe('010869963069718021EGF2KP6NK0JY<GS>1727122810NDJZKH');
    expect(parseDataMatrix(wireCode(RAW_GS), '2026-11-24')).toEqual(parseDataMatrix(RAW_GS, '2026-11-24'));
  });
});
