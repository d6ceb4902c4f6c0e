/**
 * The one openapi-fetch client of an app (ARCHITECTURE: "one client, cross-cutting concerns as
 * middleware"). Two middlewares do the session work:
 *
 * - {@link authMiddleware} adds `Authorization: Bearer <token>`, `access-token: <token>` and
 *   `company-id: <cid>` from the token store to every non-public call;
 * - {@link tokenCaptureMiddleware} stores the token whenever a response brings one in its
 *   `Authorization` header (sign-in, company switch, impersonation), with the company id read
 *   from its payload, and forgets it after a successful `GET /api/logout`.
 */
import createOpenApiClient, { type Client, type ClientOptions, type Middleware } from 'openapi-fetch';
import type { paths } from './generated/api';
import { companyIdOf, memoryTokenStore, stripBearer, type TokenStore } from './token';

export {
  COMPANY_COOKIE,
  companyIdOf,
  cookieTokenStore,
  decodeToken,
  isTokenExpired,
  memoryTokenStore,
  stripBearer,
  TOKEN_COOKIE,
  type CookieDocument,
  type CookieTokenStoreOptions,
  type TokenClaims,
  type TokenState,
  type TokenStore,
} from './token';

/** A `fetch` the client can use (the global one, or a fake in tests). */
export type FetchLike = (input: Request) => Promise<Response>;

/** Options of {@link createClient}. */
export interface CreateClientOptions {
  /** The server's root URL, e.g. `https://tezgah.example` (paths already start with /api or /services). */
  baseUrl: string;
  /** Where the session is kept. @default memoryTokenStore() */
  tokenStore?: TokenStore;
  /** @default globalThis.fetch */
  fetch?: FetchLike;
  /** Headers added to every request. */
  headers?: Record<string, string>;
  /**
   * The language problems are answered in (sent as `Accept-Language`, read at each request):
   * `'tr'` (the server's default) or `'en'`. @default the page's `<html lang>` in a browser, none elsewhere
   */
  language?: string | (() => string | undefined);
}

/** The page's language (`<html lang>`), which the workbench keeps equal to its UI language. */
export function documentLanguage(): string | undefined {
  const doc = (globalThis as { document?: { documentElement?: { lang?: string } } }).document;
  return doc?.documentElement?.lang || undefined;
}

/** Sends the UI language as `Accept-Language`, so the server's problems come in that language. */
export function languageMiddleware(language: string | (() => string | undefined)): Middleware {
  return {
    onRequest({ request }) {
      const lang = typeof language === 'function' ? language() : language;
      if (!lang || request.headers.has('Accept-Language')) return undefined;
      // Languages the server does not write in (fr, ru, zh) fall back to English, as the workbench does.
      request.headers.set('Accept-Language', lang.startsWith('tr') || lang.startsWith('en') ? lang : `${lang}, en;q=0.8`);
      return request;
    },
  };
}

/** The openapi-fetch client over the generated `paths`, plus the store it keeps the session in. */
export type TezgahClient = Client<paths> & {
  readonly baseUrl: string;
  readonly tokenStore: TokenStore;
};

/**
 * The operations marked `x-public` in the contract (`METHOD path`): they need no token, so the
 * auth middleware sends none (a stale token must not get in the way of signing in).
 * The SDK tests check this list against openapi/dist/openapi.json.
 */
export const PUBLIC_OPERATIONS: ReadonlySet<string> = new Set([
  'GET /health',
  'POST /api/authenticate',
  'POST /api/check-username',
  'POST /api/check-mail',
  'GET /api/activate',
  'POST /api/account/send-activation-email',
  'POST /api/account/send-activation-sms',
  'POST /api/account/reset-password/init',
  'POST /api/account/reset-password/finish',
  'POST /api/account/password-reset-activate/finish',
  'POST /services/onmuhasebe/api/register',
  'GET /services/onmuhasebe/api/sectors',
  'GET /services/onmuhasebe/api/vademecum-medicine/{barcode}',
  'POST /services/onmuhasebe/api/virtual-payments/callback',
  'POST /services/onmuhasebe/api/pos-terminal-callback/{companyId}',
  'POST /api/crm/device/request-claim',
  'POST /api/crm/device/validate-claim',
  'POST /api/crm/device/resetPassword',
  'POST /services/onmuhasebe/api/sms-tasks/forgot-device-password',
]);

