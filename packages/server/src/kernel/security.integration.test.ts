import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { engines, startTestServer, type TestServer } from '../../test/harness';
import { http } from '../../test/http';

function expectCommonHeaders(h: Headers) {
  expect(h.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  expect(h.get('x-frame-options')).toBe('DENY');
  expect(h.get('x-content-type-options')).toBe('nosniff');
  expect(h.get('content-security-policy')).toContain("frame-ancestors 'none'");
}

describe.each(engines('one'))('security headers (%s)', (engine) => {
  let t: TestServer;
  let tls: TestServer;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'tezgah-dist-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><div id="root"></div><script type="module" src="/assets/index-abc.js"></script>');
    writeFileSync(join(dir, 'assets', 'index-abc.js'), 'console.log(1)');
    t = await startTestServer({ engine, workbenchDir: dir });
    tls = await startTestServer({ engine, workbenchDir: dir, env: { TEZGAH_PUBLIC_URL: 'https://eczane.example.com' } });
  });
  afterAll(async () => {
    await t?.close();
    await tls?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('puts them on an API answer, an API problem and the workbench page; no HSTS over plain http', async () => {
    const api = http(t.url);
    const token = await api.signIn('eczaci');
    const account = await api.call('GET', '/api/account', { token });
    expect(account.status).toBe(200);
    expectCommonHeaders(account.headers);
    const problem = await api.call('GET', '/api/account');
    expect(problem.status).toBe(401);
    expectCommonHeaders(problem.headers);
    expect(account.headers.get('strict-transport-security')).toBeNull();

    const page = await fetch(`${t.url}/product`);
    expect(page.status).toBe(200);
    expectCommonHeaders(page.headers);
    const csp = page.headers.get('content-security-policy')!;
    // Scripts and styles from the workbench's own origin only: no inline script, no eval.
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self';");
    // Style attributes only (Blueprint's table); never an inline script or <style> element.
    expect(csp).toContain("style-src-attr 'unsafe-inline'");
    expect(csp.split(';').filter((d) => d.includes('unsafe-inline')).map((d) => d.trim().split(' ')[0])).toEqual(['style-src-attr']);
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).toContain("object-src 'none'");
    expect(page.headers.get('strict-transport-security')).toBeNull();
  });

  it('gives /docs a policy that lets its inline stylesheet work and runs no script', async () => {
    const docs = await fetch(`${t.url}/docs`);
    expect(docs.status).toBe(200);
    expect(await docs.text()).toContain('<style>');
    expectCommonHeaders(docs.headers);
    const csp = docs.headers.get('content-security-policy')!;
    expect(csp).toContain("style-src 'unsafe-inline'");
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toContain('script-src');
  });

  it('adds HSTS when the public address is https', async () => {
    const api = await fetch(`${tls.url}/api/account`);
    expect(api.headers.get('strict-transport-security')).toMatch(/^max-age=\d{7,}/);
    const page = await fetch(`${tls.url}/`);
    expect(page.headers.get('strict-transport-security')).toMatch(/^max-age=\d{7,}/);
  });
});
