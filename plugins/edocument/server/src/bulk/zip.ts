import { sql, type Kysely } from 'kysely';
import { inTenant, problems, requireAuth, tables, type Handler, type RequestContext } from '@tezgah/server';
import type { EDocCategory, EDocDirection, EdocumentTables } from '../schema';
import { htmlView } from './views';
import { streamZip, type ZipEntry } from '@tezgah/edocument-common/zip-stream';

/**
 * The five zip downloads (seeds 001 §7: POST, a list of ETTNs, a zip answer): each document's XML
 * and its HTML view (`<documentNo or ETTN>.xml` / `.html`), streamed. The handler finds the
 * documents in the request's transaction (ids and sizes only) and answers with a stream; the
 * documents are read after the request, in batches, each in its own short tenant transaction,
 * the next batch only when the previous one's bytes have left (zip-stream.ts). An ETTN the
 * company does not hold in that download's direction and kind is skipped and named in
 * `eksik.txt`; when none is held the answer is 404. A view rendered for the first time is kept
 * in `edoc_documents.html`, so the next download of that document renders nothing.
 */

interface Scope {
  directions: EDocDirection[];
  categories: EDocCategory[];
  /** The download's file name (without the date and .zip). */
  fileName: string;
}

const INVOICES: EDocCategory[] = ['EINVOICE', 'EARCHIVE'];

export const ZIP_SCOPES: Record<string, Scope> = {
  zipIncomingEInvoices: { directions: ['INCOMING'], categories: INVOICES, fileName: 'gelen-faturalar' },
  zipOutgoingEArchiveInvoices: { directions: ['OUTGOING'], categories: INVOICES, fileName: 'giden-faturalar' },
  zipIncomingEDespatches: { directions: ['INCOMING'], categories: ['EDESPATCH'], fileName: 'gelen-irsaliyeler' },
  zipOutgoingEDespatches: { directions: ['OUTGOING'], categories: ['EDESPATCH'], fileName: 'giden-irsaliyeler' },
  zipIncomingOutgoingEInvoices: { directions: ['INCOMING', 'OUTGOING'], categories: INVOICES, fileName: 'e-faturalar' },
};

/** Documents per batch, and the bytes (XML + cached HTML) a batch may hold. */
export const BATCH_DOCUMENTS = 500;
export const BATCH_BYTES = 8 * 1024 * 1024;

/** An entry's name: the document number (or ETTN), only letters, digits, '.', '-' and '_'. */
export function entryBase(documentNo: string | null, uuid: string): string {
  const base = (documentNo ?? '').trim().replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^[._]+/, '').slice(0, 100);
  return base || uuid;
}

/** Splits ids into batches of at most BATCH_DOCUMENTS documents and (unless one is larger) BATCH_BYTES. */
export function batchesOf(rows: readonly { id: number; size: number }[], maxDocs = BATCH_DOCUMENTS, maxBytes = BATCH_BYTES): number[][] {
  const out: number[][] = [];
  let cur: number[] = [];
  let bytes = 0;
  for (const r of rows) {
    if (cur.length && (cur.length >= maxDocs || bytes + r.size > maxBytes)) {
      out.push(cur);
      cur = [];
      bytes = 0;
    }
    cur.push(r.id);
    bytes += r.size;
  }
  if (cur.length) out.push(cur);
  return out;
}

interface DocRow { id: number; uuid: string; document_no: string | null; xml: string | null; html: string | null }

/**
 * Reads the batches after the request: each in its own tenant transaction; views not yet cached
 * are rendered and stored in one short transaction per batch. Yields the batch's entries, and
 * at the end `eksik.txt` when anything was missing.
 */
