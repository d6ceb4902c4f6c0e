import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWorkbench } from '../../../test/render';
import { account, fakeServer, json, problem, token } from '../../../test/fake-server';

function signedInServer() {
  const server = fakeServer();
  server.setAccount(account());
  return server;
}

describe('/auth/lockscreen', () => {
  it('sends a visitor without a session to the sign-in page', async () => {
    await renderWorkbench({ path: '/auth/lockscreen' });
    expect(await screen.findByRole('form', { name: 'Giriş' })).toBeInTheDocument();
  });

  it("shows the user's name, checks the password at the field and unlocks by signing in again as that user", async () => {
    const server = signedInServer();
    server.on('POST /api/authenticate', () => {
      const tok = token({ cid: 2 });
      return json({ id_token: tok }, { headers: { authorization: `Bearer ${tok}` } });
    });
    const { toasts } = await renderWorkbench({ path: '/auth/lockscreen', server, signedIn: true });
    expect(await screen.findByRole('form', { name: 'Ekran kilitli' })).toBeInTheDocument();
    expect(screen.getByText('Elif Eczacı')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Kilidi aç' }));
    expect(screen.getByLabelText('Şifre')).toHaveAccessibleDescription('Bu alan zorunludur');
    await user.type(screen.getByLabelText('Şifre'), 'abc');
    await user.click(screen.getByRole('button', { name: 'Kilidi aç' }));
    expect(screen.getByLabelText('Şifre')).toHaveAccessibleDescription('Şifre 4 ile 50 karakter arasında olmalı');
    expect(server.requests.filter((r) => r.path === '/api/authenticate')).toHaveLength(0);
    await user.type(screen.getByLabelText('Şifre'), 'd1234');
    await user.click(screen.getByRole('button', { name: 'Kilidi aç' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Ekran kilitli' })).not.toBeInTheDocument());
    expect(server.requests.find((r) => r.path === '/api/authenticate')!.body).toEqual({ username: 'eczaci', password: 'abcd1234', rememberMe: false });
    expect(toasts.shown.map((s) => s.message)).toContain('BAŞARILI — Hoş geldiniz, Elif Eczacı. Giriş başarılı.');
  });

  it('says the sign-in failed on a wrong password and stays locked', async () => {
    const server = signedInServer();
    server.on('POST /api/authenticate', () => problem(401, 'Giriş işlemi başarısız oldu', { code: 'BAD_CREDENTIALS' }));
    await renderWorkbench({ path: '/auth/lockscreen', server, signedIn: true });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Şifre'), 'wrong-one');
    await user.click(screen.getByRole('button', { name: 'Kilidi aç' }));
    expect(await screen.findByText('Giriş işlemi başarısız oldu')).toBeInTheDocument();
    expect(screen.getByText('Lütfen kullanıcı bilgilerinizi kontrol edip tekrar deneyiniz.')).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Ekran kilitli' })).toBeInTheDocument();
  });

  it('signs out to let another user sign in', async () => {
    const server = signedInServer();
    await renderWorkbench({ path: '/auth/lockscreen', server, signedIn: true });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Başka bir kullanıcı ile giriş yap' }));
    expect(await screen.findByRole('form', { name: 'Giriş' })).toBeInTheDocument();
    expect(server.requests.some((r) => r.path === '/api/logout')).toBe(true);
  });
});
