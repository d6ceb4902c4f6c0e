import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import settings from '../index';
import { account, fakeServer, json, problem, query, renderWorkbench, ROLES, user } from '../testing';

const ALL_USER_CODES = ['17_1', '17_2', '17_3', '17_4'];

/** A server with 42 users (pages of generated ones), the roles and the user calls. */
function server(codes = ALL_USER_CODES) {
  const s = fakeServer();
  s.setAccount(account({ codes }));
  s.on('GET /api/users', (req) => {
    const q = new URL(req.url).searchParams;
    const page = Number(q.get('page') ?? 0);
    const size = Number(q.get('size') ?? 10);
    const items = Array.from({ length: Math.max(0, Math.min(size, 42 - page * size)) }, (_, i) => user(42 - page * size - i));
    return json(items, { total: 42 });
  });
  s.on('GET /services/onmuhasebe/api/roles', () => json(ROLES, { total: ROLES.length }));
  return s;
}

const list = () => screen.findByRole('table', { name: 'Şirket kullanıcıları' });
const usersCalls = (s: ReturnType<typeof server>) => s.requests.filter((r) => r.method === 'GET' && r.path.startsWith('/api/users'));

describe('/user-settings', () => {
  it('lists the company users a page at a time with the total', async () => {
    const s = server();
    await renderWorkbench({ plugins: [settings], path: '/user-settings', server: s, signedIn: true });
    const table = await list();
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(11));
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('kullanici42');
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('Ad42 Soyad42');
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('Personel');
    expect(screen.getByText(/Toplam Kayıt:/).parentElement).toHaveTextContent('Toplam Kayıt: 42');
    const first = query(usersCalls(s)[0]!.path);
    expect([first.get('page'), first.get('size'), first.get('sort')]).toEqual(['0', '10', 'id,desc']);

    await userEvent.setup().click(screen.getByRole('button', { name: 'Sonraki' }));
    await waitFor(() => expect(within(table).getAllByRole('row')[1]).toHaveTextContent('kullanici32'));
    expect(query(usersCalls(s).at(-1)!.path).get('page')).toBe('1');
  });

  it('opens the add dialog from the sub-bar Add button, checks the fields and sends the body', async () => {
    const s = server();
    let posted: unknown;
    s.on('POST /api/users', async (req) => {
      posted = await req.json();
      return json(user(43, { login: 'ayse' }), { status: 201 });
    });
    const { toasts } = await renderWorkbench({ plugins: [settings], path: '/user-settings', server: s, signedIn: true });
    await list();
    const u = userEvent.setup();
    await u.click(screen.getByRole('button', { name: 'Ekle' }));
    const dialog = await screen.findByRole('dialog', { name: 'Kullanıcı Ekle' });

    await u.click(within(dialog).getByRole('button', { name: 'Kaydet' }));
    const login = within(dialog).getByRole('textbox', { name: 'Kullanıcı adı / T.C. kimlik no' });
    expect(login).toHaveAccessibleDescription('Bu alan zorunludur');
    expect(login).toHaveAttribute('aria-invalid', 'true');
    expect(login).toHaveFocus();
    expect(within(dialog).getByRole('textbox', { name: 'Ad' })).toHaveAccessibleDescription('Bu alan zorunludur');
    expect(within(dialog).getByRole('textbox', { name: 'Soyad' })).toHaveAccessibleDescription('Bu alan zorunludur');
    expect(within(dialog).getByRole('textbox', { name: 'E-posta' })).toHaveAccessibleDescription('Bu alan zorunludur');
    expect(within(dialog).getByRole('group', { name: /Roller/ })).toHaveAccessibleDescription('En az bir rol seçin.');

    await u.type(login, 'ayşe yılmaz');
    await u.type(within(dialog).getByRole('textbox', { name: 'Ad' }), 'Ayşe');
    await u.type(within(dialog).getByRole('textbox', { name: 'Soyad' }), 'Yılmaz');
    await u.type(within(dialog).getByRole('textbox', { name: 'E-posta' }), 'ayse@');
    await u.click(within(dialog).getByRole('button', { name: 'Kaydet' }));
    expect(login).toHaveAccessibleDescription('Yalnızca harf, rakam ve _ . @ - kullanılabilir.');
    expect(within(dialog).getByRole('textbox', { name: 'E-posta' })).toHaveAccessibleDescription('Hatalı e-posta biçimi');
    expect(s.requests.some((r) => r.method === 'POST')).toBe(false);

    await u.clear(login);
    await u.type(login, '12345678950');
    await u.type(within(dialog).getByRole('textbox', { name: 'E-posta' }), 'demo.test');
    await u.click(within(dialog).getByRole('checkbox', { name: 'Kasiyer' }));
    await u.click(within(dialog).getByRole('checkbox', { name: 'Personel' }));
    await u.click(within(dialog).getByRole('button', { name: 'Kaydet' }));

    await waitFor(() => expect(posted).toEqual({ login: '12345678950', firstName: 'Ayşe', lastName: 'Yılmaz', email: 'ayse@demo.test', roleIds: [3, 2] }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Kullanıcı Ekle' })).not.toBeInTheDocument());
    expect(toasts.shown.map((x) => x.message)).toContain('BAŞARILI — Başarıyla eklendi.');
    await waitFor(() => expect(usersCalls(s)).toHaveLength(2));
  });

  it('opens the add dialog for /user-settings?new=1 and puts a login conflict at the login field', async () => {
    const s = server();
    const taken = 'Bu kullanıcı adı kullanılıyor. Var olan bir kullanıcıyı şirkete eklemek için şirket kullanıcıları ekranını kullanın.';
    s.on('POST /api/users', () => problem(409, 'Çakışma', { detail: taken, code: 'LOGIN_TAKEN', fieldErrors: [{ field: 'login', message: taken, code: 'LOGIN_TAKEN' }] }));
    const { toasts } = await renderWorkbench({ plugins: [settings], path: '/user-settings?new=1', server: s, signedIn: true });
    const dialog = await screen.findByRole('dialog', { name: 'Kullanıcı Ekle' });
    const u = userEvent.setup();
    await u.type(within(dialog).getByRole('textbox', { name: 'Kullanıcı adı / T.C. kimlik no' }), 'eczaci');
    await u.type(within(dialog).getByRole('textbox', { name: 'Ad' }), 'Elif');
    await u.type(within(dialog).getByRole('textbox', { name: 'Soyad' }), 'Eczacı');
    await u.type(within(dialog).getByRole('textbox', { name: 'E-posta' }), 'elif@demo.test');
    await u.type(within(dialog).getByRole('textbox', { name: 'Telefon' }), '(532) 123-4567');
    await u.click(await within(dialog).findByRole('checkbox', { name: 'Personel' }));
    await u.click(within(dialog).getByRole('button', { name: 'Kaydet' }));

    const login = within(dialog).getByRole('textbox', { name: 'Kullanıcı adı / T.C. kimlik no' });
    await waitFor(() => expect(login).toHaveAccessibleDescription(taken));
    expect(login).toHaveAttribute('aria-invalid', 'true');
    expect(s.requests.find((r) => r.method === 'POST')!.body).toMatchObject({ login: 'eczaci', phone: '(532) 123-4567', roleIds: [2] });
    expect(toasts.shown).toHaveLength(0);
    expect(screen.getByRole('dialog', { name: 'Kullanıcı Ekle' })).toBeInTheDocument();
  });

  it('edits a user: no login field, the roles it holds ticked, PUT with the id', async () => {
    const s = server();
    let put: unknown;
    s.on('PUT /api/users', async (req) => {
      put = await req.json();
      return json(user(42));
    });
    const { toasts } = await renderWorkbench({ plugins: [settings], path: '/user-settings', server: s, signedIn: true });
    const table = await list();
    const u = userEvent.setup();
    await u.click(within(within(table).getByRole('row', { name: /kullanici41/ })).getByRole('button', { name: 'Düzenle' }));
    const dialog = await screen.findByRole('dialog', { name: 'Kullanıcıyı Düzenle' });
    expect(within(dialog).queryByRole('textbox', { name: 'Kullanıcı adı / T.C. kimlik no' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Ad' })).toHaveValue('Ad41');
    expect(await within(dialog).findByRole('checkbox', { name: 'Personel' })).toBeChecked();
    await u.click(within(dialog).getByRole('checkbox', { name: 'Kasiyer' }));
    await u.clear(within(dialog).getByRole('textbox', { name: 'Soyad' }));
    await u.type(within(dialog).getByRole('textbox', { name: 'Soyad' }), 'Yeni');
    await u.click(within(dialog).getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(put).toEqual({ id: 41, firstName: 'Ad41', lastName: 'Yeni', email: 'k41@demo.test', phone: '', roleIds: [2, 3] }));
    expect(toasts.shown.map((x) => x.message)).toContain('BAŞARILI — Başarıyla güncellendi.');
  });

  it('removes a user from the company only after Evet', async () => {
    const s = server();
    s.on('DELETE /api/users/{id}/{companyId}', () => new Response(null, { status: 204 }));
    const { toasts } = await renderWorkbench({ plugins: [settings], path: '/user-settings', server: s, signedIn: true });
    const table = await list();
    const u = userEvent.setup();
    const row = () => within(table).getByRole('row', { name: /kullanici40/ });

    await u.click(within(row()).getByRole('button', { name: 'Şirketten çıkar' }));
    let alert = await screen.findByRole('alertdialog');
    expect(alert).toHaveTextContent('Emin misiniz?');
    expect(alert).toHaveTextContent('Ad40 Soyad40 (kullanici40) bu şirketten çıkarılacak.');
    await u.click(within(alert).getByRole('button', { name: 'Hayır' }));
    expect(s.requests.some((r) => r.method === 'DELETE')).toBe(false);

    await u.click(within(row()).getByRole('button', { name: 'Şirketten çıkar' }));
    alert = await screen.findByRole('alertdialog');
    await u.click(within(alert).getByRole('button', { name: 'Evet' }));
    await waitFor(() => expect(s.requests.some((r) => r.method === 'DELETE' && r.path === '/api/users/40/2')).toBe(true));
    expect(toasts.shown.map((x) => x.message)).toContain('BAŞARILI — Başarıyla silindi.');
    await waitFor(() => expect(usersCalls(s)).toHaveLength(2));
  });

  it('offers only the actions the authorities allow, and no removal of oneself', async () => {
    const s = server(['17_1', '17_4']);
    s.on('GET /api/users', () => json([user(1, { login: 'eczaci' }), user(2)], { total: 2 }));
    await renderWorkbench({ plugins: [settings], path: '/user-settings', server: s, signedIn: true });
    const table = await list();
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    expect(within(table).queryByRole('button', { name: 'Düzenle' })).not.toBeInTheDocument();
    expect(within(within(table).getByRole('row', { name: /eczaci/ })).queryByRole('button', { name: 'Şirketten çıkar' })).not.toBeInTheDocument();
    expect(within(within(table).getByRole('row', { name: /kullanici2/ })).getByRole('button', { name: 'Şirketten çıkar' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Ekle' })).not.toBeInTheDocument();
  });
});
