import { describe, expect, it } from 'vitest';
import { buildBasket, parseCompletion, parseWebhook, signedWebhook, TerminalRefused, TerminalUnreachable, TokenXClient, verifyWebhook, voidBasket } from './tokenx';

const ID = '7f1c2a4e-5b6d-4e8f-9a0b-1c2d3e4f5a6b';

describe('Token X baskets', () => {
  it('puts amounts in kuruş, KDV ×100 and quantity ×1000', () => {
    const b = buildBasket({ basketId: ID, documentNo: 'POS2026000000001', title: 'Satış', total: '123.45', lines: [
      { name: 'Vitamin C 1000 mg', quantity: 2, unitPrice: '50.10', taxPercent: 10 },
      { name: 'Maske', quantity: '1.5', unitPrice: '15.50', taxPercent: 20 },
    ] });
    expect(b.basketID).toBe(ID);
    expect(b.total).toBe(12345);
    expect(b.items[0]).toEqual({ name: 'Vitamin C 1000 mg', price: 5010, sectionNo: 1, taxPercent: 1000, quantity: 2000 });
    expect(b.items[1]).toMatchObject({ price: 1550, taxPercent: 2000, quantity: 1500 });
    expect(b.paymentItems).toEqual([{ type: 'CREDIT_CARD', amount: 12345, description: 'Kredi Kartı' }]);
  });

  it('makes one line of the whole amount when there are none and rounds 0.1 + 0.2 exactly', () => {
    const b = buildBasket({ basketId: ID, documentNo: 'X', title: 'Cari tahsilat', total: '0.30', lines: [] });
    expect(b.items).toEqual([{ name: 'Cari tahsilat', price: 30, sectionNo: 1, taxPercent: 0, quantity: 1000 }]);
    expect(b.total).toBe(30);
  });

  it('marks a void basket with the basket it voids', () => {
    const v = voidBasket({ basketId: ID, voidOf: 'aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee', documentNo: 'D', total: 10 });
    expect(v).toMatchObject({ isVoid: true, voidBasketID: 'aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee', total: 1000 });
  });
});

describe('Token X results', () => {
  it('reads success, decline, cancel and void', () => {
    expect(parseCompletion({ basketID: ID, status: 0, receiptNo: 12, zNo: 41, paymentItems: [{ amount: 100, cardType: 'VISA', maskedPan: '4543******1234' }] }))
      .toMatchObject({ outcome: 'SUCCESS', receiptNo: '12', zNo: '41', cardType: 'VISA' });
    expect(parseCompletion({ basketID: ID, status: 1, paymentItems: [{ amount: 100 }] }).outcome).toBe('SUCCESS');
    expect(parseCompletion({ basketID: ID, status: -1, responseCode: '51', paymentItems: [] })).toMatchObject({ outcome: 'FAILED', responseCode: '51' });
    expect(parseCompletion({ basketID: ID, status: -1, message: 'CANCELLED' }).outcome).toBe('ABORTED');
    expect(parseCompletion({ basketID: ID, status: 0, message: 'CANCELLED', paymentItems: [{}] }).outcome).toBe('ABORTED');
    expect(parseCompletion({ basketID: ID, status: 99 }).outcome).toBe('VOIDED');
    expect(parseCompletion({ basketID: ID, status: -1, message: 'VOID_REJECTED' }, true).outcome).toBe('VOID_FAILED');
  });

  it('parses webhooks and verifies their signature', () => {
    const body = JSON.parse(signedWebhook('s3cret', { event: 'BASKET_COMPLETED', data: { basketID: ID, status: 0, paymentItems: [{ amount: 5 }] } }));
    expect(verifyWebhook('s3cret', body)).toBe(true);
    expect(verifyWebhook('other', body)).toBe(false);
    expect(verifyWebhook('s3cret', { ...body, data: { ...body.data, status: 99 } })).toBe(false);
    expect(parseWebhook(body)?.completion?.outcome).toBe('SUCCESS');
    expect(parseWebhook({ event: 'BASKET_STATUS', data: { basketID: ID, status: 'INPROGRESS' } })?.progress?.status).toBe('INPROGRESS');
    expect(parseWebhook({ event: 'SOMETHING', data: { basketID: ID } })).toBeNull();
    expect(parseWebhook({ data: {} })).toBeNull();
  });
});

