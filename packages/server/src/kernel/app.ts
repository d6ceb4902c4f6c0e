import { sql } from 'kysely';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import multipart from '@fastify/multipart';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import { hasAuthority, isManagement } from '@tezgah/core';
import { loadDocument, mergeContract, operations, type OperationSpec } from './contract';
import { authenticateRequest, authVersionOf, sessionCache } from './auth';
import { Problem, problemLanguage, problems, type FieldError } from './problem';
import { isStalePlan, tenantTransaction, type Trx } from '../db/database';
import { READ_ONLY_SQL_TRANSACTION } from '../db/read-path';
import { renderDocs } from './docs';
import { refuseControlCharacters } from './control-chars';
import { DOCS_CSP, registerSecurityHeaders } from './security';
import type { AuditEntry, Auth, Handler, RequestContext, ServerPlugin, Services, Upload, UploadedFile } from './types';
import { claimUntil, deliverClaimed, eventRows, type Claimed, type EmittedEvent } from './events';
import { mountSandboxes } from './sandbox';
import { claimIdempotencyKey, idempotencyOf, recordIdempotencyKey } from './idempotency';

export interface AppOptions {
  services: Services;
  plugins: ServerPlugin[];
  logger?: FastifyServerOptions['logger'];
  /** Extra routes (the workbench's static files) registered after the contract. */
  extend?: (app: FastifyInstance) => Promise<void> | void;
}

const EXPOSED = 'x-total-count, x-next-cursor, authorization, retry-after, content-disposition, idempotent-replayed';
const authOf = new WeakMap<FastifyRequest, Auth>();

function makeAjv(coerce: boolean) {
  const Ajv = (Ajv2020 as any).default ?? Ajv2020;
  const ajv = new Ajv({
    strict: false,
    allErrors: true,
    useDefaults: true,
    coerceTypes: coerce ? 'array' : false,
    removeAdditional: false,
  });
  ((addFormats as any).default ?? addFormats)(ajv);
  return ajv;
}

/**
 * A route's validator or serializer built on its first use. The contract has some 700 operations
 * and compiling every schema up front took about 3 s of each server start (a test file starts
 * one or two); a request pays for its own route once. Every route is still compiled by the
 * contract and bad-input tests, which call each operation.
 */
function lazily<F extends (data: any) => any>(build: () => F): F {
  let built: F | undefined;
  const run = ((data: any) => {
    built ??= build();
    const result = built(data);
    // Fastify reads a refusal's details from the validator's `errors`, as Ajv leaves them.
    (run as { errors?: unknown }).errors = (built as { errors?: unknown }).errors;
    return result;
  }) as F;
  return run;
}

const serializerFactory = SerializerSelector();

function fieldErrorsOf(error: any): FieldError[] {
  const ctxName = error.validationContext as string | undefined;
  return (error.validation ?? []).map((v: any) => {
    const path = String(v.instancePath ?? '').split('/').filter(Boolean);
    if (v.keyword === 'additionalProperties' || v.keyword === 'unevaluatedProperties') {
      const extra = v.params?.additionalProperty ?? v.params?.unevaluatedProperty;
      return { field: [...path, extra].join('.'), message: 'Bilinmeyen alan', code: 'UNKNOWN_FIELD' };
    }
    if (v.keyword === 'required') {
      return { field: [...path, v.params?.missingProperty].join('.'), message: 'Zorunlu alan', code: 'REQUIRED' };
    }
    const field = path.join('.') || (ctxName === 'body' ? '' : ctxName ?? '');
    return { field, message: String(v.message ?? 'geçersiz'), code: String(v.keyword ?? 'invalid').toUpperCase() };
  });
}

/**
 * A refusal thrown by an outside plugin, which cannot import the kernel's Problem class (it is
 * not published): an error named `TezgahProblem` with a 4xx `status` and a `title` (the shape
 * `PluginProblem` of @tezgah/plugin-server, which its `pluginProblem` makes; keep the two in step)
 * answers as a problem with its detail, code and field errors. Only 4xx: what a plugin did not
 * mean to refuse stays a 500, logged as one.
 */
