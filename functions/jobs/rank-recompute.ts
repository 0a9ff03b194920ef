import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import middy from '@middy/core';
import { runRankRecompute } from '../domain/rank-measurement/recompute-run';
import { logger } from '#commons/logger';

/**
 * Scheduled job `rank-recompute` (infra/schedules.ts): hourly; the first run after midnight KST also
 * closes the day before. The run is planned into units of pairs (recompute-run.ts); the scheduled
 * event's id names the run, so an event delivered again resumes it instead of starting over.
 */
export const handler = middy(async (event: { id?: string; time?: string } = {}) => {
  const summary = await runRankRecompute(event.time ? new Date(event.time) : new Date(), { runId: event.id });
  logger.info('rank recompute done', { summary });
  // Every other unit is done; fail the run so the Errors alarm fires and Lambda retries (only the failed units run again).
  if (summary.failed)
    throw new Error(`rank-recompute could not write ${summary.failed} slot(s); see 'rank not written' lines`);
  return summary;
}).use(injectLambdaContext(logger, { resetKeys: true }));
