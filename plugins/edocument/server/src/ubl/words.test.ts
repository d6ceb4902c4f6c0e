import { describe, expect, it } from 'vitest';
import { amountInWords, TAX_SCHEMES } from './index';

describe('amountInWords', () => {
  it('writes Turkish amounts', () => {
    expect(amountInWords('0.01', 'TRY')).toBe('YALNIZ BİR KURUŞ');
    expect(amountInWords('0', 'TRY')).toBe('YALNIZ SIFIR TÜRK LİRASI');
    expect(amountInWords('1000000', 'TRY')).toBe('YALNIZ BİRMİLYON TÜRK LİRASI');
    expect(amountInWords('1234567.89', 'TRY')).toBe('YALNIZ BİRMİLYONİKİYÜZOTUZDÖRTBİNBEŞYÜZALTMIŞYEDİ TÜRK LİRASI SEKSENDOKUZ KURUŞ');
    expect(amountInWords('1250.25', 'TRY')).toBe('YALNIZ BİNİKİYÜZELLİ TÜRK LİRASI YİRMİBEŞ KURUŞ');
    expect(amountInWords('1000', 'TRY')).toBe('YALNIZ BİN TÜRK LİRASI');
    expect(amountInWords('101001', 'TRY')).toBe('YALNIZ YÜZBİRBİNBİR TÜRK LİRASI');
    expect(amountInWords('99.5', 'USD')).toBe('YALNIZ DOKSANDOKUZ AMERİKAN DOLARI ELLİ SENT');
    expect(amountInWords('2.005', 'EUR')).toBe('YALNIZ İKİ AVRO BİR SENT');
  });
});

describe('TAX_SCHEMES', () => {
  it('names the seed codes it can and leaves out the unknown ones', () => {
    expect(TAX_SCHEMES['0015']).toBe('GERÇEK USULDE KATMA DEĞER VERGİSİ');
    expect(TAX_SCHEMES['0071']).toMatch(/PETROL/);
    for (const code of ['7000', '7001', '7002']) expect(TAX_SCHEMES[code]).toBeUndefined();
  });
});
