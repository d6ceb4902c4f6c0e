import { cookieTokenStore, createTezgahApi, type TezgahPromiseApi, type TokenStore } from '@tezgah/sdk';

/** Where the API is: the same origin that served the workbench. */
export const API_BASE = typeof window !== 'undefined' ? window.location.origin : 'http://localhost';

let store: TokenStore | undefined;
let api: TezgahPromiseApi | undefined;

/** The session lives in the cookies the seeds name: `accessToken` and `company-id`. */
export function tokenStore(): TokenStore {
  store ??= cookieTokenStore();
  return store;
}

/** The one API client of the page (plugins may make their own; the cookies sign them in too). */
export function getApi(): TezgahPromiseApi {
  api ??= createTezgahApi({ baseUrl: API_BASE, tokenStore: tokenStore() });
  return api;
}

/** Tests hand in a client over a fake server. */
export function setApi(next: TezgahPromiseApi, nextStore?: TokenStore): void {
  api = next;
  if (nextStore) store = nextStore;
}
