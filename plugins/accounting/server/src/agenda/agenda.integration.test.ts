import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, startTestServer, type TestServer } from '../../../../../packages/server/test/harness';
import { http, ONMUHASEBE } from '../../../../../packages/server/test/http';
import { eventually } from '../../../../../packages/server/test/restartable';
import { addDays, istanbulDate } from '../currencies/rates/dates';
import { REMINDER_JOB, sendDueReminders } from './reminders';

const AGENDA = `${ONMUHASEBE}/agenda`;

describe.each(engines('one'))('the agenda on %s', (engine) => {
  let t: TestServer;
  let api: ReturnType<typeof http>;
  let owner: string;
  let generalId: number;

  beforeAll(async () => {
    t = await startTestServer({ engine, env: { TEZGAH_JOBS: '1', TEZGAH_JOB_POLL_SECONDS: '0.5' } });
    api = http(t.url);
    owner = await api.signIn('muhasebe');
    generalId = (await api.call('GET', '/api/account', { token: owner })).body.companyId;
  });
  afterAll(async () => { await t?.close(); });

  it('keeps notes: add, list by range (up to 1000 a page), change, read, remove', async () => {
    // The demo's December.
    const demo = await api.call('GET', `${AGENDA}?startDate=2026-12-01&endDate=2026-12-31`, { token: owner });
    expect(demo.body.map((n: any) => n.title)).toEqual(['Garanti BBVA ile kredi limiti görüşmesi', 'Kasım KDV beyannamesi son gün']);
    const a = await api.call('POST', AGENDA, { token: owner, body: { date: '2027-03-03', title: 'Banka görüşmesi', description: 'Kredi limiti', startDate: '2027-03-03T07:00:00Z', endDate: '2027-03-03T08:00:00Z' } });
    expect(a.status, JSON.stringify(a.body)).toBe(201);
    expect(a.body).toMatchObject({ date: '2027-03-03', title: 'Banka görüşmesi', active: true, userLogin: 'muhasebe', startDate: '2027-03-03T07:00:00.000Z' });
    const b = await api.call('POST', AGENDA, { token: owner, body: { date: '2027-03-01', title: 'KDV beyannamesi' } });
    await api.call('POST', AGENDA, { token: owner, body: { date: '2027-04-05', title: 'Nisan' } });
    const list = await api.call('GET', `${AGENDA}?startDate=2027-03-01&endDate=2027-03-31&size=1000`, { token: owner });
    expect(list.status).toBe(200);
    expect(list.body.map((n: any) => n.title)).toEqual(['KDV beyannamesi', 'Banka görüşmesi']);
    expect(list.headers.get('x-total-count')).toBe('2');
    expect((await api.call('GET', `${AGENDA}?size=1001`, { token: owner })).status).toBe(400);
    const wrong = await api.call('POST', AGENDA, { token: owner, body: { date: '2027-03-03', title: 'Ters', startDate: '2027-03-03T09:00:00Z', endDate: '2027-03-03T08:00:00Z' } });
    expect([wrong.status, wrong.body.fieldErrors?.[0]?.code]).toEqual([400, 'END_BEFORE_START']);
    const upd = await api.call('PUT', AGENDA, { token: owner, body: { id: b.body.id, date: '2027-03-02', title: 'KDV beyannamesi', active: false } });
    expect(upd.status, JSON.stringify(upd.body)).toBe(200);
    expect(upd.body).toMatchObject({ date: '2027-03-02', active: false });
    const passive = await api.call('GET', `${AGENDA}?active=false`, { token: owner });
    expect(passive.body.map((n: any) => n.id)).toEqual([b.body.id]);
    expect((await api.call('GET', `${AGENDA}/${a.body.id}`, { token: owner })).body.description).toBe('Kredi limiti');
    expect((await api.call('DELETE', `${AGENDA}/${a.body.id}`, { token: owner })).status).toBe(204);
    expect((await api.call('GET', `${AGENDA}/${a.body.id}`, { token: owner })).status).toBe(404);
  });

  it("shows notes only to their company; staff with only note-create change their own notes and no one else's", async () => {
    const eczaci = await api.signIn('eczaci');
    const mali = await api.signIn('mali');
    const ownerNote = await api.call('POST', AGENDA, { token: eczaci, body: { date: '2026-12-10', title: 'Depo siparişi' } });
    expect(ownerNote.status).toBe(201);
    expect((await api.call('GET', `${AGENDA}/${ownerNote.body.id}`, { token: owner })).status).toBe(404);
    expect((await api.call('GET', `${AGENDA}?size=1000`, { token: owner })).body.map((n: any) => n.id)).not.toContain(ownerNote.body.id);
    const mine = await api.call('POST', AGENDA, { token: mali, body: { date: '2026-12-11', title: 'Mutabakat' } });
    expect(mine.status, JSON.stringify(mine.body)).toBe(201);
    expect((await api.call('PUT', AGENDA, { token: mali, body: { id: mine.body.id, date: '2026-12-12', title: 'Mutabakat' } })).status).toBe(200);
    expect((await api.call('PUT', AGENDA, { token: mali, body: { id: ownerNote.body.id, date: '2026-12-12', title: 'X' } })).status).toBe(403);
    expect((await api.call('DELETE', `${AGENDA}/${ownerNote.body.id}`, { token: mali })).status).toBe(403);
    expect((await api.call('GET', `${AGENDA}?size=1000`, { token: mali })).body.map((n: any) => n.id)).toEqual(expect.arrayContaining([ownerNote.body.id, mine.body.id]));
    expect((await api.call('DELETE', `${AGENDA}/${mine.body.id}`, { token: mali })).status).toBe(204);
  });

  it('puts dues, cheques and periodic runs on the calendar', async () => {
    const today = istanbulDate(new Date());
    const currents = (await api.call('GET', `${ONMUHASEBE}/currents?size=100`, { token: owner })).body;
    const hotel = currents.find((c: any) => c.name === 'Boğaziçi Otel İşletmeleri');
    const products = (await api.call('GET', `${ONMUHASEBE}/products?size=100`, { token: owner })).body;
    const support = products.find((p: any) => p.name === 'Teknik Destek Aylık Paket');
    const inv = await api.call('POST', `${ONMUHASEBE}/invoices`, { token: owner, body: {
      invoiceType: 'SALE', currentId: hotel.id, date: today, dueDate: addDays(today, 3), products: [{ productId: support.id, quantity: 1, unitPrice: 100 }],
    } });
    expect(inv.status, JSON.stringify(inv.body)).toBe(201);
    const dues = await api.call('GET', `${ONMUHASEBE}/agenda-transaction-payment-lines?startDate=${today}&endDate=${addDays(today, 6)}`, { token: owner });
    expect(dues.status, JSON.stringify(dues.body)).toBe(200);
    expect(dues.body).toEqual(expect.arrayContaining([expect.objectContaining({ kind: 'COLLECTION', date: addDays(today, 3), amount: 120, invoiceId: inv.body.id, documentNo: inv.body.documentNo })]));
    const outside = await api.call('GET', `${ONMUHASEBE}/agenda-transaction-payment-lines?startDate=${addDays(today, 4)}&endDate=${addDays(today, 6)}`, { token: owner });
    expect(outside.body.map((x: any) => x.invoiceId)).not.toContain(inv.body.id);
    const backwards = await api.call('GET', `${ONMUHASEBE}/agenda-transaction-payment-lines?startDate=${today}&endDate=${addDays(today, -1)}`, { token: owner });
    expect(backwards.status).toBe(400);
    // The demo's recurring invoice: one line a month from December.
    const runs = await api.call('GET', `${ONMUHASEBE}/agenda-periodic-process-lines?startDate=2026-12-01&endDate=2027-01-31`, { token: owner });
    expect(runs.status).toBe(200);
    expect(runs.body.map((l: any) => [l.runDate, l.processName, l.status])).toEqual([
      ['2026-12-01', 'Boğaziçi Otel aylık teknik destek', 'PENDING'], ['2027-01-01', 'Boğaziçi Otel aylık teknik destek', 'PENDING'],
    ]);
    // The pharmacy's calendar has none of the general company's.
    const eczaci = await api.signIn('eczaci');
    expect((await api.call('GET', `${ONMUHASEBE}/agenda-periodic-process-lines?startDate=2026-12-01&endDate=2027-01-31`, { token: eczaci })).body).toEqual([]);
  });

  it('mails each company its coming dues once a day through the outbox, unless it turned the reminder off', async () => {
    const today = istanbulDate(new Date());
    const currents = (await api.call('GET', `${ONMUHASEBE}/currents?size=100`, { token: owner })).body;
    const supplier = currents.find((c: any) => c.name === 'Ege Kırtasiye');
    const products = (await api.call('GET', `${ONMUHASEBE}/products?size=100`, { token: owner })).body;
    const cleaning = products.find((p: any) => p.name === 'Temizlik Hizmeti') ?? products[0];
    const buy = await api.call('POST', `${ONMUHASEBE}/invoices`, { token: owner, body: {
      invoiceType: 'BUYING', currentId: supplier.id, documentNo: 'EGE2026000007777', date: today, dueDate: addDays(today, 5), products: [{ productId: cleaning.id, quantity: 1, unitPrice: 250 }],
    } });
    expect(buy.status, JSON.stringify(buy.body)).toBe(201);
    const mails = () => t.server.database.db.selectFrom('outbox_messages').selectAll().where('subject', 'like', 'Vadesi yaklaşan%').orderBy('id').execute();
    const before = (await mails()).length;
    // The daily job, run on the queue.
    await t.server.services.jobs.send(REMINDER_JOB, {});
    // The job mails company after company, each in its own transaction: wait for this company's.
    const mail = await eventually(async () => (await mails()).slice(before).find((m) => m.body.includes('EGE2026000007777')) ?? null, 30_000, 'the reminder mail');
    expect(mail).toBeTruthy();
    expect(mail.subject).toBe(`Vadesi yaklaşan tahsilat ve ödemeler (${today.slice(8, 10)}.${today.slice(5, 7)}.${today.slice(0, 4)})`);
    expect(mail.body).toMatch(/Ödeme\s+300,00 ₺\s+Ege Kırtasiye \(EGE2026000007777\)/);
    expect(mail.recipient).toMatch(/@/);
    const settings = await api.call('GET', `${ONMUHASEBE}/agenda-reminder-settings`, { token: owner });
    expect(settings.body).toMatchObject({ enabled: true, lastSentOn: today });
    // Once a day: the same day again writes nothing for the company.
    expect(await sendDueReminders(t.server.services)).not.toContain(generalId);
    const general = async () => (await mails()).filter((m) => m.body.startsWith('Demo Ticaret A.Ş.'));
    const count = (await general()).length;
    // Turned off, the next day brings no mail; turned on with an address, it goes there.
    const off = await api.call('PUT', `${ONMUHASEBE}/agenda-reminder-settings`, { token: owner, body: { enabled: false } });
    expect(off.body.enabled).toBe(false);
    const tomorrow = { ...t.server.services, now: () => new Date(Date.now() + 86_400_000) };
    expect(await sendDueReminders(tomorrow)).not.toContain(generalId);
    expect((await general()).length).toBe(count);
    await api.call('PUT', `${ONMUHASEBE}/agenda-reminder-settings`, { token: owner, body: { enabled: true, email: 'rapor@demo-ticaret.test' } });
    expect(await sendDueReminders(tomorrow)).toContain(generalId);
    const last = (await general()).at(-1)!;
    expect((await general()).length).toBe(count + 1);
    expect(last.recipient).toBe('rapor@demo-ticaret.test');
    expect(last.body).toContain('EGE2026000007777');
  });
});
