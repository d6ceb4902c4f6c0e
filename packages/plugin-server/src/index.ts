/**
 * The server-plugin API of Tezgah: what an outside plugin's server part (a package named in
 * TEZGAH_PLUGINS, docs/plugins.md "Plugins as packages") is written against without the private
 * server package. Types, and one runtime helper: the server hands a plugin everything else at run
 * time (the handler's context, the services, the event); `pluginProblem` makes the refusal a
 * handler throws (a 4xx problem). The package has no runtime dependency.
 *
 * ```ts
 * import { pluginProblem, type ServerPlugin } from '@tezgah/plugin-server';
 * const plugin: ServerPlugin = {
 *   id: 'acme-notes',
 *   handlers: {
 *     acmeNotesGet: async (ctx) => {
 *       throw pluginProblem(404, 'Not bulunamadı.', { code: 'NOTE_NOT_FOUND' });
 *     },
 *   },
 * };
 * export default plugin;
 * ```
 *
 * These are the server's own declarations (packages/server/src/kernel/types.ts and its
 * neighbours) as a plugin sees them: the same shapes, with the kernel's private parts (its table
 * types, its configuration's internals) left open. `src/compat.ts` makes the type check fail when
 * the server's and these part ways.
 */
import type { Kysely, Transaction } from 'kysely';
import type { FastifyInstance } from 'fastify';

/** The request's transaction (Kysely); a plugin types its own tables with `as Transaction<MyTables>`. */
export type Trx = Transaction<any>;

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
  locked?: boolean;
}

/** One operation of the contract, as the kernel routes it. */
export interface OperationSpec {
  operationId: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  path: string;
  url: string;
  tags: string[];
  summary: string;
  public: boolean;
  management: boolean;
  allowLocked: boolean;
  authority: { module: number; action: number }[] | null;
  sortFields: string[];
  pathParams: string[];
  successStatus: number;
  multipart: boolean;
}

/** The server's configuration as a plugin reads it; a plugin's own settings are in `env`. */
export interface PluginConfig {
  demo: boolean;
  /** Whether the outside systems' simulators are served (ServerPlugin.sandbox). */
  sandbox: boolean;
  /** The address people use, for links. */
  publicUrl: string;
  port: number;
  /** The environment the configuration was read from (TEZGAH_… settings of the plugin). */
  env: Readonly<Record<string, string | undefined>>;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  attachments?: { filename: string; contentType: string; content: Buffer }[];
}

/** Mail, written to the outbox in the caller's transaction and sent after the commit. */
export interface MailPort {
  enqueue(trx: Trx, msg: MailMessage): Promise<void>;
}

export interface SmsPort {
  send(trx: Trx, phone: string, text: string): Promise<void>;
}

/** A job's run (JobDefinition.handler). */
export interface Job<T = Record<string, unknown>> {
  id: string;
  name: string;
  data: T;
  /** 0 on the first run, 1 on the first retry, ... */
  retryCount: number;
  services: Services;
}

/** A kind of job a plugin runs on the kernel's queue (ServerPlugin.jobs, keyed `<plugin>.<what>`). */
export interface JobDefinition<T = any> {
  handler(job: Job<T>): Promise<void>;
  retryLimit?: number;
  retryDelaySeconds?: number;
  retryBackoff?: boolean;
  expireInSeconds?: number;
  /** A cron schedule (5 fields, Europe/Istanbul time). */
  cron?: string;
  scheduleData?: Record<string, unknown>;
}

export interface SendOptions {
  startAfter?: Date;
  /** An idempotency key: the same key again adds nothing while the queue keeps the job. */
  key?: string;
}

/** The queue (Services.jobs). */
export interface JobQueue {
  send<T extends object>(name: string, data: T, opts?: SendOptions): Promise<string | null>;
  readonly started: boolean;
}

