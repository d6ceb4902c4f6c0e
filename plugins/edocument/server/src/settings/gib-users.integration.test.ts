import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { Problem } from '@tezgah/server';
import { engines } from '../../../../../packages/server/test/harness';
import { IntegratorError, type GibUser, type IntegratorPort } from '../integrator/index';
import { GIB_USERS_JOB, gibAliases, refreshGibUsers, settingsHooks, settingsJobs } from './index';
import { startSettingsServer } from './testing';

const HOUR = 3_600_000;

/** A live integrator that answers from a table and counts what it was asked. */
function fakePort(users: Record<string, GibUser[]>, opts: { fail?: boolean } = {}) {
  const asked: string[] = [];
  const port = {
    name: 'live',
    async checkUser(identifier: string, documentType: string) {
      asked.push(`${identifier}:${documentType}`);
      if (opts.fail) throw new IntegratorError('UNAVAILABLE', 'Bağlantı kurulamadı');
      return (users[identifier] ?? []).filter((u) => u.documentType === documentType);
    },
  } as unknown as IntegratorPort;
  return { port, asked };
}

const user = (identifier: string, unit: 'GB' | 'PK', alias: string, documentType: 'INVOICE' | 'DESPATCHADVICE' = 'INVOICE', deleted = false): GibUser => ({
  identifier, alias, title: 'DENEME A.Ş.', type: 'OZEL', unit, documentType, registeredAt: '2020-01-01T00:00:00', deleted,
});

