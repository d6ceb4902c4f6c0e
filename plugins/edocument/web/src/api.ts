import { toNetworkError, toTezgahError, type components, type TezgahPromiseApi } from '@tezgah/sdk';
import { EDOC_API, type EDocumentCategory } from '@tezgah/edocument-common';
import { fileNameOf, saveBlob } from '@tezgah/workbench/ui';

/**
 * The e-document calls the workbench makes (openapi/edocument/edocument.yaml), typed by the
 * regenerated SDK, and the few the typed `request` cannot make: GİB's display as text, files as
 * blobs, the zip of chosen documents and the multipart import.
 */
type S = components['schemas'];
export type EDocument = S['EDocument'];
export type EDocumentOptions = S['EDocumentOptions'];
export type ValidationProblem = S['ValidationProblem'];
export type GibAlias = S['GibAlias'];
export type EInvoicePrefix = S['EInvoicePrefix'];
export type EInvoicePrefixFields = S['EInvoicePrefixFields'];
export type EDocumentSettings = S['EDocumentSettings'];
export type EDocumentSettingsFields = S['EDocumentSettingsFields'];
export type EDocumentAction = S['EDocumentUpdate']['action'];
export type EDocumentListStatusValue = S['EDocumentListStatus'];
export type Profile = S['EDocumentProfile'];
export type TypeCode = S['EDocumentTypeCode'];

export const API = EDOC_API;

export const PATHS = {
  byInvoice: `${API}/e-documents/by-invoice/{id}`,
  byDespatch: `${API}/e-documents/by-despatch/{id}`,
  one: `${API}/e-documents/{id}`,
  html: `${API}/e-documents/{id}/html`,
  xml: `${API}/e-documents/{id}/xml`,
  pdf: `${API}/e-documents/{id}/pdf`,
  statuses: `${API}/e-documents/statuses`,
  summary: `${API}/e-documents/summary`,
  pull: `${API}/e-documents/pull`,
  import: `${API}/e-documents/import`,
  toPurchase: `${API}/incoming-invoices/{id}/to-purchase-invoice`,
  respond: `${API}/incoming-invoices/{id}/respond`,
  settings: `${API}/e-document-settings`,
  prefixes: `${API}/e-invoice-prefixes`,
  prefixesList: `${API}/e-invoice-prefixes-list`,
  totals: `${API}/incoming-outgoing-invoices/date-range-totals`,
} as const;

/** The call families of the check dialog: e-Fatura, e-Arşiv, e-İrsaliye. */
export type Family = 'e-invoice' | 'e-archive' | 'e-despatch';

/** The family whose update/send/cancel an e-document goes through: its category decides (the server sets it on CHECK). */
export function familyOf(source: 'invoice' | 'despatch', doc: Pick<EDocument, 'type'> | null): Family {
  if (source === 'despatch') return 'e-despatch';
  return doc?.type === 'EARCHIVE' ? 'e-archive' : 'e-invoice';
}

type Loose = (method: string, path: string, init?: object) => Promise<unknown>;
/** `api.request` with a path built at run time (the family); the paths are the contract's. */
const loose = (api: TezgahPromiseApi) => api.request as unknown as Loose;

/** The e-document of an invoice or a despatch; null when it has none (404). */
export async function documentOf(api: TezgahPromiseApi, source: 'invoice' | 'despatch', id: number): Promise<EDocument | null> {
  try {
    return await api.request('GET', source === 'invoice' ? PATHS.byInvoice : PATHS.byDespatch, { params: { path: { id } } });
  } catch (e) {
    if ((e as { status?: number }).status === 404) return null;
    throw e;
  }
}

/** POST {family}/update/{id}: CHECK, APPROVE, EDIT (answers null), RESEND, REFRESH. */
export function updateDocument(api: TezgahPromiseApi, family: Family, id: number, action: EDocumentAction, options?: EDocumentOptions): Promise<EDocument | null> {
  return loose(api)('POST', `${API}/${family}/update/{id}`, { params: { path: { id } }, body: { action, ...(options ? { options } : {}) } }) as Promise<EDocument | null>;
}

