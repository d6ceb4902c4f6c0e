import { basename } from 'node:path';
import { sql } from 'kysely';
import yauzl from 'yauzl';
import { requireAuth, tables, uploadedFiles, type Handler, type RequestContext } from '@tezgah/server';
import { parseUbl } from '../ubl/index';
import type { ParsedUbl } from '../ubl/types';
import type { EDocCategory, EDocDirection, EdocumentTables } from '../schema';

/**
 * importEDocuments: documents received outside the integrator (an e-Arşiv invoice mailed as XML,
 * an archive from a former provider) brought into the lists. Each uploaded file is an XML
 * document or a zip of them (read entry by entry; an entry larger than 10 MB, more than 10,000
 * entries or an entry with a folder path is refused). One result per document: IMPORTED,
 * DUPLICATE (the company already holds that ETTN in that direction) or FAILED with the reason in
 * Turkish; each document goes in on its own savepoint, so a failure never takes the others with
 * it. A document whose supplier is the company itself is an outgoing one (an archive from a
 * former provider), any other an incoming one.
 */

export const MAX_ENTRY_BYTES = 10 * 1024 * 1024;
export const MAX_ENTRIES = 10_000;
/** All entries of one zip together, uncompressed. */
export const MAX_ZIP_BYTES = 1024 * 1024 * 1024;

export interface ImportResult {
  file: string;
  result: 'IMPORTED' | 'DUPLICATE' | 'FAILED';
  uuid: string | null;
  documentNo: string | null;
  id: number | null;
  reason: string | null;
}

const ETTN = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const DECIMAL = /^-?\d{1,18}(\.\d+)?$/;

const mb = (n: number) => `${Math.round(n / 1024 / 1024)} MB`;
const failed = (file: string, reason: string, doc?: ParsedUbl | null): ImportResult => ({
  file, result: 'FAILED', uuid: doc?.uuid ?? null, documentNo: doc?.id ?? null, id: null, reason,
});

function isZip(data: Buffer): boolean {
  return data.length >= 4 && data[0] === 0x50 && data[1] === 0x4b && (data[2] === 0x03 || data[2] === 0x05) && (data[3] === 0x04 || data[3] === 0x06);
}

/** A client's file name as a name, never a path. */
function fileLabel(name: string): string {
  return basename(name.replace(/\\/g, '/')).trim() || 'adsız';
}

/**
 * The XML entries of a zip, one at a time (`onEntry` is awaited before the next is read); the
 * refusals become results. Throws (a reason) when the zip as a whole cannot be read.
 */
async function eachZipEntry(
  data: Buffer,
  label: string,
  onEntry: (name: string, xml: Buffer) => Promise<void>,
  onRefused: (name: string, reason: string) => void,
): Promise<void> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(data, { lazyEntries: true, validateEntrySizes: true, decodeStrings: true, strictFileNames: false }, (err, z) => (err || !z ? reject(err ?? new Error('zip')) : resolve(z))));
  if (zip.entryCount > MAX_ENTRIES) {
    zip.close();
    throw new Error(`Zip dosyasında ${zip.entryCount} giriş var; en çok ${MAX_ENTRIES.toLocaleString('tr-TR')} belge içeren zip kabul edilir.`);
  }
  let total = 0;
  await new Promise<void>((resolve, reject) => {
    zip.on('error', reject);
    zip.on('end', () => resolve());
    zip.on('entry', (entry: yauzl.Entry) => {
      const name = entry.fileName;
      const next = () => zip.readEntry();
      const at = `${label}/${name}`;
      if (name.endsWith('/')) return next(); // a folder
      if (/[\\/]/.test(name) || name.includes('..') || /^[A-Za-z]:/.test(name)) {
        onRefused(at, 'Klasör yolu içeren zip girişleri kabul edilmez; belgeler zipin kök dizininde olmalı.');
        return next();
      }
      if (!/\.xml$/i.test(name)) return next(); // views (.html), notes (eksik.txt): not documents
      if (entry.uncompressedSize > MAX_ENTRY_BYTES) {
        onRefused(at, `Giriş çok büyük (${mb(entry.uncompressedSize)}); bir belge en çok ${mb(MAX_ENTRY_BYTES)} olabilir.`);
        return next();
      }
      total += entry.uncompressedSize;
      if (total > MAX_ZIP_BYTES) {
        zip.close();
        reject(new Error(`Zip dosyasının açılmış boyutu ${mb(MAX_ZIP_BYTES)} sınırını aşıyor.`));
        return;
      }
      zip.openReadStream(entry, (err, stream) => {
        if (err || !stream) {
          onRefused(at, `Giriş açılamadı: ${err?.message ?? 'bilinmeyen hata'}.`);
          return next();
        }
        const chunks: Buffer[] = [];
        let size = 0;
        let refused = false;
        stream.on('data', (c: Buffer) => {
          size += c.length;
          if (size > MAX_ENTRY_BYTES && !refused) {
            refused = true;
            stream.destroy();
            onRefused(at, `Giriş çok büyük; bir belge en çok ${mb(MAX_ENTRY_BYTES)} olabilir.`);
            next();
          } else if (!refused) chunks.push(c);
        });
        stream.on('error', (e: Error) => {
          if (refused) return;
          refused = true;
          onRefused(at, `Giriş okunamadı: ${e.message}.`);
          next();
        });
        stream.on('end', () => {
          if (refused) return;
          onEntry(at, Buffer.concat(chunks)).then(next, reject);
        });
      });
    });
    zip.readEntry();
  });
}

interface Company { id: number; taxNumber: string | null }

