import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, startTestServer, type TestServer } from '../../../../../packages/server/test/harness';
import { http, ONMUHASEBE } from '../../../../../packages/server/test/http';
import { eventually, restartableDatabase } from '../../../../../packages/server/test/restartable';
import { keyedId, type JobQueue } from '../../../../../packages/server/src/jobs/queue';
import { RUN_JOB, SWEEP_JOB, runLine } from './periodic';

const P = `${ONMUHASEBE}/periodic-processes`;
const LINES = `${ONMUHASEBE}/periodic-process-lines`;
/** Waits until each job (of RUN_JOB, or of the queue named beside it) has completed. */
const ranAll = (jobs: JobQueue, ids: (string | null)[], names: string[] = ids.map(() => RUN_JOB)) => eventually(async () => {
  const states = await Promise.all(ids.map((id, i) => (id ? jobs.state(names[i]!, id) : null)));
  return states.every((s) => s?.state === 'completed');
}, 30_000, 'the jobs to run');

describe.each(engines('one'))('periodic processes on %s', (engine) => {
  let t: TestServer;
  let api: ReturnType<typeof http>;
  let owner: string;
  let companyId: number;
  let hotel: { id: number };
  let supplier: { id: number };
  let support: { id: number };
  let bank: { id: number };

  const sale = async (date: string, extra: Record<string, unknown> = {}) => {
    const r = await api.call('POST', `${ONMUHASEBE}/invoices`, { token: owner, body: {
      invoiceType: 'SALE', currentId: hotel.id, date, explanation: `Test ${date}`, products: [{ productId: support.id, quantity: 1, unitPrice: 1000 }], ...extra,
    } });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    return r.body as { id: number; totalAmount: number; documentNo: string };
  };
  const processOf = async (id: number) => (await api.call('GET', `${P}/${id}`, { token: owner })).body;
  const settled = (id: number) => eventually(async () => {
    const p = await processOf(id);
    return p.lines.every((l: any) => l.status !== 'PENDING') ? p : null;
  }, 30_000, `process ${id} to run`);

  beforeAll(async () => {
    t = await startTestServer({ engine, env: { TEZGAH_JOBS: '1', TEZGAH_JOB_POLL_SECONDS: '0.5' } });
    api = http(t.url);
    owner = await api.signIn('muhasebe');
    companyId = (await api.call('GET', '/api/account', { token: owner })).body.companyId;
    const currents = (await api.call('GET', `${ONMUHASEBE}/currents?size=100`, { token: owner })).body;
    hotel = currents.find((c: any) => c.name === 'Boğaziçi Otel İşletmeleri');
    supplier = currents.find((c: any) => c.name === 'Ege Kırtasiye');
    const products = (await api.call('GET', `${ONMUHASEBE}/products?size=100`, { token: owner })).body;
    support = products.find((p: any) => p.name === 'Teknik Destek Aylık Paket');
    bank = (await api.call('GET', `${ONMUHASEBE}/bank-accounts?size=100`, { token: owner })).body.find((b: any) => b.name === 'Garanti BBVA Ticari Hesap');
  });
  afterAll(async () => { await t?.close(); });

  it('writes a recurring invoice every period on the queue, each line once, then completes', async () => {
    const source = await sale('2026-11-02');
    const r = await api.call('PUT', P, { token: owner, body: { processType: 'PERIODIC', invoiceId: source.id, name: 'Haftalık destek', startDate: '2026-11-01', period: { type: 'DAYS', day: 7, count: 3 } } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ processType: 'PERIODIC', invoiceType: 'SALE', name: 'Haftalık destek', status: 'ACTIVE', lineCount: 3, pendingCount: 3 });
    expect(r.body.lines.map((l: any) => [l.periodNumber, l.runDate, l.status])).toEqual([[1, '2026-11-01', 'PENDING'], [2, '2026-11-08', 'PENDING'], [3, '2026-11-15', 'PENDING']]);
    const done = await settled(r.body.id);
    expect(done.lines.map((l: any) => l.status)).toEqual(['SUCCESS', 'SUCCESS', 'SUCCESS']);
    expect(done).toMatchObject({ status: 'COMPLETED', successCount: 3, pendingCount: 0 });
    const invoiceIds = done.lines.map((l: any) => l.invoiceId);
    expect(new Set(invoiceIds).size).toBe(3);
    for (const l of done.lines) {
      const inv = (await api.call('GET', `${ONMUHASEBE}/invoices/${l.invoiceId}`, { token: owner })).body;
      expect(inv).toMatchObject({ status: 'POSTED', date: l.runDate, totalAmount: source.totalAmount, currentId: hotel.id });
      expect(inv.entryId).toBeTruthy();
      expect(l.amount).toBe(source.totalAmount);
      expect(l.invoiceDocumentNo).toBe(inv.documentNo);
    }
    // The list of lines, filtered and in period order.
    const page = await api.call('GET', `${LINES}?periodicProcessId=${r.body.id}&status=SUCCESS&size=2`, { token: owner });
    expect(page.headers.get('x-total-count')).toBe('3');
    expect(page.body.map((l: any) => l.periodNumber)).toEqual([1, 2]);
    const list = await api.call('GET', `${P}?invoiceId=${source.id}`, { token: owner });
    expect(list.body.map((p: any) => p.id)).toEqual([r.body.id]);
  }, 60_000);

  it('posts a line once though its job is delivered three times, and once though two runs race', async () => {
    const source = await sale('2026-11-03');
    const r = await api.call('PUT', P, { token: owner, body: { processType: 'PERIODIC', invoiceId: source.id, startDate: '2026-11-04', period: { type: 'DAYS', day: 1, count: 1 } } });
    const line = r.body.lines[0];
    // Two more deliveries of the same line (other keys, so the queue keeps them all).
    const extra1 = await t.server.services.jobs.send(RUN_JOB, { companyId, lineId: line.id }, { key: 'extra-1' });
    const extra2 = await t.server.services.jobs.send(RUN_JOB, { companyId, lineId: line.id }, { key: 'extra-2' });
    const done = await settled(r.body.id);
    // All three deliveries have run (the first is keyed by the line's first attempt).
    await ranAll(t.server.services.jobs, [keyedId(RUN_JOB, `${companyId}:${line.id}:0`), extra1, extra2]);
    expect(done.lines[0].status).toBe('SUCCESS');
    const written = await t.server.database.db.selectFrom('invoices' as never).select(['id'] as never[])
      .where('company_id' as never, '=', companyId as never).where('explanation' as never, '=', 'Test 2026-11-03' as never).execute();
    // The source and exactly one invoice of the line.
    expect(written.length).toBe(2);
    // Two runs of one future line at the same moment: one posts, the other finds it done.
    const later = await api.call('PUT', P, { token: owner, body: { processType: 'PERIODIC', invoiceId: source.id, startDate: '2026-12-20', period: { type: 'DAYS', day: 1, count: 1 } } });
    const lineId = later.body.lines[0].id;
    const services = { ...t.server.services, now: () => new Date('2026-12-20T09:00:00Z') };
    const outcomes = await Promise.all([runLine(services, companyId, lineId), runLine(services, companyId, lineId)]);
    expect(outcomes.sort()).toEqual(['SKIPPED', 'SUCCESS']);
    const after = await processOf(later.body.id);
    expect(after.lines[0]).toMatchObject({ status: 'SUCCESS', attempts: 1 });
    const count = await t.server.database.db.selectFrom('invoices' as never).select(['id'] as never[])
      .where('company_id' as never, '=', companyId as never).where('explanation' as never, '=', 'Test 2026-11-03' as never).execute();
    expect(count.length).toBe(3);
  }, 60_000);

  it('marks a line failed with the reason, and a retry after the cause is fixed succeeds', async () => {
    const source = await sale('2026-11-05');
    // 2025 has no fiscal year yet: the posting function refuses.
    const r = await api.call('PUT', P, { token: owner, body: { processType: 'PERIODIC', invoiceId: source.id, startDate: '2025-03-01', period: { type: 'MONTHLY', day: 1, count: 1 } } });
    const failed = await settled(r.body.id);
    expect(failed.lines[0].status).toBe('FAILED');
    expect(failed.lines[0].reason).toMatch(/fiscal|mali/i);
    expect(failed.lines[0].invoiceId).toBeNull();
    expect(failed).toMatchObject({ status: 'COMPLETED', failedCount: 1 });
    const fy = await api.call('POST', `${ONMUHASEBE}/fiscal-years`, { token: owner, body: { name: '2025', startDate: '2025-01-01', endDate: '2025-12-31' } });
    expect(fy.status, JSON.stringify(fy.body)).toBe(201);
    const retry = await api.call('PUT', `${LINES}/reProcess`, { token: owner, body: { id: failed.lines[0].id } });
    expect(retry.status, JSON.stringify(retry.body)).toBe(200);
    expect(retry.body).toMatchObject({ status: 'PENDING', reason: null });
    const ok = await settled(r.body.id);
    expect(ok.lines[0]).toMatchObject({ status: 'SUCCESS', runDate: '2025-03-01', attempts: 2 });
    expect(ok.status).toBe('COMPLETED');
    // A successful line is not retried.
    const again = await api.call('PUT', `${LINES}/reProcess`, { token: owner, body: { id: failed.lines[0].id } });
    expect([again.status, again.body.code]).toEqual([409, 'LINE_NOT_RETRYABLE']);
  }, 60_000);

  it('terminates: pending lines are cancelled, what ran stays, and it cannot be terminated twice', async () => {
    const source = await sale('2026-11-06');
    const r = await api.call('PUT', P, { token: owner, body: { processType: 'PERIODIC', invoiceId: source.id, startDate: '2027-01-15', period: { type: 'MONTHLY', day: 15, count: 3 } } });
    expect(r.body.lines.map((l: any) => l.runDate)).toEqual(['2027-01-15', '2027-02-15', '2027-03-15']);
    const term = await api.call('PUT', `${P}/${r.body.id}/terminate`, { token: owner });
    expect(term.status, JSON.stringify(term.body)).toBe(200);
    expect(term.body.status).toBe('TERMINATED');
    expect(term.body.terminatedAt).toBeTruthy();
    expect(term.body.lines.map((l: any) => l.status)).toEqual(['CANCELLED', 'CANCELLED', 'CANCELLED']);
    // A run that comes anyway does nothing.
    const services = { ...t.server.services, now: () => new Date('2027-01-15T09:00:00Z') };
    expect(await runLine(services, companyId, r.body.lines[0].id)).toBe('SKIPPED');
    const twice = await api.call('PUT', `${P}/${r.body.id}/terminate`, { token: owner });
    expect([twice.status, twice.body.code]).toEqual([409, 'PROCESS_CLOSED']);
    const retry = await api.call('PUT', `${LINES}/reProcess`, { token: owner, body: { id: r.body.lines[0].id } });
    expect(retry.status).toBe(409);
  });

  it('collects instalments into a safe; a payment that would take a safe below zero is insufficient balance until another account is chosen', async () => {
    const safe = await api.call('POST', `${ONMUHASEBE}/safes`, { token: owner, body: { name: 'Taksit Kasası', currencyId: 1 } });
    expect(safe.status, JSON.stringify(safe.body)).toBe(201);
    // A sale in two monthly instalments, both due already: collected into the new safe.
    const inv = await sale('2026-09-10', { instalments: { type: 'MONTHLY', day: 10, count: 2 } });
    const c = await api.call('PUT', P, { token: owner, body: { processType: 'INSTALMENT', invoiceId: inv.id, account: { kind: 'SAFE', id: safe.body.id } } });
    expect(c.status, JSON.stringify(c.body)).toBe(200);
    expect(c.body.lines.map((l: any) => [l.periodNumber, l.runDate])).toEqual([[1, '2026-09-10'], [2, '2026-10-10']]);
    const collected = await settled(c.body.id);
    expect(collected.lines.map((l: any) => l.status)).toEqual(['SUCCESS', 'SUCCESS']);
    expect(collected.lines.map((l: any) => l.amount)).toEqual([inv.totalAmount / 2, inv.totalAmount / 2]);
    expect(collected.lines.every((l: any) => l.transactionId)).toBe(true);
    const after = (await api.call('GET', `${ONMUHASEBE}/invoices/${inv.id}`, { token: owner })).body;
    expect(after.dues.map((d: any) => d.remaining)).toEqual([0, 0]);
    const dup = await api.call('PUT', P, { token: owner, body: { processType: 'INSTALMENT', invoiceId: inv.id, account: { kind: 'SAFE', id: safe.body.id } } });
    expect([dup.status, dup.body.code]).toEqual([409, 'NO_OPEN_DUES']);

    // A purchase bigger than what the safe holds, due already: paying it from the safe fails.
    const buy = await api.call('POST', `${ONMUHASEBE}/invoices`, { token: owner, body: {
      invoiceType: 'BUYING', currentId: supplier.id, documentNo: 'EGE2026000009901', date: '2026-11-10', dueDate: '2026-11-12',
      products: [{ productId: support.id, quantity: 1, unitPrice: 50000 }],
    } });
    expect(buy.status, JSON.stringify(buy.body)).toBe(201);
    const p = await api.call('PUT', P, { token: owner, body: { processType: 'INSTALMENT', invoiceId: buy.body.id, account: { kind: 'SAFE', id: safe.body.id } } });
    expect(p.status, JSON.stringify(p.body)).toBe(200);
    const short = await settled(p.body.id);
    expect(short.lines[0].status).toBe('INSUFFICIENT_BALANCE');
    expect(short.lines[0].transactionId).toBeNull();
    expect(short.lines[0].reason).toMatch(/Kasa bakiyesi yetersiz/);
    // Pay it from the bank account instead (a bank account may go below zero) and retry.
    const moved = await api.call('PUT', P, { token: owner, body: { id: p.body.id, account: { kind: 'BANK_ACCOUNT', id: bank.id } } });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.account).toEqual({ kind: 'BANK_ACCOUNT', id: bank.id });
    await api.call('PUT', `${LINES}/reProcess`, { token: owner, body: { id: short.lines[0].id } });
    const paid = await settled(p.body.id);
    expect(paid.lines[0]).toMatchObject({ status: 'SUCCESS', amount: buy.body.totalAmount });
    const tx = (await api.call('GET', `${ONMUHASEBE}/transactions/${paid.lines[0].transactionId}`, { token: owner })).body;
    expect(tx).toMatchObject({ type: 'PAYMENT', currentId: supplier.id });
  }, 90_000);

  it('refuses what it cannot do', async () => {
    const draft = await api.call('POST', `${ONMUHASEBE}/invoices`, { token: owner, body: {
      invoiceType: 'SALE', draft: true, currentId: hotel.id, date: '2026-11-07', products: [{ productId: support.id, quantity: 1, unitPrice: 10 }],
    } });
    const r = await api.call('PUT', P, { token: owner, body: { processType: 'PERIODIC', invoiceId: draft.body.id, period: { type: 'MONTHLY', day: 1, count: 2 } } });
    expect([r.status, r.body.code]).toEqual([409, 'INVOICE_NOT_POSTED']);
    const posted = await sale('2026-11-08');
    const noPlan = await api.call('PUT', P, { token: owner, body: { processType: 'PERIODIC', invoiceId: posted.id } });
    expect([noPlan.status, noPlan.body.fieldErrors?.[0]?.field]).toEqual([400, 'period']);
    const weekday = await api.call('PUT', P, { token: owner, body: { processType: 'PERIODIC', invoiceId: posted.id, period: { type: 'WEEKLY', day: 9, count: 2 } } });
    expect([weekday.status, weekday.body.fieldErrors?.[0]?.code]).toEqual([400, 'PERIOD_DAY']);
    // The staff role (the accountant 'mali') holds no periodic authority.
    const staff = await api.signIn('mali');
    expect((await api.call('GET', LINES, { token: staff })).status).toBe(403);
    expect((await api.call('GET', `${P}/999999`, { token: owner })).status).toBe(404);
  });
});

