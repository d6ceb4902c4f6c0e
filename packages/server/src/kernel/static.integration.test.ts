import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, mkdirSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestServer, type TestServer } from '../../test/harness';

describe('the workbench on the API port', () => {
  let t: TestServer;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'tezgah-dist-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(join(dir, 'assets', 'index-abc.js'), 'console.log(1)');
    writeFileSync(join(dir, '..', 'secret.txt'), 'not for the web');
    t = await startTestServer({ workbenchDir: dir });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
    rmSync(join(dir, '..', 'secret.txt'), { force: true });
  });

  it('serves files, hashed assets cached for good', async () => {
    const js = await fetch(`${t.url}/assets/index-abc.js`);
    expect(js.status).toBe(200);
    expect(js.headers.get('content-type')).toContain('javascript');
    expect(js.headers.get('cache-control')).toContain('immutable');
    expect(await js.text()).toBe('console.log(1)');
  });

  it('answers the page for the browser router\'s paths', async () => {
    for (const path of ['/', '/auth/login', '/user-settings', '/summary?x=1']) {
      const r = await fetch(`${t.url}${path}`);
      expect(r.status).toBe(200);
      expect(r.headers.get('content-type')).toContain('text/html');
      expect(await r.text()).toContain('<div id="root">');
    }
  });

  it('keeps API paths for the API, and never serves a file outside the folder', async () => {
    const api = await fetch(`${t.url}/api/nothing-here`);
    expect(api.status).toBe(404);
    expect(api.headers.get('content-type')).toContain('application/problem+json');
    expect((await fetch(`${t.url}/health`)).status).toBe(200);
    const escape = await fetch(`${t.url}/..%2fsecret.txt`);
    expect(await escape.text()).not.toContain('not for the web');
  });
});
