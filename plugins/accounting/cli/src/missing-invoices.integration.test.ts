/**
 * `tezgah invoices missing|repair` against the real server (the seeded demo database), on both
 * engines: the list, a dry run that writes nothing, a repair killed after its first result line
 * and run again (every missing invoice exactly once, exit 0), a server that dies after committing
 * but before answering (the CLI sends the same key again and is answered the invoice it made), a
 * second run that creates nothing, the signed-in company by default, the progress bar on a
 * terminal only.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '@tezgah/cli';
import { engines, startTestServer, type TestServer } from '../../../../packages/server/test/harness';
import { http, ONMUHASEBE } from '../../../../packages/server/test/http';
import accountingCommands from './index';

const BIN = fileURLToPath(new URL('../../../../packages/cli/bin/tezgah.mjs', import.meta.url));
const D = `${ONMUHASEBE}/despatches`;

describe.each(engines('one'))('tezgah invoices against the server on %s', (engine) => {
  let t: TestServer;
  let api: ReturnType<typeof http>;
  let owner: string;
  let ownerDir: string;
  let adminDir: string;
  let customer: { id: number };
  let paperId: number;
  /** Create requests are slowed down so that a kill after the first result line lands halfway; the next `dropAnswers` answers are cut after the commit. */
  const slow = { ms: 0, dropAnswers: 0 };

  const tezgah = async (dir: string, args: string[], stdin = '', stderrTty = false) => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runCli(
      args,
      {
        stdout: { write: (s: string) => void out.push(s) },
        stderr: { write: (s: string) => void err.push(s), isTTY: stderrTty, columns: 100 },
        stdin: Readable.from(stdin ? [stdin] : []),
        env: { TEZGAH_CONFIG_DIR: dir, HOME: dir, LANG: 'en_US.UTF-8' },
        // Retries after a dropped answer wait a moment, not seconds.
        sleep: () => new Promise((r) => setTimeout(r, 20)),
      },
      { discover: false, plugins: [accountingCommands] },
    );
    return { code, stdout: out.join(''), stderr: err.join('') };
  };
  const jsonLines = (stdout: string) => stdout.trim().split('\n').filter(Boolean).map((l) => JSON.parse(l) as Record<string, any>);
  const missingNos = async () => ((await api.call('GET', `${ONMUHASEBE}/missing-invoices?size=1000`, { token: owner })).body as any[]).map((m) => m.documentNo);
  const invoiceIdsOf = async (id: number) => (await api.call('GET', `${D}/${id}`, { token: owner })).body.invoiceIds as number[];
  const despatches = async (n: number) => {
    const made: { id: number; waybillNo: string }[] = [];
    for (let i = 0; i < n; i++) {
      const r = await api.call('POST', D, { token: owner, body: { direction: 'OUT', currentId: customer.id, despatchDate: '2026-06-02', products: [{ productId: paperId, quantity: 1, unitPrice: 10 + i }] } });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      made.push(r.body);
    }
    return made;
  };

  beforeAll(async () => {
    t = await startTestServer({
      engine,
      extend: (app) => {
        app.addHook('onRequest', async (req) => {
          if (slow.ms && req.url.includes('/create-missing-invoice')) await new Promise((r) => setTimeout(r, slow.ms));
        });
        app.addHook('onSend', async (req, _reply, payload) => {
          // The server "dies" after the invoice is committed, before the client hears of it.
          if (slow.dropAnswers > 0 && req.url.includes('/create-missing-invoice')) {
            slow.dropAnswers--;
            req.raw.socket.destroy();
          }
          return payload;
        });
      },
    });
    api = http(t.url);
    owner = await api.signIn('muhasebe');
    const currents = (await api.call('GET', `${ONMUHASEBE}/currents?size=100`, { token: owner })).body;
    customer = currents.find((c: any) => c.name === 'Boğaziçi Otel İşletmeleri');
    const products = (await api.call('GET', `${ONMUHASEBE}/products?size=100`, { token: owner })).body;
    paperId = products.find((p: any) => p.name === 'A4 Fotokopi Kağıdı 80 gr (500 yaprak)').id;
    ownerDir = mkdtempSync(join(tmpdir(), 'tezgah-mi-owner-'));
    adminDir = mkdtempSync(join(tmpdir(), 'tezgah-mi-admin-'));
    for (const [dir, who] of [[ownerDir, 'muhasebe'], [adminDir, 'yonetici']] as const) {
      const login = await tezgah(dir, ['login', '--url', t.url, '--username', who, '--password-stdin'], 'demo1234\n');
      expect(login.code, login.stderr).toBe(0);
    }
  });
  afterAll(async () => {
    for (const dir of [ownerDir, adminDir]) if (dir) rmSync(dir, { recursive: true, force: true });
    await t?.close();
  });

  it('invoices missing: the company\'s missing invoices as JSON and as a table', async () => {
    const made = await despatches(2);
    const json = await tezgah(ownerDir, ['invoices', 'missing', '--json']);
    expect([json.code, json.stderr]).toEqual([0, '']);
    const items = JSON.parse(json.stdout) as any[];
    expect(items.map((m) => m.documentNo)).toEqual(expect.arrayContaining(made.map((d) => d.waybillNo)));
    expect(items.find((m) => m.documentNo === made[1]!.waybillNo)).toMatchObject({ source: 'accounting.despatch', date: '2026-06-02', currentName: 'Boğaziçi Otel İşletmeleri' });
    const table = await tezgah(ownerDir, ['invoices', 'missing']);
    expect(table.code).toBe(0);
    expect(table.stdout.split('\n')[0]).toMatch(/COMPANY\s+SOURCE\s+DOCUMENT\s+DATE\s+CUSTOMER\s+AMOUNT/);
    expect(table.stdout).toContain(made[0]!.waybillNo);
    expect(table.stdout).toContain(`${items.length} missing invoice${items.length === 1 ? '' : 's'}`);
    // Another company's: management only (exit 3, the problem on stderr).
    const foreign = await tezgah(ownerDir, ['invoices', 'missing', '--company', '1']);
    expect(foreign.code).toBe(3);
    expect(foreign.stderr).toContain('(HTTP 403)');
  });

  it('invoices repair takes the signed-in company like invoices missing, refuses --company with --all (exit 2); --dry-run lists and writes nothing', async () => {
    const both = await tezgah(adminDir, ['invoices', 'repair', '--all', '--company', '2']);
    expect([both.code, both.stderr]).toEqual([2, 'error: give either --company N or --all, not both\n']);
    const mine = await tezgah(ownerDir, ['invoices', 'missing', '--json']);
    const own = await tezgah(ownerDir, ['invoices', 'repair', '--dry-run', '--json']);
    expect([own.code, own.stderr]).toEqual([0, '']);
    const ownLines = jsonLines(own.stdout);
    const cid = JSON.parse(Buffer.from(owner.split('.')[1]!, 'base64url').toString()).cid;
    expect(ownLines.at(-1)).toMatchObject({ type: 'summary', dryRun: true, companies: [cid] });
    expect(ownLines.filter((l) => l.type === 'result').map((l) => l.documentNo)).toEqual((JSON.parse(mine.stdout) as any[]).map((m) => m.documentNo));
    const text = await tezgah(ownerDir, ['invoices', 'repair', '--dry-run']);
    expect(text.stdout.trim().split('\n').at(-1)).toMatch(/^would create \d+ \(dry run: nothing was written\)$/);
    const before = await missingNos();
    const dry = await tezgah(adminDir, ['invoices', 'repair', '--all', '--dry-run', '--json']);
    expect([dry.code, dry.stderr]).toEqual([0, '']);
    const lines = jsonLines(dry.stdout);
    expect(lines.filter((l) => l.type === 'result').map((l) => [l.status, l.documentNo])).toEqual(expect.arrayContaining(before.map((no) => ['WOULD_CREATE', no])));
    expect(lines.at(-1)).toMatchObject({ type: 'summary', dryRun: true, created: 0, wouldCreate: before.length });
    expect(await missingNos()).toEqual(before);
  });

  it('repair --all killed after its first result line, then run again: every missing invoice once, exit 0', async () => {
    const made = await despatches(5);
    const before = await missingNos();
    expect(before.length).toBeGreaterThanOrEqual(6);
    slow.ms = 300;
    const child = spawn(process.execPath, [BIN, 'invoices', 'repair', '--all'], { env: { ...process.env, TEZGAH_CONFIG_DIR: adminDir, HOME: adminDir, LANG: 'en_US.UTF-8', LC_ALL: '' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stderr.on('data', (b: Buffer) => { err += b.toString(); });
    const firstLine = new Promise<string>((resolve, reject) => {
      child.stdout.on('data', (b: Buffer) => {
        out += b.toString();
        if (out.includes('\n')) resolve(out.split('\n')[0]!);
      });
      child.on('exit', () => reject(new Error(`exited before a result line: ${out} ${err}`)));
    });
    const line = await firstLine;
    child.kill('SIGKILL');
    const signal = await new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, s) => resolve(s)));
    slow.ms = 0;
    expect(signal).toBe('SIGKILL');
    expect(line).toMatch(/^CREATED\s+\d+\s+accounting\.despatch\s+IRS\d+\s+→ \S+$/);
    // Killed halfway: some are done, some are left.
    const left = await missingNos();
    expect(left.length).toBeGreaterThan(0);
    expect(left.length).toBeLessThan(before.length);

    const again = await tezgah(adminDir, ['invoices', 'repair', '--all']);
    expect(again.stderr).toBe('');
    expect(again.code).toBe(0);
    const results = again.stdout.trim().split('\n').slice(0, -1);
    expect(results.length).toBe(left.length);
    expect(results.every((l) => /^(CREATED|ALREADY_CREATED)\s/.test(l))).toBe(true);
    expect(again.stdout.trim().split('\n').at(-1)).toMatch(/^created \d+ · already created \d+ · no longer missing 0 · failed 0$/);
    expect(await missingNos()).toEqual([]);
    for (const d of made) expect(await invoiceIdsOf(d.id)).toHaveLength(1);

    // A second run creates nothing.
    const third = await tezgah(adminDir, ['invoices', 'repair', '--all', '--json']);
    expect(third.code).toBe(0);
    expect(jsonLines(third.stdout)).toEqual([expect.objectContaining({ type: 'summary', created: 0, alreadyCreated: 0, failed: 0 })]);
  });

  it('a server that dies after committing, before answering: the same key is sent again and answered the invoice made; each once, exit 0', async () => {
    const made = await despatches(3);
    slow.dropAnswers = 1;
    const cid = String(JSON.parse(Buffer.from(owner.split('.')[1]!, 'base64url').toString()).cid);
    const cut = await tezgah(ownerDir, ['invoices', 'repair', '--company', cid, '--json']);
    expect(cut.code, cut.stderr).toBe(0);
    expect(cut.stderr).toMatch(/^note: POST \/services\/onmuhasebe\/api\/create-missing-invoice: fetch failed: .+; retrying in 0\.5 s \(attempt 2 of 5\)\n$/);
    const lines = jsonLines(cut.stdout);
    expect(lines.filter((l) => l.type === 'result').map((l) => [l.documentNo, l.status])).toEqual(made.map((d) => [d.waybillNo, 'CREATED']));
    expect(lines.at(-1)).toMatchObject({ type: 'summary', created: 3, failed: 0 });
    // The first one's invoice was committed before the answer was lost, and not made again by the retry.
    for (const d of made) expect(await invoiceIdsOf(d.id)).toHaveLength(1);
    const rest = await tezgah(ownerDir, ['invoices', 'repair', '--company', cid, '--json']);
    expect([rest.code, jsonLines(rest.stdout)]).toEqual([0, [expect.objectContaining({ type: 'summary', created: 0, failed: 0 })]]);
  });

  it('a document the server refuses is a FAILED line and exit 1 (the others are done); the progress bar is drawn on a terminal only', async () => {
    const unpriced = await api.call('POST', `${ONMUHASEBE}/products`, {
      token: owner, body: { name: 'Fiyatsız ürün', barcode: `870${Date.now()}`, productType: 'COMMERCIAL_GOODS', unitId: (await api.call('GET', `${ONMUHASEBE}/units?size=100`, { token: owner })).body.find((u: any) => u.name === 'Adet').id, buyingCurrencyId: 1, saleCurrencyId: 1, defaultTaxRate: 20, openingStock: 5, warehouseId: (await api.call('GET', `${ONMUHASEBE}/warehouses?size=100`, { token: owner })).body[0].id },
    });
    expect(unpriced.status, JSON.stringify(unpriced.body)).toBe(201);
    const bad = await api.call('POST', D, { token: owner, body: { direction: 'OUT', currentId: customer.id, despatchDate: '2026-06-03', products: [{ productId: unpriced.body.id, quantity: 1 }] } });
    const good = (await despatches(1))[0]!;
    const cid = String(JSON.parse(Buffer.from(owner.split('.')[1]!, 'base64url').toString()).cid);
    const trErr: string[] = [];
    const r = await tezgah(ownerDir, ['invoices', 'repair', '--company', cid], '', true);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(new RegExp(`^FAILED\\s+${cid}\\s+accounting\\.despatch\\s+${bad.body.waybillNo}\\s+.+`, 'm'));
    expect(r.stdout).toMatch(new RegExp(`^CREATED\\s+${cid}\\s+accounting\\.despatch\\s+${good.waybillNo}\\s+→`, 'm'));
    expect(r.stderr).toContain('\r');
    expect(r.stderr).toContain('█');
    expect(r.stderr).toContain('warning: 1 of 2 missing invoices could not be created');
    // Not a terminal: no bar (a short run prints no progress line), only the warning.
    const plain = await tezgah(ownerDir, ['invoices', 'repair', '--company', cid]);
    expect(plain.code).toBe(1);
    expect(plain.stderr).toBe('warning: 1 of 1 missing invoice could not be created\n');
    // In Turkish (the default), the same outcome in its one word.
    const tr = await runCli(['invoices', 'repair'], { stdout: { write: () => undefined }, stderr: { write: (s: string) => void trErr.push(s) }, stdin: Readable.from([]), env: { TEZGAH_CONFIG_DIR: ownerDir, HOME: ownerDir } }, { discover: false, plugins: [accountingCommands] });
    expect([tr, trErr.join('')]).toEqual([1, 'uyarı: 1 eksik faturadan 1 tanesi oluşturulamadı\n']);
  });
});
