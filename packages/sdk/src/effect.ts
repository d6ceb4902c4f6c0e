/**
 * The Effect API: every call is an `Effect<Data, TezgahError>`; failures are the tagged errors of
 * ./errors, picked with `Effect.catchTag` / `Effect.catchTags`.
 *
 * ```ts
 * const program = Effect.gen(function* () {
 *   const api = yield* TezgahApi;
 *   yield* api.authenticate({ username: 'eczaci', password: 'demo1234' });
 *   return yield* api.account();
 * }).pipe(Effect.provide(TezgahApi.layer({ baseUrl: 'http://localhost:8080' })));
 * ```
 */
import { Context, Effect, Layer } from 'effect';
import type { Client, ClientPathsWithMethod, MaybeOptionalInit, MethodResponse } from 'openapi-fetch';
import { createClient, type CreateClientOptions, type TezgahClient } from './client';
import { toNetworkError, toTezgahError, type TezgahError } from './errors';
import type { components, operations, paths } from './generated/api';
import { RESOURCE_OPERATIONS, type GeneratedResources } from './generated/resources';
import { buildResources } from './operations';

type Schemas = components['schemas'];

/** The HTTP methods the API wraps. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

type Lower<M extends HttpMethod> = Lowercase<M>;

/** The contract paths that have method `M`. */
export type PathsWith<M extends HttpMethod> = ClientPathsWithMethod<Client<paths>, Lower<M>>;

/** The options (params, body, headers, signal...) of `M path`, as openapi-fetch types them. */
export type RequestInitFor<M extends HttpMethod, P extends PathsWith<M>> = MaybeOptionalInit<paths[P], Lower<M>>;

/** `[init]` when the call has required params or a body, `[init?]` otherwise. */
export type InitArgs<I> = undefined extends I ? [init?: NonNullable<I>] : [init: I];

type VoidIfNever<T> = [T] extends [never] ? void : T;

/** The success data of `M path` (void for 204 answers). */
export type ResponseData<M extends HttpMethod, P extends PathsWith<M>> = VoidIfNever<
  MethodResponse<Client<paths>, Lower<M>, P>
>;

/** GET paths that answer an array (the paged lists). */
export type ListPaths = {
  [P in PathsWith<'GET'>]: ResponseData<'GET', P> extends readonly unknown[] ? P : never;
}[PathsWith<'GET'>];

/** One page of a list and the total over all pages (from `x-total-count`). */
export interface Page<T> {
  readonly items: T[];
  readonly total: number;
}

/** The item type of a list path. */
export type ListItem<P extends ListPaths> = ResponseData<'GET', P> extends readonly (infer T)[] ? T : never;

type QueryOf<K extends keyof operations> = NonNullable<operations[K]['parameters']['query']>;
type BodyOf<K extends keyof operations> = operations[K] extends {
  requestBody: { content: { 'application/json': infer B } };
}
  ? B
  : operations[K] extends { requestBody?: { content: { 'application/json': infer B } } }
    ? B
    : never;

/** The answer of `POST /register`. */
export type RegisterResult = operations['register']['responses'][201]['content']['application/json'];
/** The answer of `GET /api/activate`. */
export type ActivationResult = operations['activateAccount']['responses'][200]['content']['application/json'];
/** The answer of `GET /health`. */
export type Health = operations['health']['responses'][200]['content']['application/json'];

/** Query parameters of the list calls. */
export type UserListQuery = QueryOf<'listUsers'>;
export type UserBriefListQuery = QueryOf<'listUsersNoAuthorities'>;
export type CompanyListQuery = QueryOf<'listCompanies'>;
export type RoleListQuery = QueryOf<'listRoles'>;
export type AuditListQuery = QueryOf<'listAuditEvents'>;
export type OutboxListQuery = QueryOf<'listOutboxMessages'>;

/** Request bodies of the named calls. */
export type Credentials = BodyOf<'authenticate'>;
export type LogoutImpersonateBody = BodyOf<'logoutImpersonate'>;
export type LoginAndEmail = BodyOf<'resetPasswordInit'>;
export type LoginAndPhone = BodyOf<'sendActivationSms'>;
export type UpdateEmailBody = BodyOf<'updateOwnEmail'>;
export type SetCompanyUserBody = BodyOf<'setCompanyUser'>;

