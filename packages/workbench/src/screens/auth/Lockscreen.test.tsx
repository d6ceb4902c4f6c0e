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

  it("locks the session on the server, shows the user's name, checks the password at the field and unlocks with it", async () => {
    const server = signedInServer();
    const { toasts } = await renderWorkbench({ path: '/auth/lockscreen', server, signedIn: true });
    expect(await screen.findByRole('form', { name: 'Ekran kilitli' })).toBeInTheDocument();
    expect(screen.getByText('Elif Eczacı')).toBeInTheDocument();
    // Being on the lock screen means locked: the server is told.
    await waitFor(() => expect(server.requests.some((r) => r.method === 'POST' && r.path === '/api/account/lock')).toBe(true));
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Kilidi aç' }));
    expect(screen.getByLabelText('Şifre')).toHaveAccessibleDescription('Bu alan zorunludur');
    await user.type(screen.getByLabelText('Şifre'), 'abc');
    await user.click(screen.getByRole('button', { name: 'Kilidi aç' }));
    expect(screen.getByLabelText('Şifre')).toHaveAccessibleDescription('Şifre 4 ile 50 karakter arasında olmalı');
    expect(server.requests.filter((r) => r.path === '/api/account/unlock')).toHaveLength(0);
    await user.clear(screen.getByLabelText('Şifre'));
    await user.type(screen.getByLabelText('Şifre'), 'demo1234');
    await user.click(screen.getByRole('button', { name: 'Kilidi aç' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Ekran kilitli' })).not.toBeInTheDocument());
    expect(server.requests.find((r) => r.path === '/api/account/unlock')!.body).toEqual({ password: 'demo1234' });
    // Unlocking is not a new sign-in.
    expect(server.requests.some((r) => r.path === '/api/authenticate')).toBe(false);
    expect(toasts.shown.map((s) => s.message).join(' ')).not.toContain('Hoş geldiniz');
  });

  it('says the password is wrong and stays locked', async () => {
    const server = signedInServer();
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
