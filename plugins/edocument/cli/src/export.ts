/**
 * `tezgah edoc export`: the documents of a date range as one zip (each document's XML and its
 * HTML view), resumable.
 *
 * 1. The documents are listed through the paged lists (direction and type pick the lists and
 *    their filters; see {@link sourcesOf}).
 * 2. They are fetched in batches (500 ETTNs) through the matching zip download; each answer is
 *    streamed to `FILE.zip.parts/bNNNNNN.zip`, checked (it opens and holds its entries), and only
 *    then named in the work folder's journal (`journal.jsonl`, one line per finished batch).
 * 3. When every document is in the work folder, `FILE.zip` is written from the batches with yazl,
 *    streaming (zip-stream.ts), under a temporary name renamed at the end — a `FILE.zip` that
 *    exists is always complete — and the work folder is removed.
 *
 * Run again after a kill, it lists again, skips the documents the journal already holds and goes
 * on; the work folder remembers the options it was made with and refuses others.
 */
import { createWriteStream, existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, appendFileSync, writeFileSync, openSync, fsyncSync, closeSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import yauzl from 'yauzl';
import { UsageError, type CliContext, type Lang } from '@tezgah/cli';
import { downloadZip, listAll } from './api';
import { progressBar, type Progress } from './progress';
import { streamZip, type ZipEntry } from '@tezgah/edocument-common/zip-stream';

export type Direction = 'in' | 'out';
export type DocType = 'einvoice' | 'earchive' | 'edespatch';

export interface ExportOptions {
  from: string;
  to: string;
  direction?: Direction | undefined;
  type?: DocType | undefined;
  out: string;
  batchSize?: number;
}

export interface ExportSummary {
  file: string;
  documents: number;
  entries: number;
  missing: number;
  batches: number;
  /** Documents already in the work folder from an earlier run. */
  resumed: number;
  bytes: number;
}

/** One list and the zip download that goes with it. */
export interface Source {
  key: string;
  list: string;
  query: Record<string, string>;
  zip: string;
}

const CATEGORY: Record<DocType, string> = { einvoice: 'EINVOICE', earchive: 'EARCHIVE', edespatch: 'EDESPATCH' };

/** The lists and zip downloads an export of `direction` and `type` goes through. */
export function sourcesOf(from: string, to: string, direction?: Direction, type?: DocType): Source[] {
  const range = { startDate: from, endDate: to };
  const out: Source[] = [];
  if (type !== 'edespatch') {
    const category: Record<string, string> = type ? { category: CATEGORY[type] } : {};
    if (direction === 'in') out.push({ key: 'invoices-in', list: '/incoming-outgoing-invoices', query: { ...range, ...category, direction: 'INCOMING' }, zip: '/zip/incoming-invoices' });
    else if (direction === 'out') out.push({ key: 'invoices-out', list: '/incoming-outgoing-invoices', query: { ...range, ...category, direction: 'OUTGOING' }, zip: '/zip/outgoing-earchive-invoices' });
    else out.push({ key: 'invoices', list: '/incoming-outgoing-invoices', query: { ...range, ...category }, zip: '/zip/incoming-outgoing-invoices' });
  }
  if (type === undefined || type === 'edespatch') {
    if (direction !== 'out') out.push({ key: 'despatches-in', list: '/incoming-despatches', query: range, zip: '/zip/incoming-despatches' });
    if (direction !== 'in') out.push({ key: 'despatches-out', list: '/outgoing-despatches', query: range, zip: '/zip/outgoing-despatches' });
  }
  return out;
}

interface JournalLine {
  n: number;
  source: string;
  /** The batch's zip in the work folder; null when none of its documents was held any more. */
  file: string | null;
  uuids: string[];
  entries: number;
}

const JOURNAL = 'journal.jsonl';
const META = 'export.json';

function readJournal(dir: string): JournalLine[] {
  const f = join(dir, JOURNAL);
  if (!existsSync(f)) return [];
  const lines: JournalLine[] = [];
  for (const text of readFileSync(f, 'utf8').split('\n')) {
    if (!text.trim()) continue;
    try {
      const line = JSON.parse(text) as JournalLine;
      // A line whose batch file is gone (or a torn last line) is simply done again.
      if (line.file === null || existsSync(join(dir, line.file))) lines.push(line);
    } catch {
      // The process died while writing the line: that batch is fetched again.
    }
  }
  return lines;
}

function appendJournal(dir: string, line: JournalLine): void {
  const f = join(dir, JOURNAL);
  appendFileSync(f, JSON.stringify(line) + '\n');
  const fd = openSync(f, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

function openZip(path: string): Promise<yauzl.ZipFile> {
  return new Promise((resolvePromise, reject) => yauzl.open(path, { lazyEntries: true, autoClose: false }, (err, z) => (err || !z ? reject(err ?? new Error(path)) : resolvePromise(z))));
}

/** Every entry of a zip file as a buffer (a batch: at most a few MB), in order. */
async function zipEntries(path: string): Promise<ZipEntry[]> {
  const zip = await openZip(path);
  const out: ZipEntry[] = [];
  try {
    await new Promise<void>((done, fail) => {
      zip.on('error', fail);
      zip.on('end', () => done());
      zip.on('entry', (e: yauzl.Entry) => {
        if (e.fileName.endsWith('/')) return zip.readEntry();
        zip.openReadStream(e, (err, s) => {
          if (err || !s) return fail(err ?? new Error(e.fileName));
          const chunks: Buffer[] = [];
          s.on('data', (c: Buffer) => chunks.push(c));
          s.on('error', fail);
          s.on('end', () => {
            out.push({ name: e.fileName, data: Buffer.concat(chunks) });
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  } finally {
    zip.close();
  }
  return out;
}

/** How many entries a finished batch file holds (it must open: a torn download does not). */
async function countEntries(path: string): Promise<number> {
  const zip = await openZip(path);
  const n = zip.entryCount;
  zip.close();
  return n;
}

const MESSAGES = {
  tr: {
    day: (name: string, value: string) => `--${name} YYYY-AA-GG biçiminde bir tarih olmalı: '${value}'`,
    reversed: (from: string, to: string) => `--from (${from}) --to'dan (${to}) sonra olamaz`,
    direction: (v: string) => `--direction in ya da out olmalı: '${v}'`,
    type: (v: string) => `--type einvoice, earchive ya da edespatch olmalı: '${v}'`,
    zip: (v: string) => `--out bir .zip dosyası olmalı: '${v}'`,
    folder: (p: string) => `--out dosyasının klasörü yok: ${p}`,
    otherOptions: (work: string, before: string) => `${work} başka seçeneklerle başlamış bir dışa aktarıma ait (${before}); aynı seçeneklerle çalıştırın ya da klasörü silin`,
    listing: (key: string) => `Listeleniyor (${key})`,
    downloading: 'İndiriliyor',
    writing: 'Zip yazılıyor',
  },
  en: {
    day: (name: string, value: string) => `--${name} must be a date as YYYY-MM-DD: '${value}'`,
    reversed: (from: string, to: string) => `--from (${from}) cannot be after --to (${to})`,
    direction: (v: string) => `--direction must be in or out: '${v}'`,
    type: (v: string) => `--type must be einvoice, earchive or edespatch: '${v}'`,
    zip: (v: string) => `--out must be a .zip file: '${v}'`,
    folder: (p: string) => `the folder of --out does not exist: ${p}`,
    otherOptions: (work: string, before: string) => `${work} belongs to an export started with other options (${before}); run with the same options or remove the folder`,
    listing: (key: string) => `Listing (${key})`,
    downloading: 'Downloading',
    writing: 'Writing the zip',
  },
} satisfies Record<Lang, unknown>;

function checkDay(name: string, value: string, lang: Lang): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(Date.parse(`${value}T00:00:00Z`)) || new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) !== value) {
    throw new UsageError(MESSAGES[lang].day(name, value));
  }
  return value;
}

/** Checks the options (invalid input, exit 2). */
export function checkOptions(o: ExportOptions, lang: Lang = 'tr'): void {
  const m = MESSAGES[lang];
  checkDay('from', o.from, lang);
  checkDay('to', o.to, lang);
  if (o.from > o.to) throw new UsageError(m.reversed(o.from, o.to));
  if (o.direction !== undefined && o.direction !== 'in' && o.direction !== 'out') throw new UsageError(m.direction(String(o.direction)));
  if (o.type !== undefined && !(o.type in CATEGORY)) throw new UsageError(m.type(String(o.type)));
  if (!/\.zip$/i.test(o.out)) throw new UsageError(m.zip(o.out));
  const parent = dirname(resolve(o.out));
  if (!existsSync(parent) || !statSync(parent).isDirectory()) throw new UsageError(m.folder(parent));
}

/** Splits a list into runs of `size`. */
function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Runs the export; see the module's note. */
export async function runExport(ctx: CliContext, o: ExportOptions, progress: Progress = progressBar(ctx.io.stderr, Date.now, ctx.lang)): Promise<ExportSummary> {
  const m = MESSAGES[ctx.lang];
  checkOptions(o, ctx.lang);
  const out = resolve(o.out);
  const work = `${out}.parts`;
  const batchSize = o.batchSize ?? 500;
  const meta = { from: o.from, to: o.to, direction: o.direction ?? null, type: o.type ?? null };
  if (existsSync(work)) {
    const metaFile = join(work, META);
    const before = existsSync(metaFile) ? (JSON.parse(readFileSync(metaFile, 'utf8')) as typeof meta) : null;
    if (before && JSON.stringify(before) !== JSON.stringify(meta)) {
      throw new UsageError(m.otherOptions(work, JSON.stringify(before)));
    }
  }
  mkdirSync(work, { recursive: true });
  writeFileSync(join(work, META), JSON.stringify(meta));

  const journal = readJournal(work);
  const done = new Set<string>();
  for (const line of journal) for (const u of line.uuids) done.add(`${line.source}:${u}`);
  let next = journal.reduce((m, l) => Math.max(m, l.n), 0) + 1;
  const resumed = done.size;

  // 1. What there is.
  const sources = sourcesOf(o.from, o.to, o.direction, o.type);
  const todo: { source: Source; uuids: string[] }[] = [];
  let listed = 0;
  for (const source of sources) {
    let started = -1;
    const docs = await listAll(ctx, source.list, source.query, (d, total) => {
      if (total !== started) progress.start(m.listing(source.key), (started = total));
      progress.update(d);
    });
    progress.stop();
    const uuids = [...new Set(docs.map((d) => d.uuid.toLowerCase()))];
    listed += uuids.length;
    todo.push({ source, uuids: uuids.filter((u) => !done.has(`${source.key}:${u}`)) });
  }

  // 2. Fetched in batches; each finished batch is in the journal.
  const total = Math.max(listed, resumed);
  let fetched = total - todo.reduce((s, t) => s + t.uuids.length, 0);
  progress.start(m.downloading, total);
  progress.update(fetched);
  for (const { source, uuids } of todo) {
    for (const batch of chunks(uuids, batchSize)) {
      const n = next++;
      const name = `b${String(n).padStart(6, '0')}.zip`;
      const body = await downloadZip(ctx.api(), source.zip, batch);
      let line: JournalLine;
      if (!body) {
        line = { n, source: source.key, file: null, uuids: batch, entries: 0 };
      } else {
        const part = join(work, `${name}.part`);
        await pipeline(Readable.fromWeb(body as unknown as WebReadableStream<Uint8Array>), createWriteStream(part));
        const entries = await countEntries(part);
        renameSync(part, join(work, name));
        line = { n, source: source.key, file: name, uuids: batch, entries };
      }
      appendJournal(work, line);
      journal.push(line);
      fetched += batch.length;
      progress.update(fetched);
    }
  }
  progress.stop();

  // 3. One zip from the batches, under a temporary name.
  const files = journal.filter((l) => l.file !== null).sort((a, b) => a.n - b.n);
  const entryTotal = files.reduce((s, l) => s + l.entries, 0);
  const missingLines: string[] = [];
  const notes: string[] = [];
  const used = new Set<string>();
  let written = 0;
  let entryCount = 0;
  let xmlCount = 0;
  progress.start(m.writing, entryTotal);
  async function* batches(): AsyncGenerator<ZipEntry[]> {
    for (const l of files) {
      const entries = await zipEntries(join(work, l.file!));
      const renamed = new Map<string, string>();
      const outEntries: ZipEntry[] = [];
      for (const e of entries) {
        if (e.name === 'eksik.txt') {
          readMissing(e.data.toString('utf8'), missingLines, notes);
          continue;
        }
        const dot = e.name.lastIndexOf('.');
        const base = dot > 0 ? e.name.slice(0, dot) : e.name;
        const ext = dot > 0 ? e.name.slice(dot) : '';
        let final = renamed.get(base);
        if (final === undefined) {
          final = base;
          if (used.has(final)) final = `${base}_${l.n}`;
          for (let k = 2; used.has(final); k++) final = `${base}_${l.n}_${k}`;
          used.add(final);
          renamed.set(base, final);
        }
        outEntries.push({ name: `${final}${ext}`, data: e.data });
        if (ext.toLowerCase() === '.xml') xmlCount++;
      }
      written += entries.length;
      entryCount += outEntries.length;
      progress.update(written);
      yield outEntries;
    }
    if (missingLines.length || notes.length) {
      entryCount++;
      const text = [
        ...(missingLines.length ? ['Bulunamayan ya da bu indirmeye ait olmayan belgeler (ETTN):', ...missingLines, ''] : []),
        ...(notes.length ? ['Notlar:', ...notes, ''] : []),
      ];
      yield [{ name: 'eksik.txt', data: Buffer.from(text.join('\r\n'), 'utf8') }];
    }
  }
  // Batches whose documents are all gone are named in eksik.txt too.
  for (const l of journal) if (l.file === null) missingLines.push(...l.uuids);
  const tmp = join(dirname(out), `.${basename(out)}.${process.pid}.tmp`);
  try {
    await pipeline(streamZip(batches()), createWriteStream(tmp));
    renameSync(tmp, out);
  } catch (e) {
    rmSync(tmp, { force: true });
    throw e;
  } finally {
    progress.stop();
  }
  const bytes = statSync(out).size;
  rmSync(work, { recursive: true, force: true });
  return { file: out, documents: xmlCount, entries: entryCount, missing: missingLines.length, batches: journal.length, resumed, bytes };
}

/** The ETTNs and notes of a batch's eksik.txt. */
function readMissing(text: string, uuids: string[], notes: string[]): void {
  let inNotes = false;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line) continue;
    if (line.startsWith('Notlar:')) {
      inNotes = true;
      continue;
    }
    if (inNotes) notes.push(line);
    else if (/^[0-9a-f-]{36}$/i.test(line)) uuids.push(line);
  }
}
