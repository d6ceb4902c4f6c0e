import { describe, expect, it } from 'vitest';
import { startTestServer } from '../../test/harness';

describe('graceful shutdown', () => {
  it('lets in-flight requests finish and commit, then refuses new connections', async () => {
    const N = 8;
    let arrived = 0;
    let allArrived!: () => void;
    const inside = new Promise<void>((resolve) => { allArrived = resolve; });
    // Embedded: the test closes the database itself, and a server's copy would be left behind.
    const t = await startTestServer({
      engine: 'pglite',
      extend: (app) => {
        app.addHook('onRequest', async (req) => {
          if (req.url === '/api/authenticate' && ++arrived === N) allArrived();
        });
      },
    });
    const db = t.server.database.db;
    const count = async () => Number((await db.selectFrom('sessions').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const inFlight = Array.from({ length: N }, () =>
      fetch(`${t.url}/api/authenticate`, { method: 'POST', headers: { 'content-type': 'application/json', connection: 'close' }, body: JSON.stringify({ username: 'eczaci', password: 'demo1234' }) }));
    // Close only once every request is inside the server; each still has its scrypt and its transaction ahead.
    await inside;
    const closing = t.server.app.close();
    const answers = await Promise.all(inFlight);
    expect(answers.map((a) => a.status)).toEqual(Array(N).fill(200));
    await closing;
    expect(await count()).toBe(N);
    await expect(fetch(`${t.url}/health`)).rejects.toThrow();
    await t.server.database.close();
  });
});
