/**
 * The server part of the __PLUGIN_TITLE__ plugin: one handler for each operation of
 * contract/openapi.yaml, keyed by its operationId. The kernel has already checked the token, the
 * company and the authorities the contract asks for, and validated the request, before a handler
 * runs; what a handler answers is checked against the contract's response schema. A handler
 * refuses what the contract cannot say by throwing `pluginProblem(status, detail, …)`, which the
 * kernel answers as a problem (application/problem+json) with that 4xx status.
 */
import { pluginProblem, type ServerPlugin } from '__SERVER_TYPES_PACKAGE__';

const plugin: ServerPlugin = {
  id: '__PLUGIN_ID__',
  handlers: {
    async __PLUGIN_CAMEL__Greeting(ctx) {
      const login = ctx.auth?.login ?? '';
      const name = (ctx.query as { name?: string } | undefined)?.name;
      // A name of spaces only: the schema lets it through (any text up to 50 characters), the handler does not.
      if (name !== undefined && name.trim() === '') throw pluginProblem(400, 'Ad yalnızca boşluktan oluşamaz.', { code: 'NAME_BLANK', field: 'name' });
      return { plugin: '__PLUGIN_ID__', login, companyId: ctx.auth?.companyId ?? 0, message: `Merhaba, ${name?.trim() ?? login}!` };
    },
  },
};

export default plugin;
