import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { IntegratorError, izibizClient, type IntegratorSettings, type Session } from './index';
import { invoiceState, statusCodeOf, despatchState, earchiveState } from './status';
import { parseEnvelope, text, type Parsed } from './soap';
import { unzip, zipOne } from './zip';
import { sampleInvoice } from './fixtures/sample';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

const SETTINGS: IntegratorSettings = {
  mode: 'live',
  urls: { auth: 'https://ei.test/AuthenticationWS', eInvoice: 'https://ei.test/EInvoiceWS', eArchive: 'https://ei.test/EIArchiveWS/EFaturaArchive', eDespatch: 'https://ei.test/EIrsaliyeWS/EIrsaliye' },
  username: 'izibiz-test2',
  password: 'izi321',
  timeoutMs: 2000,
};

type Reply = string | { status: number; body: string } | ((init: RequestInit) => Promise<Response>) | Error;

/** A fetch that answers from a queue of recorded envelopes and keeps what was asked. */
function fakeFetch(replies: Reply[]) {
  const requests: { url: string; body: string; headers: Record<string, string>; op: string; parsed: Parsed }[] = [];
  const f = (async (url: string | URL, init: RequestInit = {}) => {
    const body = String(init.body);
    const msg = parseEnvelope(body);
    if ('fault' in msg) throw new Error('a fault as request');
    requests.push({ url: String(url), body, headers: init.headers as Record<string, string>, op: msg.element, parsed: msg.body });
    const r = replies.shift();
    if (r === undefined) throw new Error(`no reply queued for ${msg.element}`);
    if (r instanceof Error) throw r;
    if (typeof r === 'function') return r(init);
    const { status, body: text } = typeof r === 'string' ? { status: 200, body: r } : r;
    return new Response(text, { status, headers: { 'content-type': 'text/xml; charset=utf-8' } });
  }) as unknown as typeof fetch;
  return { fetch: f, requests };
}

const UUID = 'f47ac10b-58cc-4372-a567-0e02b2c3d479';
const XML = sampleInvoice({ uuid: UUID, id: 'ABC2026000000001', supplierVkn: '4840847211', customerVkn: '9876543217', profile: 'TICARIFATURA' });

function client(replies: Reply[], opts: { now?: () => Date; sessions?: Map<string, Session>; timeoutMs?: number } = {}) {
  const f = fakeFetch(replies);
  const c = izibizClient({ ...SETTINGS, timeoutMs: opts.timeoutMs ?? SETTINGS.timeoutMs }, { fetch: f.fetch, now: opts.now, sessions: opts.sessions ?? new Map() });
  return { c, requests: f.requests };
}

async function caught(p: Promise<unknown>): Promise<IntegratorError> {
  try {
    await p;
  } catch (e) {
    expect(e).toBeInstanceOf(IntegratorError);
    return e as IntegratorError;
  }
  throw new Error('expected a failure');
}

