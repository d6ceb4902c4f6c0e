import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { engines, startTestServer, type TestServer } from '../../../../../packages/server/test/harness';
import { http, ONMUHASEBE } from '../../../../../packages/server/test/http';
import { validateUbl, parseUbl } from '../ubl/index';
import { settingsHooks } from '../settings/index';

const API = ONMUHASEBE;
const cidOf = (token: string): number => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).cid;
const codeOf = (r: { body: any }) => r.body.fieldErrors?.[0]?.code ?? r.body.code;

describe.each(engines('one'))('outgoing and incoming e-documents on %s', (engine) => {
  let t: TestServer;
  let api: ReturnType<typeof http>;
  let seller: string;
  let buyer: string;
  /** A management user: the sandbox's control routes are theirs. */
  let manager: string;
  let unitId: number;
  let warehouseId: number;
  let buyerCurrent: { id: number };
  let person: { id: number };
  let seq = 0;

  const sandbox = (method: string, path: string, body?: unknown) =>
    fetch(`${t.url}/sandbox/edocument${path}`, { method, headers: { authorization: `Bearer ${manager}`, ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined })
      .then(async (r) => ({ status: r.status, body: await r.json() as any }));
  const product = async (defaultTaxRate = 20) => {
    const r = await api.call('POST', `${API}/products`, {
      token: seller, body: {
        name: `e-Belge ürünü ${++seq}`, barcode: `869${Date.now()}${seq}`, productType: 'COMMERCIAL_GOODS', unitId, buyingCurrencyId: 1, saleCurrencyId: 1,
        defaultTaxRate, warehouseId, salePrice: 100, buyingPrice: 60, openingStock: 50,
      },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    return r.body as { id: number; barcode: string };
  };
  const sale = async (currentId: number, lines: { productId: number; quantity: number; unitPrice: number }[], extra: Record<string, unknown> = {}) => {
    const r = await api.call('POST', `${API}/invoices`, { token: seller, body: { invoiceType: 'SALE', currentId, date: '2026-11-20', products: lines, ...extra } });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    return r.body as { id: number };
  };
  const doc = async (id: number, token = seller) => (await api.call('GET', `${API}/e-documents/${id}`, { token })).body;
  const until = async (id: number, pred: (d: any) => boolean, token = seller, ms = 30_000) => {
    const end = Date.now() + ms;
    let last: any;
    while (Date.now() < end) {
      last = await doc(id, token);
      if (pred(last)) return last;
      await new Promise((r) => setTimeout(r, 150));
    }
    throw new Error(`document ${id} stayed ${JSON.stringify(last?.status)}: ${last?.statusReason}`);
  };

  beforeAll(async () => {
    t = await startTestServer({
      engine,
      env: { TEZGAH_EDOC_TIMEOUT_MS: '400', TEZGAH_EDOC_RETRY_SECONDS: '0.2', TEZGAH_EDOC_POLL_SECONDS: '0.2' },
    });
    api = http(t.url);
    settingsHooks.sandboxPublicUrl = t.url;
    seller = await api.signIn('muhasebe');
    manager = await api.signIn('yonetici');
    buyer = await api.signIn('eczaci');
    unitId = (await api.call('GET', `${API}/units?size=100`, { token: seller })).body.find((u: any) => u.name === 'Adet').id;
    warehouseId = (await api.call('GET', `${API}/warehouses?size=100`, { token: seller })).body[0].id;
    const cities = (await api.call('GET', `${API}/cities?size=100&search=Ankara`, { token: seller })).body;
    const ankara = cities.find((c: any) => c.name === 'Ankara') ?? cities[0];
    const subs = (await api.call('GET', `${API}/city-subdivisions?size=100&cityId=${ankara.id}`, { token: seller })).body;
    const cankaya = subs.find((s: any) => s.name === 'Çankaya') ?? subs[0];
    const offices = (await api.call('GET', `${API}/tax-offices?size=100&cityId=${ankara.id}`, { token: seller })).body;
    // The buyer: Demo Eczanesi, an e-Fatura user in the sandbox's GİB world (TCKN 10000000146).
    const made = await api.call('POST', `${API}/currents`, {
      token: seller, body: {
        currentAccountType: 'CUSTOMER', name: 'Elif', lastName: 'Eczacı', title: 'Elif Eczacı - Demo Eczanesi', taxNumber: '10000000146', taxOfficeId: offices[0]?.id,
        cityId: ankara.id, citySubdivisionId: cankaya.id, address: 'Atatürk Bulvarı 1', email: 'eczaci@demo.tezgah.local', currencyId: 1, accountGroupCode: '120',
      },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    buyerCurrent = made.body;
    const p2 = await api.call('POST', `${API}/currents`, {
      token: seller, body: {
        currentAccountType: 'CUSTOMER', name: 'Ahmet', lastName: 'Yılmaz', taxNumber: '12345678950', taxOfficeId: offices[0]?.id, cityId: ankara.id, citySubdivisionId: cankaya.id,
        address: 'Kızılay', email: 'ahmet@example.com', currencyId: 1, accountGroupCode: '120',
      },
    });
    expect(p2.status, JSON.stringify(p2.body)).toBe(201);
    person = p2.body;
  });
  afterAll(async () => {
    settingsHooks.sandboxPublicUrl = undefined;
    await t?.close();
  });

  it("holds the demo's documents: Demo Ticaret's November sale sent as e-Arşiv under its legal number, and an e-Fatura received from its supplier; both pass GİB's checks", async () => {
    const xmlOf = (id: number) => fetch(`${t.url}${API}/e-documents/${id}/xml`, { headers: { authorization: `Bearer ${seller}` } }).then((r) => r.text());
    const sent = (await api.call('GET', `${API}/outgoing-invoices?search=EAR2026000000001`, { token: seller })).body as any[];
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      type: 'EARCHIVE', status: 'SUCCESS', profile: 'EARSIVFATURA', invoiceTypeCode: 'SATIS', issueDate: '2026-11-05', prefix: 'EAR',
      partyTitle: 'Boğaziçi Otel İşletmeleri A.Ş.', partyIdentifier: '3561902849', email: 'muhasebe@bogaziciotel.example', total: 10680,
    });
    // One legal number: the invoice took the e-Arşiv number, its company-series number kept as provisional.
    const inv = (await api.call('GET', `${API}/invoices/${sent[0].invoiceId}`, { token: seller })).body;
    expect(inv).toMatchObject({ status: 'POSTED', documentNo: 'EAR2026000000001', series: 'EAR', provisionalNo: expect.stringMatching(/^DMT2026\d{9}$/), currentName: 'Boğaziçi Otel İşletmeleri' });
    const entry = (await api.call('GET', `${API}/journal-entries/${inv.entryId}`, { token: seller })).body;
    expect(entry.documentNo).toBe('EAR2026000000001');
    // It went out, so the invoice no longer changes; the integrator holds it.
    const edit = await api.call('PUT', `${API}/invoices`, { token: seller, body: { id: inv.id, invoiceType: 'SALE', currentId: inv.currentId, date: '2026-11-05', products: [{ productId: inv.products[0].productId, quantity: 1, unitPrice: 1 }] } });
    expect([edit.status, codeOf(edit)]).toEqual([409, 'INVOICE_LOCKED']);
    const held = await sandbox('GET', `/documents?uuid=${sent[0].uuid}`);
    expect((Array.isArray(held.body) ? held.body : held.body.documents)).toHaveLength(1);
    const earchive = await xmlOf(sent[0].id);
    expect(await validateUbl(earchive, { earchive: true })).toEqual([]);
    expect(parseUbl(earchive)).toMatchObject({ id: 'EAR2026000000001', uuid: sent[0].uuid, profile: 'EARSIVFATURA', totals: { payable: '10680.00' } });

    const received = (await api.call('GET', `${API}/incoming-invoices?search=TGD2026000000873`, { token: seller })).body as any[];
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({
      type: 'EINVOICE', status: 'SUCCESS', profile: 'TEMELFATURA', issueDate: '2026-11-18', partyTitle: 'Trakya Gıda Ltd. Şti.', partyIdentifier: '2704591634',
      total: 3860.22, imported: false, purchaseInvoiceId: null,
    });
    const bought = await xmlOf(received[0].id);
    expect(await validateUbl(bought)).toEqual([]);
    expect(parseUbl(bought)).toMatchObject({ id: 'TGD2026000000873', customer: { vknTckn: '0123456789' } });
    // Already read at the integrator: a pull does not bring it again.
    const pulled = await api.call('POST', `${API}/e-documents/pull`, { token: seller });
    expect(pulled.body).toEqual({ received: 0, skipped: 0 });
  }, 60_000);

  it('checks, previews and sends an e-Fatura through two integrator timeouts exactly once; the buyer receives it and makes a purchase draft of it', async () => {
    const p = await product();
    const inv = await sale(buyerCurrent.id, [{ productId: p.id, quantity: 3, unitPrice: 100 }]);
    const checked = await api.call('POST', `${API}/e-invoice/update/${inv.id}`, { token: seller, body: { action: 'CHECK' } });
    expect(checked.status, JSON.stringify(checked.body)).toBe(200);
    expect(checked.body).toMatchObject({ status: 'CONTROL', step: 0, type: 'EINVOICE', profile: 'TEMELFATURA', invoiceTypeCode: 'SATIS', documentNo: null });
    expect(checked.body.problems).toEqual([]);
    expect(checked.body.receiverTag).toMatch(/^urn:mail:/);
    const approved = await api.call('POST', `${API}/e-invoice/update/${inv.id}`, { token: seller, body: { action: 'APPROVE' } });
    expect(approved.body).toMatchObject({ status: 'PREVIEW', step: 1, uuid: checked.body.uuid });
    const html = await fetch(`${t.url}${API}/e-documents/${checked.body.id}/html`, { headers: { authorization: `Bearer ${seller}` } });
    expect(html.status).toBe(200);
    expect(html.headers.get('content-security-policy')).toContain('sandbox');
    expect(await html.text()).toContain('Elif');

    // The first two sends time out before the integrator keeps them: the third goes through.
    expect((await sandbox('PUT', '/control', { timeoutBeforeStore: 2, timeoutDelayMs: 1200 })).status).toBe(200);
    const sent = await api.call('POST', `${API}/e-invoice/send/${inv.id}`, { token: seller, body: {} });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body).toMatchObject({ status: 'SENDING', step: 2, uuid: checked.body.uuid });
    expect(sent.body.documentNo).toMatch(/^[A-Z0-9]{3}2026\d{9}$/);
    // A second click sends nothing more.
    const again = await api.call('POST', `${API}/e-invoice/send/${inv.id}`, { token: seller, body: {} });
    expect(again.body).toMatchObject({ id: sent.body.id, documentNo: sent.body.documentNo });

    const done = await until(sent.body.id, (d) => d.status !== 'SENDING');
    expect(done.status, done.statusReason).toBe('SUCCESS');
    // The invoice no longer changes once its e-Fatura went out.
    const edit = await api.call('PUT', `${API}/invoices`, { token: seller, body: { id: inv.id, invoiceType: 'SALE', currentId: buyerCurrent.id, date: '2026-11-20', products: [{ productId: p.id, quantity: 4, unitPrice: 100 }] } });
    expect([edit.status, codeOf(edit)]).toEqual([409, 'INVOICE_LOCKED']);
    // Nor does it leave the books, whatever the cancel call's path claims: a return answers it.
    for (const claimed of ['NONE', 'EFATURA', 'EARSIV']) {
      const c = await api.call('POST', `${API}/invoices/cancel/${inv.id}/false/${claimed}`, { token: seller });
      expect([c.status, codeOf(c)], JSON.stringify(c.body)).toEqual([409, 'EINVOICE_CANCEL_BY_RETURN']);
    }
    expect((await api.call('GET', `${API}/invoices/${inv.id}`, { token: seller })).body).toMatchObject({ status: 'POSTED' });
    expect((await doc(sent.body.id)).status).toBe('SUCCESS');
    // Both timeouts happened (the sandbox counted them down), and still one document arrived.
    expect((await sandbox('GET', '/control')).body).toMatchObject({ timeoutBeforeStore: 0 });
    const held = await sandbox('GET', `/documents?uuid=${checked.body.uuid}`);
    expect(held.status).toBe(200);
    const list = Array.isArray(held.body) ? held.body : held.body.documents;
    expect(list).toHaveLength(1);
    // The XML as sent validates against GİB's XSDs and schematron.
    const xml = await fetch(`${t.url}${API}/e-documents/${sent.body.id}/xml`, { headers: { authorization: `Bearer ${seller}` } }).then((r) => r.text());
    expect(await validateUbl(xml)).toEqual([]);
    expect(parseUbl(xml)).toMatchObject({ uuid: checked.body.uuid.toUpperCase(), id: sent.body.documentNo, profile: 'TEMELFATURA' });

    // The buyer's inbox.
    const pulled = await api.call('POST', `${API}/e-documents/pull`, { token: buyer });
    expect(pulled.status, JSON.stringify(pulled.body)).toBe(200);
    expect(pulled.body.received).toBeGreaterThanOrEqual(1);
    const incoming = await api.call('GET', `${API}/incoming-invoices?search=${sent.body.documentNo}`, { token: buyer });
    expect(incoming.body.map((d: any) => d.uuid.toUpperCase())).toEqual([checked.body.uuid.toUpperCase()]);
    expect(incoming.body[0]).toMatchObject({ direction: 'INCOMING', type: 'EINVOICE', total: 360, partyIdentifier: '0123456789' });
    const twice = await api.call('POST', `${API}/e-documents/pull`, { token: buyer });
    expect(twice.body.received).toBe(0);
    const made = await api.call('POST', `${API}/incoming-invoices/${incoming.body[0].id}/to-purchase-invoice`, { token: buyer });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body.purchaseInvoiceId).toBeGreaterThan(0);
    const purchase = await api.call('GET', `${API}/invoices/${made.body.purchaseInvoiceId}`, { token: buyer });
    expect(purchase.body).toMatchObject({ invoiceType: 'BUYING', status: 'DRAFT', totalAmount: 360, documentNo: sent.body.documentNo });
    const repeat = await api.call('POST', `${API}/incoming-invoices/${incoming.body[0].id}/to-purchase-invoice`, { token: buyer });
    expect([repeat.status, codeOf(repeat)]).toEqual([409, 'EDOC_ALREADY_CONVERTED']);
    expect(cidOf(buyer)).not.toBe(cidOf(seller));
  }, 90_000);

  it('sends to a person who is not an e-Fatura user as e-Arşiv, refuses a missing e-mail, and cancels it within 7 days', async () => {
    const p = await product();
    const inv = await sale(person.id, [{ productId: p.id, quantity: 1, unitPrice: 50 }]);
    const checked = await api.call('POST', `${API}/e-invoice/update/${inv.id}`, { token: seller, body: { action: 'CHECK', options: { email: 'not-an-email' } } });
    expect(checked.body).toMatchObject({ status: 'CONTROL', type: 'EARCHIVE', profile: 'EARSIVFATURA' });
    expect(checked.body.problems.map((x: any) => x.field)).toContain('email');
    const fixed = await api.call('POST', `${API}/e-invoice/update/${inv.id}`, { token: seller, body: { action: 'CHECK', options: { email: 'ahmet@example.com' } } });
    expect(fixed.body.problems).toEqual([]);
    const before = (await api.call('GET', `${API}/invoices/${inv.id}`, { token: seller })).body;
    expect(before).toMatchObject({ documentNo: expect.stringMatching(/^DMT2026\d{9}$/), provisionalNo: null });
    const sent = await api.call('POST', `${API}/e-archive/send/${inv.id}`, { token: seller, body: {} });
    expect(sent.body.status, JSON.stringify(sent.body)).toBe('SENDING');
    const legal = sent.body.documentNo as string;
    expect(legal).toMatch(/^[A-Z0-9]{3}2026\d{9}$/);
    expect(legal).not.toBe(before.documentNo);
    const done = await until(sent.body.id, (d) => d.status !== 'SENDING');
    expect(done.status, done.statusReason).toBe('SUCCESS');
    // One legal number: the invoice, its journal entry, the journal book and the current's
    // statement all carry the e-Arşiv number; the company-series number stays as the provisional one.
    const after = (await api.call('GET', `${API}/invoices/${inv.id}`, { token: seller })).body;
    expect(after).toMatchObject({ documentNo: legal, provisionalNo: before.documentNo, series: legal.slice(0, 3), entryId: before.entryId });
    const entry = (await api.call('GET', `${API}/journal-entries/${after.entryId}`, { token: seller })).body;
    expect(entry.documentNo).toBe(legal);
    const texts = [entry.explanation, ...entry.lines.map((l: any) => l.explanation ?? '')].join(' | ');
    expect(texts).toContain(legal);
    expect(texts).not.toContain(before.documentNo);
    const book = (await api.call('GET', `${API}/journal-book?startDate=2026-11-20&endDate=2026-11-20&size=100`, { token: seller })).body;
    expect(book.entries.find((e: any) => e.id === after.entryId)).toMatchObject({ documentNo: legal, explanation: expect.stringContaining(legal) });
    const statement = (await api.call('GET', `${API}/currents/${person.id}/ledger?startDate=2026-11-20&endDate=2026-11-20&size=100`, { token: seller })).body;
    const line = statement.lines.find((l: any) => l.entryId === after.entryId);
    expect(line).toMatchObject({ documentNo: legal, explanation: expect.stringContaining(legal) });
    expect(JSON.stringify(statement.lines)).not.toContain(before.documentNo);
    const found = (await api.call('GET', `${API}/invoices?search=${legal}`, { token: seller })).body;
    expect(found.map((x: any) => x.id)).toEqual([inv.id]);
    const cancelled = await api.call('POST', `${API}/e-archive/cancel/${inv.id}`, { token: seller, body: { note: 'Müşteri vazgeçti' } });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    const gone = await until(sent.body.id, (d) => d.status === 'CANCEL');
    expect(gone.statusReason).toMatch(/iptal/i);
  }, 60_000);

  it('cancelling a sale in the books cancels its sent e-Arşiv at the integrator, within GİB\'s 7 days only, and discards an unsent one', async () => {
    const p = await product();
    const sendEarchive = async (date: string, prefix: string | null = null) => {
      const inv = await sale(person.id, [{ productId: p.id, quantity: 1, unitPrice: 40 }], { date });
      const sent = await api.call('POST', `${API}/e-archive/send/${inv.id}`, { token: seller, body: { email: 'ahmet@example.com', prefix } });
      expect(sent.body.status, JSON.stringify(sent.body)).toBe('SENDING');
      expect((await until(sent.body.id, (d) => d.status !== 'SENDING')).status).toBe('SUCCESS');
      return { inv, docId: sent.body.id as number };
    };
    // Dated today on the server's clock: the books' cancel takes the e-Arşiv with it.
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Istanbul' }).format(new Date());
    const fresh = await sendEarchive(today);
    const c = await api.call('POST', `${API}/invoices/cancel/${fresh.inv.id}/false/NONE`, { token: seller });
    expect(c.status, JSON.stringify(c.body)).toBe(200);
    expect(c.body.status).toBe('CANCELLED');
    expect((await until(fresh.docId, (d) => d.status === 'CANCEL')).statusReason).toMatch(/iptal/i);
    // Dated 10 days ago (in a series of its own: numbers follow dates): past GİB's 7 days the
    // books refuse and nothing changes.
    const series = await api.call('POST', `${API}/e-invoice-prefixes`, { token: seller, body: { prefix: 'GEC', kind: 'EARCHIVE' } });
    expect(series.status, JSON.stringify(series.body)).toBe(201);
    const old = await sendEarchive(new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Istanbul' }).format(new Date(Date.now() - 10 * 86_400_000)), 'GEC');
    const late = await api.call('POST', `${API}/invoices/cancel/${old.inv.id}/false/EARSIV`, { token: seller });
    expect([late.status, codeOf(late)]).toEqual([409, 'EARCHIVE_CANCEL_LATE']);
    expect((await api.call('GET', `${API}/invoices/${old.inv.id}`, { token: seller })).body.status).toBe('POSTED');
    expect((await doc(old.docId)).status).toBe('SUCCESS');
    // Checked but never sent: the document is discarded with the invoice.
    const unsent = await sale(person.id, [{ productId: p.id, quantity: 1, unitPrice: 30 }]);
    const checked = await api.call('POST', `${API}/e-invoice/update/${unsent.id}`, { token: seller, body: { action: 'CHECK', options: { email: 'ahmet@example.com' } } });
    expect(checked.body.status).toBe('CONTROL');
    expect((await api.call('POST', `${API}/invoices/cancel/${unsent.id}/false/EARSIV`, { token: seller })).status).toBe(200);
    expect((await doc(checked.body.id)).status).toBe('CANCEL');
  }, 60_000);

  it('a buyer who registers with GİB between the check and the send gets an e-Fatura numbered from an e-Fatura series, not the e-Arşiv one', async () => {
    const p = await product();
    const offices = (await api.call('GET', `${API}/tax-offices?size=1`, { token: seller })).body;
    const cities = (await api.call('GET', `${API}/cities?size=100&search=Ankara`, { token: seller })).body;
    const ankara = cities.find((c: any) => c.name === 'Ankara') ?? cities[0];
    const district = (await api.call('GET', `${API}/city-subdivisions?size=1&cityId=${ankara.id}`, { token: seller })).body[0];
    const made = await api.call('POST', `${API}/currents`, {
      token: seller, body: {
        currentAccountType: 'CUSTOMER', name: 'Zeynep', lastName: 'Kaya', taxNumber: '23456789138', taxOfficeId: offices[0]?.id, cityId: ankara.id, citySubdivisionId: district.id,
        address: 'Ulus', email: 'zeynep@example.com', currencyId: 1, accountGroupCode: '120',
      },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const inv = await sale(made.body.id, [{ productId: p.id, quantity: 1, unitPrice: 25 }]);
    const checked = await api.call('POST', `${API}/e-invoice/update/${inv.id}`, { token: seller, body: { action: 'CHECK' } });
    expect(checked.body).toMatchObject({ status: 'CONTROL', type: 'EARCHIVE', profile: 'EARSIVFATURA' });
    const earchivePrefix = checked.body.prefix as string;
    const registered = await sandbox('POST', '/users', { identifier: '23456789138', title: 'Zeynep Kaya' });
    expect(registered.status, JSON.stringify(registered.body)).toBeLessThan(300);
    const sent = await api.call('POST', `${API}/e-invoice/send/${inv.id}`, { token: seller, body: {} });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body).toMatchObject({ status: 'SENDING', type: 'EINVOICE', profile: 'TEMELFATURA' });
    const series = (await api.call('GET', `${API}/e-invoice-prefixes?size=100`, { token: seller })).body as { prefix: string; kind: string }[];
    expect(series.filter((x) => x.kind === 'EINVOICE').map((x) => x.prefix)).toContain(sent.body.documentNo.slice(0, 3));
    expect(sent.body.documentNo.slice(0, 3)).not.toBe(earchivePrefix);
    expect((await until(sent.body.id, (d) => d.status !== 'SENDING')).status).toBe('SUCCESS');
  }, 60_000);

  it('shows what to fix before sending and refuses to approve a document with problems', async () => {
    const p = await product();
    const office = (await api.call('GET', `${API}/tax-offices?size=1`, { token: seller })).body[0];
    const bare = await api.call('POST', `${API}/currents`, { token: seller, body: { currentAccountType: 'CUSTOMER', name: 'Eksik Bilgili Ltd', taxNumber: '1234567816', taxOfficeId: office.id, currencyId: 1, accountGroupCode: '120' } });
    expect(bare.status, JSON.stringify(bare.body)).toBe(201);
    const inv = await sale(bare.body.id, [{ productId: p.id, quantity: 1, unitPrice: 10 }]);
    const checked = await api.call('POST', `${API}/e-invoice/update/${inv.id}`, { token: seller, body: { action: 'CHECK', options: { email: 'x@example.com' } } });
    const fields = checked.body.problems.map((x: any) => x.field);
    expect(fields).toEqual(expect.arrayContaining(['customer.city', 'customer.district']));
    expect(checked.body.problems.every((x: any) => typeof x.message === 'string' && x.message.length > 5)).toBe(true);
    const approve = await api.call('POST', `${API}/e-invoice/update/${inv.id}`, { token: seller, body: { action: 'APPROVE' } });
    expect([approve.status, codeOf(approve)]).toEqual([409, 'EDOC_INVALID']);
    const send = await api.call('POST', `${API}/e-invoice/send/${inv.id}`, { token: seller, body: {} });
    expect(send.body).toMatchObject({ status: 'CONTROL', documentNo: null });
    const back = await api.call('POST', `${API}/e-invoice/update/${inv.id}`, { token: seller, body: { action: 'EDIT' } });
    expect(back.status).toBe(200);
    expect((await api.call('GET', `${API}/e-documents/by-invoice/${inv.id}`, { token: seller })).status).toBe(404);
  });

  it('a schematron refusal by the integrator is FAILURE with its reason, and a resend goes under the same number and ETTN', async () => {
    const p = await product();
    const inv = await sale(buyerCurrent.id, [{ productId: p.id, quantity: 2, unitPrice: 30 }]);
    await sandbox('PUT', '/control', { schematronReject: 1 });
    const sent = await api.call('POST', `${API}/e-invoice/send/${inv.id}`, { token: seller, body: {} });
    expect(sent.body.status, JSON.stringify(sent.body)).toBe('SENDING');
    const failed = await until(sent.body.id, (d) => d.status !== 'SENDING');
    expect(failed.status).toBe('FAILURE');
    expect(failed.statusReason).toMatch(/şematron|reddetti/i);
    const resent = await api.call('POST', `${API}/e-invoice/update/${inv.id}`, { token: seller, body: { action: 'RESEND' } });
    expect(resent.body).toMatchObject({ status: 'SENDING', documentNo: sent.body.documentNo, uuid: sent.body.uuid });
    const ok = await until(sent.body.id, (d) => d.status !== 'SENDING');
    expect(ok.status, ok.statusReason).toBe('SUCCESS');
    const held = await sandbox('GET', `/documents?uuid=${sent.body.uuid}`);
    expect((Array.isArray(held.body) ? held.body : held.body.documents)).toHaveLength(1);
  }, 60_000);

  it('a send that timed out after the integrator kept it is not sent again: the worker asks first; a document discount reaches the XML as the books spread it', async () => {
    const p = await product();
    const p10 = await product(10);
    // 3 × 89,90 = 269,70 at KDV 20 % and 10 × 35,75 = 357,50 at 10 %, less 10 % on the invoice (62,72):
    // shares 26,97 and 35,75, bases 242,73 and 321,75 (564,48), KDV 48,55 + 32,18 = 80,73, payable 645,21.
    const inv = await sale(buyerCurrent.id, [{ productId: p.id, quantity: 3, unitPrice: 89.9 }, { productId: p10.id, quantity: 10, unitPrice: 35.75 }], { discounts: [{ type: 'PERCENTAGE', percentage: 10 }] });
    await sandbox('PUT', '/control', { timeoutSends: 1, timeoutDelayMs: 1200 });
    const sent = await api.call('POST', `${API}/e-invoice/send/${inv.id}`, { token: seller, body: {} });
    const done = await until(sent.body.id, (d) => d.status !== 'SENDING');
    expect(done.status, done.statusReason).toBe('SUCCESS');
    expect((await sandbox('GET', '/control')).body).toMatchObject({ timeoutSends: 0 });
    const held = await sandbox('GET', `/documents?uuid=${sent.body.uuid}`);
    expect((Array.isArray(held.body) ? held.body : held.body.documents)).toHaveLength(1);
    // The XML as sent carries the books' figures: each line's LineExtensionAmount is its stored tax
    // base, its allowances its discount and document-discount share; the totals are the invoice's.
    const books = (await api.call('GET', `${API}/invoices/${inv.id}`, { token: seller })).body;
    expect([books.taxBase, books.totalTax, books.payable]).toEqual([564.48, 80.73, 645.21]);
    const xml = await fetch(`${t.url}${API}/e-documents/${sent.body.id}/xml`, { headers: { authorization: `Bearer ${seller}` } }).then((r) => r.text());
    expect(await validateUbl(xml)).toEqual([]);
    const x = parseUbl(xml);
    const m = (v: number) => v.toFixed(2);
    expect(x.lines.map((l) => [l.lineExtension, l.discount, l.taxAmount])).toEqual(books.products.map((l: any) => [m(l.taxBase), m(l.discount + l.documentDiscount), m(l.tax)]));
    expect(x.totals).toMatchObject({ lineExtension: m(books.taxBase), allowance: '0.00', taxExclusive: m(books.taxBase), tax: m(books.totalTax), taxInclusive: m(books.totalAmount), payable: m(books.payable) });
    expect(xml.split('<cac:InvoiceLine>')[0]).not.toContain('<cac:AllowanceCharge>');
  }, 60_000);

  it('sends an outgoing despatch as an e-İrsaliye that validates, and the buyer receives it', async () => {
    const p = await product();
    const des = await api.call('POST', `${API}/despatches`, { token: seller, body: { direction: 'OUT', currentId: buyerCurrent.id, despatchDate: '2026-11-21', products: [{ productId: p.id, quantity: 2 }] } });
    expect(des.status, JSON.stringify(des.body)).toBe(201);
    const first = await api.call('POST', `${API}/e-despatch/update/${des.body.id}`, { token: seller, body: { action: 'CHECK' } });
    expect(first.body).toMatchObject({ type: 'EDESPATCH', profile: 'TEMELIRSALIYE', invoiceTypeCode: 'SEVK', status: 'CONTROL' });
    // GİB wants a carrier or a driver, and the delivery address's postal code.
    expect(first.body.problems.map((x: any) => x.field).sort()).toEqual(['customer.postcode', 'driver']);
    await sql`update currents set postcode = '06680' where id = ${buyerCurrent.id}`.execute(t.server.services.db);
    const checked = await api.call('POST', `${API}/e-despatch/update/${des.body.id}`, { token: seller, body: { action: 'CHECK', options: { driverFirstName: 'Ali', driverFamilyName: 'Sürücü', driverTckn: '12345678950', plate: '06 abc 123' } } });
    expect(checked.body.problems).toEqual([]);
    expect(checked.body.options).toMatchObject({ driverTckn: '12345678950' });
    const sent = await api.call('POST', `${API}/e-despatch/send/${des.body.id}`, { token: seller, body: {} });
    expect(sent.body.status, JSON.stringify(sent.body)).toBe('SENDING');
    const done = await until(sent.body.id, (d) => d.status !== 'SENDING');
    expect(done.status, done.statusReason).toBe('SUCCESS');
    const xml = await fetch(`${t.url}${API}/e-documents/${sent.body.id}/xml`, { headers: { authorization: `Bearer ${seller}` } }).then((r) => r.text());
    expect(await validateUbl(xml)).toEqual([]);
    expect((await api.call('POST', `${API}/e-documents/pull`, { token: buyer })).status).toBe(200);
    const incoming = await api.call('GET', `${API}/incoming-despatches?search=${sent.body.documentNo}`, { token: buyer });
    expect(incoming.body.map((d: any) => d.uuid)).toEqual([sent.body.uuid]);
    const refused = await api.call('POST', `${API}/e-despatch/cancel/${des.body.id}`, { token: seller, body: {} });
    expect([refused.status, codeOf(refused)]).toEqual([409, 'EDESPATCH_SENT']);
    // Nor does the despatch change or leave the books behind the sent e-İrsaliye's back.
    const cancelled = await api.call('DELETE', `${API}/despatches/${des.body.id}`, { token: seller });
    expect([cancelled.status, codeOf(cancelled)]).toEqual([409, 'EDESPATCH_SENT']);
    const edited = await api.call('PUT', `${API}/despatches`, { token: seller, body: { id: des.body.id, direction: 'OUT', currentId: buyerCurrent.id, despatchDate: '2026-11-21', products: [{ productId: p.id, quantity: 3 }] } });
    expect([edited.status, codeOf(edited)]).toEqual([409, 'EDESPATCH_SENT']);
    expect((await api.call('GET', `${API}/despatches/${des.body.id}`, { token: seller })).body.status).toBe('ACTIVE');
    // An unsent e-İrsaliye is discarded with its despatch.
    const other = await api.call('POST', `${API}/despatches`, { token: seller, body: { direction: 'OUT', currentId: buyerCurrent.id, despatchDate: '2026-11-21', products: [{ productId: p.id, quantity: 1 }] } });
    const draft = await api.call('POST', `${API}/e-despatch/update/${other.body.id}`, { token: seller, body: { action: 'CHECK' } });
    expect(draft.body.status).toBe('CONTROL');
    expect((await api.call('DELETE', `${API}/despatches/${other.body.id}`, { token: seller })).status).toBe(204);
    const gone = await api.call('GET', `${API}/e-documents/${draft.body.id}`, { token: seller });
    expect(gone.body.status).toBe('CANCEL');
  }, 60_000);

  it('a purchase return goes out as an IADE e-Fatura naming the supplier\'s invoice, validates against GİB\'s XSD and schematron, and then cannot leave the books', async () => {
    const p = await product();
    // Demo Eczanesi (an e-Fatura user in the sandbox's GİB world) as a supplier this time.
    const like = (await api.call('GET', `${API}/currents/${buyerCurrent.id}`, { token: seller })).body;
    const sup = await api.call('POST', `${API}/currents`, {
      token: seller, body: {
        currentAccountType: 'SUPPLIER', name: 'Elif', lastName: 'Eczacı', title: 'Elif Eczacı - Demo Eczanesi', taxNumber: '10000000146', taxOfficeId: like.taxOfficeId,
        cityId: like.cityId, citySubdivisionId: like.citySubdivisionId, address: 'Atatürk Bulvarı 1', currencyId: 1, accountGroupCode: '320',
      },
    });
    expect(sup.status, JSON.stringify(sup.body)).toBe(201);
    const buy = await api.call('POST', `${API}/invoices`, { token: seller, body: { invoiceType: 'BUYING', currentId: sup.body.id, date: '2026-11-18', documentNo: 'ECZ2026000000042', products: [{ productId: p.id, quantity: 4, unitPrice: 60 }] } });
    expect(buy.status, JSON.stringify(buy.body)).toBe(201);
    const ret = await api.call('POST', `${API}/invoices/${buy.body.id}/returns`, { token: seller, body: { date: '2026-11-20', lines: [{ lineId: buy.body.products[0].id, quantity: 1 }] } });
    expect(ret.status, JSON.stringify(ret.body)).toBe(201);
    // A purchase is not sent; its return is, as IADE whatever type is asked.
    const notOut = await api.call('POST', `${API}/e-invoice/update/${buy.body.id}`, { token: seller, body: { action: 'CHECK' } });
    expect([notOut.status, codeOf(notOut)]).toEqual([409, 'EDOC_NOT_OUTGOING']);
    const checked = await api.call('POST', `${API}/e-invoice/update/${ret.body.id}`, { token: seller, body: { action: 'CHECK', options: { invoiceTypeCode: 'SATIS' } } });
    expect(checked.status, JSON.stringify(checked.body)).toBe(200);
    expect(checked.body).toMatchObject({ type: 'EINVOICE', profile: 'TEMELFATURA', invoiceTypeCode: 'IADE' });
    expect(checked.body.problems).toEqual([]);
    const sent = await api.call('POST', `${API}/e-invoice/send/${ret.body.id}`, { token: seller, body: {} });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const done = await until(sent.body.id, (d) => d.status !== 'SENDING');
    expect(done.status, done.statusReason).toBe('SUCCESS');
    const xml = await fetch(`${t.url}${API}/e-documents/${sent.body.id}/xml`, { headers: { authorization: `Bearer ${seller}` } }).then((r) => r.text());
    expect(await validateUbl(xml)).toEqual([]);
    expect(parseUbl(xml)).toMatchObject({ typeCode: 'IADE', billingReference: { id: 'ECZ2026000000042', issueDate: '2026-11-18' } });
    // Delivered: the return stays in the books (the supplier rejects it, or a new invoice answers it).
    const c = await api.call('POST', `${API}/invoices/cancel/${ret.body.id}/false/NONE`, { token: seller });
    expect([c.status, codeOf(c)], JSON.stringify(c.body)).toEqual([409, 'EINVOICE_CANCEL_BY_RETURN']);
  }, 60_000);

  it('numbers are gapless per series: a refused check takes no number', async () => {
    const p = await product();
    const a = await sale(buyerCurrent.id, [{ productId: p.id, quantity: 1, unitPrice: 10 }]);
    const b = await sale(buyerCurrent.id, [{ productId: p.id, quantity: 1, unitPrice: 11 }]);
    const sa = await api.call('POST', `${API}/e-invoice/send/${a.id}`, { token: seller, body: {} });
    const sb = await api.call('POST', `${API}/e-invoice/send/${b.id}`, { token: seller, body: {} });
    const na = Number(sa.body.documentNo.slice(7));
    const nb = Number(sb.body.documentNo.slice(7));
    expect(nb).toBe(na + 1);
    await until(sa.body.id, (d) => d.status !== 'SENDING');
    await until(sb.body.id, (d) => d.status !== 'SENDING');
  }, 60_000);

  it('a cash sale goes out by itself only when the company asks for it (the listener reads that setting before any transaction of its own)', async () => {
    const p = await product();
    const cid = cidOf(seller);
    const db = t.server.services.db;
    const safe = (await api.call('GET', `${API}/safes?size=100`, { token: seller })).body[0];
    const cashSale = () => sale(buyerCurrent.id, [{ productId: p.id, quantity: 1, unitPrice: 50 }], { payments: [{ paymentType: 'CASH', amount: 60, safeId: safe.id }] });
    const docsOf = async (invoiceId: number) => (await sql<{ id: number; category: string }>`
      select id, category from edoc_documents where company_id = ${cid} and invoice_id = ${invoiceId} and direction = 'OUTGOING'`.execute(db)).rows;
    // The event is delivered before the answer leaves: what the listener did is there already.
    expect(await docsOf((await cashSale()).id)).toEqual([]);
    await sql`update edoc_settings set auto_send_cash_sales = true where company_id = ${cid}`.execute(db);
    try {
      const sent = await docsOf((await cashSale()).id);
      expect(sent).toHaveLength(1);
      expect(sent[0]!.category).toBe('EINVOICE');
      await until(Number(sent[0]!.id), (d) => d.status !== 'SENDING');
    } finally {
      await sql`update edoc_settings set auto_send_cash_sales = false where company_id = ${cid}`.execute(db);
    }
  }, 60_000);
});
