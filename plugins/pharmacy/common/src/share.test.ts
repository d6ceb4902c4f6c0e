import { describe, expect, it } from 'vitest';
import { computeShare, DEFAULT_SHARE_RULES, prescriptionCopayFor, shareRules, type ShareInput } from './share';

const line = (unitPrice: string, count = 1, referencePrice: string | null = null, covered = true) => ({ unitPrice, referencePrice, count, covered });
const base = (over: Partial<ShareInput> = {}): ShareInput => ({ lines: [line('100.00')], patientStatus: 'ACTIVE', ...over });

describe('computeShare', () => {
  it('an active worker, one box without reference price: 5 TL + 20%', () => {
    expect(computeShare(base())).toEqual({
      prescriptionCopay: '5.00', drugCopay: '20.00', examinationCopay: '0.00', priceDifference: '0.00', uncovered: '0.00',
      total: '100.00', patientPayable: '25.00', institutionPayable: '75.00',
    });
  });
  it('a retiree pays 10%', () => {
    expect(computeShare(base({ patientStatus: 'RETIRED' }))).toMatchObject({ drugCopay: '10.00', patientPayable: '15.00', institutionPayable: '85.00' });
  });
  it('the exempt pay neither co-payment', () => {
    expect(computeShare(base({ patientStatus: 'EXEMPT' }))).toMatchObject({ prescriptionCopay: '0.00', drugCopay: '0.00', patientPayable: '0.00', institutionPayable: '100.00' });
  });
  it('up to 3 boxes: 5 TL; each further box +1 TL', () => {
    expect(computeShare(base({ lines: [line('10.00', 3)] })).prescriptionCopay).toBe('5.00');
    expect(computeShare(base({ lines: [line('10.00', 2), line('10.00', 2)] })).prescriptionCopay).toBe('6.00');
    expect(computeShare(base({ lines: [line('10.00', 7)] })).prescriptionCopay).toBe('9.00');
    expect(prescriptionCopayFor(0).toFixed(2)).toBe('0.00');
    expect(prescriptionCopayFor(1).toFixed(2)).toBe('5.00');
  });
  it('uncovered boxes do not count for the prescription co-payment and are paid whole', () => {
    const r = computeShare(base({ lines: [line('10.00', 3), line('40.00', 2, null, false)] }));
    expect(r).toMatchObject({ prescriptionCopay: '5.00', drugCopay: '6.00', uncovered: '80.00', total: '110.00', patientPayable: '91.00', institutionPayable: '19.00' });
  });
  it('price difference above the reference price, per box, and the drug co-payment on the reference', () => {
    const r = computeShare(base({ lines: [line('120.00', 2, '100.00')] }));
    expect(r).toMatchObject({ priceDifference: '40.00', drugCopay: '40.00', prescriptionCopay: '5.00', total: '240.00', patientPayable: '85.00', institutionPayable: '155.00' });
  });
  it('no price difference when the box is cheaper than the reference', () => {
    const r = computeShare(base({ lines: [line('80.00', 1, '100.00')] }));
    expect(r).toMatchObject({ priceDifference: '0.00', drugCopay: '16.00' });
  });
  it('the exempt still pay the price difference', () => {
    expect(computeShare(base({ patientStatus: 'EXEMPT', lines: [line('120.00', 1, '100.00')] }))).toMatchObject({ priceDifference: '20.00', patientPayable: '20.00', institutionPayable: '100.00' });
  });
  it('the examination co-payment is taken as given and added', () => {
    expect(computeShare(base({ examinationCopay: '10' }))).toMatchObject({ examinationCopay: '10.00', patientPayable: '35.00', institutionPayable: '65.00' });
  });
  it('the patient never pays more than the total', () => {
    const r = computeShare(base({ lines: [line('3.00')], examinationCopay: '10.00' }));
    expect(r).toMatchObject({ total: '3.00', patientPayable: '3.00', institutionPayable: '0.00' });
  });
  it('rounding: half up at kuruş', () => {
    // 20% of 12.345 covered... per-box price 4.115 × 3 = 12.345 → 2.469 → 2.47
    expect(computeShare(base({ lines: [line('4.115', 3)] }))).toMatchObject({ drugCopay: '2.47', total: '12.35' });
    // 10% of 0.05 = 0.005 → 0.01
    expect(computeShare(base({ patientStatus: 'RETIRED', lines: [line('0.05')] })).drugCopay).toBe('0.01');
    // price difference 0.005 per box rounds per line: (1.005 − 1.00) × 1 = 0.005 → 0.01
    expect(computeShare(base({ lines: [line('1.005', 1, '1.00')] })).priceDifference).toBe('0.01');
  });
  it('no floating point error: 0.1 + 0.2', () => {
    const r = computeShare(base({ lines: [line('0.1'), line('0.2')], patientStatus: 'EXEMPT' }));
    expect(r.total).toBe('0.30');
    expect(r.institutionPayable).toBe('0.30');
  });
  it('a prescription without coverage (NonPrescription): the patient pays everything, no co-payments', () => {
    expect(computeShare(base({ type: 'NonPrescription', lines: [line('50.00', 2)] }))).toMatchObject({
      prescriptionCopay: '0.00', drugCopay: '0.00', uncovered: '100.00', patientPayable: '100.00', institutionPayable: '0.00',
    });
  });
  it('MANUAL mode: the pharmacist\'s amount, within 0 … total', () => {
    expect(computeShare(base({ mode: 'MANUAL', manualAmount: '12.5' }))).toMatchObject({ patientPayable: '12.50', institutionPayable: '87.50', drugCopay: '20.00' });
    expect(computeShare(base({ mode: 'MANUAL', manualAmount: '500' })).patientPayable).toBe('100.00');
    expect(computeShare(base({ mode: 'MANUAL', manualAmount: '-3' })).patientPayable).toBe('0.00');
    expect(computeShare(base({ mode: 'MANUAL', manualAmount: null })).patientPayable).toBe('0.00');
    expect(computeShare(base({ mode: 'MANUAL', manualAmount: '12,345' })).patientPayable).toBe('12.35');
  });
  it('no lines: all zero', () => {
    expect(computeShare(base({ lines: [] }))).toEqual({
      prescriptionCopay: '0.00', drugCopay: '0.00', examinationCopay: '0.00', priceDifference: '0.00', uncovered: '0.00', total: '0.00', patientPayable: '0.00', institutionPayable: '0.00',
    });
  });
  it('a company\'s rules override the defaults', () => {
    const rules = { prescriptionCopay: '3.00', prescriptionCopayPerExtraBox: '0.50', drugCopayRate: { ACTIVE: '0.25' } as never };
    expect(computeShare(base({ lines: [line('100.00', 5)], rules }))).toMatchObject({ prescriptionCopay: '4.00', drugCopay: '125.00' });
    expect(shareRules({ drugCopayRate: { ACTIVE: '0.25' } } as never).drugCopayRate).toEqual({ ACTIVE: '0.25', RETIRED: '0.10', EXEMPT: '0' });
    expect(shareRules(null)).toEqual({ ...DEFAULT_SHARE_RULES, drugCopayRate: { ...DEFAULT_SHARE_RULES.drugCopayRate } });
  });
  it('reads the settings\' flat shape, and keeps the default for a value that is not valid', () => {
    const flat = { prescriptionCopay: '3', 'drugCopayRate.RETIRED': 0.15, prescriptionCopayExemptColors: 'green, red', prescriptionCopayBoxes: '2' };
    expect(shareRules(flat)).toEqual({
      prescriptionCopay: '3', prescriptionCopayBoxes: 2, prescriptionCopayPerExtraBox: '1.00',
      drugCopayRate: { ACTIVE: '0.20', RETIRED: '0.15', EXEMPT: '0' }, prescriptionCopayExemptColors: ['GREEN', 'RED'],
    });
    const bad = shareRules({ prescriptionCopay: '-5', 'drugCopayRate.ACTIVE': '1.5', prescriptionCopayPerExtraBox: 'abc', prescriptionCopayBoxes: '2.5' });
    expect(bad).toMatchObject({ prescriptionCopay: '5.00', prescriptionCopayPerExtraBox: '1.00', prescriptionCopayBoxes: 3, drugCopayRate: { ACTIVE: '0.20' } });
    expect(computeShare(base({ patientStatus: 'RETIRED', rules: flat as never }))).toMatchObject({ prescriptionCopay: '3.00', drugCopay: '15.00' });
  });
  it('colours exempted by the rules take no prescription co-payment', () => {
    const rules = { prescriptionCopayExemptColors: ['GREEN' as const] };
    expect(computeShare(base({ color: 'GREEN', rules })).prescriptionCopay).toBe('0.00');
    expect(computeShare(base({ color: 'RED', rules })).prescriptionCopay).toBe('5.00');
  });
  it('a negative reference price counts as zero (the box is a price difference)', () => {
    expect(computeShare(base({ lines: [line('10.00', 1, '-1')] }))).toMatchObject({ priceDifference: '10.00', drugCopay: '0.00' });
  });
  it('patientPayable + institutionPayable = total, always', () => {
    let seed = 7;
    const rnd = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff);
    for (let n = 0; n < 500; n++) {
      const lines = Array.from({ length: Math.floor(rnd() * 5) }, () => line((rnd() * 500).toFixed(3), Math.floor(rnd() * 6), rnd() < 0.5 ? (rnd() * 500).toFixed(2) : null, rnd() < 0.8));
      const r = computeShare({ lines, patientStatus: (['ACTIVE', 'RETIRED', 'EXEMPT'] as const)[n % 3]!, examinationCopay: (rnd() * 20).toFixed(2) });
      expect(Number(r.patientPayable)).toBeLessThanOrEqual(Number(r.total));
      expect((Math.round(Number(r.patientPayable) * 100) + Math.round(Number(r.institutionPayable) * 100))).toBe(Math.round(Number(r.total) * 100));
    }
  });
  it('refuses impossible lines', () => {
    expect(() => computeShare(base({ lines: [line('10', 1.5)] }))).toThrow();
    expect(() => computeShare(base({ lines: [line('-10')] }))).toThrow();
    expect(() => computeShare(base({ lines: [line('abc')] }))).toThrow();
  });
});
