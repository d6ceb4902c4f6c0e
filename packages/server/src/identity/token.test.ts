import { describe, expect, it } from 'vitest';
import { signToken, verifyToken, type TokenClaims } from './token';
import { hashPassword, verifyPassword } from './password';

const secret = Buffer.from('test-secret-test-secret-test-sec');
const claims = (over: Partial<TokenClaims> = {}): TokenClaims => ({ sub: '7', login: 'ali', cid: 3, sid: 's-1', iat: 1000, exp: 2000, ...over });

describe('tokens', () => {
  it('round-trips claims while unexpired', () => {
    expect(verifyToken(signToken(claims(), secret), secret, 1500)).toMatchObject({ sub: '7', cid: 3, sid: 's-1' });
  });
  it('refuses an expired token', () => {
    expect(verifyToken(signToken(claims(), secret), secret, 2000)).toBeNull();
  });
  it('refuses a token signed with another key', () => {
    expect(verifyToken(signToken(claims(), Buffer.from('another')), secret, 1500)).toBeNull();
  });
  it('refuses a token whose payload was changed (company switched by hand)', () => {
    const [h, , s] = signToken(claims(), secret).split('.');
    const forged = Buffer.from(JSON.stringify(claims({ cid: 99 }))).toString('base64url');
    expect(verifyToken(`${h}.${forged}.${s}`, secret, 1500)).toBeNull();
  });
  it('refuses alg:none and garbage', () => {
    const none = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from(JSON.stringify(claims())).toString('base64url')}.`;
    expect(verifyToken(none, secret, 1500)).toBeNull();
    expect(verifyToken('a.b.c', secret, 1500)).toBeNull();
    expect(verifyToken('', secret, 1500)).toBeNull();
  });
});

describe('passwords', () => {
  it('verifies the right password and refuses others, with a salt per hash', async () => {
    const a = await hashPassword('demo1234');
    const b = await hashPassword('demo1234');
    expect(a).not.toBe(b);
    expect(a.startsWith('scrypt$32768$8$1$')).toBe(true);
    expect(await verifyPassword('demo1234', a)).toBe(true);
    expect(await verifyPassword('demo1235', a)).toBe(false);
    expect(await verifyPassword('demo1234', null)).toBe(false);
    expect(await verifyPassword('demo1234', 'md5$abc')).toBe(false);
  });
});
