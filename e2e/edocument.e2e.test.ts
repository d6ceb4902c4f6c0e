import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { TestServer } from '../packages/server/test/harness';
import { http, ONMUHASEBE as API } from '../packages/server/test/http';
import { settingsHooks } from '../plugins/edocument/server/src/settings/index';
import { newPage, shot } from './browser';
import { signInAs, startWorkbench } from './workbench';

/**
 * The e-document plugin's done-when (issue 11), in chromium against the real server and its
 * integrator sandbox: with the sandbox set to time out the first two sends and then accept, the
 * general company's person (Demo Ticaret A.Ş., muhasebe) sends a posted sales invoice to Demo
 * Eczanesi from the invoice's page — "e-Belge", Kontrol et, Onayla (GİB's display in a frame that
 * runs no script), GİB'e gönder — sees Gönderiliyor, then Başarılı; the integrator holds exactly
 * one document with that ETTN. The buyer (the other demo tenant, eczaci) refreshes its inbox on
 * /e-documents, sees the invoice and turns it into a purchase invoice ("Alış faturası oluştur").
 *
 * The customer and the invoice are written through the API the screens use (the invoice screens
 * have their own browser test); everything about the e-document goes through the screens.
 */

const PHARMACY_TCKN = '10000000146';
// The worker's waits, short for the test (the integrator's timeouts, retries and status polls).
const EDOC_ENV = { TEZGAH_EDOC_TIMEOUT_MS: '500', TEZGAH_EDOC_RETRY_SECONDS: '0.2', TEZGAH_EDOC_POLL_SECONDS: '0.2' };

