import { Duration, Stack } from 'aws-cdk-lib';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { ALARM_PERIOD, alarm, alarmOnFunction } from '#infra/alarms';
import { AppFunction } from '#infra/constructs/app-function';
import { pascalCase } from '#infra/naming';
import { CONNECTION_KEY_PREFIX, type RealtimeStack } from '#infra/stacks/realtime-stack';
import type { StageStackProps } from '#infra/stage';
import { visibilityTimeoutSeconds, workQueues as defaultQueues, type WorkQueueDef } from '#infra/work-queues';
import { workQueueUrlEnv } from '#shared/work-queues';
import type { WorkQueueName } from '#shared/work-queues';

export interface WorkStackProps extends StageStackProps {
  table: ITableV2;
  realtime: RealtimeStack;
  alarmTopic: ITopic;
  /** @default the table in infra/work-queues.ts */
  queues?: readonly WorkQueueDef[];
}

/**
 * Work that must not wait for its caller (a broadcast's delivery, …): per entry of
 * infra/work-queues.ts an SQS queue with a dead-letter queue and the consumer function behind an
 * event source mapping that reports partial batch failures.
 */
export class WorkStack extends Stack {
  public readonly queues: ReadonlyMap<WorkQueueName, Queue>;
  public readonly deadLetterQueues: ReadonlyMap<WorkQueueName, Queue>;
  public readonly consumers: ReadonlyMap<WorkQueueName, AppFunction>;

  public constructor(scope: Construct, id: string, props: WorkStackProps) {
    super(scope, id, props);
    const { stage, table, realtime, alarmTopic } = props;
    const queues = new Map<WorkQueueName, Queue>();
    const deadLetters = new Map<WorkQueueName, Queue>();
    const consumers = new Map<WorkQueueName, AppFunction>();

    for (const def of props.queues ?? defaultQueues) {
      const id = pascalCase(def.name);
      const dlq = new Queue(this, `${id}DeadLetters`, {
        retentionPeriod: Duration.days(14),
        encryption: QueueEncryption.SQS_MANAGED,
        enforceSSL: true,
      });
      const queue = new Queue(this, `${id}Queue`, {
        visibilityTimeout: Duration.seconds(visibilityTimeoutSeconds(def)),
        retentionPeriod: Duration.days(4),
        encryption: QueueEncryption.SQS_MANAGED,
        enforceSSL: true,
        deadLetterQueue: { queue: dlq, maxReceiveCount: def.maxReceiveCount },
      });
      const fn = new AppFunction(this, `${id}Consumer`, {
        entry: def.entry,
        service: def.name,
        description: def.description,
        stage,
        table,
        tableAccess: def.tableAccess,
        memoryMb: def.memoryMb,
        timeoutSeconds: def.timeoutSeconds,
      });
      // The mapping grants the consumer receive/delete/visibility on this queue only.
      fn.addEventSource(
        new SqsEventSource(queue, {
          batchSize: def.batchSize,
          reportBatchItemFailures: true,
          maxConcurrency: def.maxConcurrency,
        }),
      );
      if (def.sendsToSelf) WorkStack.bindSend(fn, def.name, queue);
      if (def.needs?.includes('websocketPush')) realtime.bindPush(fn);
      if (def.needs?.includes('connectionCleanup'))
        fn.addToRolePolicy(
          new PolicyStatement({
            actions: ['dynamodb:DeleteItem'],
            resources: [table.tableArn],
            conditions: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [`${CONNECTION_KEY_PREFIX}*`] } },
          }),
        );

      alarmOnFunction(this, `${id}Consumer`, fn, alarmTopic, `work queue ${def.name} (${stage})`);
      alarm(this, `${id}DeadLettersAlarm`, {
        topic: alarmTopic,
        description: `work queue ${def.name} (${stage}): a message failed ${def.maxReceiveCount} times and waits in its dead-letter queue`,
        metric: dlq.metricApproximateNumberOfMessagesVisible({ statistic: 'Maximum', period: ALARM_PERIOD }),
      });
      queues.set(def.name, queue);
      deadLetters.set(def.name, dlq);
      consumers.set(def.name, fn);
    }
    this.queues = queues;
    this.deadLetterQueues = deadLetters;
    this.consumers = consumers;
  }

  /** Lets a producer enqueue on `name`: the queue URL in its environment and SendMessage on that queue only. */
  public grantSend(fn: IFunction & { addEnvironment(k: string, v: string): unknown }, name: WorkQueueName): void {
    const queue = this.queues.get(name);
    if (!queue) throw new Error(`no work queue named ${name}`);
    WorkStack.bindSend(fn, name, queue);
  }

  private static bindSend(
    fn: IFunction & { addEnvironment(k: string, v: string): unknown },
    name: string,
    queue: Queue,
  ) {
    fn.addEnvironment(workQueueUrlEnv(name), queue.queueUrl);
    queue.grantSendMessages(fn);
  }
}
