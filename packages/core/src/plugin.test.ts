import { describe, expect, it } from 'vitest';
import type { Authority } from './authority';
import { ErpType, Theme } from './constants';
import { Action, ManagementRole, Module } from './permissions';
import type { GateContext, MenuEntry, PluginManifest } from './plugin';
import {
  definePlugin,
  isAddButtonVisible,
  isGateOpen,
  isMenuEntryVisible,
  isQuickAddVisible,
  isWidgetVisible,
  validateManifest,
  validateWebPlugin,
  visibleMenu,
} from './plugin';

const auth = (authorityCode: string, companyId: number): Authority => ({ authorityCode, companyId });

const ctx = (over: Partial<GateContext> = {}): GateContext => ({
  authorities: [auth('6_1', 5), auth('6_2', 5), auth('29_1', 0), auth('13_1', 9)],
  companyId: 5,
  theme: Theme.PHARMACY,
  erpType: ErpType.MEDULA,
  role: 'ROLE_USER',
  ...over,
});

const accounting = definePlugin({
  id: 'accounting',
  title: 'Ön Muhasebe',
  version: '0.1.0',
  routes: [{ path: '/customer', module: Module.CUSTOMER }, { path: '/product', module: Module.PRODUCT }, { path: '/summary' }],
  menu: [
    { id: 'home', title: 'Ana Sayfa', route: '/summary' },
    {
      id: 'current-category',
      title: 'Cari Hesaplar',
      children: [
        {
          id: 'customer',
          title: 'Müşteri',
          route: '/customer',
          module: Module.CUSTOMER,
          addButton: { module: Module.CUSTOMER, action: Action.CREATE },
        },
      ],
    },
  ],
  widgets: [{ id: 'monthly-sales', title: 'Aylık Satış', module: Module.SALES, actions: [Action.VIEW] }],
  quickAdds: [{ id: 'customer', title: 'Müşteri Ekle', module: Module.CUSTOMER, action: Action.CREATE }],
  settings: [{ id: 'tax', title: 'Vergi Ayarları', module: Module.TAX }],
  slots: { opens: ['customer.detail.tabs'] },
});

describe('definePlugin', () => {
  it('returns the manifest unchanged, keeping its literal type', () => {
    expect(accounting.id).toBe('accounting');
    const id: 'accounting' | string = accounting.id;
    expect(id).toBe('accounting');
  });
});

describe('validateManifest', () => {
  it('accepts a well-formed manifest', () => {
    expect(validateManifest(accounting)).toEqual([]);
    expect(validateManifest({ id: 'x', title: 'X' })).toEqual([]);
  });

  it('reports a missing id and title', () => {
    const problems = validateManifest({ id: '', title: '' });
    expect(problems).toContain('plugin: missing id');
    expect(problems).toContain('plugin: missing title');
    expect(validateManifest({} as PluginManifest)).toContain('plugin: missing id');
  });

  it('reports ids that are not lower-case kebab case', () => {
    const problems = validateManifest({
      id: 'Accounting',
      title: 'A',
      menu: [{ id: 'ok', title: 'ok', children: [{ id: '1st', title: 'x' }] }],
      widgets: [{ id: 'my_widget', title: 'w' }],
      quickAdds: [{ id: '-x', title: 'q' }],
      settings: [{ id: '', title: 's' }],
    });
    expect(problems).toEqual([
      'plugin id "Accounting" must match /^[a-z][a-z0-9-]*$/',
      'menu id "1st" must match /^[a-z][a-z0-9-]*$/',
      'widget id "my_widget" must match /^[a-z][a-z0-9-]*$/',
      'quickAdd id "-x" must match /^[a-z][a-z0-9-]*$/',
      'settings: missing id',
    ]);
  });

  it('reports duplicate route paths and paths without a leading slash', () => {
    const problems = validateManifest({
      id: 'p',
      title: 'P',
      routes: [{ path: '/a' }, { path: '/a' }, { path: 'b' }],
    });
    expect(problems).toEqual(['route: duplicate path "/a"', 'route: path "b" must start with "/"']);
  });

  it('reports menu and settings routes that are not declared, also in nested entries', () => {
    const problems = validateManifest({
      id: 'p',
      title: 'P',
      routes: [{ path: '/a' }],
      menu: [{ id: 'a', title: 'A', route: '/a', children: [{ id: 'b', title: 'B', route: '/b' }] }],
      settings: [{ id: 's', title: 'S', route: '/s' }],
    });
    expect(problems).toEqual([
      'menu "b": route "/b" is not declared in routes',
      'settings "s": route "/s" is not declared in routes',
    ]);
  });

  it('reports duplicate ids within a kind across the menu tree', () => {
    const problems = validateManifest({
      id: 'p',
      title: 'P',
      menu: [{ id: 'a', title: 'A', children: [{ id: 'a', title: 'A2' }] }],
      widgets: [{ id: 'a', title: 'W' }],
    });
    expect(problems).toEqual(['menu: duplicate id "a"']);
  });

  it('reports null entries of parsed JSON instead of throwing', () => {
    const parsed = JSON.parse('{"id":"p","title":"P","menu":[null],"routes":[null],"widgets":[null]}') as PluginManifest;
    expect(validateManifest(parsed)).toEqual([
      'route: path "undefined" must start with "/"',
      'menu: missing id',
      'widget: missing id',
    ]);
  });

  it('reports actions without a module', () => {
    const problems = validateManifest({
      id: 'p',
      title: 'P',
      widgets: [{ id: 'w', title: 'W', actions: [1] }],
      quickAdds: [{ id: 'q', title: 'Q', action: 2 }],
    });
    expect(problems).toEqual(['widget "w": actions need a module', 'quickAdd "q": action needs a module']);
  });
});

