import { toNetworkError, toTezgahError, type TezgahPromiseApi } from '@tezgah/sdk';
import { fileNameOf, saveBlob } from '../books/download';
import { ATTACHMENT, ATTACHMENT_UPLOAD, DESPATCH_PDF, type DespatchAttachment } from './model';

type BlobGet = (path: string, init: { params: { path: Record<string, unknown> }; parseAs: 'blob' }) => Promise<{ data?: Blob; error?: unknown; response: Response }>;

/**
 * Fetches a file (the despatch's PDF, an attachment) with the workbench's signed-in client as a
 * Blob and saves it under the server's file name (or `fallback`), as the invoice's PDF is. A
 * refusal is thrown as the SDK's tagged error. Returns the file name.
 */
async function download(api: TezgahPromiseApi, path: string, id: number, fallback: string): Promise<string> {
  const get = api.client.GET as unknown as BlobGet;
  const r = await get(path, { params: { path: { id } }, parseAs: 'blob' }).catch((e: unknown) => { throw toNetworkError(e); });
  if (!r.response.ok || !r.data) throw toTezgahError(r.response, r.error);
  const name = fileNameOf(r.response.headers.get('content-disposition')) ?? fallback;
  saveBlob(r.data, name);
  return name;
}

/** A file name's part as the server writes it: small letters without Turkish ones, anything else a dash (IRS2026/7 → irs2026-7). */
export function fileSlug(s: string): string {
  const map: Record<string, string> = { ç: 'c', ğ: 'g', ı: 'i', ö: 'o', ş: 's', ü: 'u', â: 'a', î: 'i', û: 'u' };
  return s.toLocaleLowerCase('tr-TR').replace(/[çğıöşüâîû]/g, (ch) => map[ch] ?? ch).normalize('NFKD').replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9.]+/g, '-').replace(/^-+|-+$/g, '');
}

/**
 * The despatch as a PDF (GET /pdf-despatch/{id}) under the server's name, irsaliye-<waybill no>.pdf
 * (the server writes the number in small letters, as its other files; so does the fallback).
 */
export const downloadDespatchPdf = (api: TezgahPromiseApi, id: number, waybillNo: string | null) =>
  download(api, DESPATCH_PDF, id, `irsaliye-${fileSlug(waybillNo ?? String(id)) || id}.pdf`);

/** An attachment's file (GET /despatch-attachment-lines/{id}) under its own name. */
export const downloadAttachment = (api: TezgahPromiseApi, a: Pick<DespatchAttachment, 'id' | 'fileName'>) => download(api, ATTACHMENT, a.id, a.fileName);

type Send = (method: string, path: string, init: object) => Promise<DespatchAttachment[]>;

/**
 * Sends files to a despatch (POST /despatch-attachment-lines/{companyId}/{despatchId}) as
 * multipart/form-data, each under the field `files`: the FormData goes as it is, so the browser
 * writes the content type with its boundary. Answers the despatch's attachments after the upload.
 */
export function uploadAttachments(api: TezgahPromiseApi, companyId: number, despatchId: number, files: readonly File[]): Promise<DespatchAttachment[]> {
  const form = new FormData();
  for (const f of files) form.append('files', f, f.name);
  const send = api.request as unknown as Send;
  return send('POST', ATTACHMENT_UPLOAD, { params: { path: { companyId, despatchId } }, body: form, bodySerializer: (b: FormData) => b });
}
