import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import middy from '@middy/core';
import { enqueueRankRecompute, rankRecomputeQueue } from '../domain/rank-measurement/recompute-run';
import { logger } from '#commons/logger';

/**
 * Scheduled job `rank-recompute` (infra/schedules.ts): hourly; the first run after midnight KST also
 * closes the day before. It plans the run into units of pairs and enqueues them on the
 * `rank-recompute` queue (recompute-run.ts). The scheduled event's id names the run, so an event
 * delivered again re-enqueues only the units not yet done.
 */
export const handler = middy(async (event: { id?: string; time?: string } = {}) => {
  const planned = await enqueueRankRecompute(rankRecomputeQueue(), event.time ? new Date(event.time) : new Date(), {
    runId: event.id,
  });
  logger.info('rank recompute enqueued', { planned });
  return planned;
}).use(injectLambdaContext(logger, { resetKeys: true }));
