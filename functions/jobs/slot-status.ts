import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import middy from '@middy/core';
import { runSlotStatusJob } from '../domain/slots/status-job';
import { logger } from '../http/logger';

/** Scheduled job `slot-status` (infra/schedules.ts): stored slot statuses follow the KST calendar. */
export const handler = middy(async () => runSlotStatusJob()).use(injectLambdaContext(logger, { resetKeys: true }));
