/**
 * The runtime behind the generated named calls (src/generated/resources.ts): each call is a row
 * of `RESOURCE_OPERATIONS` (method, path, how its arguments and answer are carried), turned into a
 * function here. Arguments come in this order: the path parameters (in the path's order), the body,
 * the query, then {@link CallInit}.
 */
import type { operations } from './generated/api';

/** Per-call options of a named call. */
export interface CallInit {
  /** Sent as `Idempotency-Key` (see `idempotencyKey()`): a retry with the same key is answered once. */
  readonly idempotencyKey?: string;
  /** Extra request headers. */
  readonly headers?: Record<string, string>;
  /** Cancels the request (the Effect API also cancels it when the fiber is interrupted). */
  readonly signal?: AbortSignal;
}

/** How one named call is sent. */
export interface OperationSpec {
  readonly method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  readonly path: string;
  readonly pathParams: readonly string[];
  /** How the body is encoded: JSON, multipart form data (files) or url-encoded form; null when none. */
  readonly body: 'json' | 'multipart' | 'form' | null;
  readonly query: boolean;
  /** page: items and `x-total-count`; json; text; blob (PDF, XML as a file, xlsx, zip); void (no content). */
  readonly answer: 'page' | 'json' | 'text' | 'blob' | 'void';
}

type Op = operations;

/** The path parameters of an operation. */
export type OpPath<K extends keyof Op> = Op[K]['parameters'] extends { path: infer P } ? NonNullable<P> : never;
/** The query parameters of an operation. */
export type OpQuery<K extends keyof Op> = Op[K]['parameters'] extends { query?: infer Q } ? NonNullable<Q> : never;

type RequestContent<K extends keyof Op> = Op[K] extends { requestBody?: infer B }
  ? NonNullable<B> extends { content: infer C }
    ? C
    : never
  : never;

/** The JSON body of an operation. */
export type OpBody<K extends keyof Op> = RequestContent<K> extends { 'application/json': infer B } ? B : never;
/** The multipart form of an operation as the contract types it (the generated call puts `Blob` for file parts). */
export type MultipartBody<K extends keyof Op> = RequestContent<K> extends { 'multipart/form-data': infer B } ? B : never;

/** The JSON answer of an operation for the given success codes. */
export type OpAnswer<K extends keyof Op, C extends number> = C extends keyof Op[K]['responses']
  ? Op[K]['responses'][C] extends { content: { 'application/json': infer T } }
    ? T
    : never
  : never;

/** The item type of an array answer. */
export type ItemOf<T> = T extends readonly (infer I)[] ? I : never;

/** What `buildResources` needs from the Effect API: one request, answered with its data and response. */
export type Sender<E> = (
  method: OperationSpec['method'],
  path: string,
  init: Record<string, unknown>,
  answer: OperationSpec['answer'],
) => E;

function toFormData(body: Record<string, unknown>): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(body)) {
    if (value === undefined || value === null) continue;
    for (const v of Array.isArray(value) ? value : [value]) {
      if (v instanceof Blob) form.append(key, v);
      else form.append(key, typeof v === 'object' ? JSON.stringify(v) : String(v));
    }
  }
  return form;
}

function toUrlEncoded(body: Record<string, unknown>): URLSearchParams {
  const form = new URLSearchParams();
  for (const [key, value] of Object.entries(body)) {
    if (value === undefined || value === null) continue;
    for (const v of Array.isArray(value) ? value : [value]) form.append(key, String(v));
  }
  return form;
}

/** The openapi-fetch options of a call from its positional arguments. */
export function requestInit(spec: OperationSpec, args: readonly unknown[]): Record<string, unknown> {
  let i = 0;
  const path: Record<string, unknown> = {};
  for (const name of spec.pathParams) path[name] = args[i++];
  const body = spec.body ? args[i++] : undefined;
  const query = spec.query ? args[i++] : undefined;
  const call = (args[i] ?? {}) as CallInit;
  const headers: Record<string, string> = { ...call.headers };
  if (call.idempotencyKey !== undefined) headers['Idempotency-Key'] = call.idempotencyKey;
  const params: Record<string, unknown> = {};
  if (spec.pathParams.length > 0) params.path = path;
  if (query !== undefined) params.query = query;
  const init: Record<string, unknown> = { params };
  if (Object.keys(headers).length > 0) init.headers = headers;
  if (call.signal) init.signal = call.signal;
  if (body !== undefined) {
    if (spec.body === 'multipart') init.body = toFormData(body as Record<string, unknown>);
    else if (spec.body === 'form') {
      init.body = toUrlEncoded(body as Record<string, unknown>);
      init.bodySerializer = (b: unknown) => b;
      init.headers = { 'Content-Type': 'application/x-www-form-urlencoded', ...headers };
    } else init.body = body;
  }
  if (spec.answer === 'text') init.parseAs = 'text';
  else if (spec.answer === 'blob') init.parseAs = 'blob';
  return init;
}

/** Turns the table of generated operations into resources of functions over `send`. */
export function buildResources<E>(
  table: Readonly<Record<string, Readonly<Record<string, OperationSpec>>>>,
  send: Sender<E>,
): Record<string, Record<string, (...args: unknown[]) => E>> {
  const out: Record<string, Record<string, (...args: unknown[]) => E>> = {};
  for (const [resource, calls] of Object.entries(table)) {
    const fns: Record<string, (...args: unknown[]) => E> = {};
    for (const [name, spec] of Object.entries(calls)) {
      fns[name] = (...args: unknown[]) => send(spec.method, spec.path, requestInit(spec, args), spec.answer);
    }
    out[resource] = fns;
  }
  return out;
}