/** An `Effect` that fails with a {@link TezgahError} and needs nothing. */
export type TezgahEffect<A> = Effect.Effect<A, TezgahError>;

/**
 * Everything the Effect API offers. The Promise façade has the same shape with Promises.
 * Besides the identity calls written here, every other area has a generated resource
 * ({@link GeneratedResources}: `currents.list`, `invoices.create`, `eDocuments.getPdf`...).
 */
export interface TezgahApiShape extends GeneratedResources {
  /** The client underneath (its token store holds the session). */
  readonly client: TezgahClient;
  /** Any call of the contract, typed by the generated `paths`: `request('GET', '/api/users/{login}', { params: { path: { login } } })`. */
  request<M extends HttpMethod, P extends PathsWith<M>>(
    method: M,
    path: P,
    ...init: InitArgs<RequestInitFor<M, P>>
  ): TezgahEffect<ResponseData<M, P>>;
  /** A paged GET list: the page's items and the total from `x-total-count`. */
  list<P extends ListPaths>(path: P, ...init: InitArgs<RequestInitFor<'GET', P>>): TezgahEffect<Page<ListItem<P>>>;

  /** `GET /health`. */
  health(): TezgahEffect<Health>;
  /** `POST /api/authenticate`; the token is stored by the client. */
  authenticate(credentials: Credentials): TezgahEffect<Schemas['Token']>;
  /** `POST /api/company-authenticate`: switch the current company; the new token is stored. */
  companyAuthenticate(companyId: number): TezgahEffect<Schemas['Token']>;
  /** `GET /api/account`. */
  account(): TezgahEffect<Schemas['Account']>;
  /** `GET /api/logout`; the stored token is cleared. */
  logout(): TezgahEffect<void>;
  /** `POST /api/impersonate` (management): act as `login`; the new token is stored. */
  impersonate(login: string, previousLogin?: string): TezgahEffect<Schemas['Token']>;
  /** `POST /api/logout-impersonate`: back to the real user. */
  logoutImpersonate(body: LogoutImpersonateBody): TezgahEffect<Schemas['Token']>;
  /** `POST /api/account/lock`: lock this session; until unlocked, other calls fail with code SESSION_LOCKED (423). */
  lockSession(): TezgahEffect<void>;
  /** `POST /api/account/unlock`: the user's password opens the locked session again (Unauthorized when wrong). */
  unlockSession(password: string): TezgahEffect<void>;
  /** `POST /api/check-username`. */
  checkUsername(login: string): TezgahEffect<Schemas['Availability']>;
  /** `POST /api/check-mail`. */
  checkMail(email: string): TezgahEffect<Schemas['Availability']>;
  /** `GET /api/activate?key=`. */
  activate(key: string): TezgahEffect<ActivationResult>;
  /** `POST /api/account/send-activation-email`. */
  sendActivationEmail(body: LoginAndEmail): TezgahEffect<Schemas['Accepted']>;
  /** `POST /api/account/send-activation-sms`. */
  sendActivationSms(body: LoginAndPhone): TezgahEffect<Schemas['Accepted']>;
  /** `POST /api/account/reset-password/init`. */
  resetPasswordInit(body: LoginAndEmail): TezgahEffect<Schemas['Accepted']>;
  /** `POST /api/account/reset-password/finish`. */
  resetPasswordFinish(body: Schemas['KeyAndPassword']): TezgahEffect<Schemas['Accepted']>;
  /** `POST /api/account/password-reset-activate/finish`. */
  passwordResetActivateFinish(body: Schemas['KeyAndPassword']): TezgahEffect<Schemas['Accepted']>;
  /** `PUT /api/users-email`: change the signed-in user's e-mail. */
  updateEmail(body: UpdateEmailBody): TezgahEffect<Schemas['Account']>;
  /** `GET /services/onmuhasebe/api/user-companies`. */
  userCompanies(): TezgahEffect<Schemas['UserCompany'][]>;
  /** `GET /services/onmuhasebe/api/modules`: the module/action catalogue. */
  modules(): TezgahEffect<Schemas['AuthorityCatalogue']>;
  /** `GET /services/onmuhasebe/api/sectors`. */
  sectors(): TezgahEffect<Schemas['Sector'][]>;
  /** `POST /services/onmuhasebe/api/register`. */
  register(body: Schemas['RegisterInfo']): TezgahEffect<RegisterResult>;

