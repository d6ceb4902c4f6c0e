import { fileURLToPath } from 'node:url';
import type { Handler, ServerPlugin } from '@tezgah/server';
import { bulkHandlers } from './bulk/index';
import { edocumentSandbox } from './integrator/index';
import { onCompanyCreatedSettings, seedDemoSettings, settingsHandlers, settingsJobs } from './settings/index';
import { listeningUrls } from './settings/settings';
import { documentHandlers } from './documents/handlers';
import { incomingHandlers } from './documents/incoming';
import { despatchChanging, documentJobs, invoiceCancelling, invoiceLock, listeners } from './documents/events';
import { seedDemoDocuments } from './documents/demo';

/**
 * The e-document plugin's server part (issue 11): e-Fatura, e-Arşiv and e-İrsaliye in UBL-TR
 * through an integrator. Its areas:
 * - ubl/: the documents (built with xmlbuilder2, validated against GİB's XSDs with xmllint-wasm
 *   and GİB's schematron with SaxonJS, parsed, shown with GİB's display XSLT, printed);
 * - integrator/: the port, the izibiz-style SOAP client, and the sandbox our server serves;
 * - settings/: integrator settings, series and gapless numbers, GİB's user list;
 * - documents/: the outgoing life (check, preview, send through the outbox, status), incoming
 *   documents, the lists, the invoice events it acts on;
 * - bulk/: import of XML and zip files, streamed zip downloads.
 */

function compose(...parts: Record<string, Handler>[]): Record<string, Handler> {
  const all: Record<string, Handler> = {};
  for (const p of parts) {
    for (const [id, h] of Object.entries(p)) {
      if (all[id]) throw new Error(`edocument: operation ${id} is handled twice`);
      all[id] = h;
    }
  }
  return all;
}

const plugin: ServerPlugin = {
  id: 'edocument',
  handlers: compose(settingsHandlers, documentHandlers, incomingHandlers, bulkHandlers),
  migrations: { owner: 'edocument', dir: fileURLToPath(new URL('../migrations', import.meta.url)) },
  async sandbox(app, services) {
    await edocumentSandbox(app, services);
    // The sandbox is this server: learn the address it listens on, to call it there.
    app.addHook('onListen', async () => {
      const a = app.server.address();
      if (a && typeof a === 'object') listeningUrls.set(services.config, `http://${a.family === 'IPv6' ? `[${a.address === '::' ? '::1' : a.address}]` : (a.address === '0.0.0.0' ? '127.0.0.1' : a.address)}:${a.port}`);
    });
  },
  on: listeners,
  // A sent e-document freezes its invoice (the accounting plugin asks before an edit) and decides
  // whether the invoice may be cancelled.
  contributes: { 'accounting.invoice.locks': [invoiceLock], 'accounting.invoice.cancelling': [invoiceCancelling], 'accounting.despatch.changing': [despatchChanging] },
  jobs: { ...settingsJobs, ...documentJobs },
  onCompanyCreated: onCompanyCreatedSettings,
  async seedDemo(trx, demo) {
    await seedDemoSettings(trx, demo);
    await seedDemoDocuments(trx, demo);
  },
};

export default plugin;
