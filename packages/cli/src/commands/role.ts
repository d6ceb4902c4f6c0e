/** role list. */
import type { Command } from 'commander';
import { sayIn } from '../i18n';
import type { CliContext, CliPlugin } from '../plugins';
import { addPagingOptions, pageFooter, pageQuery, type PagingOptions } from '../options';

interface ListOptions extends PagingOptions {
  search?: string;
}

async function list(ctx: CliContext, o: ListOptions): Promise<void> {
  const page = await ctx.api().roles.list({ ...pageQuery(o), ...(o.search ? { search: o.search } : {}) });
  const tr = ctx.lang === 'tr';
  ctx.output.result({ ...page, page: o.page, size: o.size }, (p) => {
    ctx.output.table(p.items, [
      { header: tr ? 'No' : 'Id', value: (r) => r.id },
      { header: tr ? 'Ad' : 'Name', value: (r) => r.name },
      { header: tr ? 'Sabit' : 'Fixed', value: (r) => r.fixed },
      { header: tr ? 'Tüm şirketler' : 'All companies', value: (r) => r.allCompanies },
      { header: tr ? 'Kullanıcı' : 'Users', value: (r) => r.userCount, align: 'right' },
      { header: tr ? 'Yetki' : 'Authorities', value: (r) => r.authorities.length },
    ]);
    ctx.output.line(pageFooter(p.total, o, ctx.lang));
  });
}

export const roleCommands: CliPlugin = {
  id: 'kernel.role',
  register(program: Command, ctx: CliContext) {
    const say = sayIn(ctx.lang);
    const role = program.command('role').description(say({ tr: 'geçerli şirketin rolleri', en: "the current company's roles" }));
    addPagingOptions(
      role
        .command('list')
        .description(say({ tr: 'geçerli şirketin rollerini listeler', en: "list the current company's roles" }))
        .option('--search <text>', say({ tr: 'adın bir parçası', en: 'part of the name' })),
      50,
      ctx.lang,
    ).action((o: ListOptions) => list(ctx, o));
  },
};