function pluginProblem(error: any): Problem | null {
  if (error?.name !== 'TezgahProblem' || !Number.isInteger(error.status) || error.status < 400 || error.status > 499 || typeof error.title !== 'string' || !error.title) return null;
  const text = (v: unknown, max: number) => (typeof v === 'string' && v ? v.slice(0, max) : undefined);
  const fieldErrors = Array.isArray(error.fieldErrors)
    ? error.fieldErrors.filter((f: any) => typeof f?.field === 'string' && typeof f?.message === 'string').slice(0, 100)
      .map((f: any) => ({ field: f.field.slice(0, 200), message: f.message.slice(0, 500), ...(text(f.code, 100) ? { code: text(f.code, 100) } : {}) }))
    : undefined;
  const detail = text(error.detail, 2000);
  const code = text(error.code, 100);
  return new Problem(error.status, error.title.slice(0, 200), { ...(detail ? { detail } : {}), ...(code ? { code } : {}), ...(fieldErrors?.length ? { fieldErrors } : {}) });
}

/** Turns any error into a problem: the one error shape, never a stack trace. */
export function toProblem(error: any): Problem {
  if (error instanceof Problem) return error;
  const outside = pluginProblem(error);
  if (outside) return outside;
  if (error?.validation) {
    const fieldErrors = fieldErrorsOf(error);
    return problems.badRequest(fieldErrors.map((f) => `${f.field || error.validationContext}: ${f.message}`).join('; '), fieldErrors);
  }
  switch (error?.code) {
    // Uploads (@fastify/multipart, bounded by config.upload).
    case 'FST_REQ_FILE_TOO_LARGE':
      return new Problem(413, 'Dosya çok büyük', { detail: `Bir dosya en fazla ${megabytes(error.limit)} olabilir.`, code: 'FILE_TOO_LARGE' });
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new Problem(413, 'Çok fazla dosya', { detail: 'Bir istekte gönderilebilecek dosya sayısı aşıldı.', code: 'TOO_MANY_FILES' });
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new Problem(415, 'Desteklenmeyen içerik türü', { detail: 'Dosyalar multipart/form-data ile gönderilmeli.', code: 'UNSUPPORTED_MEDIA_TYPE' });
    case 'FST_PROTO_VIOLATION':
      return problems.badRequest('Gönderilen dosya gövdesi bozuk.');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new Problem(413, 'İstek çok büyük', { detail: 'İstek gövdesi izin verilen boyutu aşıyor.', code: 'PAYLOAD_TOO_LARGE' });
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new Problem(415, 'Desteklenmeyen içerik türü', { detail: 'İstek gövdesi application/json olmalı.', code: 'UNSUPPORTED_MEDIA_TYPE' });
    // A path the router cannot decode (a lone '%', an encoded lone surrogate) or an over-long path parameter.
    case 'FST_ERR_BAD_URL':
      return problems.badRequest('İstek adresi geçerli biçimde kodlanmamış.');
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return new Problem(414, 'İstek adresi çok uzun', { detail: 'Adresteki bir değer izin verilen uzunluğu aşıyor.', code: 'URI_TOO_LONG' });
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return problems.badRequest('İstek gövdesi boş.');
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return problems.badRequest('İstek gövdesi geçerli JSON değil.');
    // Two transactions that waited on each other (deadlock, serialization): nothing was written; the caller may try again.
    case '40P01':
    case '40001':
      return new Problem(409, 'Eşzamanlı işlem çakışması', {
        detail: 'İşlem, aynı kayıtları değiştiren başka bir işlemle çakıştı ve geri alındı; hiçbir şey yazılmadı. Yeniden deneyin.',
        code: 'CONCURRENT_CONFLICT', headers: { 'retry-after': '1' },
      });
    // A kept statement whose table another server's migration changed (db/database.ts): it is
    // prepared afresh on the next try.
    case '0A000':
      if (isStalePlan(error)) {
        return new Problem(503, 'Veritabanı güncelleniyor', {
          detail: 'Veritabanının tabloları bu işlem sırasında değişti (bir güncelleme kuruluyor); hiçbir şey yazılmadı. Yeniden deneyin.',
          code: 'SCHEMA_CHANGED', headers: { 'retry-after': '1' },
        });
      }
      break;
    // PostgreSQL errors that bad input can still reach: answer as the client's problem.
    case '23505':
      return problems.conflict('Bu kayıt zaten var.', 'DUPLICATE');
    case '23503':
      return problems.conflict('Kayıt başka kayıtlarla ilişkili.', 'REFERENCED');
    case '23514':
    case '22P02':
    case '22001':
    case '22003':
    case '22007':
    case '22008':
    case '22021': // a byte the database refuses in text (NUL): control-chars.ts refuses it first
    case '22P05':
      return problems.badRequest('Değer geçersiz veya izin verilen aralığın dışında.');
    case '42501':
      return problems.notFound();
  }
  if (error instanceof SyntaxError && (error as any).statusCode === 400) return problems.badRequest('İstek gövdesi geçerli JSON değil.');
  const status = Number(error?.statusCode);
  if (status >= 400 && status < 500) return new Problem(status, 'Geçersiz istek', { detail: String(error.message ?? '') });
  return new Problem(500, 'Sunucu hatası', { detail: 'Beklenmeyen bir hata oluştu; kayıt altına alındı.', code: 'INTERNAL' });
}

