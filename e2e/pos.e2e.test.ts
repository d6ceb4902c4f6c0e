import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import type { TestServer } from '../packages/server/test/harness';
import { http, ONMUHASEBE as API } from '../packages/server/test/http';
import { newPage, quiet, shot } from './browser';
import { startWorkbench, type Sessions } from './workbench';

/**
 * The done-when of issue 13 in chromium against the real server and its terminal simulator
 * (/sandbox/pos/terminal): 'eczaci' (Demo Eczanesi, whose demo books hold the POS bank account
 * 'Vakıfbank POS Hesabı') adds a sandbox POS device settling into it, keeps /pos-payment open in one tab and, in another, sells on a sale
 * invoice paid with the "POS cihazı" method; the first tab sees the payment arrive PENDING, then
 * ON_TERMINAL, then SUCCESS, without a reload, and the invoice is paid. Screenshots at 1024 and
 * 375 px. The simulator is slowed (every answer 5 s, every terminal step 3 s) so a person, and
 * the page's polling, can see each status.
 */
describe('POS payments in a browser', () => {
  let t: TestServer;
  let browser: Browser;
  let sessions: Sessions;
  let close: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    ({ t, browser, sessions, close } = await startWorkbench());
  });
  afterAll(async () => {
    // The terminal simulator's control answers a management user only.
    const admin = await http(t.url).signIn('yonetici');
    const reset = await fetch(`${t.url}/sandbox/pos/terminal/control`, { method: 'PUT', headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}` }, body: JSON.stringify({ reset: true }) });
    expect(reset.status).toBe(200);
    await close?.();
  });

  /** The payments the list shows, by id, with the status of each (the tags carry it as data-status). */
  const statuses = (page: Page) => page.evaluate(() => Object.fromEntries(
    [...document.querySelectorAll('table[aria-label="POS ödemeleri"] tr[data-payment]')].map((r) => [Number(r.getAttribute('data-payment')), r.querySelector('[data-status]')?.getAttribute('data-status') ?? '']),
  ) as Record<number, string>);

  /**
   * Waits, in the page, until the newest payment after `after` (or the payment `id`) shows a status
   * other than `was`, and answers it: each change the list draws is seen as it is drawn, without
   * asking the page again and again from here. Null when none came within `timeout`.
   */
  const nextStatus = async (page: Page, which: { after: number } | { id: number }, was: string | undefined, timeout: number) => {
    if (timeout <= 0) return null;
    const handle = await page.waitForFunction(({ which, was }) => {
      const rows = [...document.querySelectorAll('table[aria-label="POS ödemeleri"] tr[data-payment]')]
        .map((r) => ({ id: Number(r.getAttribute('data-payment')), s: r.querySelector('[data-status]')?.getAttribute('data-status') ?? '' }));
      const ids = rows.map((r) => r.id).filter((x) => ('id' in which ? x === which.id : x > which.after));
      if (!ids.length) return false;
      const id = Math.max(...ids);
      const s = rows.find((r) => r.id === id)!.s;
      return s && s !== was ? { id, s } : false;
    }, { which, was }, { timeout, polling: 50 }).catch(() => null);
    return handle ? (await handle.jsonValue()) as { id: number; s: string } : null;
  };

  const suggest = async (page: Page, box: Locator, typed: string, option: RegExp) => {
    await box.fill(typed);
    await page.getByRole('option', { name: option }).first().click();
  };

  it('shows a sale\'s POS payment arrive PENDING, ON_TERMINAL, then SUCCESS without reloading, and the invoice paid', async () => {
    const { context, page } = await newPage(browser, { width: 1024, height: 768 });
    try {
      // The pharmacist's walk through the login form; the second test starts from the session kept here.
      await sessions.signIn(page, 'eczaci');

      // A sandbox terminal settling into the demo's POS bank account, added on /pos-devices.
      await page.goto(`${t.url}/pos-devices`);
      const devices = page.getByRole('region', { name: 'POS cihazları' });
      await devices.getByRole('heading', { name: 'POS cihazları' }).waitFor();
      await devices.getByRole('button', { name: 'POS cihazı ekle' }).click();
      const dialog = page.getByRole('dialog', { name: 'Yeni POS cihazı' });
      await dialog.getByLabel('Terminal seri no').fill('SIM0000001');
      await dialog.getByLabel('Cihaz adı').fill('Kasa 1');
      await dialog.getByLabel('Sağlayıcı').selectOption('SANDBOX');
      await expect.poll(() => dialog.getByLabel('Bağlı banka hesabı').locator('option').allTextContents()).toContainEqual(expect.stringMatching(/POS Hesabı/));
      await dialog.getByLabel('Bağlı banka hesabı').selectOption({ index: 1 });
      await dialog.getByRole('button', { name: 'Kaydet' }).click();
      await dialog.waitFor({ state: 'detached' });
      await expect.poll(() => devices.getByRole('table', { name: 'POS cihazları' }).textContent()).toContain('SIM0000001');
      await shot(page, 'pos-devices-1024');

      // The terminal is slowed so that every status stays on screen for a few seconds.
      const admin = await http(t.url).signIn('yonetici');
      const slowed = await fetch(`${t.url}/sandbox/pos/terminal/control`, { method: 'PUT', headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}` }, body: JSON.stringify({ reset: true, slowMs: 5000, stepMs: 3000 }) });
      expect(slowed.status).toBe(200);

      // The watching tab: /pos-payment, marked so that a reload would show.
      await page.goto(`${t.url}/pos-payment`);
      await page.getByRole('region', { name: 'Son ödemeler' }).waitFor();
      // The list as loaded (its call answered and drawn), not the empty table before its rows come.
      expect(await quiet(page), 'the payments still loading').toBe(true);
      await page.evaluate(() => { (window as unknown as { posMarker: number }).posMarker = 13; });
      const before = Object.keys(await statuses(page)).map(Number);
      const lastBefore = before.length ? Math.max(...before) : 0;

      // The selling tab: a sale invoice paid in full with the POS device.
      const seller = await context.newPage();
      await seller.goto(`${t.url}/sales/new`);
      const form = seller.getByRole('form', { name: 'Yeni satış faturası' });
      await form.waitFor();
      await suggest(seller, form.getByRole('combobox', { name: 'Müşteri (cari)' }), 'Ayşe', /Ayşe Yılmaz/);
      const product = form.getByRole('combobox', { name: '1. satır: Ürün / hizmet', exact: true });
      await suggest(seller, product, 'PAROL', /PAROL 500 MG/);
      await expect.poll(() => form.getByRole('textbox', { name: '1. satır: Birim fiyat', exact: true }).inputValue()).not.toBe('');
      await form.getByRole('button', { name: 'Ödeme ekle' }).click();
      await form.getByRole('combobox', { name: '1. ödeme: Ödeme türü', exact: true }).selectOption({ label: 'POS cihazı' });
      const bank = form.getByRole('combobox', { name: '1. ödeme: Banka hesabı', exact: true });
      await expect.poll(() => bank.locator('option').allTextContents()).toContainEqual(expect.stringMatching(/POS Hesabı/));
      await bank.selectOption({ index: 1 });
      // The watching tab sees the new payment's statuses come one after the other. It watches from
      // before the sale: the sale's request answers once the basket is on the terminal (the
      // payment is PENDING, committed, while the terminal is being asked).
      const seen: string[] = [];
      let id = 0;
      const watched = (async () => {
        const deadline = Date.now() + 90_000;
        while (Date.now() < deadline) {
          const next = await nextStatus(page, { after: lastBefore }, seen.at(-1), deadline - Date.now());
          if (!next) break;
          id = next.id;
          seen.push(next.s);
          if (next.s === 'ON_TERMINAL') await shot(page, 'pos-payment-on-terminal-1024');
          if (next.s === 'SUCCESS') break;
        }
      })();
      watched.catch(() => undefined); // awaited below; this only keeps an early failure from going unhandled
      const posted = seller.waitForResponse((r) => r.url().endsWith('/services/onmuhasebe/api/invoices') && r.request().method() === 'POST', { timeout: 60_000 });
      await form.getByRole('button', { name: 'Faturayı kes', exact: true }).click();
      const invoice = await (await posted).json() as { id: number; documentNo: string; status: string; paymentStatus: string };
      expect(invoice).toMatchObject({ status: 'POSTED', paymentStatus: 'PAID' });
      await watched;
      expect(seen[0]).toBe('PENDING');
      expect(seen).toContain('ON_TERMINAL');
      expect(seen.at(-1)).toBe('SUCCESS');
      expect(seen.indexOf('ON_TERMINAL')).toBeGreaterThan(seen.indexOf('PENDING'));
      // No reload happened: the marker set before the sale is still on the window.
      expect(await page.evaluate(() => (window as unknown as { posMarker?: number }).posMarker)).toBe(13);
      // A successful payment offers only the cancellation on the device.
      const row = page.locator(`table[aria-label="POS ödemeleri"] tr[data-payment="${id}"]`);
      await expect.poll(() => row.getByRole('button').allTextContents()).toEqual(['İptali cihaza gönder']);
      await expect.poll(() => page.getByRole('region', { name: 'Bekleyen ödemeler' }).textContent()).toContain('Bekleyen ödeme yok.');
      await shot(page, 'pos-payment-success-1024');
      await page.setViewportSize({ width: 375, height: 812 });
      await shot(page, 'pos-payment-success-375');

      // The invoice is paid.
      await seller.goto(`${t.url}/invoice/${invoice.id}`);
      const region = seller.getByRole('region', { name: `Satış faturası ${invoice.documentNo}` });
      await region.getByText('Ödendi', { exact: true }).waitFor();

      // The sale is cancelled on the device: confirmed, then the sale-cancel states arrive one after the other.
      await page.setViewportSize({ width: 1024, height: 768 });
      await row.getByRole('button', { name: `İptali cihaza gönder: ${id}` }).click();
      const ask = page.getByRole('alertdialog');
      await ask.getByRole('button', { name: 'Evet' }).click();
      const cancelSeen: string[] = [(await statuses(page))[id]!].filter(Boolean);
      const cancelDeadline = Date.now() + 60_000;
      while (cancelSeen.at(-1) !== 'SALE_CANCEL_SUCCESS') {
        const next = await nextStatus(page, { id }, cancelSeen.at(-1), cancelDeadline - Date.now());
        if (!next) break;
        cancelSeen.push(next.s);
      }
      // (The row may still say SUCCESS until the next poll.) The cancel states come in their order.
      const walk = ['SALE_CANCEL_PENDING', 'SALE_CANCEL_ON_TERMINAL', 'SALE_CANCELLED', 'SALE_CANCEL_SUCCESS'];
      const cancelStates = cancelSeen.filter((x) => x !== 'SUCCESS');
      expect(cancelStates.map((x) => walk.indexOf(x))).toEqual([...cancelStates.map((x) => walk.indexOf(x))].sort((a, b) => a - b));
      expect(cancelStates.every((x) => walk.includes(x))).toBe(true);
      expect(cancelStates).toContain('SALE_CANCEL_ON_TERMINAL');
      expect(cancelStates.at(-1)).toBe('SALE_CANCEL_SUCCESS');
      // The invoice owes the amount again.
      await seller.reload();
      await region.getByText('Ödenmedi', { exact: true }).first().waitFor();
      await expect.poll(() => row.getByRole('button').count()).toBe(0);
      await shot(page, 'pos-payment-sale-cancelled-1024');
      expect((page as Page & { errors: string[] }).errors).toEqual([]);
      await seller.close();
    } finally {
      await context.close();
    }
  }, 240_000);

  it('makes a payment link on /virtual-payments, pays it on the sandbox page, and the list shows it paid', async () => {
    // A paid link's collection goes to an online-payment bank account; the demo pharmacy has none yet.
    const api = http(t.url);
    const token = await api.signIn('eczaci');
    const banks = await api.call('GET', `${API}/banks?page=0&size=1`, { token });
    expect(banks.status).toBe(200);
    const online = await api.call('POST', `${API}/bank-accounts`, { token, body: { name: 'Online Tahsilat Hesabı', bankId: banks.body[0].id, accountType: 'ONLINE_PAYMENT', currencyId: 1 } });
    expect(online.status).toBe(201);

    const { context, page } = await sessions.newPage('eczaci', { width: 1024, height: 768 });
    try {
      await page.goto(`${t.url}/virtual-payments`);
      const form = page.getByRole('region', { name: 'Ödeme linki oluştur' });
      await form.getByLabel('Cari ara').fill('Ayşe');
      const current = form.getByLabel('Cari', { exact: true });
      await expect.poll(() => current.locator('option').allTextContents()).toContainEqual(expect.stringMatching(/Ayşe Yılmaz/));
      await current.selectOption({ label: 'Ayşe Yılmaz' });
      await form.getByLabel('Tutar').fill('125,50');
      await form.getByLabel('Açıklama').fill('Kasım ayı bakiyesi');
      await form.getByRole('button', { name: 'Ödeme linki oluştur' }).click();
      const made = form.getByRole('status', { name: 'Ödeme linki' });
      await made.waitFor();
      const url = await made.getByLabel('Ödeme linki').inputValue();
      expect(url).toMatch(/\/sandbox\/pos\/pay\/link\//);
      const list = page.getByRole('table', { name: 'Ödeme linkleri' });
      await expect.poll(() => list.textContent()).toContain('Ödeme bekleniyor');
      await shot(page, 'pos-links-1024');

      // The customer pays on the (simulated) payment page.
      const customer = await context.newPage();
      await customer.goto(url);
      await customer.getByRole('button', { name: 'Öde' }).click();
      // The page answers once the payment's first callback reached the server (waiting for the
      // load state here could be answered by the form's page, before the post had even left).
      await customer.locator('#result').getByText('Ödemeniz alındı.', { exact: false }).waitFor();
      await customer.close();

      await expect.poll(async () => {
        await page.reload();
        await list.waitFor();
        return list.getByRole('row').nth(1).textContent();
      }, { timeout: 20_000, interval: 500 }).toContain('Ödendi');
      await page.setViewportSize({ width: 375, height: 812 });
      await shot(page, 'pos-links-375');
      expect((page as Page & { errors: string[] }).errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
