import { advertiserRanking, keywordRanking } from '../domain/ranking/ranking';
import { defineGroup, op } from '../http/api-handler';
import { rankingRoutes } from '#infra/routes/ranking';

/** GET /api/ranking/*: the ranking page's real data (issue 12 item 8); 409 while featureRanking is off. */
export const handler = defineGroup(rankingRoutes, {
  keywords: op({}, (_, ctx) => keywordRanking(ctx.user)),
  advertisers: op({}, (_, ctx) => advertiserRanking(ctx.user)),
});