describe('isMenuEntryVisible', () => {
  const entry = (over: Partial<MenuEntry>): MenuEntry => ({ id: 'e', title: 'E', ...over });

  it('shows entries without conditions to any signed-in user', () => {
    expect(isMenuEntryVisible(entry({}), ctx({ authorities: [] }))).toBe(true);
  });

  it('needs an authority of the module for the current company or company 0', () => {
    expect(isMenuEntryVisible(entry({ module: Module.CUSTOMER }), ctx())).toBe(true);
    expect(isMenuEntryVisible(entry({ module: Module.CUSTOMER }), ctx({ companyId: 9 }))).toBe(false);
    expect(isMenuEntryVisible(entry({ module: Module.RECETE }), ctx({ companyId: 9 }))).toBe(true);
    expect(isMenuEntryVisible(entry({ module: Module.PRODUCT }), ctx())).toBe(false);
    expect(isMenuEntryVisible(entry({ module: 1 }), ctx({ authorities: [auth('13_1', 5)] }))).toBe(false);
    expect(isMenuEntryVisible(entry({ module: Module.CUSTOMER }), ctx({ authorities: undefined }))).toBe(false);
  });

  it('limits entries to their themes', () => {
    const pharmacyOnly = entry({ themes: [Theme.PHARMACY, Theme.PHARMACY_LIGHT] });
    expect(isMenuEntryVisible(pharmacyOnly, ctx({ theme: Theme.PHARMACY_LIGHT }))).toBe(true);
    expect(isMenuEntryVisible(pharmacyOnly, ctx({ theme: Theme.DEFAULT }))).toBe(false);
    expect(isMenuEntryVisible(entry({ themes: [] }), ctx({ theme: Theme.DEFAULT }))).toBe(true);
  });

  it('hides entries disabled for eczanem in eczanem companies only', () => {
    const e = entry({ disabledForEczanem: true });
    expect(isMenuEntryVisible(e, ctx({ erpType: ErpType.ECZANEM }))).toBe(false);
    expect(isMenuEntryVisible(e, ctx({ erpType: 'eczanem' }))).toBe(false);
    expect(isMenuEntryVisible(e, ctx({ erpType: ErpType.MEDULA }))).toBe(true);
    expect(isMenuEntryVisible(e, ctx({ erpType: undefined }))).toBe(true);
    expect(isMenuEntryVisible(entry({}), ctx({ erpType: ErpType.ECZANEM }))).toBe(true);
  });

  it('limits entries to their roles', () => {
    const e = entry({ roles: [ManagementRole.SUPER_ADMIN, ManagementRole.ADMIN] });
    expect(isMenuEntryVisible(e, ctx({ role: 'ROLE_ADMIN' }))).toBe(true);
    expect(isMenuEntryVisible(e, ctx({ role: 'ROLE_USER' }))).toBe(false);
    expect(isMenuEntryVisible(e, ctx({ role: undefined }))).toBe(false);
    expect(isMenuEntryVisible(entry({ roles: [] }), ctx({ role: undefined }))).toBe(true);
  });

  it('needs every condition at once', () => {
    const e = entry({ module: Module.RECETE, themes: [Theme.PHARMACY], disabledForEczanem: true });
    expect(isMenuEntryVisible(e, ctx())).toBe(true);
    expect(isMenuEntryVisible(e, ctx({ theme: Theme.DEFAULT }))).toBe(false);
    expect(isMenuEntryVisible(e, ctx({ erpType: ErpType.ECZANEM }))).toBe(false);
    expect(isMenuEntryVisible(e, ctx({ authorities: [auth('6_1', 0)] }))).toBe(false);
  });

  it('gates routes the same way', () => {
    expect(isGateOpen({ module: Module.CUSTOMER }, ctx())).toBe(true);
    expect(isGateOpen({ module: Module.PRODUCT }, ctx())).toBe(false);
  });
});