/** A plugin the server hosts, as another plugin sees it (`contributes` to a point it opens). */
export interface HostedPlugin {
  readonly id: string;
  readonly contributes?: Contributions;
  readonly provides?: Record<string, unknown>;
}

/** What a handler's context and a listener get from the kernel. */
export interface Services {
  config: PluginConfig;
  /** The server's database, outside any request (jobs, listeners open their own transactions). */
  db: Kysely<any>;
  mail: MailPort;
  sms: SmsPort;
  engine: 'pglite' | 'postgres';
  /** Every server plugin the server hosts, as another plugin may read them (their ids, what they contribute and provide). */
  plugins: readonly HostedPlugin[];
  now(): Date;
  /** A service another plugin provides (ServerPlugin.provides); throws when none does. */
  service<T>(name: string): T;
  jobs: JobQueue;
}

export interface AuditEntry {
  action: string;
  entity?: string | null;
  entityId?: string | number | null;
  detail?: Record<string, unknown> | null;
  companyId?: number | null;
}

/** A file of a multipart upload (an operation whose request body is multipart/form-data). */
export interface UploadedFile {
  fieldName: string;
  /** As the client named it: untrusted, never a path. */
  fileName: string;
  mimeType: string;
  data: Buffer;
}

/** What a handler gets: the validated request, its transaction and the kernel's services. */
export interface RequestContext<Body = any, Query = any, Params = any> {
  op: OperationSpec;
  auth: Auth | null;
  /** One request, one transaction: tenant-scoped (the request role, the caller's company) when signed in. */
  trx: Trx;
  body: Body;
  query: Query;
  params: Params;
  ip: string;
  services: Services;
  audit(entry: AuditEntry): void;
  /** Work after the request's transaction has ended (committed or not). */
  afterwards(fn: (db: Kysely<any>, committed: boolean) => Promise<void>): void;
  /** Announces a server event (`<plugin>.<entity>.<pastTense>`), delivered after the commit, at least once. */
  emit(name: string, payload: Record<string, unknown>): void;
  setHeader(name: string, value: string): void;
  setStatus(status: number): void;
}

export type Handler = (ctx: RequestContext) => Promise<unknown>;

/** A server event as a listener receives it. */
export interface ServerEvent {
  /** The same on every delivery of it: key idempotent work on it. */
  id: string;
  name: string;
  companyId: number | null;
  payload: Record<string, unknown>;
  /** 1 on the first delivery, 2 on the first retry, ... */
  attempt: number;
}

/** A listener of another plugin's server events; throwing asks for a retry later. */
export type ServerEventListener = (event: ServerEvent, services: Services) => Promise<void>;

/** A folder of forward-only SQL migrations, `<14-digit timestamp>-<name>.sql`. An outside plugin's run in its own schema, `plugin_<id>`. */
export interface MigrationSource {
  owner: string;
  dir: string;
}

/** The demo tenant, for a plugin that adds demo data (ServerPlugin.seedDemo). */
export interface DemoTenant {
  companies: { management: number; pharmacy: number; general: number };
  users: Record<string, number>;
  service<T>(name: string): T;
}

/** What a plugin adds to other plugins' extension points, by point name: data the opening plugin checks. */
export type Contributions = Record<string, readonly unknown[]>;

/** The server side of a plugin: handlers keyed by operationId (of its own contract fragment), and the rest. */
export interface ServerPlugin {
  id: string;
  handlers: Record<string, Handler>;
  migrations?: MigrationSource;
  /** Simulators of outside systems, under `/sandbox/<id>` when sandboxes are served. */
  sandbox?: (app: FastifyInstance, services: Services) => Promise<void> | void;
  /** Runs in the transaction that creates a company, tenant set to it. */
  onCompanyCreated?: (trx: Trx, companyId: number) => Promise<void>;
  /** Runs once on an empty database when demo data is wanted. */
  seedDemo?: (trx: Trx, demo: DemoTenant) => Promise<void>;
  /** Typed services for other plugins, by name (`services.service<T>(name)`). */
  provides?: Record<string, unknown>;
  /** Listeners of server events, by event name. */
  on?: Record<string, ServerEventListener>;
  contributes?: Contributions;
  /** Job kinds on the kernel's queue, by name. */
  jobs?: Record<string, JobDefinition>;
}

