import { describe, expect, it } from 'vitest';
import { signToken, type TokenClaims } from '../identity/token';
import { SessionCache } from './auth';

const secret = Buffer.from('test-secret-test-secret-test-sec');
const claims: TokenClaims = { sub: '7', login: 'ali', cid: 3, sid: 's-1', iat: 1000, exp: 2000 };

describe('the session cache\'s verified tokens', () => {
  it('answers a verified token\'s claims again only until it expires', () => {
    const cache = new SessionCache();
    const token = signToken(claims, secret);
    expect(cache.verified(token, secret, 1500)).toMatchObject({ sid: 's-1', cid: 3 });
    expect(cache.verified(token, secret, 1999)).toMatchObject({ sid: 's-1' });
    expect(cache.verified(token, secret, 2000)).toBeNull();
  });

  it('never remembers a refusal as a success: a forged or foreign token stays refused', () => {
    const cache = new SessionCache();
    const [h, , s] = signToken(claims, secret).split('.');
    const forged = `${h}.${Buffer.from(JSON.stringify({ ...claims, cid: 99 })).toString('base64url')}.${s}`;
    expect(cache.verified(forged, secret, 1500)).toBeNull();
    expect(cache.verified(forged, secret, 1500)).toBeNull();
    expect(cache.verified(signToken(claims, Buffer.from('another')), secret, 1500)).toBeNull();
  });
});
