import { Action, Module } from './permissions';

/**
 * Which actions each module offers: the rows of the roles screen's modules × actions matrix and
 * what a company owner's role holds. The seeds list the ids but not the pairing; this pairing
 * follows each action's meaning (extract actions on accounts, stock actions on products, ...).
 */
const CRUD = [Action.VIEW, Action.CREATE, Action.UPDATE, Action.DELETE];
const CRUDX = [...CRUD, Action.EXPORT, Action.IMPORT];

export const MODULE_ACTIONS: Readonly<Record<number, readonly number[]>> = {
  [Module.ONMUHASEBE]: [Action.VIEW],
  [Module.SAFE]: [...CRUDX, 7, 37],
  [Module.BANK]: [...CRUDX, 7, 37],
  [Module.CHECK]: [...CRUDX, 10, 11, 12, 13],
  [Module.SUPPLIER]: [...CRUDX, 8, 9, 14, 15, 16, 17, 18, 19, 28, 29, 30],
  [Module.CUSTOMER]: [...CRUDX, 8, 9, 14, 15, 16, 17, 18, 19, 20, 25, 26, 27, 28, 40, 41, 42, 43],
  [Module.PARTNER]: [...CRUDX, 21, 22],
  [Module.PERSONNEL]: [...CRUDX, 16, 17, 18, 19],
  [Module.ORDER_RECEIVED]: [...CRUDX, 23],
  [Module.ORDER_GIVEN]: [...CRUDX, 23],
  [Module.SALES]: [...CRUDX, 23, 24, 25, 46],
  [Module.EXPENSE]: [...CRUDX, 23, 24, 46],
  [Module.PRODUCT]: [...CRUDX, 31, 32, 34, 38, 39, 44],
  [Module.WAREHOUSE]: [...CRUDX, 7, 31, 32, 33, 35, 38],
  [Module.AGENDA]: [...CRUD, 36],
  [Module.REPORT_PURCHASE_SALES]: [Action.VIEW, Action.EXPORT],
  [Module.USER]: [...CRUD, 47],
  [Module.ACCOUNTING_CODE]: CRUDX,
  [Module.TAG]: CRUD,
  [Module.ROLE]: CRUD,
  [Module.COMPANY]: CRUD,
  [Module.BANK_BRANCH]: CRUD,
  [Module.TAX]: CRUD,
  [Module.CURRENCY_TYPE]: CRUD,
  [Module.PRICE_LIST]: [...CRUDX, 44],
  [Module.DESPATCH]: [...CRUDX, 24],
  [Module.POS_DEVICE]: [...CRUD, 45],
  // The assistant devices and connector settings are kept with CRUD (seeds 001 §7 'Standard CRUD': kolay-asistans, connector-settings); 45 connects.
  [Module.KOLAY_ASISTAN]: [...CRUD, 45],
  [Module.RECETE]: [...CRUDX],
  [Module.POS_PAYMENT]: [...CRUD, Action.EXPORT],
  [Module.ERP]: [Action.VIEW, 45],
  [Module.CONNECTOR]: [...CRUD, 45],
  [Module.MOBILE]: [Action.VIEW, 45],
  // Collections from a current on a terminal: CRUD and update-status (seeds 001 §7), export.
  [Module.CURRENT_POS_PAYMENT]: [...CRUD, Action.EXPORT],
  [Module.PHARMACY_POS]: [Action.VIEW, Action.EXPORT, 45, 46],
  [Module.MANAGEMENT]: CRUDX,
  [Module.MANAGEMENT_ERP]: CRUD,
  [Module.SUPER_ADMIN]: CRUD,
  [Module.ADMIN]: CRUD,
  [Module.SUPPORT]: CRUD,
  [Module.ERP_MANAGEMENT]: CRUD,
};

/** The authority codes a module offers, in matrix order. */
export function moduleActions(module: number): readonly number[] {
  return MODULE_ACTIONS[module] ?? [];
}
