import { useEffect, useRef } from 'react';

/**
 * How the POS payments list stays live: it asks again every `ms` while the page is open (polling:
 * the simplest thing that works through every proxy, and the kernel has no event stream). Tests
 * shorten it.
 */
export const LIVE = { ms: 2000 };

/** Calls `tick` every LIVE.ms while mounted (not while the tab is hidden), never two at once. */
export function usePolling(tick: () => Promise<void>, enabled = true): void {
  const ref = useRef(tick);
  ref.current = tick;
  useEffect(() => {
    if (!enabled) return undefined;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const run = async () => {
      if (stopped) return;
      if (typeof document === 'undefined' || document.visibilityState !== 'hidden') {
        try { await ref.current(); } catch { /* the next round tries again */ }
      }
      if (!stopped) timer = setTimeout(() => { void run(); }, LIVE.ms);
    };
    timer = setTimeout(() => { void run(); }, LIVE.ms);
    return () => { stopped = true; if (timer) clearTimeout(timer); };
  }, [enabled]);
}
