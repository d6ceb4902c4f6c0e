import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import management from '../index';
import { account, fakeServer, json, renderWorkbench } from '../testing';
import { showsServiceFee, type CompanyPaymentResult } from './ServiceFeeNotice';

const plugins = [management];
const PATH = '/services/onmuhasebe/api/crm/company-payment-result-from-crm';

function server(result: CompanyPaymentResult, companyId = 3, announcementId: number | null = null) {
  const s = fakeServer();
  s.setAccount(account({ companyId, announcementId, company: { id: companyId, name: 'Demo Eczanesi', sectorId: 1, sectorKey: 'ECZ', companyProfile: { erpType: 'MEDULA', itsUsername: null, announcementId: null } } }));
  s.on(`GET ${PATH}`, () => json(result));
  return s;
}

describe('the yearly service-fee notice', () => {
  it('shows after sign-in with a link to the payment page and the image, and closes', async () => {
    sessionStorage.clear();
    const s = server({ status: 'PENDING', paymentUrl: 'https://crm.example/pay/abc', img: 'https://crm.example/fee.svg' });
    await renderWorkbench({ plugins, path: '/device-management', server: s, signedIn: true });
    const notice = await screen.findByRole('status', { name: 'Yıllık hizmet bedeli' });
    expect(notice).toHaveTextContent('Yıllık hizmet bedeli ödemeniz bekleniyor.');
    const link = screen.getByRole('button', { name: 'Ödeme sayfasına git' });
    expect(link).toHaveAttribute('href', 'https://crm.example/pay/abc');
    expect(link).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('img', { name: 'Hizmet bedeli' })).toHaveAttribute('src', 'https://crm.example/fee.svg');
    expect(s.requests.some((r) => r.path.startsWith(PATH))).toBe(true);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Kapat' }));
    await waitFor(() => expect(screen.queryByRole('status', { name: 'Yıllık hizmet bedeli' })).not.toBeInTheDocument());
    expect(sessionStorage.getItem('tezgah.serviceFee.dismissed.3')).toBe('1');
  });

  it('stays hidden when paid without a payment URL', async () => {
    sessionStorage.clear();
    const s = server({ status: 'SUCCESS', paymentUrl: null, img: null });
    await renderWorkbench({ plugins, path: '/device-management', server: s, signedIn: true });
    await waitFor(() => expect(s.requests.some((r) => r.path.startsWith(PATH))).toBe(true));
    expect(screen.queryByText('Yıllık hizmet bedeli')).not.toBeInTheDocument();
  });

  it('is never asked for company id 1', async () => {
    sessionStorage.clear();
    // With an unseen announcement: its dialog, the notice's neighbour in the shell's notices,
    // asks for it in the same commit in which the notice would ask, and shows after an answer.
    const s = server({ status: 'PENDING', paymentUrl: 'https://crm.example/pay/abc', img: null }, 1, 41);
    s.on('GET /services/onmuhasebe/api/announcements/{id}', () => json({
      id: 41, title: 'Bakım duyurusu', body: 'Cumartesi bakım var.', startDate: '2026-11-01', endDate: '2026-11-30', target: 'ALL', companyIds: [], sectorId: null,
      userId: 3, authorName: 'Yasemin Yönetici', createdDate: null, lastModifiedDate: null, active: true,
    }));
    await renderWorkbench({ plugins, path: '/device-management', server: s, signedIn: true });
    await waitFor(() => expect(s.requests.some((r) => r.path === '/api/account')).toBe(true));
    await screen.findByRole('dialog', { name: 'Bakım duyurusu' });
    expect(s.requests.some((r) => r.path.startsWith(PATH))).toBe(false);
    expect(screen.queryByRole('button', { name: 'Ödeme sayfasına git' })).not.toBeInTheDocument();
  });

  it('decides by the result: not for SUCCESS without URL nor NONE; yes for PENDING, FAILED, or SUCCESS with a URL', () => {
    expect(showsServiceFee({ status: 'SUCCESS', paymentUrl: null, img: null })).toBe(false);
    expect(showsServiceFee({ status: 'NONE', paymentUrl: null, img: null })).toBe(false);
    expect(showsServiceFee(null)).toBe(false);
    expect(showsServiceFee({ status: 'PENDING', paymentUrl: 'u', img: null })).toBe(true);
    expect(showsServiceFee({ status: 'FAILED', paymentUrl: null, img: null })).toBe(true);
    expect(showsServiceFee({ status: 'SUCCESS', paymentUrl: 'u', img: null })).toBe(true);
  });
});