  readonly users: {
    list(query?: UserListQuery): TezgahEffect<Page<Schemas['User']>>;
    /** The users without authorities (`/api/users-no-authorities`). */
    brief(query?: UserBriefListQuery): TezgahEffect<Page<Schemas['UserBrief']>>;
    get(login: string): TezgahEffect<Schemas['User']>;
    companyIds(id: number): TezgahEffect<number[]>;
    create(body: Schemas['UserCreate']): TezgahEffect<Schemas['User']>;
    update(body: Schemas['UserUpdate']): TezgahEffect<Schemas['User']>;
    /** Remove the user from the company. */
    remove(id: number, companyId: number): TezgahEffect<void>;
  };
  readonly companies: {
    list(query?: CompanyListQuery): TezgahEffect<Page<Schemas['Company']>>;
    get(id: number): TezgahEffect<Schemas['Company']>;
    create(body: Schemas['CompanyCreate']): TezgahEffect<Schemas['Company']>;
    update(body: Schemas['CompanyUpdate']): TezgahEffect<Schemas['Company']>;
    /** Set the company passive. */
    remove(id: number): TezgahEffect<void>;
    users(id: number): TezgahEffect<Schemas['CompanyMember'][]>;
    setUser(body: SetCompanyUserBody): TezgahEffect<Schemas['CompanyMember']>;
  };
  readonly roles: {
    list(query?: RoleListQuery): TezgahEffect<Page<Schemas['Role']>>;
    get(id: number): TezgahEffect<Schemas['Role']>;
    create(body: Schemas['RoleCreate']): TezgahEffect<Schemas['Role']>;
    update(body: Schemas['RoleUpdate']): TezgahEffect<Schemas['Role']>;
    remove(id: number): TezgahEffect<void>;
  };
  readonly audit: {
    list(query?: AuditListQuery): TezgahEffect<Page<Schemas['AuditEvent']>>;
  };
  readonly outbox: {
    list(query?: OutboxListQuery): TezgahEffect<Page<Schemas['OutboxMessage']>>;
  };
}

/** Reads `x-total-count`; falls back to the page length when the header is missing or unreadable. */
export function totalCount(response: Response, pageLength: number): number {
  const raw = response.headers.get('x-total-count');
  if (raw !== null && /^\s*\d+\s*$/.test(raw)) return Number(raw);
  return pageLength;
}

interface Sent {
  readonly data: unknown;
  readonly response: Response;
}

