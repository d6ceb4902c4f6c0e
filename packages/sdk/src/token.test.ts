import { describe, expect, it } from 'vitest';
import { companyIdOf, cookieTokenStore, decodeToken, isTokenExpired, memoryTokenStore, type CookieDocument } from './token';
import { makeToken } from './testing/fake';

/** A document whose `cookie` behaves like a browser's cookie jar (name=value; attributes). */
function fakeDocument() {
  const jar = new Map<string, string>();
  const writes: string[] = [];
  const doc: CookieDocument = {
    get cookie() {
      return [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    },
    set cookie(text: string) {
      writes.push(text);
      const [pair = '', ...attrs] = text.split(';').map((s) => s.trim());
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq);
      const expired = attrs.some((a) => /^max-age=0$/i.test(a));
      if (expired) jar.delete(name);
      else jar.set(name, pair.slice(eq + 1));
    },
  };
  return { doc, jar, writes };
}

describe('decodeToken', () => {
  it('reads the payload without verifying, with or without Bearer', () => {
    const token = makeToken({ sub: '12', login: 'müdür', cid: 3, sid: 'abc', imp: 'yonetici', iat: 1, exp: 2 });
    expect(decodeToken(token)).toEqual({ sub: '12', login: 'müdür', cid: 3, sid: 'abc', imp: 'yonetici', iat: 1, exp: 2 });
    expect(decodeToken(`Bearer ${token}`)?.cid).toBe(3);
    expect(companyIdOf(token)).toBe(3);
  });
  it('returns null for anything that is not a JWT', () => {
    expect(decodeToken('')).toBeNull();
    expect(decodeToken('a.b')).toBeNull();
    expect(decodeToken('a.!!!.c')).toBeNull();
    expect(decodeToken(`x.${Buffer.from('[1]').toString('base64url')}.y`)).toBeNull();
    expect(companyIdOf('nope')).toBeNull();
  });
  it('tells an expired token', () => {
    expect(isTokenExpired(makeToken({ exp: 10 }), 11_000)).toBe(true);
    expect(isTokenExpired(makeToken({ exp: 10 }), 9_000)).toBe(false);
    expect(isTokenExpired(makeToken({}), 9_000)).toBe(false);
  });
});

describe('memoryTokenStore', () => {
  it('sets, gets and clears', () => {
    const store = memoryTokenStore();
    expect(store.get()).toBeNull();
    store.set({ token: 't', companyId: 1 });
    expect(store.get()).toEqual({ token: 't', companyId: 1 });
    store.clear();
    expect(store.get()).toBeNull();
  });
});

describe('cookieTokenStore', () => {
  it('writes accessToken and company-id cookies with path=/ and SameSite=Lax', () => {
    const { doc, jar, writes } = fakeDocument();
    const store = cookieTokenStore(doc, { secure: false });
    const token = makeToken({ sub: '1', login: 'eczaci', cid: 9 });
    store.set({ token, companyId: 9 });
    expect(jar.get('accessToken')).toBe(token);
    expect(jar.get('company-id')).toBe('9');
    expect(writes).toEqual([`accessToken=${token}; path=/; SameSite=Lax`, 'company-id=9; path=/; SameSite=Lax']);
    expect(store.get()).toEqual({ token, companyId: 9 });
  });

  it('reads cookies set by others, next to unrelated ones', () => {
    const { doc, jar } = fakeDocument();
    jar.set('theme', 'pharmacy');
    jar.set('accessToken', makeToken({ cid: 4 }));
    const store = cookieTokenStore(doc);
    // no company-id cookie: the token's cid
    expect(store.get()?.companyId).toBe(4);
    jar.set('company-id', '5');
    expect(store.get()?.companyId).toBe(5);
  });

  it('clears both cookies and adds Secure / max-age when asked', () => {
    const { doc, jar, writes } = fakeDocument();
    const store = cookieTokenStore(doc, { secure: true, maxAgeSeconds: 3600 });
    store.set({ token: 'tok', companyId: 2 });
    expect(writes[0]).toBe('accessToken=tok; path=/; SameSite=Lax; max-age=3600; Secure');
    store.clear();
    expect(jar.size).toBe(0);
    expect(store.get()).toBeNull();
    expect(writes.at(-1)).toContain('max-age=0');
  });

  it('marks the cookies Secure on a page served over https, SameSite=Lax always', () => {
    const g = globalThis as { location?: unknown };
    const before = g.location;
    try {
      g.location = { protocol: 'https:' };
      const https = fakeDocument();
      cookieTokenStore(https.doc).set({ token: 'tok', companyId: 3 });
      expect(https.writes).toEqual(['accessToken=tok; path=/; SameSite=Lax; Secure', 'company-id=3; path=/; SameSite=Lax; Secure']);
      g.location = { protocol: 'http:' };
      const plain = fakeDocument();
      cookieTokenStore(plain.doc).set({ token: 'tok', companyId: 3 });
      expect(plain.writes).toEqual(['accessToken=tok; path=/; SameSite=Lax', 'company-id=3; path=/; SameSite=Lax']);
    } finally {
      g.location = before;
    }
  });

  it('fails clearly without a document', () => {
    expect(() => cookieTokenStore().get()).toThrow(/no document/);
  });
});
