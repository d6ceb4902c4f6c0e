import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderWorkbench } from '../../../test/render';
import { updateSettings } from '../../settings/settings';

describe('/auth/registered', () => {
  it('tells the user to follow the mailed link and shows the status labels, waiting for activation marked', async () => {
    const { server } = await renderWorkbench({ path: '/auth/registered' });
    expect(await screen.findByRole('heading', { name: 'Kaydınız alındı' })).toBeInTheDocument();
    expect(screen.getByText('Hesabınız oluşturuldu. Lütfen e-posta adresinize gönderilen bağlantıyı takip ederek hesabınızı etkinleştiriniz.')).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Hesap durumu' });
    const labels = within(list).getAllByRole('listitem').map((li) => li.textContent);
    expect(labels).toEqual(['Etkinleştirme e-postası gönderimi bekleniyor', 'Etkinleştirme bekleniyor', 'Devre dışı', 'Aktif']);
    expect(within(list).getByText('Etkinleştirme bekleniyor').closest('li')).toHaveAttribute('aria-current', 'true');
    expect(within(list).getByText('Aktif').closest('li')).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('link', { name: 'Etkinleştirme bağlantısını yeniden gönder' })).toHaveAttribute('href', '/auth/resend-activation');
    expect(server.requests).toHaveLength(0);
  });

  it('reads in English too', async () => {
    updateSettings({ language: 'en' });
    await renderWorkbench({ path: '/auth/registered', language: 'en' });
    expect(await screen.findByRole('heading', { name: 'Registration received' })).toBeInTheDocument();
    for (const label of ['Active', 'Disabled', 'Waiting for activation mail sending', 'Waiting for activation']) {
      expect(screen.getByText(label)).toBeInTheDocument();
    }
  });
});
