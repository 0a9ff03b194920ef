import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import middy from '@middy/core';
import { runSlotSearchSnapshotJob } from '../domain/slots/search-snapshot-job';
import { logger } from '#commons/logger';

/** Scheduled job `slot-search-snapshot` (infra/schedules.ts): the staff search's copy, stored for cold processes. */
export const handler = middy(async () => runSlotSearchSnapshotJob()).use(
  injectLambdaContext(logger, { resetKeys: true }),
);
