/**
 * `tezgah edoc import FILE...`: each file (an XML document or a zip of them) uploaded to
 * importEDocuments on its own; one line per document result, then a summary. A file the server
 * refuses as a whole (too large, not allowed) is a FAILED line of its own; the others go on.
 *
 * A zip larger than the server takes in one upload (10 MB: an archive from a former provider) is
 * opened here and its XML entries are sent 20 at a time, named `archive.zip/entry.xml` in the
 * lines as the server names the entries of a zip it opens itself.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { basename } from 'node:path';
import yauzl from 'yauzl';
import { isTezgahError, type TezgahPromiseApi } from '@tezgah/sdk';
import { UsageError, WORDS, type CliContext, type Lang } from '@tezgah/cli';
import { uploadForImport, type ImportResult } from './api';

const MESSAGES = {
  tr: {
    noFiles: 'içe aktarılacak dosya yok: tezgah edoc import DOSYA...',
    notFound: (f: string) => `dosya bulunamadı: ${f}`,
    notFile: (f: string) => `dosya değil: ${f}`,
    unknown: 'bilinmeyen hata',
    tooManyEntries: (n: number) => `Zip dosyasında ${n} giriş var; en çok 10.000 belge içeren zip kabul edilir.`,
    folders: 'Klasör yolu içeren zip girişleri kabul edilmez; belgeler zipin kök dizininde olmalı.',
    tooLarge: 'Giriş çok büyük; bir belge en çok 10 MB olabilir.',
    unreadableZip: (reason: string) => `Zip dosyası okunamadı: ${reason}`,
  },
  en: {
    noFiles: 'no files to import: tezgah edoc import FILE...',
    notFound: (f: string) => `file not found: ${f}`,
    notFile: (f: string) => `not a file: ${f}`,
    unknown: 'unknown error',
    tooManyEntries: (n: number) => `The zip holds ${n} entries; a zip of at most 10,000 documents is accepted.`,
    folders: 'Zip entries in folders are not accepted; the documents must be at the zip\'s root.',
    tooLarge: 'The entry is too large; a document may be 10 MB at most.',
    unreadableZip: (reason: string) => `The zip file could not be read: ${reason}`,
  },
} satisfies Record<Lang, unknown>;

export interface ImportSummary {
  results: ImportResult[];
  imported: number;
  duplicate: number;
  failed: number;
}

/** Checks every file is there before anything is sent (a usage error names the first missing one). */
export function checkFiles(files: readonly string[], lang: Lang = 'tr'): void {
  const m = MESSAGES[lang];
  if (!files.length) throw new UsageError(m.noFiles);
  for (const f of files) {
    if (!existsSync(f)) throw new UsageError(m.notFound(f));
    if (!statSync(f).isFile()) throw new UsageError(m.notFile(f));
  }
}

/** The line of one result: `✓ FILE  NO  içe aktarıldı` (imported), `= FILE  NO  zaten var` (duplicate), `✗ FILE  reason`. */
export function resultLine(r: ImportResult, lang: Lang = 'tr'): string {
  if (r.result === 'IMPORTED') return `✓ ${r.file}  ${r.documentNo ?? r.uuid ?? ''}  ${WORDS[lang].imported}`;
  if (r.result === 'DUPLICATE') return `= ${r.file}  ${r.documentNo ?? r.uuid ?? ''}  ${WORDS[lang].duplicate}`;
  return `✗ ${r.file}  ${r.reason ?? MESSAGES[lang].unknown}`;
}

/** Zips above this many bytes are opened here (the server's upload limit is 10 MB a file). */
export const LOCAL_UNZIP_BYTES = 9 * 1024 * 1024;
const ENTRIES_PER_UPLOAD = 20;
const ENTRY_LIMIT = 10 * 1024 * 1024;

