import type { WebPlugin } from '@tezgah/core';

/**
 * One area's part of the accounting plugin's workbench contribution: its menu entries, routes,
 * widgets, quick-adds, extension slots it opens or fills and texts (under `messages[lang][<area>]`). The plugin's index composes the
 * areas, so adding an area touches only its own folder.
 */
export type WebArea = Pick<WebPlugin, 'menu' | 'routes' | 'widgets' | 'quickAdds' | 'settings' | 'slots' | 'load' | 'messages'>;

/** The accounting menu groups (seeds 000 §2), shared by the areas that fill them. */
export const GROUPS = {
  currents: { id: 'current-category', title: 'Cari Hesaplar', titleKey: 'accounting:menu.currents', icon: 'people', order: 30 },
  finance: { id: 'finance-category', title: 'Finans', titleKey: 'accounting:menu.finance', icon: 'bank-account', order: 35 },
  commercial: { id: 'commercial-category', title: 'Alış / Satış', titleKey: 'accounting:menu.commercial', icon: 'shop', order: 40 },
  stock: { id: 'order-category', title: 'Stok', titleKey: 'accounting:menu.stock', icon: 'box', order: 70 },
  ledger: { id: 'accounting-category', title: 'Muhasebe', titleKey: 'accounting:menu.ledger', icon: 'book', order: 75 },
  settings: { id: 'settings', title: 'Ayarlar', titleKey: 'settings:menu.settings', icon: 'cog', order: 900 },
} as const;

export function composeAreas(base: Pick<WebPlugin, 'id' | 'title' | 'version'>, areas: WebArea[]): WebPlugin {
  const plugin: WebPlugin = { ...base, menu: [], routes: [], widgets: [], quickAdds: [], settings: [], load: { routes: {}, widgets: {}, quickAdds: {}, settings: {} }, messages: {} };
  for (const a of areas) {
    // Areas fill shared groups (Stok, Ayarlar...): one group per id, children gathered.
    for (const entry of a.menu ?? []) {
      const group = plugin.menu!.find((m) => m.id === entry.id && m.children && entry.children);
      if (group) group.children = [...group.children!, ...entry.children!];
      else plugin.menu!.push({ ...entry, ...(entry.children ? { children: [...entry.children] } : {}) });
    }
    plugin.routes!.push(...(a.routes ?? []));
    plugin.widgets!.push(...(a.widgets ?? []));
    plugin.quickAdds!.push(...(a.quickAdds ?? []));
    plugin.settings!.push(...(a.settings ?? []));
    for (const k of ['routes', 'widgets', 'quickAdds', 'settings'] as const) Object.assign(plugin.load![k]!, a.load?.[k] ?? {});
    if (a.slots?.opens?.length || a.slots?.fills?.length) {
      plugin.slots = { opens: [...(plugin.slots?.opens ?? []), ...(a.slots.opens ?? [])], fills: [...(plugin.slots?.fills ?? []), ...(a.slots.fills ?? [])] };
      plugin.load!.slots = { ...(plugin.load!.slots ?? {}), ...(a.load?.slots ?? {}) };
    }
    for (const [lang, texts] of Object.entries(a.messages ?? {})) {
      const into = (plugin.messages![lang] ??= {}) as Record<string, unknown>;
      for (const [k, v] of Object.entries(texts ?? {})) {
        into[k] = typeof v === 'object' && v && typeof into[k] === 'object' ? { ...(into[k] as object), ...(v as object) } : v;
      }
    }
  }
  return plugin;
}
