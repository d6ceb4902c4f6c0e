/**
 * Sets what a zip's central directory says an entry inflates to, for tests of readers that must
 * not trust a file (a zip bomb declares its true size, or lies about it). Answers a patched copy;
 * throws when no entry is named `name`.
 */
export function declareInflatedSize(zip: Buffer, name: string, size: number): Buffer {
  const out = Buffer.from(zip);
  const record = Buffer.from([0x50, 0x4b, 0x01, 0x02]); // a central directory file header
  const wanted = Buffer.from(name);
  for (let at = out.indexOf(record); at >= 0; at = out.indexOf(record, at + 1)) {
    const length = out.readUInt16LE(at + 28);
    if (length === wanted.length && out.subarray(at + 46, at + 46 + length).equals(wanted)) {
      out.writeUInt32LE(size, at + 24);
      return out;
    }
  }
  throw new Error(`no entry ${name} in the zip`);
}
