import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWorkbench } from '../../../../../packages/workbench/test/render';
import { json, problem, type FakeServer } from '../../../../../packages/workbench/test/fake-server';
import { control } from '../finance/testing';
import { thisMonth } from './model';
import { addDaysTo } from './dates';
import { REPORTS_API, reportPlugin, reportServer } from './testing';

/** The files the page saved. */
let saved: string[] = [];
beforeEach(() => {
  saved = [];
  URL.createObjectURL = vi.fn(() => 'blob:test/1');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) { saved.push(this.download); });
});
afterEach(() => vi.restoreAllMocks());

const lastQuery = (s: FakeServer, path: string) => {
  const r = s.requests.filter((x) => x.method === 'GET' && x.path.split('?')[0] === path).at(-1);
  return r ? Object.fromEntries(new URL(`http://x${r.path}`).searchParams) : null;
};
const open = async (path: string, s: FakeServer, name: string) => {
  const view = await renderWorkbench({ plugins: [reportPlugin], path, server: s, signedIn: true });
  const page = await screen.findByRole('region', { name }, { timeout: 5000 });
  return { ...view, page };
};
const messages = (toasts: { shown: { message: unknown }[] }) => toasts.shown.map((x) => String(x.message));

describe('/sales-report', () => {
  it('lists this month\'s sales a page at a time with the range\'s sums, and downloads Excel and PDF', async () => {
    const s = reportServer();
    s.on(`GET ${REPORTS_API}/export`, (req) => {
      const p = new URL(req.url).searchParams;
      return new Response('x', { headers: { 'content-type': 'application/pdf', 'content-disposition': `attachment; filename="satis-raporu.${p.get('format')}"` } });
    });
    const { page, toasts } = await open('/sales-report', s, 'Satış Raporu');
    const table = await within(page).findByRole('table', { name: 'Satış Raporu' });
    await within(table).findByText('DMT2026000000003');
    expect(lastQuery(s, `${REPORTS_API}/invoices/invoices-by-date-range`)).toMatchObject({ ...thisMonth(), page: '0' });
    const sums = within(page).getByRole('table', { name: 'Toplamlar' });
    expect(within(sums).getByRole('row', { name: /Toplam 1\.320,00/ })).toBeTruthy();
    expect(within(sums).getByRole('row', { name: /Kalan 960,00/ })).toBeTruthy();
    const user = userEvent.setup();
    await user.click(within(page).getByRole('button', { name: 'Excel' }));
    await waitFor(() => expect(saved).toEqual(['satis-raporu.xlsx']));
    expect(lastQuery(s, `${REPORTS_API}/export`)).toEqual({ report: 'sales', ...thisMonth(), format: 'xlsx' });
    await user.click(within(page).getByRole('button', { name: 'PDF' }));
    await waitFor(() => expect(saved).toEqual(['satis-raporu.xlsx', 'satis-raporu.pdf']));
    expect(messages(toasts)).toContain('BAŞARILI — satis-raporu.pdf indirildi.');
  });

  it('asks for the range the form gives, and shows the seeds\' texts as the reports service\'s rule says', async () => {
    const s = reportServer();
    // The server's answer to a range without invoices: an empty page with zero totals.
    const none = { invoiceCount: 0, taxBase: 0, totalTax: 0, totalAmount: 0, paid: 0, remaining: 0 };
    s.on(`GET ${REPORTS_API}/invoices/invoices-by-date-range`, (req) => json({ startDate: new URL(req.url).searchParams.get('startDate'), endDate: new URL(req.url).searchParams.get('endDate'), rows: [], totals: none }, { total: 0 }));
    s.on(`GET ${REPORTS_API}/export`, () => problem(429, 'Excel indirme günde iki kez ile sınırlıdır', { code: 'EXCEL_DAILY_LIMIT' }));
    const { page, toasts } = await open('/sales-report', s, 'Satış Raporu');
    // An empty range is no error: the seeds' text stands in the empty table, and no red toast follows the person to the next page.
    await within(page).findByText('Verilen tarih aralığında fatura bulunamadı');
    expect(messages(toasts).join(' ')).not.toContain('Verilen tarih aralığında fatura bulunamadı');
    expect(within(page).queryByRole('table', { name: 'Toplamlar' })).toBeNull();
    const form = within(page).getByRole('form', { name: 'Satış Raporu' });
    const user = userEvent.setup();
    await user.clear(control(form, 'Başlangıç tarihi'));
    await user.type(control(form, 'Başlangıç tarihi'), '01072026');
    await user.clear(control(form, 'Bitiş tarihi'));
    await user.type(control(form, 'Bitiş tarihi'), '31082026');
    await user.click(within(form).getByRole('button', { name: 'Listele' }));
    await waitFor(() => expect(lastQuery(s, `${REPORTS_API}/invoices/invoices-by-date-range`)).toMatchObject({ startDate: '2026-07-01', endDate: '2026-08-31' }));
    await user.click(within(form).getByRole('button', { name: 'Excel' }));
    await waitFor(() => expect(messages(toasts)).toContain('HATALI — Excel indirme günde iki kez ile sınırlıdır'));
    expect(saved).toEqual([]);
  });

  it('refuses an end before the start without asking the server', async () => {
    const s = reportServer();
    const { page } = await open('/sales-report', s, 'Satış Raporu');
    await within(page).findAllByText('DMT2026000000001');
    const asked = s.requests.length;
    const form = within(page).getByRole('form', { name: 'Satış Raporu' });
    const user = userEvent.setup();
    await user.clear(control(form, 'Bitiş tarihi'));
    await user.type(control(form, 'Bitiş tarihi'), '01012020');
    await user.click(within(form).getByRole('button', { name: 'Listele' }));
    expect(await within(form).findByText('Bitiş tarihi başlangıçtan önce olamaz.')).toBeTruthy();
    expect(s.requests.length).toBe(asked);
  });

  it('mails the analysis to the addresses written', async () => {
    const s = reportServer();
    s.on(`POST ${REPORTS_API}/invoices/send-sales-data-analysis-to-emails-by-date-range`, () => json({ recipients: ['a@example.com', 'b@example.com'], fileName: 'x.xlsx', invoiceCount: 3 }, { status: 202 }));
    const { page, toasts } = await open('/sales-report', s, 'Satış Raporu');
    const form = await within(page).findByRole('form', { name: 'Satış analizini e-postayla gönder' });
    const user = userEvent.setup();
    await user.type(control(form, 'E-posta adresleri'), 'a@example.com, yanlış');
    await user.click(within(form).getByRole('button', { name: 'Analizi gönder' }));
    expect(await within(form).findByText('Hatalı e-posta biçimi')).toBeTruthy();
    await user.clear(control(form, 'E-posta adresleri'));
    await user.type(control(form, 'E-posta adresleri'), 'a@example.com, b@example.com');
    await user.click(within(form).getByRole('button', { name: 'Analizi gönder' }));
    await waitFor(() => expect(messages(toasts)).toContain('BAŞARILI — Satış analizi 2 adrese gönderilmek üzere sıraya alındı.'));
    const post = s.requests.find((r) => r.method === 'POST');
    expect(post?.body).toEqual({ ...thisMonth(), emails: ['a@example.com', 'b@example.com'] });
  });
});