/** Builds the Effect API over a client from {@link createClient}. */
export function makeTezgahApi(client: TezgahClient): TezgahApiShape {
  const send = (method: HttpMethod, path: string, init?: object): TezgahEffect<Sent> =>
    Effect.tryPromise({
      try: (signal: AbortSignal) =>
        (client.request as (m: string, p: string, i: object) => Promise<{ data?: unknown; error?: unknown; response: Response }>)(
          method.toLowerCase(),
          path,
          { signal, ...init },
        ),
      catch: toNetworkError,
    }).pipe(
      Effect.flatMap(
        (r): TezgahEffect<Sent> =>
          r.response.ok ? Effect.succeed({ data: r.data, response: r.response }) : Effect.fail(toTezgahError(r.response, r.error)),
      ),
    );

  // The generic signatures are checked at the interface; inside, paths are plain strings.
  const call = <A>(method: HttpMethod, path: string, init?: object): TezgahEffect<A> =>
    Effect.map(send(method, path, init), (s) => s.data as A);
  const page = <T>(path: string, init?: object): TezgahEffect<Page<T>> =>
    Effect.map(send('GET', path, init), (s) => {
      const items = Array.isArray(s.data) ? (s.data as T[]) : [];
      return { items, total: totalCount(s.response, items.length) };
    });
  const query = (q: object | undefined) => (q ? { params: { query: q } } : undefined);
  const id = (value: number | string) => ({ params: { path: { id: value } } });

  const base = '/services/onmuhasebe/api';

  const generated = buildResources(RESOURCE_OPERATIONS, (method, path, init, answer) =>
    answer === 'page' ? page(path, init) : call(method as HttpMethod, path, init),
  ) as unknown as GeneratedResources;

  return {
    ...generated,
    client,
    request: ((method: HttpMethod, path: string, init?: object) => call(method, path, init)) as TezgahApiShape['request'],
    list: ((path: string, init?: object) => page(path, init)) as TezgahApiShape['list'],

    health: () => call('GET', '/health'),
    authenticate: (credentials) => call('POST', '/api/authenticate', { body: credentials }),
    companyAuthenticate: (companyId) => call('POST', '/api/company-authenticate', { body: { companyId } }),
    account: () => call('GET', '/api/account'),
    logout: () => call('GET', '/api/logout'),
    impersonate: (login, previousLogin) =>
      call('POST', '/api/impersonate', { body: previousLogin === undefined ? { login } : { login, previousLogin } }),
    logoutImpersonate: (body) => call('POST', '/api/logout-impersonate', { body }),
    lockSession: () => call('POST', '/api/account/lock'),
    unlockSession: (password) => call('POST', '/api/account/unlock', { body: { password } }),
    checkUsername: (login) => call('POST', '/api/check-username', { body: { login } }),
    checkMail: (email) => call('POST', '/api/check-mail', { body: { email } }),
    activate: (key) => call('GET', '/api/activate', { params: { query: { key } } }),
    sendActivationEmail: (body) => call('POST', '/api/account/send-activation-email', { body }),
    sendActivationSms: (body) => call('POST', '/api/account/send-activation-sms', { body }),
    resetPasswordInit: (body) => call('POST', '/api/account/reset-password/init', { body }),
    resetPasswordFinish: (body) => call('POST', '/api/account/reset-password/finish', { body }),
    passwordResetActivateFinish: (body) => call('POST', '/api/account/password-reset-activate/finish', { body }),
    updateEmail: (body) => call('PUT', '/api/users-email', { body }),
    userCompanies: () => call('GET', `${base}/user-companies`),
    modules: () => call('GET', `${base}/modules`),
    sectors: () => call('GET', `${base}/sectors`),
    register: (body) => call('POST', `${base}/register`, { body }),

    users: {
      list: (q) => page('/api/users', query(q)),
      brief: (q) => page('/api/users-no-authorities', query(q)),
      get: (login) => call('GET', '/api/users/{login}', { params: { path: { login } } }),
      companyIds: (userId) => call('GET', '/api/users/companyIds/{id}', id(userId)),
      create: (body) => call('POST', '/api/users', { body }),
      update: (body) => call('PUT', '/api/users', { body }),
      remove: (userId, companyId) =>
        call('DELETE', '/api/users/{id}/{companyId}', { params: { path: { id: userId, companyId } } }),
    },
    companies: {
      list: (q) => page(`${base}/companies`, query(q)),
      get: (companyId) => call('GET', `${base}/companies/{id}`, id(companyId)),
      create: (body) => call('POST', `${base}/companies`, { body }),
      update: (body) => call('PUT', `${base}/companies`, { body }),
      remove: (companyId) => call('DELETE', `${base}/companies/{id}`, id(companyId)),
      users: (companyId) => call('GET', `${base}/companies/users/{id}`, id(companyId)),
      setUser: (body) => call('PUT', `${base}/companies-user`, { body }),
    },
    roles: {
      list: (q) => page(`${base}/roles`, query(q)),
      get: (roleId) => call('GET', `${base}/roles/{id}`, id(roleId)),
      create: (body) => call('POST', `${base}/roles`, { body }),
      update: (body) => call('PUT', `${base}/roles`, { body }),
      remove: (roleId) => call('DELETE', `${base}/roles/{id}`, id(roleId)),
    },
    audit: {
      list: (q) => page(`${base}/audit-events`, query(q)),
    },
    outbox: {
      list: (q) => page(`${base}/outbox-messages`, query(q)),
    },
  };
}

/**
 * The API as an Effect service: `const api = yield* TezgahApi`. Provide it with
 * `TezgahApi.layer({ baseUrl, tokenStore })`, or `TezgahApi.layerFromClient(client)` to share a client.
 */
export class TezgahApi extends Context.Service<TezgahApi, TezgahApiShape>()('@tezgah/sdk/TezgahApi') {
  /** A layer that builds the client and the API from client options. */
  static layer(options: CreateClientOptions): Layer.Layer<TezgahApi> {
    return Layer.sync(TezgahApi, () => makeTezgahApi(createClient(options)));
  }
  /** A layer over an existing client (e.g. the one the rest of the app uses). */
  static layerFromClient(client: TezgahClient): Layer.Layer<TezgahApi> {
    return Layer.succeed(TezgahApi, makeTezgahApi(client));
  }
}
