#!/usr/bin/env node
// Builds the workbench (packages/workbench/dist) when its sources, a plugin's web part or the
// shared packages changed since the last build; the server serves that folder on its own port.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensure, ROOT } from './ensure.mjs';

const DIST = join(ROOT, 'packages', 'workbench', 'dist');
const STAMP = join(DIST, '.tezgah-build');

/** The files under dir (no node_modules, dist or dot folders) whose name `keep` accepts, into out. */
export function walk(dir, out, keep = (name) => !/\.(test|stories)\.tsx?$/.test(name)) {
  if (!existsSync(dir)) return;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (e.name === 'node_modules' || e.name === 'dist' || e.name.startsWith('.')) continue;
    const p = join(dir, e.name);
    if (e.isDirectory()) walk(p, out, keep);
    else if (keep(e.name)) out.push(p);
  }
}

function sources() {
  const files = [];
  for (const d of ['packages/workbench/src', 'packages/workbench/vite', 'packages/core/src', 'packages/sdk/src', 'examples']) walk(join(ROOT, d), files);
  for (const f of ['packages/workbench/index.html', 'packages/workbench/vite.config.ts', 'packages/workbench/package.json', 'pnpm-lock.yaml']) files.push(join(ROOT, f));
  const plugins = join(ROOT, 'plugins');
  if (existsSync(plugins)) for (const p of readdirSync(plugins)) walk(join(plugins, p, 'web'), files);
  return files.filter((f) => existsSync(f) && statSync(f).isFile()).sort();
}

/** Whether this build carries the example plugins (TEZGAH_EXAMPLES=1, read by packages/workbench/vite/discover.ts). */
export function withExamples() {
  return process.env.TEZGAH_EXAMPLES === '1';
}

/**
 * The outside plugin packages TEZGAH_PLUGINS names (docs/plugins.md, plugins as packages), as
 * packages/core/src/plugin-packages.ts finds them: a package name in the node_modules of the folder
 * this runs from, then of the repository root, or a folder path. A name that is not found or has no
 * `tezgah.id` is an error naming it.
 */
export function outsidePlugins(value = process.env.TEZGAH_PLUGINS, cwd = process.cwd()) {
  const out = [];
  for (const spec of (value ?? '').split(',').map((s) => s.trim()).filter(Boolean)) {
    const dir = spec.startsWith('.') || isAbsolute(spec)
      ? resolve(cwd, spec)
      : [cwd, ROOT].map((r) => join(r, 'node_modules', spec)).find((d) => existsSync(join(d, 'package.json')));
    if (!dir || !existsSync(join(dir, 'package.json'))) throw new Error(`TEZGAH_PLUGINS: ${spec}: package not found`);
    const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
    if (typeof pkg?.tezgah?.id !== 'string') throw new Error(`TEZGAH_PLUGINS: ${spec}: package.json has no "tezgah" manifest with an id`);
    const web = typeof pkg.tezgah.web === 'string' ? resolve(dir, pkg.tezgah.web) : null;
    out.push({ spec, dir, name: pkg.name ?? dir, version: pkg.version ?? '0.0.0', web });
  }
  return out;
}

export function workbenchStamp() {
  const h = createHash('sha256');
  // A build with the examples and one without must never be taken for each other.
  h.update(`examples=${withExamples()}\n`);
  // Nor one with other outside plugins, or other versions of them (a folder being worked on
  // changes its built web code without a new version: every file beside and under its web entry
  // counts too, the page a plugin's entry imports as much as the entry).
  h.update(`plugins=${process.env.TEZGAH_PLUGINS ?? ''}\n`);
  for (const p of outsidePlugins()) {
    h.update(`${p.name}@${p.version}\n`);
    if (!p.web || !existsSync(p.web)) continue;
    const files = [];
    walk(dirname(p.web), files);
    for (const f of files.sort()) h.update(f.slice(dirname(p.web).length)).update(readFileSync(f));
  }
  for (const f of sources()) h.update(f.slice(ROOT.length)).update(readFileSync(f));
  return h.digest('hex');
}

/** Builds unless dist matches the sources; returns true when it built. */
export function ensureWorkbench(pnpm = ensure()) {
  const want = workbenchStamp();
  if (existsSync(STAMP) && readFileSync(STAMP, 'utf8') === want) return false;
  process.stderr.write(`[tezgah] building the workbench (vite build${withExamples() ? ', with the examples' : ''})\n`);
  // The build runs in packages/workbench: it gets the outside plugins as absolute folders.
  const plugins = outsidePlugins().map((p) => p.dir).join(',');
  const env = { ...process.env, ...(plugins ? { TEZGAH_PLUGINS: plugins } : {}) };
  const r = spawnSync(pnpm, ['--filter', '@tezgah/workbench', 'run', 'build'], { stdio: 'inherit', cwd: ROOT, env });
  if (r.status !== 0) throw new Error('the workbench build failed');
  writeFileSync(STAMP, want);
  return true;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  try {
    ensureWorkbench();
  } catch (e) {
    process.stderr.write(`[tezgah] ${e.message ?? e}\n`);
    process.exit(1);
  }
}
