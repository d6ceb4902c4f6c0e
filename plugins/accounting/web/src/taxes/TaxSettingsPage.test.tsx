import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { validateWebPlugin, type WebPlugin } from '@tezgah/core';
import { renderWorkbench } from '../../../../../packages/workbench/test/render';
import { account, fakeServer, json, problem } from '../../../../../packages/workbench/test/fake-server';
import accounting from '../index';
import { composeAreas } from '../area';
import { area as taxes } from './contribution';
import { area as tags } from '../tags/contribution';
import { area as currencies } from '../currencies/contribution';

const PATH = '/services/onmuhasebe/api/taxes';
const TAXES = [
  { id: 1, name: 'KDV %20', taxType: 'KDV', percentage: 20, abbreviation: 'KDV', exceptionCode: null, currencyId: 1, active: true },
  { id: 2, name: 'KDV %10', taxType: 'KDV', percentage: 10, abbreviation: 'KDV', exceptionCode: null, currencyId: 1, active: true },
  { id: 3, name: 'KDV %1', taxType: 'KDV', percentage: 1, abbreviation: 'KDV', exceptionCode: null, currencyId: 1, active: true },
  { id: 4, name: 'KDV %0', taxType: 'KDV', percentage: 0, abbreviation: 'KDV', exceptionCode: null, currencyId: 1, active: true },
];
const EXCEPTIONS = [
  { code: '301', taxType: 'KDV', kind: 'FULL', name: '11/1-a Mal ihracatı' },
  { code: '351', taxType: 'KDV', kind: 'OTHER', name: 'KDV - İstisna olmayan diğer' },
];
/** A general-sector company: the default theme, where tax settings are shown (seeds §2). */
const general = (codes: string[]) => account({ codes, company: { id: 3, name: 'Demo Ticaret A.Ş.', sectorId: 2, sectorKey: 'GEN', companyProfile: { erpType: 'STANDARD', itsUsername: null, announcementId: null } } });

