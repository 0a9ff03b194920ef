import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import middy from '@middy/core';
import { reconcileLedgers } from '../domain/cash/reconcile';
import { logger } from '#commons/logger';

/** Scheduled job `ledger-reconcile` (infra/schedules.ts): checks every ledger, repairs nothing. */
export const handler = middy(async () => {
  const summary = await reconcileLedgers();
  // Every other ledger has been checked; now fail the run so the Errors alarm fires and Lambda
  // retries, then parks the event in FailedJobs (infra/stacks/jobs-stack.ts).
  if (summary.failed) {
    const users = summary.failures
      .slice(0, 10)
      .map((f) => f.userId)
      .join(', ');
    throw new Error(
      `ledger reconciliation could not check ${summary.failed} user(s): ${users}${summary.failed > 10 ? ', …' : ''}`,
    );
  }
  return summary;
}).use(injectLambdaContext(logger, { resetKeys: true }));