describe('izibiz client: requests', () => {
  it('logs in with SESSION_ID -1, then sends the invoice as plain XML with the session, its UUID as CLIENT_TXN_ID', async () => {
    const { c, requests } = client([fixture('login-response.xml'), fixture('send-invoice-response.xml')]);
    const r = await c.sendInvoice({ uuid: UUID, id: 'ABC2026000000001', xml: XML, senderAlias: 'urn:mail:defaultgb@izibiz.com.tr', receiverAlias: 'urn:mail:defaultpk@anadoluecza.example', receiverVkn: '9876543217' });
    expect(r).toEqual({ txnId: '98765432101' });
    expect(requests.map((q) => [q.url, q.op])).toEqual([
      [SETTINGS.urls.auth, 'LoginRequest'],
      [SETTINGS.urls.eInvoice, 'SendInvoiceRequest'],
    ]);
    const login = requests[0]!.parsed;
    expect(text(login.REQUEST_HEADER.SESSION_ID)).toBe('-1');
    expect(text(login.REQUEST_HEADER.APPLICATION_NAME)).toBe('Tezgah');
    expect([text(login.USER_NAME), text(login.PASSWORD)]).toEqual(['izibiz-test2', 'izi321']);
    expect(requests[0]!.body).toContain('xmlns:wsdl="http://schemas.i2i.com/ei/wsdl"');
    expect(requests[0]!.body).toContain('<wsdl:LoginRequest><REQUEST_HEADER>');
    expect(requests[0]!.headers['content-type']).toBe('text/xml; charset=utf-8');
    const send = requests[1]!.parsed;
    expect(send.REQUEST_HEADER).toMatchObject({ SESSION_ID: '3f2a7c1e-5b8d-4e6f-9a0b-1c2d3e4f5a6b', CLIENT_TXN_ID: UUID, APPLICATION_NAME: 'Tezgah', COMPRESSED: 'N' });
    expect(send.SENDER).toEqual({ '@_vkn': '4840847211', '@_alias': 'urn:mail:defaultgb@izibiz.com.tr' });
    expect(send.RECEIVER).toEqual({ '@_vkn': '9876543217', '@_alias': 'urn:mail:defaultpk@anadoluecza.example' });
    expect(send.INVOICE['@_UUID']).toBe(UUID);
    expect(send.INVOICE['@_ID']).toBe('ABC2026000000001');
    expect(Buffer.from(send.INVOICE.CONTENT, 'base64').toString('utf8')).toBe(XML);
  });

  it('reuses the session for 8 hours, then logs in again', async () => {
    let now = new Date('2026-11-24T08:00:00Z');
    const sessions = new Map<string, Session>();
    const { c, requests } = client([
      fixture('login-response.xml'), fixture('check-user-response.xml'), fixture('check-user-response.xml'),
      fixture('login-response.xml'), fixture('check-user-response.xml'),
    ], { now: () => now, sessions });
    await c.checkUser('4840847211', 'INVOICE');
    now = new Date('2026-11-24T15:00:00Z');
    await c.checkUser('4840847211', 'INVOICE');
    expect(requests.map((q) => q.op)).toEqual(['LoginRequest', 'CheckUserRequest', 'CheckUserRequest']);
    now = new Date('2026-11-24T16:00:00Z');
    await c.checkUser('4840847211', 'INVOICE');
    expect(requests.map((q) => q.op)).toEqual(['LoginRequest', 'CheckUserRequest', 'CheckUserRequest', 'LoginRequest', 'CheckUserRequest']);
    expect(sessions.size).toBe(1);
  });

  it('renews an expired session (10004) once by itself, and fails AUTH, not retryable, when that does not help', async () => {
    const { c, requests } = client([
      fixture('login-response.xml'), fixture('invalid-session.xml'), fixture('login-response.xml'), fixture('send-invoice-response.xml'),
    ]);
    const doc = { uuid: UUID, id: 'ABC2026000000001', xml: XML, senderAlias: 'a', receiverAlias: 'b', receiverVkn: '9876543217' };
    expect(await c.sendInvoice(doc)).toEqual({ txnId: '98765432101' });
    expect(requests.map((q) => q.op)).toEqual(['LoginRequest', 'SendInvoiceRequest', 'LoginRequest', 'SendInvoiceRequest']);

    const again = client([fixture('login-response.xml'), fixture('invalid-session.xml'), fixture('login-response.xml'), fixture('invalid-session.xml')]);
    const e = await caught(again.c.sendInvoice(doc));
    expect([e.kind, e.code, e.retryable]).toEqual(['AUTH', '10004', false]);
    expect(again.requests).toHaveLength(4);
  });

  it('builds the e-Arşiv, cancel, despatch, inbox, mark and answer requests as the WSDLs name them', async () => {
    const ok = (el: string, ns = 'http://schemas.i2i.com/ei/wsdl') => `<S:Envelope xmlns:S="http://schemas.xmlsoap.org/soap/envelope/"><S:Body><ns:${el} xmlns:ns="${ns}"><REQUEST_RETURN><INTL_TXN_ID>7</INTL_TXN_ID><RETURN_CODE>0</RETURN_CODE></REQUEST_RETURN></ns:${el}></S:Body></S:Envelope>`;
    const ar = 'http://schemas.i2i.com/ei/wsdl/archive';
    const { c, requests } = client([
      fixture('login-response.xml'),
      ok('ArchiveInvoiceExtendedResponse', ar), ok('CancelEArchiveInvoiceResponse', ar), ok('SendDespatchAdviceResponse'),
      ok('MarkInvoiceResponse'), ok('SendInvoiceResponseWithServerSignResponse'), ok('GetInvoiceResponse'),
    ]);
    expect(await c.sendEArchive({ uuid: UUID, id: 'EAR2026000000001', xml: XML, email: 'alici@example.com', internet: true })).toEqual({ txnId: '7' });
    await c.cancelEArchive({ uuid: UUID, id: 'EAR2026000000001', cancelDate: '2026-11-25', total: '118.00', note: 'İade' });
    await c.sendDespatch({ uuid: UUID, id: 'IRS2026000000001', xml: XML, senderAlias: 'gb', receiverAlias: 'pk', receiverVkn: '9876543217' });
    await c.markRead('INVOICE', [UUID, '5a7d2c1b-6666-4777-8888-d99900001111']);
    await c.respond({ uuid: UUID, answer: 'RED', note: 'Fiyat hatalı' });
    expect(await c.inbox({ documentType: 'INVOICE', from: '2026-11-01', to: '2026-11-24', unreadOnly: true })).toEqual([]);
    await c.markRead('INVOICE', []);
    const [, archive, cancel, despatch, mark, answer, inbox] = requests;
    expect([archive!.url, archive!.op]).toEqual([SETTINGS.urls.eArchive, 'ArchiveInvoiceExtendedRequest']);
    expect(archive!.body).toContain('xmlns:wsdl="http://schemas.i2i.com/ei/wsdl/archive"');
    const props = archive!.parsed.ArchiveInvoiceExtendedContent.INVOICE_PROPERTIES;
    expect(props.EARSIV_FLAG).toBe('Y');
    expect(props.EARSIV_PROPERTIES).toEqual({ EARSIV_TYPE: 'INTERNET', EARSIV_EMAIL_FLAG: 'Y', EARSIV_EMAIL: 'alici@example.com', SUB_STATUS: 'NEW' });
    expect(Buffer.from(props.INVOICE_CONTENT, 'base64').toString('utf8')).toBe(XML);
    expect(cancel!.parsed.CancelEArsivInvoiceContent).toEqual({ FATURA_UUID: UUID, FATURA_ID: 'EAR2026000000001', IPTAL_TARIHI: '2026-11-25', TOPLAM_TUTAR: '118.00', IPTAL_NOTU: 'İade' });
    expect([despatch!.url, despatch!.op]).toEqual([SETTINGS.urls.eDespatch, 'SendDespatchAdviceRequest']);
    expect(despatch!.parsed.DESPATCHADVICE['@_UUID']).toBe(UUID);
    expect(despatch!.parsed.REQUEST_HEADER.CLIENT_TXN_ID).toBe(UUID);
    expect(mark!.parsed.MARK['@_value']).toBe('READ');
    expect(mark!.parsed.MARK.INVOICE.map((i: Parsed) => i['@_UUID'])).toEqual([UUID, '5a7d2c1b-6666-4777-8888-d99900001111']);
    expect(answer!.parsed).toMatchObject({ STATUS: 'RED', INVOICE: { '@_UUID': UUID }, DESCRIPTION: 'Fiyat hatalı' });
    expect(inbox!.parsed.INVOICE_SEARCH_KEY).toEqual({ LIMIT: '100', DATE_TYPE: 'CREATE', START_DATE: '2026-11-01', END_DATE: '2026-11-24', READ_INCLUDED: 'false', DIRECTION: 'IN' });
    expect(inbox!.parsed.HEADER_ONLY).toBe('N');
    expect(requests).toHaveLength(7);
  });
});

