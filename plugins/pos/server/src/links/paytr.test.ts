import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { callbackHash, createForm, createToken, deleteToken, kurus, parseCreateAnswer, paytrAdapter, sandboxMerchant, verifyCallbackHash, type LinkRequest } from './paytr';

const m = { id: '123456', key: 'KEYKEYKEY', salt: 'SALTSALT' };
const b64 = (data: string) => createHmac('sha256', m.key).update(data).digest('base64');
const req: LinkRequest = {
  name: 'Kasım cari tahsilatı', price: '12345', currency: 'TL', maxInstallment: 1, linkType: 'collection', lang: 'tr', email: 'ali@example.com',
  callbackLink: 'https://tezgah.example/services/onmuhasebe/api/virtual-payments/callback', callbackId: '7C42', expiryDate: '2026-12-01 18:00:00',
};

describe('PayTR link API protocol', () => {
  it('signs a create with name, price, currency, installments, type, language, the e-mail (or min_count) and the salt', () => {
    expect(createToken(m, req)).toBe(b64('Kasım cari tahsilatı12345TL1collectiontrali@example.comSALTSALT'));
    expect(createToken(m, { ...req, linkType: 'product', email: null, minCount: 1 })).toBe(b64('Kasım cari tahsilatı12345TL1producttr1SALTSALT'));
    expect(createToken(m, req)).not.toBe(createToken({ ...m, salt: 'other' }, req));
  });

  it('writes the create form in PayTR field names', () => {
    const f = createForm(m, req);
    expect(Object.fromEntries(f)).toMatchObject({
      merchant_id: '123456', name: 'Kasım cari tahsilatı', price: '12345', currency: 'TL', max_installment: '1', link_type: 'collection', lang: 'tr',
      email: 'ali@example.com', expiry_date: '2026-12-01 18:00:00', callback_id: '7C42', paytr_token: createToken(m, req),
    });
    expect(f.has('min_count')).toBe(false);
    const p = createForm(m, { ...req, linkType: 'product', email: null, minCount: 1, maxCount: 1 });
    expect(p.get('min_count')).toBe('1');
    expect(p.get('max_count')).toBe('1');
    expect(p.has('email')).toBe(false);
  });

  it('signs a delete with id, merchant id and salt', () => {
    expect(deleteToken(m, 'NB2Zlz3')).toBe(b64('NB2Zlz3123456SALTSALT'));
  });

  it('computes and verifies the callback hash (callback_id + merchant_oid + salt + status + total_amount)', () => {
    const c = { callbackId: '7C42', merchantOid: 'ORD1', status: 'success', totalAmount: '12345' };
    const hash = callbackHash(m, c);
    expect(hash).toBe(b64('7C42ORD1SALTSALTsuccess12345'));
    expect(verifyCallbackHash(m, { ...c, hash })).toBe(true);
    expect(verifyCallbackHash(m, { ...c, totalAmount: '99999', hash })).toBe(false);
    expect(verifyCallbackHash(m, { ...c, hash: 'short' })).toBe(false);
    expect(verifyCallbackHash({ key: m.key, salt: 'x' }, { ...c, hash })).toBe(false);
  });

  it('turns lira into kuruş without floats', () => {
    expect(kurus('123.45')).toBe('12345');
    expect(kurus('0.10')).toBe('10');
    expect(kurus('1000')).toBe('100000');
    expect(kurus('0.07')).toBe('7');
    expect(kurus('99999999999.99')).toBe('9999999999999');
  });

  it('parses the create answer and refuses an error with the provider reason', () => {
    expect(parseCreateAnswer({ status: 'success', id: 'NB2Zlz3', link: 'https://www.paytr.com/link/NB2Zlz3' })).toEqual({ id: 'NB2Zlz3', link: 'https://www.paytr.com/link/NB2Zlz3' });
    expect(() => parseCreateAnswer({ status: 'error', err_msg: 'paytr_token geçersiz' })).toThrow(/paytr_token geçersiz/);
    expect(() => parseCreateAnswer({ status: 'failed', reason: 'limit' })).toThrow(/limit/);
  });

  it('posts form-urlencoded to /odeme/api/link/create and treats a refused connection as unreachable (503)', async () => {
    const seen: { url: string; body: string; type: string }[] = [];
    const fake = (async (url: string, init: RequestInit) => {
      seen.push({ url, body: String(init.body), type: (init.headers as Record<string, string>)['content-type']! });
      return new Response(JSON.stringify({ status: 'success', id: 'X1', link: 'https://www.paytr.com/link/X1' }), { status: 200 });
    }) as unknown as typeof fetch;
    const port = paytrAdapter('https://www.paytr.com/', 1000, fake);
    expect(await port.create(m, req)).toEqual({ id: 'X1', link: 'https://www.paytr.com/link/X1' });
    expect(seen[0]!.url).toBe('https://www.paytr.com/odeme/api/link/create');
    expect(seen[0]!.type).toBe('application/x-www-form-urlencoded');
    expect(new URLSearchParams(seen[0]!.body).get('paytr_token')).toBe(createToken(m, req));
    const down = paytrAdapter('https://x', 1000, (async () => { throw new TypeError('fetch failed'); }) as unknown as typeof fetch);
    await expect(down.create(m, req)).rejects.toMatchObject({ status: 503 });
    const busy = paytrAdapter('https://x', 1000, (async () => new Response('', { status: 503 })) as unknown as typeof fetch);
    await expect(busy.create(m, req)).rejects.toMatchObject({ status: 503 });
  });

  it('derives the sandbox merchants key and salt from the merchant id, deterministically', () => {
    expect(sandboxMerchant('SB7')).toEqual(sandboxMerchant('SB7'));
    expect(sandboxMerchant('SB7').key).not.toBe(sandboxMerchant('SB8').key);
    expect(sandboxMerchant('SB7').key).not.toBe(sandboxMerchant('SB7').salt);
  });
});
