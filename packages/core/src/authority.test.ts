import { describe, expect, it } from 'vitest';
import type { Authority } from './authority';
import {
  authorityCode,
  hasAllActions,
  hasAnyAction,
  hasAuthority,
  hasCode,
  hasModule,
  isManagement,
  parseAuthorityCode,
} from './authority';
import { Action, Module } from './permissions';

const auth = (authorityCode: string, companyId: number): Authority => ({ authorityCode, companyId });

describe('authorityCode / parseAuthorityCode', () => {
  it('builds module_action codes', () => {
    expect(authorityCode(Module.PRODUCT, Action.CREATE)).toBe('13_2');
    expect(authorityCode(Module.MANAGEMENT, Action.VIEW)).toBe('1000_1');
  });

  it('parses well-formed codes', () => {
    expect(parseAuthorityCode('13_2')).toEqual({ module: 13, action: 2 });
    expect(parseAuthorityCode('1001_47')).toEqual({ module: 1001, action: 47 });
  });

  it.each(['', '13', '13_', '_2', '13_2_1', 'a_2', '13-2', ' 13_2', '13_2 ', '013_2', '1.5_2'])(
    'returns null for malformed %j',
    (code) => {
      expect(parseAuthorityCode(code)).toBeNull();
    },
  );

  it('returns null for non-strings', () => {
    expect(parseAuthorityCode(null)).toBeNull();
    expect(parseAuthorityCode(undefined)).toBeNull();
  });
});

describe('hasModule', () => {
  const authorities = [auth('13_2', 5), auth('1000_1', 7), auth('6_1', 0)];

  it('matches a module held for the current company', () => {
    expect(hasModule(authorities, Module.PRODUCT, 5)).toBe(true);
  });

  it('does not match a module held only for another company', () => {
    expect(hasModule(authorities, Module.PRODUCT, 6)).toBe(false);
  });

  it('matches a module held for company 0 in every company', () => {
    expect(hasModule(authorities, Module.CUSTOMER, 5)).toBe(true);
    expect(hasModule(authorities, Module.CUSTOMER, 99)).toBe(true);
    expect(hasModule(authorities, Module.CUSTOMER, null)).toBe(true);
  });

  it('does not let "1_" match "13_2" or "1000_1"', () => {
    expect(hasModule(authorities, 1, 5)).toBe(false);
    expect(hasModule(authorities, 1, 7)).toBe(false);
    expect(hasModule(authorities, 100, 7)).toBe(false);
    expect(hasModule([auth('1_1', 5)], 1, 5)).toBe(true);
  });

  it('ignores company-specific authorities when no company is chosen', () => {
    expect(hasModule(authorities, Module.PRODUCT, undefined)).toBe(false);
  });

  it('is false while authorities are missing', () => {
    expect(hasModule(undefined, Module.PRODUCT, 5)).toBe(false);
    expect(hasModule(null, Module.PRODUCT, 5)).toBe(false);
    expect(hasModule([], Module.PRODUCT, 5)).toBe(false);
  });
});

describe('action checks', () => {
  const authorities = [auth('13_1', 5), auth('13_2', 5), auth('6_1', 0), auth('13_3', 8)];

  it('hasAuthority needs the exact code for the company or company 0', () => {
    expect(hasAuthority(authorities, Module.PRODUCT, Action.CREATE, 5)).toBe(true);
    expect(hasAuthority(authorities, Module.PRODUCT, Action.UPDATE, 5)).toBe(false);
    expect(hasAuthority(authorities, Module.PRODUCT, Action.UPDATE, 8)).toBe(true);
    expect(hasAuthority(authorities, Module.CUSTOMER, Action.VIEW, 123)).toBe(true);
    expect(hasAuthority(authorities, 1, 3, 5)).toBe(false);
  });

  it('hasAnyAction is true when one action is held, false for none or an empty list', () => {
    expect(hasAnyAction(authorities, Module.PRODUCT, [Action.DELETE, Action.CREATE], 5)).toBe(true);
    expect(hasAnyAction(authorities, Module.PRODUCT, [Action.DELETE, Action.EXPORT], 5)).toBe(false);
    expect(hasAnyAction(authorities, Module.PRODUCT, [], 5)).toBe(false);
  });

  it('hasAllActions needs every action (vacuously true for an empty list)', () => {
    expect(hasAllActions(authorities, Module.PRODUCT, [Action.VIEW, Action.CREATE], 5)).toBe(true);
    expect(hasAllActions(authorities, Module.PRODUCT, [Action.VIEW, Action.UPDATE], 5)).toBe(false);
    expect(hasAllActions(authorities, Module.PRODUCT, [], 5)).toBe(true);
  });

  it('hasCode matches any explicit code in the company', () => {
    expect(hasCode(authorities, ['99_1', '13_2'], 5)).toBe(true);
    expect(hasCode(authorities, ['13_2'], 8)).toBe(false);
    expect(hasCode(authorities, ['6_1'], 8)).toBe(true);
    expect(hasCode(authorities, [], 5)).toBe(false);
    expect(hasCode(undefined, ['13_2'], 5)).toBe(false);
  });
});

describe('isManagement', () => {
  it('is true for any authority of a management module in any company', () => {
    expect(isManagement([auth('1000_1', 42)])).toBe(true);
    expect(isManagement([auth('6_1', 0), auth('1001_3', 3)])).toBe(true);
    for (const m of ['101', '102', '103', '104']) expect(isManagement([auth(`${m}_1`, 5)])).toBe(true);
  });

  it('is false otherwise', () => {
    expect(isManagement([auth('100_1', 0), auth('10001_1', 0), auth('1_1000', 0), auth('105_1', 0), auth('1010_1', 0)])).toBe(false);
    expect(isManagement([])).toBe(false);
    expect(isManagement(undefined)).toBe(false);
  });
});
