import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { engines, startTestServer, type TestServer } from '../../test/harness';
import { eventually } from '../../test/restartable';
import { tenantTransaction } from '../db/database';
import { deliverDueEvents, deliverEvents, EVENT_MAX_ATTEMPTS, retryDelaySeconds, writeEvents } from './events';
import type { ServerEvent, ServerPlugin, Services } from './types';

describe('event retry delays', () => {
  it('double from 30 seconds and stop at six hours', () => {
    expect([1, 2, 3, 4].map(retryDelaySeconds)).toEqual([30, 60, 120, 240]);
    expect(retryDelaySeconds(30)).toBe(6 * 60 * 60);
  });
});

describe.each(engines('both'))('durable server events on %s', (engine) => {
  let t: TestServer;
  let heard: ServerEvent[];
  let failNext: number;
  const listener = async (e: ServerEvent) => {
    if (failNext > 0) {
      failNext -= 1;
      throw new Error('the listener is down');
    }
    heard.push(e);
  };
  const probe: ServerPlugin = { id: 'probe', handlers: {}, on: { 'test.thing.done': listener } };
  const deaf: ServerPlugin = { id: 'deaf', handlers: {}, on: { 'test.other.done': listener } };
  let at: Date;
  let services: Services;

  beforeAll(async () => {
    t = await startTestServer({ engine, env: { TEZGAH_JOBS: '1', TEZGAH_JOB_POLL_SECONDS: '0.5' } });
    (t.server.services.plugins as ServerPlugin[]).push(probe, deaf);
    // A clock the test moves: backoff and the sweep read it.
    services = { ...t.server.services, now: () => at };
  });
  afterAll(async () => { await t?.close(); });
  beforeEach(async () => {
    heard = [];
    failNext = 0;
    // Far ahead of the real clock, so the queue's own sweep (every minute) never finds these rows due.
    at = new Date('2099-03-01T09:00:00Z');
    await t.server.services.db.deleteFrom('event_deliveries').execute();
  });

  const rows = () => t.server.services.db.selectFrom('event_deliveries').selectAll().orderBy('id').execute();
  const write = (payload: Record<string, unknown>, name = 'test.thing.done') =>
    tenantTransaction(services.db, null, (trx) => writeEvents(trx, services, [{ name, companyId: 7, payload }]));

  it('writes a row for each listening plugin with the transaction, and none when it rolls back', async () => {
    expect(await write({ n: 1 }, 'test.nobody.listens')).toEqual([]);
    const ids = await write({ n: 1 });
    expect(ids).toHaveLength(1);
    await expect(tenantTransaction(services.db, null, async (trx) => {
      await writeEvents(trx, services, [{ name: 'test.thing.done', companyId: 7, payload: { n: 2 } }]);
      throw new Error('the request failed');
    })).rejects.toThrow('the request failed');
    const r = await rows();
    expect(r.map((x) => [x.listener, x.name, x.company_id, x.status, x.attempts])).toEqual([['probe', 'test.thing.done', 7, 'PENDING', 0]]);
    expect(heard).toEqual([]);
  });

  it('delivers once: a second delivery of the same row, or a sweep after it, does nothing', async () => {
    const ids = await write({ invoiceId: 5 });
    await Promise.all([deliverEvents(services, ids), deliverEvents(services, ids)]);
    await deliverDueEvents(services);
    expect(heard).toHaveLength(1);
    expect(heard[0]).toMatchObject({ name: 'test.thing.done', companyId: 7, payload: { invoiceId: 5 }, attempt: 1 });
    const [row] = await rows();
    expect(row).toMatchObject({ status: 'DELIVERED', attempts: 1, last_error: null, event_id: heard[0]!.id });
  });

  it('retries a failed listener after its backoff with the same event id', async () => {
    const ids = await write({ invoiceId: 6 });
    failNext = 1;
    await deliverEvents(services, ids);
    let [row] = await rows();
    expect(row).toMatchObject({ status: 'PENDING', attempts: 1, last_error: 'the listener is down' });
    expect(new Date(row!.next_attempt_at).getTime()).toBe(at.getTime() + 30_000);
    // Not yet due.
    at = new Date(at.getTime() + 29_000);
    expect(await deliverDueEvents(services)).toEqual({ delivered: 0, pending: 0, failed: 0 });
    at = new Date(at.getTime() + 2_000);
    expect(await deliverDueEvents(services)).toEqual({ delivered: 1, pending: 0, failed: 0 });
    expect(heard).toHaveLength(1);
    expect(heard[0]).toMatchObject({ attempt: 2, payload: { invoiceId: 6 }, id: row!.event_id });
    [row] = await rows();
    expect(row).toMatchObject({ status: 'DELIVERED', attempts: 2, last_error: null });
  });

  it(`gives up after ${EVENT_MAX_ATTEMPTS} attempts and keeps the row as FAILED`, async () => {
    const ids = await write({ invoiceId: 7 });
    failNext = 1000;
    await deliverEvents(services, ids);
    for (let i = 1; i < EVENT_MAX_ATTEMPTS; i++) {
      at = new Date(at.getTime() + 7 * 60 * 60 * 1000);
      await deliverDueEvents(services);
    }
    const [row] = await rows();
    expect(row).toMatchObject({ status: 'FAILED', attempts: EVENT_MAX_ATTEMPTS, last_error: 'the listener is down' });
    at = new Date(at.getTime() + 7 * 60 * 60 * 1000);
    expect(await deliverDueEvents(services)).toEqual({ delivered: 0, pending: 0, failed: 0 });
    expect(heard).toEqual([]);
  });

  it('leaves a row another server holds until its claim runs out', async () => {
    const ids = await write({ invoiceId: 8 });
    await t.server.services.db.updateTable('event_deliveries').set({ claimed_until: new Date(at.getTime() + 60_000) }).where('id', '=', ids[0]!).execute();
    await deliverEvents(services, ids);
    expect(heard).toEqual([]);
    at = new Date(at.getTime() + 61_000);
    await deliverDueEvents(services);
    expect(heard).toHaveLength(1);
  });

  it('removes delivered rows after a week, never pending or failed ones', async () => {
    await deliverEvents(services, await write({ n: 1 }));
    const kept = await write({ n: 2 });
    at = new Date(at.getTime() + 8 * 86_400_000);
    failNext = 1;
    await deliverDueEvents(services);
    const r = await rows();
    expect(r.map((x) => x.id)).toEqual(kept);
    expect(r[0]!.status).toBe('PENDING');
  });

  it('an event written but never delivered (the server died) is delivered by the kernel job', async () => {
    const real = t.server.services;
    const ids = await tenantTransaction(real.db, null, (trx) => writeEvents(trx, real, [{ name: 'test.thing.done', companyId: 7, payload: { orphan: true } }]));
    expect(ids).toHaveLength(1);
    // The queue runs the job its cron would send each minute.
    await real.jobs.send('kernel.events.deliver', {});
    await eventually(async () => heard.length === 1, 20_000, 'the orphan event');
    expect(heard[0]).toMatchObject({ payload: { orphan: true }, attempt: 1 });
    expect((await rows())[0]!.status).toBe('DELIVERED');
  }, 30_000);
});
