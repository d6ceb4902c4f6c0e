import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import type { TestServer } from '../packages/server/test/harness';
import { computeInvoice } from '../packages/core/src/invoice';
import { newPage, shot } from './browser';
import { signInAs, startWorkbench } from './workbench';

/**
 * Invoices as a person writes them (issue 9): in the general company (Demo Ticaret A.Ş., owner
 * muhasebe) they sell three products with a line discount, a document discount and a partial cash
 * payment; the totals the form shows as they type are the ones the server answers with on the
 * invoice's page; and another sale is cancelled through the seeds' dialog. Every step goes through
 * the workbench's screens in chromium, on a fresh copy of the demo database.
 */

/** A totals table as [label, value] pairs ("Genel toplam", "360,00"). */
async function totalsOf(table: Locator): Promise<[string, string][]> {
  return table.getByRole('row').evaluateAll((rows) => rows.map((r) => [
    (r.querySelector('th')?.textContent ?? '').trim(), (r.querySelector('td')?.textContent ?? '').trim(),
  ] as [string, string]));
}

/** "1999.90" → "1.999,90", as the screens show money. */
const shown = (s: string) => {
  const [int, frac] = s.split('.');
  return `${int!.replace(/\B(?=(\d{3})+(?!\d))/g, '.')},${frac}`;
};

