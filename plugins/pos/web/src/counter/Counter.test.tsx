import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { defineWebPlugin } from '@tezgah/core';
import { Slot } from '@tezgah/workbench/ui';
import { renderWorkbench } from '../../../../../packages/workbench/test/render';
import { json } from '../../../../../packages/workbench/test/fake-server';
import plugin from '../index';
import { LIVE } from '../payments/live';
import { API, payment, paymentsServer } from '../testing';

/** A stand-in for the pharmacy counter: a page that opens the slot with the prescription, the amount and the invoice. */
function counter(params: Record<string, string>) {
  return defineWebPlugin({
    id: 'counter-test', title: 'Tezgah', routes: [{ path: '/pharmacy-sale', title: 'Reçeteli Satış' }], slots: { opens: ['pharmacy.sale.payment'] },
    load: { routes: { '/pharmacy-sale': async () => ({ default: () => <section aria-label="Tahsilat"><Slot name="pharmacy.sale.payment" params={params} /></section> }) } },
  });
}

describe('the counter\'s POS slot (pharmacy.sale.payment)', () => {
  const was = LIVE.ms;
  beforeEach(() => { LIVE.ms = 40; });
  afterEach(() => { LIVE.ms = was; });

  it('shows the terminal that takes the card, with the patient\'s share', async () => {
    const { server } = paymentsServer([]);
    server.on(`GET ${API}/pos-devices`, () => json([{ id: 4, name: 'Kasa 1', terminalSerialNo: 'SIM0000001', provider: 'SANDBOX', active: true }], { total: 1 }));
    await renderWorkbench({ plugins: [plugin, counter({ receteId: '1', amount: '27.50' })], path: '/pharmacy-sale', server, signedIn: true });
    const slot = await within(await screen.findByRole('region', { name: 'Tahsilat' })).findByRole('status', { name: 'POS cihazı' });
    await waitFor(() => expect(slot).toHaveTextContent('Kasa 1'));
    expect(slot).toHaveTextContent('SIM0000001');
    expect(slot).toHaveTextContent('Hastanın ödeyeceği 27,50');
  });

  it('follows the invoice\'s POS payment live once the sale is invoiced', async () => {
    const { server, advance } = paymentsServer([payment({ id: 9, status: 'ON_TERMINAL', invoiceId: 77, total: '27.50' })]);
    server.on(`GET ${API}/pos-devices`, () => json([], { total: 0 }));
    await renderWorkbench({ plugins: [plugin, counter({ receteId: '1', amount: '27.50', invoiceId: '77' })], path: '/pharmacy-sale', server, signedIn: true });
    const slot = await screen.findByRole('status', { name: 'POS cihazı' });
    await waitFor(() => expect(slot).toHaveTextContent('Cihazda bekliyor'));
    advance(9, 'SUCCESS');
    await waitFor(() => expect(screen.getByRole('status', { name: 'POS cihazı' })).toHaveTextContent('Başarılı'));
    expect(server.requests.some((r) => r.path.includes('invoiceId=77'))).toBe(true);
  });

  it('stays away from a user without the POS modules', async () => {
    const { server } = paymentsServer([], ['29_1']);
    await renderWorkbench({ plugins: [plugin, counter({ receteId: '1', amount: '27.50' })], path: '/pharmacy-sale', server, signedIn: true });
    const region = await screen.findByRole('region', { name: 'Tahsilat' });
    // The slot's fill has loaded and rendered (its 'Yükleniyor...' is gone): it has decided.
    await waitFor(() => expect(within(region).queryByText('Yükleniyor...')).toBeNull());
    await act(async () => {}); // and its effects have run (a request they made would be recorded)
    expect(screen.queryByRole('status', { name: 'POS cihazı' })).toBeNull();
    expect(server.requests.some((r) => r.path.includes('pos-devices'))).toBe(false);
  });
});
