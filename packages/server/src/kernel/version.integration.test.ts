import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { engines, startTestServer, type TestServer } from '../../test/harness';
import { http } from '../../test/http';

const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
const contract = JSON.parse(readFileSync(new URL('../../../../openapi/dist/openapi.json', import.meta.url), 'utf8')) as { info: { version: string } };

// The user menu's version info (seeds 000 §1).
describe.each(engines('one'))('GET /api/version on %s', (engine) => {
  let t: TestServer;
  let api: ReturnType<typeof http>;
  beforeAll(async () => {
    t = await startTestServer({ engine });
    api = http(t.url);
  });
  afterAll(async () => { await t?.close(); });

  it("answers the server's and the contract's versions to a signed-in user, and nothing without a token", async () => {
    const r = await api.call('GET', '/api/version', { token: await api.signIn('eczaci') });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ name: 'Tezgah', version: pkg.version, apiVersion: contract.info.version, engine: expect.stringMatching(/^(postgres|pglite)$/) });
    expect((await api.call('GET', '/api/version')).status).toBe(401);
  });
});