/** Answers with the problem `error` stands for (the error handler, and the router's own refusals). */
function replyProblem(error: any, request: FastifyRequest, reply: FastifyReply) {
  const problem = toProblem(error);
  if (problem.status >= 500) {
    request.log.error({ err: error }, 'request failed');
    // Tests run without a logger: TEZGAH_DEBUG_ERRORS=1 prints what a 500 hid.
    if (process.env.TEZGAH_DEBUG_ERRORS === '1') console.error(error);
  }
  if (problem.headers) for (const [k, v] of Object.entries(problem.headers)) reply.header(k, v);
  reply.status(problem.status).type('application/problem+json').send(JSON.stringify(problem.toBody(request.url.split('?')[0], problemLanguage(request.headers['accept-language']))));
}

function checkAccess(op: OperationSpec, auth: Auth) {
  if (op.management && !isManagement(auth.authorities)) {
    throw problems.forbidden('Bu işlem yalnızca yönetim kullanıcılarına açıktır.', 'MANAGEMENT_ONLY');
  }
  if (op.authority && !op.authority.some((a) => hasAuthority(auth.authorities, a.module, a.action, auth.companyId))) {
    throw problems.forbidden(undefined, 'MISSING_AUTHORITY');
  }
}

export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const { services } = opts;
  // The repository's contract, with the outside plugins' fragments (TEZGAH_PLUGINS) merged in.
  const doc = mergeContract(loadDocument(), opts.plugins.flatMap((p) => (p.contract ? [p.contract] : [])));
  const ops = operations(doc);
  const handlers = new Map<string, Handler>();
  for (const p of opts.plugins) {
    for (const [id, h] of Object.entries(p.handlers)) {
      if (handlers.has(id)) throw new Error(`operation ${id} has handlers in two plugins`);
      handlers.set(id, h);
    }
  }

  const app = Fastify({
    logger: opts.logger ?? false,
    bodyLimit: services.config.bodyLimit,
    trustProxy: false,
    return503OnClosing: true,
    // The router's own refusals (see toProblem) go through the error handler, so they are problems too.
    frameworkErrors: replyProblem,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    ajv: undefined,
    schemaController: {
      compilersFactory: {
        buildSerializer: (external: unknown, options: unknown) => {
          const build = serializerFactory(external as never, options as never);
          return (route: Parameters<typeof build>[0]) => lazily(() => build(route));
        },
      },
    },
  });
  const bodyAjv = makeAjv(false);
  const paramAjv = makeAjv(true);
  app.setValidatorCompiler(({ schema, httpPart }) => lazily(() => (httpPart === 'body' ? bodyAjv : paramAjv).compile(schema as object)));
  await registerSecurityHeaders(app, services.config.publicUrl);

  // multipart/form-data for the operations that upload (contract: `multipart`); files are read by readUpload.
  await app.register(multipart, { limits: { fileSize: services.config.upload.fileSize, files: services.config.upload.files, fields: 20, parts: services.config.upload.files + 20, headerPairs: 100 } });
  // application/x-www-form-urlencoded, for the operations whose contract takes it (a provider's
  // callback): an object of strings (a repeated field keeps its last value); any other operation
  // refuses a form with 415 before its schema runs.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });
  app.setErrorHandler(replyProblem);
  app.setNotFoundHandler((request, reply) => {
    reply.status(404).type('application/problem+json')
      .send(JSON.stringify(new Problem(404, 'Bulunamadı', { detail: `${request.method} ${request.url.split('?')[0]} yok.`, code: 'NO_ROUTE' }).toBody(undefined, problemLanguage(request.headers['accept-language']))));
  });
  app.addHook('onSend', async (_req, reply, payload) => {
    reply.header('access-control-expose-headers', EXPOSED); // nosniff and the rest: registerSecurityHeaders
    return payload;
  });

  for (const op of ops) {
    const handler = handlers.get(op.operationId);
    const response: Record<string, object> = {};
    for (const [status, schema] of Object.entries(op.schemas.response)) if (schema) response[status] = schema;
    app.route({
      method: op.method,
      url: op.url,
      schema: {
        ...(op.schemas.body ? { body: op.schemas.body } : {}),
        ...(op.schemas.querystring ? { querystring: op.schemas.querystring } : {}),
        ...(op.schemas.params ? { params: op.schemas.params } : {}),
        response,
      },
      config: { operationId: op.operationId },
      ...(op.bodyLimit ? { bodyLimit: op.bodyLimit } : {}),
      // Who and may-they come first: a caller without the authority learns nothing about the input.
      onRequest: async (request) => {
        if (op.public) return;
        authOf.set(request, await authorize(services, op, request, false));
      },
      // Before the schemas: no string of the request may carry a control character (control-chars.ts).
      preValidation: async (request) => {
        // An optional body left out is an empty one (the schema still checks what is sent).
        if (!op.form && /^application\/x-www-form-urlencoded\b/i.test(request.headers['content-type'] ?? '')) {
          throw new Problem(415, 'Desteklenmeyen içerik türü', { detail: 'Bu işlem application/json gövde bekler.', code: 'UNSUPPORTED_MEDIA_TYPE' });
        }
        if (op.bodyOptional && (request.body === undefined || request.body === null)) (request as { body: unknown }).body = {};
        refuseControlCharacters(request);
      },
      handler: async (request, reply) => {
        if (!handler) {
          throw new Problem(501, 'Henüz uygulanmadı', { detail: `${op.operationId} için bir işleyici yok.`, code: 'NOT_IMPLEMENTED' });
        }
        const auth = authOf.get(request) ?? null;
        if (op.multipart) (request as { body: unknown }).body = await readUpload(request, services.config.upload.fileSize);
        const run = (a: Auth | null, checkVersion: boolean) => runHandler(services, op, handler, a, request, (k, v) => reply.header(k, v), (s) => reply.status(s), checkVersion);
        let result: unknown;
        try {
          result = await run(auth, true);
        } catch (e) {
          if (!(e instanceof StaleAuth)) throw e;
          // Roles, memberships or sessions changed since this caller's session was resolved.
          result = await run(await authorize(services, op, request, true), false);
        }
        if (reply.statusCode === 200 && op.successStatus !== 200) reply.status(op.successStatus);
        if (reply.statusCode === 204) return reply.send();
        return result;
      },
    });
  }

  app.get('/openapi.json', async (_req, reply) => reply.type('application/json').send(doc));
  const docsHtml = renderDocs(doc, ops);
  app.get('/docs', async (_req, reply) => reply.type('text/html; charset=utf-8').header('content-security-policy', DOCS_CSP).send(docsHtml));
  // Sandboxes of outside systems (simulators a plugin's sandbox adapters reach over HTTP), when configured.
  await mountSandboxes(app, opts.plugins, services);
  await opts.extend?.(app);
  return app;
}

