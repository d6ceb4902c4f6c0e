import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, startTestServer, type TestServer } from '../../../../../packages/server/test/harness';
import { http, ONMUHASEBE } from '../../../../../packages/server/test/http';

const API = ONMUHASEBE;
const day = (offset: number) => new Date(Date.now() + offset * 86400_000).toISOString().slice(0, 10);
const codeOf = (r: { body: any }) => r.body?.fieldErrors?.[0]?.code ?? r.body?.code;

describe.each(engines('one'))('announcements on %s', (engine) => {
  let t: TestServer;
  let api: ReturnType<typeof http>;
  let admin: string;
  let eczaci: string;
  let muhasebe: string;
  let ticaret: number;
  let eczane: number;

  beforeAll(async () => {
    t = await startTestServer({ engine });
    api = http(t.url);
    admin = await api.signIn('yonetici');
    eczaci = await api.signIn('eczaci');
    muhasebe = await api.signIn('muhasebe');
    eczane = (await api.call('GET', '/api/account', { token: eczaci })).body.companyId;
    ticaret = (await api.call('GET', '/api/account', { token: muhasebe })).body.companyId;
  });
  afterAll(async () => { await t?.close(); });

  it('lets only management staff write and list, checks dates and targets', async () => {
    const body = { title: 'Bakım çalışması', body: 'Cumartesi 02:00-04:00 arası erişim olmayacak.', startDate: day(-1), endDate: day(5) };
    const refused = await api.call('POST', `${API}/announcements`, { token: eczaci, body });
    expect(refused.status).toBe(403);
    expect((await api.call('GET', `${API}/announcements`, { token: muhasebe })).status).toBe(403);
    expect(codeOf(await api.call('POST', `${API}/announcements`, { token: admin, body: { ...body, startDate: day(3), endDate: day(1) } }))).toBe('DATE_RANGE');
    expect(codeOf(await api.call('POST', `${API}/announcements`, { token: admin, body: { ...body, startDate: '2026-02-30' } }))).toBe('DATE');
    expect(codeOf(await api.call('POST', `${API}/announcements`, { token: admin, body: { ...body, target: 'COMPANIES', companyIds: [] } }))).toBe('REQUIRED');
    expect(codeOf(await api.call('POST', `${API}/announcements`, { token: admin, body: { ...body, target: 'COMPANIES', companyIds: [987654] } }))).toBe('COMPANY_NOT_FOUND');
    expect(codeOf(await api.call('POST', `${API}/announcements`, { token: admin, body: { ...body, target: 'SECTOR' } }))).toBe('REQUIRED');

    const a = await api.call('POST', `${API}/announcements`, { token: admin, body });
    expect(a.status, JSON.stringify(a.body)).toBe(201);
    expect(a.body).toMatchObject({ title: 'Bakım çalışması', target: 'ALL', companyIds: [], active: true, startDate: day(-1), endDate: day(5) });
    expect(a.body.userId).toBeGreaterThan(0);
    expect(a.body.authorName).toBeTruthy();
    const u = await api.call('PUT', `${API}/announcements`, { token: admin, body: { id: a.body.id, title: 'Planlı bakım' } });
    expect(u.status, JSON.stringify(u.body)).toBe(200);
    expect(u.body).toMatchObject({ id: a.body.id, title: 'Planlı bakım', body: body.body, endDate: day(5) });
    expect(codeOf(await api.call('PUT', `${API}/announcements`, { token: admin, body: { id: a.body.id, endDate: day(-3) } }))).toBe('DATE_RANGE');
    expect((await api.call('PUT', `${API}/announcements`, { token: eczaci, body: { id: a.body.id, title: 'x' } })).status).toBe(403);

    const list = await api.call('GET', `${API}/announcements?page=0&size=10&search=bakım`, { token: admin });
    expect(list.status).toBe(200);
    expect(list.body.map((x: any) => x.id)).toContain(a.body.id);
    expect(Number(list.headers.get('x-total-count'))).toBe(list.body.length);
    expect((await api.call('DELETE', `${API}/announcements/${a.body.id}`, { token: eczaci })).status).toBe(403);
    expect((await api.call('DELETE', `${API}/announcements/${a.body.id}`, { token: admin })).status).toBe(204);
    expect((await api.call('GET', `${API}/announcements/${a.body.id}`, { token: admin })).status).toBe(404);
    expect((await api.call('DELETE', `${API}/announcements/${a.body.id}`, { token: admin })).status).toBe(404);
  });

  it('shows each user and company the newest active announcement aimed at them until they acknowledge it', async () => {
    const forEczane = await api.call('POST', `${API}/announcements`, { token: admin, body: { title: 'Eczanelere', startDate: day(0), endDate: day(2), target: 'COMPANIES', companyIds: [eczane] } });
    expect(forEczane.status, JSON.stringify(forEczane.body)).toBe(201);
    const future = await api.call('POST', `${API}/announcements`, { token: admin, body: { title: 'Gelecek', startDate: day(10), endDate: day(12) } });
    const past = await api.call('POST', `${API}/announcements`, { token: admin, body: { title: 'Geçmiş', startDate: day(-10), endDate: day(-8) } });

    const acc = async (token: string) => (await api.call('GET', '/api/account', { token })).body;
    let e = await acc(eczaci);
    expect(e.announcementId).toBe(forEczane.body.id);
    expect(e.company.companyProfile.announcementId).toBe(forEczane.body.id);
    // The other company is not its target; a future or a past one is shown to nobody.
    const m = await acc(muhasebe);
    expect(m.announcementId).not.toBe(forEczane.body.id);
    expect([future.body.id, past.body.id]).not.toContain(m.announcementId);
    expect((await api.call('GET', `${API}/announcements/${forEczane.body.id}`, { token: muhasebe })).status).toBe(404);
    expect((await api.call('GET', `${API}/announcements/${forEczane.body.id}`, { token: eczaci })).body.title).toBe('Eczanelere');
    expect((await api.call('GET', `${API}/announcements/${future.body.id}`, { token: eczaci })).status).toBe(404);
    const byIds = await api.call('GET', `${API}/announcements-by-ids?ids=${forEczane.body.id}&ids=${future.body.id}&ids=${past.body.id}`, { token: eczaci });
    expect(byIds.body.map((x: any) => x.id)).toEqual([forEczane.body.id]);
    const allByIds = await api.call('GET', `${API}/announcements-by-ids?ids=${forEczane.body.id}&ids=${future.body.id}`, { token: admin });
    expect(allByIds.body.map((x: any) => x.id).sort()).toEqual([forEczane.body.id, future.body.id].sort());

    expect((await api.call('PUT', `${API}/announcements/${forEczane.body.id}/seen`, { token: muhasebe })).status).toBe(404);
    expect((await api.call('PUT', `${API}/announcements/${forEczane.body.id}/seen`, { token: eczaci })).status).toBe(204);
    expect((await api.call('PUT', `${API}/announcements/${forEczane.body.id}/seen`, { token: eczaci })).status).toBe(204);
    e = await acc(eczaci);
    expect(e.announcementId).not.toBe(forEczane.body.id);
    expect(e.company.companyProfile.announcementId).not.toBe(forEczane.body.id);

    // A newer one for everybody: shown to the user and the company again.
    const all = await api.call('POST', `${API}/announcements`, { token: admin, body: { title: 'Herkese', startDate: day(0), endDate: day(0) } });
    expect((await acc(eczaci)).announcementId).toBe(all.body.id);
    expect((await acc(muhasebe)).announcementId).toBe(all.body.id);
    expect((await api.call('PUT', `${API}/announcements/${all.body.id}/seen`, { token: muhasebe })).status).toBe(204);
    const after = await acc(muhasebe);
    expect(after.announcementId).not.toBe(all.body.id);
    expect(after.company.companyProfile.announcementId).not.toBe(all.body.id);
    expect((await acc(eczaci)).announcementId).toBe(all.body.id);
  });

  it('answers the users without authorities (GET /api/users-no-authorities)', async () => {
    const r = await api.call('GET', '/api/users-no-authorities?size=100', { token: muhasebe });
    expect(r.status).toBe(200);
    expect(r.body.map((x: any) => x.login)).toContain('muhasebe');
    expect(r.body.every((x: any) => x.authorities === undefined)).toBe(true);
    expect(Number(r.headers.get('x-total-count'))).toBe(r.body.length);
    expect(ticaret).toBeGreaterThan(0);
  });
});
