import { loadConfig } from './config';
import { createServer } from './server';
import { FolderLockedError } from './db/lock';
import { PluginPackageError } from '@tezgah/core/plugin-packages';
import { OutsidePluginError } from './kernel/contract';
import { DEMO_USERS, DEMO_PASSWORD } from './seed/demo';

const config = loadConfig();
const started = Date.now();
let server: Awaited<ReturnType<typeof createServer>>;
try {
  server = await createServer({ config, logger: { level: config.logLevel } });
} catch (e) {
  // A refusal a person can act on (the data folder is in use, the port is taken, a plugin named in
  // TEZGAH_PLUGINS is missing or does not fit): say it plainly.
  if (e instanceof FolderLockedError || e instanceof PluginPackageError || e instanceof OutsidePluginError || (e as NodeJS.ErrnoException)?.code === 'EADDRINUSE') {
    process.stderr.write(`[tezgah] ${(e as Error).message}\n`);
    process.exit(1);
  }
  throw e;
}
const log = server.app.log;
log.info({ url: server.url, engine: server.database.engine, ms: Date.now() - started }, 'Tezgah is ready');
if (server.seeded) {
  const lines = DEMO_USERS.map((u) => `  ${u.login.padEnd(10)} / ${DEMO_PASSWORD}   ${u.what}`).join('\n');
  process.stdout.write(`\nDemo tenant created. Sign in with:\n${lines}\n\n`);
}
process.stdout.write(`Tezgah API on ${server.url}  (reference: ${server.url}/docs, health: ${server.url}/health)\n`);

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  log.info({ signal }, 'shutting down: finishing in-flight requests');
  const force = setTimeout(() => { log.error('forced exit after 15 s'); process.exit(1); }, 15_000);
  force.unref();
  try {
    await server.close();
    process.exit(0);
  } catch (e) {
    log.error({ err: e }, 'shutdown failed');
    process.exit(1);
  }
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
