import { Duration, Stack } from 'aws-cdk-lib';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { SqsDestination } from 'aws-cdk-lib/aws-lambda-destinations';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { AppFunction } from '#infra/constructs/app-function';
import { pascalCase } from '#infra/naming';
import { schedules as defaultSchedules, type ScheduleDef } from '#infra/schedules';
import type { RealtimeStack } from '#infra/stacks/realtime-stack';
import type { StageStackProps } from '#infra/stage';

export interface JobsStackProps extends StageStackProps {
  table: ITableV2;
  realtime: RealtimeStack;
  /** @default the schedule table in infra/schedules.ts */
  schedules?: readonly ScheduleDef[];
}

/** The daily jobs: one function and one EventBridge rule per schedule table entry. */
export class JobsStack extends Stack {
  public readonly functions: ReadonlyMap<string, AppFunction>;

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

      new Rule(this, `${id}Schedule`, {
        description: job.description,
        // EventBridge cron is UTC; the table already states UTC times.
        schedule: Schedule.cron({ minute: String(job.cron.minute), hour: String(job.cron.hour) }),
        targets: [new LambdaFunction(fn)],
      });
      functions.set(job.name, fn);
    }
    this.functions = functions;
  }
}
