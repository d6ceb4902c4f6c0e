declare module 'virtual:tezgah-plugins' {
  import type { WebPlugin } from '@tezgah/core';
  /** Package names of the discovered plugins, in load order. */
  export const packages: string[];
  /** Every workspace package's WebPlugin (package.json `"tezgah": { "web": … }`). */
  export const plugins: WebPlugin[];
}
