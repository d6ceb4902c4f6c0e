import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWorkbench } from '../../../test/render';
import { fakeServer, json, problem } from '../../../test/fake-server';

const INIT = '/api/account/reset-password/init';
const accepted = () => json({ message: 'Bilgiler bir hesapla eşleşiyorsa mesaj gönderildi.' });

describe('/auth/forgot-password', () => {
  it('asks for the national ID and a valid e-mail at the fields', async () => {
    const { server } = await renderWorkbench({ path: '/auth/forgot-password' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Sıfırlama bağlantısı gönder' }));
    expect(screen.getByLabelText('T.C. kimlik no / kullanıcı adı')).toHaveAccessibleDescription('Bu alan zorunludur');
    expect(screen.getByLabelText('E-posta')).toHaveAccessibleDescription('Bu alan zorunludur');
    await user.type(screen.getByLabelText('E-posta'), 'elif@ornek');
    await user.click(screen.getByRole('button', { name: 'Sıfırlama bağlantısı gönder' }));
    expect(screen.getByLabelText('E-posta')).toHaveAccessibleDescription('Hatalı e-posta biçimi');
    // Editing a field clears its message.
    await user.type(screen.getByLabelText('T.C. kimlik no / kullanıcı adı'), '1');
    expect(screen.getByLabelText('T.C. kimlik no / kullanıcı adı')).not.toHaveAccessibleDescription('Bu alan zorunludur');
    expect(server.requests.filter((r) => r.path === INIT)).toHaveLength(0);
  });

  it('sends the request and gives the same answer whether or not an account matched', async () => {
    const server = fakeServer({ [`POST ${INIT}`]: accepted });
    const { toasts } = await renderWorkbench({ path: '/auth/forgot-password', server });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('T.C. kimlik no / kullanıcı adı'), ' 12345678950 ');
    await user.type(screen.getByLabelText('E-posta'), 'elif@ornek.com.tr');
    await user.click(screen.getByRole('button', { name: 'Sıfırlama bağlantısı gönder' }));
    expect(await screen.findByText('Şifre sıfırlama e-postası gönderildi.')).toBeInTheDocument();
    expect(screen.getByText(/Bilgileriniz bir hesapla eşleşiyorsa şifre sıfırlama bağlantısı/)).toBeInTheDocument();
    expect(server.requests.find((r) => r.path === INIT)!.body).toEqual({ login: '12345678950', email: 'elif@ornek.com.tr' });
    expect(toasts.shown.map((s) => s.message)).toContain('BAŞARILI — Şifre sıfırlama e-postası gönderildi.');
    expect(screen.queryByRole('button', { name: 'Sıfırlama bağlantısı gönder' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Giriş sayfasına dön' }));
    expect(await screen.findByRole('form', { name: 'Giriş' })).toBeInTheDocument();
  });

  it("puts the server's field errors at the fields, and notifies other failures", async () => {
    let answer = problem(400, 'Geçersiz istek', { code: 'VALIDATION_FAILED', fieldErrors: [{ field: 'email', message: 'Hatalı e-posta biçimi', code: 'EMAIL' }] });
    const server = fakeServer({ [`POST ${INIT}`]: () => answer });
    const { toasts } = await renderWorkbench({ path: '/auth/forgot-password', server });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('T.C. kimlik no / kullanıcı adı'), 'eczaci');
    await user.type(screen.getByLabelText('E-posta'), 'eczaci@demo.tezgah.local');
    await user.click(screen.getByRole('button', { name: 'Sıfırlama bağlantısı gönder' }));
    await waitFor(() => expect(screen.getByLabelText('E-posta')).toHaveAccessibleDescription('Hatalı e-posta biçimi'));
    expect(toasts.shown).toHaveLength(0);
    answer = problem(500, 'Internal Server Error');
    await user.click(screen.getByRole('button', { name: 'Sıfırlama bağlantısı gönder' }));
    await waitFor(() => expect(toasts.shown.map((s) => s.message)).toContain('HATALI — Internal Server Error'));
    expect(screen.queryByText('Şifre sıfırlama e-postası gönderildi.')).not.toBeInTheDocument();
  });

  it("is also the account service's /account/reset-password/init", async () => {
    await renderWorkbench({ path: '/account/reset-password/init' });
    expect(await screen.findByRole('form', { name: 'Şifremi unuttum' })).toBeInTheDocument();
    expect(screen.getByText('Tezgah')).toBeInTheDocument();
  });
});
