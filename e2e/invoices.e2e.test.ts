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
 * invoice's page; later they collect the rest through "Tahsilat al" into the safe and the invoice
 * is paid. Another sale, partly paid in cash, is cancelled through the seeds' dialog, and the
 * product's stock, the customer's balance, the safe's balance and the trial balance are back where
 * they were before it. Every step goes through the workbench's screens in chromium, on a fresh copy
 * of the demo database.
 */

/** A totals table as [label, value] pairs ("Genel toplam", "360,00"). */
async function totalsOf(table: Locator): Promise<[string, string][]> {
  return table.getByRole('row').evaluateAll((rows) => rows.map((r) => [
    (r.querySelector('th')?.textContent ?? '').trim(), (r.querySelector('td')?.textContent ?? '').trim(),
  ] as [string, string]));
}

/** The cells of a table's body rows (each row's cells' text), header rows left out. */
async function bodyRows(table: Locator): Promise<string[][]> {
  return table.getByRole('row').evaluateAll((rows) => rows
    .map((r) => Array.from(r.querySelectorAll('td')).map((c) => (c.textContent ?? '').trim()))
    .filter((cells) => cells.length > 0));
}

/** Kuruş of an amount as the screens show it ("45.000,00" → 4500000); 0 for an empty cell. */
function cents(text: string): number {
  const t = text.replace(/\s|TL|₺/g, '');
  if (!t) return 0;
  if (!/^-?\d{1,3}(\.\d{3})*,\d{2}$/.test(t)) throw new Error(`not an amount: "${text}"`);
  return Number(t.replace(/\./g, '').replace(',', ''));
}

/** Today in Türkiye, YYYY-MM-DD (the day the screens start a date with). */
function todayIso(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Istanbul', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
}
/** The same as the screens show it (GG/AA/YYYY). */
const todayShown = () => todayIso().split('-').reverse().join('/');

/** A trial balance row's six amounts in kuruş: opening debit, opening credit, debit, credit, debit balance, credit balance. */
type Amounts = [number, number, number, number, number, number];
interface Mizan { rows: Record<string, { name: string; amounts: Amounts }>; totals: Amounts }

