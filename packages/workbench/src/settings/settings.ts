import { useSyncExternalStore } from 'react';
import { FAVOURITES_MAX, Theme } from '@tezgah/core';

/** The layout settings a person can change; kept in localStorage, overridable from the URL. */
export interface LayoutSettings {
  /** default, pharmacy or pharmacy-light; null: follow the company's sector. */
  theme: Theme | null;
  /** classic (left sidebar), flyout (top bar with flyout groups) or simply (compact left list). */
  menuStyle: 'classic' | 'flyout' | 'simply';
  menuCollapsed: boolean;
  language: 'tr' | 'en' | 'fr' | 'ru' | 'zh';
  /** Page transitions animate (route animation 300 ms; 0 without). */
  animations: boolean;
  /** Footer variant 1–4 (two of them link the privacy notice). */
  footer: 1 | 2 | 3 | 4;
  /** The last menu item opened, for the routing after sign-in. */
  lastRoute: string | null;
  /** Favourite pages, at most three. */
  favourites: string[];
  /**
   * The reduced pharmacy menu ("Sade menü") as each person chose it on this browser, by login
   * (a counter computer is shared by the staff and the owner). No entry: the default, on in
   * pharmacy-sector companies (see `reducedMenuOn` in shell/Menu/menu.ts).
   */
  reducedMenu: Record<string, boolean>;
}

export const DEFAULT_SETTINGS: LayoutSettings = {
  theme: null,
  menuStyle: 'classic',
  menuCollapsed: false,
  language: 'tr',
  animations: true,
  footer: 1,
  lastRoute: null,
  favourites: [],
  reducedMenu: {},
};

/** How many people's menu choices one browser keeps (the oldest go first). */
export const REDUCED_MENU_MAX = 50;

const KEY = 'tezgah.settings';
const THEMES: readonly string[] = Object.values(Theme);
const STYLES = ['classic', 'flyout', 'simply'];
const LANGUAGES = ['tr', 'en', 'fr', 'ru', 'zh'];

/** Keeps only known keys with valid values (localStorage and URLs are outside input). */
export function sanitize(raw: Record<string, unknown>): Partial<LayoutSettings> {
  const out: Partial<LayoutSettings> = {};
  const bool = (v: unknown) => (v === true || v === 'true' ? true : v === false || v === 'false' ? false : undefined);
  if (raw.theme === null || (typeof raw.theme === 'string' && THEMES.includes(raw.theme))) out.theme = raw.theme as Theme | null;
  if (typeof raw.menuStyle === 'string' && STYLES.includes(raw.menuStyle)) out.menuStyle = raw.menuStyle as LayoutSettings['menuStyle'];
  if (bool(raw.menuCollapsed) !== undefined) out.menuCollapsed = bool(raw.menuCollapsed)!;
  if (bool(raw.animations) !== undefined) out.animations = bool(raw.animations)!;
  if (typeof raw.language === 'string' && LANGUAGES.includes(raw.language)) out.language = raw.language as LayoutSettings['language'];
  const footer = Number(raw.footer);
  if ([1, 2, 3, 4].includes(footer)) out.footer = footer as LayoutSettings['footer'];
  if (raw.lastRoute === null || (typeof raw.lastRoute === 'string' && raw.lastRoute.startsWith('/'))) out.lastRoute = raw.lastRoute as string | null;
  if (Array.isArray(raw.favourites)) out.favourites = raw.favourites.filter((f): f is string => typeof f === 'string' && f.startsWith('/')).slice(0, FAVOURITES_MAX);
  if (raw.reducedMenu && typeof raw.reducedMenu === 'object' && !Array.isArray(raw.reducedMenu)) {
    const entries = Object.entries(raw.reducedMenu as Record<string, unknown>).filter(([login, on]) => login !== '' && typeof on === 'boolean');
    out.reducedMenu = Object.fromEntries(entries.slice(-REDUCED_MENU_MAX)) as Record<string, boolean>;
  }
  return out;
}

/** Settings given in the query string (`?theme=pharmacy&menuCollapsed=true`): true/false become booleans. */
export function fromQuery(search: string): Partial<LayoutSettings> {
  const params = new URLSearchParams(search);
  const raw: Record<string, unknown> = {};
  for (const [k, v] of params) if (k in DEFAULT_SETTINGS && k !== 'favourites' && k !== 'lastRoute' && k !== 'reducedMenu') raw[k] = v;
  return sanitize(raw);
}

function load(): LayoutSettings {
  let saved: Partial<LayoutSettings> = {};
  try {
    saved = sanitize(JSON.parse(localStorage.getItem(KEY) ?? '{}'));
  } catch { /* unreadable: defaults */ }
  const fromUrl = typeof window !== 'undefined' ? fromQuery(window.location.search) : {};
  return { ...DEFAULT_SETTINGS, ...saved, ...fromUrl };
}

let current: LayoutSettings | null = null;
const listeners = new Set<() => void>();

export function getSettings(): LayoutSettings {
  current ??= load();
  return current;
}

/** Changes settings, keeps them, and tells every subscriber. */
export function updateSettings(patch: Partial<LayoutSettings>): void {
  current = { ...getSettings(), ...sanitize(patch as Record<string, unknown>) };
  try {
    localStorage.setItem(KEY, JSON.stringify(current));
  } catch { /* private mode: keep in memory */ }
  for (const l of listeners) l();
}

/** Forgets the in-memory copy (tests, and after a storage reset). */
export function resetSettings(): void {
  current = null;
  for (const l of listeners) l();
}

export function useSettings(): LayoutSettings {
  return useSyncExternalStore(
    (l) => { listeners.add(l); return () => listeners.delete(l); },
    getSettings,
    getSettings,
  );
}