/** Who calls and may they: a refusal of a session served from the cache is checked afresh. */
async function authorize(services: Services, op: OperationSpec, request: FastifyRequest, fresh: boolean): Promise<Auth> {
  const auth = await authenticateRequest(services, request.headers, op, fresh);
  try {
    checkAccess(op, auth);
  } catch (e) {
    if (fresh || !authVersionOf(auth)?.cached) throw e;
    return authorize(services, op, request, true);
  }
  return auth;
}

/** The auth version changed between resolving the caller and starting their transaction. */
class StaleAuth extends Error {}

/**
 * Runs a handler: an authenticated GET on the read path when the server has one (one round trip
 * for a simple read, db/read-path.ts), anything else, or a GET that turns out to write, in the
 * request's transaction (runInTransaction).
 */
async function runHandler(
  services: Services,
  op: OperationSpec,
  handler: Handler,
  auth: Auth | null,
  request: FastifyRequest,
  setHeader: (k: string, v: string) => void,
  setStatus: (s: number) => void,
  checkVersion = true,
): Promise<unknown> {
  const reads = services.reads;
  if (op.method === 'GET' && auth && reads?.ready) {
    const audits: AuditEntry[] = [];
    const events: EmittedEvent[] = [];
    const after: AfterWork[] = [];
    let result: unknown;
    try {
      result = await reads.run(auth.companyId, (db) => handler(contextOf(services, op, auth, db as unknown as Trx, request, audits, events, after, setHeader, setStatus)));
    } catch (e) {
      // The read connection refused a write (25006): nothing was written; run it as a writer.
      if ((e as { code?: unknown } | null)?.code !== READ_ONLY_SQL_TRANSACTION) {
        await runAfter(request, after, services, false);
        throw e;
      }
      // It writes: read the auth version after it too (a sign-out must end the session here at once).
      return runInTransaction(services, op, handler, auth, request, setHeader, setStatus, checkVersion, true);
    }
    let claimed: Claimed[] = [];
    if (audits.length || events.length) {
      await tenantTransaction(services.db, auth.companyId, async (trx) => {
        claimed = (await writeEnd(trx, services, audits, events, auth, request, false)).claimed;
      });
    }
    if (claimed.length) after.push(deliverAfter(services, request, claimed));
    await runAfter(request, after, services, true);
    return result;
  }
  return runInTransaction(services, op, handler, auth, request, setHeader, setStatus, checkVersion);
}

