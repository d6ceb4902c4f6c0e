import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { TestServer } from '../packages/server/test/harness';
import { newPage, quiet, shot } from './browser';
import { signInAs, startWorkbench } from './workbench';

/**
 * The reports (issue 10) load in both demo companies: the general one (Demo Ticaret A.Ş., signed
 * in as muhasebe) and the pharmacy (eczaci). Every report the menu offers the person is opened from
 * the menu's own link, shows its heading and its figures or says why there are none, and is
 * photographed; in the general company the sales report of 2026 lists the demo's November sales
 * with their sums, and its Excel file is downloaded under the server's name.
 */

const REPORTS: { route: string; title: string }[] = [
  { route: '/outgoing-invoice', title: 'Giden Faturalar' },
  { route: '/incoming-invoice', title: 'Gelen Faturalar' },
  { route: '/income-outgoing-invoice', title: 'Tüm Faturalar' },
  { route: '/daily-activity-report', title: 'Günlük Faaliyet Raporu' },
  { route: '/sales-report', title: 'Satış Raporu' },
  { route: '/current-collection-analysis', title: 'Cari Tahsilat Analizi' },
  { route: '/sales-cancel-report', title: 'Satış İptal Raporu' },
  { route: '/business-reports', title: 'İşletme Raporları' },
];

// One server for both companies: the tests only read, and each company sees only its own books.
let t: TestServer;
let browser: Browser;
let closeWorkbench: (() => Promise<void>) | undefined;

beforeAll(async () => {
  ({ t, browser, close: closeWorkbench } = await startWorkbench());
});
afterAll(async () => {
  await closeWorkbench?.();
});

describe.each(['muhasebe', 'eczaci'])('the reports in a browser as %s', (login) => {
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    ({ context, page } = await newPage(browser));
    await signInAs(page, t.url, login);
  });
  afterAll(async () => {
    await context?.close();
  });

  it('opens every report the person may see, each with its heading and no page error', async () => {
    let opened = 0;
    for (const r of REPORTS) {
      await page.goto(`${t.url}${r.route}`);
      await page.getByRole('navigation', { name: 'Ana menü' }).waitFor();
      const region = page.getByRole('region', { name: r.title });
      const forbidden = page.getByText('Yetki Hatası').first();
      // One wait for whichever comes (two raced waits leave the loser polling for its whole timeout).
      await region.or(forbidden).first().waitFor();
      if (!(await region.isVisible())) continue;
      opened++;
      await region.getByRole('heading', { name: r.title }).waitFor();
      // Loaded: a table, a summary or the report's own "nothing here" answer; no call left in flight.
      expect(await quiet(page), `${r.route}: calls still running`).toBe(true);
      await shot(page, `reports-${login}-${r.route.slice(1)}`);
    }
    expect(opened, `${login} opened no report`).toBeGreaterThan(0);
    expect((page as Page & { errors: string[] }).errors).toEqual([]);
  });

  it('draws the home dashboard\'s charts: the monthly sales and the receivables aging, or says there is nothing yet', async () => {
    await page.goto(`${t.url}/summary`);
    const sales = page.getByLabel('Aylık Satışlar', { exact: true });
    await sales.waitFor();
    const chartOrEmpty = async (widget: typeof sales, empty: RegExp) => {
      const chart = widget.locator('svg[data-chart]');
      const none = widget.getByText(empty);
      await chart.or(none).first().waitFor();
      return (await chart.count()) > 0;
    };
    const drawn = await chartOrEmpty(sales, /henüz satış faturası yok/);
    // The general company sold in November 2026: twelve bars, November's drawn.
    if (login === 'muhasebe') {
      expect(drawn).toBe(true);
      await expect.poll(() => sales.locator('rect[data-bar]').count()).toBe(12);
      expect(Number(await sales.locator('rect[data-bar]').nth(10).getAttribute('height'))).toBeGreaterThan(0);
    }
    // Every widget the person may see is on the page once the dashboard's calls are answered.
    expect(await quiet(page), 'the dashboard\'s calls still running').toBe(true);
    const aging = page.getByLabel('Alacak Yaşlandırma', { exact: true });
    if (await aging.count()) await chartOrEmpty(aging, /açık alacak yok|Açık alacak yok/);
    await shot(page, `dashboard-${login}`);
    expect((page as Page & { errors: string[] }).errors).toEqual([]);
  });

  // The demo's sales are the general company's: this one is asked of it only.
  if (login === 'muhasebe') it('lists the year\'s sales with their sums and downloads the Excel file', async () => {
    await page.goto(`${t.url}/sales-report`);
    const region = page.getByRole('region', { name: 'Satış Raporu' });
    const form = region.getByRole('form', { name: 'Satış Raporu' });
    await form.getByRole('textbox', { name: 'Başlangıç tarihi' }).fill('01/01/2026');
    await form.getByRole('textbox', { name: 'Bitiş tarihi' }).fill('31/12/2026');
    await form.getByRole('button', { name: 'Listele' }).click();
    const sums = region.getByRole('table', { name: 'Toplamlar' });
    await sums.waitFor();
    const count = Number((await sums.getByRole('row', { name: /Fatura sayısı/ }).getByRole('cell').textContent())?.trim());
    expect(count).toBeGreaterThan(0);
    await expect.poll(async () => (await region.getByText(/^[A-Z0-9]{3}2026[0-9]{9}$/).count())).toBeGreaterThan(0);
    await shot(page, `reports-${login}-sales-report-2026`);
    const [download] = await Promise.all([page.waitForEvent('download'), form.getByRole('button', { name: 'Excel' }).click()]);
    expect(download.suggestedFilename()).toBe('satis-raporu-2026-01-01-2026-12-31.xlsx');
  });
});
