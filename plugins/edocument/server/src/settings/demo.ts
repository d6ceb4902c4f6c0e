import type { Kysely } from 'kysely';
import { isValidTckn, isValidVkn } from '@tezgah/core';
import { setTenant, type DemoTenant, type Trx } from '@tezgah/server';
import { registerSandboxUser, type SandboxAlias } from '../integrator/index';
import type { EdocumentTables } from '../schema';
import { addPrefix, DEFAULT_PREFIXES, KINDS } from './prefixes';

type Db = Kysely<any>;
const e = (db: Db) => db as unknown as Kysely<EdocumentTables & { companies: any }>;

/**
 * A new company (registration, management, demo): its three series EFA (e-Fatura), EAR (e-Arşiv)
 * and EIR (e-İrsaliye), each the default of its kind, and its settings row: sending off, sandbox.
 * (Not derived from companies.invoice_prefix: one three-letter stem cannot give three distinct
 * series, and the same letters in two kinds are refused; the company changes them on the page.)
 */
export async function onCompanyCreatedSettings(trx: Trx, companyId: number): Promise<void> {
  const db = trx as unknown as Db;
  await e(db).insertInto('edoc_settings').values({ company_id: companyId, urls: '{}', updated_at: new Date() })
    .onConflict((oc) => oc.column('company_id').doNothing()).execute();
  const have = await e(db).selectFrom('edoc_prefixes').select('kind').where('company_id', '=', companyId).execute();
  for (const kind of KINDS) {
    if (have.some((h) => h.kind === kind)) continue;
    await addPrefix(db, companyId, { kind, prefix: DEFAULT_PREFIXES[kind], isDefault: true });
  }
}

/** A company's name as a host label: Turkish letters to ASCII, legal forms dropped ("Demo Ticaret A.Ş." → demo-ticaret). */
export function slugOf(name: string): string {
  const ascii = name.toLocaleLowerCase('tr-TR')
    .replace(/ç/g, 'c').replace(/ğ/g, 'g').replace(/ı/g, 'i').replace(/ö/g, 'o').replace(/ş/g, 's').replace(/ü/g, 'u')
    .normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
  const words = ascii.split(/[^a-z0-9.]+/).filter(Boolean);
  const legal = new Set(['a.s.', 'a.s', 'as', 'ltd.', 'ltd', 'sti.', 'sti', 'a.o.', 'ltd.sti.']);
  while (words.length > 1 && legal.has(words[words.length - 1]!)) words.pop();
  return words.join('-').replace(/\./g, '').replace(/-+/g, '-').replace(/^-|-$/g, '') || 'firma';
}

/** The demo's GB and PK aliases of a company, for e-Fatura and e-İrsaliye. */
export function demoAliases(slug: string): SandboxAlias[] {
  const out: SandboxAlias[] = [];
  for (const documentType of ['INVOICE', 'DESPATCHADVICE'] as const) {
    out.push({ unit: 'GB', documentType, alias: `urn:mail:defaultgb@${slug}.tezgah.test` });
    out.push({ unit: 'PK', documentType, alias: `urn:mail:defaultpk@${slug}.tezgah.test` });
  }
  return out;
}

/** Where the demo companies are, as their e-documents carry it. */
const ADDRESSES: Record<'pharmacy' | 'general', { street: string; building_no: string; district: string; city: string; postal_code: string; website: string | null; trade_registry_no: string | null }> = {
  // Demo Eczanesi, Çankaya Vergi Dairesi.
  pharmacy: { street: 'Tunalı Hilmi Caddesi', building_no: '88/2', district: 'Çankaya', city: 'Ankara', postal_code: '06680', website: null, trade_registry_no: null },
  // Demo Ticaret A.Ş., Beşiktaş Vergi Dairesi.
  general: { street: 'Barbaros Bulvarı', building_no: '145', district: 'Beşiktaş', city: 'İstanbul', postal_code: '34349', website: 'https://demoticaret.tezgah.test', trade_registry_no: '123456-5' },
};

/**
 * The demo: Demo Eczanesi and Demo Ticaret A.Ş. send e-documents in sandbox mode with a full
 * address, sender tags `urn:mail:defaultgb@<slug>.tezgah.test`, and are registered in the
 * sandbox's GİB world (GB and PK aliases for e-Fatura and e-İrsaliye), so each can send the other
 * an e-Fatura; their aliases are in the GİB user cache too. Idempotent.
 */
export async function seedDemoSettings(trx: Trx, demo: DemoTenant): Promise<void> {
  const db = trx as unknown as Db;
  for (const which of ['pharmacy', 'general'] as const) {
    const companyId = demo.companies[which];
    await setTenant(trx, companyId);
    const c = await e(db).selectFrom('companies').select(['name', 'title', 'tax_number']).where('id', '=', companyId).executeTakeFirstOrThrow() as { name: string; title: string | null; tax_number: string };
    const identifier = String(c.tax_number);
    if (!(isValidVkn(identifier) || isValidTckn(identifier))) throw new Error(`demo company ${c.name} has no valid VKN/TCKN: ${identifier}`);
    await onCompanyCreatedSettings(trx, companyId);
    const slug = slugOf(c.name);
    const aliases = demoAliases(slug);
    const gb = aliases[0]!.alias;
    const values = {
      enabled: true, integrator: 'KOLAYSOFT', mode: 'sandbox' as const, urls: '{}', sender_tag: gb, despatch_sender_tag: gb,
      earchive_send_type: 'ELEKTRONIK' as const, auto_send_cash_sales: false, ...ADDRESSES[which], updated_at: new Date(),
    };
    await e(db).insertInto('edoc_settings').values({ company_id: companyId, ...values })
      .onConflict((oc) => oc.column('company_id').doUpdateSet(values)).execute();
    const title = (c.title?.trim() || c.name).trim();
    const registeredAt = new Date('2026-01-02T09:00:00+03:00');
    await registerSandboxUser(db, { identifier, title, aliases }, registeredAt);
    await e(db).insertInto('edoc_gib_users').values(aliases.map((a) => ({
      identifier, alias: a.alias, unit: a.unit, document_type: a.documentType, title, user_type: 'OZEL', registered_at: registeredAt.toISOString(), refreshed_at: new Date(),
    }))).onConflict((oc) => oc.columns(['identifier', 'document_type', 'unit', 'alias']).doUpdateSet({ title, refreshed_at: new Date() })).execute();
  }
}
