import useSWRInfinite, { unstable_serialize, type SWRInfiniteConfiguration } from 'swr/infinite';
import type { AnswerTo, CallInput } from './api-client';
import { fetchRoute, routeCacheKey, type ReadKey } from './route-data';

/**
 * Paged lists (load more) over one GET route, apart from route-data so swr/infinite loads only with
 * the screens that page. Each page's key is the route key and that page's input.
 */
/** One page's input from the page index and the page before it (null: no more pages). */
export type PageInput<K extends ReadKey> = (index: number, previous: AnswerTo<K> | null) => CallInput<K> | null;

/** A paged list's cache key for `mutate` (swr/infinite stores the list under one key of its own). */
export const routePagesCacheKey = <K extends ReadKey>(key: K, pageInput: PageInput<K>) =>
  unstable_serialize((index, previous: AnswerTo<K> | null) => {
    const input = pageInput(index, previous);
    return input === null ? null : routeCacheKey(key, input);
  });

/** useSWRInfinite over one GET route; `pageInput` null → nothing is fetched. */
export function useRoutePages<K extends ReadKey>(
  key: K,
  pageInput: PageInput<K> | null,
  options?: SWRInfiniteConfiguration<AnswerTo<K>>,
) {
  return useSWRInfinite(
    (index, previous: AnswerTo<K> | null) => {
      const input = pageInput?.(index, previous) ?? null;
      return input === null ? null : routeCacheKey(key, input);
    },
    fetchRoute<K>,
    options,
  );
}