describe('visibleMenu', () => {
  it('drops hidden entries and emptied groups', () => {
    expect(visibleMenu(accounting.menu, ctx()).map((e) => e.id)).toEqual(['home', 'current-category']);
    const noCustomer = visibleMenu(accounting.menu, ctx({ authorities: [auth('13_1', 5)] }));
    expect(noCustomer.map((e) => e.id)).toEqual(['home']);
  });

  it('keeps a group that has its own route even when its children are hidden', () => {
    const menu: MenuEntry[] = [{ id: 'g', title: 'G', route: '/g', children: [{ id: 'c', title: 'C', module: 99 }] }];
    expect(visibleMenu(menu, ctx())).toEqual([{ id: 'g', title: 'G', route: '/g', children: [] }]);
  });

  it('does not modify the input', () => {
    const menu: MenuEntry[] = [{ id: 'g', title: 'G', children: [{ id: 'a', title: 'A' }, { id: 'b', title: 'B', module: 99 }] }];
    const copy = structuredClone(menu);
    visibleMenu(menu, ctx());
    expect(menu).toEqual(copy);
  });
});

describe('visibleMenu, reduced pharmacy menu', () => {
  const menu: MenuEntry[] = [
    { id: 'sale', title: 'Satış', route: '/pharmacy-sale', reduced: true },
    { id: 'finance', title: 'Finans', children: [{ id: 'safe', title: 'Kasa', route: '/safe' }, { id: 'bank', title: 'Banka', route: '/bank' }] },
    { id: 'current', title: 'Cari', children: [{ id: 'customer', title: 'Müşteri', route: '/customer', reduced: true }, { id: 'supplier', title: 'Tedarikçi', route: '/supplier' }] },
    { id: 'report', title: 'Rapor', route: '/report', children: [{ id: 'r1', title: 'R1', route: '/r1' }] },
    { id: 'reports', title: 'Raporlar', route: '/reports', reduced: true, children: [{ id: 'r2', title: 'R2', route: '/r2' }] },
    { id: 'settings', title: 'Ayarlar', children: [{ id: 'tax', title: 'Vergi', route: '/tax-settings', reduced: true, themes: [Theme.DEFAULT] }, { id: 'user', title: 'Kullanıcı', route: '/user-settings', reduced: true }] },
    { id: 'agenda', title: 'Ajanda', route: '/agenda' },
  ];
  const ids = (entries: MenuEntry[]): string[] => entries.flatMap((e) => [e.id, ...ids(e.children ?? [])]);

  it('is off by default: every visible entry stays', () => {
    expect(ids(visibleMenu(menu, ctx({ theme: Theme.DEFAULT })))).toEqual(['sale', 'finance', 'safe', 'bank', 'current', 'customer', 'supplier', 'report', 'r1', 'reports', 'r2', 'settings', 'tax', 'user', 'agenda']);
    expect(ids(visibleMenu(menu, ctx({ theme: Theme.DEFAULT }), { reduced: false }))).toContain('safe');
  });

  it('keeps only flagged entries and the groups holding them; emptied groups go', () => {
    expect(ids(visibleMenu(menu, ctx({ theme: Theme.DEFAULT }), { reduced: true }))).toEqual(['sale', 'current', 'customer', 'reports', 'settings', 'tax', 'user']);
  });

  it('keeps a group page only when it carries the flag itself', () => {
    const shown = visibleMenu(menu, ctx({ theme: Theme.DEFAULT }), { reduced: true });
    expect(shown.find((e) => e.id === 'report')).toBeUndefined();
    expect(shown.find((e) => e.id === 'reports')).toEqual({ ...menu[4], children: [] });
  });

  it('still applies the gates: a default-theme entry is gone in the pharmacy theme', () => {
    expect(ids(visibleMenu(menu, ctx({ theme: Theme.PHARMACY }), { reduced: true }))).toEqual(['sale', 'current', 'customer', 'reports', 'settings', 'user']);
    const onlyTax: MenuEntry[] = [{ id: 'settings', title: 'Ayarlar', children: [menu[5]!.children![0]!] }];
    expect(visibleMenu(onlyTax, ctx({ theme: Theme.PHARMACY }), { reduced: true })).toEqual([]);
    expect(visibleMenu([{ id: 'x', title: 'X', route: '/x', reduced: true, module: 99 }], ctx(), { reduced: true })).toEqual([]);
  });
});

