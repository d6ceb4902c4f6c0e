/** user list, user create. */
import { Option, type Command } from 'commander';
import type { User } from '@tezgah/sdk';
import { sayIn, type Lang } from '../i18n';
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
  userLang?: 'tr' | 'en' | 'fr' | 'ru' | 'zh';
}

const LANGS = ['tr', 'en', 'fr', 'ru', 'zh'] as const;

const MESSAGES = {
  tr: {
    id: 'No', login: 'Kullanıcı adı', name: 'Ad', email: 'E-posta', phone: 'Telefon', language: 'Dil', active: 'Aktif', roles: 'Roller',
    created: (login: string) => `${login} kullanıcısı oluşturuldu; parolasını belirlemesi için bir e-posta alacak.`,
  },
  en: {
    id: 'Id', login: 'Login', name: 'Name', email: 'E-mail', phone: 'Phone', language: 'Language', active: 'Active', roles: 'Roles',
    created: (login: string) => `User ${login} created; they get a mail to set their password.`,
  },
} satisfies Record<Lang, unknown>;

function userDetails(ctx: CliContext, u: User): void {
  const m = MESSAGES[ctx.lang];
  ctx.output.keyValues([
    [m.id, u.id],
    [m.login, u.login],
    [m.name, `${u.firstName} ${u.lastName}`.trim()],
    [m.email, u.email],
    [m.phone, u.phone],
    [m.language, u.langKey],
    [m.active, u.activated],
    [m.roles, u.roles.map((r) => `${r.name} (${r.id})`)],
  ]);
}

async function list(ctx: CliContext, o: ListOptions): Promise<void> {
  const page = await ctx.api().users.list({ ...pageQuery(o), ...(o.search ? { search: o.search } : {}) });
  const m = MESSAGES[ctx.lang];
  ctx.output.result({ ...page, page: o.page, size: o.size }, (p) => {
    ctx.output.table(p.items, [
      { header: m.id, value: (u) => u.id },
      { header: m.login, value: (u) => u.login },
      { header: m.name, value: (u) => `${u.firstName} ${u.lastName}`.trim() },
      { header: m.email, value: (u) => u.email },
      { header: m.roles, value: (u) => u.roles.map((r) => r.name) },
      { header: m.active, value: (u) => u.activated },
    ]);
    ctx.output.line(pageFooter(p.total, o, ctx.lang));
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
    ...(o.userLang ? { langKey: o.userLang } : {}),
  });
  ctx.output.result(user, (u) => {
    userDetails(ctx, u);
    ctx.output.note(MESSAGES[ctx.lang].created(u.login));
  });
}

export const userCommands: CliPlugin = {
  id: 'kernel.user',
  register(program: Command, ctx: CliContext) {
    const say = sayIn(ctx.lang);
    const user = program.command('user').description(say({ tr: 'geçerli şirketin kullanıcıları', en: "the current company's users" }));
    addPagingOptions(
      user
        .command('list')
        .description(say({ tr: 'geçerli şirketin kullanıcılarını listeler', en: "list the current company's users" }))
        .option('--search <text>', say({ tr: 'kullanıcı adının, adın ya da e-postanın bir parçası', en: 'part of login, name or e-mail' })),
      undefined,
      ctx.lang,
    ).action((o: ListOptions) => list(ctx, o));

    user
      .command('create')
      .description(say({ tr: 'geçerli şirkete kullanıcı ekler (parolasını belirlemesi için bir e-posta alır)', en: 'add a user to the current company (they get a mail to set their password)' }))
      .requiredOption('--login <login>', say({ tr: 'kullanıcı adı (çoğu zaman T.C. kimlik numarası)', en: 'sign-in name (often the national ID number)' }))
      .requiredOption('--first-name <name>', say({ tr: 'ad', en: 'first name' }))
      .requiredOption('--last-name <name>', say({ tr: 'soyad', en: 'last name' }))
      .requiredOption('--email <email>', say({ tr: 'e-posta adresi', en: 'e-mail address' }))
      .requiredOption('--role <id...>', say({ tr: 'geçerli şirketteki rol numaraları (yineleyin ya da virgülle ayırın)', en: 'role ids in the current company (repeat or separate with commas)' }), ids)
      .option('--phone <phone>', say({ tr: 'telefon numarası', en: 'phone number' }))
      .addOption(new Option('--user-lang <key>', say({ tr: "kullanıcının dili (--lang çıktının dilidir)", en: "the user's language (--lang is the output's)" })).choices(LANGS))
      .action((o: CreateOptions) => create(ctx, o));
  },
};