describe('an e-Fatura sent from the workbench through two integrator timeouts reaches the buyer once', () => {
  let t: TestServer;
  let browser: Browser;
  let closeWorkbench: (() => Promise<void>) | undefined;
  let contexts: BrowserContext[] = [];
  let api: ReturnType<typeof http>;
  let seller: string;
  let buyer: string;
  let invoice: { id: number; documentNo: string | null };
  let sent: { id: number; uuid: string; documentNo: string };
  const saved: Record<string, string | undefined> = {};

  // The sandbox's controls answer a management user only.
  const sandbox = async (method: string, path: string, body?: unknown) => {
    const admin = await http(t.url).signIn('yonetici');
    const headers: Record<string, string> = { authorization: `Bearer ${admin}`, ...(body ? { 'content-type': 'application/json' } : {}) };
    const r = await fetch(`${t.url}/sandbox/edocument${path}`, { method, headers, body: body ? JSON.stringify(body) : undefined });
    return { status: r.status, body: await r.json() as any };
  };

  beforeAll(async () => {
    for (const [k, v] of Object.entries(EDOC_ENV)) { saved[k] = process.env[k]; process.env[k] = v; }
    ({ t, browser, close: closeWorkbench } = await startWorkbench());
    // The sandbox integrator answers on this server (the configured public URL is not reachable in tests).
    settingsHooks.sandboxPublicUrl = t.url;
    api = http(t.url);
    seller = await api.signIn('muhasebe');
    buyer = await api.signIn('eczaci');

    // Demo Eczanesi as a customer of Demo Ticaret A.Ş. (an e-Fatura user in the sandbox's GİB world).
    const cities = (await api.call('GET', `${API}/cities?size=100&search=Ankara`, { token: seller })).body;
    const ankara = cities.find((c: any) => c.name === 'Ankara') ?? cities[0];
    const subs = (await api.call('GET', `${API}/city-subdivisions?size=100&cityId=${ankara.id}`, { token: seller })).body;
    const cankaya = subs.find((s: any) => s.name === 'Çankaya') ?? subs[0];
    const offices = (await api.call('GET', `${API}/tax-offices?size=100&cityId=${ankara.id}`, { token: seller })).body;
    const current = await api.call('POST', `${API}/currents`, {
      token: seller, body: {
        currentAccountType: 'CUSTOMER', name: 'Elif', lastName: 'Eczacı', title: 'Elif Eczacı - Demo Eczanesi', taxNumber: PHARMACY_TCKN, taxOfficeId: offices[0]?.id,
        cityId: ankara.id, citySubdivisionId: cankaya.id, address: 'Tunalı Hilmi Caddesi 88/2', email: 'eczaci@demo.tezgah.local', currencyId: 1, accountGroupCode: '120',
      },
    });
    expect(current.status, JSON.stringify(current.body)).toBe(201);
    const products = (await api.call('GET', `${API}/products?size=50`, { token: seller })).body as { id: number; name: string; stockQuantity: number; service?: boolean }[];
    const product = products.find((p) => !p.service && p.stockQuantity >= 2) ?? products[0]!;
    const made = await api.call('POST', `${API}/invoices`, {
      token: seller, body: { invoiceType: 'SALE', currentId: current.body.id, date: new Date().toISOString().slice(0, 10), products: [{ productId: product.id, quantity: 2, unitPrice: 150 }] },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    invoice = made.body;
  });
  afterAll(async () => {
    for (const c of contexts) await c.close();
    settingsHooks.sandboxPublicUrl = undefined;
    for (const [k, v] of Object.entries(saved)) { if (v === undefined) delete process.env[k]; else process.env[k] = v; }
    await closeWorkbench?.();
  });

  const pageOf = async (login: string): Promise<Page> => {
    const { context, page } = await newPage(browser);
    contexts.push(context);
    await signInAs(page, t.url, login);
    return page;
  };

  it('sends the invoice from its page: Kontrol, Önizleme, Gönderiliyor then Başarılı; the integrator holds one document with its ETTN', async () => {
    // The first two sends time out (the integrator keeps the first one: a timeout does not say
    // whether it arrived), then it accepts.
    const control = await sandbox('PUT', '/control', { timeoutSends: 2, timeoutDelayMs: 1200 });
    expect(control.status, JSON.stringify(control.body)).toBe(200);

    const page = await pageOf('muhasebe');
    await page.goto(`${t.url}/invoice/${invoice.id}`);
    const region = page.getByRole('region', { name: /^Satış faturası/ });
    await region.waitFor();
    const button = region.getByRole('button', { name: 'e-Belge', exact: true });
    await button.waitFor();
    await shot(page, 'edoc-10-invoice-page');
    await button.click();
    const dialog = page.getByRole('dialog', { name: /^e-Belge · / });
    await dialog.waitFor();
    await dialog.getByText('Belge henüz kontrol edilmedi', { exact: false }).waitFor();

    // Kontrol: the server builds and validates the UBL-TR document; the buyer is an e-Fatura user.
    await dialog.getByRole('button', { name: 'Kontrol et', exact: true }).click();
    await dialog.getByText('Belge kontrolden geçti. Onaylayıp önizlemeye geçebilirsiniz.').waitFor({ timeout: 30_000 });
    expect(await dialog.textContent()).toContain('e-Fatura');
    await expect.poll(() => dialog.getByLabel('Alıcı etiketi').inputValue()).toMatch(/^urn:mail:/);
    await shot(page, 'edoc-11-check');

    // Önizleme: GİB's display in a frame with an empty sandbox (no script runs).
    await dialog.getByRole('button', { name: 'Onayla', exact: true }).click();
    const frame = dialog.locator('iframe[title="Belgenin GİB görünümü"]');
    await frame.waitFor({ timeout: 30_000 });
    expect(await frame.getAttribute('sandbox')).toBe('');
    expect(await frame.getAttribute('srcdoc')).toContain('Elif');
    await shot(page, 'edoc-12-preview');

    // Durum: SENDING, asked again every 2 s, then SUCCESS.
    const sending = page.waitForResponse((r) => /\/e-invoice\/send\/\d+$/.test(r.url()) && r.request().method() === 'POST');
    await dialog.getByRole('button', { name: 'GİB\'e gönder', exact: true }).click();
    const answer = await sending;
    expect(answer.status()).toBe(200);
    sent = await answer.json();
    expect(sent).toMatchObject({ status: 'SENDING' });
    expect(sent.documentNo).toMatch(/^[A-Z0-9]{3}\d{13}$/);
    await dialog.getByText('Gönderiliyor', { exact: true }).first().waitFor();
    await dialog.getByText('3. Durum').waitFor();
    await shot(page, 'edoc-13-sending');
    await dialog.getByText('Başarılı', { exact: true }).first().waitFor({ timeout: 60_000 });
    expect(await dialog.textContent()).toContain(sent.documentNo);
    await shot(page, 'edoc-14-success');

    // The integrator holds the document once, whatever the timeouts.
    const held = await sandbox('GET', `/documents?uuid=${sent.uuid}`);
    expect(held.status).toBe(200);
    const list = Array.isArray(held.body) ? held.body : held.body.documents;
    expect(list).toHaveLength(1);
    const doc = (await api.call('GET', `${API}/e-documents/${sent.id}`, { token: seller })).body;
    expect(doc).toMatchObject({ status: 'SUCCESS', uuid: sent.uuid, documentNo: sent.documentNo });

    // The page's button follows the dialog: its status reads Başarılı.
    await dialog.getByRole('button', { name: 'Kapat', exact: true }).last().click();
    await expect.poll(async () => (await button.textContent()) ?? '').toContain('Başarılı');
    await sandbox('DELETE', '/control');
  });

  it('the buyer sees it in its incoming e-invoices and turns it into a purchase invoice', async () => {
    expect(sent?.uuid).toBeTruthy();
    const page = await pageOf('eczaci');
    await page.goto(`${t.url}/e-documents/incoming`);
    const table = page.getByRole('table', { name: 'Gelen e-Fatura' });
    await page.getByRole('tab', { name: 'Gelen e-Fatura' }).waitFor();
    await page.getByRole('button', { name: 'Gelen kutusunu yenile', exact: true }).click();
    await page.getByText('yeni belge alındı', { exact: false }).first().waitFor({ timeout: 30_000 });
    const row = table.getByRole('row').filter({ hasText: sent.documentNo });
    await expect.poll(() => row.count(), { timeout: 30_000 }).toBe(1);
    expect(await row.textContent()).toContain('Demo Ticaret');
    await shot(page, 'edoc-20-buyer-inbox');

    const converting = page.waitForResponse((r) => /\/incoming-invoices\/\d+\/to-purchase-invoice$/.test(r.url()));
    // The grid's row button (the hidden table beside it carries the same for screen readers).
    const convert = page.getByRole('button', { name: new RegExp(`^Alış faturası oluştur: ${sent.documentNo}`) });
    await expect.poll(() => convert.count(), { timeout: 15_000 }).toBe(1);
    await convert.click();
    const converted = await converting;
    expect(converted.status()).toBe(200);
    const incoming = await converted.json() as { purchaseInvoiceId: number; uuid: string };
    expect(incoming.uuid.toUpperCase()).toBe(sent.uuid.toUpperCase());
    await page.waitForURL((u) => u.pathname === `/invoice/${incoming.purchaseInvoiceId}`);
    await page.getByRole('region', { name: /fatura/i }).first().waitFor();
    await shot(page, 'edoc-21-purchase-invoice');
    const purchase = (await api.call('GET', `${API}/invoices/${incoming.purchaseInvoiceId}`, { token: buyer })).body;
    expect(purchase).toMatchObject({ invoiceType: 'BUYING', status: 'DRAFT', documentNo: sent.documentNo });
  });
});
