import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import type { TestServer } from '../packages/server/test/harness';
import { newPage, shot } from './browser';
import { signInAs, startWorkbench } from './workbench';

/**
 * Despatches (irsaliye) as a person writes them (issue 9): in the general company (Demo Ticaret
 * A.Ş., owner muhasebe) they send two products to a customer with a giden irsaliye, and the
 * products' stock goes down at once; they attach the signed delivery note as a PDF and see it
 * listed, print the despatch as a PDF, then turn the despatch into a sales invoice with
 * "Faturalaştır" — the invoice exists, names the despatch lines and the stock does not move again.
 * Another despatch is cancelled through "Emin misiniz?": it reads İptal and its stock is back.
 * Every step goes through the workbench's screens in chromium, on a fresh copy of the demo database;
 * the stock is read through the API the screens use.
 */

const API = '/services/onmuhasebe/api';
const CUSTOMER = 'Boğaziçi Otel İşletmeleri';
const ZIMBA = 'Zımba Makinesi No:10';
const KAGIT = 'A4 Fotokopi Kağıdı 80 gr (500 yaprak)';

interface Product { id: number; name: string; stockQuantity: number }
interface DespatchAnswer {
  id: number; waybillNo: string; status: string; invoicing: string; invoiceIds: number[];
  products: { id: number; productId: number; quantity: number; laterSentQuantity: number; warehouseName: string }[];
}

/** The cells of a table's body rows (each row's cells' text), header rows left out. */
async function bodyRows(table: Locator): Promise<string[][]> {
  return table.getByRole('row').evaluateAll((rows) => rows
    .map((r) => Array.from(r.querySelectorAll('td')).map((c) => (c.textContent ?? '').trim()))
    .filter((cells) => cells.length > 0));
}

/** A small, valid one-page PDF (what a scanner gives for a signed delivery note, in miniature). */
function tinyPdf(): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => { offsets.push(body.length); body += `${i + 1} 0 obj\n${o}\nendobj\n`; });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

