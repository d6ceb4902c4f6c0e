import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import management from '../index';
import { company, fakeServer, json, manager, problem, query, renderWorkbench, SECTORS } from '../testing';

const plugins = [management];
const ALL = Array.from({ length: 23 }, (_, i) => company(23 - i, `Şirket ${23 - i}`, { active: i !== 1 }));

function server() {
  const s = fakeServer();
  s.setAccount(manager());
  s.on('GET /services/onmuhasebe/api/companies', (req) => {
    const q = new URL(req.url).searchParams;
    const page = Number(q.get('page'));
    const size = Number(q.get('size'));
    let rows = ALL;
    if (q.get('search')) rows = rows.filter((c) => c.name.includes(q.get('search')!));
    if (q.get('active')) rows = rows.filter((c) => String(c.active) === q.get('active'));
    return json(rows.slice(page * size, page * size + size), { total: rows.length });
  });
  s.on('GET /services/onmuhasebe/api/sectors', () => json(SECTORS));
  return s;
}

const list = () => screen.findByRole('table', { name: 'Şirketler' });
const listCalls = (s: ReturnType<typeof server>) => s.requests.filter((r) => r.method === 'GET' && r.path.startsWith('/services/onmuhasebe/api/companies?'));

describe('/company-management', () => {
  it('lists every company, paged, with search and the status filter', async () => {
    const s = server();
    await renderWorkbench({ plugins, path: '/company-management', server: s, signedIn: true });
    const table = await list();
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(11));
    expect(screen.getByText(/Toplam Kayıt:/).parentElement).toHaveTextContent('Toplam Kayıt: 23');
    expect(within(table).getByRole('row', { name: /Şirket 22/ })).toHaveTextContent('Pasif');
    expect(within(table).getByRole('row', { name: /Şirket 23/ })).toHaveTextContent('Genel');
    const u = userEvent.setup();

    await u.click(screen.getByRole('button', { name: 'Sayfa 3' }));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(4));
    expect(query(listCalls(s).at(-1)!.path).get('page')).toBe('2');

    await u.type(screen.getByRole('searchbox', { name: 'Ara' }), 'Şirket 1');
    await waitFor(() => expect(query(listCalls(s).at(-1)!.path).get('search')).toBe('Şirket 1'));
    expect(query(listCalls(s).at(-1)!.path).get('page')).toBe('0');

    await u.selectOptions(screen.getByRole('combobox', { name: 'Durum filtresi' }), 'passive');
    await waitFor(() => expect(query(listCalls(s).at(-1)!.path).get('active')).toBe('false'));
  });

  it('adds a company with its owner and modules', async () => {
    const s = server();
    let posted: Record<string, unknown> | undefined;
    s.on('POST /services/onmuhasebe/api/companies', async (req) => {
      posted = await req.json();
      return json(company(30, 'Yeni'), { status: 201 });
    });
    const { toasts } = await renderWorkbench({ plugins, path: '/company-management?new=1', server: s, signedIn: true });
    const dialog = within(await screen.findByRole('dialog', { name: 'Şirket Ekle' }));
    const u = userEvent.setup();
    expect(dialog.getByRole('textbox', { name: /^Şirket sahibi/ })).toHaveValue('yonetici');

    await u.click(dialog.getByRole('button', { name: 'Kaydet' }));
    expect(dialog.getByRole('textbox', { name: /^Şirket adı/ })).toHaveAccessibleDescription('Bu alan zorunludur');
    expect(dialog.getByRole('group', { name: 'Modüller' })).toHaveAccessibleDescription('En az bir modül seçin.');
    expect(posted).toBeUndefined();

    await u.type(dialog.getByRole('textbox', { name: /^Şirket adı/ }), 'Yeni Eczane');
    await u.type(dialog.getByRole('textbox', { name: /^Ünvan/ }), 'Yeni Eczane Ltd.');
    await u.selectOptions(dialog.getByRole('combobox', { name: /^Şirket türü/ }), 'INDIVIDUAL');
    await u.type(dialog.getByRole('textbox', { name: /^T\.C\. kimlik no/ }), '10000000146');
    await u.selectOptions(dialog.getByRole('combobox', { name: /^Sektör/ }), '1');
    await u.selectOptions(dialog.getByRole('combobox', { name: /^ERP türü/ }), 'MEDULA');
    await u.clear(dialog.getByRole('textbox', { name: /^Şirket sahibi/ }));
    await u.type(dialog.getByRole('textbox', { name: /^Şirket sahibi/ }), 'eczaci2');
    await u.type(dialog.getByRole('textbox', { name: 'Fatura ön eki' }), 'ECZ2026');
    await u.click(dialog.getByRole('checkbox', { name: 'Reçete' }));
    await u.click(dialog.getByRole('checkbox', { name: 'Kasa' }));
    expect(dialog.queryByRole('checkbox', { name: 'Yönetim' })).not.toBeInTheDocument();
    await u.click(dialog.getByRole('button', { name: 'Kaydet' }));

    await waitFor(() => expect(posted).toBeDefined());
    expect(posted).toEqual({
      name: 'Yeni Eczane', title: 'Yeni Eczane Ltd.', companyType: 'INDIVIDUAL', taxNumber: '10000000146', taxOffice: null, email: null,
      phone: null, mersisNo: null, sectorId: 1, erpType: 'MEDULA', invoicePrefix: 'ECZ2026', modules: [2, 29], tags: [],
      subscriptionStart: null, subscriptionEnd: null, userCount: null, activationDate: null, coordinatingUser: null, itsUsername: null,
      active: true, ownerLogin: 'eczaci2',
    });
    expect(toasts.shown.map((x) => x.message)).toContain('BAŞARILI — Şirket eklendi.');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Şirket Ekle' })).not.toBeInTheDocument());
  });

  it('edits a company: modules changeable, no owner in the body', async () => {
    const s = server();
    let put: Record<string, unknown> | undefined;
    s.on('PUT /services/onmuhasebe/api/companies', async (req) => {
      put = await req.json();
      return json(company(23, 'Şirket 23'));
    });
    await renderWorkbench({ plugins, path: '/company-management', server: s, signedIn: true });
    const table = await list();
    const u = userEvent.setup();
    await u.click(within(within(table).getByRole('row', { name: /Şirket 23/ })).getByRole('button', { name: 'Düzenle' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Şirketi Düzenle' }));
    expect(dialog.getByRole('checkbox', { name: 'Müşteri' })).toBeChecked();
    await u.click(dialog.getByRole('checkbox', { name: 'Ürün' }));
    await u.click(dialog.getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(put).toBeDefined());
    expect(put).toMatchObject({ id: 23, name: 'Şirket 23', modules: [2, 6, 13] });
    expect(put).not.toHaveProperty('ownerLogin');
  });

  it('sets a company passive after Evet, and says why when the server refuses', async () => {
    const s = server();
    s.on('DELETE /services/onmuhasebe/api/companies/{id}', (_r, p) =>
      p.id === '3' ? problem(409, 'Çakışma', { detail: 'Oturumdaki şirket pasife alınamaz; önce başka bir şirkete geçin.', code: 'CURRENT_COMPANY' }) : new Response(null, { status: 204 }));
    const { toasts } = await renderWorkbench({ plugins, path: '/company-management', server: s, signedIn: true });
    const table = await list();
    const u = userEvent.setup();
    expect(within(within(table).getByRole('row', { name: /Şirket 22/ })).queryByRole('button', { name: 'Pasife al' })).not.toBeInTheDocument();

    await u.click(within(within(table).getByRole('row', { name: /Şirket 21/ })).getByRole('button', { name: 'Pasife al' }));
    const alert = await screen.findByRole('alertdialog');
    expect(alert).toHaveTextContent('Emin misiniz?');
    await u.click(within(alert).getByRole('button', { name: 'Evet' }));
    await waitFor(() => expect(s.requests.some((r) => r.method === 'DELETE' && r.path.endsWith('/companies/21'))).toBe(true));
    await waitFor(() => expect(toasts.shown.map((x) => x.message)).toContain('BAŞARILI — Şirket pasife alındı.'));

    await u.click(screen.getByRole('button', { name: 'Sayfa 3' }));
    await waitFor(() => within(table).getByRole('row', { name: /Şirket 2 / }));
    // The session's own company (2) cannot be set passive.
    expect(within(within(table).getByRole('row', { name: /Şirket 2 / })).queryByRole('button', { name: 'Pasife al' })).not.toBeInTheDocument();
    await u.click(within(within(table).getByRole('row', { name: /Şirket 3 / })).getByRole('button', { name: 'Pasife al' }));
    await u.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Evet' }));
    await waitFor(() => expect(toasts.shown.map((x) => x.message)).toContain('HATALI — Oturumdaki şirket pasife alınamaz; önce başka bir şirkete geçin.'));
  });
});
