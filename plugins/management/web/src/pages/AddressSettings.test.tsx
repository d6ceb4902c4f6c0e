import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import management from '../index';
import { addressBody, emptyDraft, type City, type CitySubdivision, type Country } from '../address/api';
import { fakeServer, json, manager, problem, query, renderWorkbench } from '../testing';

const plugins = [management];
const API = '/services/onmuhasebe/api';
const country = (id: number, code: string, name: string): Country => ({ id, code, alpha3: null, numericCode: null, name, nameEn: name, currencyCode: null, phoneCode: null });
const COUNTRIES = [country(1, 'DE', 'Almanya'), country(2, 'TR', 'Türkiye'), ...Array.from({ length: 12 }, (_, i) => country(10 + i, `Q${String.fromCharCode(65 + i)}`, `Ülke ${i + 1}`))];
const CITIES: City[] = [{ id: 6, countryId: 2, plateCode: '06', name: 'Ankara', metropolitan: true }, { id: 34, countryId: 2, plateCode: '34', name: 'İstanbul', metropolitan: true }];
const DISTRICTS: CitySubdivision[] = [{ id: 100, cityId: 6, name: 'Çankaya' }, { id: 101, cityId: 6, name: 'Keçiören' }];

function server() {
  const s = fakeServer();
  s.setAccount(manager());
  const paged = <T,>(rows: T[]) => (req: Request) => {
    const q = new URL(req.url).searchParams;
    const page = Number(q.get('page'));
    const size = Number(q.get('size'));
    return json(rows.slice(page * size, page * size + size), { total: rows.length });
  };
  s.on(`GET ${API}/countries`, paged(COUNTRIES));
  s.on(`GET ${API}/cities`, (req) => paged(CITIES.filter((c) => String(c.countryId) === new URL(req.url).searchParams.get('countryId')))(req));
  s.on(`GET ${API}/city-subdivisions`, (req) => paged(DISTRICTS.filter((d) => String(d.cityId) === new URL(req.url).searchParams.get('cityId')))(req));
  return s;
}

