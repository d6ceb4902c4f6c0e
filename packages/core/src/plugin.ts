/**
 * Plugin contract, first version.
 *
 * A plugin describes what it adds to the shells (menu, routes, dashboard widgets, quick-add
 * dialogs, settings pages, extension slots) as plain data, so the workbench and the CLI can
 * read, validate and gate it without running plugin code. Gating follows seeds 000 §6.
 */
import { hasAnyAction, hasAuthority, hasModule } from './authority';
import type { Authorities, CompanyId } from './authority';
import { isEczanem } from './constants';
import type { Theme } from './constants';

/** Conditions under which a declared item is shown; every condition given must hold. */
export interface Gate {
  /** Module id the user needs some authority of (for the current company or company 0). Absent: open to any signed-in user. */
  module?: number;
  /** Themes the item is shown in. Absent or empty: every theme. */
  themes?: Theme[];
  /** Hidden when the company ERP type is the special pharmacy-retail type 'eczanem'. */
  disabledForEczanem?: boolean;
  /** Role names the item is limited to. Absent or empty: every role. */
  roles?: string[];
}

/** A sidebar menu entry; groups carry `children`. */
export interface MenuEntry extends Gate {
  /** Unique id within the plugin, lower-case kebab case (e.g. "customer"). */
  id: string;
  /** Title shown when no translation is found. */
  title: string;
  /** Translation key of the title (e.g. "menu.customer"). */
  titleKey?: string;
  /** Route opened by the entry; must be declared in the plugin's `routes`. Groups usually have none. */
  route?: string;
  /** Icon name understood by the workbench. */
  icon?: string;
  /** Add button shown in the sub-bar for this page; needs the given action on the given module. */
  addButton?: {
    /** Route the button opens; absent: the page opens its own add dialog. */
    route?: string;
    /** Module the user needs the action on. */
    module: number;
    /** Action required, normally CREATE (2). */
    action: number;
  };
  /** Nested entries of a group. */
  children?: MenuEntry[];
}

/** A page route contributed by the plugin. */
export interface RouteDecl extends Gate {
  /** Absolute path starting with "/", e.g. "/customer". */
  path: string;
  /** Title for the breadcrumb and the page finder. */
  title?: string;
}

/** A dashboard widget. */
export interface WidgetDecl extends Gate {
  /** Unique id within the plugin, lower-case kebab case. */
  id: string;
  /** Widget heading. */
  title: string;
  /** Actions on `module` of which the user needs at least one. Absent: any authority of `module`. */
  actions?: number[];
}

/** A quick-add dialog (account, customer, product/service, tax, warehouse, tag …). */
export interface QuickAddDecl extends Gate {
  /** Unique id within the plugin, lower-case kebab case. */
  id: string;
  /** Dialog title. */
  title: string;
  /** Action required on `module`, normally CREATE (2). */
  action?: number;
}

/** A page or section on the settings screens. */
export interface SettingsDecl extends Gate {
  /** Unique id within the plugin, lower-case kebab case. */
  id: string;
  /** Section title. */
  title: string;
  /** Route of the settings page, if it is a page of its own; must be declared in `routes`. */
  route?: string;
}

/** What a plugin contributes, as data. */
export interface PluginManifest {
  /** Unique plugin id, lower-case kebab case (e.g. "accounting"). */
  id: string;
  /** Human-readable name. */
  title: string;
  /** Plugin version (semver). */
  version?: string;
  /** Ids of plugins that must be registered before this one. */
  requires?: string[];
  /** Menu entries, in display order. */
  menu?: MenuEntry[];
  /** Page routes. */
  routes?: RouteDecl[];
  /** Dashboard widgets. */
  widgets?: WidgetDecl[];
  /** Quick-add dialogs. */
  quickAdds?: QuickAddDecl[];
  /** Settings sections. */
  settings?: SettingsDecl[];
  /** Extension slots. */
  slots?: {
    /** Slot names this plugin renders and other plugins may fill (e.g. "customer.detail.tabs"). */
    opens?: string[];
    /** Slot names of other plugins this plugin fills. */
    fills?: string[];
  };
}

/** Identity function that keeps the literal type of a manifest; use it to declare plugins. */
export function definePlugin<T extends PluginManifest>(manifest: T): T {
  return manifest;
}

/** Pattern every plugin, menu, widget, quick-add and settings id must match. */
export const PLUGIN_ID_PATTERN = /^[a-z][a-z0-9-]*$/;

/** Walks a menu tree depth-first. */
function flattenMenu(entries: readonly MenuEntry[] | undefined): MenuEntry[] {
  return (entries ?? []).flatMap((e) => [e, ...flattenMenu(e?.children)]);
}

/**
 * Checks a manifest and returns its problems (empty when valid): missing id or title, ids not
 * matching {@link PLUGIN_ID_PATTERN}, duplicate ids within a kind, route paths not starting with
 * "/", duplicate route paths, menu or settings routes not declared in `routes`, and widget
 * actions or quick-add actions given without a module.
 * Tolerates missing fields and null entries (e.g. in parsed JSON) without throwing.
 */
