import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import middy from '@middy/core';
import { runRankRecompute } from '../domain/rank-measurement/recompute-job';
import { logger } from '#commons/logger';

/** Scheduled job `rank-recompute` (infra/schedules.ts): hourly; the first run after midnight KST also closes the day before. */
export const handler = middy(async () => {
  const summary = await runRankRecompute();
  logger.info('rank recompute done', { summary });
  // Every other slot is written; fail the run so the Errors alarm fires and Lambda retries (a rerun only writes what differs).
  if (summary.failed)
    throw new Error(`rank-recompute could not write ${summary.failed} slot(s); see 'rank not written' lines`);
  return summary;
}).use(injectLambdaContext(logger, { resetKeys: true }));
