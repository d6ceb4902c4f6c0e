/** company list, company switch. */
import type { Command } from 'commander';
import { sayIn } from '../i18n';
import type { CliContext, CliPlugin } from '../plugins';
import { id } from '../options';

async function list(ctx: CliContext): Promise<void> {
  const api = ctx.api();
  const current = api.client.tokenStore.get()?.companyId ?? null;
  const companies = (await api.userCompanies()).map((c) => ({ ...c, current: c.companyId === current }));
  const tr = ctx.lang === 'tr';
  ctx.output.result(companies, (rows) =>
    ctx.output.table(rows, [
      { header: '', value: (c) => (c.current ? '*' : ' ') },
      { header: tr ? 'No' : 'Id', value: (c) => c.companyId },
      { header: tr ? 'Ad' : 'Name', value: (c) => c.name },
      { header: tr ? 'Sektör' : 'Sector', value: (c) => c.sectorKey },
      { header: 'ERP', value: (c) => c.erpType },
      { header: tr ? 'Birincil' : 'Primary', value: (c) => c.isPrimary },
      { header: tr ? 'Aktif' : 'Active', value: (c) => c.active },
    ]),
  );
}

async function switchTo(ctx: CliContext, companyId: number): Promise<void> {
  const api = ctx.api();
  // The new token (with the new company) is stored in the profile by the SDK.
  await api.companyAuthenticate(companyId);
  const account = await api.account();
  const result = { companyId: account.companyId, name: account.company?.name ?? null };
  const label = ctx.lang === 'tr' ? 'Geçerli şirket' : 'Current company';
  ctx.output.result(result, (r) => ctx.output.line(`${label}: ${r.companyId}${r.name ? ` ${r.name}` : ''}`));
}

export const companyCommands: CliPlugin = {
  id: 'kernel.company',
  register(program: Command, ctx: CliContext) {
    const say = sayIn(ctx.lang);
    const company = program.command('company').description(say({ tr: 'üyesi olduğunuz şirketler', en: 'the companies you belong to' }));
    company
      .command('list')
      .description(say({ tr: 'şirketlerinizi listeler (* geçerli olanı gösterir)', en: 'list your companies (* marks the current one)' }))
      .action(() => list(ctx));
    company
      .command('switch')
      .description(say({ tr: 'şirketlerinizden bir başkasını geçerli şirket yapar', en: 'make another of your companies the current one' }))
      .argument('<id>', say({ tr: 'şirket numarası', en: 'company id' }), id)
      .action((companyId: number) => switchTo(ctx, companyId));
  },
};
