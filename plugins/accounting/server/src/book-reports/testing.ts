import { inflateSync } from 'node:zlib';
import { expect } from 'vitest';
import { readSheet } from 'read-excel-file/node';

/** Test helpers for the book reports' files (PDF and xlsx as they come from the server). */

/** Every FlateDecode stream of a PDF, inflated (page contents, font programs, ToUnicode maps). */
export function pdfStreams(bytes: Buffer): string[] {
  const out: string[] = [];
  const text = bytes.toString('latin1');
  const re = /stream\r?\n/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(text))) {
    const start = m.index + m[0].length;
    const end = text.indexOf('endstream', start);
    if (end < 0) break;
    try { out.push(inflateSync(bytes.subarray(start, end)).toString('latin1')); } catch { /* not deflated */ }
    re.lastIndex = end + 'endstream'.length;
  }
  return out;
}

/** Pages of a PDF written by pdfkit: its page objects ('/Type /Page', not '/Type /Pages'). */
export const pageCount = (bytes: Buffer) => (bytes.toString('latin1').match(/\/Type \/Page(?!s)/g) ?? []).length;

/** Whether a PDF's embedded fonts map one of their glyphs back to this character (their ToUnicode maps). */
export function mapsCharacter(bytes: Buffer, ch: string): boolean {
  const hex = ch.codePointAt(0)!.toString(16).padStart(4, '0');
  return pdfStreams(bytes).some((s) => s.includes('begincmap') && new RegExp(`<${hex}>`, 'i').test(s));
}

/** A GET whose answer may be a file: its bytes as they came (the JSON test client reads text). */
export async function download(base: string, path: string, token: string, headers: Record<string, string> = {}) {
  const res = await fetch(base + path, { headers: { authorization: `Bearer ${token}`, ...headers } });
  const bytes = Buffer.from(await res.arrayBuffer());
  const type = res.headers.get('content-type') ?? '';
  return { status: res.status, headers: res.headers, type, bytes, body: type.includes('json') ? JSON.parse(bytes.toString('utf8')) : null };
}

/** One of our sheets: the heading lines, the header row (first cell `first`), the data rows and the totals row (the last). */
export async function sheetTable(bytes: Buffer, first: string) {
  const rows = await readSheet(bytes);
  const at = rows.findIndex((r) => r[0] === first);
  expect(at, `header row starting '${first}'`).toBeGreaterThan(0);
  return { heading: rows.slice(0, at).map((r) => r[0]).filter(Boolean) as string[], header: rows[at]!, data: rows.slice(at + 1, -1), totals: rows[rows.length - 1]! };
}