/** Uploads files; a refusal of the whole upload (413, 400) becomes a FAILED result for each of them. */
async function upload(api: TezgahPromiseApi, files: { name: string; data: Buffer; label: string }[]): Promise<ImportResult[]> {
  try {
    const got = await uploadForImport(api, files);
    const labels = new Map(files.map((f) => [f.name, f.label]));
    return got.map((r) => ({ ...r, file: labels.get(r.file) ?? r.file }));
  } catch (e) {
    // A refusal of this upload: named, and the other files still go.
    if (!isTezgahError(e) || e._tag === 'Unauthorized' || e._tag === 'Forbidden' || e._tag === 'NetworkError' || e._tag === 'ServerError') throw e;
    return files.map((f) => ({ file: f.label, result: 'FAILED' as const, reason: e.detail ?? e.title }));
  }
}

/** A large zip's XML entries, sent in groups; entries the server would refuse are refused here with its words. */
async function importLargeZip(api: TezgahPromiseApi, path: string, name: string, emit: (r: ImportResult) => void, lang: Lang): Promise<void> {
  const m = MESSAGES[lang];
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) => yauzl.open(path, { lazyEntries: true }, (err, z) => (err || !z ? reject(err ?? new Error(path)) : resolve(z))));
  if (zip.entryCount > 10_000) {
    zip.close();
    emit({ file: name, result: 'FAILED', reason: m.tooManyEntries(zip.entryCount) });
    return;
  }
  let group: { name: string; data: Buffer; label: string }[] = [];
  const flush = async () => {
    if (!group.length) return;
    for (const r of await upload(api, group)) emit(r);
    group = [];
  };
  await new Promise<void>((resolve, reject) => {
    zip.on('error', reject);
    zip.on('end', () => resolve());
    zip.on('entry', (e: yauzl.Entry) => {
      const label = `${name}/${e.fileName}`;
      const next = () => zip.readEntry();
      if (e.fileName.endsWith('/') || !/\.xml$/i.test(e.fileName)) return next();
      // Refused here, in the entries' order (the group before it goes first).
      const refuse = (reason: string) => void flush().then(() => { emit({ file: label, result: 'FAILED', reason }); next(); }, reject);
      if (/[\\/]/.test(e.fileName)) return refuse(m.folders);
      if (e.uncompressedSize > ENTRY_LIMIT) return refuse(m.tooLarge);
      zip.openReadStream(e, (err, s) => {
        if (err || !s) return reject(err ?? new Error(label));
        const chunks: Buffer[] = [];
        s.on('data', (c: Buffer) => chunks.push(c));
        s.on('error', reject);
        s.on('end', () => {
          group.push({ name: e.fileName, data: Buffer.concat(chunks), label });
          (group.length >= ENTRIES_PER_UPLOAD ? flush() : Promise.resolve()).then(next, reject);
        });
      });
    });
    zip.readEntry();
  });
  await flush();
}

export async function runImport(ctx: CliContext, files: readonly string[], onResult: (r: ImportResult) => void = () => {}): Promise<ImportSummary> {
  checkFiles(files, ctx.lang);
  const api = ctx.api();
  const results: ImportResult[] = [];
  const emit = (r: ImportResult) => {
    results.push(r);
    onResult(r);
  };
  for (const path of files) {
    const name = basename(path);
    if (/\.zip$/i.test(name) && statSync(path).size > LOCAL_UNZIP_BYTES) {
      try {
        await importLargeZip(api, path, name, emit, ctx.lang);
      } catch (e) {
        if (isTezgahError(e)) throw e;
        emit({ file: name, result: 'FAILED', reason: MESSAGES[ctx.lang].unreadableZip(e instanceof Error ? e.message : String(e)) });
      }
      continue;
    }
    for (const r of await upload(api, [{ name, data: readFileSync(path), label: name }])) emit(r);
  }
  const count = (k: ImportResult['result']) => results.filter((r) => r.result === k).length;
  return { results, imported: count('IMPORTED'), duplicate: count('DUPLICATE'), failed: count('FAILED') };
}
