import { answerOf, type RouteContract } from '../route';
import type { AdvertiserRankingDto, KeywordRankingDto } from '../../schemas/ranking';

/** The `ranking` group: the ranking page's real data, never samples; 409 while featureRanking is off. */
export const rankingRoutes = [
  {
    method: 'GET',
    path: '/api/ranking/keywords',
    group: 'ranking',
    op: 'keywords',
    access: 'user',
    answer: answerOf<KeywordRankingDto>(),
  },
  {
    method: 'GET',
    path: '/api/ranking/advertisers',
    group: 'ranking',
    op: 'advertisers',
    access: 'user',
    answer: answerOf<AdvertiserRankingDto>(),
  },
] as const satisfies readonly RouteContract[];
