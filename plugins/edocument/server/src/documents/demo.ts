import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { setTenant, type DemoTenant, type Trx } from '@tezgah/server';
import { parseUbl } from '../ubl/index';
import type { Db } from './flow';

const SAMPLES = fileURLToPath(new URL('../../resources/ubl-tr/samples/izibiz/', import.meta.url));

/**
 * The demo companies' inboxes are not empty: each holds an e-invoice received outside the
 * integrator (one of izibiz's published samples, imported), to look at and to turn into a purchase.
 */
export async function seedDemoDocuments(trx: Trx, demo: DemoTenant): Promise<void> {
  for (const [companyId, file] of [[demo.companies.general, 'FATURA_2.xml'], [demo.companies.pharmacy, 'FATURA_5.xml']] as const) {
    await setTenant(trx, companyId);
    const sample = readFileSync(`${SAMPLES}${file}`, 'utf8');
    // Its own ETTN, so the published sample itself can still be imported (tests, a person trying the import).
    const ettn = demoEttn(`${companyId}:${file}`);
    const xml = sample.replace(/(<cbc:UUID>)[^<]+(<\/cbc:UUID>)/, `$1${ettn}$2`);
    const p = parseUbl(xml);
    const db = trx as unknown as Db;
    await db.insertInto('edoc_documents').values({
      company_id: companyId, direction: 'INCOMING', category: p.profile === 'EARSIVFATURA' ? 'EARCHIVE' : 'EINVOICE', uuid: p.uuid.toUpperCase(),
      document_no: p.id, profile: p.profile, type_code: p.typeCode, issue_date: p.issueDate, status: 'SUCCESS', status_reason: null,
      party_title: p.supplier.name, party_identifier: p.supplier.vknTckn, total: p.totals.payable, currency: p.currency, exchange_rate: p.exchangeRate,
      xml, imported: true, problems: '[]', history: JSON.stringify([{ at: new Date().toISOString(), status: 'SUCCESS', note: 'Örnek belge içe aktarıldı.' }]),
      created_at: new Date(), updated_at: new Date(),
    }).onConflict((oc) => oc.columns(['company_id', 'direction', 'uuid']).doNothing()).execute();
  }
}

/** A UUID-shaped ETTN derived from a name (the same demo document gets the same one). */
function demoEttn(name: string): string {
  const h = createHash('sha1').update(`tezgah-demo-edoc:${name}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`.toUpperCase();
}
