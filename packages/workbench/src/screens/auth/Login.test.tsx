import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWorkbench } from '../../../test/render';
import { account, fakeServer, json, problem, token } from '../../../test/fake-server';

const authCalls = (server: ReturnType<typeof fakeServer>) => server.requests.filter((r) => r.path === '/api/authenticate');

async function fill(username: string, password: string) {
  const user = userEvent.setup();
  if (username) await user.type(screen.getByLabelText('Kullanıcı adı / T.C. kimlik no'), username);
  if (password) await user.type(screen.getByLabelText('Şifre'), password);
  return user;
}

describe('/auth/login', () => {
  it('checks the fields at the fields and sends nothing while they are wrong', async () => {
    const { server } = await renderWorkbench({ path: '/auth/login' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Giriş yap' }));
    expect(screen.getByLabelText('Kullanıcı adı / T.C. kimlik no')).toHaveAccessibleDescription('Bu alan zorunludur');
    expect(screen.getByLabelText('Şifre')).toHaveAccessibleDescription('Bu alan zorunludur');
    await user.type(screen.getByLabelText('Şifre'), 'abc');
    await user.click(screen.getByRole('button', { name: 'Giriş yap' }));
    expect(screen.getByLabelText('Şifre')).toHaveAccessibleDescription('Şifre 4 ile 50 karakter arasında olmalı');
    await user.clear(screen.getByLabelText('Şifre'));
    await user.type(screen.getByLabelText('Şifre'), 'x'.repeat(51));
    await user.click(screen.getByRole('button', { name: 'Giriş yap' }));
    expect(screen.getByLabelText('Şifre')).toHaveAccessibleDescription('Şifre 4 ile 50 karakter arasında olmalı');
    expect(screen.getByLabelText('Şifre')).toHaveAttribute('aria-invalid', 'true');
    expect(authCalls(server)).toHaveLength(0);
  });

  it('signs in with remember me and welcomes the user', async () => {
    const server = fakeServer();
    server.on('POST /api/authenticate', () => {
      server.setAccount(account());
      const tok = token({ cid: 2 });
      return json({ id_token: tok }, { headers: { authorization: `Bearer ${tok}` } });
    });
    const { toasts } = await renderWorkbench({ path: '/auth/login', server });
    const user = await fill('  eczaci ', 'demo1234');
    await user.click(screen.getByRole('checkbox', { name: 'Beni hatırla' }));
    await user.click(screen.getByRole('button', { name: 'Giriş yap' }));
    await waitFor(() => expect(toasts.shown.map((s) => s.message)).toContain('BAŞARILI — Hoş geldiniz, Elif Eczacı. Giriş başarılı.'));
    expect(authCalls(server)[0]!.body).toEqual({ username: 'eczaci', password: 'demo1234', rememberMe: true });
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Giriş' })).not.toBeInTheDocument());
  });

  it("shows the seeds' texts for wrong credentials", async () => {
    const server = fakeServer({
      'POST /api/authenticate': () => problem(401, 'Giriş işlemi başarısız oldu', { code: 'BAD_CREDENTIALS', detail: 'x' }),
    });
    const { toasts } = await renderWorkbench({ path: '/auth/login', server });
    const user = await fill('eczaci', 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Giriş yap' }));
    expect(await screen.findByText('Giriş işlemi başarısız oldu')).toBeInTheDocument();
    expect(screen.getByText('Lütfen kullanıcı bilgilerinizi kontrol edip tekrar deneyiniz.')).toBeInTheDocument();
    expect(authCalls(server)[0]!.body).toEqual({ username: 'eczaci', password: 'wrong-password', rememberMe: false });
    expect(toasts.shown).toHaveLength(0);
  });

  it("keeps the server's detail for other refusals (no active company)", async () => {
    const server = fakeServer({
      'POST /api/authenticate': () => problem(401, 'Giriş işlemi başarısız oldu', { code: 'NO_COMPANY', detail: 'Hesabınıza bağlı etkin bir şirket yok.' }),
    });
    await renderWorkbench({ path: '/auth/login', server });
    const user = await fill('eczaci', 'demo1234');
    await user.click(screen.getByRole('button', { name: 'Giriş yap' }));
    expect(await screen.findByText('Hesabınıza bağlı etkin bir şirket yok.')).toBeInTheDocument();
    expect(screen.getByText('Giriş işlemi başarısız oldu')).toBeInTheDocument();
  });

  it('asks a not-activated user to finish activation and links to resending it with the login', async () => {
    const server = fakeServer({
      'POST /api/authenticate': () => problem(401, 'Giriş işlemi başarısız oldu', { code: 'ACCOUNT_NOT_ACTIVATED', detail: 'Account not activated' }),
    });
    await renderWorkbench({ path: '/auth/login', server });
    const user = await fill('12345678950', 'demo1234');
    await user.click(screen.getByRole('button', { name: 'Giriş yap' }));
    const callout = (await screen.findByText('Hesabınız etkinleştirilmemiş')).closest('.bp6-callout') as HTMLElement;
    expect(within(callout).getByText(/e-postanıza gönderilen bağlantı ile etkinleştirmeyi tamamlayın/)).toBeInTheDocument();
    await user.click(within(callout).getByRole('link', { name: 'Etkinleştirme bağlantısını yeniden gönder' }));
    expect(await screen.findByRole('form', { name: 'Etkinleştirme bağlantısını yeniden gönder' })).toBeInTheDocument();
    expect(screen.getByLabelText('T.C. kimlik no / kullanıcı adı')).toHaveValue('12345678950');
  });

  it('shows the wait after too many attempts and keeps the button off meanwhile', async () => {
    const server = fakeServer({
      'POST /api/authenticate': () => new Response(JSON.stringify({ type: 'about:blank', title: 'Çok fazla deneme', status: 429, code: 'RATE_LIMITED' }), {
        status: 429, headers: { 'content-type': 'application/problem+json', 'retry-after': '30' },
      }),
    });
    await renderWorkbench({ path: '/auth/login', server });
    const user = await fill('eczaci', 'demo1234');
    await user.click(screen.getByRole('button', { name: 'Giriş yap' }));
    expect(await screen.findByText(/30 saniye sonra tekrar deneyin/)).toBeInTheDocument();
    expect(screen.getByText('Çok fazla deneme')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Giriş yap' })).toBeDisabled();
  });

  it("puts the server's field errors on the fields and shows other failures as the catalogue says", async () => {
    let answer = problem(400, 'Geçersiz istek', { code: 'VALIDATION_FAILED', fieldErrors: [{ field: 'username', message: 'Zorunlu alan', code: 'REQUIRED' }] });
    const server = fakeServer({ 'POST /api/authenticate': () => answer });
    const { toasts } = await renderWorkbench({ path: '/auth/login', server });
    const user = await fill('eczaci', 'demo1234');
    await user.click(screen.getByRole('button', { name: 'Giriş yap' }));
    await waitFor(() => expect(screen.getByLabelText('Kullanıcı adı / T.C. kimlik no')).toHaveAccessibleDescription('Zorunlu alan'));
    answer = problem(503, 'Service Unavailable');
    await user.click(screen.getByRole('button', { name: 'Giriş yap' }));
    await waitFor(() => expect(toasts.shown.map((s) => s.message)).toContain('HATALI — Service Unavailable'));
  });

  it('links to the forgot-password, registration and resend-activation pages', async () => {
    await renderWorkbench({ path: '/auth/login' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('link', { name: 'Şifremi unuttum' }));
    expect(await screen.findByRole('form', { name: 'Şifremi unuttum' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Giriş sayfasına dön' }));
    await user.click(await screen.findByRole('link', { name: 'Kayıt ol' }));
    expect(await screen.findByRole('form', { name: 'Yeni hesap oluştur' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Zaten hesabım var' }));
    await user.click(await screen.findByRole('link', { name: 'Etkinleştirme bağlantısını yeniden gönder' }));
    expect(await screen.findByRole('form', { name: 'Etkinleştirme bağlantısını yeniden gönder' })).toBeInTheDocument();
  });
});
