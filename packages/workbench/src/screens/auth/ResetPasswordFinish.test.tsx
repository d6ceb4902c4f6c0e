import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWorkbench } from '../../../test/render';
import { fakeServer, json, problem } from '../../../test/fake-server';

const FINISH = '/api/account/reset-password/finish';

async function choose(password: string, repeat: string) {
  const user = userEvent.setup();
  if (password) await user.type(screen.getByLabelText('Yeni şifre'), password);
  if (repeat) await user.type(screen.getByLabelText('Yeni şifre (tekrar)'), repeat);
  await user.click(screen.getByRole('button', { name: 'Şifreyi değiştir' }));
  return user;
}

describe('/auth/reset/finish', () => {
  it('checks the length and the repeat at the fields', async () => {
    const { server } = await renderWorkbench({ path: '/auth/reset/finish?key=abc123' });
    const user = await choose('abc', '');
    expect(screen.getByLabelText('Yeni şifre')).toHaveAccessibleDescription('Şifre 4 ile 50 karakter arasında olmalı');
    expect(screen.getByLabelText('Yeni şifre (tekrar)')).toHaveAccessibleDescription('Bu alan zorunludur');
    await user.type(screen.getByLabelText('Yeni şifre'), 'defg');
    await user.type(screen.getByLabelText('Yeni şifre (tekrar)'), 'abcdeX');
    await user.click(screen.getByRole('button', { name: 'Şifreyi değiştir' }));
    expect(screen.getByLabelText('Yeni şifre')).not.toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Yeni şifre (tekrar)')).toHaveAccessibleDescription('Şifreleriniz eşleşmiyor!');
    expect(server.requests.filter((r) => r.path === FINISH)).toHaveLength(0);
  });

  it('sends the key and the new password, then links to the sign-in page', async () => {
    const server = fakeServer({ [`POST ${FINISH}`]: () => json({ message: 'Şifreniz değiştirildi.' }) });
    const { toasts } = await renderWorkbench({ path: '/auth/reset/finish?key=k3y-from-mail', server });
    const user = await choose('yeni-sifre', 'yeni-sifre');
    expect(await screen.findByText('Şifre sıfırlama işlemi başarılı.')).toBeInTheDocument();
    expect(server.requests.find((r) => r.path === FINISH)!.body).toEqual({ key: 'k3y-from-mail', newPassword: 'yeni-sifre' });
    expect(toasts.shown.map((s) => s.message)).toContain('BAŞARILI — Şifre sıfırlama işlemi başarılı.');
    await user.click(screen.getByRole('link', { name: 'Giriş sayfasına git' }));
    expect(await screen.findByRole('form', { name: 'Giriş' })).toBeInTheDocument();
  });

  it("shows 'Şifre Sıfırlama işlemi başarısız!' with the server's detail, on the page and as a notification", async () => {
    const server = fakeServer({
      [`POST ${FINISH}`]: () => problem(400, 'Şifre Sıfırlama işlemi başarısız!', { code: 'INCORRECT_OTP', detail: 'Anahtar geçersiz veya daha önce kullanılmış.' }),
    });
    const { toasts } = await renderWorkbench({ path: '/auth/reset/finish?key=used', server });
    await choose('yeni-sifre', 'yeni-sifre');
    expect(await screen.findByText('Anahtar geçersiz veya daha önce kullanılmış.')).toBeInTheDocument();
    expect(screen.getByText('Şifre Sıfırlama işlemi başarısız!')).toBeInTheDocument();
    expect(toasts.shown.map((s) => s.message)).toEqual(['Şifre Sıfırlama işlemi başarısız! — Anahtar geçersiz veya daha önce kullanılmış.']);
    expect(screen.getByRole('button', { name: 'Şifreyi değiştir' })).toBeInTheDocument();
  });

  it("puts the server's password error on the field", async () => {
    const server = fakeServer({
      [`POST ${FINISH}`]: () => problem(400, 'Geçersiz istek', { code: 'VALIDATION_FAILED', detail: 'Şifre 4 ile 50 karakter arasında olmalı.', fieldErrors: [{ field: 'newPassword', message: 'Şifre 4 ile 50 karakter arasında olmalı.', code: 'PASSWORD_LENGTH' }] }),
    });
    await renderWorkbench({ path: '/auth/reset/finish?key=k', server });
    await choose('abcd', 'abcd');
    await waitFor(() => expect(screen.getByLabelText('Yeni şifre')).toHaveAccessibleDescription('Şifre 4 ile 50 karakter arasında olmalı.'));
  });

  it('takes the key from the rest of the path too (the route is a prefix)', async () => {
    const server = fakeServer({ [`POST ${FINISH}`]: () => json({ message: 'ok' }) });
    await renderWorkbench({ path: '/auth/reset/finish/path-key', server });
    await choose('yeni-sifre', 'yeni-sifre');
    await waitFor(() => expect(server.requests.find((r) => r.path === FINISH)?.body).toEqual({ key: 'path-key', newPassword: 'yeni-sifre' }));
  });

  it('explains a link without a key and offers a new one', async () => {
    const { server } = await renderWorkbench({ path: '/auth/reset/finish' });
    expect(await screen.findByText('Bağlantı geçersiz')).toBeInTheDocument();
    expect(screen.queryByLabelText('Yeni şifre')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Yeni sıfırlama bağlantısı iste' })).toHaveAttribute('href', '/auth/forgot-password');
    expect(server.requests.filter((r) => r.path === FINISH)).toHaveLength(0);
  });

  it("is also the account service's /account/reset-password/finish", async () => {
    const server = fakeServer({ [`POST ${FINISH}`]: () => json({ message: 'ok' }) });
    await renderWorkbench({ path: '/account/reset-password/finish?key=old-link', server });
    expect(await screen.findByRole('form', { name: 'Yeni şifre belirleyin' })).toBeInTheDocument();
    await choose('yeni-sifre', 'yeni-sifre');
    await waitFor(() => expect(server.requests.find((r) => r.path === FINISH)?.body).toEqual({ key: 'old-link', newPassword: 'yeni-sifre' }));
  });
});