/** What the person reads before the sale that is cancelled, and again after the cancellation. */
interface Standing { stock: string; customer: string; safe: string; mizan: Mizan }

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
  /** The first sale as the server answered it, and what remained of it. */
  let sale: { id: number; documentNo: string; currentId: number; products: { productId: number; productName: string }[]; payments: { safeId: number | null }[] };
  let remaining = '';
  let before: Standing;

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
  /** Opens Mizan for 01/01/2026 … today at the account level (100) as a person sets it, and reads it (as the books' browser test does). */
  async function readTrialBalance(): Promise<Mizan> {
    await open('/trial-balance');
    const form = page.getByRole('form', { name: 'Mizan' });
    await form.getByRole('textbox', { name: 'Başlangıç tarihi' }).fill('01/01/2026');
    await form.getByRole('textbox', { name: 'Bitiş tarihi' }).fill(todayShown());
    await form.getByRole('combobox', { name: 'Düzey' }).selectOption({ label: 'Hesap (100)' });
    await form.getByRole('button', { name: 'Listele' }).click();
    await page.getByText(`01/01/2026 – ${todayShown()} · Hesap (100)`).waitFor();
    const table = page.getByRole('table', { name: 'Mizan' });
    await table.waitFor();
    const rows: Mizan['rows'] = {};
    for (const cells of await bodyRows(table)) {
      if (cells.length === 8) rows[cells[0]!] = { name: cells[1]!, amounts: cells.slice(2).map(cents) as Amounts };
    }
    const totalsRow = table.getByRole('row', { name: 'Toplam', exact: true });
    const totals = (await totalsRow.getByRole('cell').allTextContents()).map(cents) as Amounts;
    expect(totals).toHaveLength(6);
    return { rows, totals };
  }

  /** The first sale's Zımba Makinesi, its customer and its safe. */
  const zimba = () => sale.products.find((l) => /Zımba Makinesi/.test(l.productName))!;
  const safeId = () => sale.payments[0]!.safeId!;

  /** The product's stock on its page ("12,00 Adet"). */
  async function readStock(): Promise<string> {
    await open(`/product/${zimba().productId}`);
    const region = page.getByRole('region', { name: zimba().productName, exact: true });
    const fields = region.getByRole('table').first();
    await expect.poll(async () => Object.fromEntries(await totalsOf(fields))['Stok'] ?? '', { timeout: 15_000 }).toMatch(/Adet$/);
    return Object.fromEntries(await totalsOf(fields))['Stok']!;
  }

  /** The customer's closing balance on its statement (Hesap Ekstresi: "6.680,00 Borçlu"). */
  async function readCustomer(): Promise<string> {
    await open(`/customer/${sale.currentId}`);
    const region = page.getByRole('region', { name: 'Boğaziçi Otel İşletmeleri' });
    await region.getByRole('tab', { name: 'Hesap Ekstresi' }).click();
    const totals = region.getByRole('table', { name: 'Ekstre toplamları' });
    await expect.poll(async () => Object.fromEntries(await totalsOf(totals))['Kapanış bakiyesi'] ?? '', { timeout: 15_000 }).toMatch(/,\d{2}/);
    return Object.fromEntries(await totalsOf(totals))['Kapanış bakiyesi']!;
  }

  /** The safe's balance on its page ("16.300,00 TL"). */
  async function readSafe(): Promise<string> {
    await open(`/safe/${safeId()}`);
    const region = page.getByRole('region', { name: 'Merkez Kasa' });
    const balance = region.getByLabel('Bakiye', { exact: true });
    await expect.poll(async () => (await balance.count()) === 1 ? (await balance.textContent()) ?? '' : '', { timeout: 15_000 }).toMatch(/TL$/);
    return (await balance.textContent())!;
  }

  /** Each account's balance (debit balance, credit balance) in kuruş, by code. */
  const balances = (m: Mizan) => Object.fromEntries(Object.entries(m.rows).map(([code, r]) => [code, r.amounts.slice(4)]));

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
    sale = answer;
    remaining = expected.remaining;
    await notice(`${answer.documentNo} numaralı fatura kesildi.`);

    // The invoice's page shows the server's figures: the same the form showed.
    const region = page.getByRole('region', { name: `Satış faturası ${answer.documentNo}` });
    await region.getByRole('heading', { name: `Satış faturası ${answer.documentNo}`, exact: true }).waitFor();
    const shownTotals = await totalsOf(region.getByRole('table', { name: 'Toplamlar' }));
    expect(shownTotals).toEqual(formTotals);
    await region.getByText('Kesildi', { exact: true }).waitFor();
    await region.getByText('Kısmi', { exact: true }).waitFor();
    const lines = region.getByRole('table', { name: 'Satırlar' });
    await expect.poll(() => lines.getByRole('row').count()).toBe(4);
    await shot(page, '41-invoice-page');
  });

  it('collects the rest later through "Tahsilat al" into Merkez Kasa: the invoice is Ödendi, nothing remains', async () => {
    await open(`/invoice/${sale.id}`);
    const region = page.getByRole('region', { name: `Satış faturası ${sale.documentNo}` });
    await region.getByRole('heading', { name: `Satış faturası ${sale.documentNo}`, exact: true }).waitFor();
    // What remains is owed in one due on the invoice's date; nothing has reached it yet.
    const dues = region.getByRole('table', { name: 'Vadeler' });
    await expect.poll(async () => (await bodyRows(dues)).map((c) => c.slice(0, 6)), { timeout: 15_000 })
      .toEqual([['1. vade', todayShown(), shown(remaining), '0,00', shown(remaining), 'Ödenmedi']]);
    await region.getByText('Bu faturanın vadelerine dağıtılmış tahsilat ya da ödeme yok.').waitFor();

    await region.getByRole('button', { name: 'Tahsilat al', exact: true }).click();
    const form = page.getByRole('form', { name: 'Tahsilat al' });
    await form.waitFor();
    // The remaining and today to start with.
    await expect.poll(() => form.getByRole('textbox', { name: 'Tutar (TL)' }).inputValue()).toBe(shown(remaining));
    await expect.poll(() => form.getByRole('textbox', { name: 'Tarih' }).inputValue()).toBe(todayShown());
    const account = form.getByRole('combobox', { name: 'Paranın gireceği kasa / banka hesabı' });
    // The safes and bank accounts come in after the dialog opens.
    await expect.poll(() => account.locator('option', { hasText: 'Merkez Kasa (TL)' }).count(), { timeout: 15_000 }).toBe(1);
    await account.selectOption({ label: 'Merkez Kasa (TL)' });
    // The customer's demo invoice has an open due too; which is older depends on the day the test
    // runs, so the person sends this collection to this invoice.
    await form.getByText('Yalnız bu faturaya', { exact: true }).click();
    await expect.poll(() => form.getByRole('checkbox', { name: 'Yalnız bu faturaya' }).isChecked()).toBe(true);
    await shot(page, '43-invoice-collect');
    const shared = page.waitForResponse((r) => r.url().endsWith('/invoice-payment-lines/auto-share') && r.request().method() === 'POST');
    await form.getByRole('button', { name: 'Tahsil et', exact: true }).click();
    const answer = await shared;
    expect(answer.status()).toBe(201);
    expect(answer.request().postDataJSON()).toEqual({
      shareableAmount: remaining, currentId: sale.currentId, invoiceType: 'SALE', date: todayIso(), safeId: safeId(),
      explanation: `${sale.documentNo} tahsilatı`, invoiceId: sale.id,
    });
    expect(await answer.json()).toMatchObject({ unallocated: 0, lines: [{ invoiceId: sale.id, periodNo: 1, amount: Number(remaining) }] });
    await notice('Tahsilat kaydedildi: 1 vadeye dağıtıldı.');
    await form.waitFor({ state: 'detached' });

    // The invoice is read again: paid, nothing remaining, the due closed by the payment line.
    const totals = region.getByRole('table', { name: 'Toplamlar' });
    await expect.poll(async () => Object.fromEntries(await totalsOf(totals))['Kalan'], { timeout: 15_000 }).toBe('0,00');
    expect(Object.fromEntries(await totalsOf(totals))['Ödenen']).toBe(Object.fromEntries(formTotals)['Genel toplam']);
    await expect.poll(() => region.locator('.bp6-tag', { hasText: /^Ödendi$/ }).count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await expect.poll(async () => (await bodyRows(dues)).map((c) => c.slice(2, 6)), { timeout: 15_000 })
      .toEqual([[shown(remaining), shown(remaining), '0,00', 'Ödendi']]);
    const lines = region.getByRole('table', { name: 'Ödeme satırları' });
    await expect.poll(async () => (await bodyRows(lines)).map((c) => c.slice(0, 4)), { timeout: 15_000 })
      .toEqual([[todayShown(), `1. vade · ${todayShown()}`, `${shown(remaining)} TL`, 'muhasebe']]);
    await expect.poll(() => region.getByRole('button', { name: 'Tahsilat al', exact: true }).count()).toBe(0);
    await shot(page, '44-invoice-collected');
  });

  it('reads the stock, the customer\'s balance, the safe and the trial balance before the other sale', async () => {
    before = { stock: await readStock(), customer: await readCustomer(), safe: await readSafe(), mizan: await readTrialBalance() };
    expect(before.mizan.totals[4]).toBe(before.mizan.totals[5]);
  });

  it('cancels another sale through the dialog: Emin misiniz?, ITS, the e-Arşiv warning, Evet', async () => {
    await open('/sales/new');
    const form = page.getByRole('form', { name: 'Yeni satış faturası' });
    await form.waitFor();
    await suggest(form.getByRole('combobox', { name: 'Müşteri (cari)' }), 'Boğaziçi', /Boğaziçi Otel İşletmeleri/);
    await expect.poll(() => form.getByRole('combobox', { name: 'Müşteri (cari)' }).inputValue()).toBe('Boğaziçi Otel İşletmeleri');
    await line(form, 1, 'Zımba', /Zımba Makinesi/, '1');
    // 50,00 of it paid in cash into Merkez Kasa.
    await form.getByRole('button', { name: 'Ödeme ekle' }).click();
    await form.getByRole('textbox', { name: '1. ödeme: Tutar', exact: true }).fill('50,00');
    const safe = form.getByRole('combobox', { name: '1. ödeme: Kasa', exact: true });
    await expect.poll(() => safe.locator('option', { hasText: 'Merkez Kasa' }).count(), { timeout: 15_000 }).toBe(1);
    await safe.selectOption({ label: 'Merkez Kasa' });
    const posted = page.waitForResponse((r) => r.url().endsWith('/services/onmuhasebe/api/invoices') && r.request().method() === 'POST');
    await form.getByRole('button', { name: 'Faturayı kes', exact: true }).click();
    const other = await (await posted).json();
    expect(other).toMatchObject({ status: 'POSTED', paymentStatus: 'PARTIAL', paid: 50 });
    await notice(`${other.documentNo} numaralı fatura kesildi.`);
    const region = page.getByRole('region', { name: `Satış faturası ${other.documentNo}` });
    await region.getByText('Kesildi', { exact: true }).waitFor();

    // The sale moved them: one unit out of the stock, 50,00 into the safe, the rest owed.
    expect(await readStock()).not.toBe(before.stock);
    expect(await readSafe()).toBe(`${shown(((cents(before.safe) + 5000) / 100).toFixed(2))} TL`);
    expect(await readCustomer()).not.toBe(before.customer);
    await open(`/invoice/${other.id}`);
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
    await expect.poll(() => region.getByRole('button', { name: 'İptal et', exact: true }).count()).toBe(0);
    await expect.poll(() => region.getByRole('button', { name: 'Düzenle', exact: true }).count()).toBe(0);
    await shot(page, '42-invoice-cancelled');
  });

  it('after the cancellation the stock, the customer\'s balance, the safe and the trial balance are back where they were', async () => {
    expect(await readStock()).toBe(before.stock);
    expect(await readCustomer()).toBe(before.customer);
    expect(await readSafe()).toBe(before.safe);
    const after = await readTrialBalance();
    // Every account's balance is as it was: the sale's entries and their reversals cancel out
    // (the reversals add to both sides' movements, by the same amount).
    const was = balances(before.mizan);
    const is = balances(after);
    for (const code of new Set([...Object.keys(was), ...Object.keys(is)])) {
      expect([code, is[code] ?? [0, 0]]).toEqual([code, was[code] ?? [0, 0]]);
    }
    expect(after.totals.slice(4)).toEqual(before.mizan.totals.slice(4));
    expect(after.totals[2] - before.mizan.totals[2]).toBeGreaterThan(0);
    expect(after.totals[2] - before.mizan.totals[2]).toBe(after.totals[3] - before.mizan.totals[3]);
  });

  it('lists both sales, the collected one as Ödendi and the cancelled one as İptal', async () => {
    await open('/sales');
    await page.getByRole('searchbox', { name: 'Belge no, açıklama ya da cari' }).fill('Boğaziçi');
    const table = page.getByRole('table', { name: 'Satışlar' });
    await expect.poll(async () => {
      const rows = await table.getByRole('row').evaluateAll((rs) => rs.map((r) => (r.textContent ?? '')));
      return [rows.some((r) => r.includes(sale.documentNo) && r.includes('Ödendi') && r.includes('Kesildi')), rows.some((r) => r.includes('İptal'))];
    }, { timeout: 15_000 }).toEqual([true, true]);
  });

  it('threw no error in the page', () => {
    expect((page as Page & { errors: string[] }).errors).toEqual([]);
  });
});
