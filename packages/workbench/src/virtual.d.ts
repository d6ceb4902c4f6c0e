declare module 'virtual:tezgah-plugins' {
  import type { WebPlugin } from '@tezgah/core';
  /** Package names of the discovered plugins, in load order. */
  export const packages: string[];
  /**
   * Every workspace package's WebPlugin (package.json `"tezgah": { "web": … }`), each entry a
   * chunk of its own loaded by this call (not by the first page).
   */
  export function loadPlugins(): Promise<WebPlugin[]>;
}
