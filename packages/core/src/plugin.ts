/**
 * Plugin contract, first version.
 *
 * A plugin describes what it adds to the shells (menu, routes, dashboard widgets, quick-add
 * dialogs, settings pages, extension slots) as plain data, so the workbench and the CLI can
 * read, validate and gate it without running plugin code. Gating follows seeds 000 §6.
 */
import { hasAllActions, hasAnyAction, hasAuthority, hasCode, hasModule } from './authority';
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
  /** With `module`: the user needs at least one of these actions on it. */
  anyActions?: number[];
  /** With `module`: the user needs every one of these actions on it. */
  allActions?: number[];
  /** The user needs at least one of these exact authority codes (`moduleId_actionId`). */
  codes?: string[];
}

/** A sidebar menu entry; groups carry `children`. */
export interface MenuEntry extends Gate {
  /** Unique id within the plugin, lower-case kebab case (e.g. "customer"). */
  id: string;
  /** Title shown when no translation is found. */
  title: string;
  /** Position among its siblings (lower first; plugins contributing to one group interleave by it). Default 100. */
  order?: number;
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
  /**
   * The entry belongs to the reduced pharmacy menu ("Sade menü", seeds 000 §2: "many entries are
   * hidden in a reduced pharmacy variant"). When the variant is on, only entries carrying it are
   * listed; a group needs no flag of its own: it stays while one of its children does (a group
   * that is also a page stays as that page only if it carries the flag). The flag does not
   * cascade, so each plugin flags its own entries in shared groups. It is a menu choice, not a
   * permission: the gate still applies, and the routes stay reachable by URL and the page finder.
   */
  reduced?: boolean;
}

/** A page route contributed by the plugin. */
export interface RouteDecl extends Gate {
  // `path` may hold parameters (`/product/:id`): a detail page under its list's menu entry.
  /** Translation key (in the plugin's namespace) of the title. */
  titleKey?: string;
  /** Absolute path starting with "/", e.g. "/customer". */
  path: string;
  /** Title for the breadcrumb and the page finder. */
  title?: string;
}

/** A dashboard widget. */
export interface WidgetDecl extends Gate {
  /** Translation key (in the plugin's namespace) of the title. */
  titleKey?: string;
  /** Unique id within the plugin, lower-case kebab case. */
  id: string;
  /** Widget heading. */
  title: string;
  /** Actions on `module` of which the user needs at least one. Absent: any authority of `module`. */
  actions?: number[];
}

/** A quick-add dialog (account, customer, product/service, tax, warehouse, tag …). */
export interface QuickAddDecl extends Gate {
  /** Translation key (in the plugin's namespace) of the title. */
  titleKey?: string;
  /** Unique id within the plugin, lower-case kebab case. */
  id: string;
  /** Dialog title. */
  title: string;
  /** Action required on `module`, normally CREATE (2). */
  action?: number;
}

/** A page or section on the settings screens. */
export interface SettingsDecl extends Gate {
  /** Translation key (in the plugin's namespace) of the title. */
  titleKey?: string;
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
  if (gate.anyActions?.length && (gate.module === undefined || !hasAnyAction(ctx.authorities, gate.module, gate.anyActions, ctx.companyId))) return false;
  if (gate.allActions?.length && (gate.module === undefined || !hasAllActions(ctx.authorities, gate.module, gate.allActions, ctx.companyId))) return false;
  if (gate.codes?.length && !hasCode(ctx.authorities, gate.codes, ctx.companyId)) return false;
  return true;
}

/** True when a menu entry itself is visible (its children are not considered; see {@link visibleMenu}). */
export function isMenuEntryVisible(entry: MenuEntry, ctx: GateContext): boolean {
  return isGateOpen(entry, ctx);
}

/** How a menu tree is shown. */
export interface MenuOptions {
  /** The reduced pharmacy menu: only entries with {@link MenuEntry.reduced} (and the groups holding them). */
  reduced?: boolean;
}

/**
 * The visible part of a menu tree: hidden entries are dropped with their children, and a group
 * (an entry that had children) without a route is dropped when none of its children remain.
 * With `options.reduced`, entries without the `reduced` flag are dropped too (a group that is
 * also a page then stays only when flagged or when a child remains).
 */
