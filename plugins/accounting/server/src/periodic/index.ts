import { setTenant, type JobDefinition } from '@tezgah/server';
import type { AccountingArea } from '../area';
import type { LedgerDb } from '../ledger/accounts';
import { periodicHandlers } from './periodic.handlers';
import { periodDates, requeueLater, runLine, sweep, templateOf, RUN_JOB, SWEEP_JOB, type RunData } from './periodic';

export { RUN_JOB, SWEEP_JOB } from './periodic';

const RUN_RETRIES = 3;

/**
 * Periodic processes (issue 10): recurring invoices and instalment collections / payments, each
 * period a line that runs once on the kernel's job queue (periodic.ts). Jobs: `RUN_JOB` runs one
 * line (sent per line to start on its day; retried with backoff when something unexpected fails),
 * `SWEEP_JOB` every night at 00:05 (Türkiye) queues what is due and not yet queued.
 */
const jobs: Record<string, JobDefinition> = {
  [RUN_JOB]: {
    retryLimit: RUN_RETRIES,
    retryDelaySeconds: 30,
    retryBackoff: true,
    async handler(job) {
      const { companyId, lineId } = job.data as RunData;
      const outcome = await runLine(job.services, companyId, lineId, job.retryCount >= RUN_RETRIES);
      // Its day has not come by the server's clock yet: queue it again for that day.
      if (outcome === 'NOT_DUE') await requeueLater(job.services, companyId, lineId);
    },
  },
  [SWEEP_JOB]: {
    cron: '5 0 * * *',
    retryLimit: 2,
    async handler(job) { await sweep(job.services); },
  },
};

/**
 * The demo: Demo Ticaret A.Ş. bills Boğaziçi Otel its monthly support package every month on the
 * 1st, from December 2026, for 12 months — a recurring invoice from the November sale.
 */
async function seedDemo(trx: Parameters<NonNullable<AccountingArea['seedDemo']>>[0], demo: Parameters<NonNullable<AccountingArea['seedDemo']>>[1]) {
  const companyId = demo.companies.general;
  await setTenant(trx, companyId);
  const d = trx as unknown as LedgerDb;
  const source = await d.selectFrom('invoices').select(['id', 'document_no']).where('company_id', '=', companyId).where('invoice_type', '=', 'SALE')
    .where('status', '=', 'POSTED').where('explanation', '=', 'Kasım destek ve eğitim').executeTakeFirst();
  if (!source) return;
  const template = await templateOf(d, companyId, source.id);
  // The recurring part is the support package only (the training day was once).
  const support = await d.selectFrom('products').select('id').where('company_id', '=', companyId).where('name', '=', 'Teknik Destek Aylık Paket').executeTakeFirst();
  const body = { ...template, explanation: 'Aylık teknik destek', products: template.products.filter((l) => l.productId === support?.id) };
  if (!body.products.length) return;
  const plan = { type: 'MONTHLY' as const, day: 1, count: 12 };
  const p = await d.insertInto('periodic_processes').values({
    company_id: companyId, process_type: 'PERIODIC', invoice_type: 'SALE', name: 'Boğaziçi Otel aylık teknik destek', invoice_id: source.id,
    current_id: template.currentId, template: JSON.stringify(body), start_date: '2026-12-01', period_type: plan.type, period_day: plan.day,
    period_count: plan.count, created_by: 'muhasebe',
  }).returning('id').executeTakeFirstOrThrow();
  await d.insertInto('periodic_process_lines').values(periodDates('2026-12-01', plan).map((run_date, i) => ({
    company_id: companyId, process_id: p.id, period_no: i + 1, run_date,
  }))).execute();
}

export const area: AccountingArea = {
  handlers: periodicHandlers,
  jobs,
  seedDemo,
};
