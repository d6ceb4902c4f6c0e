import { describe, expect, it } from 'vitest';
import {
  Action,
  ACTION_LABELS_EN,
  ACTION_LABELS_TR,
  ACTIONS,
  ALL_COMPANIES,
  isManagementRole,
  MANAGEMENT_ROLE_MODULES,
  MANAGEMENT_ROLES,
  ManagementRole,
  Module,
  MODULE_LABELS_EN,
  MODULE_LABELS_TR,
  MODULES,
} from './permissions';

describe('Module', () => {
  it('has the ids of seeds §6', () => {
    expect(Module.ONMUHASEBE).toBe(1);
    expect(Module.CUSTOMER).toBe(6);
    expect(Module.PRODUCT).toBe(13);
    expect(Module.KOLAY_ASISTAN).toBe(28);
    expect(Module.RECETE).toBe(29);
    expect(Module.PHARMACY_POS).toBe(35);
    expect(Module.SUPER_ADMIN).toBe(101);
    expect(Module.ADMIN).toBe(102);
    expect(Module.SUPPORT).toBe(103);
    expect(Module.ERP_MANAGEMENT).toBe(104);
    expect(Module.MANAGEMENT).toBe(1000);
    expect(Module.MANAGEMENT_ERP).toBe(1001);
  });

  it('covers 1..35 plus the management ids, each once', () => {
    const expected = [...Array.from({ length: 35 }, (_, i) => i + 1), 101, 102, 103, 104, 1000, 1001];
    expect(MODULES).toEqual(expected);
    expect(new Set(Object.values(Module)).size).toBe(Object.keys(Module).length);
  });

  it('has a Turkish and an English label for every module', () => {
    for (const id of MODULES) {
      expect(MODULE_LABELS_TR[id]).toMatch(/\S/);
      expect(MODULE_LABELS_EN[id]).toMatch(/\S/);
    }
    expect(Object.keys(MODULE_LABELS_TR)).toHaveLength(MODULES.length);
    expect(MODULE_LABELS_TR[Module.CUSTOMER]).toBe('Müşteri');
    expect(MODULE_LABELS_TR[Module.SUPPLIER]).toBe('Tedarikçi');
    expect(MODULE_LABELS_TR[Module.PRODUCT]).toBe('Ürün');
    expect(MODULE_LABELS_EN[Module.RECETE]).toBe('Prescription');
  });
});

describe('Action', () => {
  it('has the 47 ids 1..47 with unique names', () => {
    expect(ACTIONS).toEqual(Array.from({ length: 47 }, (_, i) => i + 1));
    expect(Object.keys(Action)).toHaveLength(47);
  });

  it('names the ids the seeds repeat after the entry they follow', () => {
    expect(Action.PAYMENT_VIEW).toBe(16);
    expect(Action.PAYMENT_CREATE).toBe(17);
    expect(Action.PAYMENT_UPDATE).toBe(18);
    expect(Action.PAYMENT_DELETE).toBe(19);
    expect(Action.COLLECTION_VIEW).toBe(40);
    expect(Action.COLLECTION_UPDATE).toBe(41);
    expect(Action.COLLECTION_DELETE).toBe(42);
  });

  it('keeps the ids named in both seeds', () => {
    expect([Action.VIEW, Action.CREATE, Action.UPDATE, Action.DELETE, Action.EXPORT, Action.IMPORT]).toEqual([
      1, 2, 3, 4, 5, 6,
    ]);
    expect(Action.INVOICE_EXPORT).toBe(24);
    expect(Action.PRODUCT_VIEW).toBe(34);
    expect(Action.CONNECT).toBe(45);
    expect(Action.INVOICE_CANCEL).toBe(46);
    expect(Action.USER).toBe(47);
  });

  it('has distinct Turkish and English labels for every action', () => {
    for (const labels of [ACTION_LABELS_TR, ACTION_LABELS_EN]) {
      const values = ACTIONS.map((id) => labels[id]);
      expect(values.every((v) => typeof v === 'string' && v.length > 0)).toBe(true);
      expect(new Set(values).size).toBe(ACTIONS.length);
    }
    expect(ACTION_LABELS_TR[Action.VIEW]).toBe('Görüntüleme');
  });
});

describe('management roles', () => {
  it('lists the five role names', () => {
    expect(MANAGEMENT_ROLES).toEqual([
      'ROLE_MANAGEMENT',
      'ROLE_SUPER_ADMIN',
      'ROLE_ADMIN',
      'ROLE_SUPPORT',
      'ROLE_ERP_MANAGEMENT',
    ]);
  });

  it('maps each role to its module', () => {
    expect(MANAGEMENT_ROLE_MODULES[ManagementRole.MANAGEMENT]).toBe(1000);
    expect(MANAGEMENT_ROLE_MODULES[ManagementRole.SUPER_ADMIN]).toBe(101);
    expect(MANAGEMENT_ROLE_MODULES[ManagementRole.ERP_MANAGEMENT]).toBe(104);
  });

  it('recognises management role names only', () => {
    expect(isManagementRole('ROLE_ADMIN')).toBe(true);
    expect(isManagementRole('ROLE_USER')).toBe(false);
    expect(isManagementRole('ADMIN')).toBe(false);
    expect(isManagementRole(null)).toBe(false);
  });

  it('uses 0 for every company', () => {
    expect(ALL_COMPANIES).toBe(0);
  });
});
