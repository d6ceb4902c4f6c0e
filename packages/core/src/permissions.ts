/**
 * Module and action ids of the permission model (seeds 000 §6, 001 §6).
 *
 * An authority code is `${moduleId}_${actionId}` scoped to a company; see `./authority`.
 */

/**
 * Module ids. The numbers are part of stored authority codes and must never change.
 *
 * Note: an earlier permission listing in the seeds also names ADMIN as 1; id 1 is the
 * pre-accounting owner module (ONMUHASEBE) here and the admin management role is 102.
 */
export const Module = {
  ONMUHASEBE: 1,
  SAFE: 2,
  BANK: 3,
  CHECK: 4,
  SUPPLIER: 5,
  CUSTOMER: 6,
  PARTNER: 7,
  PERSONNEL: 8,
  ORDER_RECEIVED: 9,
  ORDER_GIVEN: 10,
  SALES: 11,
  EXPENSE: 12,
  PRODUCT: 13,
  WAREHOUSE: 14,
  AGENDA: 15,
  REPORT_PURCHASE_SALES: 16,
  USER: 17,
  ACCOUNTING_CODE: 18,
  TAG: 19,
  ROLE: 20,
  COMPANY: 21,
  BANK_BRANCH: 22,
  TAX: 23,
  CURRENCY_TYPE: 24,
  PRICE_LIST: 25,
  DESPATCH: 26,
  POS_DEVICE: 27,
  KOLAY_ASISTAN: 28,
  RECETE: 29,
  POS_PAYMENT: 30,
  ERP: 31,
  CONNECTOR: 32,
  MOBILE: 33,
  CURRENT_POS_PAYMENT: 34,
  PHARMACY_POS: 35,
  SUPER_ADMIN: 101,
  ADMIN: 102,
  SUPPORT: 103,
  ERP_MANAGEMENT: 104,
  MANAGEMENT: 1000,
  MANAGEMENT_ERP: 1001,
} as const;
export type Module = (typeof Module)[keyof typeof Module];

/** Every module id, in ascending order. */
export const MODULES: readonly Module[] = Object.values(Module).sort((a, b) => a - b);

/** Turkish module names as shown on the roles screen. */
export const MODULE_LABELS_TR: Readonly<Record<Module, string>> = {
  [Module.ONMUHASEBE]: 'Ön Muhasebe',
  [Module.SAFE]: 'Kasa',
  [Module.BANK]: 'Banka',
  [Module.CHECK]: 'Çek',
  [Module.SUPPLIER]: 'Tedarikçi',
  [Module.CUSTOMER]: 'Müşteri',
  [Module.PARTNER]: 'Ortak',
  [Module.PERSONNEL]: 'Personel',
  [Module.ORDER_RECEIVED]: 'Alınan Sipariş',
  [Module.ORDER_GIVEN]: 'Verilen Sipariş',
  [Module.SALES]: 'Satış',
  [Module.EXPENSE]: 'Gider',
  [Module.PRODUCT]: 'Ürün',
  [Module.WAREHOUSE]: 'Depo',
  [Module.AGENDA]: 'Ajanda',
  [Module.REPORT_PURCHASE_SALES]: 'Alış-Satış Raporu',
  [Module.USER]: 'Kullanıcı',
  [Module.ACCOUNTING_CODE]: 'Muhasebe Kodu',
  [Module.TAG]: 'Etiket',
  [Module.ROLE]: 'Rol',
  [Module.COMPANY]: 'Firma',
  [Module.BANK_BRANCH]: 'Banka Şubesi',
  [Module.TAX]: 'Vergi',
  [Module.CURRENCY_TYPE]: 'Döviz Türü',
  [Module.PRICE_LIST]: 'Fiyat Listesi',
  [Module.DESPATCH]: 'İrsaliye',
  [Module.POS_DEVICE]: 'POS Cihazı',
  [Module.KOLAY_ASISTAN]: 'Kolay Asistan',
  [Module.RECETE]: 'Reçete',
  [Module.POS_PAYMENT]: 'POS Ödeme',
  [Module.ERP]: 'ERP Bağlantısı',
  [Module.CONNECTOR]: 'Konnektör Bağlantısı',
  [Module.MOBILE]: 'Mobil Bağlantı',
  [Module.CURRENT_POS_PAYMENT]: 'Cari POS Ödeme',
  [Module.PHARMACY_POS]: 'Eczane POS',
  [Module.SUPER_ADMIN]: 'Süper Yönetici',
  [Module.ADMIN]: 'Yönetici',
  [Module.SUPPORT]: 'Destek',
  [Module.ERP_MANAGEMENT]: 'ERP Yönetimi',
  [Module.MANAGEMENT]: 'Yönetim',
  [Module.MANAGEMENT_ERP]: 'Yönetim ERP',
};

