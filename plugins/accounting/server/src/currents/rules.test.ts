import { describe, expect, it } from 'vitest';
import { checkCurrent, complete, ibanProblem, isCurrentAccountCode, normalize, taxNumberProblem, type RuleContext } from './rules';

const chart = new Map([
  ['120', { code: '120', name: 'Alıcılar', level: 3, parent_code: '12', postable: true }],
  ['320', { code: '320', name: 'Satıcılar', level: 3, parent_code: '32', postable: true }],
  ['331', { code: '331', name: 'Ortaklara Borçlar', level: 3, parent_code: '33', postable: true }],
  ['335', { code: '335', name: 'Personele Borçlar', level: 3, parent_code: '33', postable: true }],
]);
const ctx: RuleContext = {
  places: { countries: new Map(), cities: new Map(), subdivisions: new Map(), taxOffices: new Map([[1, { id: 1, code: '6257', name: 'Çankaya', city_id: 6, city_subdivision_id: null, district: 'Merkez' }]]) },
  chart, currencies: new Set([1, 2]), tags: new Set(), today: '2026-11-22',
};

describe('current account rules', () => {
  it('normalises what a request gives and leaves out what it does not', () => {
    expect(normalize({ name: '  Ayşe ', lastName: '   ', iban: 'tr62 0001 0012 3456 7890 1234 56', taxNumber: ' 384 726 15972 ', tagIds: [3, 3, 4] })).toEqual({
      name: 'Ayşe', lastName: null, iban: 'TR620001001234567890123456', taxNumber: '38472615972', tagIds: [3, 4],
    });
    const kept = complete(normalize({ name: 'Yeni' }), complete({ currentAccountType: 'SUPPLIER', name: 'Eski', phone: '555', iban: 'TR620001001234567890123456' }));
    expect(kept).toMatchObject({ currentAccountType: 'SUPPLIER', name: 'Yeni', phone: '555', iban: 'TR620001001234567890123456' });
    expect(complete(normalize({ name: 'Yeni', phone: null }), kept).phone).toBeNull();
  });

  it('gives each type its main account and currency', () => {
    const of = (type: 'CUSTOMER' | 'SUPPLIER' | 'PERSONNEL' | 'PARTNER', extra = {}) => checkCurrent(complete({ currentAccountType: type, name: 'X', taxOfficeId: 1, ...extra }), ctx);
    expect(of('CUSTOMER').value).toMatchObject({ accountGroupCode: '120', currencyId: 1 });
    expect(of('SUPPLIER').value.accountGroupCode).toBe('320');
    expect(of('PERSONNEL', { currencyId: 2 }).value.accountGroupCode).toBe('335');
    expect(of('PARTNER', { partnerType: 'INDIVIDUAL', sharePercentage: 0, capital: 0 })).toMatchObject({ value: { accountGroupCode: '331' }, problems: [] });
    expect(of('PARTNER', { partnerType: 'INDIVIDUAL', sharePercentage: 100, capital: 1 }).problems).toEqual([]);
  });

  it('checks IDs, IBANs and account codes', () => {
    expect(taxNumberProblem('38472615972')).toBeNull();
    expect(taxNumberProblem('7345128907')).toBeNull();
    expect(taxNumberProblem('38472615973')).toMatch(/T.C. kimlik numarası geçersiz/);
    expect(ibanProblem('TR570001004839201746583920')).toBeNull();
    expect(ibanProblem('TR570001004839201746583921')).toMatch(/kontrol basamakları/);
    expect(ibanProblem('GB82WEST12345698765432')).toMatch(/Türkiye/);
    expect(['120', '131', '159', '196', '320', '335', '340', '436'].every(isCurrentAccountCode)).toBe(true);
    expect(['100', '153', '600', '770', '102'].some(isCurrentAccountCode)).toBe(false);
  });
});
