import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWorkbench } from '../../../../packages/workbench/test/render';
import { json, problem } from '../../../../packages/workbench/test/fake-server';
import { invoicePlugin, invoiceServer } from '../../../accounting/web/src/invoices/testing';
import { despatchPlugin, despatchServer } from '../../../accounting/web/src/despatches/testing';
import plugin from './index';
import { API, doc } from './testing';

describe('the send action on the accounting pages', () => {
  it('puts "e-Belge" on a posted sales invoice: no e-document yet (404), then the check dialog', async () => {
    const s = invoiceServer();
    s.on(`GET ${API}/e-documents/by-invoice/{id}`, () => problem(404, 'Bulunamadı'));
    await renderWorkbench({ plugins: [invoicePlugin, plugin], path: '/invoice/5', server: s, signedIn: true });
    const page = await screen.findByRole('region', { name: 'Satış faturası DMT2026000000005' });
    const button = await within(page).findByRole('button', { name: 'e-Belge' });
    await waitFor(() => expect(button).not.toHaveClass('bp6-loading'));
    expect(button.textContent).toBe('e-Belge');
    expect(s.requests.some((r) => r.path === `${API}/e-documents/by-invoice/5`)).toBe(true);
    await userEvent.setup().click(button);
    const dialog = await screen.findByRole('dialog', { name: 'e-Belge · DMT2026000000005' });
    expect(within(dialog).getByRole('button', { name: 'Kontrol et' })).toBeInTheDocument();
    expect(within(dialog).getByText(/Belge henüz kontrol edilmedi/)).toBeInTheDocument();
  });

  it('shows the e-document\'s status on the button', async () => {
    const s = invoiceServer();
    s.on(`GET ${API}/e-documents/by-invoice/{id}`, () => json(doc({ status: 'FAILURE', step: 2, documentNo: 'DMT2026000000005' })));
    await renderWorkbench({ plugins: [invoicePlugin, plugin], path: '/invoice/5', server: s, signedIn: true });
    const page = await screen.findByRole('region', { name: 'Satış faturası DMT2026000000005' });
    await waitFor(() => expect(within(page).getByRole('button', { name: 'e-Belge' })).toHaveTextContent('e-Belge Hatalı'));
  });

  it('puts "e-İrsaliye" on an outgoing despatch (the slot the despatch page opens), not on an incoming one', async () => {
    const s = despatchServer();
    s.on(`GET ${API}/e-documents/by-despatch/{id}`, () => json(doc({ type: 'EDESPATCH', status: 'SUCCESS', step: 2, despatchId: 1, invoiceId: null, documentNo: 'IRS2026000000001' })));
    await renderWorkbench({ plugins: [despatchPlugin, plugin], path: '/outgoing-despatch/1', server: s, signedIn: true });
    const page = await screen.findByRole('region', { name: 'Giden irsaliye IRS2026000000001' });
    await waitFor(() => expect(within(page).getByRole('button', { name: 'e-İrsaliye' })).toHaveTextContent('Başarılı'));
    expect(despatchPlugin.slots?.opens).toContain('accounting.despatch.actions');
    await userEvent.setup().click(within(page).getByRole('button', { name: 'e-İrsaliye' }));
    const dialog = await screen.findByRole('dialog', { name: 'e-Belge · IRS2026000000001' });
    // A sent e-İrsaliye cannot be withdrawn: no cancel.
    expect(within(dialog).queryByRole('button', { name: 'İptal et' })).toBeNull();
  });

  it('leaves an incoming despatch alone', async () => {
    const s = despatchServer();
    await renderWorkbench({ plugins: [despatchPlugin, plugin], path: '/incoming-despatch/5', server: s, signedIn: true });
    const page = await screen.findByRole('region', { name: 'Gelen irsaliye EGE-445' });
    expect(within(page).getByRole('button', { name: 'PDF' })).toBeInTheDocument();
    expect(within(page).queryByRole('button', { name: 'e-İrsaliye' })).toBeNull();
    expect(s.requests.some((r) => r.path.includes('/e-documents/by-despatch'))).toBe(false);
  });
});