/**
 * A handler's refusal, answered as an RFC 9457 problem with this 4xx status (the kernel's own
 * Problem class is not published): an Error carrying these fields, made by {@link pluginProblem},
 * e.g. `throw pluginProblem(409, 'Bu adla bir not var.', { code: 'NOTE_EXISTS', field: 'title' })`.
 * Any other error, or a status outside 400–499, answers 500.
 */
export interface PluginProblem {
  name: 'TezgahProblem';
  status: number;
  title: string;
  detail?: string;
  /** Upper-case words with underscores; the problem's `type` is made from it. */
  code?: string;
  /** Which fields were refused and why (`field` a dotted path: `lines.0.quantity`). */
  fieldErrors?: { field: string; message: string; code?: string }[];
}

/**
 * The titles the kernel gives its own refusals, by status (Turkish; the kernel answers them in
 * English to a caller that asks for it): a plugin's problem of the same status reads the same.
 */
export const PROBLEM_TITLES: Readonly<Record<number, string>> = {
  400: 'Geçersiz istek',
  401: 'Yetkisiz erişim',
  403: 'Yetki Hatası',
  404: 'Kayıt bulunamadı',
  409: 'Çakışma',
  413: 'İstek çok büyük',
  415: 'Desteklenmeyen içerik türü',
  422: 'İşlenemeyen istek',
  429: 'Çok fazla deneme',
};

export interface PluginProblemOptions {
  /** Upper-case words with underscores (`NOTE_EXISTS`); the problem's `type` is made from it. */
  code?: string;
  /** @default the kernel's title of the status ({@link PROBLEM_TITLES}), else 'Geçersiz istek' */
  title?: string;
  /** The field refused (a dotted path: `lines.0.quantity`): one field error with the detail and the code. */
  field?: string;
  /** Several fields refused, each with its own message (instead of `field`). */
  fieldErrors?: { field: string; message: string; code?: string }[];
}

/** What {@link pluginProblem} answers: an Error the kernel answers as the problem it describes. */
export type PluginProblemError = Error & PluginProblem;

/**
 * A refusal for a handler to throw: an Error named `TezgahProblem` with the 4xx `status`, a
 * `title` (the kernel's for the status unless given), the `detail` a person reads, and the code
 * and field errors when given; the kernel answers it as that problem (application/problem+json).
 * A status outside 400–499 is a mistake of the caller's (RangeError): a plugin's 5xx is an error
 * it did not mean, which the kernel answers 500 and logs.
 *
 * ```ts
 * throw pluginProblem(409, 'Bu adla bir not var.', { code: 'NOTE_EXISTS', field: 'title' });
 * ```
 */
export function pluginProblem(status: number, detail: string, options: PluginProblemOptions = {}): PluginProblemError {
  if (!Number.isInteger(status) || status < 400 || status > 499) throw new RangeError(`pluginProblem: ${status} is not a 4xx status`);
  const title = options.title || PROBLEM_TITLES[status] || 'Geçersiz istek';
  const fieldErrors = options.fieldErrors ?? (options.field ? [{ field: options.field, message: detail, ...(options.code ? { code: options.code } : {}) }] : undefined);
  const error = new Error(detail ? `${title}: ${detail}` : title);
  const problem: PluginProblem = {
    name: 'TezgahProblem',
    status,
    title,
    ...(detail ? { detail } : {}),
    ...(options.code ? { code: options.code } : {}),
    ...(fieldErrors?.length ? { fieldErrors } : {}),
  };
  return Object.assign(error, problem);
}
