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

/** An outside plugin (TEZGAH_PLUGINS) that cannot be taken in: the start stops with this message. */
export class OutsidePluginError extends Error {
  override name = 'OutsidePluginError';
}

/** The path prefix an outside plugin's operations live under: `/plugins/<id>/…`. */
export function pluginPathPrefix(id: string): string {
  return `/plugins/${id}/`;
}

/** An outside plugin's piece of the contract (its package's `tezgah.contract`), as read from its file. */
export interface ContractFragment {
  /** The plugin's id; its paths must start with {@link pluginPathPrefix}. */
  plugin: string;
  /** Where it was read from, for the messages. */
  source: string;
  doc: { paths?: Record<string, unknown>; components?: Record<string, Record<string, unknown>>; tags?: unknown[] };
}

/**
 * The contract with the outside plugins' fragments merged in: their paths and components join the
 * repository's, so the server routes and validates them and `/openapi.json` and `/docs` show them.
 * A fragment's paths must lie under `/plugins/<id>/`, and it may not redefine a path, an
 * operationId or a component (schema, parameter, response …) that is already there: each is an
 * error naming the plugin. The base document is not changed.
 */
export function mergeContract(base: any, fragments: readonly ContractFragment[]): any {
  if (!fragments.length) return base;
  const doc = { ...base, paths: { ...(base.paths ?? {}) }, components: { ...(base.components ?? {}) }, tags: [...(base.tags ?? [])] };
  const opIds = new Map<string, string>();
  for (const [path, item] of Object.entries<any>(doc.paths)) for (const m of METHODS) if (item?.[m]?.operationId) opIds.set(item[m].operationId, path);
  for (const f of fragments) {
    const where = `plugin ${f.plugin} (${f.source})`;
    const prefix = pluginPathPrefix(f.plugin);
    const paths = f.doc?.paths ?? {};
    if (typeof paths !== 'object' || Array.isArray(paths)) throw new OutsidePluginError(`${where}: "paths" must be an object`);
    for (const [path, item] of Object.entries<any>(paths)) {
      if (!path.startsWith(prefix)) throw new OutsidePluginError(`${where}: path ${path} is outside its prefix ${prefix}`);
      if (doc.paths[path]) throw new OutsidePluginError(`${where}: path ${path} is already in the contract`);
      for (const m of METHODS) {
        const op = item?.[m];
        if (!op) continue;
        if (typeof op.operationId !== 'string' || !op.operationId) throw new OutsidePluginError(`${where}: ${m.toUpperCase()} ${path} has no operationId`);
        const twin = opIds.get(op.operationId);
        if (twin) throw new OutsidePluginError(`${where}: operationId ${op.operationId} (${m.toUpperCase()} ${path}) is already the operation of ${twin}`);
        opIds.set(op.operationId, path);
      }
      doc.paths[path] = item;
    }
    for (const [kind, entries] of Object.entries(f.doc?.components ?? {})) {
      const have = { ...(doc.components[kind] ?? {}) };
      for (const [name, value] of Object.entries(entries ?? {})) {
        if (name in have) throw new OutsidePluginError(`${where}: components.${kind}.${name} is already in the contract`);
        have[name] = value;
      }
      doc.components[kind] = have;
    }
    for (const tag of f.doc?.tags ?? []) if (!doc.tags.some((t: any) => t?.name === (tag as any)?.name)) doc.tags.push(tag);
  }
  return doc;
}

/** Reads a contract fragment file: YAML (`.yaml`, `.yml`) or JSON. */
export async function readContractFragment(plugin: string, file: string): Promise<ContractFragment> {
  const text = readFileSync(file, 'utf8');
  let doc: unknown;
  try {
    if (/\.ya?ml$/i.test(file)) {
      const { parse } = await import('yaml');
      doc = parse(text);
    } else {
      doc = JSON.parse(text);
    }
  } catch (e) {
    throw new OutsidePluginError(`plugin ${plugin} (${file}): the contract cannot be read: ${(e as Error).message}`);
  }
  if (!doc || typeof doc !== 'object' || Array.isArray(doc)) throw new OutsidePluginError(`plugin ${plugin} (${file}): the contract is not an OpenAPI document`);
  return { plugin, source: file, doc: doc as ContractFragment['doc'] };
}

/** The operationIds a fragment declares. */
export function fragmentOperationIds(f: ContractFragment): string[] {
  const ids: string[] = [];
  for (const item of Object.values<any>(f.doc?.paths ?? {})) for (const m of METHODS) if (item?.[m]?.operationId) ids.push(item[m].operationId);
  return ids;
}
