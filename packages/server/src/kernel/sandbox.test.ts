import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { Problem } from './problem';
import { mountSandboxes, SANDBOX_CONTROL } from './sandbox';
import type { ServerPlugin, Services } from './types';

/**
 * The kernel's mounting of the plugins' sandboxes, without a database: whether they are served at
 * all (TEZGAH_SANDBOX), and which routes need a session (no session gets that far here: the
 * management check of a signed-in user is in the POS payments' integration test).
 */

const mounted: string[] = [];
const plugin: ServerPlugin = {
  id: 'demo',
  handlers: {},
  sandbox(app) {
    mounted.push('demo');
    app.post('/system/v1/orders', async () => ({ ok: true }));
    app.get('/system/controls', async () => ({ ok: true }));
    app.put('/system/control', async () => ({ switched: true }));
    app.get('/system/control/baskets/:id', async () => ({ basket: true }));
    app.post('/system/users', SANDBOX_CONTROL, async () => ({ registered: true }));
  },
};

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
  mounted.length = 0;
});

async function serve(env: Record<string, string>) {
  const services = { config: loadConfig({ PORT: '0', ...env }) } as unknown as Services;
  app = Fastify({ routerOptions: { ignoreTrailingSlash: true } });
  app.setErrorHandler((e, request, reply) => {
    const p = e instanceof Problem ? e : new Problem(500, 'Sunucu hatası');
    reply.status(p.status).type('application/problem+json').send(p.toBody(request.url));
  });
  await mountSandboxes(app, [plugin, { id: 'plain', handlers: {} }], services);
  await app.ready();
  return app;
}

describe('the sandboxes', () => {
  it('are served when TEZGAH_SANDBOX turns them on, by default exactly when the demo is', () => {
    expect(loadConfig({}).sandbox).toBe(true);
    expect(loadConfig({ TEZGAH_DEMO: '0' }).sandbox).toBe(false);
    expect(loadConfig({ TEZGAH_DEMO: '0', TEZGAH_SANDBOX: '1' }).sandbox).toBe(true);
    expect(loadConfig({ TEZGAH_SANDBOX: '0' }).sandbox).toBe(false);
  });

  it('answer 404 on every route when switched off, the plugin\'s sandbox never mounted', async () => {
    const a = await serve({ TEZGAH_SANDBOX: '0' });
    expect(mounted).toEqual([]);
    for (const [method, url] of [['POST', '/sandbox/demo/system/v1/orders'], ['PUT', '/sandbox/demo/system/control'], ['POST', '/sandbox/demo/system/users']] as const) {
      expect([method, url, (await a.inject({ method, url })).statusCode]).toEqual([method, url, 404]);
    }
  });

  it('keep the outside system\'s routes open, and ask a session for the control routes', async () => {
    const a = await serve({ TEZGAH_SANDBOX: '1' });
    expect(mounted).toEqual(['demo']);
    expect((await a.inject({ method: 'POST', url: '/sandbox/demo/system/v1/orders' })).json()).toEqual({ ok: true });
    expect((await a.inject({ method: 'GET', url: '/sandbox/demo/system/controls' })).statusCode).toBe(200);
    for (const [method, url] of [
      ['PUT', '/sandbox/demo/system/control'], ['PUT', '/sandbox/demo/system/control/'], ['GET', '/sandbox/demo/system/control/baskets/1'],
      ['GET', '/sandbox/demo/system/control/baskets/1?x=/v1/orders'], ['POST', '/sandbox/demo/system/users'],
    ] as const) {
      const r = await a.inject({ method, url });
      expect([method, url, r.statusCode, r.json().code, r.json().title]).toEqual([method, url, 401, 'UNAUTHORIZED', 'Yetkisiz erişim']);
      expect(r.headers['content-type']).toMatch(/^application\/problem\+json/);
    }
  });
});
