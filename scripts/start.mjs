#!/usr/bin/env node
// `npm start`: installs what is missing, then runs the server, which migrates the database, seeds
// the demo tenant on first start and serves the API and the workbench (built when its sources
// changed) on PORT.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ensure, ROOT } from './ensure.mjs';
import { ensureWorkbench } from './build-workbench.mjs';

let pnpmBin;
try {
  pnpmBin = ensure();
  ensureWorkbench(pnpmBin);
} catch (e) {
  process.stderr.write(`[tezgah] ${e.message ?? e}\n`);
  process.exit(1);
}
const child = spawn(pnpmBin, ['exec', 'tsx', join('packages', 'server', 'src', 'main.ts')], { stdio: 'inherit', cwd: ROOT, env: process.env });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
