import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { describe, expect, it } from 'vitest';
import { batchesOf, entryBase } from './zip';
import { streamZip, type ZipEntry } from '@tezgah/edocument-common/zip-stream';
import { readZip } from './testing';

const collect = async (s: NodeJS.ReadableStream) => {
  const chunks: Buffer[] = [];
  for await (const c of s as AsyncIterable<Buffer>) chunks.push(c);
  return Buffer.concat(chunks);
};

describe('streamZip', () => {
  it('writes every batch’s entries, in order, into one valid zip (12,000 entries)', async () => {
    async function* batches(): AsyncGenerator<ZipEntry[]> {
      for (let b = 0; b < 12; b++) yield Array.from({ length: 1000 }, (_, i) => ({ name: `e${b * 1000 + i}.xml`, data: Buffer.from(`<a>${b * 1000 + i}</a>`) }));
    }
    const entries = await readZip(await collect(streamZip(batches())));
    expect(entries.size).toBe(12_000);
    expect([...entries.keys()].slice(0, 3)).toEqual(['e0.xml', 'e1.xml', 'e2.xml']);
    expect(entries.get('e11999.xml')!.toString()).toBe('<a>11999</a>');
    // The entries moved aside per batch are all back in the central directory.
    expect([...entries.keys()].filter((n, i) => n !== `e${i}.xml`)).toEqual([]);
  });

  it('asks for the next batch only when the reader has taken the previous one', async () => {
    let asked = 0;
    async function* batches(): AsyncGenerator<ZipEntry[]> {
      for (let b = 0; b < 50; b++) {
        asked++;
        // Incompressible: 200 KB of zip output per batch.
        yield [{ name: `b${b}.bin`, data: Buffer.from(Array.from({ length: 200_000 }, () => Math.floor(Math.random() * 256))) }];
      }
    }
    const out = streamZip(batches(), { highWater: 64 * 1024 });
    // Nobody reads. Once the first batch is all in the output, the writer stands before the next one.
    const held = () => out.readableLength + (out as unknown as { writableLength: number }).writableLength;
    await expect.poll(held, { timeout: 20_000, interval: 5 }).toBeGreaterThanOrEqual(200_000);
    // Its waiting shows in nothing but time: watch it (it looks every 2 ms) for a while.
    for (const until = Date.now() + 300; Date.now() < until;) {
      expect(asked).toBeLessThanOrEqual(2);
      await new Promise((r) => setTimeout(r, 5));
    }
    // Only the first batch (and perhaps the one asked while it drained) came in.
    expect(asked).toBeLessThanOrEqual(2);
    let bytes = 0;
    let maxAheadBatches = 0;
    await pipeline(out, new Writable({
      highWaterMark: 16 * 1024,
      write(chunk: Buffer, _enc, cb) {
        bytes += chunk.length;
        maxAheadBatches = Math.max(maxAheadBatches, asked - Math.floor(bytes / 200_000));
        setTimeout(cb, 1);
      },
    }));
    expect(asked).toBe(50);
    expect(bytes).toBeGreaterThan(50 * 200_000);
    expect(maxAheadBatches).toBeLessThanOrEqual(3);
  });

  it('stops reading batches when the reader goes away, and reports a failing batch by destroying the stream', async () => {
    let asked = 0;
    let closed = false;
    async function* endless(): AsyncGenerator<ZipEntry[]> {
      try {
        for (;;) {
          asked++;
          yield [{ name: `x${asked}.txt`, data: Buffer.alloc(100_000, 1) }];
        }
      } finally {
        closed = true;
      }
    }
    const out = streamZip(endless(), { highWater: 16 * 1024 });
    let seen = -1;
    out.once('data', () => { seen = asked; out.destroy(); });
    // The writer gives the batches back (closes the generator) when it sees the reader gone:
    // after that no batch can be read.
    await expect.poll(() => closed, { timeout: 20_000, interval: 5 }).toBe(true);
    expect(asked).toBe(seen);
    expect(asked).toBeLessThan(5);

    async function* failing(): AsyncGenerator<ZipEntry[]> {
      yield [{ name: 'a.txt', data: Buffer.from('a') }];
      throw new Error('veritabanı gitti');
    }
    await expect(collect(streamZip(failing()))).rejects.toThrow('veritabanı gitti');
  });
});

describe('zip entry names and batches', () => {
  it('names an entry by its number (made safe) or its ETTN', () => {
    expect(entryBase('ABC2026000000001', 'u')).toBe('ABC2026000000001');
    expect(entryBase('../A/B 1', 'u')).toBe('A_B_1');
    expect(entryBase(null, '8138d121-ea76-40cf-9de4-e30d3f506de1')).toBe('8138d121-ea76-40cf-9de4-e30d3f506de1');
    expect(entryBase('..', 'u')).toBe('u');
  });

  it('cuts batches at 500 documents or 8 MB', () => {
    const rows = Array.from({ length: 1200 }, (_, i) => ({ id: i + 1, size: 1000 }));
    expect(batchesOf(rows).map((b) => b.length)).toEqual([500, 500, 200]);
    const big = [{ id: 1, size: 5_000_000 }, { id: 2, size: 5_000_000 }, { id: 3, size: 20_000_000 }, { id: 4, size: 10 }];
    expect(batchesOf(big)).toEqual([[1], [2], [3], [4]]);
  });
});
