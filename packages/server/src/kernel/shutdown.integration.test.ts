import { describe, expect, it } from 'vitest';
import { startTestServer } from '../../test/harness';

describe('graceful shutdown', () => {
  it('lets in-flight requests finish and commit, then refuses new connections', async () => {
    const t = await startTestServer();
    // Sign-ins take tens of milliseconds each (scrypt), so these are still running when close() starts.
    const inFlight = Array.from({ length: 8 }, () =>
      fetch(`${t.url}/api/authenticate`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'eczaci', password: 'demo1234' }) }));
    await new Promise((r) => setTimeout(r, 20));
    const db = t.server.database.db;
    const sessionsBefore = Number((await db.selectFrom('sessions').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const closing = t.server.app.close();
    const answers = await Promise.all(inFlight);
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
    await closing;
    const sessions = Number((await db.selectFrom('sessions').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    expect(sessions).toBe(8);
    expect(sessionsBefore).toBeLessThanOrEqual(8);
    await expect(fetch(`${t.url}/health`)).rejects.toThrow();
    await t.server.database.close();
  });
});
