import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import middy from '@middy/core';
import { evaluateRankAlerts } from '../domain/rank-measurement/operations-alerts';
import { logger } from '#commons/logger';

/**
 * Scheduled job `rank-ops-alerts` (infra/schedules.ts): every five minutes, checks whether rank
 * measuring has stopped or is failing, tells staff once per episode and emits the figures the
 * CloudWatch alarms watch (operations-alerts.ts).
 */
export const handler = middy(async () => {
  const { figures, firing, notified, cleared } = await evaluateRankAlerts();
  logger.info('rank alerts evaluated', { figures, firing, notified, cleared });
  return { firing, notified, cleared };
}).use(injectLambdaContext(logger, { resetKeys: true }));
