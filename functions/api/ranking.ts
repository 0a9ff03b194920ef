import { advertiserRanking, keywordRanking } from '../domain/ranking/ranking';
import { defineGroup, op } from '../http/api-handler';

/** GET /api/ranking/*: the ranking page's real data (issue 12 item 8); 409 while featureRanking is off. */
export const handler = defineGroup('ranking', {
  keywords: op({}, (_, ctx) => keywordRanking(ctx.user)),
  advertisers: op({}, (_, ctx) => advertiserRanking(ctx.user)),
});
