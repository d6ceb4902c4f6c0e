/**
 * `tezgah medicines import` against the real server on both engines: a dry run lists the changes
 * and writes nothing, the import writes them, the same file again changes nothing; a pharmacy user
 * is refused (exit 2), a missing or unsupported file is a usage error (exit 1).
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
      },
      { discover: false, plugins: [pharmacyCommands] },
    );
    return { code, stdout: out.join(''), stderr: err.join('') };
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
    expect(refused.code).toBe(2);

    await login('yonetici');
    const dry = await tezgah(['medicines', 'import', file, '--dry-run']);
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout).toContain('TİTCK referans fiyat listesi');
    expect(dry.stdout).toContain('deneme: hiçbir şey yazılmadı');
    expect(dry.stdout).toMatch(/KIND\s+BARCODE\s+NAME\s+CHANGES/);
    expect(dry.stdout).toMatch(new RegExp(`PRICE\\s+${target.barcode}.*referencePriceEur: - → 42\\.10`));
    expect(await price()).toBeNull();

    const json = await tezgah(['medicines', 'import', file, '--json']);
    expect(json.code, json.stderr).toBe(0);
    const result = JSON.parse(json.stdout);
    expect(result).toMatchObject({ list: 'TITCK_GKF', dryRun: false, counts: { PRICE: expect.any(Number), WITHDRAWN: 0, NEW: 0 } });
    expect(result.counts.PRICE).toBeGreaterThanOrEqual(1);
    expect(await price()).toBe('42.10');

    const again = await tezgah(['medicines', 'import', file]);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toContain('toplam 0 değişiklik');

    const missing = await tezgah(['medicines', 'import', join(dir, 'yok.xlsx')]);
    expect([missing.code, missing.stderr]).toEqual([1, expect.stringContaining('cannot read')]);
    const txt = join(dir, 'liste.txt');
    writeFileSync(txt, 'x');
    expect((await tezgah(['medicines', 'import', txt])).code).toBe(1);
    const junk = join(dir, 'junk.csv');
    writeFileSync(junk, 'ad;soyad\nAli;Veli\n');
    const bad = await tezgah(['medicines', 'import', junk]);
    expect([bad.code, bad.stderr]).toEqual([2, expect.stringContaining('TİTCK listesi değil')]);
  });
});
