import { setTenant, type DemoTenant, type Trx } from '@tezgah/server';
import type { AccountingArea } from '../area';
import type { LedgerDb } from '../ledger/accounts';
import { declarationHandlers, seedDeclarationTypes, vatDraft } from './declarations.handlers';

/**
 * Tax declarations (beyannameler) and their types.
 *
 * Every company starts with the usual types: KDV1 KDV Beyannamesi (monthly), KDV2 KDV 2
 * Beyannamesi (monthly), MUHSGK Muhtasar ve Prim Hizmet Beyannamesi (monthly), GECICI Geçici
 * Vergi Beyannamesi (quarterly), KURUMLAR Kurumlar Vergisi Beyannamesi (yearly), GELIR Gelir
 * Vergisi Beyannamesi (yearly), DAMGA Damga Vergisi Beyannamesi (monthly). A declaration has a type, a period written as its type wants
 * (2026-01, 2026-Q1, 2026), a created date, a status and an explanation.
 *
 * Statuses (seeds 001 §4: approved, awaiting approval, faulty, cancelled): APPROVED (Onaylandı),
 * AWAITING_APPROVAL (Onay Bekliyor), FAULTY (Hatalı), CANCELLED (İptal Edildi). The seeds show no
 * transitions; these are the ones a Turkish accountant works with (rules.ts):
 *
 *   AWAITING_APPROVAL → APPROVED    the taxpayer approved it and it was filed (tahakkuk)
 *   AWAITING_APPROVAL → FAULTY      a mistake was found before filing
 *   AWAITING_APPROVAL → CANCELLED   it is not filed after all
 *   FAULTY → AWAITING_APPROVAL      corrected, back for approval
 *   FAULTY → CANCELLED              given up
 *   APPROVED, CANCELLED             final
 *
 * A new declaration is awaiting approval, or approved when an already filed one is recorded. An
 * approved declaration is never edited or deleted: a mistake in it is corrected by a new
 * declaration of the same type and period (düzeltme beyannamesi). Only open ones (awaiting
 * approval, faulty) change their type, period and explanation, and a type and period have at most
 * one open declaration. Since 2020 no fourth-quarter geçici vergi return is filed: GECICI takes
 * quarters 1 to 3. A period that has not begun is not declared.
 *
 * POST /declarations/vat-draft {period: YYYY-MM} computes the month's VAT from the ledger (vat.ts):
 * calculated VAT (391's net credit movement), deductible VAT (191's net debit movement), the
 * previous month's carried-forward VAT (from that month's KDV1 declaration, approved first), and
 * the result (payable when calculated exceeds deductible plus carried, else carried forward);
 * the figures are kept on the month's open KDV1 declaration or a new one awaiting approval.
 *
 * POST /declarations/withholding-vat-draft {period: YYYY-MM} computes the month's withholding VAT
 * (KDV 2, withholding.ts): per withholding code, ratio and KDV rate of the month's posted purchase
 * invoices, the KDV base, the KDV and the KDV withheld in lira, and 360's credit from those
 * invoices' live entries to compare them with; kept on the month's KDV2 declaration the same way.
 *
 * Authority: the seeds name no module for declarations; they go with ACCOUNTING_CODE (18), view 1,
 * create 2, update 3, delete 4, as the ledger does.
 *
 * The demo: both companies get the January 2026 VAT draft, computed from whatever the demo posted.
 */
async function seedDemoDeclarations(trx: Trx, demo: DemoTenant) {
  for (const companyId of [demo.companies.pharmacy, demo.companies.general]) {
    await setTenant(trx, companyId);
    await vatDraft(trx as unknown as LedgerDb, { companyId, login: 'system' }, '2026-01', '2026-02-01');
  }
}

export const area: AccountingArea = {
  handlers: declarationHandlers,
  onCompanyCreated: (trx, companyId) => seedDeclarationTypes(trx as unknown as LedgerDb, companyId),
  seedDemo: seedDemoDeclarations,
};
