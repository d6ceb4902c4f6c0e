#!/usr/bin/env node
// Makes a fresh machine ready with only Node 20 and npm: installs pnpm (the pinned version) when
// missing, then the workspace's dependencies when the lockfile or a package.json changed since
// the last install. Used by `npm start`, `npm test` and `npm run bench`. Prints what it does.
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync, readdirSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const PNPM_VERSION = '10.34.8';
const LOCAL_PNPM = join(ROOT, '.tools', 'node_modules', '.bin', 'pnpm');

function say(msg) { process.stderr.write(`[tezgah] ${msg}\n`); }

function versionOf(cmd) {
  try {
    return execFileSync(cmd, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return null;
  }
}

/** The pnpm command to run: a global pnpm 10, else one installed into .tools/. */
function localPnpmVersion() {
  // Read from its package.json: asking the binary costs a node start (~0.3 s) at every npm start.
  try {
    return JSON.parse(readFileSync(join(ROOT, '.tools', 'node_modules', 'pnpm', 'package.json'), 'utf8')).version;
  } catch {
    return null;
  }
}

export function pnpm() {
  if (existsSync(LOCAL_PNPM) && localPnpmVersion() === PNPM_VERSION) return LOCAL_PNPM;
  const global = versionOf('pnpm');
  if (global && global.startsWith('10.')) return 'pnpm';
  say(`installing pnpm ${PNPM_VERSION} into .tools/ (found ${global ?? 'none'})`);
  const r = spawnSync('npm', ['install', '--no-save', '--no-audit', '--no-fund', '--prefix', join(ROOT, '.tools'), `pnpm@${PNPM_VERSION}`], { stdio: 'inherit', cwd: ROOT });
  if (r.status !== 0 || !existsSync(LOCAL_PNPM)) throw new Error('could not install pnpm');
  return LOCAL_PNPM;
}

function manifests(dir, depth = 0, out = []) {
  for (const name of readdirSync(dir, { withFileTypes: true })) {
    if (name.name === 'node_modules' || name.name.startsWith('.') || name.name === 'dist') continue;
    const p = join(dir, name.name);
    if (name.isDirectory() && depth < 3) manifests(p, depth + 1, out);
    else if (name.name === 'package.json' || name.name === 'pnpm-lock.yaml' || name.name === 'pnpm-workspace.yaml') out.push(p);
  }
  return out;
}

function stamp() {
  const h = createHash('sha256');
  for (const f of manifests(ROOT).sort()) h.update(f.slice(ROOT.length)).update(readFileSync(f));
  h.update(process.version);
  return h.digest('hex');
}

export function ensure() {
  const major = Number(process.versions.node.split('.')[0]);
  if (major < 20) throw new Error(`Tezgah needs Node 20 or newer (this is ${process.version})`);
  const bin = pnpm();
  const stampFile = join(ROOT, 'node_modules', '.tezgah-install');
  const want = stamp();
  if (!existsSync(stampFile) || readFileSync(stampFile, 'utf8') !== want) {
    say('installing dependencies (pnpm install --frozen-lockfile)');
    const r = spawnSync(bin, ['install', '--frozen-lockfile', '--prefer-offline'], { stdio: 'inherit', cwd: ROOT, env: { ...process.env, CI: 'true' } });
    if (r.status !== 0) throw new Error('pnpm install failed');
    writeFileSync(stampFile, want);
  }
  return bin;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  try {
    ensure();
  } catch (e) {
    say(String(e.message ?? e));
    process.exit(1);
  }
}
