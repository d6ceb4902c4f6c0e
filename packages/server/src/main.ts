import { loadConfig } from './config';
import { createServer } from './server';
import { DEMO_USERS, DEMO_PASSWORD } from './seed/demo';

const config = loadConfig();
const started = Date.now();
const server = await createServer({
  config,
  logger: { level: config.logLevel },
});
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
