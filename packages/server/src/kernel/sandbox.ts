import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isManagement } from '@tezgah/core';
import { authenticateRequest, authVersionOf } from './auth';
import { problems } from './problem';
import type { ServerPlugin, Services } from './types';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A sandbox route that steers or inspects the simulator rather than imitating the outside system (SANDBOX_CONTROL). */
    sandboxControl?: boolean;
  }
}

/**
 * Route options marking a sandbox route as a control route although its path has no `control`
 * segment (e.g. the e-document sandbox's POST /users, which adds to its GİB world).
 */
export const SANDBOX_CONTROL = { config: { sandboxControl: true } } as const;

/**
 * A control route of a sandbox: any route whose path has a `control` segment (PUT
 * /sandbox/pos/terminal/control, GET /sandbox/pharmacy/medula/control/saved …) or that is marked
 * SANDBOX_CONTROL. Judged by the route matched, so no spelling of the address escapes it.
 */
export function isSandboxControl(request: FastifyRequest): boolean {
  const route = request.routeOptions;
  return route.config?.sandboxControl === true || /\/control(\/|$)/.test(route.url ?? '');
}

/**
 * A control route is for a signed-in management user: 401 without a valid session, 403 for anyone
 * else (a refusal from a cached session is checked afresh, as for the contract's operations).
 */
async function requireManagement(services: Services, request: FastifyRequest): Promise<void> {
  let auth = await authenticateRequest(services, request.headers);
  if (!isManagement(auth.authorities) && authVersionOf(auth)?.cached) auth = await authenticateRequest(services, request.headers, {}, true);
  if (!isManagement(auth.authorities)) throw problems.forbidden('Bu işlem yalnızca yönetim kullanıcılarına açıktır.', 'MANAGEMENT_ONLY');
}

/**
 * Mounts each plugin's sandbox under /sandbox/<plugin id> when the configuration serves sandboxes
 * (config.sandbox, TEZGAH_SANDBOX); otherwise nothing is mounted and every /sandbox/ address
 * answers 404. The routes imitating an outside system stay open, as the system's own
 * authentication (if any) is part of what they imitate and the server's adapters call them;
 * control routes, which change how a simulator behaves or show what it holds, need a management
 * user. A plugin leaves out the simulator of a system its configuration sends to the live service.
 */
export async function mountSandboxes(app: FastifyInstance, plugins: readonly ServerPlugin[], services: Services): Promise<void> {
  if (!services.config.sandbox) return;
  for (const p of plugins) {
    if (!p.sandbox) continue;
    await app.register(async (scope) => {
      scope.addHook('onRequest', async (request) => {
        if (isSandboxControl(request)) await requireManagement(services, request);
      });
      await p.sandbox!(scope, services);
    }, { prefix: `/sandbox/${p.id}` });
  }
}
