import { createContext, useContext, useEffect, useMemo, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useSettings } from '../settings/settings';

/** The layout's numbers (seeds 000 §2 "Layout behaviour"), in one place. */
export const LAYOUT = {
  /** Below this width (px) the view is mobile: the menu is a drawer opened by a button or a swipe. */
  mobileBelow: 768,
  /** Below this width (px) the menu is forced collapsed. */
  collapseBelow: 1024,
  /** A swipe that starts within this distance (px) of the left edge ... */
  swipeEdge: 70,
  /** ... and moves right by more than this (px) opens the mobile menu. */
  swipeDistance: 50,
  /** The flyout menu's groups hide this long (ms) after the pointer leaves. */
  flyoutHideDelay: 100,
  /** The route progress bar completes this long (ms) after a page change. */
  progressComplete: 300,
  /** The route animation's length (ms); 0 with animations off. */
  routeAnimation: 300,
  /** The left menu's width (px), and collapsed (icons only). */
  menuWidth: 195,
  menuCollapsedWidth: 74,
  /** The other layout range of the left menu (px), used by the mobile drawer. */
  menuWideRange: [256, 330] as const,
} as const;

/** The route animation's length for the animations setting. */
export function routeAnimationMs(animations: boolean): number {
  return animations ? LAYOUT.routeAnimation : 0;
}

export interface Viewport {
  width: number;
  /** Below 768 px. */
  mobile: boolean;
  /** Below 1024 px: the menu is forced collapsed. */
  narrow: boolean;
}

const query = (below: number) => `(max-width: ${below - 0.02}px)`;

function matches(q: string): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? Boolean(window.matchMedia(q)?.matches) : false;
}

/** The viewport as the layout reads it: the window's width and the breakpoints' media queries. */
export function readViewport(): Viewport {
  const width = typeof window !== 'undefined' ? window.innerWidth : 1280;
  return {
    width,
    mobile: width < LAYOUT.mobileBelow || matches(query(LAYOUT.mobileBelow)),
    narrow: width < LAYOUT.collapseBelow || matches(query(LAYOUT.collapseBelow)),
  };
}

let cached: Viewport | null = null;
function snapshot(): Viewport {
  const next = readViewport();
  if (!cached || cached.width !== next.width || cached.mobile !== next.mobile || cached.narrow !== next.narrow) cached = next;
  return cached;
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('resize', onChange);
  const lists = [LAYOUT.mobileBelow, LAYOUT.collapseBelow].map((b) => (typeof window.matchMedia === 'function' ? window.matchMedia(query(b)) : null));
  for (const l of lists) l?.addEventListener?.('change', onChange);
  return () => {
    window.removeEventListener('resize', onChange);
    for (const l of lists) l?.removeEventListener?.('change', onChange);
  };
}

/** The viewport, updated on resize and when a breakpoint's media query changes. */
export function useViewport(): Viewport {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}

/** What the shell's parts share about the layout: the viewport, the effective collapse, the mobile menu. */
export interface LayoutState {
  viewport: Viewport;
  /** The menu shows icons only: the setting, or forced below 1024 px. */
  collapsed: boolean;
  /** Collapse is forced by the width (the toggle is then disabled). */
  forcedCollapsed: boolean;
  /** The mobile menu drawer is open. */
  menuOpen: boolean;
  setMenuOpen(open: boolean): void;
}

const LayoutContext = createContext<LayoutState | null>(null);

function useLayoutState(): LayoutState {
  const viewport = useViewport();
  const settings = useSettings();
  const [menuOpen, setMenuOpen] = useState(false);
  const forcedCollapsed = viewport.narrow && !viewport.mobile;
  return useMemo(() => ({
    viewport,
    collapsed: !viewport.mobile && (settings.menuCollapsed || viewport.narrow),
    forcedCollapsed,
    menuOpen: viewport.mobile && menuOpen,
    setMenuOpen,
  }), [viewport, settings.menuCollapsed, forcedCollapsed, menuOpen]);
}

/** Gives the shell's parts one layout state (the main layout wraps the page in it). */
export function LayoutProvider(props: { children: ReactNode }) {
  const state = useLayoutState();
  return <LayoutContext.Provider value={state}>{props.children}</LayoutContext.Provider>;
}

/** The layout state; a part rendered alone (a story) gets its own. */
export function useLayout(): LayoutState {
  const shared = useContext(LayoutContext);
  const own = useLayoutState();
  return shared ?? own;
}

/**
 * Opens the mobile menu on a swipe: a touch that starts within 70 px of the left edge and moves
 * right by more than 50 px.
 */
export function useEdgeSwipe(enabled: boolean, onSwipe: () => void): void {
  const start = useRef<number | null>(null);
  const callback = useRef(onSwipe);
  callback.current = onSwipe;
  useEffect(() => {
    if (!enabled) return;
    const x = (e: TouchEvent, list: 'touches' | 'changedTouches') => e[list]?.[0]?.clientX;
    const onStart = (e: TouchEvent) => {
      const at = x(e, 'touches');
      start.current = at !== undefined && at <= LAYOUT.swipeEdge ? at : null;
    };
    const check = (e: TouchEvent, list: 'touches' | 'changedTouches') => {
      const at = x(e, list);
      if (start.current === null || at === undefined) return;
      if (at - start.current > LAYOUT.swipeDistance) {
        start.current = null;
        callback.current();
      }
    };
    const onMove = (e: TouchEvent) => check(e, 'touches');
    const onEnd = (e: TouchEvent) => { check(e, 'changedTouches'); start.current = null; };
    document.addEventListener('touchstart', onStart, { passive: true });
    document.addEventListener('touchmove', onMove, { passive: true });
    document.addEventListener('touchend', onEnd);
    return () => {
      document.removeEventListener('touchstart', onStart);
      document.removeEventListener('touchmove', onMove);
      document.removeEventListener('touchend', onEnd);
    };
  }, [enabled]);
}
