import { Action, Module } from '@tezgah/core';
import { GROUPS, type WebArea } from '../area';

const tr = {
  menu: { declarations: 'Beyannameler', types: 'Beyanname Türleri' },
  statuses: { AWAITING_APPROVAL: 'Onay Bekliyor', APPROVED: 'Onaylandı', FAULTY: 'Hatalı', CANCELLED: 'İptal Edildi' },
  steps: { APPROVED: 'Onayla', FAULTY: 'Hatalı', AWAITING_APPROVAL: 'Onaya gönder', CANCELLED: 'İptal et' },
  stepConfirm: '{{type}} {{period}} beyannamesi "{{status}}" durumuna alınsın mı?',
  stepDetail: {
    APPROVED: 'Onaylanan (verilmiş) beyanname bir daha değiştirilemez ve silinemez; düzeltme için aynı dönem için yeni bir beyanname girilir.',
    FAULTY: 'Hatalı beyanname düzeltilip yeniden onaya gönderilebilir ya da iptal edilebilir.',
    AWAITING_APPROVAL: 'Beyanname yeniden onay bekler.',
    CANCELLED: 'İptal edilen beyanname bir daha değiştirilemez.',
  },
  stepDone: 'Beyanname "{{status}}" durumuna alındı.',
  periodKinds: { MONTHLY: 'Aylık', QUARTERLY: 'Üç aylık', YEARLY: 'Yıllık' },
  periodHints: { MONTHLY: 'YYYY-AA (ör. 2026-01)', QUARTERLY: 'YYYY-Qn (ör. 2026-Q1)', YEARLY: 'YYYY (ör. 2026)' },
  types: {
    title: 'Beyanname Türleri', add: 'Beyanname türü ekle', edit: 'Beyanname türünü düzenle', delete: 'Beyanname türünü sil',
    code: 'Kod', name: 'Ad', periodKind: 'Dönem türü', system: 'Hazır tür', own: 'Şirkete ait', active: 'Aktif', status: 'Durum', passive: 'Pasif',
    hints: {
      code: 'Büyük harf, rakam ve alt çizgi; harfle başlar (ör. OTV1).', system: 'Hazır türün kodu ve dönem türü değiştirilemez; tür silinemez, pasife alınabilir.',
    },
    rules: { code: 'Kod büyük harfle başlar; büyük harf, rakam ve alt çizgi içerir (2–20 karakter).', nameRequired: 'Ad zorunludur.' },
    deleteDetail: 'Yalnızca şirkete ait ve beyannamesi olmayan türler silinir.',
  },
  list: {
    title: 'Beyannameler', add: 'Beyanname ekle', edit: 'Beyannameyi düzenle', delete: 'Beyannameyi sil', type: 'Tür', allTypes: 'Tüm türler',
    period: 'Dönem', status: 'Durum', allStatuses: 'Tüm durumlar', created: 'Oluşturma tarihi', explanation: 'Açıklama', vat: 'KDV', showVat: 'KDV hesabı',
    payable: 'Ödenecek {{amount}}', carried: 'Devreden {{amount}}', withheld: 'Tevkifat {{amount}}', showWithholding: 'KDV 2 hesabı',
    deleteDetail: 'Onaylanmış (verilmiş) beyanname silinmez.', periodFilter: 'Dönem (ör. 2026-01)',
  },
  form: {
    type: 'Beyanname türü', period: 'Dönem', status: 'Durum', explanation: 'Açıklama', filed: 'Verilmiş beyanname olarak kaydet (Onaylandı)',
    statusHint: 'Yeni beyanname onay bekler; daha önce verilmiş bir beyanname onaylanmış olarak kaydedilir.',
    rules: { typeRequired: 'Beyanname türü seçiniz.', periodRequired: 'Dönem zorunludur.', period: 'Dönem {{format}} biçiminde yazılır.' },
  },
  vat: {
    action: 'KDV taslağı', title: 'KDV taslağı', period: 'Ay', periodHint: 'YYYY-AA (ör. 2026-01). Hesaplama defterden (391 ve 191) yapılır.',
    compute: 'Hesapla', figures: 'KDV hesabı', calculatedVat: 'Hesaplanan KDV', deductibleVat: 'İndirilecek KDV',
    previousCarriedForward: 'Önceki dönemden devreden KDV', totalDeductible: 'İndirimler toplamı', payableVat: 'Ödenecek KDV',
    carriedForwardVat: 'Sonraki döneme devreden KDV', computed: 'Hesaplama: {{date}}', done: '{{period}} KDV taslağı hesaplandı.',
    rules: { period: 'Ayı YYYY-AA biçiminde yazınız (ör. 2026-01).' },
  },
  withholding: {
    action: 'KDV 2 taslağı', title: 'KDV 2 taslağı',
    periodHint: 'YYYY-AA (ör. 2026-01). Ayın kesilmiş tevkifatlı alış faturalarından hesaplanır ve 360 hesabıyla karşılaştırılır.',
    figures: 'KDV 2 hesabı', code: 'Tevkifat kodu', ratio: 'Tevkifat oranı', vatRate: 'KDV oranı', base: 'Matrah', vat: 'KDV',
    withheld: 'Tevkif edilen KDV', total: 'Toplam', none: 'Bu ay tevkifatlı alış faturası yok.',
    matches: 'Defterde alış faturalarından 360 Ödenecek Vergi ve Fonlar hesabına alacak kaydedilen {{amount}}, tevkif edilen KDV toplamına eşit.',
    differs: 'Defterde alış faturalarından 360 hesabına alacak kaydedilen {{ledger}}, tevkif edilen KDV toplamından ({{withheld}}) farklı; faturaları ve yevmiye fişlerini kontrol edin.',
    done: '{{period}} KDV 2 taslağı hesaplandı.',
  },
};