describe('despatches in a browser: an outgoing despatch moves stock, carries an attachment, becomes an invoice; another is cancelled', () => {
  let t: TestServer;
  let browser: Browser;
  let closeWorkbench: (() => Promise<void>) | undefined;
  let context: BrowserContext;
  let page: Page;
  /** The two products' stock before the despatch, and the despatch as the server answered it. */
  let before: { zimba: Product; kagit: Product };
  let despatch: DespatchAnswer;

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
  /** A GET of the API with the session the workbench holds (its token, as the SDK sends it). */
  const api = <T>(path: string): Promise<T> => page.evaluate(async (p) => {
    const token = decodeURIComponent(document.cookie.split('; ').find((c) => c.startsWith('accessToken='))!.slice('accessToken='.length));
    const r = await fetch(p, { headers: { authorization: `Bearer ${token}` } });
    if (!r.ok) throw new Error(`${p}: ${r.status}`);
    return r.json();
  }, path) as Promise<T>;
  const product = async (name: string): Promise<Product> => {
    const list = await api<Product[]>(`${API}/products?search=${encodeURIComponent(name.slice(0, 12))}&size=20`);
    const found = list.find((p) => p.name === name);
    if (!found) throw new Error(`no product ${name}`);
    return found;
  };
  const stockOf = async (id: number) => (await api<Product>(`${API}/products/${id}`)).stockQuantity;

  /** Writes an outgoing despatch to the customer through the form; answers the server's despatch. */
  async function writeDespatch(lines: { typed: string; option: RegExp; quantity: string; laterSent?: string }[], booklet?: string): Promise<DespatchAnswer> {
    await open('/outgoing-despatch');
    await page.getByRole('heading', { name: 'Giden İrsaliyeler', exact: true }).waitFor();
    await page.getByRole('button', { name: 'İrsaliye ekle', exact: true }).click();
    const form = page.getByRole('form', { name: 'Yeni giden irsaliye' });
    await form.waitFor();
    // An outgoing despatch's number comes from the company's series when left empty.
    await form.getByText('Boş bırakılırsa şirketin irsaliye serisinden sıradaki numara verilir (IRS…).').waitFor();
    await suggest(form.getByRole('combobox', { name: 'Müşteri (cari)' }), 'Boğaziçi', new RegExp(CUSTOMER));
    await expect.poll(() => form.getByRole('combobox', { name: 'Müşteri (cari)' }).inputValue()).toBe(CUSTOMER);
    if (booklet) await form.getByRole('textbox', { name: 'Cilt no', exact: true }).fill(booklet);
    for (const [i, l] of lines.entries()) {
      const n = i + 1;
      if (n > 1) await form.getByRole('button', { name: 'Satır ekle' }).click();
      const box = form.getByRole('combobox', { name: `${n}. satır: Ürün`, exact: true });
      await suggest(box, l.typed, l.option);
      await expect.poll(() => box.inputValue()).toMatch(l.option);
      // The product's warehouse comes in with it.
      await expect.poll(() => form.getByRole('combobox', { name: `${n}. satır: Depo`, exact: true }).inputValue()).not.toBe('');
      await form.getByRole('textbox', { name: `${n}. satır: Miktar`, exact: true }).fill(l.quantity);
      if (l.laterSent) await form.getByRole('textbox', { name: `${n}. satır: Sonradan gönderilecek`, exact: true }).fill(l.laterSent);
    }
    const posted = page.waitForResponse((r) => r.url().endsWith(`${API}/despatches`) && r.request().method() === 'POST');
    await form.getByRole('button', { name: 'Kaydet', exact: true }).click();
    const answer = await posted;
    expect(answer.status()).toBe(201);
    const saved = await answer.json() as DespatchAnswer;
    await notice('İrsaliye kaydedildi.');
    await page.getByRole('region', { name: `Giden irsaliye ${saved.waybillNo}` }).waitFor();
    return saved;
  }

  it('writes an outgoing despatch of two products to a customer: their stock goes down at once', async () => {
    before = { zimba: await product(ZIMBA), kagit: await product(KAGIT) };
    expect(before.zimba.stockQuantity).toBeGreaterThanOrEqual(2);
    expect(before.kagit.stockQuantity).toBeGreaterThanOrEqual(3);
    await shot(page, '50-despatch-list');
    despatch = await writeDespatch([
      { typed: 'Zımba', option: /Zımba Makinesi/, quantity: '2', laterSent: '1' },
      { typed: 'Fotokopi', option: /A4 Fotokopi Kağıdı/, quantity: '3' },
    ], 'B-7');
    expect(despatch).toMatchObject({ status: 'ACTIVE', invoicing: 'NOT_INVOICED', invoiceIds: [] });
    expect(despatch.waybillNo).toMatch(/^IRS\d{13}$/);
    expect(despatch.products.map((l) => [l.productId, l.quantity, l.laterSentQuantity])).toEqual([[before.zimba.id, 2, 1], [before.kagit.id, 3, 0]]);

    // The despatch's page shows what was sent and what is to follow.
    const region = page.getByRole('region', { name: `Giden irsaliye ${despatch.waybillNo}` });
    const details = region.getByRole('table', { name: 'İrsaliye bilgileri' });
    await expect.poll(async () => (await details.textContent()) ?? '').toContain(CUSTOMER);
    expect(await details.textContent()).toContain('B-7');
    expect(await details.textContent()).toContain('Faturalanmadı');
    const lines = await bodyRows(region.getByRole('table', { name: 'Satırlar' }));
    expect(lines.map((c) => [c[1], c[3], c[7]])).toEqual([[ZIMBA, '1,00', '2,00'], [KAGIT, '', '3,00']]);
    await shot(page, '51-despatch-page');

    // Only the delivered quantities left the warehouse; the later-sent one did not.
    expect(await stockOf(before.zimba.id)).toBe(before.zimba.stockQuantity - 2);
    expect(await stockOf(before.kagit.id)).toBe(before.kagit.stockQuantity - 3);
  });

  it('attaches a small PDF to the despatch and lists it', async () => {
    await open(`/outgoing-despatch/${despatch.id}`);
    const region = page.getByRole('region', { name: `Giden irsaliye ${despatch.waybillNo}` });
    await region.getByText('Ek yok.').waitFor();
    await region.getByText('PDF, PNG, JPEG, WEBP, XML, TXT, CSV ya da XLSX; her biri en fazla 10 MB, bir irsaliyeye en fazla 20 dosya.').waitFor();
    const uploaded = page.waitForResponse((r) => r.url().includes(`${API}/despatch-attachment-lines/`) && r.request().method() === 'POST');
    await region.getByLabel('Dosya ekle').setInputFiles({ name: 'teslim-tutanagi.pdf', mimeType: 'application/pdf', buffer: tinyPdf() });
    const answer = await uploaded;
    expect(answer.status()).toBe(201);
    expect(answer.request().headers()['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(await answer.json()).toMatchObject([{ despatchId: despatch.id, fileName: 'teslim-tutanagi.pdf', contentType: 'application/pdf' }]);
    await notice('1 dosya eklendi.');
    const files = region.getByRole('table', { name: 'Ekler' });
    await expect.poll(async () => (await bodyRows(files)).map((c) => c.slice(0, 2)), { timeout: 15_000 }).toEqual([['teslim-tutanagi.pdf', 'PDF']]);
    expect((await bodyRows(files))[0]![3]).toBe('muhasebe');
    await region.getByRole('heading', { name: 'Ekler (1)' }).waitFor();
    await shot(page, '52-despatch-attachment');
  });

  it('prints the despatch: the PDF answers 200 as application/pdf and downloads as irsaliye-<waybill no>.pdf', async () => {
    const region = page.getByRole('region', { name: `Giden irsaliye ${despatch.waybillNo}` });
    const answered = page.waitForResponse((r) => r.url().endsWith(`${API}/pdf-despatch/${despatch.id}`));
    const downloaded = page.waitForEvent('download');
    await region.getByRole('button', { name: 'PDF', exact: true }).click();
    const pdf = await answered;
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toMatch(/^application\/pdf/);
    // The file saved is the PDF the server answered.
    const file = await downloaded;
    // The server's name for it, in small letters as its invoices' PDFs are.
    expect(file.suggestedFilename()).toBe(`irsaliye-${despatch.waybillNo.toLowerCase()}.pdf`);
    // Read through Playwright: the run's browser is another process's (connected to), where path() is not available.
    const chunks: Buffer[] = [];
    for await (const chunk of await file.createReadStream()) chunks.push(chunk as Buffer);
    const bytes = Buffer.concat(chunks);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(bytes.length).toBeGreaterThan(500);
    await notice(`irsaliye-${despatch.waybillNo.toLowerCase()}.pdf indirildi.`);
  });

  it('turns the despatch into a sales invoice from the list: the invoice names its lines and the stock does not move again', async () => {
    const stock = { zimba: await stockOf(before.zimba.id), kagit: await stockOf(before.kagit.id) };
    await open('/outgoing-despatch');
    await page.getByRole('searchbox', { name: 'İrsaliye no, cilt no, açıklama ya da cari' }).fill(despatch.waybillNo);
    const grid = page.getByTestId('paged-table-grid');
    const box = grid.getByRole('checkbox', { name: `Faturalaştırmak için seç: ${despatch.waybillNo} ${CUSTOMER}` });
    await box.waitFor({ state: 'attached', timeout: 15_000 });
    await expect.poll(() => page.getByRole('table', { name: 'Giden İrsaliyeler' }).getByRole('row').count(), { timeout: 15_000 }).toBe(2);
    // The box is drawn by Blueprint over its hidden input: a person clicks the box, i.e. its label.
    await box.locator('xpath=..').click();
    await expect.poll(() => box.isChecked()).toBe(true);
    await page.getByText(`1 irsaliye seçildi · ${CUSTOMER}`).waitFor();
    await page.getByRole('button', { name: 'Faturalaştır', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Faturalaştır' });
    await dialog.getByText('Seçilen irsaliyelerden bir satış faturası kesilir.').waitFor();
    await shot(page, '53-despatch-to-invoice');
    const made = page.waitForResponse((r) => r.url().endsWith(`${API}/despatches/to-invoice`) && r.request().method() === 'POST');
    await dialog.getByRole('button', { name: 'Faturayı oluştur', exact: true }).click();
    const answer = await made;
    expect(answer.status()).toBe(201);
    expect(answer.request().postDataJSON()).toMatchObject({ despatchIds: [despatch.id], draft: false });
    const invoice = await answer.json() as { id: number; documentNo: string; invoiceType: string; status: string; products: { productId: number; quantity: number; despatchLineId: number | null; stocks: unknown[] }[] };
    expect(invoice).toMatchObject({ invoiceType: 'SALE', status: 'POSTED' });
    expect(invoice.products.map((l) => [l.productId, l.quantity, l.despatchLineId])).toEqual(despatch.products.map((l) => [l.productId, l.quantity, l.id]));
    await notice(`Fatura oluşturuldu: ${invoice.documentNo}`);

    // The invoice's page opens; its lines are marked as made from the despatch.
    await page.waitForURL(`**/invoice/${invoice.id}`);
    const region = page.getByRole('region', { name: `Satış faturası ${invoice.documentNo}` });
    await region.getByText('Kesildi', { exact: true }).waitFor();
    await expect.poll(() => region.getByRole('table', { name: 'Satırlar' }).getByText('İrsaliyeli').count()).toBe(2);
    await shot(page, '54-invoice-from-despatch');

    // The invoice exists, and the stock is where the despatch left it.
    expect(await api<{ id: number; status: string }>(`${API}/invoices/${invoice.id}`)).toMatchObject({ id: invoice.id, status: 'POSTED' });
    expect(await stockOf(before.zimba.id)).toBe(stock.zimba);
    expect(await stockOf(before.kagit.id)).toBe(stock.kagit);
    expect(stock.zimba).toBe(before.zimba.stockQuantity - 2);

    // The despatch is invoiced: it links the invoice and can no longer be changed or cancelled.
    await open(`/outgoing-despatch/${despatch.id}`);
    const page2 = page.getByRole('region', { name: `Giden irsaliye ${despatch.waybillNo}` });
    await page2.getByRole('link', { name: invoice.documentNo }).waitFor();
    await expect.poll(async () => (await page2.getByRole('table', { name: 'İrsaliye bilgileri' }).textContent()) ?? '').toContain('Faturalandı');
    await expect.poll(() => page2.getByRole('button', { name: 'Düzenle', exact: true }).isDisabled()).toBe(true);
    await expect.poll(() => page2.getByRole('button', { name: 'İptal et', exact: true }).isDisabled()).toBe(true);
    await page2.getByText('Bu irsaliyeden fatura kesildi; değiştirilemez ve iptal edilemez.').waitFor();
  });

  it('cancels another despatch through "Emin misiniz?": it reads İptal and its stock is back', async () => {
    const was = await stockOf(before.zimba.id);
    const other = await writeDespatch([{ typed: 'Zımba', option: /Zımba Makinesi/, quantity: '1' }]);
    expect(await stockOf(before.zimba.id)).toBe(was - 1);
    const region = page.getByRole('region', { name: `Giden irsaliye ${other.waybillNo}` });
    await region.getByRole('button', { name: 'İptal et', exact: true }).click();
    const ask = page.getByRole('alertdialog');
    await ask.getByText('Emin misiniz?').waitFor();
    await ask.getByText('İrsaliye iptal edilecek; stok hareketleri geri alınır.').waitFor();
    await ask.getByRole('button', { name: 'Hayır', exact: true }).waitFor();
    const cancelled = page.waitForResponse((r) => r.url().endsWith(`${API}/despatches/${other.id}`) && r.request().method() === 'DELETE');
    await ask.getByRole('button', { name: 'Evet', exact: true }).click();
    expect((await cancelled).status()).toBe(204);
    await notice('İrsaliye iptal edildi.');
    const details = region.getByRole('table', { name: 'İrsaliye bilgileri' });
    await expect.poll(async () => (await details.textContent()) ?? '', { timeout: 15_000 }).toContain('İptal');
    await expect.poll(() => region.getByRole('button', { name: 'İptal et', exact: true }).isDisabled()).toBe(true);
    await shot(page, '55-despatch-cancelled');
    expect(await stockOf(before.zimba.id)).toBe(was);

    // The list shows it as İptal, the invoiced one as Faturalandı.
    await open('/outgoing-despatch');
    const table = page.getByRole('table', { name: 'Giden İrsaliyeler' });
    await expect.poll(async () => {
      const rows = await table.getByRole('row').evaluateAll((rs) => rs.map((r) => r.textContent ?? ''));
      return [rows.some((r) => r.includes(other.waybillNo) && r.includes('İptal')), rows.some((r) => r.includes(despatch.waybillNo) && r.includes('Faturalandı'))];
    }, { timeout: 15_000 }).toEqual([true, true]);
  });

  it('threw no error in the page', () => {
    expect((page as Page & { errors: string[] }).errors).toEqual([]);
  });
});
