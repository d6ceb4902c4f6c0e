/**
 * `tezgah medicines import` against the real server on both engines: a dry run lists the changes
 * and writes nothing, the import writes them, the same file again changes nothing; a pharmacy user
 * is refused (exit 3), a missing or unsupported file is invalid input (exit 2); a partial licensed
 * list with barcodes given twice: the duplicates named, and the withdrawal it would make refused
 * (exit 2, nothing written) without --allow-withdraw. Every run uploads the file once (the server
 * checks the withdrawal in the same request).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import writeXlsxFile from 'write-excel-file/node';
import { runCli } from '@tezgah/cli';
import { engines, startTestServer, type TestServer } from '../../../../packages/server/test/harness';
import pharmacyCommands from './index';

describe.each(engines('one'))('tezgah medicines import against the server on %s', (engine) => {
  let t: TestServer;
  let dir: string;
  /** The uploads to the import operation, counted from the CLI's own fetch. */
  let uploads = 0;

  const tezgah = async (args: string[], stdin = '') => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runCli(
      args,
      {
        stdout: { write: (s: string) => void out.push(s) },
        stderr: { write: (s: string) => void err.push(s) },
        stdin: Readable.from(stdin ? [stdin] : []),
        env: { TEZGAH_CONFIG_DIR: dir, HOME: dir },
        fetch: (request: Request) => {
          if (new URL(request.url).pathname.endsWith('/medicines/import')) uploads++;
          return globalThis.fetch(request);
        },
      },
      { discover: false, plugins: [pharmacyCommands] },
    );
    return { code, stdout: out.join(''), stderr: err.join('') };
  };
  /** Runs the CLI and answers its result with how many times it uploaded the file. */
  const counted = async (args: string[]) => {
    const before = uploads;
    const r = await tezgah(args);
    return { ...r, uploads: uploads - before };
  };
  const login = async (user: string) => {
    const r = await tezgah(['login', '--url', t.url, '--username', user, '--password-stdin'], 'demo1234\n');
    expect(r.code, r.stderr).toBe(0);
  };

  beforeAll(async () => {
    t = await startTestServer({ engine });
    dir = mkdtempSync(join(tmpdir(), 'tezgah-medicines-it-'));
  });
  afterAll(async () => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    await t?.close();
  });

  it('dry run, import, import again; refusals and usage errors', async () => {
    const db = t.server.database.db;
    // The reference price list as the master holds it, plus a price for one medicine without one.
    const priced = (await sql<{ name: string; p: string }>`select distinct name, reference_price_eur::text as p from pharmacy_medicines where 'TITCK_GKF' = any (sources)`.execute(db)).rows;
    const target = (await sql<{ barcode: string; name: string }>`select barcode, name from pharmacy_medicines where reference_price_eur is null and active order by barcode limit 1`.execute(db)).rows[0]!;
    const rows = [['İLAÇ ADI', 'FİRMA ADI', 'GERÇEK KAYNAK FİYAT (€)'], ...priced.map((r) => [r.name, 'X', r.p]), [target.name, 'Y', '42.10']];
    const file = join(dir, 'fiyat.xlsx');
    await writeXlsxFile(rows.map((r) => r.map((v) => ({ value: v, type: String }))), {}).toFile(file);
    const price = async () => (await sql<{ p: string | null }>`select reference_price_eur::text as p from pharmacy_medicines where barcode = ${target.barcode}`.execute(db)).rows[0]!.p;

    await login('eczaci');
    const refused = await tezgah(['medicines', 'import', file, '--dry-run']);
    expect(refused.code).toBe(3);

    await login('yonetici');
    const dry = await counted(['medicines', 'import', file, '--dry-run']);
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.uploads).toBe(1);
    expect(dry.stdout).toContain('TİTCK referans fiyat listesi');
    expect(dry.stdout).toContain('deneme: hiçbir şey yazılmadı');
    expect(dry.stdout).toMatch(/TÜR\s+BARKOD\s+AD\s+DEĞİŞİKLİKLER/);
    expect(dry.stdout).toMatch(new RegExp(`fiyatı değişen\\s+${target.barcode}.*referencePriceEur: - → 42\\.10`));
    expect(await price()).toBeNull();

    const json = await counted(['medicines', 'import', file, '--json']);
    expect(json.code, json.stderr).toBe(0);
    expect(json.uploads).toBe(1);
    const result = JSON.parse(json.stdout);
    expect(result).toMatchObject({ list: 'TITCK_GKF', dryRun: false, counts: { PRICE: expect.any(Number), WITHDRAWN: 0, NEW: 0 }, duplicates: [], withdraw: { count: 0, refused: false } });
    expect(Object.keys(result.withdraw).sort()).toEqual(['count', 'limit', 'of', 'refused', 'share']);
    expect(result.counts.PRICE).toBeGreaterThanOrEqual(1);
    expect(await price()).toBe('42.10');

    const again = await tezgah(['medicines', 'import', file]);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toContain('toplam 0 değişiklik');

    const missing = await tezgah(['medicines', 'import', join(dir, 'yok.xlsx')]);
    expect([missing.code, missing.stderr]).toEqual([2, expect.stringContaining('dosya okunamadı')]);
    const txt = join(dir, 'liste.txt');
    writeFileSync(txt, 'x');
    expect((await tezgah(['medicines', 'import', txt])).code).toBe(2);
    const junk = join(dir, 'junk.csv');
    writeFileSync(junk, 'ad;soyad\nAli;Veli\n');
    const bad = await tezgah(['medicines', 'import', junk]);
    expect([bad.code, bad.stderr]).toEqual([2, expect.stringContaining('TİTCK listesi değil')]);
  });

  it('a partial licensed list with barcodes given twice: the duplicates named, the withdrawal over the limit refused without --allow-withdraw', async () => {
    const db = t.server.database.db;
    await login('yonetici');
    const some = (await sql<{ barcode: string; name: string }>`select barcode, name from pharmacy_medicines where 'TITCK_LICENSED' = any (sources) and active order by barcode limit 20`.execute(db)).rows;
    const held = Number((await sql<{ n: string }>`select count(*) as n from pharmacy_medicines where 'TITCK_LICENSED' = any (sources)`.execute(db)).rows[0]!.n);
    const q = (v: string) => `"${v.replace(/"/g, '""')}"`;
    // Rows 2-21 the medicines, 22 and 23 two of them again, 24 a barcode the server skips.
    const lines = ['BARKOD;ÜRÜN ADI', ...some.map((m) => `${m.barcode};${q(m.name)}`), `${some[0]!.barcode};${q(some[0]!.name)}`, `${some[1]!.barcode};${q(some[1]!.name)}`, 'ABC;Bozuk satır'];
    const file = join(dir, 'ruhsatli-eksik.csv');
    writeFileSync(file, lines.join('\n') + '\n');
    const active = async () => Number((await sql<{ n: string }>`select count(*) as n from pharmacy_medicines where active`.execute(db)).rows[0]!.n);
    const before = await active();

    const dry = await counted(['medicines', 'import', file, '--dry-run', '--json']);
    expect(dry.code).toBe(2);
    expect(dry.uploads).toBe(1);
    const report = JSON.parse(dry.stdout);
    expect(report).toMatchObject({
      list: 'TITCK_LICENSED',
      dryRun: true,
      skipped: [{ row: 24, reason: expect.stringContaining('ABC') }],
      duplicates: [{ barcode: some[0]!.barcode, rows: [2, 22] }, { barcode: some[1]!.barcode, rows: [3, 23] }],
      withdraw: { count: held - 20, of: held, limit: 0.05, refused: true },
    });
    expect(dry.stderr).toMatch(/^hata: bu liste kayıtlı .+ ilaçtan .+ tanesini \(%\d+(,\d)?\) çekilen yapacak; sınır %5: liste eksik görünüyor: --allow-withdraw olmadan uygulanmaz/);

    // Allowed, a dry run is refused only for its skipped and duplicate rows.
    const text = await tezgah(['medicines', 'import', file, '--dry-run', '--allow-withdraw', '--lang', 'en']);
    expect(text.code).toBe(2);
    expect(text.stdout).toContain('2 barcodes are given more than once in the file');
    expect(text.stdout).toContain(`  duplicate barcode ${some[0]!.barcode}: rows 2, 22 (the last row is used)`);
    expect(text.stdout).toContain('  row 24 skipped: ');
    expect(text.stdout).toMatch(/this list would make [\d,]+ of the [\d,]+ medicines it holds withdrawn/);
    expect(text.stderr).toBe('error: 1 row would be skipped, 2 barcodes given more than once (dry run: nothing was written)\n');

    // The real run uploads once; the server refuses it whole (409 LIST_LOOKS_PARTIAL), and nothing is written.
    const fingerprint = async () => (await sql<{ h: string }>`select md5(string_agg(m::text, '|' order by barcode)) as h from pharmacy_medicines m`.execute(db)).rows[0]!.h;
    const unchanged = await fingerprint();
    const real = await counted(['medicines', 'import', file]);
    expect(real.code).toBe(2);
    expect(real.uploads).toBe(1);
    expect(real.stderr).toMatch(/^hata: bu liste kayıtlı .+ ilaçtan .+ tanesini \(%\d+(,\d)?\) çekilen yapacak; sınır %5: /);
    expect(real.stderr).toContain('liste eksik görünüyor: hiçbir şey yazılmadı; gerçekten çekmek için --allow-withdraw ile çalıştırın');
    expect(real.stdout).toContain('TİTCK ruhsatlı ürünler listesi');
    expect(await active()).toBe(before);
    expect(await fingerprint()).toBe(unchanged);
    const realJson = await counted(['medicines', 'import', file, '--json']);
    expect([realJson.code, realJson.uploads]).toEqual([2, 1]);
    expect(JSON.parse(realJson.stdout)).toMatchObject({
      list: 'TITCK_LICENSED', dryRun: true, counts: { WITHDRAWN: held - 20 }, duplicates: [{ barcode: some[0]!.barcode, rows: [2, 22] }, { barcode: some[1]!.barcode, rows: [3, 23] }],
      withdraw: { count: held - 20, of: held, limit: 0.05, refused: true },
    });
    expect(await fingerprint()).toBe(unchanged);

    // The limit is a setting: raised to 100 %, the same list passes the check.
    const raised = await tezgah(['medicines', 'import', file, '--dry-run', '--json', '--max-withdraw', '100']);
    expect([raised.code, JSON.parse(raised.stdout).withdraw]).toEqual([2, expect.objectContaining({ limit: 1, refused: false })]);
    expect(raised.stderr).toBe('hata: 1 satır atlanacak, 2 barkod birden çok kez var (deneme: hiçbir şey yazılmadı)\n');
    expect((await tezgah(['medicines', 'import', file, '--max-withdraw', '101'])).code).toBe(2);
  });
});