/** English module names. */
export const MODULE_LABELS_EN: Readonly<Record<Module, string>> = {
  [Module.ONMUHASEBE]: 'Pre-accounting',
  [Module.SAFE]: 'Safe',
  [Module.BANK]: 'Bank',
  [Module.CHECK]: 'Cheque',
  [Module.SUPPLIER]: 'Supplier',
  [Module.CUSTOMER]: 'Customer',
  [Module.PARTNER]: 'Partner',
  [Module.PERSONNEL]: 'Personnel',
  [Module.ORDER_RECEIVED]: 'Orders received',
  [Module.ORDER_GIVEN]: 'Orders given',
  [Module.SALES]: 'Sales',
  [Module.EXPENSE]: 'Expense',
  [Module.PRODUCT]: 'Product',
  [Module.WAREHOUSE]: 'Warehouse',
  [Module.AGENDA]: 'Agenda',
  [Module.REPORT_PURCHASE_SALES]: 'Purchase and sales report',
  [Module.USER]: 'User',
  [Module.ACCOUNTING_CODE]: 'Accounting code',
  [Module.TAG]: 'Tag',
  [Module.ROLE]: 'Role',
  [Module.COMPANY]: 'Company',
  [Module.BANK_BRANCH]: 'Bank branch',
  [Module.TAX]: 'Tax',
  [Module.CURRENCY_TYPE]: 'Currency type',
  [Module.PRICE_LIST]: 'Price list',
  [Module.DESPATCH]: 'Despatch',
  [Module.POS_DEVICE]: 'POS device',
  [Module.KOLAY_ASISTAN]: 'Kolay Asistan',
  [Module.RECETE]: 'Prescription',
  [Module.POS_PAYMENT]: 'POS payment',
  [Module.ERP]: 'ERP connection',
  [Module.CONNECTOR]: 'Connector connection',
  [Module.MOBILE]: 'Mobile connection',
  [Module.CURRENT_POS_PAYMENT]: 'Current-account POS payment',
  [Module.PHARMACY_POS]: 'Pharmacy POS',
  [Module.SUPER_ADMIN]: 'Super admin',
  [Module.ADMIN]: 'Admin',
  [Module.SUPPORT]: 'Support',
  [Module.ERP_MANAGEMENT]: 'ERP management',
  [Module.MANAGEMENT]: 'Management',
  [Module.MANAGEMENT_ERP]: 'Management ERP',
};

/**
 * Action ids (seeds 000 §6).
 *
 * The seeds list some ids under a bare, repeated name ("create 17, update 18, delete 19",
 * "update 41, delete 42"). They are named after the entry that precedes them in the list:
 * 17–19 follow "payment view 16" and become PAYMENT_CREATE / PAYMENT_UPDATE / PAYMENT_DELETE;
 * 41–42 follow "collection view 40" and become COLLECTION_UPDATE / COLLECTION_DELETE.
 */
export const Action = {
  VIEW: 1,
  CREATE: 2,
  UPDATE: 3,
  DELETE: 4,
  EXPORT: 5,
  IMPORT: 6,
  TRANSFER: 7,
  EXTRACT_VIEW: 8,
  EXTRACT_DELETE: 9,
  RECEIVED_VIEW: 10,
  RECEIVED_DELETE: 11,
  GIVEN_VIEW: 12,
  GIVEN_DELETE: 13,
  AS_CUSTOMER_CREATE: 14,
  AS_SUPPLIER_CREATE: 15,
  PAYMENT_VIEW: 16,
  PAYMENT_CREATE: 17,
  PAYMENT_UPDATE: 18,
  PAYMENT_DELETE: 19,
  CREDIT_VIEW: 20,
  CAPITAL_CREATE: 21,
  CAPITAL_DELETE: 22,
  TO_INVOICE_CREATE: 23,
  INVOICE_EXPORT: 24,
  COLLECTION_CREATE: 25,
  INSTALLMENT_COLLECTION: 26,
  PERIODIC_COLLECTION: 27,
  DETAIL_VIEW: 28,
  INSTALLMENT_PAYMENT: 29,
  PERIODIC_PAYMENT: 30,
  WAREHOUSE_VIEW: 31,
  STOCK_MOVEMENTS_VIEW: 32,
  BETWEEN_WAREHOUSE_TRANSFER: 33,
  PRODUCT_VIEW: 34,
  TRANSFER_VIEW: 35,
  NOTE_CREATE: 36,
  FINANCE_MOVEMENTS_VIEW: 37,
  STOCK_UPDATE: 38,
  PHOTO_CREATE: 39,
  COLLECTION_VIEW: 40,
  COLLECTION_UPDATE: 41,
  COLLECTION_DELETE: 42,
  CURRENT_ADD: 43,
  PRICE_UPDATE: 44,
  CONNECT: 45,
  INVOICE_CANCEL: 46,
  USER: 47,
} as const;
export type Action = (typeof Action)[keyof typeof Action];

