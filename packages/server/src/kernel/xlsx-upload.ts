import yauzl, { type Entry, type ZipFile } from 'yauzl';
import yazl from 'yazl';
import { Problem } from './problem';

/**
 * An uploaded .xlsx, made safe to hand to a reader that unzips it whole (read-excel-file).
 *
 * An .xlsx is a zip, and a zip of a few megabytes can inflate to gigabytes (a zip bomb): the
 * upload limit bounds the file, not what it holds. read-excel-file inflates every XML part into
 * memory, with no bound, and reads the zip as a stream of local headers, so it would also see
 * entries the zip's central directory does not list. This reads the zip by its central directory
 * (yauzl, which holds every entry to the size it declares), inflates only the parts a reader
 * uses (`.xml` and `.rels`) up to {@link MAX_INFLATED_MB} in all, and stores them in a new zip
 * (no compression): the reader then sees exactly what was checked.
 *
 * A file that is not a readable zip throws {@link UnreadableXlsx} (the caller says so in its own
 * words); one that would inflate past the bound is a 413 problem, `FILE_TOO_LARGE`.
 */
export const MAX_INFLATED_MB = 200;

export class UnreadableXlsx extends Error {
  override readonly name = 'UnreadableXlsx';
}

const wanted = (name: string) => name.endsWith('.xml') || name.endsWith('.rels');

export async function boundedXlsx(data: Buffer, maxInflatedMb = MAX_INFLATED_MB): Promise<Buffer> {
  const limit = maxInflatedMb * 1024 * 1024;
  const tooLarge = () =>
    new Problem(413, 'Dosya çok büyük', { detail: `Excel dosyası açıldığında ${maxInflatedMb} MB'tan büyük; bu kadarı okunmaz.`, code: 'FILE_TOO_LARGE' });
  let zip: ZipFile;
  try {
    zip = await new Promise<ZipFile>((resolve, reject) =>
      yauzl.fromBuffer(data, { lazyEntries: true, validateEntrySizes: true, strictFileNames: false }, (e, z) => (e || !z ? reject(e ?? new Error('zip')) : resolve(z))));
  } catch (e) {
    throw new UnreadableXlsx(e instanceof Error ? e.message : String(e));
  }
  const parts: { name: string; data: Buffer }[] = [];
  let total = 0;
  const inflate = (entry: Entry) =>
    new Promise<Buffer>((resolve, reject) => {
      zip.openReadStream(entry, (e, stream) => {
        if (e || !stream) return reject(e ?? new Error('zip entry'));
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => {
          total += c.length;
          // yauzl holds the entry to its declared size; this also stops one that declares the truth, chunk by chunk.
          if (total > limit) return stream.destroy(tooLarge());
          chunks.push(c);
        });
        stream.on('error', reject);
        stream.on('end', () => resolve(Buffer.concat(chunks)));
      });
    });
  try {
    await new Promise<void>((resolve, reject) => {
      zip.on('error', reject);
      zip.on('end', () => resolve());
      zip.on('entry', (entry: Entry) => {
        const name = entry.fileName;
        if (name.endsWith('/') || !wanted(name)) return zip.readEntry();
        if (total + entry.uncompressedSize > limit) return reject(tooLarge());
        inflate(entry).then((d) => { parts.push({ name, data: d }); zip.readEntry(); }, reject);
      });
      zip.readEntry();
    });
  } catch (e) {
    if (e instanceof Problem) throw e;
    throw new UnreadableXlsx(e instanceof Error ? e.message : String(e));
  } finally {
    zip.close();
  }
  const out = new yazl.ZipFile();
  for (const p of parts) out.addBuffer(p.data, p.name, { compress: false });
  out.end();
  const chunks: Buffer[] = [];
  for await (const c of out.outputStream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}
