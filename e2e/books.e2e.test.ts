import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import type { TestServer } from '../packages/server/test/harness';
import { newPage, shot } from './browser';
import { signInAs, startWorkbench } from './workbench';

/**
 * The books as a person keeps them (issue 8's "done when"): in the general company (Demo Ticaret
 * A.Ş., owner muhasebe) they open a safe, record a collection into it, endorse a cheque of the
 * portfolio to a supplier, lock October, and see the trial balance (Mizan) move by exactly that;
 * a manual entry dated in the locked month is refused at its date, and the months are unlocked
 * again. Every step goes through the workbench's screens in chromium, on a fresh copy of the demo
 * database.
 */

/** Kuruş of an amount as the screens show it ("45.000,00" → 4500000); 0 for an empty cell. */
function cents(text: string): number {
  const t = text.replace(/\s|TL|₺/g, '');
  if (!t) return 0;
  if (!/^-?\d{1,3}(\.\d{3})*,\d{2}$/.test(t)) throw new Error(`not an amount: "${text}"`);
  return Number(t.replace(/\./g, '').replace(',', ''));
}

/** Today in Türkiye as the screens show it (GG/AA/YYYY), the day the trial balance runs to by default. */
function todayShown(): string {
  const [y, m, d] = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Istanbul', year: 'numeric', month: '2-digit', day: '2-digit' })
    .format(new Date()).split('-');
  return `${d}/${m}/${y}`;
}

/** The cells of a table's body rows (each row's cells' text), header rows left out. */
async function bodyRows(table: Locator): Promise<string[][]> {
  return table.getByRole('row').evaluateAll((rows) => rows
    .map((r) => Array.from(r.querySelectorAll('td')).map((c) => (c.textContent ?? '').trim()))
    .filter((cells) => cells.length > 0));
}

/** A trial balance row's six amounts in kuruş: opening debit, opening credit, debit, credit, debit balance, credit balance. */
type Amounts = [number, number, number, number, number, number];
interface Mizan { rows: Record<string, { name: string; amounts: Amounts }>; totals: Amounts }

const ZERO: Amounts = [0, 0, 0, 0, 0, 0];
const CODES = ['100', '101', '120', '320', '570'] as const;

