import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWorkbench } from '../../../test/render';
import { fakeServer, json, problem } from '../../../test/fake-server';

const FINISH = '/api/account/password-reset-activate/finish';

async function choose(password: string, repeat: string) {
  const user = userEvent.setup();
  if (password) await user.type(screen.getByLabelText('Yeni şifre'), password);
  if (repeat) await user.type(screen.getByLabelText('Yeni şifre (tekrar)'), repeat);
  await user.click(screen.getByRole('button', { name: 'Şifremi belirle ve hesabımı etkinleştir' }));
  return user;
}

describe('/auth/activate-password-reset/finish', () => {
  it('checks the password and its repeat at the fields', async () => {
    const { server } = await renderWorkbench({ path: '/auth/activate-password-reset/finish?key=invite' });
    await choose('', 'x');
    expect(screen.getByLabelText('Yeni şifre')).toHaveAccessibleDescription('Bu alan zorunludur');
    expect(screen.getByLabelText('Yeni şifre (tekrar)')).toHaveAccessibleDescription('Şifreleriniz eşleşmiyor!');
    expect(server.requests.filter((r) => r.path === FINISH)).toHaveLength(0);
  });

  it('sets the first password with the key and links to the sign-in page', async () => {
    const server = fakeServer({ [`POST ${FINISH}`]: () => json({ message: 'Hesabınız etkinleştirildi; yeni şifrenizle giriş yapabilirsiniz.' }) });
    const { toasts } = await renderWorkbench({ path: '/auth/activate-password-reset/finish?key=invite-key', server });
    await choose('ilk-sifre', 'ilk-sifre');
    expect(await screen.findByText('Hesabınız etkinleştirildi.')).toBeInTheDocument();
    expect(server.requests.find((r) => r.path === FINISH)!.body).toEqual({ key: 'invite-key', newPassword: 'ilk-sifre' });
    expect(toasts.shown.map((s) => s.message)).toContain('BAŞARILI — Hesabınız etkinleştirildi.');
    expect(screen.getByRole('link', { name: 'Giriş sayfasına git' })).toHaveAttribute('href', '/auth/login');
  });

  it('shows a failure on the page only: this call is silent', async () => {
    const server = fakeServer({
      [`POST ${FINISH}`]: () => problem(400, 'Şifre Sıfırlama işlemi başarısız!', { code: 'EXPIRED_OTP', detail: 'Anahtarın süresi dolmuş.' }),
    });
    const { toasts } = await renderWorkbench({ path: '/auth/activate-password-reset/finish?key=old', server });
    await choose('ilk-sifre', 'ilk-sifre');
    expect(await screen.findByText('Anahtarın süresi dolmuş.')).toBeInTheDocument();
    expect(screen.getByText('Şifre Sıfırlama işlemi başarısız!')).toBeInTheDocument();
    await waitFor(() => expect(server.requests.some((r) => r.path === FINISH)).toBe(true));
    expect(toasts.shown).toHaveLength(0);
  });

  it("is also the account service's /account/password-reset-activate/finish", async () => {
    const server = fakeServer({ [`POST ${FINISH}`]: () => json({ message: 'ok' }) });
    await renderWorkbench({ path: '/account/password-reset-activate/finish?key=mailed', server });
    expect(await screen.findByRole('form', { name: 'Şifrenizi belirleyin' })).toBeInTheDocument();
    await choose('ilk-sifre', 'ilk-sifre');
    await waitFor(() => expect(server.requests.find((r) => r.path === FINISH)?.body).toEqual({ key: 'mailed', newPassword: 'ilk-sifre' }));
  });

  it('explains a link without a key', async () => {
    await renderWorkbench({ path: '/auth/activate-password-reset/finish' });
    expect(await screen.findByText('Bağlantı geçersiz')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Şifremi belirle ve hesabımı etkinleştir' })).not.toBeInTheDocument();
  });
});
