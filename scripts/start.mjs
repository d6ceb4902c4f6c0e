#!/usr/bin/env node
// `npm start`: installs what is missing, builds the workbench and the server when their sources
// changed, then runs the built server with plain node. The server migrates the database, seeds
// the demo tenant on first start and serves the API and the workbench on PORT.
import { spawn } from 'node:child_process';
import { ensure, ROOT } from './ensure.mjs';
import { ensureWorkbench } from './build-workbench.mjs';
import { ensureServer, SERVER_MAIN } from './build-server.mjs';

try {
  const pnpmBin = ensure();
  ensureWorkbench(pnpmBin);
  await ensureServer();
} catch (e) {
  process.stderr.write(`[tezgah] ${e.message ?? e}\n`);
  process.exit(1);
}
const child = spawn(process.execPath, ['--enable-source-maps', SERVER_MAIN], { stdio: 'inherit', cwd: ROOT, env: process.env });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
