import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWorkbench } from '../../../test/render';

describe('the auth routes', () => {
  it.each([
    ['/check-mail'],
    ['/auth/check-mail'],
  ])('%s asks the user to check their mailbox, in the auth layout', async (path) => {
    await renderWorkbench({ path });
    expect(await screen.findByRole('heading', { name: 'E-postanızı kontrol edin' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Dil' })).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('link', { name: 'Giriş sayfasına git' }));
    expect(await screen.findByRole('form', { name: 'Giriş' })).toBeInTheDocument();
  });

  it.each([
    ['/auth/forgot-password', 'Şifremi unuttum'],
    ['/account/reset-password/init', 'Şifremi unuttum'],
    ['/auth/reset/finish?key=k', 'Yeni şifre belirleyin'],
    ['/account/reset-password/finish?key=k', 'Yeni şifre belirleyin'],
    ['/auth/activate-password-reset/finish?key=k', 'Şifrenizi belirleyin'],
    ['/account/password-reset-activate/finish?key=k', 'Şifrenizi belirleyin'],
    ['/auth/resend-activation', 'Etkinleştirme bağlantısını yeniden gönder'],
    ['/auth/register', 'Yeni hesap oluştur'],
  ])('%s opens its screen without a session', async (path, form) => {
    await renderWorkbench({ path });
    expect(await screen.findByRole('form', { name: form })).toBeInTheDocument();
  });

  it('keeps unknown /account paths out of the alias routes', async () => {
    await renderWorkbench({ path: '/account/something-else' });
    expect(await screen.findByRole('form', { name: 'Giriş' })).toBeInTheDocument();
  });
});
