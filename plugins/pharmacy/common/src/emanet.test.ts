import { describe, expect, it } from 'vitest';
import { canMoveCreditProduct, CREDIT_PRODUCT_STATE_LABELS, CREDIT_PRODUCT_STATES, EMANET_TEXTS, OPEN_CREDIT_PRODUCT_STATES, pageAfterCancel } from './emanet';

describe('credit product states', () => {
  it('has the seeds\' four states, each labelled, two of them open', () => {
    expect([...CREDIT_PRODUCT_STATES]).toEqual(['PENDING', 'ON_CREDIT', 'COMPLETED', 'CANCEL']);
    expect(CREDIT_PRODUCT_STATE_LABELS.ON_CREDIT.tr).toBe('Emanete verildi');
    expect([...OPEN_CREDIT_PRODUCT_STATES]).toEqual(['PENDING', 'ON_CREDIT']);
  });
  it('moves forward only; COMPLETED and CANCEL are final', () => {
    expect(canMoveCreditProduct('PENDING', 'ON_CREDIT')).toBe(true);
    expect(canMoveCreditProduct('ON_CREDIT', 'CANCEL')).toBe(true);
    expect(canMoveCreditProduct('ON_CREDIT', 'COMPLETED')).toBe(true);
    expect(canMoveCreditProduct('ON_CREDIT', 'PENDING')).toBe(false);
    expect(canMoveCreditProduct('COMPLETED', 'CANCEL')).toBe(false);
    expect(canMoveCreditProduct('CANCEL', 'ON_CREDIT')).toBe(false);
    expect(canMoveCreditProduct('CANCEL', 'CANCEL')).toBe(true);
  });
  it("uses the seeds' text for a deposit without a medicine", () => {
    expect(EMANET_TEXTS.PLEASE_CHOOSE_MEDICINE).toBe('Lütfen bir ilaç seçiniz');
    expect(EMANET_TEXTS.PLEASE_CHOOSE_MEDICINE_EN).toBe('Please choose a medicine');
  });
});

describe('pageAfterCancel (seeds 001 §4: back one page when the last became empty)', () => {
  it.each([
    [0, 10, 0, 0],
    [0, 10, 5, 0],
    [1, 10, 11, 1],
    [1, 10, 10, 0],
    [2, 10, 20, 1],
    [3, 10, 31, 3],
    [5, 10, 12, 1],
    [1, 0, 3, 0],
  ])('page %i, size %i, %i left → page %i', (page, size, total, want) => expect(pageAfterCancel(page, size, total)).toBe(want));
});
