import { validateWebPlugin, type ComponentLoader, type MenuEntry, type QuickAddDecl, type RouteDecl, type SettingsDecl, type WebPlugin, type WidgetDecl } from '@tezgah/core';

export interface Contributed<D> {
  pluginId: string;
  decl: D;
  load: ComponentLoader;
}

/** Everything the registered plugins contribute, merged and indexed for the shell. */
export interface Registry {
  plugins: readonly WebPlugin[];
  /** Problems found while registering (duplicates, declarations without code); shown in the console. */
  problems: string[];
  /** The menu tree: groups with the same id from several plugins are merged; siblings sorted by order. */
  menu: MenuEntry[];
  routes: Contributed<RouteDecl>[];
  widgets: Contributed<WidgetDecl>[];
  quickAdds: Contributed<QuickAddDecl>[];
  settings: Contributed<SettingsDecl>[];
  /** Slot fills by slot path. */
  slots: Map<string, Contributed<{ slot: string }>[]>;
  /** The route for a path: an exact declaration, else a pattern such as `/product/:id`. */
  route(path: string): Contributed<RouteDecl> | undefined;
  /** The values of a pattern route's parameters for a path (`/product/7` → `{ id: '7' }`). */
  params(path: string): Record<string, string>;
  /** The menu entry (with its ancestors) that leads to a path, for breadcrumbs and Add buttons. */
  trail(path: string): MenuEntry[];
  /**
   * Loads the plugins whose code was left out of the first page (see deferredRegistry); resolves
   * once they are registered. Absent when every plugin is there from the start.
   */
  ready?(): Promise<void>;
}

function mergeMenus(target: MenuEntry[], entries: readonly MenuEntry[], problems: string[], pluginId: string): void {
  for (const entry of entries) {
    const existing = target.find((e) => e.id === entry.id);
    if (!existing) {
      target.push({ ...entry, ...(entry.children ? { children: [] } : {}) });
      if (entry.children) mergeMenus(target[target.length - 1]!.children!, entry.children, problems, pluginId);
      continue;
    }
    if (!existing.children || !entry.children) {
      problems.push(`${pluginId}: menu entry '${entry.id}' is already contributed by another plugin`);
      continue;
    }
    mergeMenus(existing.children, entry.children, problems, pluginId);
  }
  target.sort((a, b) => (a.order ?? 100) - (b.order ?? 100));
}

