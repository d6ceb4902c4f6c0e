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
      code: 'Büyük harf, rakam ve alt çizgi; harfle başlar (ör. KDV2).', system: 'Hazır türün kodu ve dönem türü değiştirilemez; tür silinemez, pasife alınabilir.',
    },
    rules: { code: 'Kod büyük harfle başlar; büyük harf, rakam ve alt çizgi içerir (2–20 karakter).', nameRequired: 'Ad zorunludur.' },
    deleteDetail: 'Yalnızca şirkete ait ve beyannamesi olmayan türler silinir.',
  },
  list: {
    title: 'Beyannameler', add: 'Beyanname ekle', edit: 'Beyannameyi düzenle', delete: 'Beyannameyi sil', type: 'Tür', allTypes: 'Tüm türler',
    period: 'Dönem', status: 'Durum', allStatuses: 'Tüm durumlar', created: 'Oluşturma tarihi', explanation: 'Açıklama', vat: 'KDV', showVat: 'KDV hesabı',
    payable: 'Ödenecek {{amount}}', carried: 'Devreden {{amount}}',
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
      code: 'Upper-case letters, digits and underscore; starts with a letter (e.g. KDV2).', system: 'A standard type keeps its code and period kind; it is not deleted, it may be made passive.',
    },
    rules: { code: 'The code starts with an upper-case letter and holds upper-case letters, digits and underscores (2–20 characters).', nameRequired: 'The name is required.' },
    deleteDetail: 'Only the company\'s own types without declarations are deleted.',
  },
  list: {
    title: 'Declarations', add: 'Add declaration', edit: 'Edit declaration', delete: 'Delete declaration', type: 'Type', allTypes: 'All types',
    period: 'Period', status: 'Status', allStatuses: 'All statuses', created: 'Created on', explanation: 'Explanation', vat: 'VAT', showVat: 'VAT figures',
    payable: 'Payable {{amount}}', carried: 'Carried {{amount}}',
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
};

/** The seeds name no module for declarations: they go with ACCOUNTING_CODE (18), as the books do. */
const VIEW = { module: Module.ACCOUNTING_CODE, anyActions: [Action.VIEW] };
const ADD = { module: Module.ACCOUNTING_CODE, action: Action.CREATE };

/**
 * Tax declarations (beyannameler) under 'Muhasebe': /declarations lists them with the type, period
 * and status filters, adds and edits open ones, moves them along the allowed statuses and computes
 * a month's VAT draft from the ledger; /declaration-types keeps the types (the six standard ones
 * are not deleted).
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