export function validateManifest(manifest: PluginManifest): string[] {
  const problems: string[] = [];
  const checkId = (kind: string, id: unknown): void => {
    if (typeof id !== 'string' || id === '') problems.push(`${kind}: missing id`);
    else if (!PLUGIN_ID_PATTERN.test(id)) problems.push(`${kind} id "${id}" must match ${PLUGIN_ID_PATTERN}`);
  };
  const checkUnique = (kind: string, ids: unknown[]): void => {
    const seen = new Set<unknown>();
    for (const id of ids) {
      if (typeof id === 'string' && id !== '' && seen.has(id)) problems.push(`${kind}: duplicate id "${id}"`);
      seen.add(id);
    }
  };

  checkId('plugin', manifest?.id);
  if (typeof manifest?.title !== 'string' || manifest.title.trim() === '') problems.push('plugin: missing title');

  const paths = new Set<string>();
  for (const route of manifest?.routes ?? []) {
    if (typeof route?.path !== 'string' || !route.path.startsWith('/')) {
      problems.push(`route: path "${String(route?.path)}" must start with "/"`);
    } else if (paths.has(route.path)) {
      problems.push(`route: duplicate path "${route.path}"`);
    } else {
      paths.add(route.path);
    }
  }

  const menu = flattenMenu(manifest?.menu);
  const sections: [string, { id: unknown }[]][] = [
    ['menu', menu],
    ['widget', manifest?.widgets ?? []],
    ['quickAdd', manifest?.quickAdds ?? []],
    ['settings', manifest?.settings ?? []],
  ];
  for (const [kind, items] of sections) {
    for (const item of items) checkId(kind, item?.id);
    checkUnique(kind, items.map((item) => item?.id));
  }

  for (const widget of manifest?.widgets ?? []) {
    if (widget?.actions?.length && widget.module === undefined) problems.push(`widget "${widget.id}": actions need a module`);
  }
  for (const quickAdd of manifest?.quickAdds ?? []) {
    if (quickAdd?.action !== undefined && quickAdd.module === undefined) {
      problems.push(`quickAdd "${quickAdd.id}": action needs a module`);
    }
  }

  for (const [kind, items] of [['menu', menu], ['settings', manifest?.settings ?? []]] as const) {
    for (const item of items) {
      if (item?.route !== undefined && !paths.has(item.route)) {
        problems.push(`${kind} "${item.id}": route "${item.route}" is not declared in routes`);
      }
    }
  }
  return problems;
}

/** What gating needs to know about the signed-in user and the current company. */
export interface GateContext {
  /** The user's authorities. */
  authorities: Authorities;
  /** Current company id. */
  companyId: CompanyId;
  /** Active theme. */
  theme: Theme;
  /** ERP type of the current company's profile. */
  erpType?: string | null;
  /** The user's role name. */
  role?: string | null;
}

/**
 * True when every condition of `gate` holds (seeds 000 §6): the user holds some authority of
 * `module` for the current company or company 0; the theme is listed in `themes`; the item is
 * not `disabledForEczanem` in an 'eczanem' company; the user's role is listed in `roles`.
 */
export function isGateOpen(gate: Gate, ctx: GateContext): boolean {
  if (gate.module !== undefined && !hasModule(ctx.authorities, gate.module, ctx.companyId)) return false;
  if (gate.themes?.length && !gate.themes.includes(ctx.theme)) return false;
  if (gate.disabledForEczanem && isEczanem(ctx.erpType)) return false;
  if (gate.roles?.length && (ctx.role == null || !gate.roles.includes(ctx.role))) return false;
  return true;
}

/** True when a menu entry itself is visible (its children are not considered; see {@link visibleMenu}). */
export function isMenuEntryVisible(entry: MenuEntry, ctx: GateContext): boolean {
  return isGateOpen(entry, ctx);
}

/**
 * The visible part of a menu tree: hidden entries are dropped with their children, and a group
 * (an entry that had children) without a route is dropped when none of its children remain.
 */
export function visibleMenu(entries: readonly MenuEntry[], ctx: GateContext): MenuEntry[] {
  const result: MenuEntry[] = [];
  for (const entry of entries) {
    if (!isMenuEntryVisible(entry, ctx)) continue;
    if (!entry.children) {
      result.push(entry);
      continue;
    }
    const children = visibleMenu(entry.children, ctx);
    if (children.length > 0 || entry.route !== undefined) result.push({ ...entry, children });
  }
  return result;
}

/** True when the widget's gate is open and, if it lists actions, the user holds one of them on its module. */
export function isWidgetVisible(widget: WidgetDecl, ctx: GateContext): boolean {
  if (!isGateOpen(widget, ctx)) return false;
  if (!widget.actions?.length || widget.module === undefined) return true;
  return hasAnyAction(ctx.authorities, widget.module, widget.actions, ctx.companyId);
}

/** True when the quick-add's gate is open and, if it names an action, the user holds it on its module. */
export function isQuickAddVisible(quickAdd: QuickAddDecl, ctx: GateContext): boolean {
  if (!isGateOpen(quickAdd, ctx)) return false;
  if (quickAdd.action === undefined || quickAdd.module === undefined) return true;
  return hasAuthority(ctx.authorities, quickAdd.module, quickAdd.action, ctx.companyId);
}

/** True when the entry has an add button and the user holds its action on its module. */
export function isAddButtonVisible(entry: MenuEntry, ctx: GateContext): boolean {
  const button = entry.addButton;
  return button !== undefined && hasAuthority(ctx.authorities, button.module, button.action, ctx.companyId);
}
