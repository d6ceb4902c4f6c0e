import '@testing-library/jest-dom/vitest';
import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { resetSettings } from '../src/settings/settings';

// findBy*/waitFor wait up to 15 s instead of the library's 1 s: CI runs on a developer's machine
// right after a session, often busy, and a screen that renders in 1.2 s there is not a failure.
// A wait that succeeds returns as soon as it does, so the generous limit costs nothing.
configure({ asyncUtilTimeout: 15_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
  document.cookie.split(';').forEach((c) => { document.cookie = `${c.split('=')[0]!.trim()}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`; });
  resetSettings();
});

// jsdom lacks these; Blueprint and the layout code ask for them.
if (!window.matchMedia) {
  window.matchMedia = (query: string) => ({
    matches: false, media: query, onchange: null,
    addListener() {}, removeListener() {}, addEventListener() {}, removeEventListener() {}, dispatchEvent: () => false,
  }) as MediaQueryList;
}
window.scrollTo = () => {};
if (!('ResizeObserver' in window)) {
  (window as any).ResizeObserver = class { observe() {} unobserve() {} disconnect() {} };
}
