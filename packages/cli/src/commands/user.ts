/** user list, user create. */
import { Option, type Command } from 'commander';
import type { User } from '@tezgah/sdk';
import type { CliContext, CliPlugin } from '../plugins';
import { addPagingOptions, ids, pageFooter, pageQuery, type PagingOptions } from '../options';

interface ListOptions extends PagingOptions {
  search?: string;
}

interface CreateOptions {
  login: string;
  firstName: string;
  lastName: string;
  email: string;
  role: number[];
  phone?: string;
  lang?: 'tr' | 'en' | 'fr' | 'ru' | 'zh';
}

const LANGS = ['tr', 'en', 'fr', 'ru', 'zh'] as const;

function userDetails(ctx: CliContext, u: User): void {
  ctx.output.keyValues([
    ['Id', u.id],
    ['Login', u.login],
    ['Name', `${u.firstName} ${u.lastName}`.trim()],
    ['E-mail', u.email],
    ['Phone', u.phone],
    ['Language', u.langKey],
    ['Active', u.activated],
    ['Roles', u.roles.map((r) => `${r.name} (${r.id})`)],
  ]);
}

async function list(ctx: CliContext, o: ListOptions): Promise<void> {
  const page = await ctx.api().users.list({ ...pageQuery(o), ...(o.search ? { search: o.search } : {}) });
  ctx.output.result({ ...page, page: o.page, size: o.size }, (p) => {
    ctx.output.table(p.items, [
      { header: 'Id', value: (u) => u.id },
      { header: 'Login', value: (u) => u.login },
      { header: 'Name', value: (u) => `${u.firstName} ${u.lastName}`.trim() },
      { header: 'E-mail', value: (u) => u.email },
      { header: 'Roles', value: (u) => u.roles.map((r) => r.name) },
      { header: 'Active', value: (u) => u.activated },
    ]);
    ctx.output.line(pageFooter(p.total, o));
  });
}

async function create(ctx: CliContext, o: CreateOptions): Promise<void> {
  const user = await ctx.api().users.create({
    login: o.login,
    firstName: o.firstName,
    lastName: o.lastName,
    email: o.email,
    roleIds: [...new Set(o.role)],
    ...(o.phone ? { phone: o.phone } : {}),
    ...(o.lang ? { langKey: o.lang } : {}),
  });
  ctx.output.result(user, (u) => {
    userDetails(ctx, u);
    ctx.output.note(`User ${u.login} created; they get a mail to set their password.`);
  });
}

export const userCommands: CliPlugin = {
  id: 'kernel.user',
  register(program: Command, ctx: CliContext) {
    const user = program.command('user').description("the current company's users");
    addPagingOptions(
      user.command('list').description("list the current company's users").option('--search <text>', 'part of login, name or e-mail'),
    ).action((o: ListOptions) => list(ctx, o));

    user
      .command('create')
      .description('add a user to the current company (they get a mail to set their password)')
      .requiredOption('--login <login>', 'sign-in name (often the national ID number)')
      .requiredOption('--first-name <name>', 'first name')
      .requiredOption('--last-name <name>', 'last name')
      .requiredOption('--email <email>', 'e-mail address')
      .requiredOption('--role <id...>', 'role ids in the current company (repeat or separate with commas)', ids)
      .option('--phone <phone>', 'phone number')
      .addOption(new Option('--lang <key>', 'language').choices(LANGS))
      .action((o: CreateOptions) => create(ctx, o));
  },
};
