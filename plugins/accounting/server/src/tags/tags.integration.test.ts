import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { engines, startTestServer, type TestServer } from '../../../../../packages/server/test/harness';
import { http, ONMUHASEBE } from '../../../../../packages/server/test/http';

const TAGS = `${ONMUHASEBE}/tags`;

describe.each(engines('one'))('tags on %s', (engine) => {
  let t: TestServer;
  let api: ReturnType<typeof http>;
  let owner: string;
  beforeAll(async () => {
    t = await startTestServer({ engine });
    api = http(t.url);
    owner = await api.signIn('muhasebe');
  });
  afterAll(async () => { await t?.close(); });

  it('gives every company a few tags of its own', async () => {
    const r = await api.call('GET', `${TAGS}?size=100&sort=id,asc`, { token: owner });
    expect(r.status).toBe(200);
    expect(r.body.map((x: { name: string; color: string }) => [x.name, x.color]))
      .toEqual([['Önemli', 'red'], ['VIP', 'gold'], ['Toptan', 'blue'], ['Perakende', 'green'], ['Takipte', 'orange']]);
    const byName = await api.call('GET', `${TAGS}?size=1&sort=name,desc&search=t`, { token: owner });
    expect(byName.body.map((x: { name: string }) => x.name)).toEqual(['Toptan']);
    expect(byName.headers.get('x-total-count')).toBe('2');
    expect(r.headers.get('x-total-count')).toBe('5');
    const eczaci = await api.signIn('eczaci');
    const other = await api.call('GET', `${TAGS}?size=100`, { token: eczaci });
    const ids = new Set(r.body.map((x: { id: number }) => x.id));
    expect(other.body.some((x: { id: number }) => ids.has(x.id))).toBe(false);
    expect((await api.call('GET', `${TAGS}/${r.body[0].id}`, { token: eczaci })).status).toBe(404);
    expect((await api.call('GET', `${TAGS}?color=gold`, { token: owner })).body.map((x: { name: string }) => x.name)).toEqual(['VIP']);
  });

  it('lets management work on the tags of a company it chooses (/management-tag-settings), and no one else', async () => {
    const M = `${ONMUHASEBE}/management/tags`;
    const admin = await api.signIn('yonetici');
    const mine = await api.call('GET', `${TAGS}?size=100&sort=id,asc`, { token: owner });
    const cid = JSON.parse(Buffer.from(owner.split('.')[1]!, 'base64url').toString()).cid as number;
    const listed = await api.call('GET', `${M}?companyId=${cid}&size=100&sort=id,asc`, { token: admin });
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    expect(listed.body).toEqual(mine.body);
    const made = await api.call('POST', M, { token: admin, body: { companyId: cid, name: 'Yönetimden', color: 'purple' } });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    // It is that company's tag: its owner sees it, and the name stays unique there.
    expect((await api.call('GET', `${TAGS}/${made.body.id}`, { token: owner })).body.name).toBe('Yönetimden');
    const twice = await api.call('POST', M, { token: admin, body: { companyId: cid, name: 'yönetimden' } });
    expect([twice.status, twice.body.code]).toEqual([409, 'TAG_NAME_TAKEN']);
    const put = await api.call('PUT', M, { token: admin, body: { companyId: cid, id: made.body.id, name: 'Yönetim', color: 'purple' } });
    expect([put.status, put.body.name]).toEqual([200, 'Yönetim']);
    expect((await api.call('GET', `${M}?companyId=999999`, { token: admin })).status).toBe(404);
    // Another company's id under this company: not found, nothing changed.
    const other = await api.call('GET', `${TAGS}?size=1`, { token: await api.signIn('eczaci') });
    expect((await api.call('DELETE', `${M}/${other.body[0].id}?companyId=${cid}`, { token: admin })).status).toBe(404);
    expect((await api.call('GET', `${M}?companyId=${cid}`, { token: owner })).status).toBe(403);
    expect((await api.call('DELETE', `${M}/${made.body.id}?companyId=${cid}`, { token: admin })).status).toBe(204);
    expect((await api.call('GET', `${TAGS}/${made.body.id}`, { token: owner })).status).toBe(404);
  });

  it('requires a name of at most 50 characters and one of the nine colours', async () => {
    const blank = await api.call('POST', TAGS, { token: owner, body: { name: '   ' } });
    expect(blank.status).toBe(400);
    expect(blank.body.fieldErrors).toEqual([{ field: 'name', message: 'Etiket adı zorunludur.', code: 'REQUIRED' }]);
    const missing = await api.call('POST', TAGS, { token: owner, body: { color: 'red' } });
    expect(missing.body.fieldErrors[0]).toMatchObject({ field: 'name', code: 'REQUIRED' });
    const long = await api.call('POST', TAGS, { token: owner, body: { name: 'x'.repeat(51) } });
    expect(long.status).toBe(400);
    expect(long.body.fieldErrors[0]).toMatchObject({ field: 'name', code: 'MAXLENGTH' });
    const pink = await api.call('POST', TAGS, { token: owner, body: { name: 'Pembe', color: 'pink' } });
    expect(pink.status).toBe(400);
    expect(pink.body.fieldErrors[0].field).toBe('color');
    const fifty = await api.call('POST', TAGS, { token: owner, body: { name: 'y'.repeat(50), color: 'cyan' } });
    expect(fifty.status).toBe(201);
    const plain = await api.call('POST', TAGS, { token: owner, body: { name: ' Kampanya ' } });
    expect(plain.status).toBe(201);
    expect(plain.body).toEqual({ id: plain.body.id, name: 'Kampanya', color: 'blue' });
  });

  it('keeps names unique in a company, reports an update that changes nothing, and recolours', async () => {
    const c = await api.call('POST', TAGS, { token: owner, body: { name: 'Sezonluk', color: 'lime' } });
    expect(c.status).toBe(201);
    const dup = await api.call('POST', TAGS, { token: owner, body: { name: 'sezonluk', color: 'red' } });
    expect(dup.status).toBe(409);
    expect(dup.body.fieldErrors).toEqual([{ field: 'name', message: 'Bu isimde bir etiket zaten var.', code: 'TAG_NAME_TAKEN' }]);
    const elsewhere = await api.call('POST', TAGS, { token: await api.signIn('eczaci'), body: { name: 'Sezonluk' } });
    expect(elsewhere.status).toBe(201);
    const same = await api.call('PUT', TAGS, { token: owner, body: { id: c.body.id, name: 'Sezonluk' } });
    expect(same.status).toBe(400);
    expect(same.body.detail).toBe('Herhangi bir değişiklik yapmadınız!');
    const onto = await api.call('PUT', TAGS, { token: owner, body: { id: c.body.id, name: 'VIP' } });
    expect(onto.status).toBe(409);
    const recoloured = await api.call('PUT', TAGS, { token: owner, body: { id: c.body.id, name: 'Sezonluk', color: 'magenta' } });
    expect(recoloured.status).toBe(200);
    expect(recoloured.body).toMatchObject({ name: 'Sezonluk', color: 'magenta' });
    const foreign = await api.call('PUT', TAGS, { token: await api.signIn('eczaci'), body: { id: c.body.id, name: 'Ele geçirildi' } });
    expect(foreign.status).toBe(404);
  });

  it('deletes a tag nothing holds and refuses one that is in use', async () => {
    const free = await api.call('POST', TAGS, { token: owner, body: { name: 'Geçici', color: 'purple' } });
    const held = await api.call('POST', TAGS, { token: owner, body: { name: 'Kalıcı', color: 'purple' } });
    const db = t.server.database.db;
    await sql`create table tag_probe (company_id bigint not null, tag_id bigint not null, foreign key (company_id, tag_id) references tags (company_id, id))`.execute(db);
    await sql`insert into tag_probe values (3, ${held.body.id})`.execute(db);
    const refused = await api.call('DELETE', `${TAGS}/${held.body.id}`, { token: owner });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'TAG_IN_USE', detail: 'Bu etiket kullanımda olduğu için silinemez.' });
    expect((await api.call('DELETE', `${TAGS}/${free.body.id}`, { token: await api.signIn('eczaci') })).status).toBe(404);
    expect((await api.call('DELETE', `${TAGS}/${free.body.id}`, { token: owner })).status).toBe(204);
    expect((await api.call('GET', `${TAGS}/${free.body.id}`, { token: owner })).status).toBe(404);
    await sql`drop table tag_probe`.execute(db);
  });

  it('gives a company created later its tags too', async () => {
    const admin = await api.signIn('yonetici');
    const c = await api.call('POST', `${ONMUHASEBE}/companies`, { token: admin, body: { name: 'Etiket Ltd', title: 'Etiket Ltd. Şti.', companyType: 'CORPORATION', taxNumber: '1234567890', sectorId: 2, erpType: 'STANDARD', modules: [19], ownerLogin: 'muhasebe' } });
    expect(c.status).toBe(201);
    const rows = await sql<{ n: number }>`select count(*)::int as n from tags where company_id = ${c.body.id}`.execute(t.server.database.db);
    expect(rows.rows[0]!.n).toBe(5);
  });
});
