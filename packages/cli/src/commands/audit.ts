/** audit list (management only). */
import type { Command } from 'commander';
import { sayIn } from '../i18n';
import type { CliContext, CliPlugin } from '../plugins';
import { formatDateTime } from '../output';
import { addPagingOptions, integer, pageFooter, pageQuery, type PagingOptions } from '../options';

interface ListOptions extends PagingOptions {
  login?: string;
  action?: string;
  company?: number;
}

async function list(ctx: CliContext, o: ListOptions): Promise<void> {
  const page = await ctx.api().audit.list({
    ...pageQuery(o),
    ...(o.login ? { login: o.login } : {}),
    ...(o.action ? { action: o.action } : {}),
    ...(o.company !== undefined ? { companyId: o.company } : {}),
  });
  const tr = ctx.lang === 'tr';
  ctx.output.result({ ...page, page: o.page, size: o.size }, (p) => {
    ctx.output.table(p.items, [
      { header: tr ? 'No' : 'Id', value: (e) => e.id },
      { header: tr ? 'Zaman' : 'At', value: (e) => formatDateTime(e.at) },
      { header: tr ? 'Şirket' : 'Company', value: (e) => e.companyId },
      { header: tr ? 'Kullanıcı' : 'User', value: (e) => e.userLogin },
      { header: tr ? 'Yapan' : 'Actor', value: (e) => (e.actorLogin && e.actorLogin !== e.userLogin ? e.actorLogin : null) },
      { header: tr ? 'İşlem' : 'Action', value: (e) => e.action },
      { header: tr ? 'Kayıt' : 'Entity', value: (e) => (e.entity ? `${e.entity}${e.entityId ? ` ${e.entityId}` : ''}` : null) },
      { header: 'IP', value: (e) => e.ip },
    ]);
    ctx.output.line(pageFooter(p.total, o, ctx.lang));
  });
}

export const auditCommands: CliPlugin = {
  id: 'kernel.audit',
  register(program: Command, ctx: CliContext) {
    const say = sayIn(ctx.lang);
    const audit = program.command('audit').description(say({ tr: 'denetim kaydı (yalnızca yönetim)', en: 'the audit trail (management only)' }));
    addPagingOptions(
      audit
        .command('list')
        .description(say({ tr: 'denetim olaylarını en yenisinden başlayarak listeler', en: 'list audit events, newest first' }))
        .option('--login <login>', say({ tr: 'işlemi yapan (ya da yerine geçilen) kullanıcı', en: 'who did it (or was impersonated)' }))
        .option('--action <action>', say({ tr: 'ör. auth.login, company.switch, user.created', en: 'e.g. auth.login, company.switch, user.created' }))
        .option('--company <id>', say({ tr: 'şirket numarası', en: 'company id' }), integer(0)),
      20,
      ctx.lang,
    ).action((o: ListOptions) => list(ctx, o));
  },
};