/** The calls whose answer is a new token (`{ id_token }`), also read from the body when the header is not exposed (CORS). */
export const TOKEN_OPERATIONS: ReadonlySet<string> = new Set([
  'POST /api/authenticate',
  'POST /api/company-authenticate',
  'POST /api/impersonate',
  'POST /api/logout-impersonate',
]);

const LOGOUT_OPERATION = 'GET /api/logout';

const opKey = (method: string, schemaPath: string) => `${method.toUpperCase()} ${schemaPath}`;

/** Adds the three session headers from the store to every non-public request. */
export function authMiddleware(store: TokenStore): Middleware {
  return {
    onRequest({ request, schemaPath }) {
      if (PUBLIC_OPERATIONS.has(opKey(request.method, schemaPath))) return undefined;
      const state = store.get();
      if (!state) return undefined;
      request.headers.set('Authorization', `Bearer ${state.token}`);
      request.headers.set('access-token', state.token);
      if (state.companyId !== null) request.headers.set('company-id', String(state.companyId));
      return request;
    },
  };
}

/** Stores every token that comes back in an `Authorization` response header; clears the store after logout. */
export function tokenCaptureMiddleware(store: TokenStore): Middleware {
  return {
    async onResponse({ request, response, schemaPath }) {
      const key = opKey(request.method, schemaPath);
      if (key === LOGOUT_OPERATION && response.ok) {
        store.clear();
        return undefined;
      }
      const header = response.headers.get('Authorization');
      let token = header ? stripBearer(header) : '';
      if (!token && response.ok && TOKEN_OPERATIONS.has(key)) {
        try {
          const body: unknown = await response.clone().json();
          const idToken = (body as { id_token?: unknown } | null)?.id_token;
          if (typeof idToken === 'string') token = stripBearer(idToken);
        } catch {
          // not JSON: nothing to capture
        }
      }
      if (token) store.set({ token, companyId: companyIdOf(token) });
      return undefined;
    },
  };
}

/**
 * Creates the typed client. Use it directly (`client.GET('/api/account')`, openapi-fetch style:
 * `{ data, error, response }`), or wrap it with `makeTezgahApi` (Effect) / `makeTezgahPromiseApi`.
 */
export function createClient(options: CreateClientOptions): TezgahClient {
  const tokenStore = options.tokenStore ?? memoryTokenStore();
  const clientOptions: ClientOptions = { baseUrl: options.baseUrl };
  if (options.fetch) clientOptions.fetch = options.fetch;
  if (options.headers) clientOptions.headers = options.headers;
  const client = createOpenApiClient<paths>(clientOptions);
  client.use(authMiddleware(tokenStore), tokenCaptureMiddleware(tokenStore), languageMiddleware(options.language ?? documentLanguage));
  return Object.assign(client, { baseUrl: options.baseUrl.replace(/\/+$/, ''), tokenStore });
}

/**
 * A fresh key for the `Idempotency-Key` header that every signed-in writing operation accepts:
 * send it with a request and send the SAME key when retrying that request (after a timeout, a
 * lost answer, a crash), and the server answers the first result instead of doing the work twice;
 * a key of your own that names the work (an import's file and row) makes a re-run safe too.
 * 128 random bits as hex, from `crypto.getRandomValues` (which, unlike `randomUUID`, browsers
 * give outside secure contexts as well).
 *
 * ```ts
 * const key = idempotencyKey();
 * await client.POST('/services/onmuhasebe/api/invoices', { params: { header: { 'Idempotency-Key': key } }, body });
 * ```
 */
export function idempotencyKey(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
