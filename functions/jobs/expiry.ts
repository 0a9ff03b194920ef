import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import middy from '@middy/core';
import { runExpiryJob } from '../domain/slots/expiry-job';
import { logger } from '#commons/logger';

/** Scheduled job `expiry` (infra/schedules.ts): unfilled pre-allocated slots expire; '만료 예정' notices. */
export const handler = middy(async () => {
  const summary = await runExpiryJob();
  // What could be done is done; failing the run alarms and retries only what is still owed.
  if (summary.failed)
    throw new Error(`expiry could not handle ${summary.failed} slot(s); see 'expiry job: slot not handled' lines`);
  return summary;
}).use(injectLambdaContext(logger, { resetKeys: true }));
