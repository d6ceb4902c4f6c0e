/**
 * The server part of the __PLUGIN_TITLE__ plugin: one handler for each operation of
 * contract/openapi.yaml, keyed by its operationId. The kernel has already checked the token, the
 * company and the authorities the contract asks for, and validated the request, before a handler
 * runs; what a handler answers is checked against the contract's response schema.
 */
import type { ServerPlugin } from '__SERVER_TYPES_PACKAGE__';

const plugin: ServerPlugin = {
  id: '__PLUGIN_ID__',
  handlers: {
    async __PLUGIN_CAMEL__Greeting(ctx) {
      const login = ctx.auth?.login ?? '';
      return { plugin: '__PLUGIN_ID__', login, companyId: ctx.auth?.companyId ?? 0, message: `Merhaba, ${login}!` };
    },
  },
};

export default plugin;
