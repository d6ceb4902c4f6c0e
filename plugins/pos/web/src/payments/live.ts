/**
 * How the POS payments stay live: they are asked again every `ms` while on screen (the data
 * layer's refetchInterval; not while the tab is hidden): polling, the simplest thing that works
 * through every proxy, and the kernel has no event stream. Tests shorten it.
 */
export const LIVE = { ms: 2000 };
