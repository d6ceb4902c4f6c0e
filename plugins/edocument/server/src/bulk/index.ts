import type { Handler } from '@tezgah/server';
import { importHandlers } from './import';
import { zipHandlers } from './zip';

/**
 * The e-document plugin's bulk side (issue 11): importEDocuments (import.ts) and the five zip
 * downloads (zip.ts, streamed by zip-stream.ts).
 */
export const bulkHandlers: Record<string, Handler> = { ...importHandlers, ...zipHandlers };

export { setHtmlRenderer, renderedViews, type HtmlRenderer } from './views';
export { streamZip, drained, entryArchive, type ZipEntry } from '@tezgah/edocument-common/zip-stream';
export { ZIP_SCOPES, BATCH_DOCUMENTS, BATCH_BYTES, entryBase } from './zip';
export { MAX_ENTRIES, MAX_ENTRY_BYTES, type ImportResult } from './import';
