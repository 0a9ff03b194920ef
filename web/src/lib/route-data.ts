import useSWR, { useSWRConfig, type ScopedMutator, type SWRConfiguration } from 'swr';
import useSWRMutation, { type SWRMutationConfiguration } from 'swr/mutation';
import { api, type AnswerTo, type CallInput, type RouteKey } from './api-client';

/**
 * How a screen reads and changes data: by the contract's route key, with no hand-written cache key.
 * A read's cache key is `[routeKey, input]` (swr hashes it field by field, so equal inputs share one
 * entry whatever their field order), and a change names the GET routes it makes stale: every cached
 * entry of those routes, whatever its input, is read again. `useSWRConfig`'s mutate is used, so a
 * test's own cache provider sees the same invalidation as the app.
 */

/** The routes that read (only these are cached). */
export type ReadKey = Extract<RouteKey, `GET ${string}`>;

/** The cache key of one read: the route key and what the call sends. */
export type RouteCacheKey<K extends ReadKey = ReadKey> = readonly [K, CallInput<K>];

type Empty = Record<never, never>;
/** A read's input: optional where the route needs none; `null` means "do not fetch now". */
type ReadArgs<K extends ReadKey, O> =
  Empty extends CallInput<K> ? [input?: CallInput<K> | null, options?: O] : [input: CallInput<K> | null, options?: O];

export const routeCacheKey = <K extends ReadKey>(key: K, input?: CallInput<K>): RouteCacheKey<K> =>
  [key, input ?? ({} as CallInput<K>)] as const;

/** The route a cache key was made for (undefined for keys not made by `routeCacheKey`). */
export const routeOf = (cacheKey: unknown): ReadKey | undefined =>
  Array.isArray(cacheKey) && typeof cacheKey[0] === 'string' ? (cacheKey[0] as ReadKey) : undefined;

/** Which cached reads a change makes stale: route keys (any input), or a test on the cache key. */
export type Stale = readonly ReadKey[] | ((cacheKey: RouteCacheKey) => boolean);

const matcher = (stale: Stale) => (cacheKey: unknown) => {
  const route = routeOf(cacheKey);
  if (!route) return false;
  return typeof stale === 'function' ? stale(cacheKey as RouteCacheKey) : stale.includes(route);
};

/** Reads again every cached entry of the named routes (with the cache of the caller's provider). */
export const invalidate = (mutate: ScopedMutator, stale: Stale) => mutate(matcher(stale));

/** `invalidate` bound to the surrounding swr provider, for sockets and composed actions. */
export function useInvalidate() {
  const { mutate } = useSWRConfig();
  return (stale: Stale) => invalidate(mutate, stale);
}

/** The fetcher of every route read: the cache key holds the whole call. */
export const fetchRoute = <K extends ReadKey>([key, input]: RouteCacheKey<K>) =>
  (api.call as (key: K, input: CallInput<K>) => Promise<AnswerTo<K>>)(key, input);

/** useSWR over one GET route: `useRoute('GET /api/slots/{id}', { path: { id } })`. */
export function useRoute<K extends ReadKey>(
  key: K,
  ...[input, options]: ReadArgs<K, SWRConfiguration<AnswerTo<K>, unknown>>
) {
  return useSWR(input === null ? null : routeCacheKey(key, input), fetchRoute<K>, options);
}

type ChangeOptions<A, R> = SWRMutationConfiguration<R, unknown, string, A> & {
  /** The reads this change makes stale, read again once it is answered. */
  invalidates?: Stale;
  /** Also read them again after a failure (a refused change may still mean the screen is out of date). */
  invalidatesOnError?: boolean;
};

/**
 * useSWRMutation over an action of one or more calls (`name` tells actions apart in swr): after it,
 * every cached entry of the routes in `invalidates` is read again, awaited, so the screen shows the
 * change when `trigger` resolves.
 */
export function useAction<A, R>(name: string, run: (arg: A) => Promise<R>, options: ChangeOptions<A, R> = {}) {
  const { mutate } = useSWRConfig();
  const { invalidates, invalidatesOnError, ...config } = options;
  return useSWRMutation(
    name,
    async (_key: string, { arg }: { arg: A }) => {
      let settled = false;
      try {
        const answer = await run(arg);
        settled = true;
        return answer;
      } finally {
        if (invalidates && (settled || invalidatesOnError)) await invalidate(mutate, invalidates);
      }
    },
    config,
  );
}

/** What `trigger` takes: the call's input, left out where the route needs none. */
type MutationArg<K extends RouteKey> = Empty extends CallInput<K> ? CallInput<K> | undefined : CallInput<K>;

/** useAction over one route: `trigger(input)` sends it. */
export const useRouteMutation = <K extends RouteKey>(key: K, options?: ChangeOptions<MutationArg<K>, AnswerTo<K>>) =>
  useAction(
    key,
    (arg: MutationArg<K>) =>
      (api.call as (key: K, input: CallInput<K>) => Promise<AnswerTo<K>>)(key, arg ?? ({} as CallInput<K>)),
    options,
  );
