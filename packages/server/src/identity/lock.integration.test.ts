import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, startTestServer, type TestServer } from '../../test/harness';
import { http, ONMUHASEBE } from '../../test/http';

describe.each(engines('both'))('the session lock on %s', (engine) => {
  let t: TestServer;
  let api: ReturnType<typeof http>;
  beforeAll(async () => {
    // Three failures per account within the window pause sign-in (and unlock).
    t = await startTestServer({ engine, env: { TEZGAH_THROTTLE_ACCOUNT: '3' } });
    api = http(t.url);
  });
  afterAll(async () => { await t?.close(); });

  const list = (token: string) => api.call('GET', `${ONMUHASEBE}/roles`, { token });

  it('answers 423 to a locked session but for the account, unlock and logout; the right password opens it', async () => {
    const token = await api.signIn('eczaci');
    expect((await list(token)).status).toBe(200);
    expect((await api.call('GET', '/api/account', { token })).body.locked).toBe(false);

    expect((await api.call('POST', '/api/account/lock', { token })).status).toBe(204);
    const refused = await list(token);
    expect(refused.status).toBe(423);
    expect(refused.body).toMatchObject({ code: 'SESSION_LOCKED', title: 'Ekran kilitli', status: 423 });
    expect((await api.call('GET', '/api/users', { token })).status).toBe(423);
    // No way around it by switching company either.
    expect((await api.call('POST', '/api/company-authenticate', { token, body: { companyId: 2 } })).status).toBe(423);
    const account = await api.call('GET', '/api/account', { token });
    expect(account.status).toBe(200);
    expect(account.body).toMatchObject({ login: 'eczaci', locked: true, firstName: 'Elif' });
    // Locking twice keeps it locked.
    expect((await api.call('POST', '/api/account/lock', { token })).status).toBe(204);
    // The lock belongs to the session: another sign-in of the same person is not locked.
    const other = await api.signIn('eczaci');
    expect((await list(other)).status).toBe(200);

    const wrong = await api.call('POST', '/api/account/unlock', { token, body: { password: 'yanlis-sifre' } });
    expect(wrong.status).toBe(401);
    expect(wrong.body.code).toBe('BAD_CREDENTIALS');
    expect((await list(token)).status).toBe(423);
    const bad = await api.call('POST', '/api/account/unlock', { token, body: {} });
    expect(bad.status).toBe(400);

    expect((await api.call('POST', '/api/account/unlock', { token, body: { password: 'demo1234' } })).status).toBe(204);
    expect((await list(token)).status).toBe(200);
    expect((await api.call('GET', '/api/account', { token })).body.locked).toBe(false);
    // The audit trail has both.
    const admin = await api.signIn('yonetici');
    const events = await api.call('GET', `${ONMUHASEBE}/audit-events?login=eczaci&size=100&sort=id,desc`, { token: admin });
    expect(events.status).toBe(200);
    const actions = (events.body as { action: string }[]).map((e) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['auth.lock', 'auth.unlock', 'auth.unlock.failed']));
  });

  it('counts wrong unlock passwords as failed sign-ins: past the limit both pause', async () => {
    const token = await api.signIn('muhasebe');
    expect((await api.call('POST', '/api/account/lock', { token })).status).toBe(204);
    for (let i = 0; i < 3; i++) {
      expect((await api.call('POST', '/api/account/unlock', { token, body: { password: `yanlis${i}` } })).status).toBe(401);
    }
    const paused = await api.call('POST', '/api/account/unlock', { token, body: { password: 'demo1234' } });
    expect(paused.status).toBe(429);
    expect(Number(paused.headers.get('retry-after'))).toBeGreaterThan(0);
    // The same counter as the sign-in page: signing in again is paused too.
    expect((await api.call('POST', '/api/authenticate', { body: { username: 'muhasebe', password: 'demo1234' } })).status).toBe(429);
    expect((await list(token)).status).toBe(423);
    // Logging out still works on a locked session, and ends it.
    expect((await api.call('GET', '/api/logout', { token })).status).toBe(204);
    expect((await api.call('GET', '/api/account', { token })).status).toBe(401);
  });
});
