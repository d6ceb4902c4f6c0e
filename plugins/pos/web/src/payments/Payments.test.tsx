import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { POS_PAYMENT_STATUSES, POS_TRANSITIONS } from '@tezgah/pos-common';
import { renderWorkbench } from '../../../../../packages/workbench/test/render';
import { problem } from '../../../../../packages/workbench/test/fake-server';
import plugin from '../index';
import { API, payment, paymentsServer } from '../testing';
import { LIVE } from './live';

const BUTTONS = { send: 'Cihaza gönder', giveUp: 'Tahsilattan vazgeç', cancelSale: 'İptali cihaza gönder' } as const;
const TARGET = { send: 'PENDING', giveUp: 'CANCELLED', cancelSale: 'SALE_CANCEL_PENDING' } as const;

describe('the POS payments page (/pos-payment)', () => {
  const was = LIVE.ms;
  beforeEach(() => { LIVE.ms = 40; });
  afterEach(() => { LIVE.ms = was; });

  it('shows PENDING, ON_TERMINAL, then SUCCESS arrive without a reload, the payment leaving the pending list', async () => {
    const { server, advance } = paymentsServer([payment({ id: 7, status: 'PENDING' }), payment({ id: 3, status: 'SUCCESS', invoiceId: null })]);
    await renderWorkbench({ plugins: [plugin], path: '/pos-payment', server, signedIn: true });
    const page = await screen.findByRole('region', { name: 'POS ödemeleri' });
    const pending = within(page).getByRole('region', { name: 'Bekleyen ödemeler' });
    const waiting = await within(pending).findByRole('table', { name: 'Bekleyen POS ödemeleri' });
    expect(waiting).toHaveTextContent('Cihaza gönderildi');
    expect(waiting).toHaveTextContent('150,00');
    const all = within(page).getByRole('table', { name: 'POS ödemeleri' });
    expect(within(all).getAllByRole('row')).toHaveLength(3);
    const listCalls = () => server.requests.filter((r) => r.path.startsWith(`${API}/pos-payments-to-portal?`)).length;
    const before = listCalls();

    advance(7, 'ON_TERMINAL');
    await waitFor(() => expect(within(pending).getByRole('table', { name: 'Bekleyen POS ödemeleri' })).toHaveTextContent('Cihazda bekliyor'));
    advance(7, 'SUCCESS', 'Onay kodu 123456');
    await waitFor(() => expect(within(pending).getByText('Bekleyen ödeme yok.')).toBeInTheDocument());
    const row = within(within(page).getByRole('table', { name: 'POS ödemeleri' })).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('Başarılı');
    expect(row).toHaveTextContent('Onay kodu 123456');
    expect(row.querySelector('[data-status="SUCCESS"]')).toHaveClass('bp6-intent-success');
    expect(listCalls()).toBeGreaterThan(before);
    // The page was never reloaded: the same section element is still in the document.
    expect(page).toBeInTheDocument();
  });

  it('offers exactly the actions the transition table allows for every status', async () => {
    const list = POS_PAYMENT_STATUSES.map((status, i) => payment({ id: i + 1, status }));
    const { server } = paymentsServer(list);
    await renderWorkbench({ plugins: [plugin], path: '/pos-payment', server, signedIn: true });
    const page = await screen.findByRole('region', { name: 'POS ödemeleri' });
    const all = await within(page).findByRole('table', { name: 'POS ödemeleri' });
    for (const [i, status] of POS_PAYMENT_STATUSES.entries()) {
      const id = i + 1;
      const row = all.querySelector(`tr[data-payment="${id}"]`) as HTMLElement;
      for (const [action, label] of Object.entries(BUTTONS) as [keyof typeof BUTTONS, string][]) {
        const allowed = POS_TRANSITIONS[status].includes(TARGET[action]);
        expect(within(row).queryByRole('button', { name: `${label}: ${id}` }), `${status} ${action}`).toEqual(allowed ? expect.anything() : null);
      }
    }
    // The table's shape: SUCCESS can be cancelled on the device only; INPROGRESS offers nothing.
    const success = all.querySelector(`tr[data-payment="${POS_PAYMENT_STATUSES.indexOf('SUCCESS') + 1}"]`) as HTMLElement;
    expect(within(success).getAllByRole('button').map((b) => b.textContent)).toEqual(['İptali cihaza gönder']);
    const busy = all.querySelector(`tr[data-payment="${POS_PAYMENT_STATUSES.indexOf('INPROGRESS') + 1}"]`) as HTMLElement;
    expect(within(busy).queryAllByRole('button')).toHaveLength(0);
  });

  it('sends the actions through update-status (asking before giving up or cancelling), and hides them without the update authority', async () => {
    const { server, state } = paymentsServer([payment({ id: 1, status: 'FAILED', statusReason: 'Yetersiz bakiye' }), payment({ id: 2, status: 'ON_TERMINAL' }), payment({ id: 3, status: 'SUCCESS' })]);
    const { toasts } = await renderWorkbench({ plugins: [plugin], path: '/pos-payment', server, signedIn: true });
    const page = await screen.findByRole('region', { name: 'POS ödemeleri' });
    const all = await within(page).findByRole('table', { name: 'POS ödemeleri' });
    const user = userEvent.setup();
    await user.click(within(all).getByRole('button', { name: 'Cihaza gönder: 1' }));
    await waitFor(() => expect(state.updates).toEqual([{ id: 1, status: 'PENDING' }]));
    await waitFor(() => expect(toasts.shown.map((x) => String(x.message)).join()).toContain('POS ödemesi güncellendi.'));

    await user.click(within(page).getAllByRole('button', { name: 'Tahsilattan vazgeç: 2' })[0]!);
    const ask = await screen.findByRole('alertdialog');
    expect(ask).toHaveTextContent('2 numaralı ödemenin tahsilatından vazgeçilsin mi?');
    await user.click(within(ask).getByRole('button', { name: 'Evet' }));
    await waitFor(() => expect(state.updates.at(-1)).toEqual({ id: 2, status: 'CANCELLED' }));

    await user.click(within(page).getByRole('button', { name: 'İptali cihaza gönder: 3' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Hayır' }));
    expect(state.updates).toHaveLength(2);
  });

  it('hides the actions from a user who may only look', async () => {
    const { server } = paymentsServer([payment({ id: 1, status: 'FAILED' })], ['30_1']);
    await renderWorkbench({ plugins: [plugin], path: '/pos-payment', server, signedIn: true });
    const all = await screen.findByRole('table', { name: 'POS ödemeleri' });
    expect(all).toHaveTextContent('Başarısız');
    expect(within(all).queryAllByRole('button')).toHaveLength(0);
  });

  it('tells the person to restart the desktop assistant when a call fails with Internal Server Error', async () => {
    const { server } = paymentsServer([payment({ id: 1, status: 'FAILED' })]);
    server.on(`PUT ${API}/pos-payments/update-status`, () => problem(500, 'Internal Server Error'));
    const { toasts } = await renderWorkbench({ plugins: [plugin], path: '/pos-payment', server, signedIn: true });
    const all = await screen.findByRole('table', { name: 'POS ödemeleri' });
    await userEvent.setup().click(within(all).getByRole('button', { name: 'Cihaza gönder: 1' }));
    await waitFor(() => expect(toasts.shown.map((x) => String(x.message)).join()).toContain('Lütfen Kolay Asistan uygulamasını yeniden başlatınız.'));
  });
});