describe('/tax-settings', () => {
  it('declares a loader for every page and quick-add', () => {
    for (const area of [taxes, tags, currencies]) expect(validateWebPlugin(composeAreas({ id: 'accounting', title: 'Ön Muhasebe' }, [area]))).toEqual([]);
    expect(accounting.quickAdds!.map((q) => q.id)).toEqual(expect.arrayContaining(['tax', 'tag']));
  });

  it('lists the taxes with their rates, highest first', async () => {
    const server = fakeServer({ [`GET ${PATH}`]: () => json(TAXES, { total: 4 }) });
    server.setAccount(general(['23_1']));
    await renderWorkbench({ plugins: [accounting], path: '/tax-settings', server, signedIn: true });
    const table = await screen.findByRole('table', { name: 'Vergi Ayarları' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(5));
    expect(within(table).getByText('%20')).toBeInTheDocument();
    expect(screen.getByText('Toplam Kayıt:')).toBeInTheDocument();
    expect(server.requests.find((r) => r.path.startsWith(PATH))?.path).toContain('sort=percentage%2Cdesc');
  });

  it('is a default-theme page: a pharmacy does not get it', async () => {
    const server = fakeServer({ [`GET ${PATH}`]: () => json(TAXES, { total: 4 }) });
    server.setAccount(account({ codes: ['23_1'] }));
    await renderWorkbench({ plugins: [accounting], path: '/tax-settings', server, signedIn: true });
    expect(await screen.findByText('Yetki Hatası')).toBeInTheDocument();
    expect(server.requests.some((r) => r.path.startsWith(PATH))).toBe(false);
  });

  it('adds a tax with the rules at the fields and the server\'s duplicate at the percentage', async () => {
    const server = fakeServer({ [`GET ${PATH}`]: () => json(TAXES, { total: 4 }) });
    let tries = 0;
    server.on(`POST ${PATH}`, async (req) => {
      tries++;
      const body = await req.json();
      if (tries === 1) return problem(409, 'Çakışma', { detail: 'Aynı vergi oranı zaten var', fieldErrors: [{ field: 'percentage', message: 'Aynı vergi oranı zaten var' }] });
      return json({ id: 9, name: 'KDV %18', abbreviation: 'KDV', currencyId: 1, ...body }, { status: 201 });
    });
    server.setAccount(general(['23_1', '23_2']));
    const { toasts } = await renderWorkbench({ plugins: [accounting], path: '/tax-settings?new=1', server, signedIn: true });
    const form = await screen.findByRole('form', { name: 'Vergi ekle' });
    const user = userEvent.setup();
    const rate = within(form).getByLabelText(/Vergi oranı/);
    expect(within(form).getByLabelText(/Vergi türü/)).toHaveValue('KDV');
    await user.click(within(form).getByRole('button', { name: 'Kaydet' }));
    expect(rate).toHaveAccessibleDescription('Bu alan zorunludur');
    await user.type(rate, '8,125');
    await user.click(within(form).getByRole('button', { name: 'Kaydet' }));
    expect(rate).toHaveAccessibleDescription('Vergi oranı bir sayı olmalı, en fazla iki ondalık basamak içerebilir.');
    await user.clear(rate);
    await user.type(rate, '120');
    await user.click(within(form).getByRole('button', { name: 'Kaydet' }));
    expect(rate).toHaveAccessibleDescription('Vergi oranı 0 ile 100 arasında olmalıdır.');
    expect(tries).toBe(0);
    await user.clear(rate);
    await user.type(rate, '18');
    await user.click(within(form).getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(rate).toHaveAccessibleDescription('Aynı vergi oranı zaten var'));
    await user.click(within(form).getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(toasts.shown.map((x) => x.message)).toContain('BAŞARILI — Başarıyla eklendi.'));
    expect(server.requests.filter((r) => r.method === 'POST').at(-1)?.body).toEqual({ taxType: 'KDV', percentage: 18, active: true, abbreviation: null, exceptionCode: null });
  });

  it('edits a 0 % VAT with an exemption code, and shows "Herhangi bir değişiklik yapmadınız!" at the field', async () => {
    const server = fakeServer({
      [`GET ${PATH}`]: () => json(TAXES, { total: 4 }),
      'GET /services/onmuhasebe/api/tax-exception-types': () => json(EXCEPTIONS, { total: 2 }),
    });
    let tries = 0;
    server.on(`PUT ${PATH}`, async (req) => {
      tries++;
      const body = await req.json();
      if (tries === 1) return problem(400, 'Geçersiz istek', { detail: 'Herhangi bir değişiklik yapmadınız!', fieldErrors: [{ field: 'percentage', message: 'Herhangi bir değişiklik yapmadınız!' }] });
      return json({ ...TAXES[3], ...body });
    });
    server.setAccount(general(['23_1', '23_3']));
    const { toasts } = await renderWorkbench({ plugins: [accounting], path: '/tax-settings', server, signedIn: true });
    const table = await screen.findByRole('table', { name: 'Vergi Ayarları' });
    const user = userEvent.setup();
    const row = (await within(table).findByText('KDV %0')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Vergiyi düzenle' }));
    const form = await screen.findByRole('form', { name: 'Vergiyi düzenle' });
    await user.click(within(form).getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(within(form).getByLabelText(/Vergi oranı/)).toHaveAccessibleDescription('Herhangi bir değişiklik yapmadınız!'));
    const exception = within(form).getByLabelText(/İstisna kodu/);
    await within(form).findByRole('option', { name: '301 — 11/1-a Mal ihracatı' });
    await user.selectOptions(exception, '301');
    await user.click(within(form).getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(toasts.shown.map((x) => x.message)).toContain('BAŞARILI — Başarıyla güncellendi.'));
    expect(server.requests.filter((r) => r.method === 'PUT').at(-1)?.body).toEqual({ id: 4, name: 'KDV %0', taxType: 'KDV', percentage: 0, active: true, abbreviation: 'KDV', exceptionCode: '301' });
  });

  it('offers the tax quick-add, which adds a tax and starts afresh', async () => {
    // The quick-add's own loader, mounted on a page of a probe plugin (the shell's quick-add
    // dialog renders the same component).
    const probe: WebPlugin = { id: 'probe', title: 'Probe', routes: [{ path: '/probe' }], load: { routes: { '/probe': accounting.load!.quickAdds!.tax! } } };
    const server = fakeServer();
    server.on(`POST ${PATH}`, async (req) => json({ id: 11, name: 'ÖİV %7,5', abbreviation: 'ÖİV', currencyId: 1, exceptionCode: null, ...(await req.json()) }, { status: 201 }));
    server.setAccount(general(['23_1', '23_2']));
    const { toasts } = await renderWorkbench({ plugins: [accounting, probe], path: '/probe', server, signedIn: true });
    const form = await screen.findByRole('form', { name: 'Hızlı vergi ekle' });
    const user = userEvent.setup();
    await user.selectOptions(within(form).getByLabelText(/Vergi türü/), 'ÖİV');
    await user.type(within(form).getByLabelText(/Vergi oranı/), '7,5');
    await user.click(within(form).getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(toasts.shown.map((x) => x.message)).toContain('BAŞARILI — Başarıyla eklendi.'));
    expect(server.requests.find((r) => r.method === 'POST')?.body).toEqual({ taxType: 'ÖİV', percentage: 7.5, active: true, abbreviation: null, exceptionCode: null });
    await waitFor(() => expect(within(screen.getByRole('form', { name: 'Hızlı vergi ekle' })).getByLabelText(/Vergi oranı/)).toHaveValue(''));
  });
});