async function importOne(ctx: RequestContext, company: Company, file: string, data: Buffer): Promise<ImportResult> {
  let doc: ParsedUbl;
  try {
    doc = parseUbl(data);
  } catch (e) {
    const msg = e instanceof Error ? e.message : String(e);
    return failed(file, e instanceof Error && e.name === 'UblParseError' ? msg : `XML okunamadı: ${msg}`);
  }
  if (doc.kind !== 'INVOICE' && doc.kind !== 'DESPATCH') {
    const what = doc.kind === 'APPLICATION_RESPONSE' ? 'uygulama yanıtı' : 'irsaliye yanıtı';
    return failed(file, `Bu belge bir ${what}; yalnız fatura ve irsaliye içe aktarılır.`, doc);
  }
  if (!ETTN.test(doc.uuid)) return failed(file, `ETTN '${doc.uuid}' geçerli bir UUID değil.`, doc);
  if (!DAY.test(doc.issueDate)) return failed(file, `Düzenleme tarihi '${doc.issueDate}' YYYY-AA-GG biçiminde değil.`, doc);
  if (doc.currency && !/^[A-Z]{3}$/.test(doc.currency)) return failed(file, `Para birimi '${doc.currency}' geçerli değil.`, doc);
  const rate = doc.exchangeRate && DECIMAL.test(doc.exchangeRate.trim()) ? doc.exchangeRate.trim() : null;
  const total = doc.kind === 'INVOICE' && DECIMAL.test(doc.totals.payable) ? doc.totals.payable : null;
  const own = company.taxNumber && doc.supplier.vknTckn && doc.supplier.vknTckn.trim() === company.taxNumber.trim();
  const direction: EDocDirection = own ? 'OUTGOING' : 'INCOMING';
  const category: EDocCategory = doc.kind === 'DESPATCH' ? 'EDESPATCH' : doc.profile === 'EARSIVFATURA' ? 'EARCHIVE' : 'EINVOICE';
  const party = direction === 'INCOMING' ? doc.supplier : doc.customer;
  const uuid = doc.uuid.toLowerCase();
  const documentNo = doc.id.trim().slice(0, 100);
  const base = { file, uuid, documentNo };
  const trx = tables<EdocumentTables>(ctx);
  await sql`savepoint edoc_import`.execute(trx);
  try {
    const row = await trx.insertInto('edoc_documents').values({
      company_id: company.id, direction, category, uuid, document_no: documentNo,
      profile: doc.profile || null, type_code: doc.typeCode || null, issue_date: doc.issueDate, status: 'SUCCESS',
      party_title: party.name?.slice(0, 500) ?? null, party_identifier: party.vknTckn ?? null,
      total, currency: doc.currency || null, exchange_rate: rate,
      xml: data.toString('utf8').replace(/^\uFEFF/, ''), imported: true,
      problems: '[]',
      history: JSON.stringify([{ at: ctx.services.now().toISOString(), status: 'SUCCESS', note: `İçe aktarıldı: ${file}` }]),
      created_at: ctx.services.now(), updated_at: ctx.services.now(),
    }).onConflict((oc) => oc.columns(['company_id', 'direction', 'uuid']).doNothing()).returning('id').executeTakeFirst();
    await sql`release savepoint edoc_import`.execute(trx);
    if (!row) {
      const held = await trx.selectFrom('edoc_documents').select(['id', 'document_no']).where('company_id', '=', company.id)
        .where('direction', '=', direction).where('uuid', '=', uuid).executeTakeFirst();
      return { ...base, result: 'DUPLICATE', id: held ? Number(held.id) : null, documentNo: held?.document_no ?? documentNo, reason: 'Bu ETTN ile bir belge zaten var.' };
    }
    return { ...base, result: 'IMPORTED', id: Number(row.id), reason: null };
  } catch (e) {
    await sql`rollback to savepoint edoc_import`.execute(trx);
    const code = (e as { code?: string }).code;
    const constraint = (e as { constraint?: string }).constraint ?? '';
    if (code === '23505' && /documents_no/.test(constraint + String((e as Error).message))) {
      return failed(file, `Aynı numaralı (${documentNo}) başka bir giden belge zaten var.`, doc);
    }
    if (code === '22003') return failed(file, 'Belgedeki bir tutar çok büyük.', doc);
    return failed(file, `Belge kaydedilemedi: ${(e as Error).message}`, doc);
  }
}

const importEDocuments: Handler = async (ctx) => {
  const { companyId } = requireAuth(ctx);
  const files = uploadedFiles(ctx);
  const trx = tables<EdocumentTables>(ctx);
  const c = await trx.selectFrom('companies').select(['tax_number']).where('id', '=', companyId).executeTakeFirst();
  const company: Company = { id: companyId, taxNumber: c?.tax_number ?? null };
  const results: ImportResult[] = [];
  for (const f of files) {
    const label = fileLabel(f.fileName);
    if (isZip(f.data)) {
      try {
        const before = results.length;
        await eachZipEntry(f.data, label,
          async (name, xml) => { results.push(await importOne(ctx, company, name, xml)); },
          (name, reason) => { results.push(failed(name, reason)); });
        if (results.length === before) results.push(failed(label, 'Zip dosyasında XML belge yok.'));
      } catch (e) {
        results.push(failed(label, e instanceof Error && /^Zip /.test(e.message) ? e.message : `Zip dosyası okunamadı: ${e instanceof Error ? e.message : String(e)}`));
      }
    } else {
      results.push(await importOne(ctx, company, label, f.data));
    }
  }
  const count = (r: ImportResult['result']) => results.filter((x) => x.result === r).length;
  ctx.audit({ action: 'edocument.imported', entity: 'edocument', detail: { files: files.length, imported: count('IMPORTED'), duplicate: count('DUPLICATE'), failed: count('FAILED') } });
  return results;
};

export const importHandlers: Record<string, Handler> = { importEDocuments };
