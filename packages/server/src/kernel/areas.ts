import type { FastifyInstance } from 'fastify';
import type { Trx } from '../db/database';
import type { JobDefinition } from '../jobs/queue';
import type { MigrationSource } from '../db/migrate';
import type { DemoTenant, Handler, ServerEvent, ServerEventListener, ServerPlugin, Services } from './types';

/**
 * One area of a large server plugin (the pharmacy's medula, tracking, sale …; the POS plugin's
 * devices, payments …): what it adds to the plugin. A plugin made of areas is composed by
 * `pluginOfAreas`, so each area lives in its own folder and nothing else changes when one is
 * added; an area reaches another only through the functions the other's index exports.
 */
export interface PluginArea {
  handlers: Record<string, Handler>;
  jobs?: Record<string, JobDefinition>;
  /** Routes of the area's simulators, under /sandbox/<plugin id>. */
  sandbox?: (app: FastifyInstance, services: Services) => Promise<void> | void;
  on?: Record<string, ServerEventListener>;
  contributes?: Record<string, readonly unknown[]>;
  onCompanyCreated?: (trx: Trx, companyId: number) => Promise<void>;
  seedDemo?: (trx: Trx, demo: DemoTenant) => Promise<void>;
}

function merged<T>(id: string, areas: PluginArea[], pick: (a: PluginArea) => Record<string, T> | undefined, what: string): Record<string, T> {
  const all: Record<string, T> = {};
  for (const a of areas) {
    for (const [k, v] of Object.entries(pick(a) ?? {})) {
      if (k in all) throw new Error(`${id}: ${what} ${k} is defined twice`);
      all[k] = v;
    }
  }
  return all;
}

/**
 * The plugin its areas make: handlers and jobs merged (a name defined twice is an error at
 * start), sandboxes mounted in order, listeners of one event called in order, contributions to a
 * point concatenated, company and demo hooks run in the areas' order.
 */
export function pluginOfAreas(id: string, areas: PluginArea[], rest: { migrations?: MigrationSource; provides?: Record<string, unknown> } = {}): ServerPlugin {
  const contributes: Record<string, unknown[]> = {};
  for (const a of areas) for (const [point, list] of Object.entries(a.contributes ?? {})) (contributes[point] ??= []).push(...list);
  const names = [...new Set(areas.flatMap((a) => Object.keys(a.on ?? {})))];
  const on = Object.fromEntries(names.map((name) => {
    const ls = areas.map((a) => a.on?.[name]).filter((l): l is ServerEventListener => !!l);
    const all: ServerEventListener = async (event: ServerEvent, services: Services) => { for (const l of ls) await l(event, services); };
    return [name, all];
  }));
  return {
    id,
    handlers: merged(id, areas, (a) => a.handlers, 'operation'),
    ...rest,
    async sandbox(app, services) {
      for (const a of areas) if (a.sandbox) await a.sandbox(app, services);
    },
    on,
    contributes,
    jobs: merged(id, areas, (a) => a.jobs, 'job'),
    async onCompanyCreated(trx, companyId) {
      for (const a of areas) if (a.onCompanyCreated) await a.onCompanyCreated(trx, companyId);
    },
    async seedDemo(trx, demo) {
      for (const a of areas) if (a.seedDemo) await a.seedDemo(trx, demo);
    },
  };
}
