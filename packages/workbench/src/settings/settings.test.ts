import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, fromQuery, getSettings, REDUCED_MENU_MAX, resetSettings, sanitize, updateSettings } from './settings';

afterEach(() => window.history.replaceState(null, '', '/'));

describe('layout settings', () => {
  it('read overrides from the query string; true/false become booleans', () => {
    expect(fromQuery('?theme=pharmacy&menuCollapsed=true&animations=false&footer=4&menuStyle=simply&language=ru')).toEqual({
      theme: 'pharmacy', menuCollapsed: true, animations: false, footer: 4, menuStyle: 'simply', language: 'ru',
    });
  });

  it('ignore unknown keys and invalid values in the query, and never take favourites or lastRoute from it', () => {
    expect(fromQuery('?theme=dark&menuStyle=mega&footer=9&menuCollapsed=yes&x=1&favourites=/a&lastRoute=/b')).toEqual({});
  });

  it('take the URL over what was kept', () => {
    updateSettings({ menuStyle: 'classic', menuCollapsed: false });
    window.history.replaceState(null, '', '/?menuStyle=flyout&menuCollapsed=true');
    resetSettings();
    expect(getSettings()).toMatchObject({ menuStyle: 'flyout', menuCollapsed: true });
  });

  it('persist locally and come back after a reload', () => {
    updateSettings({ theme: 'pharmacy-light', favourites: ['/product'] });
    resetSettings();
    expect(getSettings()).toMatchObject({ theme: 'pharmacy-light', favourites: ['/product'] });
    expect(JSON.parse(localStorage.getItem('tezgah.settings')!)).toMatchObject({ theme: 'pharmacy-light' });
  });

  it('keep at most 3 favourites, all paths', () => {
    expect(sanitize({ favourites: ['/a', 'b', '/c', '/d', '/e'] }).favourites).toEqual(['/a', '/c', '/d']);
  });

  it('fall back to the defaults when storage is unreadable', () => {
    localStorage.setItem('tezgah.settings', '{not json');
    resetSettings();
    expect(getSettings()).toEqual(DEFAULT_SETTINGS);
  });

  it('keep the reduced-menu choice per login, booleans only, and never take it from the query', () => {
    expect(sanitize({ reducedMenu: { eczaci: false, kalfa: true, x: 'yes', '': true } }).reducedMenu).toEqual({ eczaci: false, kalfa: true });
    expect(sanitize({ reducedMenu: [true] }).reducedMenu).toBeUndefined();
    const many = Object.fromEntries(Array.from({ length: REDUCED_MENU_MAX + 5 }, (_, i) => [`u${i}`, true]));
    const kept = Object.keys(sanitize({ reducedMenu: many }).reducedMenu!);
    expect(kept).toHaveLength(REDUCED_MENU_MAX);
    expect(kept[kept.length - 1]).toBe(`u${REDUCED_MENU_MAX + 4}`);
    expect(fromQuery('?reducedMenu=true')).toEqual({});
    updateSettings({ reducedMenu: { eczaci: false } });
    resetSettings();
    expect(getSettings().reducedMenu).toEqual({ eczaci: false });
  });
});