/** Every action id, in ascending order. */
export const ACTIONS: readonly Action[] = Object.values(Action).sort((a, b) => a - b);

/** Turkish action names. */
export const ACTION_LABELS_TR: Readonly<Record<Action, string>> = {
  [Action.VIEW]: 'Görüntüleme',
  [Action.CREATE]: 'Ekleme',
  [Action.UPDATE]: 'Güncelleme',
  [Action.DELETE]: 'Silme',
  [Action.EXPORT]: 'Dışa Aktarma',
  [Action.IMPORT]: 'İçe Aktarma',
  [Action.TRANSFER]: 'Transfer',
  [Action.EXTRACT_VIEW]: 'Ekstre Görüntüleme',
  [Action.EXTRACT_DELETE]: 'Ekstre Silme',
  [Action.RECEIVED_VIEW]: 'Alınan Görüntüleme',
  [Action.RECEIVED_DELETE]: 'Alınan Silme',
  [Action.GIVEN_VIEW]: 'Verilen Görüntüleme',
  [Action.GIVEN_DELETE]: 'Verilen Silme',
  [Action.AS_CUSTOMER_CREATE]: 'Müşteri Olarak Ekleme',
  [Action.AS_SUPPLIER_CREATE]: 'Tedarikçi Olarak Ekleme',
  [Action.PAYMENT_VIEW]: 'Ödeme Görüntüleme',
  [Action.PAYMENT_CREATE]: 'Ödeme Ekleme',
  [Action.PAYMENT_UPDATE]: 'Ödeme Güncelleme',
  [Action.PAYMENT_DELETE]: 'Ödeme Silme',
  [Action.CREDIT_VIEW]: 'Kredi Görüntüleme',
  [Action.CAPITAL_CREATE]: 'Sermaye Ekleme',
  [Action.CAPITAL_DELETE]: 'Sermaye Silme',
  [Action.TO_INVOICE_CREATE]: 'Faturaya Dönüştürme',
  [Action.INVOICE_EXPORT]: 'Fatura Dışa Aktarma',
  [Action.COLLECTION_CREATE]: 'Tahsilat Ekleme',
  [Action.INSTALLMENT_COLLECTION]: 'Taksitli Tahsilat',
  [Action.PERIODIC_COLLECTION]: 'Periyodik Tahsilat',
  [Action.DETAIL_VIEW]: 'Detay Görüntüleme',
  [Action.INSTALLMENT_PAYMENT]: 'Taksitli Ödeme',
  [Action.PERIODIC_PAYMENT]: 'Periyodik Ödeme',
  [Action.WAREHOUSE_VIEW]: 'Depo Görüntüleme',
  [Action.STOCK_MOVEMENTS_VIEW]: 'Stok Hareketleri Görüntüleme',
  [Action.BETWEEN_WAREHOUSE_TRANSFER]: 'Depolar Arası Transfer',
  [Action.PRODUCT_VIEW]: 'Ürün Görüntüleme',
  [Action.TRANSFER_VIEW]: 'Transfer Görüntüleme',
  [Action.NOTE_CREATE]: 'Not Ekleme',
  [Action.FINANCE_MOVEMENTS_VIEW]: 'Finans Hareketleri Görüntüleme',
  [Action.STOCK_UPDATE]: 'Stok Güncelleme',
  [Action.PHOTO_CREATE]: 'Fotoğraf Ekleme',
  [Action.COLLECTION_VIEW]: 'Tahsilat Görüntüleme',
  [Action.COLLECTION_UPDATE]: 'Tahsilat Güncelleme',
  [Action.COLLECTION_DELETE]: 'Tahsilat Silme',
  [Action.CURRENT_ADD]: 'Cari Ekleme',
  [Action.PRICE_UPDATE]: 'Fiyat Güncelleme',
  [Action.CONNECT]: 'Bağlanma',
  [Action.INVOICE_CANCEL]: 'Fatura İptali',
  [Action.USER]: 'Kullanıcı',
};