const megabytes = (bytes: unknown) => `${Math.round((Number(bytes) || 0) / 1024 / 1024 * 10) / 10} MB`;

/**
 * Reads a multipart request's files (every file part; other fields are ignored) into memory,
 * before the handler's transaction begins, each bounded by the upload limit (a larger one answers
 * 413 FILE_TOO_LARGE, and so does a count above the limit). A request that is not multipart
 * brings none: the handler checks what the path names first (404, 403), then `uploadedFiles`
 * refuses it (415).
 */
async function readUpload(request: FastifyRequest, fileSize: number): Promise<Upload> {
  if (!request.isMultipart()) return { multipart: false, files: [] };
  const files: UploadedFile[] = [];
  for await (const part of request.parts()) {
    if (part.type !== 'file') continue;
    const data = await part.toBuffer();
    if (part.file.truncated) throw Object.assign(new Error('file too large'), { code: 'FST_REQ_FILE_TOO_LARGE', limit: fileSize });
    files.push({ fieldName: part.fieldname, fileName: part.filename, mimeType: part.mimetype, data });
  }
  return { multipart: true, files };
}

type AfterWork = (db: Services['db'], committed: boolean) => Promise<void>;

function contextOf(
  services: Services, op: OperationSpec, auth: Auth | null, trx: Trx, request: FastifyRequest,
  audits: AuditEntry[], events: EmittedEvent[], after: AfterWork[],
  setHeader: (k: string, v: string) => void, setStatus: (s: number) => void,
): RequestContext {
  return {
    op,
    auth,
    trx,
    body: request.body,
    query: request.query,
    params: request.params,
    ip: request.ip,
    services,
    audit: (e) => { audits.push(e); },
    afterwards: (fn) => { after.push(fn); },
    emit: (name, payload) => {
      // Written with the request's transaction (runInTransaction), delivered after its commit.
      events.push({ name, companyId: auth?.companyId ?? null, payload });
    },
    setHeader,
    setStatus,
  };
}

