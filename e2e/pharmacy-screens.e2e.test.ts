import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { TestServer } from '../packages/server/test/harness';
import { DEMO_ERECETE, DEMO_GREEN_SCANNABLE } from '../plugins/pharmacy/common/src/index';
import { http, ONMUHASEBE as API } from '../packages/server/test/http';
import { newPage, shot } from './browser';
import { fillMedulaLogin, startWorkbench, type Sessions } from './workbench';

/**
 * The pharmacy screens in chromium against the real server and its Medula and İTS sandboxes, on a
 * phone (375 px): the pharmacist lands on the counter, sells the demo green prescription from the
 * keyboard (the number and Enter, F2, the Medula login the sandbox asks for, two DataMatrix scans
 * with the GS separator real scanners send, Ctrl+S to save it at Medula, F7, F8) and gets the invoice; the prescriptions list
 * shows it, the settings' waiting notifications show its İTS sale, and the invoice's 'İTS' button
 * its sold boxes. At a desk's width, a medicine is given on deposit (emanet) and cancelled. (The
 * done-when test of issue 12, with the sandboxes switched off, is e2e/pharmacy.e2e.test.ts.)
 */
describe('the pharmacy screens in a browser', () => {
  let t: TestServer;
  let browser: Browser;
  let sessions: Sessions;
  let close: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    ({ t, browser, sessions, close } = await startWorkbench());
  });
  afterAll(async () => {
    await close?.();
  });

  async function scan(page: Page, code: string) {
    const input = page.getByRole('textbox', { name: 'Reçete no ya da karekod' });
    await input.focus();
    // A scanner types the code (with its GS separator) and Enter.
    await page.keyboard.insertText(code);
    await page.keyboard.press('Enter');
  }

  it('sells the green demo prescription from the keyboard on a phone, and the list and the waiting notifications show it', async () => {
    // The pharmacist walks through the login form and lands on the counter; the other tests start
    // from the session kept here.
    const { context, page } = await newPage(browser, { width: 375, height: 812 });
    try {
      await sessions.signIn(page, 'eczaci');
      await page.waitForURL((u) => u.pathname === '/pharmacy-sale');
      const counter = page.getByRole('region', { name: 'Reçeteli Satış' });
      const input = counter.getByRole('textbox', { name: 'Reçete no ya da karekod' });
      await expect.poll(() => input.evaluate((el) => el === document.activeElement)).toBe(true);

      await page.keyboard.type(DEMO_ERECETE.GREEN);
      await page.keyboard.press('Enter');
      await counter.getByText(/Reçete bulunamadı/).waitFor();
      await page.keyboard.press('F2');

      // The sandbox wants a Medula session first: the login dialog, its captcha and the five fields.
      const login = page.getByRole('dialog', { name: 'Medula girişi' });
      await login.waitFor();
      await login.getByRole('img', { name: 'Güvenlik kodu resmi' }).waitFor();
      await fillMedulaLogin(login);
      await expect.poll(() => login.getByLabel(/E-reçete no/).inputValue()).toBe(DEMO_ERECETE.GREEN);
      await shot(page, 'pharmacy-medula-login-375');
      await login.getByRole('button', { name: 'Giriş yap' }).click();
      await login.waitFor({ state: 'detached' });

      const info = counter.getByRole('region', { name: 'Reçete' });
      await info.waitFor();
      await expect.poll(() => info.textContent()).toContain('Yeşil');

      for (const box of DEMO_GREEN_SCANNABLE) {
        await scan(page, box.datamatrix);
        await expect.poll(() => counter.getByLabel(`Okutulan kutu: ${box.name}`).textContent(), { timeout: 10_000 }).toMatch(/^1\//);
      }
      // Saved at Medula (the provision): the sandbox answers, the share is Medula's.
      await page.keyboard.press('Control+s');
      await counter.getByText('Reçete Medula\'ya kaydedildi.').waitFor();
      await page.keyboard.press('F7');
      const share = counter.getByRole('region', { name: 'Hasta katılım payı' });
      await expect.poll(() => share.getByLabel('Hastanın ödeyeceği').textContent()).toMatch(/\d,\d{2}/);
      await shot(page, 'pharmacy-counter-375');
      // The counter ignores keys while a call runs (its buttons are disabled then): F8 once F7's answer is in.
      await expect.poll(() => counter.getByRole('button', { name: 'Nakit' }).isEnabled()).toBe(true);
      await page.keyboard.press('F8');
      const result = counter.getByRole('status', { name: 'Satışın faturası' });
      await result.waitFor();
      const link = result.getByRole('link', { name: /faturasını aç/ });
      const invoicePath = await link.getAttribute('href');
      expect(invoicePath).toMatch(/^\/invoice\/\d+$/);
      await shot(page, 'pharmacy-counter-invoiced-375');
      // The same sale at a desk's width.
      await page.setViewportSize({ width: 1024, height: 768 });
      await shot(page, 'pharmacy-counter-invoiced-1024');

      // The prescriptions list holds the sold green prescription, with its invoice.
      await page.goto(`${t.url}/recete`);
      const list = page.getByRole('table', { name: 'Reçeteler' });
      await list.waitFor();
      await expect.poll(() => list.textContent()).toContain('Yeşil');
      await expect.poll(() => list.textContent()).toContain('Tamamlandı');

      // The İTS sale notification of the sale, on the settings' waiting notifications (any state).
      await page.goto(`${t.url}/pharmacy-settings`);
      await page.getByRole('tab', { name: 'Bekleyen bildirimler' }).click();
      await page.getByRole('combobox', { name: 'Durum' }).selectOption('');
      const outbox = page.getByRole('table', { name: 'Bildirimler' });
      await outbox.waitFor();
      await expect.poll(() => outbox.textContent()).toContain('İTS satış bildirimi');
      await shot(page, 'pharmacy-outbox-375');

      // The invoice's page carries an 'İTS' button: the sold boxes, ours SOLD, with İTS's answer.
      await page.goto(`${t.url}${invoicePath}`);
      await page.getByRole('button', { name: 'İTS' }).click();
      const its = page.getByRole('dialog', { name: /^İlaç takip \(İTS\) · / });
      const boxes = its.getByRole('table', { name: 'Kutular' });
      await boxes.waitFor();
      for (const box of DEMO_GREEN_SCANNABLE) await expect.poll(() => boxes.textContent()).toContain(box.datamatrix.slice(18, box.datamatrix.indexOf('\x1d')));
      await expect.poll(() => boxes.textContent()).toContain('Satıldı');
      await shot(page, 'pharmacy-its-dialog-1024');
      await its.getByRole('button', { name: 'Kapat', exact: true }).last().click();
      expect((page as Page & { errors: string[] }).errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('gives a medicine on deposit to a patient and cancels it, the list reloading to the open ones', async () => {
    const api = http(t.url);
    const token = await api.signIn('eczaci');
    const cities = (await api.call('GET', `${API}/cities?size=100&search=Ankara`, { token })).body;
    const city = cities.find((c: { name: string }) => c.name === 'Ankara') ?? cities[0];
    const subs = (await api.call('GET', `${API}/city-subdivisions?size=100&cityId=${city.id}`, { token })).body;
    const offices = (await api.call('GET', `${API}/tax-offices?size=100&cityId=${city.id}`, { token })).body;
    const current = await api.call('POST', `${API}/currents`, {
      token, body: { currentAccountType: 'CUSTOMER', name: 'Emine', lastName: 'Emanetçi', taxNumber: '12345678950', taxOfficeId: offices[0]?.id, cityId: city.id, citySubdivisionId: subs[0]?.id, address: 'Kızılay', currencyId: 1, accountGroupCode: '120' },
    });
    expect(current.status, JSON.stringify(current.body)).toBe(201);

    const { context, page } = await sessions.newPage('eczaci', { width: 1024, height: 768 });
    try {
      await page.goto(`${t.url}/emanet/new`);
      const form = page.getByRole('region', { name: 'Emanet ilaç ver' });
      await form.getByRole('textbox', { name: 'Cari ara' }).fill('Emine');
      await expect.poll(() => form.getByRole('combobox', { name: /^Cari/ }).locator('option').allTextContents()).toContain('Emine Emanetçi');
      // Without a medicine: 'Lütfen bir ilaç seçiniz'.
      await form.getByRole('combobox', { name: /^Cari/ }).selectOption({ label: 'Emine Emanetçi' });
      await form.getByRole('button', { name: 'Emanete ver' }).click();
      await expect.poll(() => form.getByRole('alert').textContent()).toContain('Lütfen bir ilaç seçiniz');
      await form.getByRole('textbox', { name: 'İlaç ara (ad ya da barkod)' }).fill('GALARA');
      await form.getByRole('textbox', { name: 'İlaç ara (ad ya da barkod)' }).press('Enter');
      const results = form.getByRole('table', { name: 'Bulunan ilaçlar' });
      await results.waitFor();
      await results.getByRole('button', { name: /^Ekle: GALARA/ }).first().click();
      await form.getByRole('button', { name: 'Emanete ver' }).click();
      await page.waitForURL((u) => u.pathname === '/emanet');
      const list = page.getByRole('table', { name: 'Emanet ilaçlar' });
      await list.waitFor();
      await expect.poll(() => list.textContent()).toContain('Emine Emanetçi');
      await expect.poll(() => list.textContent()).toContain('Emanete verildi');
      await shot(page, 'pharmacy-emanet-1024');
      await list.getByRole('button', { name: /^Emaneti iptal et: GALARA/ }).click();
      await page.getByRole('button', { name: 'Evet' }).click();
      // The list reloads with the open records only: the demo's stay, this one is gone.
      await expect.poll(() => list.textContent()).not.toContain('Emine Emanetçi');
      await expect.poll(() => list.textContent()).toContain('Mehmet Demir');
      const q = await api.call('GET', `${API}/credit-products?currentId=${current.body.id}`, { token });
      expect(q.body.map((x: { state: string }) => x.state)).toEqual(['CANCEL']);
      expect((page as Page & { errors: string[] }).errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('scans a delivered box into stock on /its (mal kabul), and the medicine shows among those whose stock and boxes differ', async () => {
    const api = http(t.url);
    const token = await api.signIn('eczaci');
    // A QR-tracked medicine of the demo pharmacy, and a new box of it: another serial, the GS separator a scanner sends.
    const all = (await api.call('GET', `${API}/pharmacy-box-stock`, { token })).body as { productId: number; barcode: string; difference: string }[];
    const medicine = all[0]!;
    const was = Number(medicine.difference);
    const code = `010${medicine.barcode}21E2EMALKABUL1\x1d17271228` + '10E2EBATCH';

    const { context, page } = await sessions.newPage('eczaci', { width: 1024, height: 768 });
    try {
      await page.goto(`${t.url}/its`);
      const welcome = page.getByRole('dialog', { name: 'İlaç takip (İTS) işlemleri' });
      await welcome.getByRole('button', { name: 'Kapat', exact: true }).click();
      // Gone for good: as its closing ends, Blueprint gives the focus back to what had it before it
      // opened, which would take it from the box the scanner types into.
      await welcome.waitFor({ state: 'detached' });
      const differing = page.getByRole('region', { name: 'Stoku ile karekodlu kutu sayısı farklı ilaçlar' });
      const receipt = page.getByRole('region', { name: 'Mal kabul (kutuları stoğa al)' });
      await receipt.getByRole('textbox', { name: 'Karekod' }).focus();
      await page.keyboard.insertText(code);
      await page.keyboard.press('Enter');
      await expect.poll(() => receipt.getByRole('list', { name: 'Okutulan kutular' }).textContent()).toContain('E2EMALKABUL1');
      await receipt.getByRole('textbox', { name: 'Belge no (fatura / irsaliye)' }).fill('ALIS-E2E-1');
      const answered = page.waitForResponse((r) => r.url().endsWith('/pharmacy-boxes/receive'));
      await receipt.getByRole('button', { name: 'Stoğa al (1 kutu)' }).click();
      const res = await answered;
      expect(res.status(), await res.text()).toBe(200);
      await expect.poll(() => receipt.getByRole('status').textContent()).toContain('1 kutu stoğa alındı, 0 kutu zaten stoktaydı.');
      // One box more than the stock: the medicine is listed with the difference one lower.
      const row = differing.getByRole('row').filter({ hasText: medicine.barcode });
      await expect.poll(async () => (await row.count()) ? (await row.getByRole('cell').allTextContents())[4] : null).toBe(String(was - 1));
      expect(await row.textContent()).toContain('Stok girişini ya da kutuların durumunu kontrol edin');
      await shot(page, 'pharmacy-goods-receipt-1024');
      const box = await api.call('GET', `${API}/pharmacy-boxes?sn=E2EMALKABUL1&page=0&size=1`, { token });
      expect(box.body.map((b: { state: string; productId: number }) => [b.productId, b.state])).toEqual([[medicine.productId, expect.stringMatching(/^(RECEIVED|ACCEPTED)$/)]]);
      expect((page as Page & { errors: string[] }).errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
