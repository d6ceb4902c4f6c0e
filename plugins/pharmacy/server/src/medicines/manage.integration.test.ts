import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import writeXlsxFile from 'write-excel-file/node';
import { engines, startTestServer, type TestServer } from '../../../../../packages/server/test/harness';
import { http, ONMUHASEBE } from '../../../../../packages/server/test/http';
import { declareInflatedSize } from '../../../../../packages/server/test/zip';
import { validGtin13 } from './manage';

const API = ONMUHASEBE;
const cidOf = (token: string): number => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).cid;

/** The TİTCK licensed-products list's columns (İRD-LST-15, as /work/shared/data/ilac has them). */
const LICENSED_HEADER = ['BARKOD', 'ÜRÜN ADI', 'ETKİN MADDE', 'ATC KODU', 'RUHSAT SAHİBİ', 'RUHSAT TARİHİ', 'RUHSAT NUMARASI', 'DEĞİŞİKLİK', 'DEĞİŞİKLİK TARİHİ', 'ASKIDA DURUMU', 'ASKIYA ALINMA TARİHİ'];

async function xlsx(rows: (string | null)[][]): Promise<Buffer> {
  const data = rows.map((r) => r.map((v) => (v === null ? null : { value: v, type: String })));
  return (await writeXlsxFile(data, {}).toBuffer()) as Buffer;
}

describe('GTIN-13', () => {
  it('accepts a right check digit and refuses a wrong one', () => {
    expect(validGtin13('8699717010109')).toBe(true);
    expect(validGtin13('8699717010108')).toBe(false);
    expect(validGtin13('869971701010')).toBe(false);
  });
});

