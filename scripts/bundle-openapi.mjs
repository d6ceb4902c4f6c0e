#!/usr/bin/env node
// Bundles openapi/index.yaml and every area file (openapi/<area>/*.yaml) into one OpenAPI 3.1
// document, openapi/dist/openapi.json. Area files hold `paths` and `components` only; refs are
// always local to the bundle (`#/components/...`). `--check` exits 1 when the committed bundle
// differs from what the sources give (the drift test runs the same comparison).
import { readFileSync, writeFileSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { join, relative, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', 'openapi');
const OUT = join(root, 'dist', 'openapi.json');
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];

function areaFiles(dir) {
  const out = [];
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) {
      if (name !== 'dist') out.push(...areaFiles(p));
    } else if (name.endsWith('.yaml') && dir !== root) out.push(p);
  }
  return out;
}

export function bundle() {
  const doc = parse(readFileSync(join(root, 'index.yaml'), 'utf8'));
  doc.paths = {};
  doc.components ??= {};
  const owner = new Map();
  for (const file of areaFiles(root)) {
    const rel = relative(root, file);
    const part = parse(readFileSync(file, 'utf8')) ?? {};
    for (const key of Object.keys(part)) {
      if (key !== 'paths' && key !== 'components') throw new Error(`${rel}: unexpected top-level key '${key}'`);
    }
    for (const [path, item] of Object.entries(part.paths ?? {})) {
      if (doc.paths[path]) throw new Error(`${rel}: path ${path} is already defined in ${owner.get(path)}`);
      doc.paths[path] = item;
      owner.set(path, rel);
    }
    for (const [section, entries] of Object.entries(part.components ?? {})) {
      doc.components[section] ??= {};
      for (const [name, value] of Object.entries(entries)) {
        const k = `${section}/${name}`;
        if (doc.components[section][name]) throw new Error(`${rel}: components/${k} is already defined in ${owner.get(k)}`);
        doc.components[section][name] = value;
        owner.set(k, rel);
      }
    }
  }
  const opIds = new Set();
  const tags = new Set();
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const m of METHODS) {
      const op = item[m];
      if (!op) continue;
      if (!op.operationId) throw new Error(`${m.toUpperCase()} ${path}: operationId missing`);
      if (opIds.has(op.operationId)) throw new Error(`operationId ${op.operationId} used twice`);
      opIds.add(op.operationId);
      for (const t of op.tags ?? []) tags.add(t);
      op.responses ??= {};
      op.responses.default ??= { $ref: '#/components/responses/Problem' };
      // Every signed-in writing operation takes an Idempotency-Key (the kernel's idempotency.ts).
      const isPublic = Array.isArray(op.security) && op.security.length === 0;
      if (m !== 'get' && !isPublic) op.parameters = [...(op.parameters ?? []), { $ref: '#/components/parameters/IdempotencyKey' }];
    }
  }
  doc.tags = [...tags].sort().map((name) => ({ name }));
  // Every local ref must resolve.
  const walk = (v, at) => {
    if (Array.isArray(v)) v.forEach((x, i) => walk(x, `${at}/${i}`));
    else if (v && typeof v === 'object') {
      if (typeof v.$ref === 'string') {
        const [, ...parts] = v.$ref.split('/');
        let cur = doc;
        for (const p of parts) cur = cur?.[p];
        if (cur === undefined) throw new Error(`unresolved ${v.$ref} at ${at}`);
      }
      for (const [k, x] of Object.entries(v)) walk(x, `${at}/${k}`);
    }
  };
  walk(doc, '#');
  return JSON.stringify(doc, null, 2) + '\n';
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const text = bundle();
  if (process.argv.includes('--check')) {
    let current = '';
    try { current = readFileSync(OUT, 'utf8'); } catch {}
    if (current !== text) {
      console.error('openapi/dist/openapi.json is stale: run `pnpm gen`');
      process.exit(1);
    }
  } else {
    mkdirSync(dirname(OUT), { recursive: true });
    writeFileSync(OUT, text);
    const ops = Object.values(JSON.parse(text).paths).reduce((n, i) => n + METHODS.filter((m) => i[m]).length, 0);
    console.log(`openapi/dist/openapi.json: ${ops} operations`);
  }
}