describe('the live adapter', () => {
  it('signs in with Basic client-id:secret, then sends the basket with the bearer token and terminal-id', async () => {
    const calls: { url: string; init: RequestInit }[] = [];
    const fake = (async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      if (url.endsWith('/v1/auth/token')) return new Response(JSON.stringify({ status: 0, result: { accessToken: 'tok-1', expiresIn: 86400 } }), { status: 201 });
      return new Response(JSON.stringify({ status: 0, description: 'OK' }), { status: 200 });
    }) as unknown as typeof fetch;
    const c = new TokenXClient({ baseUrl: 'https://tokenx.example/app-store/external/', clientId: 'cid-live-1', clientSecret: 'sec', terminalId: 'AV0001', timeoutMs: 1000 }, fake);
    await c.sendBasket(buildBasket({ basketId: ID, documentNo: 'D', title: 'T', total: 1, lines: [] }));
    expect(calls[0]!.url).toBe('https://tokenx.example/app-store/external/v1/auth/token');
    expect((calls[0]!.init.headers as any).authorization).toBe(`Basic ${Buffer.from('cid-live-1:sec').toString('base64')}`);
    expect(calls[1]!.url).toBe('https://tokenx.example/app-store/external/v1/basket/instant');
    expect((calls[1]!.init.headers as any).authorization).toBe('Bearer tok-1');
    expect((calls[1]!.init.headers as any)['terminal-id']).toBe('AV0001');
    expect(JSON.parse(String(calls[1]!.init.body)).total).toBe(100);
  });

  it('tells unreachable (5xx, network) from refused (4xx, status ≠ 0) and reads a polled basket', async () => {
    const answer = (status: number, body: unknown) => (async (url: string) => url.endsWith('/v1/auth/token')
      ? new Response(JSON.stringify({ status: 0, result: { accessToken: 't', expiresIn: 100 } }), { status: 201 })
      : new Response(JSON.stringify(body), { status })) as unknown as typeof fetch;
    const mk = (f: typeof fetch, id: string) => new TokenXClient({ baseUrl: 'https://x', clientId: id, clientSecret: 's', terminalId: 'T1', timeoutMs: 1000 }, f);
    await expect(mk(answer(503, {}), 'a1').sendBasket(buildBasket({ basketId: ID, documentNo: 'D', title: 'T', total: 1, lines: [] }))).rejects.toBeInstanceOf(TerminalUnreachable);
    await expect(mk(answer(400, { description: 'bad' }), 'a2').sendBasket(buildBasket({ basketId: ID, documentNo: 'D', title: 'T', total: 1, lines: [] }))).rejects.toBeInstanceOf(TerminalRefused);
    await expect(mk(answer(200, { status: 5, description: 'terminal busy' }), 'a3').sendBasket(buildBasket({ basketId: ID, documentNo: 'D', title: 'T', total: 1, lines: [] }))).rejects.toThrow(/terminal busy/);
    const down = (async () => { throw new TypeError('fetch failed'); }) as unknown as typeof fetch;
    await expect(mk(down, 'a4').token()).rejects.toBeInstanceOf(TerminalUnreachable);
    const polled = await mk(answer(200, { status: 0, result: { basketID: ID, basketStatus: 'COMPLETED', completion: { basketID: ID, status: 0, receiptNo: 7, paymentItems: [{ amount: 1 }] } } }), 'a5').getBasket(ID);
    expect(polled.completion).toMatchObject({ outcome: 'SUCCESS', receiptNo: '7' });
    expect((await mk(answer(404, {}), 'a6').getBasket(ID)).basketStatus).toBe('NOT_FOUND');
  });
});