/** The request's audit rows, stamped with the server's clock (services.now), which reports of them compare with. */
function auditRows(audits: AuditEntry[], auth: Auth | null, request: FastifyRequest, at: Date) {
  return audits.map((e) => {
    const user = e.user !== undefined ? e.user : auth ? { id: auth.userId, login: auth.login } : null;
    const actor = e.actor !== undefined ? e.actor : auth?.actor ?? null;
    return {
      company_id: e.companyId !== undefined ? e.companyId : auth?.companyId ?? null,
      user_id: user?.id ?? null,
      user_login: user?.login ?? null,
      actor_id: actor?.id ?? null,
      actor_login: actor?.login ?? null,
      action: e.action,
      entity: e.entity ?? null,
      entity_id: e.entityId == null ? null : String(e.entityId),
      ip: request.ip,
      detail: e.detail ? JSON.stringify(e.detail) : null,
      at,
    };
  });
}

/**
 * The end of a writing request's transaction in ONE statement (data-modifying CTEs): its audit
 * rows, its event rows (one per listening plugin, kernel/events.ts, written already claimed by
 * this request, so delivering them after the commit needs no claiming statement) and, when
 * `version` is set, the auth version as the transaction now sees it. Answers the event rows as
 * claimed (for delivery after the commit) and that version (-1 when not read).
 */
async function writeEnd(trx: Trx, services: Services, audits: AuditEntry[], events: EmittedEvent[], auth: Auth | null, request: FastifyRequest,
  version: boolean): Promise<{ claimed: Claimed[]; version: number }> {
  const audit = auditRows(audits, auth, request, services.now());
  const deliveries = eventRows(services, events, claimUntil(services.now()));
  if (!audit.length && !deliveries.length && !version) return { claimed: [], version: -1 };
  const parts = [];
  if (audit.length) {
    parts.push(sql`audit as (insert into audit_events (company_id, user_id, user_login, actor_id, actor_login, action, entity, entity_id, ip, detail, at)
      values ${sql.join(audit.map((a) => sql`(${a.company_id}, ${a.user_id}, ${a.user_login}, ${a.actor_id}, ${a.actor_login}, ${a.action}, ${a.entity},
        ${a.entity_id}, ${a.ip}, ${a.detail}, ${a.at})`))})`);
  }
  if (deliveries.length) {
    parts.push(sql`deliveries as (insert into event_deliveries (event_id, name, listener, company_id, payload, next_attempt_at, attempts, claimed_until)
      values ${sql.join(deliveries.map((d) => sql`(${d.event_id}, ${d.name}, ${d.listener}, ${d.company_id}, ${d.payload}, ${d.next_attempt_at}, ${d.attempts}, ${d.claimed_until})`))}
      returning id)`);
  }
  const r = await sql<{ ids: (string | number)[] | null; version: number | null }>`${parts.length ? sql`with ${sql.join(parts)} ` : sql``}select
      ${deliveries.length ? sql`array(select id from deliveries order by id)` : sql`null::bigint[]`} as ids,
      ${version ? sql`(select version from auth_version)` : sql`null::bigint`} as version`.execute(trx);
  const row = r.rows[0];
  // Rows of one multi-row insert take their ids in the order of the values.
  const ids = (row?.ids ?? []).map(Number);
  const claimed = deliveries.map((d, i) => ({
    id: ids[i]!, event_id: d.event_id, name: d.name, listener: d.listener, company_id: d.company_id, payload: d.payload, attempts: d.attempts,
  }));
  return { claimed, version: row?.version == null ? -1 : Number(row.version) };
}

