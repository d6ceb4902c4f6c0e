/**
 * `tezgah import/export` as a person runs them (runCli in-process, the API faked behind fetch):
 * exit codes, the --json summary, the table for people, the progress bar, usage errors, and the
 * discovery of workspace CLI plugins.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { runCli, type CreateProgramOptions } from '@tezgah/cli';
import accountingCommands from './index';
import { fakeApi, fakeFetch, type FakeApi } from './testing/fake-api';

const dir = mkdtempSync(join(tmpdir(), 'tezgah-accounting-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
writeFileSync(join(dir, 'profile.json'), JSON.stringify({ url: 'http://tezgah.fake', token: 'a.b.c', companyId: 3 }));

let fake: FakeApi;
beforeEach(() => {
  fake = fakeApi();
});

function sink(isTTY = false) {
  const chunks: string[] = [];
  return { write: (s: string) => void chunks.push(s), isTTY, columns: 120, text: () => chunks.join('') };
}

/** Runs `tezgah` in English (the texts below are the English ones) unless `env` says otherwise. */
async function tezgah(
  args: string[],
  opts: { tty?: boolean; program?: CreateProgramOptions; env?: Record<string, string>; fetch?: (req: Request) => Promise<Response>; sleep?: (ms: number) => Promise<void> } = {},
) {
  const stdout = sink();
  const stderr = sink(opts.tty === true);
  const code = await runCli(
    args,
    {
      stdout,
      stderr,
      stdin: Readable.from([]),
      env: { TEZGAH_CONFIG_DIR: dir, HOME: dir, ...(opts.env ?? { LANG: 'en_US.UTF-8' }) },
      fetch: opts.fetch ?? fakeFetch(fake),
      ...(opts.sleep ? { sleep: opts.sleep } : {}),
    },
    opts.program ?? { discover: false, plugins: [accountingCommands] },
  );
  return { code, stdout: stdout.text(), stderr: stderr.text() };
}

/** The --json summary of an import: nothing done unless said. */
const summary = (o: Record<string, unknown>) => ({ dryRun: false, rows: 0, created: 0, updated: 0, unchanged: 0, invalid: 0, errors: [], ...o });

let n = 0;
const csv = (lines: string[]) => {
  const path = join(dir, `c${++n}.csv`);
  writeFileSync(path, lines.join('\r\n'));
  return path;
};
const GOOD = ['Ürün Adı;Barkod;Satış Fiyatı;KDV Oranı', 'Aspirin;8690000000001;12,50;10', 'Şeker;8690000000002;1.234,56;1'];

