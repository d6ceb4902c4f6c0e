/**
 * Test and bench helpers of the bulk side: many documents written straight into `edoc_documents`
 * with one `generate_series` statement (a realistic ~8 KB UBL-TR invoice each, izibiz's
 * FATURA_2.xml without its embedded XSLT, with its own ETTN and number).
 */
import { readFileSync } from 'node:fs';
import { sql, type Kysely } from 'kysely';

export const SAMPLES_DIR = new URL('../../resources/ubl-tr/samples/izibiz/', import.meta.url);

const SAMPLE_UUID = '8138d121-ea76-40cf-9de4-e30d3f506de1';
const SAMPLE_ID = 'DMY2018625142607';

/** A sample file's bytes. */
export function sample(name: string): Buffer {
  return readFileSync(new URL(name, SAMPLES_DIR));
}

/** The seeded documents' XML with `{{UUID}}`, `{{ID}}` and `{{DATE}}` to fill (about 8 KB). */
export function invoiceTemplate(): string {
  const xml = sample('FATURA_2.xml').toString('utf8')
    .replace(/<cac:AdditionalDocumentReference>(?:(?!<\/cac:AdditionalDocumentReference>)[\s\S])*?<cbc:DocumentType>XSLT<\/cbc:DocumentType>[\s\S]*?<\/cac:AdditionalDocumentReference>/, '')
    .replaceAll(SAMPLE_UUID, '{{UUID}}')
    .replaceAll(SAMPLE_ID, '{{ID}}')
    .replace('<cbc:IssueDate>2018-06-25</cbc:IssueDate>', '<cbc:IssueDate>{{DATE}}</cbc:IssueDate>');
  // A longer note brings it to the size of an ordinary invoice with a few lines.
  const note = `<cbc:Note>${'Teslimat ve ödeme koşulları sözleşmede belirtildiği gibidir. '.repeat(32)}</cbc:Note>`;
  return xml.replace('<cbc:DocumentCurrencyCode>', `${note}<cbc:DocumentCurrencyCode>`);
}

/** A stand-in for GİB's display (about 10 KB; the real one of the template is about 60 KB), for documents seeded with their view cached. */
export function htmlTemplate(): string {
  const rows = Array.from({ length: 120 }, (_, i) => `<tr><td>${i + 1}</td><td>Satır açıklaması</td><td>1,00</td><td>100,00 TL</td></tr>`).join('');
  return `<!DOCTYPE html><html lang="tr"><head><meta charset="utf-8"><title>{{ID}}</title></head><body><h1>e-Fatura {{ID}}</h1><p>ETTN: {{UUID}}</p><table>${rows}</table></body></html>`;
}

export interface SeedOptions {
  companyId: number;
  count: number;
  /** Three letters or digits: the numbers are PREFIX + 13 digits. */
  prefix: string;
  direction?: 'INCOMING' | 'OUTGOING';
  category?: 'EINVOICE' | 'EARCHIVE' | 'EDESPATCH';
  /** First issue date; the documents spread over `days` days from it. */
  from?: string;
  days?: number;
  /** Seed the HTML view as cached (otherwise null: rendered at the first download). */
  html?: boolean;
  /** The cached view's text with `{{UUID}}` and `{{ID}}` (default {@link htmlTemplate}). */
  htmlText?: string;
}

/** Writes `count` documents (as the superuser: `db` is the server's own pool) and returns their ETTNs. */
export async function seedDocuments(db: Kysely<any>, o: SeedOptions): Promise<{ uuids: string[] }> {
  const xml = invoiceTemplate();
  const html = o.html ? o.htmlText ?? htmlTemplate() : null;
  const from = o.from ?? '2026-01-01';
  const days = o.days ?? 28;
  const r = await sql<{ uuid: string }>`
    insert into edoc_documents (company_id, direction, category, uuid, document_no, profile, type_code, issue_date, status,
                                party_title, party_identifier, total, currency, xml, html, imported, history, problems)
    select ${o.companyId}, ${o.direction ?? 'INCOMING'}, ${o.category ?? 'EINVOICE'}, s.u, s.no, 'TEMELFATURA', 'SATIS', s.day, 'SUCCESS',
           'İZİBİZ BİLİŞİM TEKNOLOJİLERİ ANONİM ŞİRKETİ', '4840847211', 118.00, 'TRY',
           replace(replace(replace(${xml}::text, '{{UUID}}', s.u::text), '{{ID}}', s.no), '{{DATE}}', s.day::text),
           case when ${html}::text is null then null else replace(replace(${html}::text, '{{UUID}}', s.u::text), '{{ID}}', s.no) end,
           true, '[]', '[]'
      from (select gen_random_uuid() as u, ${o.prefix} || lpad(g::text, 13, '0') as no, (${from}::date + (g % ${days}))::date as day
              from generate_series(1, ${o.count}) g) s
    returning uuid::text as uuid`.execute(db);
  return { uuids: r.rows.map((x) => x.uuid) };
}

/** Every entry of a zip (a buffer or a file), read with yauzl: name → bytes, in the zip's order. */
export async function readZip(input: Buffer | string): Promise<Map<string, Buffer>> {
  const yauzl = (await import('yauzl')).default;
  const zip = await new Promise<import('yauzl').ZipFile>((resolve, reject) => {
    const cb = (err: Error | null, z?: import('yauzl').ZipFile) => (err || !z ? reject(err ?? new Error('zip')) : resolve(z));
    if (typeof input === 'string') yauzl.open(input, { lazyEntries: true }, cb);
    else yauzl.fromBuffer(input, { lazyEntries: true }, cb);
  });
  const out = new Map<string, Buffer>();
  await new Promise<void>((resolve, reject) => {
    zip.on('error', reject);
    zip.on('end', () => resolve());
    zip.on('entry', (e: import('yauzl').Entry) => {
      zip.openReadStream(e, (err, s) => {
        if (err || !s) return reject(err ?? new Error('entry'));
        const chunks: Buffer[] = [];
        s.on('data', (c: Buffer) => chunks.push(c));
        s.on('error', reject);
        s.on('end', () => {
          out.set(e.fileName, Buffer.concat(chunks));
          zip.readEntry();
        });
      });
    });
    zip.readEntry();
  });
  return out;
}

/** A zip of the given entries, in memory (yazl, through streamZip: many entries stay fast). */
export async function makeZip(entries: { name: string; data: Buffer | string }[]): Promise<Buffer> {
  const { streamZip } = await import('@tezgah/edocument-common/zip-stream');
  async function* batches() {
    for (let i = 0; i < entries.length; i += 1000) {
      yield entries.slice(i, i + 1000).map((e) => ({ name: e.name, data: Buffer.isBuffer(e.data) ? e.data : Buffer.from(e.data) }));
    }
  }
  const chunks: Buffer[] = [];
  for await (const c of streamZip(batches()) as AsyncIterable<Buffer>) chunks.push(c);
  return Buffer.concat(chunks);
}