describe.each(engines('one'))('the demo recurring invoice on %s', (engine) => {
  it('runs on its day from a job queued before a restart, and posts exactly once', async () => {
    const db = await restartableDatabase(engine);
    const dec1 = () => new Date('2026-12-01T06:00:00+03:00');
    try {
      // A server that runs no jobs takes the nightly sweep's job on 1 December, and stops.
      const first = await db.start({ env: { TEZGAH_JOBS: '0' }, now: dec1 });
      expect(await first.services.jobs.send(SWEEP_JOB, {})).toBeTruthy();
      await first.close();
      const second = await db.start({ now: dec1 });
      try {
        const api = http(second.url);
        const owner = await api.signIn('muhasebe');
        const list = (await api.call('GET', `${P}?processType=PERIODIC`, { token: owner })).body;
        const demo = list.find((p: any) => p.name === 'Boğaziçi Otel aylık teknik destek');
        expect(demo).toMatchObject({ status: 'ACTIVE', lineCount: 12, startDate: '2026-12-01' });
        const first1 = await eventually(async () => {
          const p = (await api.call('GET', `${P}/${demo.id}`, { token: owner })).body;
          return p.lines[0].status !== 'PENDING' ? p : null;
        }, 30_000, 'the first demo line');
        expect(first1.lines[0]).toMatchObject({ periodNumber: 1, runDate: '2026-12-01', status: 'SUCCESS' });
        expect(first1.lines.slice(1).every((l: any) => l.status === 'PENDING')).toBe(true);
        // Another sweep and another delivery change nothing.
        const sweptAgain = await second.services.jobs.send(SWEEP_JOB, {}, { key: 'again' });
        const companyId = (await api.call('GET', '/api/account', { token: owner })).body.companyId;
        const runAgain = await second.services.jobs.send(RUN_JOB, { companyId, lineId: first1.lines[0].id }, { key: 'again' });
        // Both have run (the sweep queues no line: the first is done, the others' days have not come).
        await ranAll(second.services.jobs, [sweptAgain, runAgain], [SWEEP_JOB, RUN_JOB]);
        const invoices = (await api.call('GET', `${ONMUHASEBE}/invoices?size=100`, { token: owner })).body.filter((i: any) => i.explanation === 'Aylık teknik destek');
        expect(invoices.length).toBe(1);
        expect(invoices[0]).toMatchObject({ id: first1.lines[0].invoiceId, date: '2026-12-01', status: 'POSTED' });
      } finally {
        await second.close();
      }
    } finally {
      await db.drop();
    }
  }, 120_000);
});
