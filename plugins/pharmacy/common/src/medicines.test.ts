import { describe, expect, it } from 'vitest';
import { dosageForm, foldTurkish, strengthOf } from './medicines';

describe('foldTurkish', () => {
  it('folds Turkish letters to upper-case ASCII', () => {
    expect(foldTurkish('çözelti')).toBe('COZELTI');
    expect(foldTurkish('İĞNE ışık Şurup ÜÖ')).toBe('IGNE ISIK SURUP UO');
    expect(foldTurkish('parol')).toBe('PAROL');
  });
});

describe('dosageForm (our heuristic, from the name)', () => {
  it.each([
    ['PAROL 500 MG 20 TABLET', 'TABLET'],
    ['ARVELES 25 MG 20 FILM TABLET', 'TABLET'],
    ['GLIMATINE 400 MG FILM KAPLI TABLET (30 TABLET)', 'TABLET'],
    ['EFERMAG 365 MG 30 EFERVESAN TABLET', 'EFFERVESCENT_TABLET'],
    ['AUGMENTIN BID 400/57 MG ORAL SUSPANSIYON ICIN KURU TOZ 70 ML', 'ORAL_SUSPENSION'],
    ['MAJEZIK 100 MG 15 FILM TABLET', 'TABLET'],
    ['NEXIUM 40 MG 14 KAPSUL', 'CAPSULE'],
    ['BRIOP %0,15 GOZ DAMLASI, COZELTI (5 ML)', 'EYE_DROPS'],
    ['DEKSAMETAZON 8 MG/2 ML ENJEKSIYONLUK COZELTI 1 AMPUL', 'INJECTION'],
    ['BEPANTHEN %5 KREM 30 G', 'CREAM'],
    ['FUCIDIN %2 POMAD 15 G', 'OINTMENT'],
    ['VOLTAREN EMULJEL %1 JEL 50 G', 'GEL'],
    ['CALPOL 120 MG/5 ML ŞURUP 150 ML', 'SYRUP'],
    ['XANAX SR 1 MG 30 UZATILMIS SALIMLI TABLET', 'MODIFIED_RELEASE_TABLET'],
    ['MYSTERY PRODUCT', null],
  ])('%s → %s', (name, form) => expect(dosageForm(name)).toBe(form));
});

describe('strengthOf (our heuristic, from the name)', () => {
  it.each([
    ['PAROL 500 MG 20 TABLET', '500 MG'],
    ['ARVELES 25MG 20 FILM TABLET', '25 MG'],
    ['BRIOP %0,15 GOZ DAMLASI, COZELTI (5 ML)', '%0.15'],
    ['CALPOL 120 MG/5 ML ŞURUP 150 ML', '120 MG/5 ML'],
    ['DEKSAMETAZON 8 MG/ML ENJEKSIYONLUK COZELTI', '8 MG/ML'],
    ['HEPATITIS B IMMUNOGLOBULIN 200 IU/1 ML', '200 IU/1 ML'],
    ['NO STRENGTH HERE', null],
  ])('%s → %s', (name, strength) => expect(strengthOf(name)).toBe(strength));
});
