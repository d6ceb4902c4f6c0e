import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The bundled OpenAPI document: the single source of the HTTP surface. */
export const CONTRACT_PATH = fileURLToPath(new URL('../../../../openapi/dist/openapi.json', import.meta.url));

export interface Authority {
  module: number;
  action: number;
}

/** One operation as the kernel needs it: where it lives, what it takes, what guards it. */
export interface OperationSpec {
  operationId: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  path: string;
  /** Fastify route syntax: {id} becomes :id */
  url: string;
  tags: string[];
  summary: string;
  public: boolean;
  management: boolean;
  /** `x-allow-locked: true`: a locked session (the lock screen) may still call it; others answer 423. */
  allowLocked: boolean;
  /** The caller needs one of these (`x-authority` is one object or a list: any of them). */
  authority: Authority[] | null;
  sortFields: string[];
  pathParams: string[];
  schemas: {
    body?: object;
    querystring?: object;
    params?: object;
    response: Record<string, object | null>;
  };
  successStatus: number;
  /**
   * The request body is multipart/form-data (uploads): the kernel reads its files, bounded by
   * `config.upload`, into `ctx.body.files` before the handler runs; no JSON schema applies.
   */
  multipart: boolean;
  /**
   * The body may come as application/x-www-form-urlencoded (a provider's callback posts a form):
   * the kernel reads it into an object of strings and validates it with the operation's schema.
   */
  form: boolean;
  /** `x-body-limit`: the largest JSON body this operation takes, in bytes (Fastify's 1 MB otherwise). */
  bodyLimit: number | null;
  /** The request body is optional (`requestBody.required` not true): no body is read as `{}`. */
  bodyOptional: boolean;
}

const METHODS = ['get', 'post', 'put', 'delete', 'patch'] as const;

export function loadDocument(path = CONTRACT_PATH): any {
  return JSON.parse(readFileSync(path, 'utf8'));
}

/** Replaces every local $ref with (a copy of) what it points to; the contract has no cycles. */
export function dereference(doc: any, value: any, seen: string[] = []): any {
  if (Array.isArray(value)) return value.map((v) => dereference(doc, v, seen));
  if (!value || typeof value !== 'object') return value;
  if (typeof value.$ref === 'string') {
    const ref: string = value.$ref;
    if (seen.includes(ref)) throw new Error(`cyclic $ref ${ref}`);
    let target = doc;
    for (const p of ref.replace(/^#\//, '').split('/')) target = target?.[p];
    if (target === undefined) throw new Error(`unresolved $ref ${ref}`);
    const { $ref: _, ...rest } = value;
    return { ...dereference(doc, target, [...seen, ref]), ...dereference(doc, rest, seen) };
  }
  const out: any = {};
  for (const [k, v] of Object.entries(value)) {
    // OpenAPI annotations that JSON Schema validators do not know.
    if (k === 'example' || k === 'externalDocs' || k === 'xml' || k === 'discriminator') continue;
    out[k] = dereference(doc, v, seen);
  }
  return out;
}

export function operations(doc: any): OperationSpec[] {
  const out: OperationSpec[] = [];
  for (const [path, item] of Object.entries<any>(doc.paths ?? {})) {
    for (const m of METHODS) {
      const op = item[m];
      if (!op) continue;
      const params = dereference(doc, [...(item.parameters ?? []), ...(op.parameters ?? [])]) as any[];
      const group = (where: string) => {
        const ps = params.filter((p) => p.in === where);
        if (!ps.length) return undefined;
        return {
          type: 'object',
          properties: Object.fromEntries(ps.map((p) => [p.name, p.schema ?? {}])),
          required: ps.filter((p) => p.required).map((p) => p.name),
        };
      };
      const content = op.requestBody ? dereference(doc, op.requestBody)?.content : undefined;
      const form = content?.['application/x-www-form-urlencoded']?.schema;
      const body = content?.['application/json']?.schema ?? form;
      const multipart = Boolean(content?.['multipart/form-data']);
      const response: Record<string, object | null> = {};
      let successStatus = 0;
      for (const [status, r] of Object.entries<any>(op.responses ?? {})) {
        if (!/^2\d\d$/.test(status)) continue;
        const res = dereference(doc, r);
        response[status] = res?.content?.['application/json']?.schema ?? null;
        if (!successStatus) successStatus = Number(status);
      }
      const schemas: OperationSpec['schemas'] = { response };
      if (body) schemas.body = body;
      const qs = group('query');
      if (qs) schemas.querystring = qs;
      const ps = group('path');
      if (ps) schemas.params = ps;
      out.push({
        operationId: op.operationId,
        method: m.toUpperCase() as OperationSpec['method'],
        path,
        url: path.replace(/\{([^}]+)\}/g, ':$1'),
        tags: op.tags ?? [],
        summary: op.summary ?? '',
        public: op['x-public'] === true,
        management: op['x-management'] === true,
        allowLocked: op['x-allow-locked'] === true,
        authority: op['x-authority'] ? (Array.isArray(op['x-authority']) ? op['x-authority'] : [op['x-authority']]) : null,
        sortFields: op['x-sort-fields'] ?? [],
        pathParams: params.filter((p) => p.in === 'path').map((p) => p.name),
        schemas,
        successStatus: successStatus || 200,
        multipart,
        form: Boolean(form),
        bodyLimit: typeof op['x-body-limit'] === 'number' ? op['x-body-limit'] : null,
        bodyOptional: Boolean(body && dereference(doc, op.requestBody)?.required !== true),
      });
    }
  }
  return out;
}