describe('the books in a browser: safe, collection, cheque endorsement, period lock, trial balance', () => {
  let t: TestServer;
  let browser: Browser;
  let closeWorkbench: (() => Promise<void>) | undefined;
  let context: BrowserContext;
  let page: Page;
  let before: Mizan;

  beforeAll(async () => {
    ({ t, browser, close: closeWorkbench } = await startWorkbench());
    ({ context, page } = await newPage(browser));
    await signInAs(page, t.url, 'muhasebe');
  });
  afterAll(async () => {
    await context?.close();
    await closeWorkbench?.();
  });

  /**
   * Clicks a row's action button. Blueprint's Table2 draws the grid in quadrants that catch up a
   * frame apart: right after a search one of them can still hold the previous rows, so the button
   * shows twice for a moment (a CI run saw it). Waiting for the single one is what a person sees.
   */
  const rowAction = async (name: string) => {
    const button = page.getByRole('button', { name, exact: true });
    await expect.poll(() => button.count(), { timeout: 15_000 }).toBe(1);
    await button.click();
  };
  const open = async (path: string) => {
    await page.goto(`${t.url}${path}`);
    await page.getByRole('navigation', { name: 'Ana menü' }).waitFor();
  };
  /** A success notice ("BAŞARILI — …") carrying this text. */
  const notice = (text: string) => page.getByText(text, { exact: false }).first().waitFor();
  const confirmYes = async (question: string) => {
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText(question).waitFor();
    await dialog.getByRole('button', { name: 'Evet', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
  };
  /** Picks an item of a suggest box (a current, an account) by typing part of it. */
  const suggest = async (box: Locator, typed: string, option: string | RegExp) => {
    await box.fill(typed);
    await page.getByRole('option', { name: option }).first().click();
  };

  /** Opens Mizan for 01/01/2026 … today at the account level (100) as a person sets it, and reads it. */
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

  it('reads the trial balance of 2026 at the account level', async () => {
    before = await readTrialBalance();
    // The demo books have moved the cash, the portfolio, the customers and the suppliers already.
    expect(before.rows['100']?.name).toBe('Kasa');
    expect(before.rows['101']?.name).toBe('Alınan Çekler');
    expect(before.rows['120']?.name).toBe('Alıcılar');
    expect(before.rows['320']?.name).toBe('Satıcılar');
    // The books balance: the totals row's debits equal its credits.
    expect(before.totals[2]).toBe(before.totals[3]);
    expect(before.totals[4]).toBe(before.totals[5]);
  });

  it('opens a safe "E2E Kasası" with 1.000,00 TL and sees it in the list', async () => {
    await open('/safe');
    await page.getByRole('heading', { name: 'Kasalar', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Ekle', exact: true }).click();
    const form = page.getByRole('form', { name: 'Kasa ekle' });
    await form.getByRole('textbox', { name: 'Kasa adı' }).fill('E2E Kasası');
    await form.getByRole('textbox', { name: 'Açılış bakiyesi (TL)' }).fill('1.000,00');
    await form.getByRole('textbox', { name: 'Açılış tarihi' }).fill('02/11/2026');
    await form.getByRole('textbox', { name: 'Açıklama' }).fill('Tarayıcı testinin kasası');
    await form.getByRole('button', { name: 'Kaydet' }).click();
    await notice('Başarıyla eklendi.');
    await form.waitFor({ state: 'detached' });

    await page.getByRole('searchbox', { name: 'Kasa adı' }).fill('E2E');
    const safes = page.getByRole('table', { name: 'Kasalar' });
    await expect.poll(async () => (await bodyRows(safes)).map((c) => [c[0], c[2], c[3], c[4]]), { timeout: 15_000 })
      .toEqual([['E2E Kasası', 'TL', '1.000,00 TL', '1.000,00']]);
  });

  it('records a Tahsilat of 250,50 TL from a customer into it; the safe holds 1.250,50', async () => {
    await open('/finance');
    await page.getByRole('heading', { name: 'Para Hareketleri', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Tahsilat', exact: true }).click();
    const form = page.getByRole('form', { name: 'Tahsilat' });
    expect(await form.getByRole('radio', { name: 'Tahsilat' }).isChecked()).toBe(true);
    await form.getByRole('textbox', { name: 'Tarih' }).fill('03/11/2026');
    await suggest(form.getByRole('combobox', { name: 'Cari hesap' }), 'Boğaziçi', /Boğaziçi Otel İşletmeleri/);
    await expect.poll(() => form.getByRole('combobox', { name: 'Cari hesap' }).inputValue()).toBe('Boğaziçi Otel İşletmeleri');
    await form.getByRole('combobox', { name: 'Tahsil edilen hesap' }).selectOption({ label: 'E2E Kasası (TL)' });
    await form.getByRole('textbox', { name: 'Tutar (TL)' }).fill('250,50');
    await form.getByRole('button', { name: 'Kaydet' }).click();
    await notice('Tahsilat kaydedildi (yevmiye fişi');
    await form.waitFor({ state: 'detached' });

    // In the transactions, filtered to the new safe.
    await page.getByRole('combobox', { name: 'Hesap', exact: true }).selectOption({ label: 'E2E Kasası (TL)' });
    const transactions = page.getByRole('table', { name: 'İşlemler' });
    await expect.poll(async () => (await bodyRows(transactions)).map((c) => c.slice(0, 6)), { timeout: 15_000 })
      .toEqual([['03/11/2026', 'Tahsilat', 'Boğaziçi Otel İşletmeleri', 'E2E Kasası', '250,50 TL', '250,50']]);

    // The safe's balance in the list and on its page.
    await open('/safe');
    await page.getByRole('searchbox', { name: 'Kasa adı' }).fill('E2E');
    const safes = page.getByRole('table', { name: 'Kasalar' });
    await expect.poll(async () => (await bodyRows(safes)).map((c) => [c[0], c[3], c[4]]), { timeout: 15_000 })
      .toEqual([['E2E Kasası', '1.250,50 TL', '1.250,50']]);
    await rowAction('Aç: E2E Kasası');
    const safe = page.getByRole('region', { name: 'E2E Kasası' });
    await safe.getByRole('heading', { name: 'E2E Kasası', exact: true }).waitFor();
    await expect.poll(() => safe.getByLabel('Bakiye', { exact: true }).textContent()).toBe('1.250,50 TL');
    // Its movements: the opening and the collection, with the balance after each.
    const lines = page.getByRole('table', { name: 'Hareketler' });
    await expect.poll(async () => (await bodyRows(lines)).map((c) => [c[0], c[3], c[4], c[5]]), { timeout: 15_000 })
      .toEqual([['03/11/2026', '250,50', '', '1.250,50'], ['02/11/2026', '1.000,00', '', '1.000,00']]);
  });

  it('endorses a cheque of the portfolio to a supplier; its state and history show the step', async () => {
    await open('/cheque');
    await page.getByRole('heading', { name: 'Çekler', exact: true }).waitFor();
    await page.getByRole('searchbox', { name: 'Çek no, seri, keşideci, banka ya da cari' }).fill('4471203');
    const cheques = page.getByRole('table', { name: 'Çekler' });
    await expect.poll(async () => (await bodyRows(cheques)).map((c) => [c[1], c[2], c[3], c[5], c[7]]), { timeout: 15_000 })
      .toEqual([['Alınan', '4471203', 'Marmara Yapı Market', '45.000,00 TL', 'Portföyde']]);
    await rowAction('Aç: 4471203');

    const cheque = page.getByRole('region', { name: '4471203 numaralı çek' });
    await cheque.getByRole('heading', { name: '4471203 numaralı çek', exact: true }).waitFor();
    await cheque.getByText('Portföyde', { exact: true }).first().waitFor();
    await cheque.getByRole('group', { name: 'İşlemler' }).getByRole('button', { name: 'Ciro et' }).click();
    const form = page.getByRole('form', { name: 'Ciro et' });
    await form.getByText('4471203 numaralı 45.000,00 TL tutarındaki çek bir cariye (ör. tedarikçiye) ciro edilir.').waitFor();
    await form.getByRole('textbox', { name: 'İşlem tarihi' }).fill('04/11/2026');
    await suggest(form.getByRole('combobox', { name: 'Ciro edilen cari' }), 'Ege', /Ege Kırtasiye/);
    await expect.poll(() => form.getByRole('combobox', { name: 'Ciro edilen cari' }).inputValue()).toBe('Ege Kırtasiye');
    await form.getByRole('button', { name: 'Ciro et' }).click();
    await notice('4471203 numaralı çek: Ciro et kaydedildi (Ciro edildi).');
    await form.waitFor({ state: 'detached' });

    // The new state, where the cheque went, the steps left, and the step in its history.
    const details = cheque.getByRole('table', { name: 'Çek bilgileri' });
    await expect.poll(() => details.getByRole('row', { name: /Ciro edilen/ }).textContent(), { timeout: 15_000 }).toBe('Ciro edilenEge Kırtasiye');
    await expect.poll(() => cheque.getByRole('group', { name: 'İşlemler' }).getByRole('button').allTextContents(), { timeout: 15_000 }).toEqual(['Karşılıksız']);
    const history = cheque.getByRole('table', { name: 'Çek geçmişi' });
    await expect.poll(async () => (await bodyRows(history)).map((c) => c.slice(0, 4).concat(c[5]!)), { timeout: 15_000 }).toEqual([
      ['12/10/2026', 'Çek alındı', 'Portföyde', 'Marmara Yapı Market', '45.000,00'],
      ['04/11/2026', 'Ciro', 'Ciro edildi', 'Ege Kırtasiye', '45.000,00'],
    ]);
    await cheque.getByText('Ciro edildi', { exact: true }).first().waitFor();
  });

  /** The periods of 2026 as the journal periods screen lists them: [period, lock state]. */
  async function periods(): Promise<string[][]> {
    return (await bodyRows(page.getByRole('table', { name: 'Yevmiye Dönemleri' })))
      .map((c) => [c[0]!, /Kilitli/.test(c[3]!) ? 'Kilitli' : /Açık/.test(c[3]!) ? 'Açık' : c[3]!]);
  }
  const expected = (locked: (n: number) => boolean) =>
    Array.from({ length: 12 }, (_, i) => [`${i + 1}. dönem`, locked(i + 1) ? 'Kilitli' : 'Açık']);

  it('locks October: every earlier period is locked with it', async () => {
    await open('/journals');
    await page.getByRole('heading', { name: 'Yevmiye Dönemleri', exact: true }).waitFor();
    // The fiscal years load after the heading: the active one is chosen once they are in.
    await expect.poll(() => page.getByRole('combobox', { name: 'Mali yıl' }).locator('option:checked').textContent(), { timeout: 15_000 })
      .toBe('2026 (01/01/2026 – 31/12/2026)');
    await expect.poll(periods, { timeout: 15_000 }).toEqual(expected(() => false));
    await page.getByRole('button', { name: 'Kilitle: 10. dönem', exact: true }).click();
    await confirmYes('10. dönem kilitlensin mi?');
    await notice('10. dönem ve önceki dönemler kilitlendi.');
    await expect.poll(periods, { timeout: 15_000 }).toEqual(expected((n) => n <= 10));
  });

  it('the trial balance moved by the opening, the collection and the endorsement', async () => {
    const after = await readTrialBalance();
    await shot(page, '30-trial-balance');
    const diff = (code: string) => {
      const a = after.rows[code]?.amounts ?? ZERO;
      const b = before.rows[code]?.amounts ?? ZERO;
      return a.map((x, i) => x - b[i]!);
    };
    const moved = Object.fromEntries(CODES.map((c) => [c, diff(c).slice(2, 4)]));
    expect(moved).toEqual({
      // Kasa: the opening (1.000,00) and the collection (250,50) came in.
      100: [125050, 0],
      // Alınan Çekler: the endorsed cheque left the portfolio.
      101: [0, 4500000],
      // Alıcılar: the customer paid 250,50.
      120: [0, 25050],
      // Satıcılar: the supplier took the cheque against what we owe them.
      320: [4500000, 0],
      // The safe's opening went against 570 Geçmiş Yıllar Kârları.
      570: [0, 100000],
    });
    // The cash balance grew by 1.250,50 (debit balance minus credit balance).
    const d100 = diff('100');
    expect(d100[4]! - d100[5]!).toBe(125050);
    // Nothing else moved: the totals grew by the three entries, and they still balance.
    expect(after.totals[2] - before.totals[2]).toBe(100000 + 25050 + 4500000);
    expect(after.totals[3] - before.totals[3]).toBe(100000 + 25050 + 4500000);
    expect(after.totals[2]).toBe(after.totals[3]);
    expect(after.totals[4]).toBe(after.totals[5]);
  });

  it('a manual entry dated in locked October is refused at its date', async () => {
    await open('/journal-entries');
    await page.getByRole('heading', { name: 'Yevmiye Fişleri', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Ekle', exact: true }).click();
    const form = page.getByRole('form', { name: 'Yevmiye fişi ekle' });
    const date = form.getByRole('textbox', { name: 'Tarih', exact: true });
    await date.fill('15/10/2026');
    await form.getByRole('textbox', { name: 'Açıklama', exact: true }).fill('Kilitli döneme deneme');
    const one = form.getByRole('group', { name: '1. satır', exact: true });
    const two = form.getByRole('group', { name: '2. satır', exact: true });
    await suggest(one.getByRole('combobox'), 'E2E', /E2E Kasası/);
    await one.getByRole('textbox', { name: '1. satır: Borç' }).fill('10,00');
    await suggest(two.getByRole('combobox'), '570', '570 Geçmiş Yıllar Kârları');
    await two.getByRole('textbox', { name: '2. satır: Alacak' }).fill('10,00');
    await expect.poll(() => form.getByRole('status', { name: 'Toplamlar' }).textContent()).toBe('Borç: 10,00Alacak: 10,00Fark: 0,00');
    await form.getByRole('button', { name: 'Kaydet' }).click();
    const refusal = '2026-10-15 tarihi kilitli bir yevmiye döneminde (10. dönem); önce kilidi açın.';
    await form.getByText(refusal).waitFor();
    await expect.poll(() => date.getAttribute('aria-invalid')).toBe('true');
    // The message is the date box's description.
    const describedBy = await date.getAttribute('aria-describedby');
    expect(await page.locator(`[id="${describedBy}"]`).textContent()).toBe(refusal);
    await shot(page, '31-locked-period-refused');
    await form.getByRole('button', { name: 'Vazgeç' }).click();
    await form.waitFor({ state: 'detached' });
  });

  it('unlocks the periods again: October and later first, then every period', async () => {
    await open('/journals');
    await expect.poll(periods, { timeout: 15_000 }).toEqual(expected((n) => n <= 10));
    await page.getByRole('button', { name: 'Kilidi aç: 10. dönem', exact: true }).click();
    await confirmYes('10. dönemin kilidi açılsın mı?');
    await notice('10. dönem ve sonraki dönemlerin kilidi açıldı.');
    await expect.poll(periods, { timeout: 15_000 }).toEqual(expected((n) => n <= 9));
    await page.getByRole('button', { name: 'Kilidi aç: 1. dönem', exact: true }).click();
    await confirmYes('1. dönemin kilidi açılsın mı?');
    await notice('1. dönem ve sonraki dönemlerin kilidi açıldı.');
    await expect.poll(periods, { timeout: 15_000 }).toEqual(expected(() => false));
  });

  it('threw no error in the page', () => {
    expect((page as Page & { errors: string[] }).errors).toEqual([]);
  });
});