async function* documentEntries(db: Kysely<any>, companyId: number, batches: number[][], missing: string[]): AsyncGenerator<ZipEntry[]> {
  const used = new Set<string>();
  const notes: string[] = [];
  for (const ids of batches) {
    const rows = await inTenant(db, companyId, async (trx) => (await sql<DocRow>`
      select id, uuid::text as uuid, document_no, xml, html from edoc_documents
       where company_id = ${companyId} and id = any(${ids}::bigint[]) order by id`.execute(trx)).rows);
    const seen = new Set(rows.map((r) => Number(r.id)));
    for (const id of ids) if (!seen.has(id)) notes.push(`Belge indirme sırasında silinmiş (kayıt ${id}).`);
    const fresh: { id: number; html: string }[] = [];
    const entries: ZipEntry[] = [];
    for (const r of rows) {
      if (r.xml === null) {
        missing.push(r.uuid);
        continue;
      }
      let base = entryBase(r.document_no, r.uuid);
      if (used.has(base)) base = `${base}_${r.uuid}`;
      used.add(base);
      entries.push({ name: `${base}.xml`, data: Buffer.from(r.xml, 'utf8') });
      let html = r.html;
      if (html === null) {
        try {
          html = await htmlView(r.xml);
          fresh.push({ id: Number(r.id), html });
        } catch (e) {
          notes.push(`${base}: HTML görünümü oluşturulamadı (${e instanceof Error ? e.message : String(e)}).`);
        }
      }
      if (html !== null) entries.push({ name: `${base}.html`, data: Buffer.from(html, 'utf8') });
    }
    if (fresh.length) {
      await inTenant(db, companyId, (trx) => sql`
        update edoc_documents d set html = v.html
          from unnest(${fresh.map((f) => f.id)}::bigint[], ${fresh.map((f) => f.html)}::text[]) as v(id, html)
         where d.company_id = ${companyId} and d.id = v.id and d.html is null`.execute(trx));
    }
    yield entries;
  }
  if (missing.length || notes.length) {
    const lines = [
      ...(missing.length ? ['Bulunamayan ya da bu indirmeye ait olmayan belgeler (ETTN):', ...missing, ''] : []),
      ...(notes.length ? ['Notlar:', ...notes, ''] : []),
    ];
    yield [{ name: 'eksik.txt', data: Buffer.from(lines.join('\r\n'), 'utf8') }];
  }
}

function zipHandler(operationId: string, scope: Scope): Handler {
  return async (ctx: RequestContext) => {
    const { companyId } = requireAuth(ctx);
    const uuids = [...new Set((ctx.body as string[]).map((u) => u.toLowerCase()))];
    const trx = tables<EdocumentTables>(ctx);
    const where = sql`d.company_id = ${companyId} and d.direction = any(${scope.directions}::text[]) and d.category = any(${scope.categories}::text[]) and d.xml is not null`;
    const found = (await sql<{ id: number; size: number }>`
      select d.id, octet_length(d.xml) + coalesce(octet_length(d.html), 0) as size
        from edoc_documents d where ${where} and d.uuid = any(${uuids}::uuid[]) order by d.id`.execute(trx)).rows;
    if (!found.length) throw problems.notFound('Belge');
    // One direction: an ETTN is one row at most, so as many rows as ETTNs means none is missing.
    const missing = scope.directions.length === 1 && found.length >= uuids.length ? [] : (await sql<{ uuid: string }>`
      select u::text as uuid from unnest(${uuids}::uuid[]) with ordinality as x(u, n)
       where not exists (select 1 from edoc_documents d where ${where} and d.uuid = x.u) order by n`.execute(trx)).rows.map((r) => r.uuid);
    const batches = batchesOf(found.map((r) => ({ id: Number(r.id), size: Number(r.size) })));
    const day = ctx.services.now().toISOString().slice(0, 10);
    ctx.setHeader('content-type', 'application/zip');
    ctx.setHeader('content-disposition', `attachment; filename="${scope.fileName}-${day}.zip"`);
    ctx.setHeader('cache-control', 'no-store');
    ctx.audit({ action: operationId, entity: 'edocument', detail: { documents: found.length, missing: missing.length } });
    let start: (go: boolean) => void = () => {};
    const started = new Promise<boolean>((resolve) => { start = resolve; });
    const out = streamZip((async function* () {
      // Nothing is read before the request's transaction has ended (PGlite is one connection).
      if (!(await started)) return;
      yield* documentEntries(ctx.services.db, companyId, batches, missing);
    })(), { mtime: ctx.services.now() });
    ctx.afterwards(async (_db, committed) => {
      if (!committed) out.destroy();
      start(committed);
    });
    return out;
  };
}

export const zipHandlers: Record<string, Handler> = Object.fromEntries(
  Object.entries(ZIP_SCOPES).map(([op, scope]) => [op, zipHandler(op, scope)]),
);
