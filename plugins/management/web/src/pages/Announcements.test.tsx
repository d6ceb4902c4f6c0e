import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import management from '../index';
import type { Announcement } from '../announcements/api';
import { announcementBody, newAnnouncement } from './Announcements';
import { fakeServer, json, manager, query, renderWorkbench, SECTORS } from '../testing';

const plugins = [management];
const A = '/services/onmuhasebe/api/announcements';
const ann = (id: number, over: Partial<Announcement> = {}): Announcement => ({
  id, title: `Duyuru ${id}`, body: 'Metin', startDate: '2026-11-01', endDate: '2026-11-30', target: 'ALL', companyIds: [], sectorId: null,
  userId: 3, authorName: 'Yasemin Yönetici', createdDate: null, lastModifiedDate: null, active: id % 2 === 0, ...over,
});

function server() {
  const s = fakeServer();
  s.setAccount(manager());
  const rows = Array.from({ length: 14 }, (_, i) => ann(14 - i));
  s.on(`GET ${A}`, (req) => {
    const q = new URL(req.url).searchParams;
    const page = Number(q.get('page'));
    const size = Number(q.get('size'));
    return json(rows.slice(page * size, page * size + size), { total: rows.length });
  });
  s.on('GET /services/onmuhasebe/api/sectors', () => json(SECTORS));
  return s;
}
const listCalls = (s: ReturnType<typeof server>) => s.requests.filter((r) => r.method === 'GET' && r.path.startsWith(`${A}?`));

describe('/announcements', () => {
  it('checks a draft before sending it', () => {
    const d = newAnnouncement('2026-11-24');
    expect(announcementBody(d)).toEqual({ error: 'titleNeeded' });
    expect(announcementBody({ ...d, title: 'X', endDate: '2026-11-01' })).toEqual({ error: 'dateOrder' });
    expect(announcementBody({ ...d, title: 'X', target: 'COMPANIES', companyIds: 'a' })).toEqual({ error: 'companiesNeeded' });
    expect(announcementBody({ ...d, title: 'X', target: 'SECTOR' })).toEqual({ error: 'sectorNeeded' });
    expect(announcementBody({ ...d, title: ' X ', target: 'COMPANIES', companyIds: '2, 3' })).toEqual({
      body: { title: 'X', body: '', startDate: '2026-11-24', endDate: '2026-11-24', target: 'COMPANIES', companyIds: [2, 3] },
    });
  });

  it('lists, adds, changes and deletes; after each change the list loads page 0 with 10 rows', async () => {
    const s = server();
    const sent: { method: string; body: any }[] = [];
    s.on(`POST ${A}`, async (req) => { const body = await req.json(); sent.push({ method: 'POST', body }); return json(ann(20, body), { status: 201 }); });
    s.on(`PUT ${A}`, async (req) => { const body = await req.json(); sent.push({ method: 'PUT', body }); return json(ann(body.id, body)); });
    s.on(`DELETE ${A}/{id}`, (_req, p) => { sent.push({ method: 'DELETE', body: p }); return new Response(null, { status: 204 }); });
    const { toasts } = await renderWorkbench({ plugins, path: '/announcements', server: s, signedIn: true });
    const table = await screen.findByRole('table', { name: 'Duyuru listesi' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(11));
    expect(within(table).getByRole('row', { name: /Duyuru 14/ })).toHaveTextContent('Yayında');
    expect(within(table).getByRole('row', { name: /Duyuru 13/ })).toHaveTextContent('Yayında değil');
    const u = userEvent.setup();
    await u.click(screen.getByRole('button', { name: 'Sayfa 2' }));
    await waitFor(() => expect(query(listCalls(s).at(-1)!.path).get('page')).toBe('1'));

    // Add.
    await u.click(screen.getByRole('button', { name: 'Duyuru Ekle' }));
    let dialog = within(await screen.findByRole('dialog', { name: 'Duyuru Ekle' }));
    await u.click(dialog.getByRole('button', { name: 'Kaydet' }));
    expect(dialog.getByRole('alert')).toHaveTextContent('Başlık girin.');
    await u.type(dialog.getByRole('textbox', { name: 'Başlık' }), 'Yeni sürüm');
    await u.type(dialog.getByRole('textbox', { name: 'Metin' }), 'Yeni');
    await u.click(dialog.getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(toasts.shown.map((x) => x.message)).toContain('BAŞARILI — Duyuru eklendi.'));
    expect(sent[0]).toMatchObject({ method: 'POST', body: { title: 'Yeni sürüm', body: 'Yeni', target: 'ALL' } });
    await waitFor(() => expect(query(listCalls(s).at(-1)!.path).get('page')).toBe('0'));
    expect(query(listCalls(s).at(-1)!.path).get('size')).toBe('10');

    // Change.
    await u.click(screen.getByRole('button', { name: 'Sayfa 2' }));
    await waitFor(() => expect(query(listCalls(s).at(-1)!.path).get('page')).toBe('1'));
    const row = (await within(await screen.findByRole('table', { name: 'Duyuru listesi' })).findByText('Duyuru 4')).closest('tr')!;
    await u.click(within(row).getByRole('button', { name: /Düzenle/ }));
    dialog = within(await screen.findByRole('dialog', { name: 'Duyuruyu Düzenle' }));
    const title = dialog.getByRole('textbox', { name: 'Başlık' });
    await u.clear(title);
    await u.type(title, 'Değişti');
    await u.click(dialog.getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(toasts.shown.map((x) => x.message)).toContain('BAŞARILI — Duyuru güncellendi.'));
    expect(sent[1]).toMatchObject({ method: 'PUT', body: { id: 4, title: 'Değişti' } });
    await waitFor(() => expect(query(listCalls(s).at(-1)!.path).get('page')).toBe('0'));

    // Delete, after 'Emin misiniz?'.
    const first = await within(await screen.findByRole('table', { name: 'Duyuru listesi' })).findByRole('row', { name: /Duyuru 14/ });
    await u.click(within(first).getByRole('button', { name: /Sil/ }));
    await u.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Evet' }));
    await waitFor(() => expect(toasts.shown.map((x) => x.message)).toContain('BAŞARILI — Duyuru silindi.'));
    expect(sent[2]).toMatchObject({ method: 'DELETE', body: { id: '14' } });
  }, 90_000);

  it('shows the unseen announcement once after sign-in and acknowledges it when closed', async () => {
    const s = fakeServer();
    s.setAccount(manager({ announcementId: 7 }));
    s.on(`GET ${A}/{id}`, (_req, p) => json(ann(Number(p.id), { title: 'Bakım duyurusu', body: 'Cumartesi bakım var.' })));
    let seen = 0;
    s.on(`PUT ${A}/{id}/seen`, (_req, p) => { if (p.id === '7') seen++; return new Response(null, { status: 204 }); });
    s.on('GET /services/onmuhasebe/api/companies', () => json([], { total: 0 }));
    await renderWorkbench({ plugins, path: '/company-management', server: s, signedIn: true });
    const dialog = within(await screen.findByRole('dialog', { name: 'Bakım duyurusu' }));
    expect(dialog.getByText('Cumartesi bakım var.')).toBeInTheDocument();
    await userEvent.setup().click(dialog.getByRole('button', { name: 'Okudum' }));
    await waitFor(() => expect(seen).toBe(1));
    expect(screen.queryByRole('dialog', { name: 'Bakım duyurusu' })).not.toBeInTheDocument();
  });
});
