import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWorkbench } from '../../../../../packages/workbench/test/render';
import { account, fakeServer, json, problem } from '../../../../../packages/workbench/test/fake-server';
import accounting from '../index';
import { rate, today } from './CurrenciesPage';

const LIST = '/services/onmuhasebe/api/currencies';
const RATE = '/services/onmuhasebe/api/exchange-rate-currencies/{code}/{date}/{code2}';
const CURRENCIES = [
  { id: 1, code: 'TL', name: 'Türk Lirası', symbol: '₺', fixed: true },
  { id: 2, code: 'USD', name: 'Amerikan Doları', symbol: '$', fixed: true },
  { id: 6, code: 'RUB', name: 'Rus Rublesi', symbol: '₽', fixed: true },
  { id: 11, code: 'XAU', name: 'Altın (ons)', symbol: null, fixed: false },
];
const BULLETIN: Record<string, number[] | null> = { USD: [2.8921, 2.8973, 2.8901, 2.9016], RUB: [0.04258, 0.04313], XAU: null };

function rates(date: string, bulletinDate: string) {
  return (_: Request, p: Record<string, string>) => {
    const v = BULLETIN[p.code!];
    if (!v) return problem(404, 'Kayıt bulunamadı', { detail: `TCMB ${bulletinDate} bülteninde ${p.code} kuru yok.`, code: 'RATE_NOT_FOUND' });
    return json({
      from: p.code, to: 'TL', fromCurrencyId: 2, toCurrencyId: 1, date, rate: v[0], forexBuying: v[0], forexSelling: v[1],
      banknoteBuying: v[2] ?? null, banknoteSelling: v[3] ?? null, bulletinDate, bulletinNo: '2015/338', source: 'sandbox',
    });
  };
}

describe('/currencies', () => {
  it('formats rates with a decimal comma and four to eight decimals', () => {
    expect([rate(2.8921), rate(0.023488), rate(3), rate(null)]).toEqual(['2,8921', '0,023488', '3,0000', '—']);
  });

  it('lists the currencies and fetches the rates of the chosen day in lira', async () => {
    const server = fakeServer({ [`GET ${LIST}`]: () => json(CURRENCIES, { total: 4 }), [`POST ${RATE}`]: rates('2015-12-05', '2015-12-04') });
    server.setAccount(account({ codes: ['24_1'] }));
    const { toasts } = await renderWorkbench({ plugins: [accounting], path: '/currencies', server, signedIn: true });
    const table = await screen.findByRole('table', { name: 'Para birimleri ve kurları' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(5));
    const user = userEvent.setup();
    const date = screen.getByLabelText('Tarih');
    // DD/MM/YYYY whatever the browser's locale; the slashes come by themselves.
    expect(date).toHaveValue(today().split('-').reverse().join('/'));
    expect(date).toHaveAttribute('type', 'text');
    await user.clear(date);
    await user.type(date, '05122015');
    expect(date).toHaveValue('05/12/2015');
    await user.click(screen.getByRole('button', { name: 'Kurları getir' }));
    await waitFor(() => expect(toasts.shown.map((x) => x.message)).toContain('BAŞARILI — Kurlar başarıyla getirildi.'));
    const posts = server.requests.filter((r) => r.method === 'POST').map((r) => r.path);
    expect(posts.sort()).toEqual(['RUB', 'USD', 'XAU'].map((c) => `/services/onmuhasebe/api/exchange-rate-currencies/${c}/2015-12-05/TL`));
    const usd = within(table).getByText('USD').closest('tr')!;
    expect(within(usd).getByText('2,8921')).toBeInTheDocument();
    expect(within(usd).getByText('2,9016')).toBeInTheDocument();
    const rub = within(table).getByText('RUB').closest('tr')!;
    expect(within(rub).getAllByText('—')).toHaveLength(2);
    expect(within(within(table).getByText('XAU').closest('tr')!).getByText('TCMB kuru yok')).toBeInTheDocument();
    expect(screen.getByText('04/12/2015 tarihli TCMB bülteni kullanıldı (o gün bülten yayımlanmadı).')).toBeInTheDocument();
  });

  it('refuses a future day at the field and reports a TCMB outage', async () => {
    const server = fakeServer({
      [`GET ${LIST}`]: () => json(CURRENCIES, { total: 4 }),
      [`POST ${RATE}`]: () => problem(424, 'Kur bilgisi alınamadı', { detail: 'TCMB kur servisine ulaşılamadı; lütfen biraz sonra tekrar deneyin.', code: 'RATES_UNAVAILABLE' }),
    });
    server.setAccount(account({ codes: ['24_1'] }));
    const { toasts } = await renderWorkbench({ plugins: [accounting], path: '/currencies', server, signedIn: true });
    await screen.findByRole('table', { name: 'Para birimleri ve kurları' });
    const user = userEvent.setup();
    const date = screen.getByLabelText('Tarih');
    await user.clear(date);
    await user.type(date, '01/01/2999');
    await user.click(screen.getByRole('button', { name: 'Kurları getir' }));
    expect(date).toHaveAccessibleDescription('İleri tarihli kur sorgulanamaz.');
    expect(server.requests.some((r) => r.method === 'POST')).toBe(false);
    await user.clear(date);
    await user.type(date, '04/12/2015');
    await user.click(screen.getByRole('button', { name: 'Kurları getir' }));
    await waitFor(() => expect(toasts.shown.map((x) => x.message)).toContain('HATALI — Kur bilgisi alınamadı'));
    expect(server.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
  });

  it('needs CURRENCY_TYPE', async () => {
    const server = fakeServer({ [`GET ${LIST}`]: () => json(CURRENCIES, { total: 4 }) });
    server.setAccount(account({ codes: ['19_1'] }));
    await renderWorkbench({ plugins: [accounting], path: '/currencies', server, signedIn: true });
    expect(await screen.findByText('Yetki Hatası')).toBeInTheDocument();
    expect(server.requests.some((r) => r.path.startsWith(LIST))).toBe(false);
  });
});