describe.each(engines('both'))('medicine management on %s', (engine) => {
  let t: TestServer;
  let api: ReturnType<typeof http>;
  let yonetici: string;
  let eczaci: string;
  const db = () => t.server.database.db;
  const upload = async (token: string, name: string, data: Buffer, query = '') => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(data)]), name);
    const res = await fetch(`${t.url}${API}/medicines/import${query}`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
    return { status: res.status, body: await res.json() as any };
  };
  const count = async (where = sql`true`) => Number((await sql<{ n: string }>`select count(*)::text as n from pharmacy_medicines where ${where}`.execute(db())).rows[0]!.n);
  const fingerprint = async () => (await sql<{ h: string }>`select md5(string_agg(m::text, '|' order by barcode)) as h from pharmacy_medicines m`.execute(db())).rows[0]!.h;

  beforeAll(async () => {
    t = await startTestServer({ engine, env: { TEZGAH_JOBS: '1', TEZGAH_JOB_POLL_SECONDS: '0.5' } });
    api = http(t.url);
    yonetici = await api.signIn('yonetici');
    eczaci = await api.signIn('eczaci');
  });
  afterAll(async () => { await t?.close(); });

  it('lets only management write the master (403 for a pharmacy), pharmacies keep reading it', async () => {
    const body = { barcode: '8690000000012', name: 'TEST İLAÇ 10 MG 20 TABLET' };
    expect(validGtin13(body.barcode)).toBe(true);
    expect((await api.call('POST', `${API}/medicines`, { token: eczaci, body })).status).toBe(403);
    expect((await api.call('PUT', `${API}/medicines/8699717010109`, { token: eczaci, body: { name: 'X' } })).status).toBe(403);
    expect((await api.call('PUT', `${API}/medicines/8699717010109/withdraw`, { token: eczaci, body: {} })).status).toBe(403);
    expect((await upload(eczaci, 'a.csv', Buffer.from('barkod,urun_adi\n8699717010109,X\n'))).status).toBe(403);
    expect((await api.call('GET', `${API}/medicine-creation-statuses`, { token: eczaci })).status).toBe(403);
    expect((await api.call('POST', `${API}/medicine-creation-statuses/${cidOf(eczaci)}`, { token: eczaci })).status).toBe(403);
    expect((await api.call('GET', `${API}/medicines/8699717010109`, { token: eczaci })).status).toBe(200);
    expect(await count(sql`barcode = ${body.barcode}`)).toBe(0);
  });

  it('adds, changes, makes passive and withdraws a medicine, with checks in Turkish', async () => {
    const bad = await api.call('POST', `${API}/medicines`, { token: yonetici, body: { barcode: '8690000000018', name: ' ', atcCode: 'N2', referencePriceEur: '12.345' } });
    expect(bad.status).toBe(400);
    expect(bad.body.fieldErrors.map((f: any) => f.field).sort()).toEqual(['atcCode', 'barcode', 'name', 'referencePriceEur']);
    expect(bad.body.detail).toMatch(/GTIN-13/);
    const body = { barcode: '8690000000012', name: 'TEST İLAÇ 10 MG 20 TABLET', atcCode: 'n02be01', firm: 'Test İlaç A.Ş.', color: 'RED', referencePriceEur: '12,50' };
    const made = await api.call('POST', `${API}/medicines`, { token: yonetici, body });
    expect([made.status, made.text.slice(0, 300)]).toEqual([201, expect.any(String)]);
    expect(made.body).toMatchObject({ barcode: body.barcode, name: body.name, atcCode: 'N02BE01', color: 'RED', active: true, referencePriceEur: '12.50', sources: ['MANUAL'], withdrawnAt: null });
    expect((await api.call('POST', `${API}/medicines`, { token: yonetici, body })).status).toBe(409);
    // A pharmacy sees it.
    const seen = await api.call('GET', `${API}/medicines?search=${body.barcode}`, { token: eczaci });
    expect(seen.body.map((m: any) => m.barcode)).toEqual([body.barcode]);
    const changed = await api.call('PUT', `${API}/medicines/${body.barcode}`, { token: yonetici, body: { name: 'TEST İLAÇ 20 MG 20 TABLET', referencePriceEur: '13.05', active: false } });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ name: 'TEST İLAÇ 20 MG 20 TABLET', referencePriceEur: '13.05', active: false, atcCode: 'N02BE01', firm: 'Test İlaç A.Ş.' });
    const row = (await sql<{ p: string; by: string }>`select reference_price_eur::text as p, updated_by as by from pharmacy_medicines where barcode = ${body.barcode}`.execute(db())).rows[0]!;
    expect(row).toEqual({ p: '13.05', by: 'yonetici' });
    expect((await api.call('PUT', `${API}/medicines/${body.barcode}`, { token: yonetici, body: { name: 'X', licenceDate: '2026-02-30' } })).status).toBe(400);
    expect((await api.call('PUT', `${API}/medicines/8690000000029`, { token: yonetici, body: { name: 'X' } })).status).toBe(404);
    const gone = await api.call('PUT', `${API}/medicines/${body.barcode}/withdraw`, { token: yonetici, body: {} });
    expect(gone.body).toMatchObject({ active: false, withdrawnAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
    const back = await api.call('PUT', `${API}/medicines/${body.barcode}/withdraw`, { token: yonetici, body: { withdrawn: false } });
    expect(back.body).toMatchObject({ active: true, withdrawnAt: null });
  });

  it('imports the TİTCK licensed list from xlsx: dry run writes nothing, apply writes, applying again changes nothing', async () => {
    const licensed = (await sql<{ barcode: string; name: string; substance: string | null; atc_code: string | null; firm: string | null; licence_date: string | null; licence_no: string | null; suspended: boolean | null }>`
      select barcode, name, substance, atc_code, firm, to_char(licence_date, 'YYYY-MM-DD') as licence_date, licence_no, suspended
        from pharmacy_medicines where 'TITCK_LICENSED' = any (sources) order by barcode`.execute(db())).rows;
    expect(licensed.length).toBeGreaterThan(10_000);
    const [dropped, altered, ...kept] = licensed;
    const line = (m: typeof licensed[number], substance = m.substance) => [m.barcode, m.name, substance, m.atc_code, m.firm, m.licence_date, m.licence_no, null, null, m.suspended ? '1' : '0', null];
    const fresh = ['8690000000036', 'YENİ İLAÇ 5 MG 30 TABLET', 'yeni madde', 'C09AA05', 'Yeni İlaç A.Ş.', '2026-01-15', '2026/1', null, null, '0', null];
    expect(validGtin13(fresh[0]!)).toBe(true);
    const file = await xlsx([['TİTCK Ruhsatlı Beşeri Tıbbi Ürünler Listesi'], LICENSED_HEADER, line(altered!, 'değişen madde'), ...kept.map((m) => line(m)), fresh]);

    // The shipped master keeps a few substances with "_x000D_" (an xlsx-escaped carriage return the
    // first conversion left as text); an xlsx carries the escape, read back as a line break, which the
    // import folds to a space: those are changes too.
    const artifacts = kept.filter((m) => m.substance?.includes('_x000D_')).length;
    expect(artifacts).toBeGreaterThan(0);
    const before = await fingerprint();
    const dry = await upload(yonetici, 'ruhsatli.xlsx', file, '?dryRun=true&limit=500');
    expect([dry.status, dry.body.detail]).toEqual([200, undefined]);
    expect(dry.body).toMatchObject({ list: 'TITCK_LICENSED', dryRun: true, rows: licensed.length, counts: { NEW: 1, PRICE: 0, CHANGED: 1 + artifacts, WITHDRAWN: 1 }, total: 3 + artifacts });
    expect(dry.body.changes).toEqual(expect.arrayContaining([
      { kind: 'NEW', barcode: fresh[0], name: fresh[1], changes: [] },
      { kind: 'CHANGED', barcode: altered!.barcode, name: altered!.name, changes: [{ field: 'substance', from: altered!.substance, to: 'değişen madde' }] },
      expect.objectContaining({ kind: 'WITHDRAWN', barcode: dropped!.barcode }),
    ]));
    expect(await fingerprint()).toBe(before);

    const applied = await upload(yonetici, 'ruhsatli.xlsx', file, '?dryRun=false');
    expect(applied.body).toMatchObject({ dryRun: false, counts: { NEW: 1, PRICE: 0, CHANGED: 1 + artifacts, WITHDRAWN: 1 }, total: 3 + artifacts });
    const after = await api.call('GET', `${API}/medicines/${fresh[0]}`, { token: eczaci });
    expect(after.body).toMatchObject({ name: fresh[1], substance: 'yeni madde', atcCode: 'C09AA05', active: true, sources: ['TITCK_LICENSED'], licenceDate: '2026-01-15' });
    const w = await api.call('GET', `${API}/medicines/${dropped!.barcode}`, { token: eczaci });
    expect(w.body).toMatchObject({ active: false, withdrawnAt: expect.any(String) });
    expect(w.body.sources).not.toContain('TITCK_LICENSED');
    expect((await api.call('GET', `${API}/medicines/${altered!.barcode}`, { token: eczaci })).body.substance).toBe('değişen madde');

    const mid = await fingerprint();
    const again = await upload(yonetici, 'ruhsatli.xlsx', file, '?dryRun=false');
    expect(again.body).toMatchObject({ counts: { NEW: 0, PRICE: 0, CHANGED: 0, WITHDRAWN: 0 }, total: 0, changes: [] });
    expect(await fingerprint()).toBe(mid);
  });

  it('imports the reference price list from csv (matched by name) and refuses what is not a TİTCK list', async () => {
    const priced = (await sql<{ name: string; p: string }>`select distinct name, reference_price_eur::text as p from pharmacy_medicines where 'TITCK_GKF' = any (sources)`.execute(db())).rows;
    const target = (await sql<{ barcode: string; name: string }>`select barcode, name from pharmacy_medicines where reference_price_eur is null and active order by barcode limit 1`.execute(db())).rows[0]!;
    const csv = ['ilac_adi;firma_adi;gercek_kaynak_fiyat_eur', ...priced.map((r) => `"${r.name.replace(/"/g, '""')}";X;${r.p.replace('.', ',')}`), `"${target.name}";Y;"1.234,5"`, 'BİLİNMEYEN İLAÇ;Z;3,10', 'FİYATSIZ;Z;abc'].join('\n');
    const dry = await upload(yonetici, 'fiyat.csv', Buffer.from(csv, 'utf8'));
    expect(dry.status).toBe(200);
    expect(dry.body).toMatchObject({ list: 'TITCK_GKF', dryRun: true, unmatched: 1, skipped: [expect.objectContaining({ reason: expect.stringMatching(/fiyat/) })] });
    expect(dry.body.counts.PRICE).toBeGreaterThanOrEqual(1);
    expect(dry.body.counts.WITHDRAWN).toBe(0);
    expect(dry.body.changes).toEqual(expect.arrayContaining([expect.objectContaining({ kind: 'PRICE', barcode: target.barcode, changes: expect.arrayContaining([{ field: 'referencePriceEur', from: null, to: '1234.50' }]) })]));
    const applied = await upload(yonetici, 'fiyat.csv', Buffer.from(csv, 'utf8'), '?dryRun=false');
    expect(applied.body.total).toBe(dry.body.total);
    expect((await api.call('GET', `${API}/medicines/${target.barcode}`, { token: eczaci })).body.referencePriceEur).toBe('1234.50');
    expect((await upload(yonetici, 'fiyat.csv', Buffer.from(csv, 'utf8'), '?dryRun=false')).body.total).toBe(0);

    const before = await fingerprint();
    const junk = await upload(yonetici, 'x.xlsx', Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4, 5]), '?dryRun=false');
    expect([junk.status, junk.body.code, junk.body.fieldErrors?.[0]?.field]).toEqual([400, 'VALIDATION_FAILED', 'file']);
    expect(junk.body.detail).toMatch(/Excel/);
    // A workbook whose sheet says it inflates to 300 MB (a zip bomb) is refused before it is inflated.
    const bomb = declareInflatedSize(await xlsx([['barkod', 'urun_adi'], ['8699717010109', 'X']]), 'xl/worksheets/sheet1.xml', 300 * 1024 * 1024);
    const refused = await upload(yonetici, 'bomba.xlsx', bomb, '?dryRun=false');
    expect([refused.status, refused.body.code]).toEqual([413, 'FILE_TOO_LARGE']);
    const other = await upload(yonetici, 'x.csv', Buffer.from('ad;soyad\nAli;Veli\n'), '?dryRun=false');
    expect([other.status, other.body.detail]).toEqual([400, expect.stringMatching(/TİTCK listesi değil/)]);
    const binary = await upload(yonetici, 'x.bin', Buffer.from([0, 1, 2, 0, 255]), '?dryRun=false');
    expect(binary.status).toBe(400);
    const notMultipart = await api.call('POST', `${API}/medicines/import`, { token: yonetici, body: {} });
    expect(notMultipart.status).toBe(415);
    expect(await fingerprint()).toBe(before);
  });

  it('keeps each pharmacy company\'s medicine-creation status and runs it as a job', async () => {
    const cid = cidOf(eczaci);
    const list = await api.call('GET', `${API}/medicine-creation-statuses?size=50`, { token: yonetici });
    expect(list.status).toBe(200);
    const mine = list.body.find((s: any) => s.companyId === cid);
    expect(mine).toMatchObject({ companyName: 'Demo Eczanesi', status: 'NONE', created: 0 });
    // Only pharmacy companies (the general Demo Ticaret is not one).
    expect(list.body.every((s: any) => s.companyName !== 'Demo Ticaret A.Ş.')).toBe(true);
    const products = async () => Number((await sql<{ n: string }>`select count(*)::text as n from products where company_id = ${cid} and product_type = 'MEDICINE'`.execute(db())).rows[0]!.n);
    const had = await products();
    const started = await api.call('POST', `${API}/medicine-creation-statuses/${cid}`, { token: yonetici });
    expect([started.status, started.body.status, started.body.startedBy]).toEqual([202, 'RUNNING', 'yonetici']);
    let s: any;
    for (let i = 0; i < 240; i++) {
      s = (await api.call('GET', `${API}/medicine-creation-statuses/${cid}`, { token: yonetici })).body;
      if (s.status !== 'RUNNING') break;
      await new Promise((r) => setTimeout(r, 500));
    }
    expect([s.status, s.error]).toEqual(['DONE', null]);
    const active = await count(sql`active`);
    expect(s.created + s.skipped).toBe(active);
    expect(await products()).toBe(had + s.created);
    expect(s.created).toBeGreaterThan(1000);
    // While a run is under way (a fresh RUNNING) a second start is refused; an hour-old one counts as dead.
    await sql`update pharmacy_medicine_creation set status = 'RUNNING', started_at = ${t.server.services.now()} where company_id = ${cid}`.execute(db());
    const busy = await api.call('POST', `${API}/medicine-creation-statuses/${cid}`, { token: yonetici });
    expect([busy.status, busy.body.code]).toEqual([409, 'ALREADY_RUNNING']);
    await sql`update pharmacy_medicine_creation set status = 'DONE' where company_id = ${cid}`.execute(db());
    const general = (await sql<{ id: string }>`select id from companies where name = 'Demo Ticaret A.Ş.'`.execute(db())).rows[0]!.id;
    expect((await api.call('POST', `${API}/medicine-creation-statuses/${general}`, { token: yonetici })).status).toBe(404);
  }, 180_000);
  it('refuses whole (409 LIST_LOOKS_PARTIAL, nothing written) a list withdrawing more than maxWithdrawPercent; a dry run reports it; without the parameter, no limit', async () => {
    const licensed = (await sql<{ barcode: string; name: string; substance: string | null; atc_code: string | null; firm: string | null; licence_date: string | null; licence_no: string | null; suspended: boolean | null }>`
      select barcode, name, substance, atc_code, firm, to_char(licence_date, 'YYYY-MM-DD') as licence_date, licence_no, suspended
        from pharmacy_medicines where 'TITCK_LICENSED' = any (sources) order by barcode`.execute(db())).rows;
    const line = (m: typeof licensed[number]) => [m.barcode, m.name, m.substance, m.atc_code, m.firm, m.licence_date, m.licence_no, null, null, m.suspended ? '1' : '0', null];
    // The whole list but its first three medicines: three withdrawn, a share of 3 / licensed.length (some 0.02 %).
    const left = licensed.slice(3);
    const gone = licensed.slice(0, 3).map((m) => m.barcode);
    const file = await xlsx([LICENSED_HEADER, ...left.map(line)]);
    const share = 3 / licensed.length;
    const before = await fingerprint();

    const refused = await upload(yonetici, 'ruhsatli.xlsx', file, '?dryRun=false&limit=10&maxWithdrawPercent=0.01');
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      status: 409, title: 'Çakışma', code: 'LIST_LOOKS_PARTIAL', detail: expect.stringMatching(/^Liste eksik görünüyor: .*Hiçbir şey yazılmadı\.$/),
      list: 'TITCK_LICENSED', rows: left.length, counts: { NEW: 0, PRICE: 0, WITHDRAWN: 3 }, unmatched: 0, skipped: [],
      withdraw: { count: 3, of: licensed.length, share, limit: 0.01 / 100, exceeded: true },
    });
    expect(refused.body.changes.filter((c: any) => c.kind === 'WITHDRAWN').map((c: any) => c.barcode).sort()).toEqual(gone);
    expect(await fingerprint()).toBe(before);

    // A dry run with the same limit reports the check and is not refused.
    const dry = await upload(yonetici, 'ruhsatli.xlsx', file, '?dryRun=true&maxWithdrawPercent=0.01');
    expect([dry.status, dry.body.dryRun, dry.body.withdraw]).toEqual([200, true, { count: 3, of: licensed.length, share, limit: 0.01 / 100, exceeded: true }]);
    // Within the limit, and without one, the check is there and nothing is over.
    const within = await upload(yonetici, 'ruhsatli.xlsx', file, '?dryRun=true&maxWithdrawPercent=5');
    expect(within.body.withdraw).toEqual({ count: 3, of: licensed.length, share, limit: 0.05, exceeded: false });
    expect(await fingerprint()).toBe(before);

    // Without maxWithdrawPercent the list is applied as before, whatever it withdraws.
    const applied = await upload(yonetici, 'ruhsatli.xlsx', file, '?dryRun=false');
    expect(applied.status).toBe(200);
    expect(applied.body).toMatchObject({ dryRun: false, counts: { WITHDRAWN: 3 }, withdraw: { count: 3, of: licensed.length, share, limit: null, exceeded: false } });
    expect(await count(sql`barcode in (${sql.join(gone)}) and 'TITCK_LICENSED' = any (sources)`)).toBe(0);
    expect(await fingerprint()).not.toBe(before);
  });
});