/** POST {family}/send/{id}: to the tax authority (SENDING). */
export function sendDocument(api: TezgahPromiseApi, family: Family, id: number, options?: EDocumentOptions): Promise<EDocument> {
  return loose(api)('POST', `${API}/${family}/send/{id}`, { params: { path: { id } }, body: options ?? {} }) as Promise<EDocument>;
}

/** POST {family}/cancel/{id}; `confirmLate` past the e-Arşiv 7 days. */
export function cancelDocument(api: TezgahPromiseApi, family: Family, id: number, body: { note?: string | null; confirmLate?: boolean } = {}): Promise<EDocument> {
  return loose(api)('POST', `${API}/${family}/cancel/{id}`, { params: { path: { id } }, body }) as Promise<EDocument>;
}

/** The receiver (PK) aliases of a taxpayer, for the receiver tag. */
export function receiverAliases(api: TezgahPromiseApi, family: Family, identifier: string): Promise<GibAlias[]> {
  const fam = family === 'e-despatch' ? 'e-despatch' : 'e-invoice';
  return loose(api)('GET', `${API}/${fam}/customer-pk-list`, { params: { query: { identifier } } }) as Promise<GibAlias[]>;
}

/** The company's active series of a family. */
export function prefixList(api: TezgahPromiseApi, family: Family): Promise<EInvoicePrefix[]> {
  return loose(api)('GET', `${API}/${family}/prefix-list`) as Promise<EInvoicePrefix[]>;
}

export function getDocument(api: TezgahPromiseApi, id: number): Promise<EDocument> {
  return api.request('GET', PATHS.one, { params: { path: { id } } });
}

type RawGet = (path: string, init: { params: { path?: Record<string, unknown>; query?: Record<string, unknown> }; parseAs: 'text' | 'blob' }) =>
  Promise<{ data?: unknown; error?: unknown; response: Response }>;

async function raw<T>(api: TezgahPromiseApi, path: string, id: number, parseAs: 'text' | 'blob'): Promise<{ data: T; response: Response }> {
  const get = api.client.GET as unknown as RawGet;
  const r = await get(path, { params: { path: { id } }, parseAs }).catch((e: unknown) => { throw toNetworkError(e); });
  if (!r.response.ok || r.data === undefined) throw toTezgahError(r.response, r.error);
  return { data: r.data as T, response: r.response };
}

/** GİB's display of the document (HTML text; shown only in a sandboxed frame without scripts). */
export async function documentHtml(api: TezgahPromiseApi, id: number): Promise<string> {
  return (await raw<string>(api, PATHS.html, id, 'text')).data;
}

// The download helpers live in the workbench (@tezgah/workbench/ui), shared by every plugin.
export { fileNameOf, saveBlob };

/** Downloads the document's XML or PDF under the server's name (else `<ETTN>.xml|pdf`); answers the name. */
export async function downloadDocument(api: TezgahPromiseApi, doc: Pick<EDocument, 'id' | 'uuid'>, kind: 'xml' | 'pdf'): Promise<string> {
  const r = await raw<Blob>(api, kind === 'xml' ? PATHS.xml : PATHS.pdf, doc.id, 'blob');
  const name = fileNameOf(r.response.headers.get('content-disposition')) ?? `${doc.uuid}.${kind}`;
  saveBlob(r.data, name);
  return name;
}

/** The zip operation of each list. */
export const ZIP_OF = {
  incomingInvoices: `${API}/zip/incoming-invoices`,
  outgoingInvoices: `${API}/zip/outgoing-earchive-invoices`,
  allInvoices: `${API}/zip/incoming-outgoing-invoices`,
  incomingDespatches: `${API}/zip/incoming-despatches`,
  outgoingDespatches: `${API}/zip/outgoing-despatches`,
} as const;

