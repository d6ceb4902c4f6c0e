import { describe, expect, it } from 'vitest';
import {
  AppMode,
  ClientType,
  CompanyType,
  CURRENCIES,
  currencyById,
  DEFAULT_SECTOR,
  DEFAULT_THEME,
  ErpType,
  isEczanem,
  LegalForm,
  MEDULA_CLIENT_TYPES,
  NOTIFICATION_SECONDS,
  PAGE_SIZE_DEFAULT,
  PAGE_SIZE_MAX,
  PAGE_SIZE_OPTIONS,
  PRIMARY_COLOR,
  RETAIL_CLIENT_TYPES,
  Sector,
  SECTOR_NAMES_TR,
  Theme,
  VAT_RATES,
} from './constants';

describe('paging', () => {
  it('has the seed page sizes', () => {
    expect(PAGE_SIZE_DEFAULT).toBe(10);
    expect(PAGE_SIZE_OPTIONS).toEqual([10, 25, 50, 100]);
    expect(PAGE_SIZE_OPTIONS).toContain(PAGE_SIZE_DEFAULT);
    expect(PAGE_SIZE_MAX).toBe(1000);
  });
});

describe('currencies', () => {
  it('lists the ten currencies by index', () => {
    expect(CURRENCIES.map((c) => c.code)).toEqual(['TL', 'USD', 'EUR', 'CAD', 'SEK', 'RUB', 'JPY', 'AUD', 'GBP', 'SAR']);
    expect(CURRENCIES.map((c) => c.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(CURRENCIES[0]).toEqual({ id: 1, code: 'TL', name: 'Türk Lirası', symbol: '₺' });
    for (const c of CURRENCIES) {
      expect(c.name).toMatch(/\S/);
      expect(c.symbol).toMatch(/\S/);
    }
  });

  it('looks currencies up by id', () => {
    expect(currencyById(3)?.code).toBe('EUR');
    expect(currencyById(11)).toBeUndefined();
    expect(currencyById(null)).toBeUndefined();
  });
});

describe('other constants', () => {
  it('has the seed values', () => {
    expect(VAT_RATES).toEqual([20, 10, 1, 0]);
    expect(NOTIFICATION_SECONDS).toBe(3);
    expect(PRIMARY_COLOR).toBe('#4b7cf3');
    expect(Object.values(Theme)).toEqual(['default', 'pharmacy', 'pharmacy-light']);
    expect(DEFAULT_THEME).toBe('pharmacy');
    expect(AppMode).toEqual({ STANDARD: 1, PHARMACY: 2 });
    expect(Object.values(CompanyType)).toEqual(['INDIVIDUAL', 'CORPORATION']);
    expect(Object.values(LegalForm)).toEqual(['PERSON', 'CAPITAL']);
  });

  it('groups the client types', () => {
    expect([...MEDULA_CLIENT_TYPES, ...RETAIL_CLIENT_TYPES].sort()).toEqual(Object.values(ClientType).sort());
  });

  it('has the sector keys with Turkish names, pharmacy by default', () => {
    expect(Sector).toEqual({ PHARMACY: 'ECZ', GENERAL: 'GEN', CONSTRUCTION: 'INS' });
    expect(SECTOR_NAMES_TR[Sector.PHARMACY]).toBe('Eczane');
    expect(SECTOR_NAMES_TR[Sector.CONSTRUCTION]).toBe('İnşaat');
    expect(DEFAULT_SECTOR).toBe('ECZ');
  });
});

describe('ErpType', () => {
  it('includes the special eczanem type', () => {
    expect(ErpType.ECZANEM).toBe('ECZANEM');
    expect(Object.values(ErpType)).toEqual(expect.arrayContaining(['STANDARD', 'MEDULA', 'ECZANEM']));
  });

  it('recognises eczanem in any letter case only', () => {
    expect(isEczanem('ECZANEM')).toBe(true);
    expect(isEczanem('eczanem')).toBe(true);
    expect(isEczanem('MEDULA')).toBe(false);
    expect(isEczanem(null)).toBe(false);
    expect(isEczanem(undefined)).toBe(false);
  });
});
