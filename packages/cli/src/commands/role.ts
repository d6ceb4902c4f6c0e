/** role list. */
import type { Command } from 'commander';
import type { CliContext, CliPlugin } from '../plugins';
import { addPagingOptions, pageFooter, pageQuery, type PagingOptions } from '../options';

interface ListOptions extends PagingOptions {
  search?: string;
}

async function list(ctx: CliContext, o: ListOptions): Promise<void> {
  const page = await ctx.api().roles.list({ ...pageQuery(o), ...(o.search ? { search: o.search } : {}) });
  ctx.output.result({ ...page, page: o.page, size: o.size }, (p) => {
    ctx.output.table(p.items, [
      { header: 'Id', value: (r) => r.id },
      { header: 'Name', value: (r) => r.name },
      { header: 'Fixed', value: (r) => r.fixed },
      { header: 'All companies', value: (r) => r.allCompanies },
      { header: 'Users', value: (r) => r.userCount, align: 'right' },
      { header: 'Authorities', value: (r) => r.authorities.length },
    ]);
    ctx.output.line(pageFooter(p.total, o));
  });
}

export const roleCommands: CliPlugin = {
  id: 'kernel.role',
  register(program: Command, ctx: CliContext) {
    const role = program.command('role').description("the current company's roles");
    addPagingOptions(
      role.command('list').description("list the current company's roles").option('--search <text>', 'part of the name'),
      50,
    ).action((o: ListOptions) => list(ctx, o));
  },
};
