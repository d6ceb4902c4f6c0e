import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Decimal from 'decimal.js';
import { sql } from 'kysely';
import { setTenant } from '@tezgah/server';
import { engines, startTestServer, type TestServer } from '../../../../../packages/server/test/harness';
import { http, ONMUHASEBE } from '../../../../../packages/server/test/http';
import { assertBooksBalance } from '../ledger/testing';
import { download, pageCount, sheetTable } from '../book-reports/testing';
import { userWith } from '../currents/testing';
import { flat, pdfPages, pdfText } from './testing';

const cidOf = (token: string): number => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).cid;
const INVOICES = `${ONMUHASEBE}/invoices`;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const TURMOB_HEADER = ['Fiş No', 'Tarih', 'Belge No', 'Hesap Kodu', 'Hesap Adı', 'Açıklama', 'Borç', 'Alacak'];
const sum = (xs: unknown[]) => xs.reduce<Decimal>((s, x) => s.plus(x === null || x === undefined || x === '' ? 0 : String(x)), new Decimal(0)).toFixed(2);

describe.each(engines('one'))('invoice documents (PDF and the TÜRMOB sheet) on %s', (engine) => {
  let t: TestServer;
  let api: ReturnType<typeof http>;
  let owner: string;
  let cid: number;
  let customer: any;
  let supplier: any;
  let company: any;
  let safe: { id: number; accountCode: string };
  let unitId: number;
  let warehouseId: number;
  let seq = 0;
  const get = (path: string, token = owner) => download(t.url, `${ONMUHASEBE}${path}`, token);
  const inCompany = <T>(fn: (trx: any) => Promise<T>) => t.server.database.db.transaction().execute(async (trx) => {
    await setTenant(trx, cid);
    return fn(trx);
  });
  const product = async (over: Record<string, unknown> = {}) => {
    const r = await api.call('POST', `${ONMUHASEBE}/products`, {
      token: owner, body: {
        name: `Belge Ürünü ${++seq}`, barcode: `868${Date.now()}${seq}`, productType: 'SERVICE_GIVEN', unitId, buyingCurrencyId: 1, saleCurrencyId: 1,
        defaultTaxRate: 20, warehouseId: null, salePrice: 100, buyingPrice: 60, ...over,
      },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    return r.body as { id: number; name: string };
  };
  const sale = async (body: Record<string, unknown>) => {
    const r = await api.call('POST', INVOICES, { token: owner, body: { invoiceType: 'SALE', currentId: customer.id, date: '2026-04-10', ...body } });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    return r.body;
  };
  /** The yevmiye numbers of the entries a source posted, oldest first. */
  const entryNos = (kind: string, id: number) => inCompany(async (trx) => (await sql<{ entry_no: number }>`
    select entry_no from journal_entries where company_id = ${cid} and source_kind = ${kind} and source_id = ${String(id)} order by id`.execute(trx)).rows.map((r) => r.entry_no));

  beforeAll(async () => {
    t = await startTestServer({ engine });
    api = http(t.url);
    owner = await api.signIn('muhasebe');
    cid = cidOf(owner);
    const currents = (await api.call('GET', `${ONMUHASEBE}/currents?size=100`, { token: owner })).body;
    const byName = async (name: string) => (await api.call('GET', `${ONMUHASEBE}/currents/${currents.find((c: any) => c.name === name).id}`, { token: owner })).body;
    customer = await byName('Boğaziçi Otel İşletmeleri');
    supplier = await byName('Ege Kırtasiye');
    company = (await api.call('GET', `${ONMUHASEBE}/companies/${cid}`, { token: owner })).body;
    safe = (await api.call('GET', `${ONMUHASEBE}/safes?size=100`, { token: owner })).body.find((s: any) => s.name === 'Merkez Kasa');
    unitId = (await api.call('GET', `${ONMUHASEBE}/units?size=100`, { token: owner })).body.find((u: any) => u.name === 'Adet').id;
    warehouseId = (await api.call('GET', `${ONMUHASEBE}/warehouses?size=100`, { token: owner })).body[0].id;
    expect([customer?.taxNumber, customer?.taxOfficeName, supplier?.taxNumber, company?.taxNumber, safe].every(Boolean)).toBe(true);
  });
  afterAll(async () => {
    if (t) await inCompany(async (trx) => assertBooksBalance(trx, cid));
    await t?.close();
  });

  it('prints a posted sale: its number, both parties\' tax numbers, the totals in tr-TR, the payment and the amount in words', async () => {
    const [a, b] = [await product(), await product()];
    // a: 2 × 514,40 = 1.028,80; b: 100 less 10 % = 90; base 1.118,80, KDV 20 % 223,76, total 1.342,56; 342,56 paid in cash.
    const inv = await sale({
      dueDate: '2026-05-10', explanation: 'Nisan teslimatı — kurulum dahil',
      products: [{ productId: a.id, quantity: 2, unitPrice: '514.4' }, { productId: b.id, quantity: 1, unitPrice: 100, discounts: [{ type: 'PERCENTAGE', percentage: 10 }] }],
      payments: [{ paymentType: 'CASH', amount: '342.56', safeId: safe.id }],
    });
    expect(inv).toMatchObject({ subtotal: 1128.8, totalDiscount: 10, taxBase: 1118.8, totalTax: 223.76, totalAmount: 1342.56, payable: 1342.56, paid: 342.56 });
    const p = await get(`/pdf/${inv.id}`);
    expect(p.status, p.bytes.toString()).toBe(200);
    expect(p.type).toBe('application/pdf');
    expect(p.headers.get('content-disposition')).toBe(`attachment; filename="fatura-${inv.documentNo.toLowerCase()}.pdf"`);
    expect(pageCount(p.bytes)).toBe(1);
    const lines = pdfText(p.bytes).split('\n');
    const companyId = `${company.taxNumber.length === 11 ? 'TCKN' : 'VKN'}: ${company.taxNumber}`;
    for (const s of [
      'SATIŞ FATURASI', inv.documentNo, '10.04.2026', '10.05.2026',
      company.title, `Vergi Dairesi: ${company.taxOffice}   ${companyId}`,
      customer.title, `Vergi Dairesi: ${customer.taxOfficeName}   VKN: ${customer.taxNumber}`, `${customer.citySubdivisionName} / ${customer.cityName}`,
      a.name, '2,00', '514,40', '1.028,80', '%10', '10,00', '%20', '205,76', '18,00',
      'Mal/Hizmet Toplam Tutarı', '1.128,80 ₺', 'Toplam İskonto', '10,00 ₺', 'Vergi Matrahı', '1.118,80 ₺', 'Hesaplanan KDV (%20)', '223,76 ₺',
      'Vergiler Dahil Toplam Tutar', 'Ödenecek Tutar', '1.342,56 ₺', 'Yalnız Bin Üç Yüz Kırk İki TL Elli Altı Kr',
      'Nisan teslimatı — kurulum dahil', 'Nakit', 'Merkez Kasa', '342,56 ₺', 'Kalan', '1.000,00 ₺', 'Sayfa 1 / 1',
    ]) expect(lines, s).toContain(s);
    expect(customer.taxNumber).toBe('3561902849');
    expect(company.taxNumber).toBe('0123456789');
  });

  it('prints a purchase with withholding (the supplier as seller) and flows a long sale onto further pages', async () => {
    const goods = await product({ productType: 'COMMERCIAL_GOODS', warehouseId });
    const buy = await api.call('POST', INVOICES, {
      token: owner, body: { invoiceType: 'BUYING', currentId: supplier.id, date: '2026-04-12', documentNo: 'EGE2026000000777', products: [{ productId: goods.id, quantity: 10, unitPrice: 100, withholdingCode: '602' }] },
    });
    expect(buy.status, JSON.stringify(buy.body)).toBe(201);
    const p = await get(`/pdf/${buy.body.id}`);
    expect(p.status).toBe(200);
    const text = pdfText(p.bytes);
    const lines = text.split('\n');
    for (const s of ['ALIŞ FATURASI', 'EGE2026000000777', 'SATICI', supplier.title, `Vergi Dairesi: ${supplier.taxOfficeName}   VKN: ${supplier.taxNumber}`,
      'ALICI', company.title, 'KDV Tevkifatı (9/10)', '180,00 ₺', 'Vergiler Dahil Toplam Tutar', '1.200,00 ₺', '1.020,00 ₺', 'Yalnız Bin Yirmi TL']) expect(lines, s).toContain(s);
    expect(text).not.toContain('ALICI (SAYIN)');
    expect(lines[lines.indexOf('SATICI') + 1]).toBe(supplier.title);

    const service = await product();
    const long = await sale({ products: Array.from({ length: 70 }, (_, i) => ({ productId: service.id, quantity: i + 1, unitPrice: '1.5', description: `Bakım kalemi ${i + 1}` })) });
    const lp = await get(`/pdf/${long.id}`);
    const pages = pdfPages(lp.bytes);
    expect(pages.length).toBeGreaterThanOrEqual(2);
    pages.forEach((pg, i) => expect(pg.split('\n')).toContain(`Sayfa ${i + 1} / ${pages.length}`));
    expect(pages.flatMap((pg) => [...pg.matchAll(/^Bakım kalemi (\d+)$/gm)].map((m) => Number(m[1])))).toEqual(Array.from({ length: 70 }, (_, i) => i + 1));
    expect(pages.filter((pg) => pg.includes('Bakım kalemi')).every((pg) => pg.split('\n').includes('Mal / Hizmet'))).toBe(true);
    // 1,5 × (1 + … + 70) = 3.727,50, KDV 745,50: 4.473,00.
    expect(long.payable).toBe(4473);
    expect(flat(pages.at(-1)!)).toContain('Yalnız Dört Bin Dört Yüz Yetmiş Üç TL');
  });

  it('prints a draft as TASLAK without a number and a cancelled sale as İPTAL EDİLDİ', async () => {
    const s = await product();
    const draft = await sale({ draft: true, products: [{ productId: s.id, quantity: 1, unitPrice: 40 }] });
    const d = await get(`/pdf/${draft.id}`);
    expect(d.status).toBe(200);
    expect(d.headers.get('content-disposition')).toBe(`attachment; filename="fatura-taslak-${draft.id}.pdf"`);
    const dt = pdfText(d.bytes);
    expect(dt).toContain('TASLAK');
    expect(dt).not.toMatch(/DMT2026\d{9}/);
    expect(dt.split('\n')).toContain('Yalnız Kırk Sekiz TL');

    const posted = await sale({ products: [{ productId: s.id, quantity: 1, unitPrice: 40 }] });
    expect((await api.call('POST', `${INVOICES}/cancel/${posted.id}/false/NONE`, { token: owner })).status).toBe(200);
    const c = pdfText((await get(`/pdf/${posted.id}`)).bytes);
    expect(c.split('\n')).toEqual(expect.arrayContaining(['İPTAL EDİLDİ', posted.documentNo]));
  });

  it('answers 404 for an invoice that is not there and checks the view authority of the invoice\'s own direction', async () => {
    for (const path of ['/pdf/999999999', '/turmob/999999999']) {
      const r = await get(path);
      expect([path, r.status, r.body?.code]).toEqual([path, 404, 'NOT_FOUND']);
    }
    const s = await product();
    const mine = await sale({ products: [{ productId: s.id, quantity: 1, unitPrice: 10 }] });
    const goods = await product({ productType: 'COMMERCIAL_GOODS', warehouseId });
    const buy = await api.call('POST', INVOICES, { token: owner, body: { invoiceType: 'BUYING', currentId: supplier.id, date: '2026-04-12', products: [{ productId: goods.id, quantity: 1, unitPrice: 10 }] } });
    expect(buy.status).toBe(201);
    // Sales view only (module 11, action 1): the sale's documents, not the purchase's.
    const seller = await userWith(api, owner, 'fatura-okur', ['11_1']);
    expect((await get(`/pdf/${mine.id}`, seller)).status).toBe(200);
    expect((await get(`/turmob/${mine.id}`, seller)).status).toBe(200);
    for (const path of [`/pdf/${buy.body.id}`, `/turmob/${buy.body.id}`]) {
      const r = await get(path, seller);
      expect([path, r.status, r.body?.title]).toEqual([path, 403, 'Yetki Hatası']);
    }
  });

  it('exports a posted sale\'s entry and its cash payment\'s entry as the TÜRMOB sheet, with account names and a balanced totals row', async () => {
    const s = await product();
    const inv = await sale({ products: [{ productId: s.id, quantity: 3, unitPrice: 100 }], payments: [{ paymentType: 'CASH', amount: 60, safeId: safe.id }] });
    const x = await get(`/turmob/${inv.id}`);
    expect(x.status, x.bytes.toString()).toBe(200);
    expect(x.type).toBe(XLSX);
    expect(x.headers.get('content-disposition')).toBe(`attachment; filename="turmob-${inv.documentNo.toLowerCase()}.xlsx"`);
    const sheet = await sheetTable(x.bytes, 'Fiş No');
    expect(sheet.heading).toEqual(['Demo Ticaret Anonim Şirketi', 'Yevmiye Fişi (TÜRMOB aktarımı)', `SATIŞ FATURASI ${inv.documentNo} · ${customer.title}`]);
    expect(sheet.header).toEqual(TURMOB_HEADER);
    const [entryNo] = await entryNos('INVOICE', inv.id);
    const [payNo] = await entryNos('INVOICE_PAYMENT', inv.payments[0].id);
    expect(entryNo).toBe(inv.entryNo);
    const day = new Date('2026-04-10T00:00:00Z');
    const code = (c: unknown) => String(c).replace(/^120\.\d{3}$/, '120.x').replace(safe.accountCode, 'safe');
    expect(sheet.data.map((r) => [r[0], r[1], r[2], code(r[3]), r[6], r[7]])).toEqual([
      [entryNo, day, inv.documentNo, '120.x', 360, 0], [entryNo, day, inv.documentNo, '600', 0, 300], [entryNo, day, inv.documentNo, '391', 0, 60],
      [payNo, day, inv.documentNo, 'safe', 60, 0], [payNo, day, inv.documentNo, '120.x', 0, 60],
    ]);
    expect(sheet.data.find((r) => r[3] === '600')![4]).toBe('Yurtiçi Satışlar');
    expect(sheet.data.find((r) => r[3] === '391')![4]).toBe('Hesaplanan KDV');
    expect(sheet.data.every((r) => typeof r[4] === 'string' && (r[4] as string).length > 0)).toBe(true);
    expect(sheet.data[0]![5]).toContain(inv.documentNo);
    expect(sheet.totals.slice(5)).toEqual(['Toplam', 420, 420]);
  });

  it('exports only the live entry of an edited sale, the entries and their reversals of a cancelled one, and refuses a draft', async () => {
    const s = await product();
    const inv = await sale({ products: [{ productId: s.id, quantity: 4, unitPrice: 10 }] });
    const edited = await api.call('PUT', INVOICES, { token: owner, body: { id: inv.id, invoiceType: 'SALE', currentId: customer.id, date: '2026-04-10', products: [{ productId: s.id, quantity: 1, unitPrice: 10 }] } });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    const live = await sheetTable((await get(`/turmob/${inv.id}`)).bytes, 'Fiş No');
    expect(new Set(live.data.map((r) => r[0]))).toEqual(new Set([edited.body.entryNo]));
    expect(live.data.map((r) => [r[6], r[7]])).toEqual([[12, 0], [0, 10], [0, 2]]);
    expect(live.totals.slice(5)).toEqual(['Toplam', 12, 12]);

    const paid = await sale({ products: [{ productId: s.id, quantity: 1, unitPrice: 50 }], payments: [{ paymentType: 'CASH', amount: 60, safeId: safe.id }] });
    expect((await api.call('POST', `${INVOICES}/cancel/${paid.id}/false/NONE`, { token: owner })).status).toBe(200);
    const gone = await sheetTable((await get(`/turmob/${paid.id}`)).bytes, 'Fiş No');
    expect(gone.heading.at(-1)).toContain('İPTAL EDİLDİ');
    // The sale's entry (3 lines), its payment's (2), and the reversal of each.
    expect(gone.data).toHaveLength(10);
    expect(new Set(gone.data.map((r) => r[0])).size).toBe(4);
    const byAccount = new Map<string, Decimal>();
    for (const r of gone.data) byAccount.set(String(r[3]), (byAccount.get(String(r[3])) ?? new Decimal(0)).plus(String(r[6])).minus(String(r[7])));
    expect([...byAccount.values()].every((v) => v.isZero())).toBe(true);
    expect(sum(gone.data.map((r) => r[6]))).toBe(sum(gone.data.map((r) => r[7])));
    // 60 (the sale) + 60 (the payment), and as much again reversed.
    expect(gone.totals.slice(5)).toEqual(['Toplam', 240, 240]);

    const draft = await sale({ draft: true, products: [{ productId: s.id, quantity: 1, unitPrice: 10 }] });
    const refused = await get(`/turmob/${draft.id}`);
    expect([refused.status, refused.body?.code, refused.body?.detail]).toEqual([409, 'INVOICE_DRAFT', 'Taslak faturanın muhasebe kaydı yok.']);
  });
});