export function visibleMenu(entries: readonly MenuEntry[], ctx: GateContext, options: MenuOptions = {}): MenuEntry[] {
  const result: MenuEntry[] = [];
  for (const entry of entries) {
    if (!isMenuEntryVisible(entry, ctx)) continue;
    const ownPage = !options.reduced || entry.reduced === true;
    if (!entry.children) {
      if (ownPage) result.push(entry);
      continue;
    }
    const children = visibleMenu(entry.children, ctx, options);
    if (children.length > 0 || (entry.route !== undefined && ownPage)) result.push({ ...entry, children });
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

// ---------------------------------------------------------------------------------------------
// The web side: the code a plugin attaches to its declared ids, and what the host gives it.
// Kept free of React types so that core stays dependency-light; the workbench treats a loaded
// module's default export as a React component receiving ContributionProps.

/** Loads a contributed module on first use; its default export is the component. */
export type ComponentLoader = () => Promise<{ default: unknown }>;

/** The signed-in session as plugins see it. */
export interface SessionSnapshot {
  login: string;
  firstName: string;
  lastName: string;
  companyId: number;
  companyName: string;
  sectorKey: string;
  erpType: string | null;
  authorities: Authorities;
  roles: string[];
  impersonating: boolean;
  previousLogin: string | null;
}

/** What the workbench hands every contributed component (as the `host` prop) and `setup`. */
export interface WorkbenchHost {
  /** The current session; null on public pages. */
  session: SessionSnapshot | null;
  /** The typed event bus shared by all plugins. */
  bus: import('./events').TezgahBus;
  /** Notifications with the seeds' titles ('BAŞARILI', 'UYARI', 'HATALI'). */
  notify: {
    success(message: string): void;
    warning(message: string): void;
    error(title: string, detail?: string): void;
  };
  /** Moves to a workbench path. */
  navigate(path: string): void;
  /** True when the gate is open for the current session (seeds 000 §6 rules). */
  can(gate: Gate): boolean;
  /** Active language code (tr, en, fr, ru, zh). */
  language: string;
  /** Active theme. */
  theme: Theme;
  /** Where the API is; the session cookies make any @tezgah/sdk client made with it signed in. */
  apiBase: string;
}

/** Props of every contributed component. */
export interface ContributionProps {
  host: WorkbenchHost;
  /** A pattern route's parameters (`/product/:id` at `/product/7` → `{ id: '7' }`); empty otherwise. */
  params?: Record<string, string>;
  /**
   * In a slot that collects a value from its fills (`<Slot onValue>`, e.g. the boxes of a returned
   * line on `accounting.invoice.returnLine`): the fill hands its current value here. The slot's
   * owner checks what it receives; absent on every other contribution.
   */
  onValue?: (value: unknown) => void;
}

/** A workbench plugin: its declarations plus the code attached to them. */
export interface WebPlugin extends PluginManifest {
  /** Code by declared id: routes by path; widgets, quick-adds and settings pages by id; slot fills by slot path. */
  load?: {
    routes?: Record<string, ComponentLoader>;
    widgets?: Record<string, ComponentLoader>;
    quickAdds?: Record<string, ComponentLoader>;
    settings?: Record<string, ComponentLoader>;
    slots?: Record<string, ComponentLoader>;
  };
  /** Runs once when the workbench starts (subscribe to events); may return a cleanup. */
  setup?: (host: WorkbenchHost) => void | (() => void);
  /** The plugin's texts by language (tr, en, ...), loaded into an i18n namespace named by its id. */
  messages?: Partial<Record<string, Record<string, unknown>>>;
}

export function defineWebPlugin<T extends WebPlugin>(plugin: T): T {
  return plugin;
}

/**
 * Problems of a web plugin: those of its manifest, plus declarations without code and code
 * without a declaration (a route nobody can reach, a widget that cannot load).
 */
export function validateWebPlugin(plugin: WebPlugin): string[] {
  const problems = validateManifest(plugin);
  const check = (kind: string, declared: string[], loaded: Record<string, ComponentLoader> | undefined) => {
    const have = Object.keys(loaded ?? {});
    for (const id of declared) if (!have.includes(id)) problems.push(`${plugin.id}: ${kind} '${id}' has no loader`);
    for (const id of have) if (!declared.includes(id)) problems.push(`${plugin.id}: loader for undeclared ${kind} '${id}'`);
  };
  check('route', (plugin.routes ?? []).map((r) => r.path), plugin.load?.routes);
  check('widget', (plugin.widgets ?? []).map((w) => w.id), plugin.load?.widgets);
  check('quick-add', (plugin.quickAdds ?? []).map((q) => q.id), plugin.load?.quickAdds);
  check('settings page', (plugin.settings ?? []).map((s) => s.id), plugin.load?.settings);
  check('slot fill', plugin.slots?.fills ?? [], plugin.load?.slots);
  return problems;
}