describe('tezgah import', () => {
  it('--json prints the summary; a re-run leaves every row unchanged (exit 0 both times)', async () => {
    const file = csv(GOOD);
    const first = await tezgah(['import', 'products', file, '--json']);
    expect(first).toEqual({ code: 0, stdout: JSON.stringify(summary({ rows: 2, created: 2 }), null, 2) + '\n', stderr: '' });
    const again = await tezgah(['--json', 'import', 'products', file]);
    expect(again.code).toBe(0);
    expect(JSON.parse(again.stdout)).toEqual(summary({ rows: 2, unchanged: 2 }));
    expect(fake.products).toHaveLength(2);
  });

  it('a dry run with a bad row is invalid input: exit 2, dryRun in the JSON, the reason on stderr, nothing written', async () => {
    const file = csv([...GOOD, 'Tuz;8690000000003;bedava;20']);
    const r = await tezgah(['import', 'products', file, '--dry-run', '--json']);
    expect(r.code).toBe(2);
    expect(JSON.parse(r.stdout)).toEqual(summary({ dryRun: true, rows: 3, created: 2, invalid: 1, errors: [{ row: 4, column: 'Satış Fiyatı', reason: '"bedava" is not a number' }] }));
    expect(r.stderr).toBe('error: 1 row with problems (dry run: nothing was written)\n');
    expect(fake.writes).toEqual([]);
    const clean = await tezgah(['import', 'products', csv(GOOD), '--dry-run', '--json']);
    expect([clean.code, JSON.parse(clean.stdout).dryRun]).toEqual([0, true]);
  });

  it('for people: the counts and a table of the problems; --skip-invalid writes the rest and exits 1', async () => {
    const r = await tezgah(['import', 'products', csv([...GOOD, ';8690000000003;1;20', 'Renkli;8690000000004;x;20'])]);
    expect(r.code).toBe(2);
    expect(r.stdout.split('\n')).toEqual([
      'created 0 · updated 0 · unchanged 0 · invalid 2',
      '',
      'ROW  COLUMN        REASON',
      '  4  Ürün Adı      required',
      '  5  Satış Fiyatı  "x" is not a number',
      '',
    ]);
    expect(r.stderr).toBe('error: 2 rows with problems; nothing was written (--skip-invalid writes the other rows)\n');
    const skip = await tezgah(['import', 'products', csv([...GOOD, ';8690000000003;1;20']), '--skip-invalid']);
    expect(skip.code).toBe(1);
    expect(skip.stdout.split('\n')[0]).toBe('created 2 · updated 0 · unchanged 0 · invalid 1');
    expect(skip.stderr).toBe('warning: 1 invalid row skipped; the other rows were written\n');
    expect(fake.products).toHaveLength(2);
  });

  it('one vocabulary: each JSON count is the word the text uses, in English; in Turkish one word each, by default', async () => {
    const file = csv(GOOD);
    await tezgah(['import', 'products', file]);
    const changed = csv([GOOD[0]!, GOOD[1]!.replace('12,50', '13,00'), GOOD[2]!, 'Yeni;8690000000005;1;1', 'Bozuk;8690000000006;x;1']);
    const json = JSON.parse((await tezgah(['import', 'products', changed, '--dry-run', '--json'])).stdout) as Record<string, unknown>;
    const text = (await tezgah(['import', 'products', changed, '--dry-run'])).stdout.split('\n')[0]!;
    expect(text).toBe('created 1 · updated 1 · unchanged 1 · invalid 1 (dry run: nothing was written)');
    for (const key of ['created', 'updated', 'unchanged', 'invalid']) expect(text).toContain(`${key} ${json[key]}`);
    const tr = await tezgah(['import', 'products', changed, '--dry-run'], { env: {} });
    expect(tr.code).toBe(2);
    expect(tr.stdout.split('\n').slice(0, 4)).toEqual([
      'oluşturuldu 1 · güncellendi 1 · değişmedi 1 · hatalı 1 (deneme: hiçbir şey yazılmadı)',
      '',
      'SATIR  SÜTUN         NEDEN',
      '    5  Satış Fiyatı  "x" bir sayı değil',
    ]);
    expect(tr.stderr).toBe('hata: 1 satırda sorun var (deneme: hiçbir şey yazılmadı)\n');
  });

  it('names the columns it ignores, and shows a progress bar on a terminal; elsewhere a short run stays quiet', async () => {
    const r = await tezgah(['import', 'products', csv(['Ürün Adı;Barkod;Renk', 'A;1;mavi']), '--json'], { tty: true });
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('note: ignored columns: Renk\n');
    expect(r.stderr).toContain('importing products [');
    expect(r.stderr).toContain('100% 1/1');
    const plain = await tezgah(['import', 'products', csv(['Ürün Adı;Barkod', 'B;2']), '--json']);
    expect(plain.stderr).toBe('');
  });

  it('invalid input exits 2: an unknown kind, a file type, a missing file, a bad batch size', async () => {
    const kind = await tezgah(['import', 'invoices', csv(GOOD)]);
    expect(kind.code).toBe(2);
    expect(kind.stderr).toContain("error: unknown command 'invoices'");
    const txt = join(dir, 'list.txt');
    writeFileSync(txt, 'x');
    expect(await tezgah(['import', 'products', txt])).toMatchObject({ code: 2, stderr: `error: ${txt}: unsupported file type ".txt"; use .csv or .xlsx\n` });
    const missing = await tezgah(['import', 'currents', join(dir, 'none.xlsx')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('cannot read the file: ENOENT');
    const batch = await tezgah(['import', 'products', csv(GOOD), '--batch-size', '0']);
    expect(batch.code).toBe(2);
    expect(batch.stderr).toContain('Must be between 1 and 1000');
    expect(fake.writes).toEqual([]);
  });

  it('a refusal of the server that names no row (403) is a failure of the server: exit 3', async () => {
    const original = fakeFetch(fake);
    const r = await (async () => {
      const stdout = sink();
      const stderr = sink();
      const code = await runCli(
        ['import', 'products', csv(GOOD)],
        {
          stdout,
          stderr,
          stdin: Readable.from([]),
          env: { TEZGAH_CONFIG_DIR: dir, HOME: dir, LANG: 'en_US.UTF-8' },
          fetch: async (req) =>
            req.method === 'PUT'
              ? new Response(JSON.stringify({ type: 'about:blank', title: 'Yetki Hatası', status: 403, detail: 'Bu işlem için yetkiniz yok.' }), { status: 403, headers: { 'content-type': 'application/problem+json' } })
              : original(req),
        },
        { discover: false, plugins: [accountingCommands] },
      );
      return { code, stderr: stderr.text() };
    })();
    expect(r.code).toBe(3);
    expect(r.stderr).toBe('error: Yetki Hatası: Bu işlem için yetkiniz yok. (HTTP 403)\n');
  });

  it('a batch whose connection dropped is sent again with the same Idempotency-Key: written once, exit 0', async () => {
    const serve = fakeFetch(fake);
    const sent: (string | null)[] = [];
    let drop = true;
    const pauses: number[] = [];
    const r = await tezgah(['import', 'products', csv(GOOD), '--json'], {
      sleep: async (ms) => void pauses.push(ms),
      fetch: async (req) => {
        if (req.method !== 'PUT') return serve(req);
        sent.push(req.headers.get('idempotency-key'));
        if (drop) {
          drop = false;
          throw new TypeError('fetch failed', { cause: { code: 'EPIPE' } });
        }
        return serve(req);
      },
    });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual(summary({ rows: 2, created: 2 }));
    expect(sent).toHaveLength(2);
    expect(sent[0]).toMatch(/^tezgah-import:products:[0-9a-f]{32}:1$/);
    expect(sent[1]).toBe(sent[0]);
    expect(pauses).toEqual([500]);
    expect(r.stderr).toBe('note: PUT /services/onmuhasebe/api/products-list: fetch failed: EPIPE; retrying in 0.5 s (attempt 2 of 5)\n');
    expect(fake.products).toHaveLength(2);
  });

  it('a network that stays down: the summary of what was done, a note that a re-run is safe, exit 3', async () => {
    const serve = fakeFetch(fake);
    let puts = 0;
    const lines = ['Ürün Adı;Barkod', ...Array.from({ length: 3 }, (_, i) => `Ürün ${i};D${i}`)];
    const r = await tezgah(['import', 'products', csv(lines), '--batch-size', '2', '--json'], {
      sleep: async () => undefined,
      fetch: async (req) => {
        if (req.method === 'PUT' && ++puts > 1) throw new TypeError('fetch failed', { cause: { code: 'ECONNRESET' } });
        return serve(req);
      },
    });
    expect(r.code).toBe(3);
    expect(JSON.parse(r.stdout)).toEqual(summary({ rows: 3, created: 2 }));
    expect(r.stderr).toContain('note: the import stopped half-way; 2 records had been written. Importing the same file again is safe');
    expect(r.stderr.trim().split('\n').at(-1)).toBe('error: cannot reach the server at http://tezgah.fake: fetch failed: ECONNRESET');
    const again = await tezgah(['import', 'products', csv(lines), '--json']);
    expect([again.code, JSON.parse(again.stdout)]).toEqual([0, summary({ rows: 3, created: 1, unchanged: 2 })]);
  });
});

describe('tezgah export', () => {
  it('writes the file and answers its count; the file imports back with no changes', async () => {
    await tezgah(['import', 'products', csv(GOOD)]);
    const out = join(dir, 'export.xlsx');
    const r = await tezgah(['export', 'products', out, '--json']);
    expect(r).toEqual({ code: 0, stdout: JSON.stringify({ file: out, count: 2 }, null, 2) + '\n', stderr: '' });
    const people = await tezgah(['export', 'products', join(dir, 'export.csv')]);
    expect(people.stdout).toBe(`wrote 2 products to ${join(dir, 'export.csv')}\n`);
    const tr = await tezgah(['export', 'products', join(dir, 'export.csv')], { env: { LC_ALL: 'tr_TR.UTF-8', LANG: 'en_US.UTF-8' } });
    expect(tr.stdout).toBe(`2 ürün ${join(dir, 'export.csv')} dosyasına yazıldı\n`);
    for (const f of [out, join(dir, 'export.csv')]) {
      const back = await tezgah(['import', 'products', f, '--json']);
      expect(JSON.parse(back.stdout)).toEqual(summary({ rows: 2, unchanged: 2 }));
    }
  });
});

describe('discovery of CLI plugins', () => {
  it('the tezgah program finds this package by its package.json (tezgah.cli)', async () => {
    const r = await tezgah(['--help'], { program: {} });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/\n  import +import products or current accounts/);
    expect(r.stdout).toMatch(/\n  export +export products or current accounts/);
  });

  it('import products --help lists the columns it reads', async () => {
    const r = await tezgah(['import', 'products', '--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Usage: tezgah import products [options] <file>');
    expect(r.stdout).toContain('  Ürün Adı (required): also Ad, Adı,');
    expect(r.stdout).toContain('  KDV Oranı: also KDV, KDV %, Vergi Oranı, Default Tax Rate, Tax Rate, VAT, defaultTaxRate');
    const currentsHelp = await tezgah(['import', 'currents', '--help']);
    expect(currentsHelp.stdout).toContain('  Vergi No/TC Kimlik No: also Vergi No,');
  });

  it('loads plugins/<id>/cli and (with TEZGAH_EXAMPLES=1) examples/* packages of a repository, and warns about one that fails', async () => {
    const root = mkdtempSync(join(tmpdir(), 'tezgah-repo-'));
    const examples = process.env.TEZGAH_EXAMPLES;
    try {
      const pkg = (path: string, manifest: object, entry?: [string, string]) => {
        mkdirSync(join(root, path), { recursive: true });
        writeFileSync(join(root, path, 'package.json'), JSON.stringify(manifest));
        if (entry) writeFileSync(join(root, path, entry[0]), entry[1]);
      };
      const plugin = (id: string, word: string) =>
        `export default { id: '${id}', register(program, ctx) { program.command('${word}').action(() => ctx.output.line('${word} ran')); } };\n`;
      pkg('plugins/alpha/cli', { name: '@x/alpha-cli', tezgah: { cli: './main.mjs' } }, ['main.mjs', plugin('test-alpha', 'alpha')]);
      pkg('plugins/alpha/web', { name: '@x/alpha-web', tezgah: { web: './index.ts' } });
      pkg('examples/beta', { name: '@x/beta', tezgah: { cli: './beta.mjs' } }, ['beta.mjs', plugin('test-beta', 'beta')]);
      pkg('examples/broken', { name: '@x/broken', tezgah: { cli: './missing.mjs' } });
      // By default the examples are not part of the product: no beta, no warning about the broken one.
      delete process.env.TEZGAH_EXAMPLES;
      const plain = await tezgah(['alpha'], { program: { discover: root } });
      expect(plain.stdout).toBe('alpha ran\n');
      expect(plain.stderr).not.toContain('examples');
      expect((await tezgah(['beta'], { program: { discover: root } })).code).not.toBe(0);
      process.env.TEZGAH_EXAMPLES = '1';
      const r = await tezgah(['alpha'], { program: { discover: root } });
      expect(r.stdout).toBe('alpha ran\n');
      expect(r.code).toBe(0);
      expect(r.stderr).toMatch(/^warning: CLI plugin .*examples\/broken\/missing\.mjs was not loaded/);
      expect((await tezgah(['beta'], { program: { discover: root } })).stdout).toBe('beta ran\n');
    } finally {
      if (examples === undefined) delete process.env.TEZGAH_EXAMPLES;
      else process.env.TEZGAH_EXAMPLES = examples;
      rmSync(root, { recursive: true, force: true });
    }
  });
});