describe.each(engines('one'))('the GİB user cache on %s', (engine) => {
  let t: Awaited<ReturnType<typeof startSettingsServer>>;
  let db: any;
  const rows = async (identifier: string) => (await sql<{ alias: string; unit: string; document_type: string }>`
    select alias, unit, document_type from edoc_gib_users where identifier = ${identifier} order by document_type, unit, alias`.execute(db)).rows
    .map((r) => `${r.document_type} ${r.unit} ${r.alias}`);

  beforeAll(async () => {
    t = await startSettingsServer(engine);
    db = t.server.database.db;
  });
  afterAll(async () => {
    settingsHooks.sandboxPublicUrl = undefined;
    await t?.close();
  });

  it('asks the integrator once for a VKN it does not hold, and answers from the cache for a week', async () => {
    const now = new Date('2026-11-24T10:00:00Z');
    const { port, asked } = fakePort({ '3333333333': [user('3333333333', 'PK', 'urn:mail:defaultpk@ucler.example'), user('3333333333', 'GB', 'urn:mail:defaultgb@ucler.example'), user('3333333333', 'PK', 'urn:mail:eski@ucler.example', 'INVOICE', true)] });
    const first = await gibAliases(db, port, '3333333333', 'INVOICE', { now });
    expect(first.map((a) => `${a.unit} ${a.alias}`)).toEqual(['GB urn:mail:defaultgb@ucler.example', 'PK urn:mail:defaultpk@ucler.example']);
    expect(first[0]).toMatchObject({ identifier: '3333333333', title: 'DENEME A.Ş.', type: 'OZEL', registeredAt: '2020-01-01T00:00:00' });
    expect(await rows('3333333333')).toEqual(['INVOICE GB urn:mail:defaultgb@ucler.example', 'INVOICE PK urn:mail:defaultpk@ucler.example']);
    expect((await gibAliases(db, port, '3333333333', 'INVOICE', { now: new Date(now.getTime() + 6 * 24 * HOUR) })).length).toBe(2);
    expect(asked).toEqual(['3333333333:INVOICE']);
    // Older than a week it is asked again; an integrator that fails then still gets the old answer.
    const down = fakePort({}, { fail: true });
    expect((await gibAliases(db, down.port, '3333333333', 'INVOICE', { now: new Date(now.getTime() + 8 * 24 * HOUR) })).length).toBe(2);
    expect(down.asked).toEqual(['3333333333:INVOICE']);
    // Without a usable integrator: the cache.
    expect((await gibAliases(db, null, '3333333333', 'INVOICE')).length).toBe(2);
    expect(await gibAliases(db, null, '3333333333', 'DESPATCHADVICE')).toEqual([]);
  });

  it('keeps "not registered" for a day only, and says 502 when the integrator fails and nothing is cached', async () => {
    const now = new Date('2026-11-24T10:00:00Z');
    const later = fakePort({ '4444444444': [user('4444444444', 'PK', 'urn:mail:defaultpk@dortler.example')] });
    const none = fakePort({});
    expect(await gibAliases(db, none.port, '4444444444', 'INVOICE', { now })).toEqual([]);
    expect(await rows('4444444444')).toEqual(['INVOICE PK ']); // the marker
    expect(await gibAliases(db, later.port, '4444444444', 'INVOICE', { now: new Date(now.getTime() + 23 * HOUR) })).toEqual([]);
    expect(later.asked).toEqual([]);
    const next = await gibAliases(db, later.port, '4444444444', 'INVOICE', { now: new Date(now.getTime() + 25 * HOUR) });
    expect(next.map((a) => a.alias)).toEqual(['urn:mail:defaultpk@dortler.example']);
    expect(await rows('4444444444')).toEqual(['INVOICE PK urn:mail:defaultpk@dortler.example']);
    const down = fakePort({}, { fail: true });
    const err = await gibAliases(db, down.port, '5555555551', 'INVOICE', { now }).then(() => null, (e) => e);
    expect(err).toBeInstanceOf(Problem);
    expect(err).toMatchObject({ status: 502, code: 'INTEGRATOR_UNAVAILABLE' });
    expect(err.detail).toContain('Bağlantı kurulamadı');
    // A deferred write (a GET's) happens only when the caller runs it.
    let deferred: ((d: any) => Promise<void>) | null = null;
    const q = fakePort({ '6666666666': [user('6666666666', 'GB', 'urn:mail:defaultgb@altilar.example', 'DESPATCHADVICE')] });
    expect((await gibAliases(db, q.port, '6666666666', 'DESPATCHADVICE', { now, afterwards: (fn) => { deferred = fn; } })).length).toBe(1);
    expect(await rows('6666666666')).toEqual([]);
    await deferred!(db);
    expect(await rows('6666666666')).toEqual(['DESPATCHADVICE GB urn:mail:defaultgb@altilar.example']);
  });

  it("reads the sandbox's GİB world in sandbox mode (no HTTP inside the caller's transaction)", async () => {
    const sandbox = { name: 'sandbox', checkUser: async () => { throw new Error('not over HTTP'); } } as unknown as IntegratorPort;
    const a = await db.transaction().execute((trx: any) => gibAliases(trx, sandbox, '9876543217', 'DESPATCHADVICE'));
    expect(a.map((x: any) => `${x.unit} ${x.alias}`)).toEqual(['GB urn:mail:irsaliyegb@anadoluecza.example', 'PK urn:mail:irsaliyepk@anadoluecza.example']);
    expect(a[0]).toMatchObject({ title: 'ANADOLU ECZA DEPOSU A.Ş.', type: 'OZEL' });
    expect(await gibAliases(db, sandbox, '1111111114', 'INVOICE')).toEqual([]);
  });

  it('refreshes the whole list daily with an enabled company\'s credentials (the sandbox here)', async () => {
    expect(settingsJobs[GIB_USERS_JOB]!.cron).toBe('15 4 * * *');
    settingsHooks.sandboxPublicUrl = t.url;
    // Something GİB no longer lists, and a "not registered" marker of a VKN it does list (stamped
    // by the server's clock, services.now, which the refresh compares with).
    const now = t.server.services.now();
    await sql`insert into edoc_gib_users (identifier, alias, unit, document_type, title, refreshed_at) values
      ('7777777777', 'urn:mail:gitti@example.com', 'PK', 'INVOICE', 'GİTTİ LTD.', ${new Date(now.getTime() - 2 * 86_400_000)}),
      ('2468135797', '', 'PK', 'INVOICE', '', ${now})`.execute(db);
    const r = await refreshGibUsers(t.server.services);
    expect([t.demo.pharmacy, t.demo.general]).toContain(r.companyId);
    expect(r.rows).toBeGreaterThanOrEqual(12);
    expect(await rows('7777777777')).toEqual([]);
    expect(await rows('2468135797')).toEqual(['INVOICE GB urn:mail:defaultgb@denemetibbi.example', 'INVOICE PK urn:mail:defaultpk@denemetibbi.example']);
    expect(await rows('9876543217')).toEqual([
      'DESPATCHADVICE GB urn:mail:irsaliyegb@anadoluecza.example', 'DESPATCHADVICE PK urn:mail:irsaliyepk@anadoluecza.example',
      'INVOICE GB urn:mail:defaultgb@anadoluecza.example', 'INVOICE PK urn:mail:defaultpk@anadoluecza.example',
    ]);
    expect((await rows('0123456789')).length).toBe(4);
  });
});