describe('izibiz client: answers and failures', () => {
  it('reads a duplicate (10009) as DUPLICATE, not retryable', async () => {
    const { c } = client([fixture('login-response.xml'), fixture('send-invoice-duplicate.xml')]);
    const e = await caught(c.sendInvoice({ uuid: UUID, id: 'ABC2026000000001', xml: XML, senderAlias: 'a', receiverAlias: 'b', receiverVkn: '9876543217' }));
    expect([e.kind, e.code, e.retryable]).toEqual(['DUPLICATE', '10009', false]);
    expect(e.message).toContain('daha önce gönderilmiş');
  });

  it('reads a SOAP Fault with a RequestFault by its code, and a bare server fault as UNAVAILABLE', async () => {
    const { c } = client([fixture('login-response.xml'), { status: 500, body: fixture('fault-schematron.xml') }, { status: 500, body: fixture('fault-plain.xml') }]);
    const doc = { uuid: UUID, id: 'ABC2026000000001', xml: XML, senderAlias: 'a', receiverAlias: 'b', receiverVkn: '9876543217' };
    const e = await caught(c.sendInvoice(doc));
    expect([e.kind, e.code, e.retryable]).toEqual(['SCHEMATRON', '10003', false]);
    expect(e.message).toContain('InvoiceIDCheck');
    const f = await caught(c.sendInvoice(doc));
    expect([f.kind, f.retryable]).toEqual(['UNAVAILABLE', true]);
  });

  it('reads HTTP 5xx pages and refused connections as UNAVAILABLE, retryable', async () => {
    const refused = Object.assign(new TypeError('fetch failed'), { cause: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9'), { code: 'ECONNREFUSED' }) });
    const { c } = client([{ status: 503, body: '<html><body>Service Unavailable</body></html>' }, refused]);
    const e = await caught(c.checkUser('4840847211', 'INVOICE'));
    expect([e.kind, e.code, e.retryable]).toEqual(['UNAVAILABLE', 'HTTP 503', true]);
    const f = await caught(c.checkUser('4840847211', 'INVOICE'));
    expect([f.kind, f.code, f.retryable]).toEqual(['UNAVAILABLE', 'ECONNREFUSED', true]);
  });

  it('gives up after timeoutMs with TIMEOUT, retryable', async () => {
    const hang = (init: RequestInit) => new Promise<Response>((_, reject) => {
      init.signal!.addEventListener('abort', () => reject(init.signal!.reason));
    });
    const { c } = client([fixture('login-response.xml'), hang], { timeoutMs: 50 });
    const started = Date.now();
    const e = await caught(c.sendInvoice({ uuid: UUID, id: 'ABC2026000000001', xml: XML, senderAlias: 'a', receiverAlias: 'b', receiverVkn: '9876543217' }));
    expect([e.kind, e.retryable]).toEqual(['TIMEOUT', true]);
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it('maps a failed login to AUTH, not retryable', async () => {
    const refused = `<S:Envelope xmlns:S="http://schemas.xmlsoap.org/soap/envelope/"><S:Body><ns3:LoginResponse xmlns:ns3="http://schemas.i2i.com/ei/wsdl"><ERROR_TYPE><ERROR_CODE>10002</ERROR_CODE><ERROR_SHORT_DES>Oturum oluşturulamadı</ERROR_SHORT_DES></ERROR_TYPE></ns3:LoginResponse></S:Body></S:Envelope>`;
    const { c } = client([refused]);
    const e = await caught(c.checkUser('4840847211', 'INVOICE'));
    expect([e.kind, e.code, e.retryable]).toEqual(['AUTH', '10002', false]);
  });

  it('reads invoice statuses: accepted (substatus text), processing (STATUS_CODE), failed at GİB, not found', async () => {
    const { c } = client([
      fixture('login-response.xml'), fixture('invoice-status-accepted.xml'), fixture('invoice-status-processing.xml'),
      fixture('invoice-status-gib-failed.xml'), fixture('invoice-status-not-found.xml'),
    ]);
    expect(await c.status('INVOICE', UUID)).toEqual({ found: true, state: 'ACCEPTED', code: '112', description: 'KABUL EDİLDİ', gibCode: '1300', gibDescription: 'BAŞARIYLA TAMAMLANDI' });
    expect(await c.status('INVOICE', UUID)).toMatchObject({ found: true, state: 'PROCESSING', code: '109', gibCode: '1100' });
    expect(await c.status('INVOICE', UUID)).toMatchObject({ found: true, state: 'FAILURE', code: '110', gibCode: '1163' });
    expect(await c.status('INVOICE', UUID)).toEqual({ found: false, state: null, code: null, description: null, gibCode: null, gibDescription: null });
  });

  it('reads e-Arşiv and despatch statuses', async () => {
    const { c, requests } = client([fixture('login-response.xml'), fixture('earchive-status.xml'), fixture('despatch-status.xml')]);
    expect(await c.status('EARCHIVE', '2d0b5e9c-3333-4444-8555-b66677778888')).toEqual({ found: true, state: 'SUCCESS', code: '130', description: 'RAPORLANDI', gibCode: null, gibDescription: null });
    expect(await c.status('DESPATCHADVICE', '3e1c6f0d-4444-4555-8666-c77788889999')).toMatchObject({ found: true, state: 'SUCCESS', code: '137', gibCode: '1300' });
    expect(requests[1]!.op).toBe('GetEArchiveInvoiceStatusRequest');
    expect(requests[1]!.parsed.UUID).toBe('2d0b5e9c-3333-4444-8555-b66677778888');
    expect(requests[2]!.op).toBe('GetDespatchAdviceStatusRequest');
  });

  it('reads CheckUser aliases as GibUser rows', async () => {
    const { c } = client([fixture('login-response.xml'), fixture('check-user-response.xml')]);
    expect(await c.checkUser('4840847211', 'INVOICE')).toEqual([
      { identifier: '4840847211', alias: 'urn:mail:defaultgb@izibiz.com.tr', title: 'İZİBİZ TEST KULLANICISI', type: 'OZEL', unit: 'GB', documentType: 'INVOICE', registeredAt: '2014-01-01T09:00:00', deleted: false },
      { identifier: '4840847211', alias: 'urn:mail:defaultpk@izibiz.com.tr', title: 'İZİBİZ TEST KULLANICISI', type: 'OZEL', unit: 'PK', documentType: 'INVOICE', registeredAt: '2014-01-01T09:00:00', deleted: false },
    ]);
  });

  it('unzips GetGibUserList\'s CONTENT and sends the change date in Turkey\'s time', async () => {
    const zip = await zipOne('liste.xml', Buffer.from(fixture('gib-user-list.xml'), 'utf8'));
    const { c, requests } = client([fixture('login-response.xml'), fixture('gib-user-list-response.xml').replace('{{CONTENT}}', zip.toString('base64'))]);
    const users = await c.gibUserList('INVOICE', 'PK', new Date('2026-11-01T09:00:00Z'));
    expect(users.map((u) => [u.identifier, u.type, u.deleted])).toEqual([['9876543217', 'OZEL', false], ['5555555553', 'KAMU', true]]);
    expect(requests[1]!.parsed).toMatchObject({ TYPE: 'XML', DOCUMENT_TYPE: 'INVOICE', ALIAS_TYPE: 'PK', ALIAS_MODIFY_DATE: '2026-11-01T12:00:00' });
  });

  it('reads an incoming invoice from GetInvoice, its CONTENT zipped or not', async () => {
    const xml = sampleInvoice({ uuid: '5a7d2c1b-6666-4777-8888-d99900001111', id: 'IZI2026000000042', supplierVkn: '4840847211', customerVkn: '9876543217', profile: 'TICARIFATURA', payable: '1180.50' });
    const plain = fixture('get-invoice-response.xml').replace('{{CONTENT}}', Buffer.from(xml).toString('base64'));
    const zipped = fixture('get-invoice-response.xml').replace('{{CONTENT}}', (await zipOne('a.xml', Buffer.from(xml))).toString('base64'));
    const { c } = client([fixture('login-response.xml'), plain, zipped]);
    const expected = {
      uuid: '5a7d2c1b-6666-4777-8888-d99900001111', id: 'IZI2026000000042', documentType: 'INVOICE', senderVkn: '4840847211', senderTitle: 'İZİBİZ TEST KULLANICISI',
      receiverVkn: '9876543217', issueDate: '2026-11-23', profile: 'TICARIFATURA', typeCode: 'SATIS', payable: '1180.50', currency: 'TRY', xml, receivedAt: '2026-11-24T09:30:12',
    };
    expect(await c.inbox({ documentType: 'INVOICE', from: '2026-11-24', to: '2026-11-24', unreadOnly: true })).toEqual([expected]);
    expect(await c.inbox({ documentType: 'INVOICE', from: '2026-11-24', to: '2026-11-24', unreadOnly: false })).toEqual([expected]);
  });
});

describe('status mapping', () => {
  it('maps izibiz codes and GİB codes to the port\'s states', () => {
    const table: [string | null, string | null, string][] = [
      ['112', '1300', 'ACCEPTED'], ['117', null, 'REJECTED'], ['120', '1300', 'REJECTED'], ['111', '1300', 'WAITING_ANSWER'],
      ['137', null, 'SUCCESS'], ['110', '1300', 'SUCCESS'], ['109', '1100', 'PROCESSING'], ['101', null, 'PROCESSING'], ['134', null, 'PROCESSING'],
      ['136', null, 'FAILURE'], ['110', '1150', 'FAILURE'], ['110', '1160', 'FAILURE'], ['110', '1163', 'FAILURE'], ['110', '1215', 'FAILURE'], ['110', '1220', 'PROCESSING'],
    ];
    for (const [code, gib, state] of table) expect([code, gib, invoiceState(code, gib)]).toEqual([code, gib, state]);
    expect(invoiceState('122', '1300', 'IN')).toBe('ACCEPTED');
    expect(invoiceState('130', '1300', 'IN')).toBe('REJECTED');
    expect(invoiceState('132', '1300', 'IN')).toBe('WAITING_ANSWER');
    expect(statusCodeOf(null, 'SEND - SUCCEED')).toBe('137');
    expect(statusCodeOf(null, 'SEND_FAILED')).toBe('136');
    expect(statusCodeOf(null, 'ACCEPTED - SUCCEED', 'IN')).toBe('122');
    expect(statusCodeOf('111', 'whatever')).toBe('111');
    expect(despatchState('136', null)).toBe('FAILURE');
    expect(despatchState('135', '1100')).toBe('PROCESSING');
    expect([earchiveState('110'), earchiveState('120'), earchiveState('130'), earchiveState('150'), earchiveState('200')]).toEqual(['PROCESSING', 'SUCCESS', 'SUCCESS', 'CANCELLED', null]);
  });

  it('zips and unzips one file', async () => {
    const z = await zipOne('x.xml', Buffer.from('<a>ş</a>'));
    expect((await unzip(z)).map((f) => [f.name, f.data.toString('utf8')])).toEqual([['x.xml', '<a>ş</a>']]);
  });
});