const en: typeof tr = {
  menu: { declarations: 'Declarations', types: 'Declaration types' },
  statuses: { AWAITING_APPROVAL: 'Awaiting approval', APPROVED: 'Approved', FAULTY: 'Faulty', CANCELLED: 'Cancelled' },
  steps: { APPROVED: 'Approve', FAULTY: 'Faulty', AWAITING_APPROVAL: 'Back to approval', CANCELLED: 'Cancel' },
  stepConfirm: 'Set the {{type}} declaration of {{period}} to "{{status}}"?',
  stepDetail: {
    APPROVED: 'An approved (filed) declaration is never changed or deleted again; it is corrected by a new declaration of the same period.',
    FAULTY: 'A faulty declaration may be corrected and sent back for approval, or cancelled.',
    AWAITING_APPROVAL: 'The declaration awaits approval again.',
    CANCELLED: 'A cancelled declaration is never changed again.',
  },
  stepDone: 'The declaration is now "{{status}}".',
  periodKinds: { MONTHLY: 'Monthly', QUARTERLY: 'Quarterly', YEARLY: 'Yearly' },
  periodHints: { MONTHLY: 'YYYY-MM (e.g. 2026-01)', QUARTERLY: 'YYYY-Qn (e.g. 2026-Q1)', YEARLY: 'YYYY (e.g. 2026)' },
  types: {
    title: 'Declaration types', add: 'Add declaration type', edit: 'Edit declaration type', delete: 'Delete declaration type',
    code: 'Code', name: 'Name', periodKind: 'Period kind', system: 'Standard type', own: 'The company\'s own', active: 'Active', status: 'Status', passive: 'Passive',
    hints: {
      code: 'Upper-case letters, digits and underscore; starts with a letter (e.g. OTV1).', system: 'A standard type keeps its code and period kind; it is not deleted, it may be made passive.',
    },
    rules: { code: 'The code starts with an upper-case letter and holds upper-case letters, digits and underscores (2–20 characters).', nameRequired: 'The name is required.' },
    deleteDetail: 'Only the company\'s own types without declarations are deleted.',
  },
  list: {
    title: 'Declarations', add: 'Add declaration', edit: 'Edit declaration', delete: 'Delete declaration', type: 'Type', allTypes: 'All types',
    period: 'Period', status: 'Status', allStatuses: 'All statuses', created: 'Created on', explanation: 'Explanation', vat: 'VAT', showVat: 'VAT figures',
    payable: 'Payable {{amount}}', carried: 'Carried {{amount}}', withheld: 'Withheld {{amount}}', showWithholding: 'Withholding VAT figures',
    deleteDetail: 'An approved (filed) declaration is not deleted.', periodFilter: 'Period (e.g. 2026-01)',
  },
  form: {
    type: 'Declaration type', period: 'Period', status: 'Status', explanation: 'Explanation', filed: 'Record as already filed (Approved)',
    statusHint: 'A new declaration awaits approval; one filed earlier is recorded as approved.',
    rules: { typeRequired: 'Choose a declaration type.', periodRequired: 'The period is required.', period: 'The period is written as {{format}}.' },
  },
  vat: {
    action: 'VAT draft', title: 'VAT draft', period: 'Month', periodHint: 'YYYY-MM (e.g. 2026-01). Computed from the ledger (391 and 191).',
    compute: 'Compute', figures: 'VAT figures', calculatedVat: 'Calculated VAT', deductibleVat: 'Deductible VAT',
    previousCarriedForward: 'Carried forward from the previous period', totalDeductible: 'Total deductions', payableVat: 'Payable VAT',
    carriedForwardVat: 'Carried forward to the next period', computed: 'Computed: {{date}}', done: 'VAT draft of {{period}} computed.',
    rules: { period: 'Write the month as YYYY-MM (e.g. 2026-01).' },
  },
  withholding: {
    action: 'KDV 2 draft', title: 'Withholding VAT (KDV 2) draft',
    periodHint: 'YYYY-MM (e.g. 2026-01). Computed from the month\'s posted purchase invoices with withholding and compared with account 360.',
    figures: 'Withholding VAT figures', code: 'Withholding code', ratio: 'Withholding ratio', vatRate: 'VAT rate', base: 'Tax base', vat: 'VAT',
    withheld: 'VAT withheld', total: 'Total', none: 'No purchase invoices with withholding this month.',
    matches: 'The ledger\'s credit to 360 Taxes and Funds Payable from purchase invoices, {{amount}}, equals the VAT withheld.',
    differs: 'The ledger\'s credit to 360 from purchase invoices, {{ledger}}, differs from the VAT withheld ({{withheld}}); check the invoices and the journal entries.',
    done: 'KDV 2 draft of {{period}} computed.',
  },
};

