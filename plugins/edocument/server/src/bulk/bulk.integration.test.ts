/**
 * The bulk side against the real server on both engines: XML and zip files imported into the
 * lists (one result per document, a malformed one named with its reason while the others go in,
 * duplicates), and the zip downloads (XML + HTML per document, eksik.txt for ETTNs not held,
 * 404 when none, views rendered once and cached, 2,000 documents streamed).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { engines, startTestServer, type TestServer } from '../../../../../packages/server/test/harness';
import { http, ONMUHASEBE } from '../../../../../packages/server/test/http';
import { parseUbl } from '../ubl/index';
import { setHtmlRenderer } from './views';
import { makeZip, readZip, sample, seedDocuments } from './testing';

const cidOf = (token: string): number => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).cid;
const ETTN = /<cbc:UUID>([^<]+)<\/cbc:UUID>/;

interface Result { file: string; result: string; uuid: string | null; documentNo: string | null; id: number | null; reason: string | null }

describe.each(engines('one'))('e-document import and zip downloads on %s', (engine) => {
  let t: TestServer;
  let api: ReturnType<typeof http>;
  let owner: string;
  let cid: number;
  let taxNumber: string;
  const renders: string[] = [];

  const upload = async (files: { name: string; data: Buffer }[]) => {
    const form = new FormData();
    for (const f of files) form.append('files', new Blob([new Uint8Array(f.data)], { type: 'application/octet-stream' }), f.name);
    const r = await fetch(`${t.url}${ONMUHASEBE}/e-documents/import`, { method: 'POST', headers: { authorization: `Bearer ${owner}` }, body: form });
    return { status: r.status, body: (await r.json()) as Result[] };
  };
  const download = async (op: string, uuids: string[]) => {
    const r = await fetch(`${t.url}${ONMUHASEBE}/zip/${op}`, {
      method: 'POST', headers: { authorization: `Bearer ${owner}`, 'content-type': 'application/json' }, body: JSON.stringify(uuids),
    });
    const bytes = Buffer.from(await r.arrayBuffer());
    return { status: r.status, headers: r.headers, bytes };
  };
  const row = async (uuid: string) => (await sql<Record<string, any>>`
    select direction, category, status, document_no, profile, type_code, issue_date::text as issue_date, party_title, party_identifier,
           total::text as total, currency, imported, html is not null as has_html, jsonb_array_length(history) as history
      from edoc_documents where company_id = ${cid} and uuid = ${uuid}::uuid`.execute(t.server.services.db)).rows;

  beforeAll(async () => {
    t = await startTestServer({ engine });
    api = http(t.url);
    owner = await api.signIn('muhasebe');
    cid = cidOf(owner);
    taxNumber = (await sql<{ tax_number: string }>`select tax_number from companies where id = ${cid}`.execute(t.server.services.db)).rows[0]!.tax_number;
    setHtmlRenderer(async (xml) => {
      const uuid = ETTN.exec(xml)?.[1] ?? '?';
      renders.push(uuid);
      return `<html><body>görünüm ${uuid}</body></html>`;
    });
  });
  afterAll(async () => {
    setHtmlRenderer(null);
    await t?.close();
  });

  it('imports XML files: each lands with its kind and direction, a malformed one is named with its reason, a second time is a duplicate', async () => {
    // The company's own invoice (an archive from a former provider): its supplier is the company.
    const own = sample('FATURA_6.xml').toString('utf8').replace(
      /(<cac:AccountingSupplierParty>[\s\S]*?<cbc:ID schemeID="VKN">)\d+(<\/cbc:ID>)/, `$1${taxNumber}$2`);
    const r = await upload([
      { name: 'FATURA_2.xml', data: sample('FATURA_2.xml') },
      { name: 'FATURA_21.xml', data: sample('FATURA_21.xml') },
      { name: 'irsaliye_temel_ornek.xml', data: sample('irsaliye_temel_ornek.xml') },
      { name: 'bozuk.xml', data: Buffer.from('<Invoice><cbc:ID>eksik') },
      { name: 'not-ubl.xml', data: Buffer.from('<?xml version="1.0"?><Order xmlns="urn:x"><ID>1</ID></Order>') },
      { name: 'kendi.xml', data: Buffer.from(own) },
    ]);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.map((x) => [x.file, x.result])).toEqual([
      ['FATURA_2.xml', 'IMPORTED'], ['FATURA_21.xml', 'IMPORTED'], ['irsaliye_temel_ornek.xml', 'IMPORTED'],
      ['bozuk.xml', 'FAILED'], ['not-ubl.xml', 'FAILED'], ['kendi.xml', 'IMPORTED'],
    ]);
    expect(r.body[0]).toMatchObject({ documentNo: 'DMY2018625142607', uuid: '8138d121-ea76-40cf-9de4-e30d3f506de1', reason: null });
    expect(r.body[0]!.id).toBeGreaterThan(0);
    expect(r.body[3]!.reason).toMatch(/\S/);
    expect(r.body[4]!.reason).toMatch(/UBL-TR belgesi değil/);

    expect(await row(r.body[0]!.uuid!)).toEqual([expect.objectContaining({
      direction: 'INCOMING', category: 'EINVOICE', status: 'SUCCESS', document_no: 'DMY2018625142607', profile: 'TEMELFATURA', type_code: 'SATIS',
      issue_date: '2018-06-25', party_identifier: '4840847211', imported: true, currency: 'TRY', has_html: false, history: 1,
    })]);
    expect((await row(r.body[0]!.uuid!))[0]!.total).toMatch(/^\d+\.\d{2}$/);
    expect(await row(r.body[1]!.uuid!)).toEqual([expect.objectContaining({ direction: 'INCOMING', category: 'EARCHIVE', profile: 'EARSIVFATURA' })]);
    expect(await row(r.body[2]!.uuid!)).toEqual([expect.objectContaining({ direction: 'INCOMING', category: 'EDESPATCH', total: null })]);
    const mine = await row(r.body[5]!.uuid!);
    expect(mine).toEqual([expect.objectContaining({ direction: 'OUTGOING', category: 'EINVOICE', imported: true })]);
    expect(mine[0]!.party_identifier).not.toBe(taxNumber);

    const again = await upload([{ name: 'FATURA_2.xml', data: sample('FATURA_2.xml') }]);
    expect(again.body).toEqual([expect.objectContaining({ file: 'FATURA_2.xml', result: 'DUPLICATE', id: r.body[0]!.id, documentNo: 'DMY2018625142607' })]);
    expect(await row(r.body[0]!.uuid!)).toHaveLength(1);
  });

  it('imports a zip entry by entry: good ones go in, bad ones are named archive.zip/entry with their reason', async () => {
    const zip = await makeZip([
      { name: 'FATURA_4.xml', data: sample('FATURA_4.xml') },
      { name: 'bozuk.xml', data: '<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"><a>' },
      { name: 'klasor/FATURA_5.xml', data: sample('FATURA_5.xml') },
      { name: 'irsaliyeyanit_kabul_ornek.xml', data: sample('irsaliyeyanit_kabul_ornek.xml') },
      { name: 'FATURA_4.html', data: '<html></html>' },
      { name: 'irsaliye_farklitaraf_ornek.xml', data: sample('irsaliye_farklitaraf_ornek.xml') },
    ]);
    const r = await upload([{ name: 'arsiv.zip', data: zip }, { name: 'bos.zip', data: await makeZip([{ name: 'not.txt', data: 'x' }]) }, { name: 'kirik.zip', data: zip.subarray(0, 200) }]);
    expect(r.status).toBe(200);
    expect(r.body.map((x) => [x.file, x.result])).toEqual([
      ['arsiv.zip/FATURA_4.xml', 'IMPORTED'],
      ['arsiv.zip/bozuk.xml', 'FAILED'],
      ['arsiv.zip/klasor/FATURA_5.xml', 'FAILED'],
      ['arsiv.zip/irsaliyeyanit_kabul_ornek.xml', 'FAILED'],
      ['arsiv.zip/irsaliye_farklitaraf_ornek.xml', 'IMPORTED'],
      ['bos.zip', 'FAILED'],
      ['kirik.zip', 'FAILED'],
    ]);
    expect(r.body[2]!.reason).toMatch(/Klasör yolu/);
    expect(r.body[3]!.reason).toMatch(/irsaliye yanıtı/);
    expect(r.body[5]!.reason).toMatch(/XML belge yok/);
    expect(r.body[6]!.reason).toMatch(/Zip dosyası okunamadı/);
    expect(await row(r.body[0]!.uuid!)).toEqual([expect.objectContaining({ document_no: 'DMY2018625144001', type_code: 'IADE' })]);
  });

  it('refuses a zip of more than 10,000 entries and an entry above 10 MB', async () => {
    const many = await makeZip(Array.from({ length: 10_001 }, (_, i) => ({ name: `d${i}.xml`, data: '<a/>' })));
    const big = await makeZip([{ name: 'buyuk.xml', data: Buffer.alloc(10 * 1024 * 1024 + 1, 0x20) }, { name: 'FATURA_7.xml', data: sample('FATURA_7.xml') }]);
    const r = await upload([{ name: 'cok.zip', data: many }, { name: 'buyuk.zip', data: big }]);
    expect(r.body.map((x) => [x.file, x.result])).toEqual([['cok.zip', 'FAILED'], ['buyuk.zip/buyuk.xml', 'FAILED'], ['buyuk.zip/FATURA_7.xml', 'IMPORTED']]);
    expect(r.body[0]!.reason).toMatch(/en çok 10\.000/);
    expect(r.body[1]!.reason).toMatch(/çok büyük/);
  });

  it('a zip download holds each document’s XML and HTML view, names the ETTNs not held in eksik.txt, and renders each view once', async () => {
    const { uuids } = await seedDocuments(t.server.services.db, { companyId: cid, count: 3, prefix: 'ZPA', direction: 'INCOMING' });
    const { uuids: outgoing } = await seedDocuments(t.server.services.db, { companyId: cid, count: 1, prefix: 'ZPB', direction: 'OUTGOING', category: 'EARCHIVE' });
    const unknown = '00000000-0000-4000-8000-000000000001';
    renders.length = 0;
    const r = await download('incoming-invoices', [...uuids, unknown, outgoing[0]!, uuids[0]!.toUpperCase()]);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('application/zip');
    expect(r.headers.get('content-disposition')).toMatch(/^attachment; filename="gelen-faturalar-\d{4}-\d{2}-\d{2}\.zip"$/);
    const entries = await readZip(r.bytes);
    const names = [...entries.keys()];
    expect(names.filter((n) => n.endsWith('.xml')).sort()).toEqual(['ZPA0000000000001.xml', 'ZPA0000000000002.xml', 'ZPA0000000000003.xml']);
    expect(names.filter((n) => n.endsWith('.html'))).toHaveLength(3);
    expect(names[names.length - 1]).toBe('eksik.txt');
    const eksik = entries.get('eksik.txt')!.toString('utf8');
    expect(eksik).toContain(unknown);
    expect(eksik).toContain(outgoing[0]!); // outgoing: not in the incoming download
    for (const u of uuids) expect(eksik).not.toContain(u);
    for (const [name, data] of entries) {
      if (!name.endsWith('.xml')) continue;
      const doc = parseUbl(data);
      expect(`${doc.id}.xml`).toBe(name);
      expect(entries.get(name.replace(/xml$/, 'html'))!.toString()).toBe(`<html><body>görünüm ${doc.uuid}</body></html>`);
    }
    expect(renders.sort()).toEqual([...uuids].sort());
    expect((await row(uuids[0]!))[0]!.has_html).toBe(true);

    // Again: the views come from the cache.
    renders.length = 0;
    const again = await download('incoming-invoices', uuids);
    expect([...(await readZip(again.bytes)).keys()].sort()).toEqual([...names.filter((n) => n !== 'eksik.txt')].sort());
    expect(renders).toEqual([]);

    // The other downloads take their own direction and kind.
    const out = await readZip((await download('outgoing-earchive-invoices', [...outgoing, uuids[0]!])).bytes);
    expect([...out.keys()]).toEqual(['ZPB0000000000001.xml', 'ZPB0000000000001.html', 'eksik.txt']);
    const both = await readZip((await download('incoming-outgoing-invoices', [...outgoing, uuids[0]!])).bytes);
    expect([...both.keys()].sort()).toEqual(['ZPA0000000000001.html', 'ZPA0000000000001.xml', 'ZPB0000000000001.html', 'ZPB0000000000001.xml']);
  });

  it('answers 404 when no ETTN is held for that download, and refuses a malformed list', async () => {
    const { uuids } = await seedDocuments(t.server.services.db, { companyId: cid, count: 1, prefix: 'ZPC', direction: 'INCOMING', html: true });
    for (const op of ['incoming-despatches', 'outgoing-despatches', 'outgoing-earchive-invoices']) {
      const r = await download(op, uuids);
      expect(r.status, op).toBe(404);
    }
    expect((await download('incoming-invoices', [])).status).toBe(400);
    expect((await download('incoming-invoices', ['nope'])).status).toBe(400);
    const other = await api.signIn('eczaci');
    const r = await fetch(`${t.url}${ONMUHASEBE}/zip/incoming-invoices`, { method: 'POST', headers: { authorization: `Bearer ${other}`, 'content-type': 'application/json' }, body: JSON.stringify(uuids) });
    expect([403, 404]).toContain(r.status); // another company's user never gets this company's document
  });

  it('streams a zip of 2,000 documents (4,000 entries), same names as numbers, each XML with its ETTN', async () => {
    const { uuids } = await seedDocuments(t.server.services.db, { companyId: cid, count: 2000, prefix: 'ZPD', direction: 'INCOMING', html: true });
    const started = Date.now();
    const r = await download('incoming-invoices', uuids);
    expect(r.status).toBe(200);
    const entries = await readZip(r.bytes);
    expect(entries.size).toBe(4000);
    const seen = new Set<string>();
    for (const [name, data] of entries) {
      if (!name.endsWith('.xml')) continue;
      const m = ETTN.exec(data.toString('utf8'));
      seen.add(m![1]!);
    }
    expect([...seen].sort()).toEqual([...uuids].sort());
    expect(Date.now() - started).toBeLessThan(30_000);
  });
});
