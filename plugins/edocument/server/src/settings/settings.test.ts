import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decryptSecret, encryptSecret } from './crypto';
import { companyProblems, type CompanyIdentity, type EdocSettings } from './settings';
import { demoAliases, slugOf } from './demo';

const secret = randomBytes(32);

describe('integrator passwords at rest', () => {
  it('round-trips, differs each time, and opens only for its company, field and secret', () => {
    const a = encryptSecret(secret, 7, 'password', 'Şifre-123');
    const b = encryptSecret(secret, 7, 'password', 'Şifre-123');
    expect(a).not.toBe(b);
    expect(a).not.toContain('Şifre');
    expect(decryptSecret(secret, 7, 'password', a)).toBe('Şifre-123');
    expect(decryptSecret(secret, 8, 'password', a)).toBeNull();
    expect(decryptSecret(secret, 7, 'password_secondary', a)).toBeNull();
    expect(decryptSecret(randomBytes(32), 7, 'password', a)).toBeNull();
    const parts = a.split('.');
    parts[3] = Buffer.from('başka').toString('base64url');
    expect(decryptSecret(secret, 7, 'password', parts.join('.'))).toBeNull();
    expect(decryptSecret(secret, 7, 'password', null)).toBeNull();
    expect(decryptSecret(secret, 7, 'password', 'düz metin')).toBeNull();
  });
});

const identity = (over: Partial<CompanyIdentity> = {}): CompanyIdentity => ({
  vknTckn: '0123456789', name: 'Demo Ticaret Anonim Şirketi', firstName: null, familyName: null, taxOffice: 'Beşiktaş', street: 'Barbaros Bulvarı',
  buildingNo: '145', district: 'Beşiktaş', city: 'İstanbul', postalCode: '34349', country: 'Türkiye', email: 'muhasebe@demo.tezgah.local', phone: null,
  website: null, mersisNo: null, tradeRegistryNo: null, ...over,
});
const settings = (over: Partial<EdocSettings> = {}): EdocSettings => ({
  enabled: true, integrator: 'KOLAYSOFT', mode: 'sandbox', senderTag: 'urn:mail:defaultgb@demo.example', despatchSenderTag: null, earchiveSendType: 'ELEKTRONIK',
  autoSendCashSales: false, integratorSettings: { mode: 'sandbox', urls: { eInvoice: 'x', eArchive: 'x', eDespatch: 'x', auth: 'x' }, username: '0123456789', password: '', timeoutMs: 1000 },
  ...over,
});

describe('companyProblems', () => {
  it('is empty for a complete company', () => {
    expect(companyProblems(identity(), settings())).toEqual([]);
  });
  it('names each missing piece in Turkish with the field to fix', () => {
    const p = companyProblems(identity({ vknTckn: '2222222222', city: ' ', district: null, taxOffice: null, email: 'yanlış' }), settings({ enabled: false, senderTag: null }));
    expect(p.map((x) => x.field)).toEqual(['enabled', 'company.vknTckn', 'company.taxOffice', 'company.district', 'company.city', 'company.email', 'senderTag']);
    expect(p.every((x) => x.source === 'RULE')).toBe(true);
    expect(p.find((x) => x.field === 'company.vknTckn')!.message).toContain('2222222222');
  });
  it("asks a person's first and family name when the identifier is a TCKN", () => {
    const p = companyProblems(identity({ vknTckn: '10000000146', firstName: 'Elif', familyName: '' }), settings());
    expect(p).toEqual([{ source: 'RULE', field: 'company.familyName', message: 'Şahıs firmasında firma sahibinin soyadı gerekli.' }]);
  });
  it('asks live mode for its integrator, addresses and credentials', () => {
    const live = settings({ mode: 'live', integrator: 'SECINIZ', integratorSettings: { mode: 'live', urls: { eInvoice: 'https://e', eArchive: '', eDespatch: '', auth: '' }, username: 'u', password: '', timeoutMs: 1 } });
    expect(companyProblems(identity(), live).map((x) => x.field)).toEqual(['integrator', 'authUrl', 'eArchiveInvoiceUrl', 'eInvoicePassword']);
  });
});

describe('demo names', () => {
  it('makes host labels of Turkish company names', () => {
    expect(slugOf('Demo Eczanesi')).toBe('demo-eczanesi');
    expect(slugOf('Demo Ticaret A.Ş.')).toBe('demo-ticaret');
    expect(slugOf('Öz Şişli Gıda Ltd. Şti.')).toBe('oz-sisli-gida');
    expect(demoAliases('demo-eczanesi').map((a) => `${a.documentType} ${a.unit} ${a.alias}`)).toEqual([
      'INVOICE GB urn:mail:defaultgb@demo-eczanesi.tezgah.test', 'INVOICE PK urn:mail:defaultpk@demo-eczanesi.tezgah.test',
      'DESPATCHADVICE GB urn:mail:defaultgb@demo-eczanesi.tezgah.test', 'DESPATCHADVICE PK urn:mail:defaultpk@demo-eczanesi.tezgah.test',
    ]);
  });
});