/** The seeds name no module for declarations: they go with ACCOUNTING_CODE (18), as the books do. */
const VIEW = { module: Module.ACCOUNTING_CODE, anyActions: [Action.VIEW] };
const ADD = { module: Module.ACCOUNTING_CODE, action: Action.CREATE };

/**
 * Tax declarations (beyannameler) under 'Muhasebe': /declarations lists them with the type, period
 * and status filters, adds and edits open ones, moves them along the allowed statuses and computes
 * a month's VAT (KDV1) and withholding VAT (KDV2) drafts from the books; /declaration-types keeps
 * the types (the seven standard ones are not deleted).
 */
export const area: WebArea = {
  menu: [{
    ...GROUPS.ledger,
    children: [
      { id: 'declarations', title: tr.menu.declarations, titleKey: 'accounting:declarations.menu.declarations', route: '/declarations', icon: 'document', order: 70, ...VIEW, addButton: ADD },
      { id: 'declaration-types', title: tr.menu.types, titleKey: 'accounting:declarations.menu.types', route: '/declaration-types', icon: 'properties', order: 80, ...VIEW, addButton: ADD },
    ],
  }],
  routes: [
    { path: '/declarations', ...VIEW, title: tr.menu.declarations, titleKey: 'declarations.menu.declarations' },
    { path: '/declaration-types', ...VIEW, title: tr.menu.types, titleKey: 'declarations.menu.types' },
  ],
  load: {
    routes: {
      '/declarations': () => import('./DeclarationsPage'),
      '/declaration-types': () => import('./DeclarationTypesPage'),
    },
  },
  messages: { tr: { declarations: tr }, en: { declarations: en } },
};