/** Registers plugins in order; a plugin whose id repeats is left out (and reported). */
export function createRegistry(plugins: readonly WebPlugin[]): Registry {
  const problems: string[] = [];
  const accepted: WebPlugin[] = [];
  for (const p of plugins) {
    if (accepted.some((a) => a.id === p.id)) {
      problems.push(`plugin id '${p.id}' is registered twice; the second is ignored`);
      continue;
    }
    problems.push(...validateWebPlugin(p));
    accepted.push(p);
  }
  const menu: MenuEntry[] = [];
  const routes: Contributed<RouteDecl>[] = [];
  const widgets: Contributed<WidgetDecl>[] = [];
  const quickAdds: Contributed<QuickAddDecl>[] = [];
  const settings: Contributed<SettingsDecl>[] = [];
  const slots = new Map<string, Contributed<{ slot: string }>[]>();
  for (const p of accepted) {
    mergeMenus(menu, p.menu ?? [], problems, p.id);
    for (const r of p.routes ?? []) {
      const load = p.load?.routes?.[r.path];
      if (!load) continue;
      if (routes.some((x) => x.decl.path === r.path)) {
        problems.push(`${p.id}: route '${r.path}' is already contributed by another plugin`);
        continue;
      }
      routes.push({ pluginId: p.id, decl: r, load });
    }
    for (const w of p.widgets ?? []) { const load = p.load?.widgets?.[w.id]; if (load) widgets.push({ pluginId: p.id, decl: w, load }); }
    for (const q of p.quickAdds ?? []) { const load = p.load?.quickAdds?.[q.id]; if (load) quickAdds.push({ pluginId: p.id, decl: q, load }); }
    for (const s of p.settings ?? []) { const load = p.load?.settings?.[s.id]; if (load) settings.push({ pluginId: p.id, decl: s, load }); }
    for (const slot of p.slots?.fills ?? []) {
      const load = p.load?.slots?.[slot];
      if (load) slots.set(slot, [...(slots.get(slot) ?? []), { pluginId: p.id, decl: { slot }, load }]);
    }
  }
  const trail = (path: string): MenuEntry[] => {
    const walk = (entries: MenuEntry[], above: MenuEntry[]): MenuEntry[] | null => {
      for (const e of entries) {
        if (e.route === path) return [...above, e];
        if (e.children) {
          const found = walk(e.children, [...above, e]);
          if (found) return found;
        }
      }
      return null;
    };
    return walk(menu, []) ?? [];
  };
  const match = (pattern: string, path: string): Record<string, string> | null => {
    const p = pattern.split('/');
    const a = path.split('/');
    if (p.length !== a.length) return null;
    const out: Record<string, string> = {};
    for (let i = 0; i < p.length; i++) {
      if (p[i]!.startsWith(':')) {
        if (!a[i]) return null;
        out[p[i]!.slice(1)] = decodeURIComponent(a[i]!);
      } else if (p[i] !== a[i]) return null;
    }
    return out;
  };
  const route = (path: string) => routes.find((r) => r.decl.path === path) ?? routes.find((r) => r.decl.path.includes(':') && match(r.decl.path, path));
  return {
    plugins: accepted, problems, menu, routes, widgets, quickAdds, settings, slots,
    route,
    params: (path) => {
      const r = route(path);
      return r ? match(r.decl.path, path) ?? {} : {};
    },
    // A detail page (/product/7) sits under its list's menu entry (/product).
    trail: (path) => {
      for (let p = path; p; p = p.slice(0, p.lastIndexOf('/'))) {
        const found = trail(p);
        if (found.length) return found;
      }
      return [];
    },
  };
}

/**
 * A registry that starts with `now` (the workbench's built-in plugins) and registers the rest when
 * the shell first needs them: `ready()` runs `later` once (the sign-in page never downloads the
 * plugins' declarations and texts) and swaps in the full registry. The object stays the same; its
 * fields read the registry in force, so code holding it sees the plugins once they are in.
 * `onLoaded` gets the plugins added (their texts go into i18n before anything renders them).
 */
export function deferredRegistry(now: readonly WebPlugin[], later: () => Promise<readonly WebPlugin[]>, onLoaded?: (added: readonly WebPlugin[]) => void): Registry {
  let current = createRegistry(now);
  let loading: Promise<void> | null = null;
  const ready = () => {
    loading ??= later().then(
      (added) => {
        const next = createRegistry([...now, ...added]);
        onLoaded?.(next.plugins.slice(current.plugins.length));
        current = next;
        for (const p of current.problems) console.warn(`[tezgah] ${p}`);
      },
      (error: unknown) => {
        // The shell still works with what it has; the next call tries again.
        loading = null;
        console.error('[tezgah] the plugins could not be loaded', error);
      },
    );
    return loading;
  };
  return {
    get plugins() { return current.plugins; },
    get problems() { return current.problems; },
    get menu() { return current.menu; },
    get routes() { return current.routes; },
    get widgets() { return current.widgets; },
    get quickAdds() { return current.quickAdds; },
    get settings() { return current.settings; },
    get slots() { return current.slots; },
    route: (path) => current.route(path),
    params: (path) => current.params(path),
    trail: (path) => current.trail(path),
    ready,
  };
}

/** Every menu entry with a route, depth first in menu order (the page finder's list). */
export function flattenMenu(entries: readonly MenuEntry[]): MenuEntry[] {
  return entries.flatMap((e) => [...(e.route ? [e] : []), ...flattenMenu(e.children ?? [])]);
}
