import useSWR from 'swr';
import { api } from '@/lib/api-client';

/** GET /ranking/keywords and /ranking/advertisers; the server caches them a minute. */
export const keywordRankingKey = '/ranking/keywords';
export const advertiserRankingKey = '/ranking/advertisers';

export const getKeywordRanking = () => api.call('GET /api/ranking/keywords');
export const getAdvertiserRanking = () => api.call('GET /api/ranking/advertisers');

const options = { revalidateOnFocus: false, dedupingInterval: 30_000 };

export function useKeywordRanking(enabled = true) {
  return useSWR(enabled ? keywordRankingKey : null, getKeywordRanking, options);
}

export function useAdvertiserRanking(enabled = true) {
  return useSWR(enabled ? advertiserRankingKey : null, getAdvertiserRanking, options);
}
