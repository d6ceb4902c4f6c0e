import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWorkbench } from '../../../test/render';
import { fakeServer, json, problem } from '../../../test/fake-server';

const MAIL = '/api/account/send-activation-email';
const SMS = '/api/account/send-activation-sms';
const accepted = () => json({ message: 'Bilgiler bir hesapla eşleşiyorsa mesaj gönderildi.' });

describe('/auth/resend-activation', () => {
  it('asks for the national ID and a valid e-mail at the fields', async () => {
    const { server } = await renderWorkbench({ path: '/auth/resend-activation' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'E-posta gönder' }));
    expect(screen.getByLabelText('T.C. kimlik no / kullanıcı adı')).toHaveAccessibleDescription('Bu alan zorunludur');
    expect(screen.getByLabelText('E-posta')).toHaveAccessibleDescription('Bu alan zorunludur');
    await user.type(screen.getByLabelText('E-posta'), 'no-at-sign');
    await user.click(screen.getByRole('button', { name: 'E-posta gönder' }));
    expect(screen.getByLabelText('E-posta')).toHaveAccessibleDescription('Hatalı e-posta biçimi');
    expect(server.requests.filter((r) => r.path === MAIL)).toHaveLength(0);
  });

  it('sends the activation mail again', async () => {
    const server = fakeServer({ [`POST ${MAIL}`]: accepted });
    const { toasts } = await renderWorkbench({ path: '/auth/resend-activation', server });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('T.C. kimlik no / kullanıcı adı'), '12345678950');
    await user.type(screen.getByLabelText('E-posta'), 'elif@ornek.com');
    await user.click(screen.getByRole('button', { name: 'E-posta gönder' }));
    expect(await screen.findByText('Bilgileriniz bir hesapla eşleşiyorsa mesaj gönderildi.')).toBeInTheDocument();
    expect(server.requests.find((r) => r.path === MAIL)!.body).toEqual({ login: '12345678950', email: 'elif@ornek.com' });
    expect(toasts.shown.map((s) => s.message)).toContain('BAŞARILI — Etkinleştirme e-postası gönderildi.');
  });

  it('offers SMS: national ID and phone, with the phone checked and formatted', async () => {
    const server = fakeServer({ [`POST ${SMS}`]: accepted });
    const { toasts } = await renderWorkbench({ path: '/auth/resend-activation', server });
    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'SMS ile' }));
    expect(screen.queryByLabelText('E-posta')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('T.C. kimlik no / kullanıcı adı'), '12345678950');
    await user.type(screen.getByLabelText('Telefon'), '0532123');
    await user.click(screen.getByRole('button', { name: 'SMS gönder' }));
    expect(screen.getByLabelText('Telefon')).toHaveAccessibleDescription('Geçerli bir telefon numarası giriniz (en az 10 rakam)');
    await user.clear(screen.getByLabelText('Telefon'));
    await user.type(screen.getByLabelText('Telefon'), '05321234567');
    await user.tab();
    expect(screen.getByLabelText('Telefon')).toHaveValue('(532) 123-4567');
    await user.click(screen.getByRole('button', { name: 'SMS gönder' }));
    expect(await screen.findByText('Etkinleştirme SMS’i gönderildi.')).toBeInTheDocument();
    expect(server.requests.find((r) => r.path === SMS)!.body).toEqual({ login: '12345678950', phone: '(532) 123-4567' });
    expect(server.requests.filter((r) => r.path === MAIL)).toHaveLength(0);
    expect(toasts.shown.map((s) => s.message)).toContain('BAŞARILI — Etkinleştirme SMS’i gönderildi.');
  });

  it("puts the server's field errors at the fields and notifies other failures", async () => {
    let answer = problem(400, 'Geçersiz istek', { code: 'VALIDATION_FAILED', fieldErrors: [{ field: 'login', message: 'Geçersiz karakter', code: 'PATTERN' }] });
    const server = fakeServer({ [`POST ${MAIL}`]: () => answer });
    const { toasts } = await renderWorkbench({ path: '/auth/resend-activation', server });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('T.C. kimlik no / kullanıcı adı'), 'a b');
    await user.type(screen.getByLabelText('E-posta'), 'elif@ornek.com');
    await user.click(screen.getByRole('button', { name: 'E-posta gönder' }));
    await waitFor(() => expect(screen.getByLabelText('T.C. kimlik no / kullanıcı adı')).toHaveAccessibleDescription('Geçersiz karakter'));
    answer = problem(403, 'Yetki Hatası');
    await user.click(screen.getByRole('button', { name: 'E-posta gönder' }));
    await waitFor(() => expect(toasts.shown.map((s) => s.message)).toContain('Yetki Hatası — Bu işlem için yetkiniz yok. Yetkiniz olduğunu düşünüyorsanız tekrar giriş yapın.'));
  });
});
