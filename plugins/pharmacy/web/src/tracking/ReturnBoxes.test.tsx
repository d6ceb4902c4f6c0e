import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWorkbench } from '../../../../../packages/workbench/test/render';
import { json } from '../../../../../packages/workbench/test/fake-server';
import { INVOICE_5, invoicePlugin, invoiceServer } from '../../../../accounting/web/src/invoices/testing';
import plugin from '../index';
import { API, BOX_A, BOX_B, PHARMACIST } from '../testing';
import { boxesFor } from './ReturnBoxes';

/** BOX_A's medicine: the invoice's first line sold it with its QR-coded boxes. */
const MEDICINE = { barcode: '8699630697180', name: 'KABIVEN PERIPHERAL 1440 ML' };
const sold = (sn: string) => ({ id: sn.length, productId: 21, gtin: `0${MEDICINE.barcode}`, barkod: MEDICINE.barcode, sn, bn: 'NDJZKH', xd: '2027-12-28', state: 'SOLD', invoiceId: 5, updatedAt: '2026-11-24T09:00:00Z' });
/** Another box of the same medicine (same GTIN, another serial). */
const BOX_A2 = '010869963069718021SECONDBOX1\x1d1727122810NDJZKH';

describe('the returned boxes\' scanner in the return dialog', () => {
  it('takes the boxes of the line\'s medicine only, never more than the quantity returned, and the dialog sends them with the line', async () => {
    const s = invoiceServer([...PHARMACIST, '11_1', '11_2', '11_3']);
    const invoice = { ...INVOICE_5, products: INVOICE_5.products.map((l, i) => (i === 0 ? { ...l, productName: MEDICINE.name, description: MEDICINE.name, barcode: MEDICINE.barcode } : l)) };
    s.on(`GET ${API}/invoices/{id}`, (_r, p) => json({ ...invoice, id: Number(p.id) }));
    s.on(`GET ${API}/pharmacy-boxes`, (req) => json(new URL(req.url).searchParams.get('invoiceId') === '5' ? [sold('EGF2KP6NK0JY'), sold('SECONDBOX1')] : [], { total: 2 }));
    s.on(`POST ${API}/invoices/{id}/returns`, () => json({ ...invoice, id: 9, invoiceType: 'SALE_RETURN', documentNo: 'IADE-9', returns: [] }, { status: 201 }));
    await renderWorkbench({ plugins: [invoicePlugin, plugin], path: '/invoice/5', server: s, signedIn: true });
    const page = await screen.findByRole('region', { name: 'Satış faturası DMT2026000000005' }, { timeout: 5000 });
    const user = userEvent.setup();
    // A scanner puts the whole code in at once and ends it with Enter.
    const scan = async (code: string) => {
      await user.clear(scanner);
      await user.click(scanner);
      await user.paste(code);
      await user.keyboard('{Enter}');
    };
    await user.click(within(page).getByRole('button', { name: 'İade al' }));
    const dialog = await screen.findByRole('dialog', { name: 'Satış iadesi' });
    // Only the medicine's line, whose boxes left on this invoice, gets a scanner.
    const scanner = await within(dialog).findByRole('textbox', { name: `İade edilen kutunun karekodu: ${MEDICINE.name}` }, { timeout: 5000 });
    expect(within(dialog).getAllByRole('textbox', { name: /İade edilen kutunun karekodu/ })).toHaveLength(1);
    expect(s.requests.some((r) => r.path.startsWith(`${API}/pharmacy-boxes?invoiceId=5`))).toBe(true);

    // A box of another medicine, and a code that does not read, are refused where they were scanned; Enter sends nothing.
    await scan(BOX_B);
    expect(await within(dialog).findByText(`Bu kutu ${MEDICINE.name} değil (barkod 8699786092907); yalnız bu satırın ilacının kutuları okutulur.`)).toBeInTheDocument();
    await scan('hello');
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Karekod okunamadı');
    await scan(BOX_A);
    expect(await within(dialog).findByRole('listitem')).toHaveTextContent('EGF2KP6NK0JY');
    expect(within(dialog).getByText('1 / 2 kutu')).toBeInTheDocument();
    expect(scanner).toHaveValue('');
    await scan(BOX_A);
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Bu kutu zaten okutuldu.');

    // One unit back: a second box is one too many.
    const quantity = within(dialog).getByRole('textbox', { name: `${MEDICINE.name} iade miktarı` });
    await user.clear(quantity);
    await user.type(quantity, '1');
    await scan(BOX_A2);
    expect(within(dialog).getByRole('alert')).toHaveTextContent('İade miktarı 1; daha fazla kutu okutulamaz.');
    expect(within(dialog).getAllByRole('listitem')).toHaveLength(1);
    expect(s.requests.filter((r) => r.method === 'POST')).toHaveLength(0);

    await user.clear(within(dialog).getByRole('textbox', { name: 'Spiralli Defter iade miktarı' }));
    await user.clear(within(dialog).getByRole('textbox', { name: 'Zımba Makinesi iade miktarı' }));
    await user.click(within(dialog).getByRole('button', { name: 'İadeyi kaydet' }));
    await waitFor(() => expect(s.requests.filter((r) => r.method === 'POST' && r.path === `${API}/invoices/5/returns`)).toHaveLength(1));
    const sent = s.requests.find((r) => r.method === 'POST' && r.path === `${API}/invoices/5/returns`)!;
    expect(sent.body).toMatchObject({ lines: [{ lineId: 51, quantity: '1', boxes: [{ gtin: '08699630697180', sn: 'EGF2KP6NK0JY' }] }] });
  });

  it('counts whole boxes in the quantity returned', () => {
    expect([boxesFor('2'), boxesFor('1.5'), boxesFor(''), boxesFor('0'), boxesFor('x')]).toEqual([2, 1, 0, 0, 0]);
  });
});
