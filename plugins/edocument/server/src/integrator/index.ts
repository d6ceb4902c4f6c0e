/**
 * The integrator port of the e-document plugin: how the server talks to a Turkish e-invoice
 * integrator (özel entegratör) to send e-Fatura, e-Arşiv and e-İrsaliye documents, follow their
 * status, read incoming documents and answer commercial invoices.
 *
 * Adapters. There is one client, `izibizClient`, speaking izibiz's publicly documented SOAP
 * protocol (github.com/izibiz/api-documentation: AuthenticationWS, EInvoiceWS,
 * EIArchiveWS/EFaturaArchive, EIrsaliyeWS/EIrsaliye), and two endpoints chosen by configuration:
 *  - the sandbox adapter is this client pointed at our own server's simulator of the integrator
 *    and of a small GİB world (`sandboxUrls(publicUrl)` → `${publicUrl}/sandbox/edocument/...`,
 *    mounted by `edocumentSandbox`, its world in the edoc_sandbox_* tables);
 *  - the live adapter is the same client pointed at the integrator's service URLs.
 *
 * ASSUMPTION: the seeds name the integrators KOLAYSOFT, FARMAKOM, DIGER and SECINIZ, each
 * configured by its own service URLs (eInvoiceUrl, eArchiveInvoiceUrl, eDespatchUrl, …) whose
 * values are not published. We assume each of them is reached through this same (izibiz) protocol
 * at its own URLs; an integrator speaking another protocol would need an adapter of its own
 * behind the same IntegratorPort.
 */
export type {
  DocumentType, GibUser, IntegratorErrorKind, OutgoingState, DocumentStatus, InboxItem, IntegratorPort, IntegratorSettings, SendDocument,
} from './types';
export { IntegratorError, kindOfCode } from './errors';
export { izibizClient, istanbulDateTime, APPLICATION_NAME, type IzibizClientOptions, type Session } from './client';
export { invoiceState, despatchState, earchiveState, statusCodeOf } from './status';
export { edocumentSandbox } from './sandbox';
export {
  registerSandboxUser, deleteSandboxAlias, defaultAliases, readSwitches, setSandboxSwitches, resetSandboxSwitches, DEFAULT_SWITCHES, storeDocument, setRead,
  type Switches, type SandboxAlias,
} from './world';
export { ublSummary, type UblSummary } from './ubl';

/** Where the sandbox is mounted (ServerPlugin.sandbox of the plugin 'edocument'). */
export const SANDBOX_PATH = '/sandbox/edocument';

/** The sandbox's service URLs under the server's public URL, in izibiz's URL shapes. */
export function sandboxUrls(publicUrl: string): { eInvoice: string; eArchive: string; eDespatch: string; auth: string } {
  const base = `${publicUrl.replace(/\/+$/, '')}${SANDBOX_PATH}`;
  return {
    auth: `${base}/AuthenticationWS`,
    eInvoice: `${base}/EInvoiceWS`,
    eArchive: `${base}/EIArchiveWS/EFaturaArchive`,
    eDespatch: `${base}/EIrsaliyeWS/EIrsaliye`,
  };
}

/** izibiz's own test service URLs (https://efaturatest.izibiz.com.tr), for a live adapter against its test platform. */
export const IZIBIZ_TEST_URLS = {
  auth: 'https://efaturatest.izibiz.com.tr/AuthenticationWS',
  eInvoice: 'https://efaturatest.izibiz.com.tr/EInvoiceWS',
  eArchive: 'https://efaturatest.izibiz.com.tr/EIArchiveWS/EFaturaArchive',
  eDespatch: 'https://efaturatest.izibiz.com.tr/EIrsaliyeWS/EIrsaliye',
} as const;
