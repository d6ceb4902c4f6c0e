import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import management from '../index';
import { account, company, fakeServer, json, manager, query, renderWorkbench } from '../testing';
import type { ManagementDevice } from './DeviceManagement';

const plugins = [management];
const device = (id: number, kind: ManagementDevice['kind'], companyId: number, companyName: string, name: string, over: Partial<ManagementDevice> = {}): ManagementDevice => ({
  key: `${kind}:${id}`, kind, source: kind === 'MOBILE' ? 'management.mobile' : 'pos.terminals', id, companyId, companyName, name,
  identifier: `SER-${id}`, status: 'ACTIVE', detail: null, lastSeenAt: '2026-11-20T08:30:00Z', createdAt: '2026-01-01T00:00:00Z', ...over,
});
const DEVICES = [
  device(1, 'POS', 3, 'Demo Eczanesi', 'Tezgâh POS', { detail: 'SANDBOX', lastSeenAt: null }),
  device(2, 'MOBILE', 3, 'Demo Eczanesi', 'Eczane tableti'),
  device(3, 'ASSISTANT', 4, 'Demo Ticaret A.Ş.', 'Kasa bilgisayarı', { status: 'PASSIVE', detail: '2.3.1' }),
];

function server() {
  const s = fakeServer();
  s.setAccount(manager());
  s.on('GET /services/onmuhasebe/api/companies', () => json([company(3, 'Demo Eczanesi'), company(4, 'Demo Ticaret A.Ş.')], { total: 2 }));
  s.on('GET /services/onmuhasebe/api/management/devices', (req) => {
    const q = query(req.url);
    const rows = DEVICES.filter((d) => (!q.get('kind') || d.kind === q.get('kind')) && (!q.get('companyId') || String(d.companyId) === q.get('companyId'))
      && (!q.get('status') || d.status === q.get('status')));
    return json(rows, { total: rows.length });
  });
  return s;
}

describe('/device-management', () => {
  it('lists every company\'s devices and filters by company, kind and status on the server', async () => {
    const s = server();
    await renderWorkbench({ plugins, path: '/device-management', server: s, signedIn: true });
    const table = await screen.findByRole('table', { name: 'Cihazlar' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(4));
    expect(within(table).getByRole('row', { name: /Tezgâh POS/ })).toHaveTextContent('POS cihazı');
    expect(within(table).getByRole('row', { name: /Kasa bilgisayarı/ })).toHaveTextContent('Kolay Asistan');
    expect(within(table).getByRole('row', { name: /Kasa bilgisayarı/ })).toHaveTextContent('Pasif');
    expect(within(table).getByRole('row', { name: /Eczane tableti/ })).toHaveTextContent('20-11-2026');
    expect(screen.getByRole('heading', { name: 'Cihaz Yönetimi' })).toBeInTheDocument();
    const first = s.requests.find((r) => r.path.startsWith('/services/onmuhasebe/api/management/devices'))!;
    expect(query(first.path).get('sort')).toBe('lastSeenAt,desc');

    const user = userEvent.setup();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Tür' }), 'Mobil cihaz');
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
    expect(within(table).getByRole('row', { name: /Eczane tableti/ })).toBeInTheDocument();
    const companySelect = screen.getByRole('combobox', { name: 'Şirket' });
    await waitFor(() => expect(within(companySelect).getByRole('option', { name: 'Demo Ticaret A.Ş.' })).toBeInTheDocument());
    await user.selectOptions(screen.getByRole('combobox', { name: 'Tür' }), 'Tüm türler');
    await user.selectOptions(companySelect, 'Demo Ticaret A.Ş.');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Durum' }), 'Pasif');
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
    const last = [...s.requests].reverse().find((r) => r.path.startsWith('/services/onmuhasebe/api/management/devices'))!;
    expect(Object.fromEntries(query(last.path))).toMatchObject({ companyId: '4', status: 'PASSIVE' });
    expect(query(last.path).get('kind')).toBeNull();
  });

  it('is not in the menu of a company user', async () => {
    const s = server();
    s.setAccount(account());
    await renderWorkbench({ plugins, path: '/', server: s, signedIn: true });
    await waitFor(() => expect(screen.queryByText('Yükleniyor...')).not.toBeInTheDocument());
    expect(screen.queryByRole('link', { name: /Cihaz Yönetimi/ })).not.toBeInTheDocument();
  });
});
