/**
 * The Promise façade: the same calls as the Effect API, for callers that do not use Effect.
 * A call resolves with the data or rejects with the tagged error instance (an `Error` with a
 * `_tag`; test it with `instanceof Unauthorized` or `err._tag === 'Unauthorized'`).
 */
import { Effect, Result } from 'effect';
import { createClient, type CreateClientOptions, type TezgahClient } from './client';
import {
  makeTezgahApi,
  type HttpMethod,
  type InitArgs,
  type ListItem,
  type ListPaths,
  type Page,
  type PathsWith,
  type RequestInitFor,
  type ResponseData,
  type TezgahApiShape,
} from './effect';

type Promisified<T> = {
  readonly [K in keyof T]: T[K] extends (...args: infer A) => Effect.Effect<infer R, infer _E, infer _N>
    ? (...args: A) => Promise<R>
    : T[K] extends TezgahClient
      ? T[K]
      : T[K] extends object
        ? Promisified<T[K]>
        : T[K];
};

/** The Promise façade's shape: {@link TezgahApiShape} with Promises instead of Effects. */
export type TezgahPromiseApi = Promisified<Omit<TezgahApiShape, 'request' | 'list'>> & {
  request<M extends HttpMethod, P extends PathsWith<M>>(
    method: M,
    path: P,
    ...init: InitArgs<RequestInitFor<M, P>>
  ): Promise<ResponseData<M, P>>;
  list<P extends ListPaths>(path: P, ...init: InitArgs<RequestInitFor<'GET', P>>): Promise<Page<ListItem<P>>>;
};

/** Runs an SDK effect: resolves with its value or rejects with its (tagged) error. */
export async function runTezgah<A, E>(effect: Effect.Effect<A, E>): Promise<A> {
  const result = await Effect.runPromise(Effect.result(effect));
  if (Result.isSuccess(result)) return result.success;
  throw result.failure;
}

function promisify(value: unknown): unknown {
  if (typeof value === 'function') {
    return (...args: unknown[]) => runTezgah((value as (...a: unknown[]) => Effect.Effect<unknown, unknown>)(...args));
  }
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, promisify(v)]));
  }
  return value;
}

/** The Promise façade over a client from `createClient`. */
export function makeTezgahPromiseApi(client: TezgahClient): TezgahPromiseApi {
  const api = makeTezgahApi(client);
  const { client: own, ...calls } = api;
  return { client: own, ...(promisify(calls) as object) } as TezgahPromiseApi;
}

/** Shorthand: `createClient(options)` and the Promise façade over it. */
export function createTezgahApi(options: CreateClientOptions): TezgahPromiseApi {
  return makeTezgahPromiseApi(createClient(options));
}
