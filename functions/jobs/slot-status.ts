import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import middy from '@middy/core';
import { runSlotStatusJob } from '../domain/slots/status-job';
import { logger } from '#commons/logger';

/** Scheduled job `slot-status` (infra/schedules.ts): stored slot statuses follow the KST calendar. */
export const handler = middy(async () => {
  const summary = await runSlotStatusJob();
  // Every other slot has moved; now fail the run so the Errors alarm fires and Lambda retries
  // (a retry only moves what is still behind the calendar), then parks the event in FailedJobs.
  if (summary.failed)
    throw new Error(`slot-status could not move ${summary.failed} slot(s); see 'slot status not moved' lines`);
  return summary;
}).use(injectLambdaContext(logger, { resetKeys: true }));
