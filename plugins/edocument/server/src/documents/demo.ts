import { createHash, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import Decimal from 'decimal.js';
import { setTenant, type DemoTenant, type Trx } from '@tezgah/server';
import { directoryOf, type DocumentsService } from '@tezgah/accounting-server';
import { buildInvoice, parseUbl, type UblLine, type UblParty } from '../ubl/index';
import { companyIdentity, defaultPrefix, gibAliases, nextNumber } from '../settings/index';
import { setRead, storeDocument } from '../integrator/index';
import type { HistoryEntry } from '../schema';
import { choiceProblems, companyParty, impliedType, invoiceInput, partyProblems, type SendChoice } from './build';
import { DOCUMENTS_SERVICE, type Db } from './flow';

const SAMPLES = fileURLToPath(new URL('../../resources/ubl-tr/samples/izibiz/', import.meta.url));

/**
 * The demo companies' inboxes are not empty: each holds an e-invoice received outside the
 * integrator (one of izibiz's published samples, imported), to look at and to turn into a purchase.
 */
async function seedImportedSamples(trx: Trx, demo: DemoTenant): Promise<void> {
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

/**
 * Demo Ticaret A.Ş.'s first posted sale (the accounting demo's November invoice to Boğaziçi Otel
 * İşletmeleri) went out as an e-Arşiv invoice and was reported: what `send` and the worker leave
 * behind (flow.ts), made with the same parts without calling the integrator — the rules the send
 * checks (a demo the rules refuse stops the seeding), the e-Arşiv series' next number, the
 * invoice taking that number as its legal one (its company-series number kept as provisional),
 * the UBL-TR built under it, the document SUCCESS with its history, and the sandbox integrator
 * holding it (so its status, a cancel and GİB's view answer as for any sent document). The XML is
 * validated against GİB's XSDs and schematron by the e-document tests, not here (a second each).
 */
async function seedSentEArchive(trx: Trx, demo: DemoTenant): Promise<void> {
  const companyId = demo.companies.general;
  await setTenant(trx, companyId);
  const db = trx as unknown as Db;
  const [header] = await directoryOf(demo).invoiceHeaders(trx, companyId, { invoiceType: 'SALE', status: 'POSTED', limit: 1 });
  if (!header) return;
  const documents = demo.service<DocumentsService>(DOCUMENTS_SERVICE);
  const inv = await documents.invoice(trx, companyId, header.id);
  if (!inv) return;
  const settings = await db.selectFrom('edoc_settings').select(['integrator', 'sender_tag', 'earchive_send_type']).where('company_id', '=', companyId).executeTakeFirstOrThrow();
  // Not an e-Fatura user in GİB's list (the demo's cache of it): the invoice goes out as e-Arşiv.
  if (inv.customer.taxNumber && (await gibAliases(db as never, null, inv.customer.taxNumber, 'INVOICE')).length) {
    throw new Error(`demo e-Arşiv of invoice ${inv.id}: its customer is an e-Fatura user, the invoice would go out as an e-Fatura`);
  }
  const prefix = await defaultPrefix(db as never, companyId, 'EARCHIVE');
  const choice: SendChoice = {
    category: 'EARCHIVE', profile: 'EARSIVFATURA', type: impliedType(inv), receiverTag: null, senderTag: settings.sender_tag, prefix,
    email: inv.customer.email, earchiveSendType: settings.earchive_send_type, note: null,
  };
  const refused = [...partyProblems(inv.customer, inv.customer.kind === 'COMPANY'), ...choiceProblems(choice, 'INVOICE')];
  if (refused.length) throw new Error(`demo e-Arşiv of invoice ${inv.id}: ${refused.map((p) => p.message).join(' ')}`);
  const company = await companyIdentity(db as never, companyId);
  const sentAt = new Date(`${inv.date}T16:45:00+03:00`);
  const uuid = demoEttn(`${companyId}:invoice:${inv.id}`);
  const number = await nextNumber(db as never, companyId, prefix!, inv.date);
  await documents.legalNumber(trx, companyId, inv.id, number);
  const xml = buildInvoice(invoiceInput(inv, company, choice, { uuid, id: number }, '16:45:00'));
  const minutes = (n: number) => new Date(sentAt.getTime() + n * 60_000);
  const history: HistoryEntry[] = [
    { at: minutes(-3).toISOString(), status: 'CONTROL', note: null },
    { at: minutes(-2).toISOString(), status: 'PREVIEW', note: null },
    { at: sentAt.toISOString(), status: 'SENDING', note: null },
    { at: minutes(2).toISOString(), status: 'SUCCESS', note: 'RAPORLANDI' },
  ];
  await db.insertInto('edoc_documents').values({
    company_id: companyId, direction: 'OUTGOING', category: 'EARCHIVE', uuid, document_no: number, prefix, profile: choice.profile, type_code: choice.type,
    issue_date: inv.date, status: 'SUCCESS', status_reason: 'RAPORLANDI', party_title: inv.customer.name, party_identifier: inv.customer.taxNumber,
    total: inv.payable, currency: inv.currency, exchange_rate: inv.currency !== 'TRY' ? inv.rate : null, integrator: settings.integrator,
    receiver_tag: null, sender_tag: choice.senderTag, email: choice.email, invoice_id: inv.id, despatch_id: null, purchase_invoice_id: null,
    answer: null, answered_at: null, problems: '[]', options: '{}', gib_code: null, integrator_code: '130', xml, html: null, attempts: 1,
    sent_at: sentAt, next_check_at: null, deadline_at: new Date(sentAt.getTime() + 24 * 3_600_000), history: JSON.stringify(history),
    created_at: minutes(-3), updated_at: minutes(2),
  }).execute();
  await storeDocument(db as never, {
    uuid: uuid.toLowerCase(), kind: 'EARCHIVE', doc_id: number, sender_vkn: company.vknTckn, sender_alias: null, sender_title: company.name,
    receiver_vkn: inv.customer.taxNumber, receiver_alias: null, receiver_title: inv.customer.name, profile: choice.profile, type_code: choice.type,
    issue_date: inv.date, payable: new Decimal(inv.payable).toFixed(2), currency: inv.currency, xml, txn_id: `${sentAt.getTime()}001`, envelope_id: randomUUID(),
    created_at: sentAt, ready_at: sentAt, outcome: 'SUCCESS', auto_answer: null, earchive_type: 'NORMAL', email: choice.email,
  }, false);
}

/** Trakya Gıda, Demo Ticaret's supplier (and customer), as its own e-Fatura names it. */
const TRAKYA: UblParty = {
  vknTckn: '2704591634', name: 'Trakya Gıda Ltd. Şti.', taxOffice: 'Şişli', street: 'Halaskargazi Caddesi', buildingNo: '214', district: 'Şişli',
  city: 'İstanbul', postalCode: '34381', country: 'Türkiye', email: 'fatura@trakyagida.example', phone: '2127778899',
};

/** Its November delivery for the office kitchen: goods Demo Ticaret stocks too (same barcodes), food at 1 % KDV. */
const TRAKYA_LINES: { name: string; barcode: string; unitCode: string; quantity: string; unitPrice: string }[] = [
  { name: 'Türk Kahvesi 100 gr', barcode: '8690000000127', unitCode: 'PA', quantity: '24', unitPrice: '48.00' },
  { name: 'Siyah Çay 1 kg', barcode: '8690000000134', unitCode: 'PA', quantity: '10', unitPrice: '165.00' },
  { name: 'Toz Şeker 5 kg', barcode: '8690000000141', unitCode: 'PA', quantity: '6', unitPrice: '170.00' },
];

/**
 * Demo Ticaret A.Ş.'s inbox also holds an e-Fatura received through the integrator (not imported):
 * Trakya Gıda's TEMELFATURA of 18 November, stored as the inbox pull stores one (incoming.ts) and
 * held, already read, by the sandbox integrator, so a pull does not bring it again. It has no
 * purchase invoice yet: the demo's "turn into a purchase" finds its products by barcode.
 */
async function seedReceivedEInvoice(trx: Trx, demo: DemoTenant): Promise<void> {
  const companyId = demo.companies.general;
  await setTenant(trx, companyId);
  const db = trx as unknown as Db;
  const company = await companyIdentity(db as never, companyId);
  const uuid = demoEttn(`${companyId}:received:${TRAKYA.vknTckn}`);
  const id = 'TGD2026000000873';
  const lines: UblLine[] = TRAKYA_LINES.map((l, i) => {
    const base = new Decimal(l.quantity).times(l.unitPrice).toDecimalPlaces(2);
    const kdv = base.times('0.01').toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
    return {
      lineNo: i + 1, name: l.name, quantity: l.quantity, unitCode: l.unitCode, unitPrice: l.unitPrice, discounts: [], lineExtension: base.toFixed(2),
      taxes: [{ code: '0015', name: 'KDV', percent: '1', base: base.toFixed(2), amount: kdv.toFixed(2) }], barcode: l.barcode,
    };
  });
  const xml = buildInvoice({
    uuid, id, issueDate: '2026-11-18', issueTime: '14:20:00', profile: 'TEMELFATURA', type: 'SATIS', currency: 'TRY',
    notes: ['Kasım ayı ofis mutfağı siparişi', 'Ödeme: 30 gün vadeli, havale ile'], supplier: TRAKYA, customer: companyParty(company), lines,
    paymentDueDate: '2026-12-18',
  });
  const p = parseUbl(xml);
  const receivedAt = new Date('2026-11-18T14:35:00+03:00');
  await db.insertInto('edoc_documents').values({
    company_id: companyId, direction: 'INCOMING', category: 'EINVOICE', uuid, document_no: p.id, profile: p.profile, type_code: p.typeCode,
    issue_date: p.issueDate, status: 'SUCCESS', status_reason: null, party_title: p.supplier.name, party_identifier: p.supplier.vknTckn,
    total: p.totals.payable, currency: p.currency, exchange_rate: p.exchangeRate, sender_tag: null, receiver_tag: null, xml, problems: '[]',
    history: JSON.stringify([{ at: receivedAt.toISOString(), status: 'SUCCESS', note: 'Entegratörden alındı.' }]), created_at: receivedAt, updated_at: receivedAt,
  }).onConflict((oc) => oc.columns(['company_id', 'direction', 'uuid']).doNothing()).execute();
  const gb = (await db.selectFrom('edoc_settings').select('sender_tag').where('company_id', '=', companyId).executeTakeFirst())?.sender_tag ?? null;
  const pk = gb ? gb.replace('defaultgb@', 'defaultpk@') : null;
  await storeDocument(db as never, {
    uuid: uuid.toLowerCase(), kind: 'INVOICE', doc_id: id, sender_vkn: TRAKYA.vknTckn, sender_alias: 'urn:mail:defaultgb@trakyagida.example', sender_title: TRAKYA.name,
    receiver_vkn: company.vknTckn, receiver_alias: pk, receiver_title: company.name, profile: p.profile, type_code: p.typeCode, issue_date: p.issueDate,
    payable: new Decimal(p.totals.payable).toFixed(2), currency: p.currency, xml, txn_id: `${receivedAt.getTime()}001`, envelope_id: randomUUID(),
    created_at: new Date('2026-11-18T14:21:00+03:00'), ready_at: new Date('2026-11-18T14:21:00+03:00'), outcome: 'SUCCESS', auto_answer: null, earchive_type: null, email: null,
  }, false);
  await setRead(db as never, [uuid], company.vknTckn, 'INVOICE', receivedAt);
}

/** The demo's e-documents: the imported samples, a sent e-Arşiv invoice and a received e-Fatura. */
export async function seedDemoDocuments(trx: Trx, demo: DemoTenant): Promise<void> {
  await seedImportedSamples(trx, demo);
  await seedSentEArchive(trx, demo);
  await seedReceivedEInvoice(trx, demo);
}

/** A UUID-shaped ETTN derived from a name (the same demo document gets the same one). */
function demoEttn(name: string): string {
  const h = createHash('sha1').update(`tezgah-demo-edoc:${name}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`.toUpperCase();
}