/** English action names. */
export const ACTION_LABELS_EN: Readonly<Record<Action, string>> = {
  [Action.VIEW]: 'View',
  [Action.CREATE]: 'Create',
  [Action.UPDATE]: 'Update',
  [Action.DELETE]: 'Delete',
  [Action.EXPORT]: 'Export',
  [Action.IMPORT]: 'Import',
  [Action.TRANSFER]: 'Transfer',
  [Action.EXTRACT_VIEW]: 'Extract view',
  [Action.EXTRACT_DELETE]: 'Extract delete',
  [Action.RECEIVED_VIEW]: 'Received view',
  [Action.RECEIVED_DELETE]: 'Received delete',
  [Action.GIVEN_VIEW]: 'Given view',
  [Action.GIVEN_DELETE]: 'Given delete',
  [Action.AS_CUSTOMER_CREATE]: 'Create as customer',
  [Action.AS_SUPPLIER_CREATE]: 'Create as supplier',
  [Action.PAYMENT_VIEW]: 'Payment view',
  [Action.PAYMENT_CREATE]: 'Payment create',
  [Action.PAYMENT_UPDATE]: 'Payment update',
  [Action.PAYMENT_DELETE]: 'Payment delete',
  [Action.CREDIT_VIEW]: 'Credit view',
  [Action.CAPITAL_CREATE]: 'Capital create',
  [Action.CAPITAL_DELETE]: 'Capital delete',
  [Action.TO_INVOICE_CREATE]: 'Convert to invoice',
  [Action.INVOICE_EXPORT]: 'Invoice export',
  [Action.COLLECTION_CREATE]: 'Collection create',
  [Action.INSTALLMENT_COLLECTION]: 'Instalment collection',
  [Action.PERIODIC_COLLECTION]: 'Periodic collection',
  [Action.DETAIL_VIEW]: 'Detail view',
  [Action.INSTALLMENT_PAYMENT]: 'Instalment payment',
  [Action.PERIODIC_PAYMENT]: 'Periodic payment',
  [Action.WAREHOUSE_VIEW]: 'Warehouse view',
  [Action.STOCK_MOVEMENTS_VIEW]: 'Stock movements view',
  [Action.BETWEEN_WAREHOUSE_TRANSFER]: 'Transfer between warehouses',
  [Action.PRODUCT_VIEW]: 'Product view',
  [Action.TRANSFER_VIEW]: 'Transfer view',
  [Action.NOTE_CREATE]: 'Note create',
  [Action.FINANCE_MOVEMENTS_VIEW]: 'Finance movements view',
  [Action.STOCK_UPDATE]: 'Stock update',
  [Action.PHOTO_CREATE]: 'Photo create',
  [Action.COLLECTION_VIEW]: 'Collection view',
  [Action.COLLECTION_UPDATE]: 'Collection update',
  [Action.COLLECTION_DELETE]: 'Collection delete',
  [Action.CURRENT_ADD]: 'Add current account',
  [Action.PRICE_UPDATE]: 'Price update',
  [Action.CONNECT]: 'Connect',
  [Action.INVOICE_CANCEL]: 'Invoice cancel',
  [Action.USER]: 'User',
};

/** The fixed management roles (role names as stored on the user). */
export const ManagementRole = {
  MANAGEMENT: 'ROLE_MANAGEMENT',
  SUPER_ADMIN: 'ROLE_SUPER_ADMIN',
  ADMIN: 'ROLE_ADMIN',
  SUPPORT: 'ROLE_SUPPORT',
  ERP_MANAGEMENT: 'ROLE_ERP_MANAGEMENT',
} as const;
export type ManagementRole = (typeof ManagementRole)[keyof typeof ManagementRole];

/** All management role names: 'ROLE_MANAGEMENT', 'ROLE_SUPER_ADMIN', 'ROLE_ADMIN', 'ROLE_SUPPORT', 'ROLE_ERP_MANAGEMENT'. */
export const MANAGEMENT_ROLES: readonly ManagementRole[] = Object.values(ManagementRole);

/** The module id that stands for each management role (seeds §6: "MANAGEMENT 1000 (super admin 101, …)"). */
export const MANAGEMENT_ROLE_MODULES: Readonly<Record<ManagementRole, Module>> = {
  [ManagementRole.MANAGEMENT]: Module.MANAGEMENT,
  [ManagementRole.SUPER_ADMIN]: Module.SUPER_ADMIN,
  [ManagementRole.ADMIN]: Module.ADMIN,
  [ManagementRole.SUPPORT]: Module.SUPPORT,
  [ManagementRole.ERP_MANAGEMENT]: Module.ERP_MANAGEMENT,
};

/** True when `role` is one of the fixed management role names. */
export function isManagementRole(role: string | null | undefined): role is ManagementRole {
  return role != null && (MANAGEMENT_ROLES as readonly string[]).includes(role);
}

/** Authority `companyId` meaning "every company". */
export const ALL_COMPANIES = 0;
