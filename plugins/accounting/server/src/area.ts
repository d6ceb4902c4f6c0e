import type { DemoTenant, Handler, JobDefinition, Trx } from '@tezgah/server';

/**
 * One area of the accounting plugin (units, taxes, currents, products, ...): its handlers and
 * what it adds to a new company and to the demo tenant. The plugin's index composes the areas, so
 * each area lives in its own folder and nothing else changes when one is added.
 */
export interface AccountingArea {
  handlers: Record<string, Handler>;
  onCompanyCreated?: (trx: Trx, companyId: number) => Promise<void>;
  seedDemo?: (trx: Trx, demo: DemoTenant) => Promise<void>;
  /** Kinds of job the area runs on the kernel's queue (ServerPlugin.jobs). */
  jobs?: Record<string, JobDefinition>;
}