/** Delivers the request's committed events to their listeners (kernel/events.ts). */
function deliverAfter(services: Services, request: FastifyRequest, claimed: Claimed[]): AfterWork {
  return async () => {
    await deliverClaimed(services, claimed, (msg, extra) => request.log.error(extra, msg));
  };
}

async function runAfter(request: FastifyRequest, after: AfterWork[], services: Services, committed: boolean) {
  for (const fn of after) {
    try {
      await fn(services.db, committed);
    } catch (e) {
      request.log.error({ err: e }, 'after-request work failed');
    }
  }
}

/**
 * Runs a handler in the request's transaction, started by ONE statement (begin, role, company and
 * the current auth version: tenantTransaction). When checkVersion is set and that version is not
 * the one the caller's session was resolved under, throws StaleAuth before the handler runs. On a
 * server with a read path, a write's transaction reads the auth version again at its end, so this
 * server's cached sessions see its own revocations before the answer leaves (other servers hear
 * of them by NOTIFY).
 */
async function runInTransaction(
  services: Services,
  op: OperationSpec,
  handler: Handler,
  auth: Auth | null,
  request: FastifyRequest,
  setHeader: (k: string, v: string) => void,
  setStatus: (s: number) => void,
  checkVersion: boolean,
  writes = op.method !== 'GET',
): Promise<unknown> {
  const audits: AuditEntry[] = [];
  const events: EmittedEvent[] = [];
  const after: AfterWork[] = [];
  let claimed: Claimed[] = [];
  let committed = false;
  let versionAfter = -1;
  try {
    const idem = idempotencyOf(op, auth, request);
    let status: number | null = null;
    const trackStatus = (s: number) => { status = s; setStatus(s); };
    const out = await tenantTransaction(services.db, auth ? auth.companyId : null, async (trx, authVersion) => {
      sessionCache(services).saw(authVersion);
      if (auth && checkVersion && authVersionOf(auth)?.version !== authVersion) throw new StaleAuth();
      // A request repeated with its Idempotency-Key answers the first one's result (idempotency.ts).
      const replay = idem ? await claimIdempotencyKey(trx, idem, services.now()) : null;
      if (replay) {
        setHeader('idempotent-replayed', 'true');
        setStatus(replay.status);
        return replay.body;
      }
      const result = await handler(contextOf(services, op, auth, trx, request, audits, events, after, setHeader, trackStatus));
      if (idem) await recordIdempotencyKey(trx, idem, status ?? op.successStatus, result);
      if (op.method !== 'GET' && audits.length === 0 && auth) {
        const params = request.params as Record<string, unknown> | undefined;
        const id = params?.id ?? (result && typeof result === 'object' && 'id' in result ? (result as any).id : undefined);
        audits.push({ action: op.operationId, entity: op.tags[0] ?? null, entityId: id as any });
      }
      const end = await writeEnd(trx, services, audits, events, auth, request, !!services.reads && writes);
      claimed = end.claimed;
      versionAfter = end.version;
      return result;
    });
    committed = true;
    sessionCache(services).saw(versionAfter);
    return out;
  } finally {
    if (committed && claimed.length) after.push(deliverAfter(services, request, claimed));
    if (committed && op.method !== 'GET') {
      after.push(async () => { await services.mail.flush(); });
    }
    await runAfter(request, after, services, committed);
  }
}
