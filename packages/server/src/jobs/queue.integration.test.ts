import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, startTestServer, type TestServer } from '../../test/harness';
import { eventually, holds, restartableDatabase } from '../../test/restartable';
import { createJobQueue, keyedId, type JobDefinition } from './queue';
import type { ServerPlugin } from '../kernel/types';

describe('keyed job ids', () => {
  it('are UUIDs, the same for the same queue and key, different otherwise', () => {
    const a = keyedId('q', 'k');
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(keyedId('q', 'k')).toBe(a);
    expect(keyedId('q', 'k2')).not.toBe(a);
    expect(keyedId('q2', 'k')).not.toBe(a);
  });
});

describe.each(engines('both'))('the job queue on %s', (engine) => {
  let t: TestServer;
  beforeAll(async () => { t = await startTestServer({ engine, env: { TEZGAH_JOBS: '1', TEZGAH_JOB_POLL_SECONDS: '0.5' } }); });
  afterAll(async () => { await t?.close(); });

  it('keeps a job across a server restart and runs it once, on the next server', async () => {
    const runs: { id: string; data: unknown; server: string }[] = [];
    const probe = (server: string): ServerPlugin => ({
      id: 'probe', handlers: {},
      jobs: { 'test.probe': { retryLimit: 0, async handler(job) { runs.push({ id: job.id, data: job.data, server }); } } },
    });
    const db = await restartableDatabase(engine);
    try {
      // The first server accepts the job but runs nothing (TEZGAH_JOBS=0), then stops.
      const first = await db.start({ env: { TEZGAH_JOBS: '0' }, plugins: [probe('first')] });
      const id = await first.services.jobs.send('test.probe', { n: 42 });
      expect(id).toBeTruthy();
      // The same key again adds nothing.
      const again = await first.services.jobs.send('test.probe', { n: 43 }, { key: 'once' });
      expect(await first.services.jobs.send('test.probe', { n: 44 }, { key: 'once' })).toBeNull();
      // A server without workers leaves nothing to wait for; a worker would have taken the jobs within
      // a poll (0.5 s): watch for more than two polls that nothing runs and the job stays queued.
      await holds(async () => runs.length === 0 && (await first.services.jobs.state('test.probe', id!))?.state === 'created', 1200, 'no run on the first server');
      expect(runs).toEqual([]);
      await first.close();
      const second = await db.start({ plugins: [probe('second')] });
      try {
        await eventually(async () => runs.length >= 2, 20_000, 'the jobs to run');
        // The server's one worker takes a job at a time, oldest first: once a job sent now has run,
        // any second run of the first two would have come before it.
        const later = await second.services.jobs.send('test.probe', { n: 45 });
        await eventually(async () => runs.some((r) => r.id === later), 20_000, 'a later job of the queue');
        expect(runs.map((r) => r.id).sort()).toEqual([id, again, later].sort());
        expect(runs.every((r) => r.server === 'second')).toBe(true);
        expect(runs.find((r) => r.id === id)!.data).toEqual({ n: 42 });
        expect((await second.services.jobs.state('test.probe', id!))?.state).toBe('completed');
      } finally {
        await second.close();
      }
    } finally {
      await db.drop();
    }
  }, 90_000);

  it('runs each job once with two workers on one database', async () => {
    const seen = new Map<string, string[]>();
    const def = (worker: string): Map<string, JobDefinition> => new Map([['test.twice', {
      retryLimit: 0,
      async handler(job) {
        seen.set(job.id, [...(seen.get(job.id) ?? []), worker]);
        // The job takes a moment, so the two workers' polls overlap while it runs.
        await new Promise((r) => setTimeout(r, 20));
      },
    }]]);
    const a = createJobQueue(t.server.database.jobDb, def('a'), { work: true, pollSeconds: 0.5 });
    const b = createJobQueue(t.server.database.jobDb, def('b'), { work: true, pollSeconds: 0.5 });
    await a.start(t.server.services, () => {});
    await b.start(t.server.services, () => {});
    try {
      const ids: string[] = [];
      for (let i = 0; i < 20; i++) ids.push((await (i % 2 ? a : b).send('test.twice', { i }))!);
      await eventually(async () => seen.size === 20, 30_000, 'twenty jobs');
      // Completed, the twenty can no longer be fetched; a second run could only come from a fetch
      // already made, and each worker finishes what it fetched before it fetches again. So once each
      // worker has run a job sent after the twenty, every run of the twenty is in `seen`.
      await eventually(async () => (await Promise.all(ids.map((id) => a.state('test.twice', id)))).every((s) => s?.state === 'completed'), 30_000, 'the twenty completed');
      const later: string[] = [];
      await eventually(async () => {
        const workers = new Set(later.flatMap((id) => seen.get(id) ?? []));
        if (workers.has('a') && workers.has('b')) return true;
        if (later.every((id) => seen.has(id))) later.push((await a.send('test.twice', { later: later.length }))!);
        return false;
      }, 30_000, 'a later job on each worker');
      expect([...seen.keys()].sort()).toEqual([...ids, ...later].sort());
      expect([...seen.values()].every((workers) => workers.length === 1)).toBe(true);
    } finally {
      await a.stop();
      await b.stop();
    }
  }, 60_000);

  it('retries a failing job with a growing delay until it succeeds', async () => {
    const attempts: { at: number; retryCount: number }[] = [];
    const q = createJobQueue(t.server.database.jobDb, new Map([['test.flaky', {
      retryLimit: 3, retryDelaySeconds: 1, retryBackoff: true,
      async handler(job) {
        attempts.push({ at: Date.now(), retryCount: job.retryCount });
        if (attempts.length < 3) throw new Error('not yet');
      },
    } satisfies JobDefinition]]), { work: true, pollSeconds: 0.5 });
    await q.start(t.server.services, () => {});
    try {
      const id = (await q.send('test.flaky', {}))!;
      await eventually(async () => (await q.state('test.flaky', id))?.state === 'completed', 40_000, 'the third attempt');
      expect(attempts.map((a) => a.retryCount)).toEqual([0, 1, 2]);
      const first = attempts[1]!.at - attempts[0]!.at;
      const second = attempts[2]!.at - attempts[1]!.at;
      // Backoff: about 1–2 s after the first failure, 2–4 s after the second.
      expect(first).toBeGreaterThanOrEqual(900);
      expect(second).toBeGreaterThanOrEqual(1900);
      expect((await q.state('test.flaky', id))?.retryCount).toBe(2);
    } finally {
      await q.stop();
    }
  }, 60_000);

  it('gives up after the retry limit: the job is failed', async () => {
    let runs = 0;
    const q = createJobQueue(t.server.database.jobDb, new Map([['test.broken', {
      retryLimit: 1, retryDelaySeconds: 1, retryBackoff: false,
      async handler() { runs++; throw new Error('always'); },
    } satisfies JobDefinition]]), { work: true, pollSeconds: 0.5 });
    await q.start(t.server.services, () => {});
    try {
      const id = (await q.send('test.broken', {}))!;
      await eventually(async () => (await q.state('test.broken', id))?.state === 'failed', 30_000, 'the job to fail');
      expect(runs).toBe(2);
    } finally {
      await q.stop();
    }
  }, 60_000);
});
