import { Duration, Stack } from 'aws-cdk-lib';
import { Metric, type IMetric } from 'aws-cdk-lib/aws-cloudwatch';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { SqsDestination } from 'aws-cdk-lib/aws-lambda-destinations';
import { FilterPattern, MetricFilter } from 'aws-cdk-lib/aws-logs';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { ALARM_PERIOD, alarm } from '#infra/alarms';
import { AppFunction } from '#infra/constructs/app-function';
import { pascalCase } from '#infra/naming';
import { schedules as defaultSchedules, type ScheduleDef } from '#infra/schedules';
import type { RealtimeStack } from '#infra/stacks/realtime-stack';
import type { WorkStack } from '#infra/stacks/work-stack';
import type { StageStackProps } from '#infra/stage';

export interface JobsStackProps extends StageStackProps {
  table: ITableV2;
  realtime: RealtimeStack;
  /** The work queues (infra/work-queues.ts) jobs may enqueue on. */
  work: WorkStack;
  /** @default the schedule table in infra/schedules.ts */
  schedules?: readonly ScheduleDef[];
  /** The operator topic (DataStack.alarmTopic): where the jobs' alarms go. */
  alarmTopic: ITopic;
}

/** The daily jobs: one function and one EventBridge rule per schedule table entry. */
export class JobsStack extends Stack {
  public readonly functions: ReadonlyMap<string, AppFunction>;
  /** Where the jobs' alarms (failed runs, ledger drift, …) go until operators get in-app notifications. */
  public readonly alarmTopic: ITopic;

  public constructor(scope: Construct, id: string, props: JobsStackProps) {
    super(scope, id, props);
    const { stage, table, realtime } = props;
    const schedules = props.schedules ?? defaultSchedules;

    // A job that still fails after Lambda's retries lands here instead of vanishing.
    const failures = new Queue(this, 'FailedJobs', {
      retentionPeriod: Duration.days(14),
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
    });

    this.alarmTopic = props.alarmTopic;

    const functions = new Map<string, AppFunction>();
    for (const job of schedules) {
      const id = pascalCase(job.name);
      const fn = new AppFunction(this, `${id}Function`, {
        entry: job.entry,
        service: job.name,
        description: job.description,
        stage,
        table,
        tableAccess: job.tableAccess,
        memoryMb: job.memoryMb,
        // Jobs walk many items; give them a minute unless the table says otherwise.
        timeoutSeconds: job.timeoutSeconds ?? 60,
      });
      fn.configureAsyncInvoke({ onFailure: new SqsDestination(failures) });
      if (job.needs?.includes('websocketPush')) realtime.bindPush(fn);
      for (const queue of job.sends ?? []) props.work.grantSend(fn, queue);

      new Rule(this, `${id}Schedule`, {
        description: job.description,
        // EventBridge cron is UTC; the table already states UTC times.
        schedule: Schedule.cron({ minute: String(job.cron.minute), hour: String(job.cron.hour) }),
        // A run EventBridge could not even hand to Lambda (throttled, deleted) lands in the same queue.
        targets: [new LambdaFunction(fn, { deadLetterQueue: failures })],
      });
      for (const alarm of job.alarms ?? [])
        this.alarmOnLogLine(`${id}${pascalCase(alarm)}`, fn, alarm, stage, job.description);
      // Figures the job emits as Embedded Metric Format lines: 1 while the condition holds.
      for (const { metric, description } of job.metricAlarms ?? [])
        this.alarm(
          `${id}${metric}Alarm`,
          `${metric} (${stage}): ${description}`,
          new Metric({
            namespace: `SimpleSlot/${stage}`,
            metricName: metric,
            statistic: 'Maximum',
            period: ALARM_PERIOD,
          }),
        );
      // Every failed attempt, retries included: the job threw, timed out or crashed.
      this.alarm(
        `${id}ErrorsAlarm`,
        `${job.name} failed (${stage}): ${job.description}`,
        fn.metricErrors({ statistic: 'Sum', period: ALARM_PERIOD }),
      );
      functions.set(job.name, fn);
    }
    this.functions = functions;

    // A job that failed for good: its event waits in the queue until someone looks (and deletes it).
    this.alarm(
      'FailedJobsAlarm',
      `A scheduled job failed after Lambda's retries (${stage}); its event is in the FailedJobs queue`,
      failures.metricApproximateNumberOfMessagesVisible({ statistic: 'Maximum', period: ALARM_PERIOD }),
    );
  }

  /** Every job alarm: one breaching five-minute period (no data = fine) notifies the operator topic. */
  private alarm(id: string, description: string, metric: IMetric) {
    alarm(this, id, { topic: this.alarmTopic, description, metric });
  }

  /** Any log line of `fn` carrying `alarm: <name>` raises the alarm within five minutes. */
  private alarmOnLogLine(id: string, fn: AppFunction, name: string, stage: string, about: string) {
    const filter = new MetricFilter(this, `${id}Filter`, {
      logGroup: fn.logGroup,
      filterPattern: FilterPattern.stringValue('$.alarm', '=', name),
      metricNamespace: `SimpleSlot/${stage}`,
      metricName: name,
      metricValue: '1',
    });
    this.alarm(`${id}Alarm`, `${name}: ${about}`, filter.metric({ statistic: 'Sum', period: ALARM_PERIOD }));
  }
}
