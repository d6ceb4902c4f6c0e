/**
 * The calls the e-document commands make that the SDK's JSON façade does not: a multipart upload
 * and a zip answer read as a stream. Both go through the SDK's client (its session and language
 * middleware); an error answer becomes the SDK's tagged error, which `tezgah` reports (exit 2).
 */
import { toTezgahError, type TezgahPromiseApi } from '@tezgah/sdk';
import type { CliContext } from '@tezgah/cli';
import { EDOC_API } from '@tezgah/edocument-common';

export interface ImportResult {
  file: string;
  result: 'IMPORTED' | 'DUPLICATE' | 'FAILED';
  uuid?: string | null;
  documentNo?: string | null;
  id?: number | null;
  reason?: string | null;
}

// The client's typed paths do not describe multipart bodies or stream answers.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type LooseClient = { POST(path: string, init: Record<string, unknown>): Promise<{ data?: any; error?: unknown; response: Response }> };

const loose = (api: TezgahPromiseApi) => api.client as unknown as LooseClient;

/** Uploads files to importEDocuments: the server's results, or its refusal as a thrown SDK error. */
export async function uploadForImport(api: TezgahPromiseApi, files: readonly { name: string; data: Buffer }[]): Promise<ImportResult[]> {
  const form = new FormData();
  for (const f of files) form.append('files', new Blob([new Uint8Array(f.data)], { type: 'application/octet-stream' }), f.name);
  const r = await loose(api).POST(`${EDOC_API}/e-documents/import`, { body: form });
  if (!r.response.ok) throw toTezgahError(r.response, r.error);
  return r.data as ImportResult[];
}

/**
 * POSTs ETTNs to a zip download: the answer's body as a web stream, or null when none of them is
 * held any more (404).
 */
export async function downloadZip(api: TezgahPromiseApi, path: string, uuids: readonly string[]): Promise<ReadableStream<Uint8Array> | null> {
  const r = await loose(api).POST(`${EDOC_API}${path}`, { body: uuids, parseAs: 'stream' });
  if (r.response.status === 404) {
    await r.response.body?.cancel().catch(() => undefined);
    return null;
  }
  if (!r.response.ok) throw toTezgahError(r.response, r.error);
  return r.data as ReadableStream<Uint8Array>;
}

/** What an export keeps of a listed document (a list item has some thirty fields; 100,000 of them would take 150 MB). */
export interface ListedDocument {
  uuid: string;
}

/**
 * Every document a list operation gives for the query, page by page (1,000 a page, oldest id
 * first, so pages do not shift while documents arrive); `onPage(done, total)` after each page.
 */
export async function listAll(ctx: CliContext, path: string, query: Record<string, string>, onPage?: (done: number, total: number) => void): Promise<ListedDocument[]> {
  const api = ctx.api();
  const all: ListedDocument[] = [];
  for (let page = 0; ; page++) {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const { items, total } = await (api.list as any)(`${EDOC_API}${path}`, { params: { query: { ...query, page, size: 1000, sort: 'id,asc' } } }) as { items: { uuid: string }[]; total: number };
    for (const item of items) all.push({ uuid: item.uuid });
    onPage?.(all.length, Math.max(total, all.length));
    if (!items.length || all.length >= total) return all;
  }
}
