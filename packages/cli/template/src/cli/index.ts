/**
 * The CLI part of the __PLUGIN_TITLE__ plugin: `tezgah __PLUGIN_ID__ greeting` asks the plugin's
 * route as the signed-in profile (`tezgah login` first) and prints the answer (`--json` prints it
 * as JSON). Messages and the command's help follow the run's language (`ctx.lang`: `--lang`,
 * else the locale, else tr).
 */
import { CommandFailed, ExitCode, type CliPlugin } from '@tezgah/cli';

export const GREETING_PATH = '/plugins/__PLUGIN_ID__/greeting';

const MESSAGES = {
  tr: { description: 'Eklentinin selamını sunucudan alır', failed: (status: number) => `sunucu selamı vermedi (HTTP ${status})` },
  en: { description: "Asks the server for the plugin's greeting", failed: (status: number) => `the server did not answer the greeting (HTTP ${status})` },
};

interface Greeting {
  plugin: string;
  login: string;
  companyId: number;
  message: string;
}

const plugin: CliPlugin = {
  id: '__PLUGIN_ID__',
  register(program, ctx) {
    program
      .command('__PLUGIN_ID__')
      .description('__PLUGIN_TITLE__')
      .command('greeting')
      .description(MESSAGES[ctx.lang].description)
      .action(async () => {
        const m = MESSAGES[ctx.lang];
        // The signed-in profile's server and session (its token and company).
        const { client } = ctx.api();
        const session = client.tokenStore.get();
        const headers: Record<string, string> = { accept: 'application/json', 'accept-language': ctx.lang };
        if (session) {
          headers.authorization = `Bearer ${session.token}`;
          headers['access-token'] = session.token;
          if (session.companyId !== null) headers['company-id'] = String(session.companyId);
        }
        const request = new Request(`${client.baseUrl}${GREETING_PATH}`, { headers });
        const response = await (ctx.io.fetch ?? ((r: Request) => globalThis.fetch(r)))(request);
        if (!response.ok) throw new CommandFailed(ExitCode.FAILED, m.failed(response.status));
        const greeting = (await response.json()) as Greeting;
        ctx.output.result(greeting, (g) => ctx.output.line(g.message));
      });
  },
};

export default plugin;