describe('the invoice lists of the Reports group', () => {
  it('/income-outgoing-invoice shows both directions with sums per direction', async () => {
    const s = reportServer();
    const { page } = await open('/income-outgoing-invoice', s, 'Tüm Faturalar');
    const table = await within(page).findByRole('table', { name: 'Tüm Faturalar' });
    await within(table).findByText('RPR-1');
    expect(within(table).getAllByText('Alış')).toHaveLength(1);
    expect(lastQuery(s, `${REPORTS_API}/all-incoming-outgoing-invoices`)!.invoiceType).toBeUndefined();
    const sums = within(page).getByRole('table', { name: 'Toplamlar' });
    expect(within(sums).getByRole('row', { name: /Satış · Toplam 1\.320,00/ })).toBeTruthy();
    expect(within(sums).getByRole('row', { name: /Alış · Toplam 720,00/ })).toBeTruthy();
  });

  it('/incoming-invoice asks for purchases only; without an export authority it offers no files', async () => {
    const s = reportServer(['12_1']);
    const { page } = await open('/incoming-invoice', s, 'Gelen Faturalar');
    await within(page).findAllByText('Ege Kırtasiye');
    expect(lastQuery(s, `${REPORTS_API}/all-incoming-outgoing-invoices`)!.invoiceType).toBe('BUYING');
    expect(within(page).queryByRole('button', { name: 'Excel' })).toBeNull();
  });

  it('/sales-cancel-report names who cancelled', async () => {
    const s = reportServer();
    const { page } = await open('/sales-cancel-report', s, 'Satış İptal Raporu');
    const table = await within(page).findByRole('table', { name: 'Satış İptal Raporu' });
    expect(await within(table).findByText('muhasebe')).toBeTruthy();
  });

  it('a 403 of the reports service is the forbidden notice', async () => {
    const s = reportServer();
    s.on(`GET ${REPORTS_API}/all-incoming-outgoing-invoices`, () => problem(403, 'Yetki Hatası', { code: 'MISSING_AUTHORITY', detail: 'Satış faturalarını görme yetkiniz yok.' }));
    const { toasts } = await open('/outgoing-invoice', s, 'Giden Faturalar');
    await waitFor(() => expect(messages(toasts).some((m) => m.startsWith('Yetki Hatası'))).toBe(true));
  });
});

