import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import middy from '@middy/core';
import { reconcileLedgers } from '../domain/cash/reconcile';
import { logger } from '../http/logger';

/** Scheduled job `ledger-reconcile` (infra/schedules.ts): checks every ledger, repairs nothing. */
export const handler = middy(async () => reconcileLedgers()).use(injectLambdaContext(logger, { resetKeys: true }));
