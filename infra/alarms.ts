import { Duration } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, TreatMissingData, type IMetric } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import type { Construct } from 'constructs';

/** Every alarm looks at five-minute periods. */
export const ALARM_PERIOD = Duration.minutes(5);

export interface AlarmOptions {
  /** The operator topic (`DataStack.alarmTopic`). */
  topic: ITopic;
  /** What happened and where to look; the e-mail's headline. */
  description: string;
  metric: IMetric;
  /** @default 1 (anything at all) */
  threshold?: number;
  /** Consecutive breaching periods before it fires. @default 1 */
  evaluationPeriods?: number;
}

/**
 * The one way the product alarms: `value >= threshold` for `evaluationPeriods` five-minute periods
 * notifies the operator topic; no data (no traffic, no failures) counts as fine.
 */
export function alarm(scope: Construct, id: string, opts: AlarmOptions): Alarm {
  const created = new Alarm(scope, id, {
    alarmDescription: opts.description,
    metric: opts.metric,
    threshold: opts.threshold ?? 1,
    evaluationPeriods: opts.evaluationPeriods ?? 1,
    comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
    treatMissingData: TreatMissingData.NOT_BREACHING,
  });
  created.addAlarmAction(new SnsAction(opts.topic));
  return created;
}

/** Errors and Throttles of a function that answers users (API groups, the WebSocket handler). */
export function alarmOnFunction(
  scope: Construct,
  id: string,
  fn: { metricErrors(o: object): IMetric; metricThrottles(o: object): IMetric },
  topic: ITopic,
  what: string,
): void {
  alarm(scope, `${id}ErrorsAlarm`, {
    topic,
    description: `${what}: the function failed (uncaught error, timeout or crash)`,
    metric: fn.metricErrors({ statistic: 'Sum', period: ALARM_PERIOD }),
  });
  alarm(scope, `${id}ThrottlesAlarm`, {
    topic,
    description: `${what}: Lambda throttled invocations (account or function concurrency exhausted)`,
    metric: fn.metricThrottles({ statistic: 'Sum', period: ALARM_PERIOD }),
  });
}