describe('/current-collection-analysis', () => {
  it('shows each current\'s receivables and payables by age and the totals', async () => {
    const s = reportServer();
    const { page } = await open('/current-collection-analysis', s, 'Cari Tahsilat Analizi');
    const table = await within(page).findByRole('table', { name: 'Cari Tahsilat Analizi' });
    const marmara = await within(table).findByRole('row', { name: /Marmara Yapı Market/ });
    expect(within(marmara).getAllByRole('cell').map((c) => c.textContent)).toEqual(expect.arrayContaining(['360,00', '120,00', '600,00']));
    const sums = within(page).getByRole('table', { name: 'Toplamlar' });
    expect(within(sums).getByRole('row', { name: /Alacak · Toplam 1\.200,00/ })).toBeTruthy();
    expect(within(sums).getByRole('row', { name: /Borç · Vadesi gelmemiş 960,00/ })).toBeTruthy();
  });
});

describe('/daily-activity-report', () => {
  it('tells the day: sales, collections, its invoices and the cash at its end', async () => {
    const s = reportServer();
    const { page } = await open('/daily-activity-report', s, 'Günlük Faaliyet Raporu');
    const summary = await within(page).findByRole('table', { name: 'Günün özeti' });
    expect(within(summary).getByRole('row', { name: /Satışlar 2 720,00/ })).toBeTruthy();
    expect(within(summary).getByRole('row', { name: /Tahsilatlar 1 360,00/ })).toBeTruthy();
    expect(within(page).getByRole('table', { name: 'Günün faturaları' }).textContent).toContain('DMT2026000000003');
    const money = within(page).getByRole('table', { name: 'Kasa ve bankalar' });
    expect(within(money).getByRole('row', { name: /Toplam nakit 25\.360,00/ })).toBeTruthy();
  });
});

describe('/business-reports', () => {
  it('shows profit by product, then by customer, the stock valuation and the cash-flow forecast', async () => {
    const s = reportServer();
    const { page } = await open('/business-reports', s, 'İşletme Raporları');
    const profit = await within(page).findByRole('table', { name: 'Kârlılık' });
    const row = await within(profit).findByRole('row', { name: /Rapor Ürünü P/ });
    expect(row.textContent).toContain('460,00');
    expect(row.textContent).toContain('%35,38');
    const user = userEvent.setup();
    await user.selectOptions(within(page).getByRole('combobox', { name: 'Kârlılık bazı' }), 'customer');
    await within(profit).findByText('Marmara Yapı Market');
    expect(lastQuery(s, `${REPORTS_API}/profit`)!.by).toBe('customer');
    await user.click(within(page).getByRole('tab', { name: 'Stok Değerlemesi' }));
    const stock = await within(page).findByRole('table', { name: 'Stok Değerlemesi' });
    expect((await within(stock).findByRole('row', { name: /Hizmet Paketi/ })).textContent).toContain('Alış yok');
    expect(within(page).getByRole('table', { name: 'Toplamlar' }).textContent).toContain('560,00');
    await user.click(within(page).getByRole('tab', { name: 'Nakit Akış Tahmini' }));
    const weeks = await within(page).findByRole('table', { name: 'Nakit Akış Tahmini' });
    expect((await within(weeks).findByRole('row', { name: /14\/09\/2026/ })).textContent).toContain('-960,00');
    const today = thisMonth().endDate;
    expect(lastQuery(s, `${REPORTS_API}/cash-flow-forecast`)).toEqual({ startDate: today, endDate: addDaysTo(today, 90) });
  });

  it('is not in the menu without the report module', async () => {
    const s = reportServer(['11_1']);
    await renderWorkbench({ plugins: [reportPlugin], path: '/outgoing-invoice', server: s, signedIn: true });
    await screen.findByRole('region', { name: 'Giden Faturalar' }, { timeout: 5000 });
    const menu = screen.getByRole('navigation', { name: 'Ana menü' });
    expect(within(menu).getAllByRole('menuitem', { name: /Giden Faturalar/ }).length).toBeGreaterThan(0);
    expect(within(menu).queryByRole('menuitem', { name: /İşletme Raporları/ })).toBeNull();
    expect(within(menu).queryByRole('menuitem', { name: /Satış Raporu/ })).toBeNull();
    expect(within(menu).queryByRole('menuitem', { name: /Gelen Faturalar/ })).toBeNull();
  });
});