describe('invoices in a browser: a sale with discounts and a partial payment, and a cancellation', () => {
  let t: TestServer;
  let browser: Browser;
  let closeWorkbench: (() => Promise<void>) | undefined;
  let context: BrowserContext;
  let page: Page;
  let formTotals: [string, string][] = [];

  beforeAll(async () => {
    ({ t, browser, close: closeWorkbench } = await startWorkbench());
    ({ context, page } = await newPage(browser));
    await signInAs(page, t.url, 'muhasebe');
  });
  afterAll(async () => {
    await context?.close();
    await closeWorkbench?.();
  });

  const open = async (path: string) => {
    await page.goto(`${t.url}${path}`);
    await page.getByRole('navigation', { name: 'Ana menü' }).waitFor();
  };
  /** A success notice ("BAŞARILI — …") carrying this text. */
  const notice = (text: string) => page.getByText(text, { exact: false }).first().waitFor();
  /** Picks an item of a suggest box (a current, a product) by typing part of it. */
  const suggest = async (box: Locator, typed: string, option: string | RegExp) => {
    await box.fill(typed);
    await page.getByRole('option', { name: option }).first().click();
  };
  /** Chooses a line's product and sets its quantity. */
  const line = async (form: Locator, n: number, typed: string, option: RegExp, quantity: string) => {
    const box = form.getByRole('combobox', { name: `${n}. satır: Ürün / hizmet`, exact: true });
    await suggest(box, typed, option);
    await expect.poll(() => box.inputValue()).toMatch(option);
    // The product's price comes in with it.
    await expect.poll(() => form.getByRole('textbox', { name: `${n}. satır: Birim fiyat`, exact: true }).inputValue()).not.toBe('');
    await form.getByRole('textbox', { name: `${n}. satır: Miktar`, exact: true }).fill(quantity);
  };

  it('sells three products with a line discount, a document discount and a partial cash payment', async () => {
    await open('/sales');
    await page.getByRole('heading', { name: 'Satışlar', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Fatura ekle', exact: true }).click();
    const form = page.getByRole('form', { name: 'Yeni satış faturası' });
    await form.waitFor();
    await suggest(form.getByRole('combobox', { name: 'Müşteri (cari)' }), 'Boğaziçi', /Boğaziçi Otel İşletmeleri/);
    await expect.poll(() => form.getByRole('combobox', { name: 'Müşteri (cari)' }).inputValue()).toBe('Boğaziçi Otel İşletmeleri');

    await line(form, 1, 'Fotokopi', /A4 Fotokopi Kağıdı/, '2');
    await form.getByRole('textbox', { name: '1. satır: İndirim', exact: true }).fill('10');
    await form.getByRole('button', { name: 'Satır ekle' }).click();
    await line(form, 2, 'Zımba', /Zımba Makinesi/, '1');
    await form.getByRole('button', { name: 'Satır ekle' }).click();
    await line(form, 3, 'Kahvesi', /Türk Kahvesi/, '3');
    await form.getByRole('combobox', { name: 'Fatura altı indirim türü' }).selectOption('AMOUNT');
    await form.getByRole('textbox', { name: 'Fatura altı indirim', exact: true }).fill('29,99');

    // The figures by hand (core's computation, as the server checks them): 2 × 129,90 less 10 %,
    // 1 × 74,90, 3 × 69,90 at KDV 1 %, less 29,99 spread over the lines.
    const expected = computeInvoice({
      lines: [
        { quantity: '2', unitPrice: '129.90', discounts: [{ type: 'PERCENTAGE', percentage: '10' }], taxes: [{ taxType: 'KDV', percentage: '20' }] },
        { quantity: '1', unitPrice: '74.90', taxes: [{ taxType: 'KDV', percentage: '20' }] },
        { quantity: '3', unitPrice: '69.90', taxes: [{ taxType: 'KDV', percentage: '1' }] },
      ],
      discounts: [{ type: 'AMOUNT', amount: '29.99' }],
      payments: [{ type: 'CASH', amount: '100' }],
    });
    const panel = form.getByRole('table', { name: 'Toplamlar' });
    await expect.poll(async () => Object.fromEntries(await totalsOf(panel))['Genel toplam']).toBe(shown(expected.totalAmount));

    await form.getByRole('button', { name: 'Ödeme ekle' }).click();
    const amount = form.getByRole('textbox', { name: '1. ödeme: Tutar', exact: true });
    // A payment starts with what remains.
    await expect.poll(() => amount.inputValue()).toBe(shown(expected.payable));
    await amount.fill('100,00');
    await form.getByRole('combobox', { name: '1. ödeme: Kasa', exact: true }).selectOption({ label: 'Merkez Kasa' });
    await expect.poll(async () => Object.fromEntries(await totalsOf(panel))['Kalan']).toBe(shown(expected.remaining));
    formTotals = await totalsOf(panel);
    expect(Object.fromEntries(formTotals)).toMatchObject({
      'Ara toplam': shown(expected.subtotal), 'İskonto': shown(expected.totalDiscount), 'KDV matrahı': shown(expected.taxBase),
      'KDV %1': shown(expected.taxes.find((x) => x.percentage === '1')!.amount), 'KDV %20': shown(expected.taxes.find((x) => x.percentage === '20')!.amount),
      'Genel toplam': shown(expected.totalAmount), 'Ödenen': '100,00', 'Kalan': shown(expected.remaining),
    });
    await shot(page, '40-invoice-form');

    const posted = page.waitForResponse((r) => r.url().endsWith('/services/onmuhasebe/api/invoices') && r.request().method() === 'POST');
    await form.getByRole('button', { name: 'Faturayı kes', exact: true }).click();
    const answer = await (await posted).json();
    expect(answer).toMatchObject({ status: 'POSTED', paymentStatus: 'PARTIAL', totalAmount: Number(expected.totalAmount), paid: 100, remaining: Number(expected.remaining) });
    await notice(`${answer.documentNo} numaralı fatura kesildi.`);

    // The invoice's page shows the server's figures: the same the form showed.
    const region = page.getByRole('region', { name: `Satış faturası ${answer.documentNo}` });
    await region.getByRole('heading', { name: `Satış faturası ${answer.documentNo}`, exact: true }).waitFor();
    const shownTotals = await totalsOf(region.getByRole('table', { name: 'Toplamlar' }));
    expect(shownTotals).toEqual(formTotals);
    await region.getByText('Kesildi', { exact: true }).waitFor();
    await region.getByText('Kısmi', { exact: true }).waitFor();
    const lines = region.getByRole('table', { name: 'Satırlar' });
    expect(await lines.getByRole('row').count()).toBe(4);
    await shot(page, '41-invoice-page');
  });

  it('cancels another sale through the dialog: Emin misiniz?, ITS, the e-Arşiv warning, Evet', async () => {
    await open('/sales/new');
    const form = page.getByRole('form', { name: 'Yeni satış faturası' });
    await form.waitFor();
    await suggest(form.getByRole('combobox', { name: 'Müşteri (cari)' }), 'Boğaziçi', /Boğaziçi Otel İşletmeleri/);
    await expect.poll(() => form.getByRole('combobox', { name: 'Müşteri (cari)' }).inputValue()).toBe('Boğaziçi Otel İşletmeleri');
    await line(form, 1, 'Zımba', /Zımba Makinesi/, '1');
    await form.getByRole('button', { name: 'Faturayı kes', exact: true }).click();
    await notice('numaralı fatura kesildi.');
    const region = page.getByRole('region', { name: /^Satış faturası / });
    await region.getByText('Kesildi', { exact: true }).waitFor();

    await region.getByRole('button', { name: 'İptal et', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Emin misiniz?' });
    await dialog.getByText('ITS iptali de beraberinde yapılsın mı?').waitFor();
    await dialog.getByText('e-Arşiv faturaların 7 günden sonra iptal edilmesi mevzuatça önerilmez; sorumluluk mükellefe aittir.').waitFor();
    await dialog.getByRole('button', { name: 'Hayır', exact: true }).waitFor();
    const cancelled = page.waitForRequest((r) => /\/invoices\/cancel\/\d+\/false\/NONE$/.test(r.url()) && r.method() === 'POST');
    await dialog.getByRole('button', { name: 'Evet', exact: true }).click();
    await cancelled;
    await notice('Fatura iptal edildi.');
    await dialog.waitFor({ state: 'detached' });
    await region.getByText('İptal', { exact: true }).first().waitFor();
    expect(await region.getByRole('button', { name: 'İptal et', exact: true }).count()).toBe(0);
    expect(await region.getByRole('button', { name: 'Düzenle', exact: true }).count()).toBe(0);
    await shot(page, '42-invoice-cancelled');
  });

  it('lists both sales, the cancelled one as İptal', async () => {
    await open('/sales');
    await page.getByRole('searchbox', { name: 'Belge no, açıklama ya da cari' }).fill('Boğaziçi');
    const table = page.getByRole('table', { name: 'Satışlar' });
    await expect.poll(async () => {
      const rows = await table.getByRole('row').evaluateAll((rs) => rs.map((r) => (r.textContent ?? '')));
      return [rows.some((r) => r.includes('Kısmi') && r.includes('Kesildi')), rows.some((r) => r.includes('İptal'))];
    }, { timeout: 15_000 }).toEqual([true, true]);
  });

  it('threw no error in the page', () => {
    expect((page as Page & { errors: string[] }).errors).toEqual([]);
  });
});
