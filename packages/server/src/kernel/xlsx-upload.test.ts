import { describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import yazl from 'yazl';
import { boundedXlsx, UnreadableXlsx } from './xlsx-upload';
import { Problem } from './problem';
import { declareInflatedSize } from '../../test/zip';

async function zipOf(parts: Record<string, Buffer | string>): Promise<Buffer> {
  const z = new yazl.ZipFile();
  for (const [name, data] of Object.entries(parts)) z.addBuffer(Buffer.from(data), name);
  z.end();
  const chunks: Buffer[] = [];
  for await (const c of z.outputStream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

async function entriesOf(data: Buffer): Promise<Map<string, { method: number; data: string }>> {
  const zip = await new Promise<yauzl.ZipFile>((res, rej) => yauzl.fromBuffer(data, { lazyEntries: true }, (e, z) => (e ? rej(e) : res(z!))));
  const out = new Map<string, { method: number; data: string }>();
  await new Promise<void>((res, rej) => {
    zip.on('end', res).on('error', rej).on('entry', (e: yauzl.Entry) => {
      zip.openReadStream(e, (err, s) => {
        if (err) return rej(err);
        const chunks: Buffer[] = [];
        s!.on('data', (c: Buffer) => chunks.push(c)).on('end', () => { out.set(e.fileName, { method: e.compressionMethod, data: Buffer.concat(chunks).toString() }); zip.readEntry(); });
      });
    });
    zip.readEntry();
  });
  return out;
}

const SHEET = `<worksheet><sheetData>${'<row><c t="inlineStr"><is><t>Ürün</t></is></c></row>'.repeat(30_000)}</sheetData></worksheet>`;

describe('an uploaded .xlsx, bounded before a reader unzips it', () => {
  it('keeps the XML parts, stored, and leaves out the rest', async () => {
    const data = await zipOf({ '[Content_Types].xml': '<Types/>', 'xl/workbook.xml': '<workbook/>', 'xl/_rels/workbook.xml.rels': '<Relationships/>', 'xl/worksheets/sheet1.xml': SHEET, 'xl/media/image1.png': Buffer.alloc(5000, 7) });
    const entries = await entriesOf(await boundedXlsx(data));
    expect([...entries.keys()].sort()).toEqual(['[Content_Types].xml', 'xl/_rels/workbook.xml.rels', 'xl/workbook.xml', 'xl/worksheets/sheet1.xml']);
    expect(entries.get('xl/worksheets/sheet1.xml')).toEqual({ method: 0, data: SHEET });
  });

  it('refuses with 413 what would inflate past the bound, before inflating it', async () => {
    const data = await zipOf({ 'xl/workbook.xml': '<workbook/>', 'xl/worksheets/sheet1.xml': SHEET });
    expect(SHEET.length).toBeGreaterThan(1024 * 1024);
    const e = await boundedXlsx(data, 1).then(() => null, (x: unknown) => x);
    expect(e).toBeInstanceOf(Problem);
    expect([(e as Problem).status, (e as Problem).code]).toEqual([413, 'FILE_TOO_LARGE']);
    // A central directory that claims 300 MB is refused on its word.
    const claimed = await boundedXlsx(declareInflatedSize(data, 'xl/worksheets/sheet1.xml', 300 * 1024 * 1024)).then(() => null, (x: unknown) => x);
    expect((claimed as Problem).status).toBe(413);
  });

  it('calls unreadable a file that is not a zip, and one whose entry inflates to more than it declares', async () => {
    await expect(boundedXlsx(Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]))).rejects.toBeInstanceOf(UnreadableXlsx);
    const data = await zipOf({ 'xl/workbook.xml': '<workbook/>', 'xl/worksheets/sheet1.xml': SHEET });
    await expect(boundedXlsx(declareInflatedSize(data, 'xl/worksheets/sheet1.xml', 1000))).rejects.toBeInstanceOf(UnreadableXlsx);
  });
});