type RawPost = (path: string, init: { body: unknown; parseAs: 'blob' }) => Promise<{ data?: Blob; error?: unknown; response: Response }>;

/** POSTs the chosen ETTNs to a zip operation and saves the zip; answers its name. */
export async function downloadZip(api: TezgahPromiseApi, path: string, uuids: readonly string[], fallback: string): Promise<string> {
  const post = api.client.POST as unknown as RawPost;
  const r = await post(path, { body: [...uuids], parseAs: 'blob' }).catch((e: unknown) => { throw toNetworkError(e); });
  if (!r.response.ok || !r.data) throw toTezgahError(r.response, r.error);
  const name = fileNameOf(r.response.headers.get('content-disposition')) ?? fallback;
  saveBlob(r.data, name);
  return name;
}

export type ImportResult = { file: string; result: 'IMPORTED' | 'DUPLICATE' | 'FAILED'; uuid?: string | null; documentNo?: string | null; id?: number | null; reason?: string | null };

/** Uploads XML or zip files (multipart, field `files`) to the incoming lists; one result per document. */
export function importDocuments(api: TezgahPromiseApi, files: readonly File[]): Promise<ImportResult[]> {
  const form = new FormData();
  for (const f of files) form.append('files', f, f.name);
  return loose(api)('POST', PATHS.import, { body: form, bodySerializer: (b: FormData) => b }) as Promise<ImportResult[]>;
}

export type InvoiceStatus = { invoiceId: number; id: number; status: EDocument['status']; category: EDocumentCategory; documentNo: string | null };

/**
 * The e-document statuses of the invoices on a report page, asked once per page: each row's cell
 * asks for its invoice, the asks of one render are gathered for a moment and sent as one
 * `/e-documents/statuses?invoiceIds=` (at most 200 a call); the answers are kept for a short while
 * so the grid and the page's accessible table (which both draw the cell) share them.
 */
export function createStatusBatcher(api: TezgahPromiseApi, opts: { delayMs?: number; ttlMs?: number } = {}) {
  const delay = opts.delayMs ?? 10;
  const ttl = opts.ttlMs ?? 5000;
  const known = new Map<number, { at: number; value: Promise<InvoiceStatus | null> }>();
  let waiting = new Map<number, { resolve: (v: InvoiceStatus | null) => void; reject: (e: unknown) => void }>();
  let timer: ReturnType<typeof setTimeout> | null = null;

  const flush = () => {
    timer = null;
    const batch = waiting;
    waiting = new Map();
    const ids = [...batch.keys()];
    for (let i = 0; i < ids.length; i += 200) {
      const part = ids.slice(i, i + 200);
      api.request('GET', PATHS.statuses, { params: { query: { invoiceIds: part } } }).then(
        (list) => {
          const by = new Map((list as InvoiceStatus[]).map((s) => [s.invoiceId, s]));
          for (const id of part) batch.get(id)!.resolve(by.get(id) ?? null);
        },
        (e: unknown) => { for (const id of part) { known.delete(id); batch.get(id)!.reject(e); } },
      );
    }
  };

  return {
    statusOf(invoiceId: number): Promise<InvoiceStatus | null> {
      const hit = known.get(invoiceId);
      if (hit && (waiting.has(invoiceId) || Date.now() - hit.at < ttl)) return hit.value;
      const value = new Promise<InvoiceStatus | null>((resolve, reject) => { waiting.set(invoiceId, { resolve, reject }); });
      known.set(invoiceId, { at: Date.now(), value });
      timer ??= setTimeout(flush, delay);
      return value;
    },
    forget() { known.clear(); },
  };
}

const batchers = new WeakMap<TezgahPromiseApi, ReturnType<typeof createStatusBatcher>>();
/** The one batcher of an API client (the workbench's client is one for the session). */
export function statusBatcher(api: TezgahPromiseApi): ReturnType<typeof createStatusBatcher> {
  let b = batchers.get(api);
  if (!b) { b = createStatusBatcher(api); batchers.set(api, b); }
  return b;
}
