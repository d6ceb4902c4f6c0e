import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { engines, startTestServer, type TestServer } from '../../../../../packages/server/test/harness';
import { http } from '../../../../../packages/server/test/http';
import {
  deleteSandboxAlias, IntegratorError, istanbulDateTime, izibizClient, registerSandboxUser, sandboxUrls, SANDBOX_PATH,
  type IntegratorPort, type IntegratorSettings, type Session,
} from './index';
import { sampleDespatch, sampleInvoice } from './fixtures/sample';

const A = '7319024682';
const B = '8642135794';
const UNREGISTERED = '1111111114';

async function caught(p: Promise<unknown>): Promise<IntegratorError> {
  try {
    await p;
  } catch (e) {
    expect(e).toBeInstanceOf(IntegratorError);
    return e as IntegratorError;
  }
  throw new Error('expected a failure');
}

describe.each(engines('one'))('integrator sandbox on %s', (engine) => {
  let t: TestServer;
  let shift = 0;
  const now = () => new Date(Date.now() + shift);
  let a: IntegratorPort;
  let b: IntegratorPort;
  let aShort: IntegratorPort;
  let seq = 0;
  /** A management user's session: the sandbox's control routes (/control, /users, /documents) are theirs. */
  let manager: string;
  const db = () => t.server.database.db as unknown as Kysely<any>;
  const base = () => `${t.url}${SANDBOX_PATH}`;
  const settings = (username: string, timeoutMs = 10_000): IntegratorSettings => ({ mode: 'sandbox', urls: sandboxUrls(t.url), username, password: 'demo', timeoutMs });
  const signedIn = (json?: unknown): RequestInit['headers'] => ({ authorization: `Bearer ${manager}`, ...(json ? { 'content-type': 'application/json' } : {}) });
  const control = async (method: 'PUT' | 'DELETE' | 'GET', body?: unknown) => {
    const r = await fetch(`${base()}/control`, { method, headers: signedIn(body), ...(body ? { body: JSON.stringify(body) } : {}) });
    if (r.status === 401 || r.status === 403) throw new Error(`sandbox control refused: ${r.status} ${await r.text()}`);
    return { status: r.status, body: await r.json() as Record<string, unknown> };
  };
  const held = async (uuid: string) => (await (await fetch(`${base()}/documents?uuid=${uuid}`, { headers: signedIn() })).json() as { documents: Record<string, any>[] }).documents;
  const nextId = (prefix = 'AAA') => `${prefix}2026${String(++seq).padStart(9, '0')}`;
  const invoice = (o: { profile?: string; from?: string; to?: string; id?: string; uuid?: string } = {}) => {
    const uuid = o.uuid ?? randomUUID();
    const id = o.id ?? nextId();
    const xml = sampleInvoice({ uuid, id, profile: o.profile ?? 'TEMELFATURA', supplierVkn: o.from ?? A, customerVkn: o.to ?? B });
    return { uuid, id, xml, senderAlias: `urn:mail:defaultgb@${o.from ?? A}.tezgah.test`, receiverAlias: `urn:mail:defaultpk@${o.to ?? B}.tezgah.test`, receiverVkn: o.to ?? B };
  };
  /** Takes the sandbox's deliberate 5xx answers out of the server's error list (they simulate the integrator failing). */
  const simulated = () => {
    const mine = t.serverErrors.filter((e) => e.startsWith(`POST ${SANDBOX_PATH}/`));
    t.serverErrors.splice(0, t.serverErrors.length, ...t.serverErrors.filter((e) => !mine.includes(e)));
    return mine;
  };
  const today = () => istanbulDateTime(now()).slice(0, 10);

  beforeAll(async () => {
    t = await startTestServer({ engine, now });
    manager = await http(t.url).signIn('yonetici');
    const r = await fetch(`${base()}/users`, { method: 'POST', headers: signedIn(true), body: JSON.stringify({ identifier: A, title: 'A Eczanesi' }) });
    expect(r.status).toBe(201);
    expect(((await r.json()) as { aliases: unknown[] }).aliases).toHaveLength(4);
    await registerSandboxUser(db(), { identifier: B, title: 'B Ecza Deposu A.Ş.' });
    a = izibizClient(settings(A), { sessions: new Map<string, Session>() });
    b = izibizClient(settings(B), { sessions: new Map<string, Session>() });
    aShort = izibizClient(settings(A, 800), { sessions: new Map<string, Session>() });
  });
  afterEach(async () => {
    // The server's clock first: a session signed in today has expired nine days later.
    shift = 0;
    await control('DELETE');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('logs in with the VKN as user name and reuses the session; refuses a user name that is not a VKN', async () => {
    const sessions = async () => (await sql<{ n: number }>`select count(*)::int as n from edoc_sandbox_sessions where username = ${A}`.execute(db())).rows[0]!.n;
    const before = await sessions();
    const c = izibizClient(settings(A), { sessions: new Map() });
    await c.checkUser(B, 'INVOICE');
    await c.checkUser(B, 'DESPATCHADVICE');
    await c.status('INVOICE', randomUUID());
    expect(await sessions()).toBe(before + 1);
    const bad = izibizClient({ ...settings('demo'), username: 'demo' }, { sessions: new Map() });
    const e = await caught(bad.checkUser(B, 'INVOICE'));
    expect([e.kind, e.code, e.retryable]).toEqual(['AUTH', '10002', false]);
  });

  it('answers CheckUser and the GB/PK user lists from its GİB world, changes since a date with deletions flagged', async () => {
    expect((await a.checkUser(B, 'INVOICE')).map((u) => [u.identifier, u.unit, u.alias, u.documentType, u.deleted])).toEqual([
      [B, 'GB', `urn:mail:defaultgb@${B}.tezgah.test`, 'INVOICE', false],
      [B, 'PK', `urn:mail:defaultpk@${B}.tezgah.test`, 'INVOICE', false],
    ]);
    expect(await a.checkUser(UNREGISTERED, 'INVOICE')).toEqual([]);
    expect((await a.checkUser('4840847211', 'DESPATCHADVICE')).map((u) => u.alias)).toEqual(['urn:mail:defaultgb@izibiz.com.tr', 'urn:mail:defaultpk@izibiz.com.tr']);
    const pk = await a.gibUserList('INVOICE', 'PK');
    expect(pk.every((u) => u.unit === 'PK' && u.documentType === 'INVOICE' && !u.deleted)).toBe(true);
    expect(pk.map((u) => u.alias)).toEqual(expect.arrayContaining(['urn:mail:defaultpk@izibiz.com.tr', `urn:mail:defaultpk@${B}.tezgah.test`, 'urn:mail:defaultpk@ornekhastane.example']));
    expect(pk.find((u) => u.identifier === '5555555553')).toMatchObject({ type: 'KAMU', title: 'ÖRNEK DEVLET HASTANESİ', registeredAt: '2016-09-01T08:00:00' });
    const gb = await a.gibUserList('INVOICE', 'GB');
    expect(gb.map((u) => u.alias)).toContain('urn:mail:defaultgb@izibiz.com.tr');
    expect(gb.map((u) => u.alias)).not.toContain('urn:mail:defaultpk@izibiz.com.tr');

    // izibiz's dates have whole seconds: on the test's clock, ask for the changes since a second
    // after the other registrations, and make them a second later still.
    shift = 1_000;
    const since = now();
    shift = 2_000;
    await registerSandboxUser(db(), { identifier: '2468135797', title: 'DENEME TIBBİ MALZEME LTD. ŞTİ.', aliases: [{ unit: 'PK', documentType: 'INVOICE', alias: 'urn:mail:yenipk@denemetibbi.example' }] }, now());
    await deleteSandboxAlias(db(), '5555555553', 'urn:mail:defaultpk@ornekhastane.example', now());
    const changes = await a.gibUserList('INVOICE', 'PK', since);
    expect(changes.map((u) => [u.alias, u.deleted]).sort()).toEqual([['urn:mail:defaultpk@ornekhastane.example', true], ['urn:mail:yenipk@denemetibbi.example', false]]);
    expect(await a.checkUser('5555555553', 'INVOICE')).toHaveLength(1);
  });

  it('sends an invoice that stays in GİB processing until acceptAfterSeconds have passed, then succeeds (1300)', async () => {
    expect((await control('PUT', { acceptAfterSeconds: 60 })).body).toMatchObject({ acceptAfterSeconds: 60, timeoutSends: 0 });
    const doc = invoice();
    const { txnId } = await a.sendInvoice(doc);
    expect(txnId).toMatch(/^\d+$/);
    expect(await a.status('INVOICE', doc.uuid)).toEqual({ found: true, state: 'PROCESSING', code: '109', description: "GİB'DEN YANIT BEKLİYOR", gibCode: '1100', gibDescription: 'ZARF İŞLENİYOR' });
    shift = 61_000;
    expect(await a.status('INVOICE', doc.uuid)).toEqual({ found: true, state: 'SUCCESS', code: '137', description: 'GÖNDERİLDİ', gibCode: '1300', gibDescription: 'BAŞARIYLA TAMAMLANDI' });
    expect(await a.outboxDocument('INVOICE', doc.uuid)).toBe(doc.xml);
    expect(await a.outboxDocument('INVOICE', randomUUID())).toBeNull();
    const [h] = await held(doc.uuid);
    expect(h).toMatchObject({ kind: 'INVOICE', id: doc.id, senderVkn: A, receiverVkn: B, receiverAlias: doc.receiverAlias, profile: 'TEMELFATURA', payable: '118.00', currency: 'TRY' });
  });

  it('answers 10009 DUPLICATE for a UUID it holds, and for a number it holds under another UUID', async () => {
    const doc = invoice();
    await a.sendInvoice(doc);
    const e = await caught(a.sendInvoice(doc));
    expect([e.kind, e.code, e.retryable]).toEqual(['DUPLICATE', '10009', false]);
    const f = await caught(a.sendInvoice(invoice({ id: doc.id })));
    expect([f.kind, f.code]).toEqual(['DUPLICATE', '10009']);
  });

  it('timeoutSends: the client times out not knowing, but the document is held (status found, a resend is a duplicate)', async () => {
    await aShort.checkUser(B, 'INVOICE');
    await control('PUT', { timeoutSends: 1, timeoutDelayMs: 2500 });
    const doc = invoice();
    const e = await caught(aShort.sendInvoice(doc));
    expect([e.kind, e.retryable]).toEqual(['TIMEOUT', true]);
    expect(await a.status('INVOICE', doc.uuid)).toMatchObject({ found: true, state: 'SUCCESS' });
    expect((await caught(a.sendInvoice(doc))).kind).toBe('DUPLICATE');
    expect((await control('GET')).body.timeoutSends).toBe(0);
  });

  it('timeoutBeforeStore: the client times out and the document is not held; sending it again works', async () => {
    await aShort.checkUser(B, 'INVOICE');
    await control('PUT', { timeoutBeforeStore: 1, timeoutDelayMs: 2500 });
    const doc = invoice();
    expect((await caught(aShort.sendInvoice(doc))).kind).toBe('TIMEOUT');
    expect(await a.status('INVOICE', doc.uuid)).toEqual({ found: false, state: null, code: null, description: null, gibCode: null, gibDescription: null });
    expect(await held(doc.uuid)).toEqual([]);
    await a.sendInvoice(doc);
    expect((await a.status('INVOICE', doc.uuid)).found).toBe(true);
  });

  it('fail5xx and unreachable: HTTP 500 / 503 read as UNAVAILABLE, retryable, nothing stored', async () => {
    await a.checkUser(B, 'INVOICE');
    await control('PUT', { fail5xx: 1 });
    const doc = invoice();
    const e = await caught(a.sendInvoice(doc));
    expect([e.kind, e.code, e.retryable]).toEqual(['UNAVAILABLE', 'HTTP 500', true]);
    expect(await held(doc.uuid)).toEqual([]);
    await control('PUT', { unreachable: true });
    const f = await caught(a.status('INVOICE', doc.uuid));
    expect([f.kind, f.code, f.retryable]).toEqual(['UNAVAILABLE', 'HTTP 503', true]);
    await control('PUT', { unreachable: false });
    await a.sendInvoice(doc);
    expect(simulated()).toEqual([`POST ${SANDBOX_PATH}/EInvoiceWS → 500`, `POST ${SANDBOX_PATH}/EInvoiceWS → 503`]);
  });

  it('schematronReject: 10003 with a Turkish description, SCHEMATRON, not stored; malformed or UUID-less content: INVALID', async () => {
    await control('PUT', { schematronReject: 1 });
    const doc = invoice();
    const e = await caught(a.sendInvoice(doc));
    expect([e.kind, e.code, e.retryable]).toEqual(['SCHEMATRON', '10003', false]);
    expect(e.message).toContain('Şematron');
    expect(await held(doc.uuid)).toEqual([]);
    const broken = await caught(a.sendInvoice({ ...invoice(), xml: '<Invoice><cbc:ID>x</Invoice>' }));
    expect([broken.kind, broken.code]).toEqual(['INVALID', '10013']);
    expect(broken.message).toContain('iyi biçimli değil');
    const noUuid = invoice();
    const noUuidErr = await caught(a.sendInvoice({ ...noUuid, xml: noUuid.xml.replace(/<cbc:UUID>.*<\/cbc:UUID>/, '') }));
    expect([noUuidErr.kind, noUuidErr.code]).toEqual(['INVALID', '10013']);
    const toNobody = await caught(a.sendInvoice(invoice({ to: UNREGISTERED })));
    expect([toNobody.kind, toNobody.message]).toEqual(['INVALID', expect.stringContaining("GİB'de kayıtlı bir e-Fatura kullanıcısı değil")]);
  });

  it('gibFailure: stored, ends in FAILURE (136, GİB 1150); the same UUID may then be sent again', async () => {
    await control('PUT', { gibFailure: 1 });
    const doc = invoice();
    await a.sendInvoice(doc);
    expect(await a.status('INVOICE', doc.uuid)).toMatchObject({ found: true, state: 'FAILURE', code: '136', gibCode: '1150' });
    await a.sendInvoice(doc);
    expect(await a.status('INVOICE', doc.uuid)).toMatchObject({ state: 'SUCCESS', code: '137' });
  });

  it('delivers A\'s invoice to B\'s inbox (not A\'s); markRead takes it out of the unread ones', async () => {
    const doc = invoice();
    await a.sendInvoice(doc);
    const q = { documentType: 'INVOICE' as const, from: today(), to: today(), unreadOnly: true };
    const inB = await b.inbox(q);
    const item = inB.find((i) => i.uuid === doc.uuid);
    expect(item).toMatchObject({ id: doc.id, documentType: 'INVOICE', senderVkn: A, senderTitle: 'Satıcı A.Ş.', receiverVkn: B, profile: 'TEMELFATURA', typeCode: 'SATIS', payable: '118.00', currency: 'TRY', issueDate: '2026-11-24', xml: doc.xml });
    expect(item!.receivedAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
    expect((await a.inbox(q)).map((i) => i.uuid)).not.toContain(doc.uuid);
    await b.markRead('INVOICE', [doc.uuid]);
    expect((await b.inbox(q)).map((i) => i.uuid)).not.toContain(doc.uuid);
    expect((await b.inbox({ ...q, unreadOnly: false })).map((i) => i.uuid)).toContain(doc.uuid);
    expect((await b.inbox({ ...q, from: '2020-01-01', to: '2020-01-31', unreadOnly: false })).map((i) => i.uuid)).not.toContain(doc.uuid);
    expect((await b.status('INVOICE', doc.uuid))).toMatchObject({ found: true, state: 'SUCCESS', code: '133' });
  });

  it('a TICARIFATURA waits for the buyer: B\'s KABUL makes A\'s status ACCEPTED; a second answer or a stranger\'s is refused', async () => {
    const doc = invoice({ profile: 'TICARIFATURA' });
    await a.sendInvoice(doc);
    expect(await a.status('INVOICE', doc.uuid)).toMatchObject({ found: true, state: 'WAITING_ANSWER', code: '111', gibCode: '1300' });
    expect(await b.status('INVOICE', doc.uuid)).toMatchObject({ state: 'WAITING_ANSWER', code: '132' });
    const stranger = await caught(a.respond({ uuid: doc.uuid, answer: 'KABUL' }));
    expect(stranger.kind).toBe('NOT_FOUND');
    await b.respond({ uuid: doc.uuid, answer: 'KABUL', note: 'Teşekkürler' });
    expect(await a.status('INVOICE', doc.uuid)).toMatchObject({ found: true, state: 'ACCEPTED', code: '112' });
    expect(await b.status('INVOICE', doc.uuid)).toMatchObject({ state: 'ACCEPTED', code: '122' });
    const again = await caught(b.respond({ uuid: doc.uuid, answer: 'RED' }));
    expect([again.kind, again.code]).toEqual(['DUPLICATE', '10011']);
    expect((await held(doc.uuid))[0]).toMatchObject({ answer: 'KABUL', answerNote: 'Teşekkürler' });
  });

  it('buyerAnswer answers for the buyer; the buyer cannot answer after it, nor after 8 days', async () => {
    await control('PUT', { buyerAnswer: 'RED' });
    const doc = invoice({ profile: 'TICARIFATURA' });
    await a.sendInvoice(doc);
    expect(await a.status('INVOICE', doc.uuid)).toMatchObject({ state: 'REJECTED', code: '120' });
    expect((await caught(b.respond({ uuid: doc.uuid, answer: 'KABUL' }))).kind).toBe('DUPLICATE');
    await control('DELETE');
    const late = invoice({ profile: 'TICARIFATURA' });
    await a.sendInvoice(late);
    shift = 9 * 86_400_000;
    const e = await caught(b.respond({ uuid: late.uuid, answer: 'KABUL' }));
    expect([e.kind, e.message]).toEqual(['INVALID', 'Uygulama yanıtı 8 gün geciktiği için cevap gönderilemez']);
    expect(await a.status('INVOICE', late.uuid)).toMatchObject({ state: 'WAITING_ANSWER' });
  });

  it('writes an e-Arşiv invoice, reads its status and XML, cancels it once', async () => {
    await control('PUT', { acceptAfterSeconds: 30 });
    const uuid = randomUUID();
    const id = nextId('EAR');
    const xml = sampleInvoice({ uuid, id, profile: 'EARSIVFATURA', supplierVkn: A, customerVkn: '11111111111', customerName: 'Nihai Tüketici' });
    expect((await a.sendEArchive({ uuid, id, xml, email: 'musteri@example.com', internet: false })).txnId).toMatch(/^\d+$/);
    expect(await a.status('EARCHIVE', uuid)).toEqual({ found: true, state: 'PROCESSING', code: '110', description: 'İŞLENİYOR', gibCode: null, gibDescription: null });
    shift = 31_000;
    expect(await a.status('EARCHIVE', uuid)).toMatchObject({ found: true, state: 'SUCCESS', code: '130' });
    expect(await a.outboxDocument('EARCHIVE', uuid)).toBe(xml);
    expect(await b.status('EARCHIVE', uuid)).toMatchObject({ found: false });
    expect(await a.status('EARCHIVE', randomUUID())).toMatchObject({ found: false });
    expect(await a.outboxDocument('EARCHIVE', randomUUID())).toBeNull();
    await a.cancelEArchive({ uuid, id, cancelDate: '2026-11-25', total: '118.00', note: 'Müşteri iadesi' });
    expect(await a.status('EARCHIVE', uuid)).toMatchObject({ found: true, state: 'CANCELLED', code: '150' });
    expect((await caught(a.cancelEArchive({ uuid, id, cancelDate: '2026-11-25', total: '118.00' }))).kind).toBe('DUPLICATE');
    expect((await caught(a.cancelEArchive({ uuid: randomUUID(), id, cancelDate: '2026-11-25', total: '1.00' }))).kind).toBe('NOT_FOUND');
    expect((await held(uuid))[0]).toMatchObject({ kind: 'EARCHIVE', earchiveType: 'NORMAL', email: 'musteri@example.com' });
    const wrong = await caught(a.sendEArchive({ uuid: randomUUID(), id: nextId('EAR'), xml: sampleInvoice({ uuid: randomUUID(), id: nextId('EAR'), supplierVkn: A, customerVkn: B }), internet: true }));
    expect(wrong.kind).toBe('SCHEMATRON');
  });

  it('sends a despatch advice to B: status, B\'s despatch inbox, markRead, the XML it holds', async () => {
    const uuid = randomUUID();
    const id = nextId('IRS');
    const xml = sampleDespatch({ uuid, id, supplierVkn: A, customerVkn: B });
    await a.sendDespatch({ uuid, id, xml, senderAlias: `urn:mail:defaultgb@${A}.tezgah.test`, receiverAlias: `urn:mail:defaultpk@${B}.tezgah.test`, receiverVkn: B });
    expect(await a.status('DESPATCHADVICE', uuid)).toMatchObject({ found: true, state: 'SUCCESS', code: '137', gibCode: '1300' });
    expect(await a.outboxDocument('DESPATCHADVICE', uuid)).toBe(xml);
    const q = { documentType: 'DESPATCHADVICE' as const, from: today(), to: today(), unreadOnly: true };
    const item = (await b.inbox(q)).find((i) => i.uuid === uuid);
    expect(item).toMatchObject({ id, documentType: 'DESPATCHADVICE', senderVkn: A, receiverVkn: B, profile: 'TEMELIRSALIYE', typeCode: 'SEVK', xml });
    expect((await a.inbox(q)).map((i) => i.uuid)).not.toContain(uuid);
    await b.markRead('DESPATCHADVICE', [uuid]);
    expect((await b.inbox(q)).map((i) => i.uuid)).not.toContain(uuid);
    expect((await b.inbox({ ...q, unreadOnly: false })).map((i) => i.uuid)).toContain(uuid);
    expect((await caught(a.sendDespatch({ uuid: randomUUID(), id: nextId('IRS'), xml: sampleDespatch({ uuid: randomUUID(), id: nextId('IRS'), supplierVkn: A, customerVkn: '2468135797' }), senderAlias: `urn:mail:defaultgb@${A}.tezgah.test`, receiverAlias: 'x', receiverVkn: '2468135797' }))).message).toContain('e-İrsaliye kullanıcısı değil');
  });

  it('checks the control routes\' input', async () => {
    const r = await control('PUT', { timeoutSends: -1, nope: true });
    expect(r.status).toBe(400);
    expect(r.body.errors).toEqual(['timeoutSends sıfır ya da pozitif bir tam sayı olmalı.', 'Bilinmeyen anahtar: nope']);
    const u = await fetch(`${base()}/users`, { method: 'POST', headers: signedIn(true), body: JSON.stringify({ identifier: '12', title: '' }) });
    expect(u.status).toBe(400);
  });
});
