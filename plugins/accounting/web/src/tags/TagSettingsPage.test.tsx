import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { WebPlugin } from '@tezgah/core';
import { renderWorkbench } from '../../../../../packages/workbench/test/render';
import { account, fakeServer, json, problem } from '../../../../../packages/workbench/test/fake-server';
import accounting from '../index';

const PATH = '/services/onmuhasebe/api/tags';
const TAGS = [{ id: 1, name: 'Önemli', color: 'red' }, { id: 2, name: 'VIP', color: 'gold' }, { id: 3, name: 'Toptan', color: 'blue' }];

describe('/tag-settings', () => {
  it('lists the tags with their colour swatches', async () => {
    const server = fakeServer({ [`GET ${PATH}`]: () => json(TAGS, { total: 3 }) });
    server.setAccount(account({ codes: ['19_1'] }));
    await renderWorkbench({ plugins: [accounting], path: '/tag-settings', server, signedIn: true });
    const table = await screen.findByRole('table', { name: 'Etiket Ayarları' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(4));
    const vip = within(table).getByText('VIP').closest('tr')!;
    expect(within(vip).getByRole('img', { name: 'Altın' })).toHaveStyle({ background: '#faad14' });
    expect(within(vip).queryByRole('button', { name: 'Etiketi düzenle' })).toBeNull();
    expect(server.requests.find((r) => r.path.startsWith(PATH))?.path).toContain('sort=name%2Casc');
  });

  it('adds a tag: name required at the field, a colour among nine, the server\'s duplicate at the name', async () => {
    const server = fakeServer({ [`GET ${PATH}`]: () => json(TAGS, { total: 3 }) });
    let tries = 0;
    server.on(`POST ${PATH}`, async (req) => {
      tries++;
      const body = await req.json();
      if (tries === 1) return problem(409, 'Çakışma', { detail: 'Bu isimde bir etiket zaten var.', fieldErrors: [{ field: 'name', message: 'Bu isimde bir etiket zaten var.' }] });
      return json({ id: 4, ...body }, { status: 201 });
    });
    server.setAccount(account({ codes: ['19_1', '19_2'] }));
    const { toasts } = await renderWorkbench({ plugins: [accounting], path: '/tag-settings?new=1', server, signedIn: true });
    const form = await screen.findByRole('form', { name: 'Etiket ekle' });
    const user = userEvent.setup();
    const name = within(form).getByLabelText(/Etiket adı/);
    expect(name).toHaveAccessibleDescription('Zorunlu; en fazla 50 karakter.');
    // 51 characters are kept as typed (not cut silently) and refused with the 50-character rule.
    expect(name).not.toHaveAttribute('maxlength');
    await user.type(name, 'a'.repeat(51));
    expect(name).toHaveValue('a'.repeat(51));
    await user.click(within(form).getByRole('button', { name: 'Kaydet' }));
    expect(name).toHaveAccessibleDescription('Etiket adı en fazla 50 karakter olabilir.');
    expect(tries).toBe(0);
    await user.clear(name);
    await user.type(name, '   ');
    await user.click(within(form).getByRole('button', { name: 'Kaydet' }));
    expect(name).toHaveAccessibleDescription('Etiket adı zorunludur.');
    expect(tries).toBe(0);
    const colours = within(form).getAllByRole('radio');
    expect(colours).toHaveLength(9);
    expect(within(form).getByRole('radio', { name: 'Mavi' })).toHaveAttribute('aria-checked', 'true');
    await user.click(within(form).getByRole('radio', { name: 'Mor' }));
    expect(within(form).getByRole('radio', { name: 'Mor' })).toHaveAttribute('aria-checked', 'true');
    await user.clear(name);
    await user.type(name, 'VIP');
    await user.click(within(form).getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(name).toHaveAccessibleDescription('Bu isimde bir etiket zaten var.'));
    await user.clear(name);
    await user.type(name, 'Kampanya');
    await user.click(within(form).getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(toasts.shown.map((x) => x.message)).toContain('BAŞARILI — Etiket başarıyla eklendi.'));
    expect(server.requests.filter((r) => r.method === 'POST').at(-1)?.body).toEqual({ name: 'Kampanya', color: 'purple' });
  });

  it('recolours a tag and deletes one after confirmation', async () => {
    const server = fakeServer({ [`GET ${PATH}`]: () => json(TAGS, { total: 3 }) });
    server.on(`PUT ${PATH}`, async (req) => json(await req.json()));
    server.on(`DELETE ${PATH}/{id}`, () => new Response(null, { status: 204 }));
    server.setAccount(account({ codes: ['19_1', '19_3', '19_4'] }));
    const { toasts } = await renderWorkbench({ plugins: [accounting], path: '/tag-settings', server, signedIn: true });
    const table = await screen.findByRole('table', { name: 'Etiket Ayarları' });
    const user = userEvent.setup();
    const row = (await within(table).findByText('Toptan')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Etiketi düzenle' }));
    const form = await screen.findByRole('form', { name: 'Etiketi düzenle' });
    await user.click(within(form).getByRole('radio', { name: 'Camgöbeği' }));
    await user.click(within(form).getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(toasts.shown.map((x) => x.message)).toContain('BAŞARILI — Etiket başarıyla güncellendi.'));
    expect(server.requests.find((r) => r.method === 'PUT')?.body).toEqual({ id: 3, name: 'Toptan', color: 'cyan' });
    const again = within(await screen.findByRole('table', { name: 'Etiket Ayarları' })).getByText('Toptan').closest('tr')!;
    await user.click(within(again).getByRole('button', { name: 'Etiketi sil' }));
    await user.click(await screen.findByRole('button', { name: 'Evet' }));
    await waitFor(() => expect(toasts.shown.map((x) => x.message)).toContain('BAŞARILI — Etiket başarıyla silindi.'));
    expect(server.requests.find((r) => r.method === 'DELETE')?.path).toBe(`${PATH}/3`);
  });

  it('offers the tag quick-add', async () => {
    const probe: WebPlugin = { id: 'probe', title: 'Probe', routes: [{ path: '/probe' }], load: { routes: { '/probe': accounting.load!.quickAdds!.tag! } } };
    const server = fakeServer();
    server.on(`POST ${PATH}`, async (req) => json({ id: 5, ...(await req.json()) }, { status: 201 }));
    server.setAccount(account({ codes: ['19_2'] }));
    const { toasts } = await renderWorkbench({ plugins: [accounting, probe], path: '/probe', server, signedIn: true });
    const form = await screen.findByRole('form', { name: 'Hızlı etiket ekle' });
    const user = userEvent.setup();
    await user.type(within(form).getByLabelText(/Etiket adı/), 'Yeni');
    await user.click(within(form).getByRole('radio', { name: 'Yeşil' }));
    await user.click(within(form).getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(toasts.shown.map((x) => x.message)).toContain('BAŞARILI — Etiket başarıyla eklendi.'));
    expect(server.requests.find((r) => r.method === 'POST')?.body).toEqual({ name: 'Yeni', color: 'green' });
  });
});
