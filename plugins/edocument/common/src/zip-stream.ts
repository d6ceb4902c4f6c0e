/**
 * The streamed zip writer the e-document server part (zip downloads) and CLI (edoc export) share.
 */
import type { Readable } from 'node:stream';
import yazl from 'yazl';

/**
 * A zip written with yazl while its entries are still being read, one batch at a time, so a zip
 * of 100,000 documents never sits in memory:
 *
 * - the next batch is asked for only when every entry of the previous one has been written to the
 *   output and the output's buffer has drained below `highWater` (the reader — an HTTP answer, a
 *   file — sets the pace; yazl itself writes buffers without waiting);
 * - yazl looks for its next entry from the first one on every step, which is quadratic over a
 *   zip's life (20,000 entries: 1.5 s, 50,000: 8 s, 200,000: minutes); the entries already
 *   written are moved aside between batches and handed back before the central directory is
 *   written (yazl 3.3.1 keeps them in `entries`; `internals` checks that shape);
 * - yazl starts deflating every buffer it is given at once, each with its own zlib state (about
 *   300 KB): a batch of 1,000 entries took 400 MB; entries are handed over 32 at a time;
 * - a written entry's pump function still holds its bytes (yazl never lets go of them: a zip
 *   of 2 GB would hold 2 GB); it is dropped when the entry is moved aside.
 */

export interface ZipEntry {
  name: string;
  data: Buffer;
}

export interface StreamZipOptions {
  /** Bytes the output may hold unread before the next batch is asked for. @default 1 MiB */
  highWater?: number;
  /** The modification time of every entry. @default now */
  mtime?: Date;
  /** Entries handed to yazl at a time (each is deflated with its own zlib state). @default 32 */
  group?: number;
  /** Called when reading a batch fails (the output is then destroyed with that error). */
  onError?: (error: unknown) => void;
}

/** yazl's entry states (index.js: Entry.FILE_DATA_DONE = 3). */
const FILE_DATA_DONE = 3;

interface YazlEntry {
  state: number;
  /** Its closure holds the entry's bytes (compressed and, by V8's shared context, uncompressed). */
  doFileDataPump: (() => void) | null;
}
interface YazlInternals {
  entries: YazlEntry[];
}

function internals(zip: yazl.ZipFile): YazlInternals {
  const z = zip as unknown as YazlInternals;
  if (!Array.isArray(z.entries)) throw new Error('yazl: entries not where expected (version changed?)');
  return z;
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Waits until every entry given to `zip` so far is written and its output holds at most
 * `highWater` unread bytes; false when the output was destroyed (the reader went away).
 */
export async function drained(zip: yazl.ZipFile, highWater: number): Promise<boolean> {
  const out = zip.outputStream as unknown as Readable & { writableLength: number };
  const z = internals(zip);
  for (;;) {
    if (out.destroyed) return false;
    const pending = z.entries.some((e) => e.state < FILE_DATA_DONE);
    if (!pending && out.readableLength + out.writableLength <= highWater) return true;
    await pause(pending ? 0 : 2);
  }
}

/**
 * Moves the written entries aside (see the module's note) and returns a function that puts them
 * back before `end()`.
 */
export function entryArchive(zip: yazl.ZipFile): { archive(): void; restore(): void } {
  const z = internals(zip);
  const chunks: YazlEntry[][] = [];
  return {
    archive() {
      if (z.entries.some((e) => e.state < FILE_DATA_DONE)) throw new Error('entries still being written');
      // A written entry keeps what its central directory record needs, not its data.
      for (const e of z.entries) e.doFileDataPump = null;
      if (z.entries.length) chunks.push(z.entries);
      z.entries = [];
    },
    restore() {
      const rest = z.entries;
      z.entries = ([] as YazlEntry[]).concat(...chunks, rest);
      chunks.length = 0;
    },
  };
}

/**
 * The zip of the batches `batches` yields, as a stream. A batch is read only after the previous
 * one drained (see the module's note); when the stream is destroyed (the client went away) no
 * more batches are read. A failure while reading destroys the stream with the error.
 */
export function streamZip(batches: AsyncIterable<ZipEntry[]>, opts: StreamZipOptions = {}): Readable {
  const zip = new yazl.ZipFile();
  const out = zip.outputStream as unknown as Readable;
  const highWater = opts.highWater ?? 1024 * 1024;
  const mtime = opts.mtime ?? new Date();
  const group = opts.group ?? 32;
  const written = entryArchive(zip);
  zip.on('error', (e: unknown) => out.destroy(e instanceof Error ? e : new Error(String(e))));
  void (async () => {
    const it = batches[Symbol.asyncIterator]();
    try {
      for (;;) {
        if (out.destroyed) break;
        const next = await it.next();
        if (next.done) break;
        // yazl deflates every added buffer at once, each with its own zlib state (~300 KB):
        // a few dozen at a time, not a whole batch.
        let gone = false;
        for (let i = 0; i < next.value.length && !gone; i += group) {
          for (const e of next.value.slice(i, i + group)) zip.addBuffer(e.data, e.name, { mtime });
          gone = !(await drained(zip, highWater));
        }
        if (gone) break;
        written.archive();
      }
      if (out.destroyed) {
        await it.return?.();
        return;
      }
      written.restore();
      zip.end();
    } catch (e) {
      opts.onError?.(e);
      out.destroy(e instanceof Error ? e : new Error(String(e)));
    }
  })();
  return out;
}
