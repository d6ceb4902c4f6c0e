import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import management from '../index';
import { account, company, fakeServer, json, manager, member, problem, renderWorkbench, token } from '../testing';

const plugins = [management];
const COMPANIES = [company(2, 'Tezgah Yönetim'), company(3, 'Demo Eczanesi'), company(4, 'Demo Ticaret A.Ş.')];
const MEMBERS = [
  member(1, 'eczaci', { firstName: 'Elif', lastName: 'Eczacı' }),
  member(5, 'kalfa', { firstName: 'Kemal', lastName: 'Kalfa', roles: [{ id: 2, name: 'Personel' }] }),
  member(6, 'yeni', { activated: false }),
  member(3, 'yonetici', { firstName: 'Yasemin', lastName: 'Yönetici' }),
];

function server() {
  const s = fakeServer();
  s.setAccount(manager());
  s.on('GET /services/onmuhasebe/api/companies', (req) => {
    const search = new URL(req.url).searchParams.get('search');
    const rows = search ? COMPANIES.filter((c) => c.name.includes(search)) : COMPANIES;
    return json(rows, { total: rows.length });
  });
  s.on('GET /services/onmuhasebe/api/companies/users/{id}', (_r, p) => (p.id === '3' ? json(MEMBERS) : json([])));
  return s;
}

async function chooseCompany(name: string) {
  const select = await screen.findByRole('combobox', { name: 'Şirket' });
  await waitFor(() => expect(within(select).getByRole('option', { name })).toBeInTheDocument());
  await userEvent.setup().selectOptions(select, name);
  return screen.findByRole('table', { name: `${name} kullanıcıları` });
}

describe('/user-management', () => {
  it("asks for a company, then lists its members", async () => {
    const s = server();
    await renderWorkbench({ plugins, path: '/user-management', server: s, signedIn: true });
    expect(await screen.findByText('Kullanıcılarını görmek istediğiniz şirketi seçin.')).toBeInTheDocument();
    const table = await chooseCompany('Demo Eczanesi');
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(5));
    expect(s.requests.some((r) => r.path === '/services/onmuhasebe/api/companies/users/3')).toBe(true);
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('yeni');
    expect(within(table).getByRole('row', { name: /kalfa/ })).toHaveTextContent('Personel');
    expect(screen.getByText(/Toplam Kayıt:/).parentElement).toHaveTextContent('Toplam Kayıt: 4');
    // One's own row has no sign-in; a user not yet activated cannot be signed in as.
    expect(within(within(table).getByRole('row', { name: /yonetici/ })).queryByRole('button', { name: 'Kullanıcı olarak giriş yap' })).not.toBeInTheDocument();
    expect(within(within(table).getByRole('row', { name: /yeni/ })).getByRole('button', { name: 'Kullanıcı olarak giriş yap' })).toBeDisabled();
  });

  it('narrows the company picker by the search text', async () => {
    const s = server();
    await renderWorkbench({ plugins, path: '/user-management', server: s, signedIn: true });
    await userEvent.setup().type(await screen.findByRole('searchbox', { name: 'Şirket ara' }), 'Ticaret');
    const select = screen.getByRole('combobox', { name: 'Şirket' });
    await waitFor(() => expect(within(select).queryByRole('option', { name: 'Demo Eczanesi' })).not.toBeInTheDocument());
    expect(within(select).getByRole('option', { name: 'Demo Ticaret A.Ş.' })).toBeInTheDocument();
    expect(s.requests.some((r) => r.path.includes('search=Ticaret'))).toBe(true);
  });

  it('signs in as a member after the confirmation (POST /api/impersonate)', async () => {
    const s = server();
    s.on('POST /api/impersonate', () => {
      s.setAccount(account({ login: 'eczaci', impersonate: true, previousLogin: 'yonetici', codes: ['17_1'] }));
      const tok = token({ cid: 3, login: 'eczaci' });
      return json({ id_token: tok }, { headers: { authorization: `Bearer ${tok}` } });
    });
    await renderWorkbench({ plugins, path: '/user-management', server: s, signedIn: true });
    const table = await chooseCompany('Demo Eczanesi');
    const u = userEvent.setup();
    const signIn = () => within(within(table).getByRole('row', { name: /eczaci/ })).getByRole('button', { name: 'Kullanıcı olarak giriş yap' });

    await u.click(signIn());
    let alert = await screen.findByRole('alertdialog');
    expect(alert).toHaveTextContent('Emin misiniz?');
    expect(alert).toHaveTextContent('Elif Eczacı (eczaci) olarak oturum açılacak.');
    await u.click(within(alert).getByRole('button', { name: 'Hayır' }));
    expect(s.requests.some((r) => r.path === '/api/impersonate')).toBe(false);

    await u.click(signIn());
    alert = await screen.findByRole('alertdialog');
    await u.click(within(alert).getByRole('button', { name: 'Evet' }));
    await waitFor(() => expect(s.requests.find((r) => r.method === 'POST' && r.path === '/api/impersonate')?.body).toEqual({ login: 'eczaci', previousLogin: 'yonetici' }));
    // The shell loads the new session and leaves the management page (eczaci has no module 1000).
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Kullanıcı Yönetimi' })).not.toBeInTheDocument());
    expect(s.requests.filter((r) => r.path === '/api/account').length).toBeGreaterThanOrEqual(2);
  });

  it("shows the server's reason when the sign-in as is refused", async () => {
    const s = server();
    s.on('POST /api/impersonate', () => problem(409, 'Çakışma', { detail: 'Kullanıcının etkin bir şirketi yok.', code: 'NO_COMPANY' }));
    const { toasts } = await renderWorkbench({ plugins, path: '/user-management', server: s, signedIn: true });
    const table = await chooseCompany('Demo Eczanesi');
    const u = userEvent.setup();
    await u.click(within(within(table).getByRole('row', { name: /kalfa/ })).getByRole('button', { name: 'Kullanıcı olarak giriş yap' }));
    await u.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Evet' }));
    await waitFor(() => expect(toasts.shown.map((x) => x.message)).toContain('HATALI — Kullanıcının etkin bir şirketi yok.'));
    expect(screen.getByRole('heading', { name: 'Kullanıcı Yönetimi' })).toBeInTheDocument();
  });
});