describe('action-gated declarations', () => {
  const customer = accounting.menu[1]?.children?.[0];

  it('shows the add button only with the create action', () => {
    expect(customer).toBeDefined();
    if (!customer) return;
    expect(isAddButtonVisible(customer, ctx())).toBe(true);
    expect(isAddButtonVisible(customer, ctx({ authorities: [auth('6_1', 5)] }))).toBe(false);
    expect(isAddButtonVisible({ id: 'x', title: 'X' }, ctx())).toBe(false);
  });

  it('shows widgets when one of their actions is held', () => {
    const widget = accounting.widgets[0];
    expect(widget).toBeDefined();
    if (!widget) return;
    expect(isWidgetVisible(widget, ctx({ authorities: [auth('11_1', 0)] }))).toBe(true);
    expect(isWidgetVisible(widget, ctx({ authorities: [auth('11_2', 0)] }))).toBe(false);
    expect(isWidgetVisible({ id: 'w', title: 'W', module: Module.SALES }, ctx({ authorities: [auth('11_2', 0)] }))).toBe(
      true,
    );
  });

  it('shows quick-adds with their action', () => {
    const quickAdd = accounting.quickAdds[0];
    expect(quickAdd).toBeDefined();
    if (!quickAdd) return;
    expect(isQuickAddVisible(quickAdd, ctx())).toBe(true);
    expect(isQuickAddVisible(quickAdd, ctx({ authorities: [auth('6_1', 5)] }))).toBe(false);
  });
});

describe('gates by actions and codes', () => {
  const ctx = { authorities: [{ authorityCode: '13_1', companyId: 2 }, { authorityCode: '13_2', companyId: 2 }, { authorityCode: '6_1', companyId: 0 }], companyId: 2, theme: 'default' as const };
  it('needs one of anyActions, all of allActions, one of codes', () => {
    expect(isGateOpen({ module: 13, anyActions: [2, 4] }, ctx)).toBe(true);
    expect(isGateOpen({ module: 13, anyActions: [3, 4] }, ctx)).toBe(false);
    expect(isGateOpen({ module: 13, allActions: [1, 2] }, ctx)).toBe(true);
    expect(isGateOpen({ module: 13, allActions: [1, 3] }, ctx)).toBe(false);
    expect(isGateOpen({ codes: ['6_1'] }, ctx)).toBe(true);
    expect(isGateOpen({ codes: ['6_2', '20_1'] }, ctx)).toBe(false);
    expect(isGateOpen({ anyActions: [1] }, ctx)).toBe(false);
  });
});

describe('validateWebPlugin', () => {
  it('reports declarations without code and code without declarations', () => {
    const loader = async () => ({ default: null });
    const problems = validateWebPlugin({
      id: 'hello', title: 'Hello',
      routes: [{ path: '/hello' }, { path: '/hello/other' }],
      widgets: [{ id: 'w', title: 'W' }],
      load: { routes: { '/hello': loader, '/nowhere': loader }, widgets: { w: loader } },
    });
    expect(problems).toEqual(["hello: route '/hello/other' has no loader", "hello: loader for undeclared route '/nowhere'"]);
  });
});
