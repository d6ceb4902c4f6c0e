/**
 * `tezgah edoc import` and `tezgah edoc export` against the real server on both engines: good,
 * malformed and zip files with their lines and exit codes; an export of a range through the
 * lists and zip downloads; and the done-when: a 10,000-document export killed halfway
 * (SIGKILL once the work folder holds some batches) and run again gives one complete, valid zip.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '@tezgah/cli';
import { engines, startTestServer, type TestServer } from '../../../../packages/server/test/harness';
import { http } from '../../../../packages/server/test/http';
import { makeZip, readZip, sample, seedDocuments } from '../../server/src/bulk/testing';
import { parseUbl } from '../../server/src/ubl/index';
import edocumentCommands from './index';
import { LOCAL_UNZIP_BYTES } from './import';

const BIN = fileURLToPath(new URL('../../../../packages/cli/bin/tezgah.mjs', import.meta.url));
const cidOf = (token: string): number => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).cid;

describe.each(engines('one'))('tezgah edoc import/export against the server on %s', (engine) => {
  let t: TestServer;
  let dir: string;
  let cid: number;

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
      { discover: false, plugins: [edocumentCommands] },
    );
    return { code, stdout: out.join(''), stderr: err.join('') };
  };
  const file = (name: string, data: Buffer | string) => {
    const path = join(dir, name);
    writeFileSync(path, data);
    return path;
  };

  beforeAll(async () => {
    t = await startTestServer({ engine });
    cid = cidOf(await http(t.url).signIn('muhasebe'));
    dir = mkdtempSync(join(tmpdir(), 'tezgah-edoc-it-'));
    const login = await tezgah(['login', '--url', t.url, '--username', 'muhasebe', '--password-stdin'], 'demo1234\n');
    expect(login.code, login.stderr).toBe(0);
  });
  afterAll(async () => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    await t?.close();
  });

  it('import: one line per document, a malformed file named with its reason while the others go in; exit 1, then 0 when only duplicates', async () => {
    const zip = await makeZip([
      { name: 'FATURA_10.xml', data: sample('FATURA_10.xml') },
      { name: 'kirik.xml', data: '<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"><x>' },
    ]);
    const r = await tezgah(['edoc', 'import', file('FATURA_8.xml', sample('FATURA_8.xml')), file('bozuk.xml', 'bu bir XML değil'), file('arsiv.zip', zip)]);
    expect(r.code, r.stderr).toBe(1);
    const lines = r.stdout.trim().split('\n');
    expect(lines[0]).toBe('✓ FATURA_8.xml  DMY2018062513525  içe aktarıldı');
    expect(lines[1]).toMatch(/^✗ bozuk\.xml  \S/);
    expect(lines[2]).toBe('✓ arsiv.zip/FATURA_10.xml  DMY2018062514084  içe aktarıldı');
    expect(lines[3]).toMatch(/^✗ arsiv\.zip\/kirik\.xml  \S/);
    expect(lines[4]).toBe('içe aktarıldı 2 · zaten var 0 · başarısız 2');
    expect(r.stderr).toBe('uyarı: 2 belge içe aktarılamadı\n');

    const again = await tezgah(['edoc', 'import', join(dir, 'FATURA_8.xml'), '--json']);
    expect(again.code, again.stderr).toBe(0);
    expect(JSON.parse(again.stdout)).toMatchObject({ imported: 0, duplicate: 1, failed: 0, results: [{ file: 'FATURA_8.xml', result: 'DUPLICATE', documentNo: 'DMY2018062513525' }] });
  });

  it('import: a missing file is invalid input that names it (exit 2), and nothing is sent', async () => {
    const r = await tezgah(['edoc', 'import', join(dir, 'FATURA_8.xml'), join(dir, 'yok.xml')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('dosya bulunamadı');
    expect(r.stderr).toContain('yok.xml');
    expect(r.stdout).toBe('');
  });

  it('import: a zip above the upload limit (an archive from a former provider) is opened here and sent in groups', async () => {
    const names = ['FATURA_1.xml', 'FATURA_11.xml', 'FATURA_12.xml', 'FATURA_14.xml', 'FATURA_15.xml', 'FATURA_16.xml', 'FATURA_17.xml', 'FATURA_18.xml', 'FATURA_19.xml', 'FATURA_5.xml', 'FATURA_6.xml'];
    // Incompressible padding (an XML comment after the document) makes the zip larger than one upload may be.
    const zip = await makeZip([
      ...names.map((n) => ({ name: n, data: Buffer.concat([sample(n), Buffer.from(`<!-- ${randomBytes(1_000_000).toString('base64')} -->`)]) })),
      { name: 'klasor/FATURA_23.xml', data: sample('FATURA_23.xml') },
    ]);
    expect(zip.length).toBeGreaterThan(LOCAL_UNZIP_BYTES);
    const r = await tezgah(['edoc', 'import', file('eski-saglayici.zip', zip), '--json']);
    expect(r.code, r.stderr).toBe(1);
    const s = JSON.parse(r.stdout) as { imported: number; failed: number; results: { file: string; result: string }[] };
    expect(s.results.map((x) => [x.file, x.result])).toEqual([
      ...names.map((n) => [`eski-saglayici.zip/${n}`, 'IMPORTED']),
      ['eski-saglayici.zip/klasor/FATURA_23.xml', 'FAILED'],
    ]);
  });

  it('export: the range’s documents of the chosen direction and type, XML and HTML each; bad options are usage errors', async () => {
    const db = t.server.services.db;
    const inc = await seedDocuments(db, { companyId: cid, count: 7, prefix: 'EXA', direction: 'INCOMING', from: '2025-03-01', days: 10, html: true });
    const outg = await seedDocuments(db, { companyId: cid, count: 3, prefix: 'EXB', direction: 'OUTGOING', category: 'EARCHIVE', from: '2025-03-05', days: 3 });
    await seedDocuments(db, { companyId: cid, count: 2, prefix: 'EXC', direction: 'INCOMING', from: '2025-05-01', days: 1, html: true }); // out of range
    const desp = await seedDocuments(db, { companyId: cid, count: 2, prefix: 'EXD', direction: 'INCOMING', category: 'EDESPATCH', from: '2025-03-02', days: 2, html: true });

    const all = join(dir, 'mart.zip');
    const r = await tezgah(['edoc', 'export', '--from', '2025-03-01', '--to', '2025-03-31', '--out', all, '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ documents: 12, entries: 24, missing: 0, resumed: 0 });
    const entries = await readZip(all);
    const xmlNos = [...entries.keys()].filter((n) => n.endsWith('.xml')).map((n) => n.slice(0, 3));
    expect(xmlNos.sort()).toEqual([...Array(7).fill('EXA'), ...Array(3).fill('EXB'), ...Array(2).fill('EXD')]);
    expect(existsSync(`${all}.parts`)).toBe(false);
    const etts = new Set([...entries].filter(([n]) => n.endsWith('.xml')).map(([, d]) => parseUbl(d).uuid));
    expect(etts).toEqual(new Set([...inc.uuids, ...outg.uuids, ...desp.uuids]));

    const outOnly = join(dir, 'giden.zip');
    const o = await tezgah(['edoc', 'export', '--from', '2025-03-01', '--to', '2025-03-31', '--direction', 'out', '--type', 'earchive', '--out', outOnly]);
    expect(o.code, o.stderr).toBe(0);
    expect(o.stdout).toMatch(/^✓ .*giden\.zip: 3 belge, 6 giriş/);
    expect([...(await readZip(outOnly)).keys()].filter((n) => n.endsWith('.xml')).sort()).toEqual(['EXB0000000000001.xml', 'EXB0000000000002.xml', 'EXB0000000000003.xml']);
    const despOnly = await tezgah(['edoc', 'export', '--from', '2025-03-01', '--to', '2025-03-31', '--type', 'edespatch', '--direction', 'in', '--out', join(dir, 'irs.zip'), '--json']);
    expect(JSON.parse(despOnly.stdout)).toMatchObject({ documents: 2, entries: 4 });

    for (const bad of [
      ['--from', '2025-02-30', '--to', '2025-03-01', '--out', join(dir, 'x.zip')],
      ['--from', '2025-03-02', '--to', '2025-03-01', '--out', join(dir, 'x.zip')],
      ['--from', '2025-03-01', '--to', '2025-03-01', '--direction', 'sideways', '--out', join(dir, 'x.zip')],
      ['--from', '2025-03-01', '--to', '2025-03-01', '--type', 'pdf', '--out', join(dir, 'x.zip')],
      ['--from', '2025-03-01', '--to', '2025-03-01', '--out', join(dir, 'x.tar')],
    ]) {
      const b = await tezgah(['edoc', 'export', ...bad]);
      expect(b.code, bad.join(' ')).toBe(2);
      expect(b.stderr).toMatch(/^hata: /);
    }
    const en = await tezgah(['edoc', 'export', '--from', '2025-03-02', '--to', '2025-03-01', '--out', join(dir, 'x.zip'), '--lang', 'en']);
    expect([en.code, en.stderr]).toEqual([2, 'error: --from (2025-03-02) cannot be after --to (2025-03-01)\n']);
  });

  it('export of 10,000 documents killed halfway and run again: one complete, valid zip (10,000 XML + 10,000 HTML, each XML with its ETTN)', async () => {
    const N = 10_000;
    const started = Date.now();
    const { uuids } = await seedDocuments(t.server.services.db, { companyId: cid, count: N, prefix: 'KIL', direction: 'INCOMING', from: '2024-01-01', days: 28, html: true });
    const out = join(dir, 'ocak.zip');
    const work = `${out}.parts`;
    const args = ['edoc', 'export', '--from', '2024-01-01', '--to', '2024-01-31', '--out', out, '--batch-size', '500'];
    const child = spawn(process.execPath, [BIN, ...args], { env: { ...process.env, TEZGAH_CONFIG_DIR: dir, HOME: dir }, stdio: ['ignore', 'pipe', 'pipe'] });
    let err = '';
    child.stderr.on('data', (b: Buffer) => { err += b.toString(); });
    const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, s) => resolve(s)));
    const journalLines = () => (existsSync(join(work, 'journal.jsonl')) ? readFileSync(join(work, 'journal.jsonl'), 'utf8').split('\n').filter(Boolean).length : 0);
    for (let i = 0; journalLines() < 3; i++) {
      if (child.exitCode !== null) throw new Error(`the export ended before it was killed: ${err}`);
      if (i > 1200) throw new Error(`no batches after 120 s: ${err}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    child.kill('SIGKILL');
    expect(await exited).toBe('SIGKILL');
    const doneBefore = journalLines();
    expect(doneBefore).toBeGreaterThanOrEqual(3);
    expect(doneBefore).toBeLessThan(N / 500);
    expect(existsSync(out)).toBe(false);
    expect(readdirSync(work).filter((f) => /^b\d{6}\.zip$/.test(f)).length).toBeGreaterThanOrEqual(3);

    const again = await tezgah([...args, '--json']);
    expect(again.code, again.stderr).toBe(0);
    const summary = JSON.parse(again.stdout);
    expect(summary).toMatchObject({ documents: N, entries: 2 * N, missing: 0 });
    expect(summary.resumed).toBeGreaterThanOrEqual(doneBefore * 500);
    expect(existsSync(work)).toBe(false);

    const entries = await readZip(out);
    expect(entries.size).toBe(2 * N);
    const names = [...entries.keys()];
    expect(names.filter((n) => n.endsWith('.xml'))).toHaveLength(N);
    expect(names.filter((n) => n.endsWith('.html'))).toHaveLength(N);
    const seen = new Set<string>();
    for (const [name, data] of entries) {
      if (!name.endsWith('.xml')) continue;
      const doc = parseUbl(data);
      expect(`${doc.id}.xml`).toBe(name);
      seen.add(doc.uuid);
    }
    expect(seen.size).toBe(N);
    expect([...seen].sort()).toEqual([...uuids].sort());
    console.log(`[${engine}] 10,000-document export killed and resumed, checked: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }, 400_000);
});
