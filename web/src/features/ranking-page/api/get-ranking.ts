import useSWR from 'swr';
import type { AdvertiserRankingDto, KeywordRankingDto } from '#shared/schemas/ranking';
import { api } from '@/lib/api-client';

/** GET /ranking/keywords and /ranking/advertisers (issue 12 item 8); the server caches them a minute. */
export const keywordRankingKey = '/ranking/keywords';
export const advertiserRankingKey = '/ranking/advertisers';

export const getKeywordRanking = () => api.get<KeywordRankingDto>(keywordRankingKey);
export const getAdvertiserRanking = () => api.get<AdvertiserRankingDto>(advertiserRankingKey);

const options = { revalidateOnFocus: false, dedupingInterval: 30_000 };

export function useKeywordRanking(enabled = true) {
  return useSWR(enabled ? keywordRankingKey : null, getKeywordRanking, options);
}

export function useAdvertiserRanking(enabled = true) {
  return useSWR(enabled ? advertiserRankingKey : null, getAdvertiserRanking, options);
}
