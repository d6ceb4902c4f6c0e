import type { Kysely, Transaction } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { DB, KernelTables } from '../db/schema';
import type { Trx } from '../db/database';
import type { ReadPath } from '../db/read-path';
import type { Config } from '../config';
import type { MailPort } from '../ports/mail';
import type { SmsPort } from '../ports/sms';
import type { ContractFragment, OperationSpec } from './contract';
import { Problem, problems } from './problem';
import type { MigrationSource } from '../db/migrate';
import type { JobDefinition, JobQueue } from '../jobs/queue';

export interface AuthorityGrant {
  authorityCode: string;
  companyId: number;
}

/** Who is calling, from a verified token and a live session. */
export interface Auth {
  userId: number;
  login: string;
  /** The company the token carries; every tenant query is scoped to it. */
  companyId: number;
  sessionId: string;
  authorities: AuthorityGrant[];
  /** The real user while impersonating. */
  actor: { id: number; login: string } | null;
  expiresAt: Date;
  /** The session's screen is locked (only x-allow-locked operations get this far). */
  locked?: boolean;
}

export interface Services {
  config: Config;
  db: Kysely<DB>;
  mail: MailPort;
  sms: SmsPort;
  secret: Buffer;
  engine: 'pglite' | 'postgres';
  /** Every server plugin the server hosts (the kernel's own included). */
  plugins: readonly ServerPlugin[];
  now(): Date;
  /** A service another plugin provides (ServerPlugin.provides); throws when none does. */
  service<T>(name: string): T;
  /** Where authenticated GETs run without a transaction (PostgreSQL; db/read-path.ts). */
  reads?: ReadPath | null;
  /** The job queue on the server's database (jobs/queue.ts): send a job of a kind some plugin declares in `jobs`. */
  jobs: JobQueue;
}

/** The demo tenant's companies and users, for plugins that add demo data. */
export interface DemoTenant {
  companies: { management: number; pharmacy: number; general: number };
  users: Record<string, number>;
  /** A service another plugin provides (ServerPlugin.provides), as Services.service: demo data reads other plugins' records through it too. */
  service<T>(name: string): T;
}

/**
 * The request's transaction typed with a plugin's own tables as well as the kernel's:
 * `const trx = tables<AccountingTables>(ctx)`.
 */
export function tables<T>(ctx: RequestContext): Transaction<KernelTables & T> {
  return ctx.trx as unknown as Transaction<KernelTables & T>;
}

export interface AuditEntry {
  action: string;
  entity?: string | null;
  entityId?: string | number | null;
  detail?: Record<string, unknown> | null;
  companyId?: number | null;
  /** Override the identity (sign-in records the user who signed in). */
  user?: { id: number; login: string } | null;
  actor?: { id: number; login: string } | null;
}

/** What a handler gets: the validated request, its transaction and the kernel's services. */
export interface RequestContext<Body = any, Query = any, Params = any> {
  op: OperationSpec;
  auth: Auth | null;
  /** One request, one transaction: tenant-scoped (RLS) when signed in. */
  trx: Trx;
  body: Body;
  query: Query;
  params: Params;
  ip: string;
  services: Services;
  /** Records an audit event in the request's transaction. */
  audit(entry: AuditEntry): void;
  /**
   * Work that runs after the request's transaction has ended, committed or rolled back: writes
   * that must survive a failed request (failed sign-in counters), deliveries after a commit.
   * (Never inside the transaction: embedded PGlite is one connection.)
   */
  afterwards(fn: (db: Kysely<DB>, committed: boolean) => Promise<void>): void;
  /**
   * Announces a server event (`<plugin>.<entity>.<pastTense>`, e.g. `accounting.invoice.posted`)
   * to every plugin's `on` listener. The event is written in the request's transaction (nothing
   * when it rolls back) and delivered after the commit; a listener that throws is retried with
   * backoff by the kernel's job (kernel/events.ts), so delivery is at least once. A listener's
   * failure never touches the request.
   */
  emit(name: string, payload: Record<string, unknown>): void;
  setHeader(name: string, value: string): void;
  setStatus(status: number): void;
}

export type Handler = (ctx: RequestContext) => Promise<unknown>;

/** The body of a `multipart` operation, as the kernel read it (use `uploadedFiles(ctx)`). */
export interface Upload {
  multipart: boolean;
  files: UploadedFile[];
}

/**
 * The files of a `multipart` operation's request: 415 when it was not multipart/form-data, 400
 * when it carried no file. Call it after checking what the path names.
 */
