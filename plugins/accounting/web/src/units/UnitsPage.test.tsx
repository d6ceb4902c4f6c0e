import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWorkbench } from '../../../../../packages/workbench/test/render';
import { account, fakeServer, json, problem } from '../../../../../packages/workbench/test/fake-server';
import accounting from '../index';

const UNITS = [{ id: 1, name: 'Adet', code: 'C62', active: true }, { id: 2, name: 'Kilogram', code: 'KGM', active: true }];

describe('/units', () => {
  it('lists the units with their total, sorted by name', async () => {
    const server = fakeServer({ 'GET /services/onmuhasebe/api/units': () => json(UNITS, { total: 2 }) });
    server.setAccount(account({ codes: ['13_1'] }));
    await renderWorkbench({ plugins: [accounting], path: '/units', server, signedIn: true });
    const table = await screen.findByRole('table', { name: 'Birimler' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    expect(screen.getByText('Toplam Kayıt:')).toBeInTheDocument();
    expect(server.requests.find((r) => r.path.startsWith('/services/onmuhasebe/api/units'))?.path).toContain('sort=name%2Casc');
  });

  it('adds a unit, with the code rule at the field and the server\'s duplicate at the name', async () => {
    const server = fakeServer({ 'GET /services/onmuhasebe/api/units': () => json(UNITS, { total: 2 }) });
    let tries = 0;
    server.on('POST /services/onmuhasebe/api/units', async (req) => {
      tries++;
      const body = await req.json();
      if (tries === 1) return problem(409, 'Çakışma', { detail: 'Bu isimde bir birim zaten var.', fieldErrors: [{ field: 'name', message: 'Bu isimde bir birim zaten var.' }] });
      return json({ id: 3, active: true, ...body }, { status: 201 });
    });
    server.setAccount(account({ codes: ['13_1', '13_2'] }));
    const { toasts } = await renderWorkbench({ plugins: [accounting], path: '/units?new=1', server, signedIn: true });
    const form = await screen.findByRole('form', { name: 'Birim ekle' });
    const user = userEvent.setup();
    await user.type(within(form).getByLabelText(/Birim adı/), 'Koli');
    await user.type(within(form).getByLabelText(/UBL birim kodu/), 'k');
    await user.click(within(form).getByRole('button', { name: 'Kaydet' }));
    expect(within(form).getByLabelText(/UBL birim kodu/)).toHaveAccessibleDescription(/UN\/ECE/);
    expect(tries).toBe(0);
    await user.type(within(form).getByLabelText(/UBL birim kodu/), 't');
    await user.click(within(form).getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(within(form).getByLabelText(/Birim adı/)).toHaveAccessibleDescription('Bu isimde bir birim zaten var.'));
    await user.click(within(form).getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(toasts.shown.map((x) => x.message)).toContain('BAŞARILI — Başarıyla eklendi.'));
    expect(server.requests.filter((r) => r.method === 'POST').at(-1)?.body).toEqual({ name: 'Koli', code: 'KT', active: true });
  });
});
