import { Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { workQueueUrlEnv } from '../../functions/commons/config';
import { schedules } from '#infra/schedules';
import { findWorkQueue, visibilityTimeoutSeconds } from '#infra/work-queues';
import { allowedStatements, appFunction, buildSimpleSlot, DYNAMODB_WRITE_ACTIONS } from './support';

/**
 * The hourly rank job is a planner that enqueues units on the `rank-recompute` work
 * queue; a consumer runs one unit per invocation, several at once, and a unit failing five times
 * waits in the queue's dead letters with an alarm.
 */
const { work, jobs } = buildSimpleSlot('tester');
const t = { work: Template.fromStack(work), jobs: Template.fromStack(jobs) };
const def = findWorkQueue('rank-recompute')!;
const queueId = (name: string) =>
  Object.entries(t.work.findResources('AWS::SQS::Queue')).find(([id]) => id.startsWith(name))![0];

describe('rank recompute on the work queue', () => {
  it('runs each unit in its own consumer invocation, up to 8 at once, inside a timeout far below the planner', () => {
    const consumer = appFunction(t.work, 'rank-recompute');
    expect(consumer.props.Timeout).toBe(def.timeoutSeconds);
    expect(def.timeoutSeconds).toBeLessThanOrEqual(180);
    t.work.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FunctionName: { Ref: consumer.logicalId },
      EventSourceArn: { 'Fn::GetAtt': [queueId('RankRecomputeQueue'), 'Arn'] },
      BatchSize: 1,
      ScalingConfig: { MaximumConcurrency: 8 },
      FunctionResponseTypes: ['ReportBatchItemFailures'],
    });
    // It writes ranks, history and alerts.
    const actions = allowedStatements(t.work, consumer).flatMap((s) => [s.Action].flat());
    expect(actions.some((a) => DYNAMODB_WRITE_ACTIONS.includes(a))).toBe(true);
  });

  it('moves a unit that failed five times to a dead-letter queue, redelivering it only after the consumer timed out', () => {
    t.work.hasResourceProperties('AWS::SQS::Queue', {
      VisibilityTimeout: visibilityTimeoutSeconds(def),
      RedrivePolicy: {
        deadLetterTargetArn: { 'Fn::GetAtt': [queueId('RankRecomputeDeadLetters'), 'Arn'] },
        maxReceiveCount: 5,
      },
    });
    t.work.hasResourceProperties('AWS::CloudWatch::Alarm', {
      Namespace: 'AWS/SQS',
      MetricName: 'ApproximateNumberOfMessagesVisible',
      Dimensions: [{ Name: 'QueueName', Value: { 'Fn::GetAtt': [queueId('RankRecomputeDeadLetters'), 'QueueName'] } }],
    });
  });

  it("gives the hourly planner the queue's URL and SendMessage on that queue only", () => {
    const job = schedules.find((s) => s.name === 'rank-recompute')!;
    expect(job.sends).toEqual(['rank-recompute']);
    const planner = appFunction(t.jobs, 'rank-recompute');
    expect(planner.props.Timeout).toBe(job.timeoutSeconds);
    const url = planner.env[workQueueUrlEnv('rank-recompute')];
    expect(JSON.stringify(url)).toMatch(/RankRecomputeQueue/);
    expect(planner.env[workQueueUrlEnv('notification-delivery')]).toBeUndefined();
    const sends = allowedStatements(t.jobs, planner).filter((s) => [s.Action].flat().includes('sqs:SendMessage'));
    expect(sends).toHaveLength(1);
    expect(JSON.stringify(sends[0].Resource)).toMatch(/RankRecomputeQueue/);
    expect(JSON.stringify(sends[0].Resource)).not.toMatch(/NotificationDelivery/);
  });
});