export function uploadedFiles(ctx: RequestContext): UploadedFile[] {
  const body = ctx.body as Upload | undefined;
  if (!body?.multipart) {
    throw new Problem(415, 'Desteklenmeyen içerik türü', { detail: 'Dosyalar multipart/form-data ile gönderilmeli.', code: 'UNSUPPORTED_MEDIA_TYPE' });
  }
  if (!body.files.length) throw problems.badRequest('Gönderilen dosya yok.', [{ field: 'files', message: 'En az bir dosya seçin.', code: 'REQUIRED' }]);
  return body.files;
}

/** A file of a multipart upload. */
export interface UploadedFile {
  fieldName: string;
  /** As the client named it: untrusted, never a path. */
  fileName: string;
  /** As the client declared it: untrusted; sniff `data`. */
  mimeType: string;
  data: Buffer;
}

/** The server side of a plugin: handlers keyed by operationId, and its migrations. */
export interface ServerPlugin {
  id: string;
  handlers: Record<string, Handler>;
  migrations?: MigrationSource;
  /**
   * Routes of the simulators its sandbox adapters talk to (seeds' outside systems), mounted under
   * `/sandbox/<plugin id>` only when the configuration serves sandboxes (config.sandbox); not part
   * of the contract. The routes imitating the outside system need no token; control routes (a
   * `control` path segment, or SANDBOX_CONTROL) need a signed-in management user (sandbox.ts).
   */
  sandbox?: (app: FastifyInstance, services: Services) => Promise<void> | void;
  /** Runs in the transaction that creates a company (registration, management, demo), tenant set to it. */
  onCompanyCreated?: (trx: Trx, companyId: number) => Promise<void>;
  /** Runs once on an empty database when demo data is wanted, after the kernel's demo tenant. */
  seedDemo?: (trx: Trx, demo: DemoTenant) => Promise<void>;
  /**
   * The typed services this plugin offers other server plugins, by name (e.g. the accounting
   * plugin's `accounting.ledger`: the one posting function). A consumer imports the service's
   * type from the provider's public entry and asks `services.service<T>(name)`; it never reaches
   * into the provider's files.
   */
  provides?: Record<string, unknown>;
  /**
   * Listeners of other plugins' server events (RequestContext.emit), by event name; each runs
   * after the emitting request has committed, with the event's company and payload, and again
   * after a failure (at least once: kernel/events.ts).
   */
  on?: Record<string, ServerEventListener>;
  /**
   * What this plugin adds to other plugins' declared extension points, by point name (e.g.
   * `accounting.invoice.paymentMethods`: the POS plugin's "POS device" payment method). Data,
   * not code: the plugin that opens the point reads it with `contributionsTo` and checks it.
   */
  contributes?: Record<string, readonly unknown[]>;
  /**
   * The kinds of job this plugin runs on the kernel's queue (jobs/queue.ts), by name
   * (`<plugin>.<what>`): a handler, its retries, and an optional cron schedule. Jobs are sent
   * with `services.jobs.send(name, data)`; a handler opens its own transactions.
   */
  jobs?: Record<string, JobDefinition>;
  /**
   * An outside plugin's part of the contract (its package's `tezgah.contract`), set by the loader
   * (kernel/discover.ts): merged into the contract the server serves and validates against. The
   * repository's own plugins have theirs in openapi/.
   */
  contract?: ContractFragment;
}

/** Every plugin's contributions to an extension point, with the contributing plugin's id. */
export function contributionsTo<T>(services: Pick<Services, 'plugins'>, point: string): { plugin: string; item: T }[] {
  return services.plugins.flatMap((p) => (p.contributes?.[point] ?? []).map((item) => ({ plugin: p.id, item: item as T })));
}

/** What a listener receives: the event, the company it happened in, and the server's services. */
/**
 * A plugin's listener of a server event. Delivery is at least once: the same event (same `id`)
 * may come again after a failure or a crash, so a listener does its work idempotently (keyed by
 * `id` or by what the payload names). Throwing asks for a retry later.
 */
export type ServerEventListener = (event: ServerEvent, services: Services) => Promise<void>;

export interface ServerEvent {
  /** The event's id, the same on every delivery of it to every listener. */
  id: string;
  name: string;
  companyId: number | null;
  payload: Record<string, unknown>;
  /** 1 on the first delivery, 2 on the first retry, ... */
  attempt: number;
}

export function requireAuth(ctx: RequestContext): Auth {
  if (!ctx.auth) throw new Error(`operation ${ctx.op.operationId} needs a signed-in caller`);
  return ctx.auth;
}
