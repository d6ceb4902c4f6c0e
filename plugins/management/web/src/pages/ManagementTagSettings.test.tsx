import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import management from '../index';
import { MANAGEMENT_TAGS } from './ManagementTagSettings';
import { company, fakeServer, json, manager, query, renderWorkbench } from '../testing';

describe('/management-tag-settings', () => {
  it('lists the chosen company\'s tags and adds, changes and deletes them for it', async () => {
    const s = fakeServer();
    s.setAccount(manager());
    const tags: Record<number, { id: number; name: string; color: string }[]> = {
      10: [{ id: 1, name: 'Önemli', color: 'red' }],
      11: [{ id: 2, name: 'Toptan', color: 'blue' }, { id: 3, name: 'VIP', color: 'gold' }],
    };
    s.on('GET /services/onmuhasebe/api/companies', () => json([company(10, 'Demo Eczanesi'), company(11, 'Demo Ticaret')], { total: 2 }));
    s.on(`GET ${MANAGEMENT_TAGS}`, (req) => {
      const list = tags[Number(new URL(req.url).searchParams.get('companyId'))] ?? [];
      return json(list, { total: list.length });
    });
    const sent: { method: string; body: unknown }[] = [];
    s.on(`POST ${MANAGEMENT_TAGS}`, async (req) => { const b = await req.json() as any; sent.push({ method: 'POST', body: b }); tags[b.companyId]!.push({ id: 9, name: b.name, color: b.color }); return json({ id: 9, name: b.name, color: b.color }, { status: 201 }); });
    s.on(`PUT ${MANAGEMENT_TAGS}`, async (req) => { const b = await req.json() as any; sent.push({ method: 'PUT', body: b }); return json({ id: b.id, name: b.name, color: b.color }); });
    s.on(`DELETE ${MANAGEMENT_TAGS}/{id}`, (req, p) => { sent.push({ method: 'DELETE', body: { id: Number(p.id), companyId: Number(new URL(req.url).searchParams.get('companyId')) } }); return new Response(null, { status: 204 }); });
    const { toasts } = await renderWorkbench({ plugins: [management], path: '/management-tag-settings', server: s, signedIn: true });
    const table = await screen.findByRole('table', { name: 'Şirketin etiketleri' });
    await within(table).findByRole('row', { name: /Önemli/ });
    const u = userEvent.setup();
    await u.selectOptions(screen.getByRole('combobox', { name: 'Şirket' }), 'Demo Ticaret');
    await within(await screen.findByRole('table', { name: 'Şirketin etiketleri' })).findByRole('row', { name: /VIP/ });
    expect(query(s.requests.filter((r) => r.path.startsWith(`${MANAGEMENT_TAGS}?`)).at(-1)!.path).get('companyId')).toBe('11');

    await u.click(screen.getByRole('button', { name: 'Etiket Ekle' }));
    const add = within(await screen.findByRole('dialog', { name: 'Etiket Ekle' }));
    await u.click(add.getByRole('button', { name: 'Kaydet' }));
    expect(add.getByText('Etiket adı zorunludur.')).toBeInTheDocument();
    await u.type(add.getByLabelText(/Etiket adı/), 'Kampanya');
    await u.selectOptions(add.getByLabelText('Renk'), 'Mor');
    await u.click(add.getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(toasts.shown.map((x) => x.message)).toContain('BAŞARILI — Etiket eklendi.'));
    expect(sent[0]).toEqual({ method: 'POST', body: { companyId: 11, name: 'Kampanya', color: 'purple' } });

    const row = await within(await screen.findByRole('table', { name: 'Şirketin etiketleri' })).findByRole('row', { name: /VIP/ });
    await u.click(within(row).getByRole('button', { name: /Sil/ }));
    await u.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Evet' }));
    await waitFor(() => expect(toasts.shown.map((x) => x.message)).toContain('BAŞARILI — Etiket silindi.'));
    expect(sent.at(-1)).toEqual({ method: 'DELETE', body: { id: 3, companyId: 11 } });
  }, 60_000);
});
