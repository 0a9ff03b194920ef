import { advertiserRanking, keywordRanking } from '../domain/ranking-page/ranking';
import { defineGroup } from '../http/api-handler';
import { rankingRoutes } from '#shared/contract/routes/ranking';

/** GET /api/ranking/*: the ranking page's real data; 409 while featureRanking is off. */
export const handler = defineGroup(rankingRoutes, {
  keywords: (_, ctx) => keywordRanking(ctx.user),
  advertisers: (_, ctx) => advertiserRanking(ctx.user),
});
