import yazl from 'yazl';
import yauzl from 'yauzl';

/** A zip of one file (izibiz's compressed CONTENT: a zip holding one XML). */
export function zipOne(name: string, data: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const zip = new yazl.ZipFile();
    zip.addBuffer(data, name);
    zip.end();
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (c: Buffer) => chunks.push(c));
    zip.outputStream.on('error', reject);
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
  });
}

/** Does it start like a zip (PK\x03\x04)? */
export function isZip(data: Buffer): boolean {
  return data.length >= 4 && data[0] === 0x50 && data[1] === 0x4b && data[2] === 0x03 && data[3] === 0x04;
}

/** The files of a zip, by name (directories left out). */
export function unzip(data: Buffer): Promise<{ name: string; data: Buffer }[]> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(data, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err ?? new Error('unreadable zip'));
      const files: { name: string; data: Buffer }[] = [];
      zip.on('error', reject);
      zip.on('end', () => resolve(files));
      zip.on('entry', (entry: yauzl.Entry) => {
        if (entry.fileName.endsWith('/')) return zip.readEntry();
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e ?? new Error('unreadable zip entry'));
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('error', reject);
          stream.on('end', () => { files.push({ name: entry.fileName, data: Buffer.concat(chunks) }); zip.readEntry(); });
        });
      });
      zip.readEntry();
    });
  });
}

/** A CONTENT's bytes as text: unzipped (its first file) when it is a zip. */
export async function contentText(data: Buffer): Promise<string> {
  if (!isZip(data)) return data.toString('utf8').replace(/^\uFEFF/, '');
  const files = await unzip(data);
  if (!files.length) throw new Error('an empty zip');
  return files[0]!.data.toString('utf8').replace(/^\uFEFF/, '');
}
