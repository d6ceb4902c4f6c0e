import { describe, expect, it } from 'vitest';
import { itsTargetOf, itsUcMessage, utsTargetOf, ITS_TARGETS } from '@tezgah/pharmacy-common';
import { cancelPayload, delivered, frOf, itemsOf, ItsError, productListPayload, salePayload } from './its-client';

describe('İTS payloads', () => {
  it('fr is the İTS user name less its last 4 characters', () => {
    expect(frOf('86800000000010001')).toBe('8680000000001');
    expect(frOf('86999999999990042')).toBe('8699999999999');
    expect(frOf('1234')).toBeNull();
    expect(frOf(null)).toBeNull();
  });

  it('the cancel payload is exactly seeds 001 §7: dt C, fr, to, the document block, productList of gtin, sn, bn, xd', () => {
    const p = cancelPayload({
      fr: frOf('86800000000010001'), to: '0000000000000',
      document: { dd: '2026-11-24', dn: 'ECZ2026000000001', dr: '1A2B3C', eid: '3KLM7PQ', rkn: '998877' },
      productList: [{ gtin: '08699630697180', sn: 'EGF2KP6NK0JY', bn: 'NDJZKH', xd: '2027-12-28' }, { gtin: '08699786092907', sn: 'A6PLLSEL5NRR' }],
    });
    expect(p).toEqual({
      dt: 'C', fr: '8680000000001', to: '0000000000000',
      document: { dd: '2026-11-24', dn: 'ECZ2026000000001', dr: '1A2B3C', cp: null, eid: '3KLM7PQ', rkn: '998877' },
      productList: [
        { gtin: '08699630697180', sn: 'EGF2KP6NK0JY', bn: 'NDJZKH', xd: '2027-12-28' },
        { gtin: '08699786092907', sn: 'A6PLLSEL5NRR', bn: null, xd: null },
      ],
    });
    expect(Object.keys(p)).toEqual(['dt', 'fr', 'to', 'document', 'productList']);
    expect(Object.keys(p.document)).toEqual(['dd', 'dn', 'dr', 'cp', 'eid', 'rkn']);
  });

  it('the sale payload is dt S and sells to the consumer (13 zeros) unless told otherwise', () => {
    const p = salePayload({ fr: '8680000000001', document: { dn: 'X1' }, productList: [{ gtin: '08699630697180', sn: 'S1', bn: 'B', xd: '2027-01-31' }] });
    expect(p.dt).toBe('S');
    expect(p.to).toBe('0000000000000');
    expect(p.document).toEqual({ dd: null, dn: 'X1', dr: null, cp: null, eid: null, rkn: null });
    expect(salePayload({ fr: 'x', to: '8680000000018', document: {}, productList: [] }).to).toBe('8680000000018');
    expect(productListPayload([{ gtin: '08699630697180', sn: 'S1' }])).toEqual({ productList: [{ gtin: '08699630697180', sn: 'S1', bn: null, xd: null }] });
  });
});

describe('İTS answers', () => {
  it('reads productList and responseObjectList, pads codes to 5 digits and adds İTS\'s message', () => {
    expect(itemsOf({ productList: [{ gtin: '08699630697180', sn: 'S1', uc: 0 }] })).toEqual([
      { gtin: '08699630697180', sn: 'S1', uc: '00000', ucMessage: 'Ürün üzerinde gerçekleştirilen işlem başarılıdır.', gln1: null, gln2: null },
    ]);
    const [r] = itemsOf({ responseObjectList: [{ gtin: 'g', sn: 's', uc: '10209', gln1: '8680000000025', gln2: '8680000000018' }] })!;
    expect(r).toMatchObject({ uc: '10209', ucMessage: 'Ürün şu anda başka bir eczane stokunda görünüyor.', gln1: '8680000000025', gln2: '8680000000018' });
    expect(itemsOf({})).toBeNull();
    expect(itemsOf(null)).toBeNull();
  });

  it('maps result codes: success, and what a retry of a stored notification gets, are deliveries; the rest are refusals', () => {
    const us = '8680000000001';
    expect(delivered('ITS_SALE', { uc: '00000', gln1: null }, us)).toBe(true);
    expect(delivered('ITS_SALE', { uc: '10204', gln1: us }, us)).toBe(true);
    expect(delivered('ITS_SALE', { uc: '10204', gln1: '8680000000025' }, us)).toBe(false);
    expect(delivered('ITS_SALE', { uc: '10204', gln1: us }, null)).toBe(false);
    expect(delivered('ITS_SALE', { uc: '10209', gln1: null }, us)).toBe(false);
    expect(delivered('ITS_SALE', { uc: '10211', gln1: null }, us)).toBe(false);
    expect(delivered('ITS_SALE', { uc: '11027', gln1: null }, us)).toBe(false);
    expect(delivered('ITS_SALE_CANCEL', { uc: '10210', gln1: null }, us)).toBe(true);
    expect(delivered('ITS_SALE_CANCEL', { uc: '10219', gln1: null }, us)).toBe(false);
    expect(delivered('ITS_ACCEPT', { uc: '10210', gln1: null }, us)).toBe(true);
    expect(delivered('ITS_ACCEPT', { uc: '10305', gln1: null }, us)).toBe(false);
    expect(itsUcMessage('10204')).toBe('Belirtilen ürün önceden satılmıştır.');
    expect(itsUcMessage('11027')).toBe('Bu reçete kayıt numarası zaten kayıtlı.');
    expect(itsUcMessage('99999')).toBe('İTS sonuç kodu 99999');
  });

  it('only unreachable, timed-out and token failures are retried by themselves', () => {
    expect(new ItsError('UNAVAILABLE', 'x').retryable).toBe(true);
    expect(new ItsError('TIMEOUT', 'x').retryable).toBe(true);
    expect(new ItsError('AUTH', 'x').retryable).toBe(true);
    expect(new ItsError('REFUSED', 'x').retryable).toBe(false);
  });
});

describe('gateway targets', () => {
  it('İTS: the six targets by name or by İTS path; anything else is none', () => {
    expect(itsTargetOf('pharmacysale')).toBe('pharmacysale');
    expect(itsTargetOf('/prescription/app/pharmacysalecancel')).toBe('pharmacysalecancel');
    expect(itsTargetOf('reference/app/check_status')).toBe('check_status');
    expect(itsTargetOf('common/app/accept')).toBe('accept');
    expect(itsTargetOf('verification')).toBe('verification');
    expect(itsTargetOf('errorcode')).toBe('errorcode');
    expect(Object.keys(ITS_TARGETS)).toHaveLength(6);
    expect(itsTargetOf('/wholesale/app/dispatch')).toBeNull();
    expect(itsTargetOf('common/app/deactivation')).toBeNull();
    expect(itsTargetOf('')).toBeNull();
  });

  it('ÜTS: single-product query, receipt and hand-over by name or path', () => {
    expect(utsTargetOf('tekilUrunSorgula')).toBe('tekilUrunSorgula');
    expect(utsTargetOf('/UTS/uh/rest/bildirim/alma/ekle')).toBe('almaBildirimi');
    expect(utsTargetOf('bildirim/tuketiciyeVerme/ekle')).toBe('tuketiciyeVermeBildirimi');
    expect(utsTargetOf('/UTS/rest/tibbiCihaz/urunSorgula')).toBe('tekilUrunSorgula');
    expect(utsTargetOf('bildirim/verme/ekle')).toBeNull();
  });
});