describe('/address-settings', () => {
  it('checks a draft before sending it', () => {
    expect(addressBody('country', emptyDraft())).toEqual({ error: 'nameNeeded' });
    expect(addressBody('country', emptyDraft({ name: 'X', code: 'TUR' }))).toEqual({ error: 'codeNeeded' });
    expect(addressBody('country', emptyDraft({ name: ' Kosova ', code: 'xk', nameEn: 'Kosovo', currencyCode: 'eur' }))).toEqual({
      body: { code: 'XK', alpha3: null, name: 'Kosova', nameEn: 'Kosovo', currencyCode: 'EUR', phoneCode: null },
    });
    expect(addressBody('city', emptyDraft({ name: 'X', countryId: '2' }))).toEqual({ error: 'plateNeeded' });
    expect(addressBody('subdivision', emptyDraft({ id: 5, name: 'Merkez', cityId: '6' }))).toEqual({ body: { id: 5, cityId: 6, name: 'Merkez' } });
  });

  it('lists countries paged, adds, changes and deletes one with the Turkish notices', async () => {
    const s = server();
    const sent: { method: string; body: any }[] = [];
    s.on(`POST ${API}/countries`, async (req) => { const body = await req.json(); sent.push({ method: 'POST', body }); return json({ id: 300, ...body }, { status: 201 }); });
    s.on(`PUT ${API}/countries`, async (req) => { const body = await req.json(); sent.push({ method: 'PUT', body }); return json(body); });
    s.on(`DELETE ${API}/countries/{id}`, (_req, p) => {
      if (p.id === '2') return problem(409, 'Kayıt silinemez', { detail: 'Bu ülkeye bağlı iller olduğu için ülke silinemez; önce illerini silin.', code: 'COUNTRY_HAS_CITIES' });
      sent.push({ method: 'DELETE', body: p });
      return new Response(null, { status: 204 });
    });
    const { toasts } = await renderWorkbench({ plugins, path: '/address-settings', server: s, signedIn: true });
    const table = await screen.findByRole('table', { name: 'Ülke listesi' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(11));
    const u = userEvent.setup();
    await u.click(screen.getByRole('button', { name: 'Sayfa 2' }));
    await waitFor(() => expect(query(s.requests.filter((r) => r.path.startsWith(`${API}/countries?`)).at(-1)!.path).get('page')).toBe('1'));

    await u.click(screen.getByRole('button', { name: 'Ülke Ekle' }));
    let dialog = within(await screen.findByRole('dialog', { name: 'Ülke Ekle' }));
    await u.click(dialog.getByRole('button', { name: 'Kaydet' }));
    expect(dialog.getByRole('alert')).toHaveTextContent('Ad girin.');
    await u.type(dialog.getByRole('textbox', { name: 'Ülke kodu' }), 'xk');
    await u.type(dialog.getByRole('textbox', { name: 'Ad' }), 'Kosova');
    await u.type(dialog.getByRole('textbox', { name: 'İngilizce ad' }), 'Kosovo');
    await u.click(dialog.getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(toasts.shown.map((x) => x.message)).toContain('BAŞARILI — Ülke eklendi.'));
    expect(sent[0]).toMatchObject({ method: 'POST', body: { code: 'XK', name: 'Kosova', nameEn: 'Kosovo' } });

    const row = await within(await screen.findByRole('table', { name: 'Ülke listesi' })).findByRole('row', { name: /Almanya/ });
    await u.click(within(row).getByRole('button', { name: /Düzenle/ }));
    dialog = within(await screen.findByRole('dialog', { name: 'Ülkeyi Düzenle' }));
    const name = dialog.getByRole('textbox', { name: 'Ad' });
    await u.clear(name);
    await u.type(name, 'Almanya Federal Cumhuriyeti');
    await u.click(dialog.getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(toasts.shown.map((x) => x.message)).toContain('BAŞARILI — Ülke güncellendi.'));
    expect(sent[1]).toMatchObject({ method: 'PUT', body: { id: 1, code: 'DE', name: 'Almanya Federal Cumhuriyeti' } });

    // A country in use: the server's reason is shown; then one that can go.
    const tr = await within(await screen.findByRole('table', { name: 'Ülke listesi' })).findByRole('row', { name: /Türkiye/ });
    await u.click(within(tr).getByRole('button', { name: /Sil/ }));
    await u.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Evet' }));
    await waitFor(() => expect(toasts.shown.map((x) => x.message).join('\n')).toContain('önce illerini silin'));
    const de = await within(await screen.findByRole('table', { name: 'Ülke listesi' })).findByRole('row', { name: /Almanya/ });
    await u.click(within(de).getByRole('button', { name: /Sil/ }));
    await u.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Evet' }));
    await waitFor(() => expect(toasts.shown.map((x) => x.message)).toContain('BAŞARILI — Ülke silindi.'));
    expect(sent[2]).toMatchObject({ method: 'DELETE', body: { id: '1' } });
  }, 90_000);

  it('lists the cities of Türkiye and the districts of a chosen city, and adds a district', async () => {
    const s = server();
    let posted: any = null;
    s.on(`POST ${API}/city-subdivisions`, async (req) => { posted = await req.json(); return json({ id: 200, ...posted }, { status: 201 }); });
    const { toasts } = await renderWorkbench({ plugins, path: '/address-settings', server: s, signedIn: true });
    const u = userEvent.setup();
    await u.click(await screen.findByRole('tab', { name: 'İller' }));
    const cities = await screen.findByRole('table', { name: 'İl listesi' });
    await waitFor(() => expect(within(cities).getByRole('row', { name: /Ankara/ })).toHaveTextContent('Evet'));
    expect(query(s.requests.filter((r) => r.path.startsWith(`${API}/cities?`) && r.path.includes('page=0&size=10')).at(-1)!.path).get('countryId')).toBe('2');

    await u.click(screen.getByRole('tab', { name: 'İlçeler' }));
    await u.selectOptions(await screen.findByRole('combobox', { name: 'İl' }), 'Ankara');
    const districts = await screen.findByRole('table', { name: 'İlçe listesi' });
    await waitFor(() => expect(within(districts).getAllByRole('row')).toHaveLength(3));
    await u.click(screen.getByRole('button', { name: 'İlçe Ekle' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'İlçe Ekle' }));
    await u.type(dialog.getByRole('textbox', { name: 'Ad' }), 'Gölbaşı');
    await u.click(dialog.getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(toasts.shown.map((x) => x.message)).toContain('BAŞARILI — İlçe eklendi.'));
    expect(posted).toEqual({ cityId: 6, name: 'Gölbaşı' });
  }, 60_000);
});
