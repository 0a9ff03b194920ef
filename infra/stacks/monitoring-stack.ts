import { Duration, Stack } from 'aws-cdk-lib';
import {
  Dashboard,
  GraphWidget,
  Metric,
  SingleValueWidget,
  TextWidget,
  type IMetric,
  type IWidget,
} from 'aws-cdk-lib/aws-cloudwatch';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import type { Construct } from 'constructs';
import { ALARM_PERIOD, alarm } from '#infra/alarms';
import { apiGroups, type GroupName } from '#infra/api-groups';
import { pascalCase } from '#infra/naming';
import { appMetric, appMetricSearch, GRAPH_PERIOD } from '#infra/observability';
import type { ApiStack } from '#infra/stacks/api-stack';
import type { JobsStack } from '#infra/stacks/jobs-stack';
import type { WorkStack } from '#infra/stacks/work-stack';
import type { StageStackProps } from '#infra/stage';
import { RANK_CHECK_STATUSES } from '#shared/metric-catalogue';

export interface MonitoringStackProps extends StageStackProps {
  table: ITableV2;
  api: ApiStack;
  work: WorkStack;
  jobs: JobsStack;
  /** The operator topic (DataStack.alarmTopic; its e-mail subscription is the stage's alarm e-mail). */
  alarmTopic: ITopic;
}

/** An API group's p95 latency above this for three periods in a row is slow enough for a person. */
const API_P95_ALARM_MS = 3000;
/** The oldest waiting message of a work queue older than this: its consumer is stuck or too slow. */
const QUEUE_AGE_ALARM_SECONDS = 900;
/** 5xx answers of one group in five minutes before someone looks (the envelope catches them: Lambda sees no error). */
const GROUP_5XX_ALARM_COUNT = 5;

/**
 * What an operator watches: one CloudWatch dashboard per stage (API, functions, table, queues, rank
 * measuring, business figures) and the alarms on what needs a person, on the operator topic (the
 * stage's alarm e-mail; in prod required). Built
 * after the stacks it watches; it owns no resource they use.
 */
export class MonitoringStack extends Stack {
  public readonly dashboard: Dashboard;

  public constructor(scope: Construct, id: string, props: MonitoringStackProps) {
    super(scope, id, props);
    const { stage, api, work, jobs, table, alarmTopic } = props;
    const groups = Object.keys(apiGroups) as GroupName[];
    const queueNames = [...work.queues.keys()];
    const allFunctions: Array<[string, IFunction]> = [
      ...[...api.functions].map(([g, fn]) => [`api ${g}`, fn] as [string, IFunction]),
      ...[...work.consumers].map(([q, fn]) => [`queue ${q}`, fn] as [string, IFunction]),
      ...[...jobs.functions].map(([j, fn]) => [`job ${j}`, fn] as [string, IFunction]),
    ];
    const perGroup = (make: (g: GroupName) => IMetric) => groups.map(make);
    const fnMetrics = (make: (fn: IFunction, label: string) => IMetric) =>
      allFunctions.map(([label, fn]) => make(fn, label));
    const graph = (title: string, left: IMetric[], width = 8, right?: IMetric[]) =>
      new GraphWidget({ title, left, right, width, height: 6 });

    const tableMetric = (metricName: string) =>
      new Metric({
        namespace: 'AWS/DynamoDB',
        metricName,
        dimensionsMap: { TableName: table.tableName },
        statistic: 'Sum',
        period: GRAPH_PERIOD,
        label: metricName,
      });

    const rankRecompute = work.consumers.get('rank-recompute');
    const widgets: IWidget[][] = [
      [
        new TextWidget({
          markdown: `# Simple Slot (${stage})\nAPI, functions, table, queues, rank measuring, money`,
          width: 24,
          height: 1,
        }),
      ],
      [
        graph(
          'API requests per group',
          perGroup((g) => appMetric(stage, 'ApiRequests', { group: g }, { label: g })),
        ),
        graph(
          'API 4xx per group',
          perGroup((g) => appMetric(stage, 'ApiClientErrors', { group: g }, { label: g })),
        ),
        graph(
          'API 5xx per group',
          perGroup((g) => appMetric(stage, 'ApiServerErrors', { group: g }, { label: g })),
        ),
      ],
      [
        graph(
          'API latency p95 per group (ms)',
          perGroup((g) => appMetric(stage, 'ApiLatency', { group: g }, { label: g, statistic: 'p95' })),
          12,
        ),
        graph('API error answers by group and code', [appMetricSearch(stage, 'ApiErrors')], 12),
      ],
      [
        graph('HTTP API (gateway): requests, 4xx, 5xx', [
          api.httpStage.metricCount({ statistic: 'Sum', period: GRAPH_PERIOD, label: 'requests' }),
          api.httpStage.metricClientError({ statistic: 'Sum', period: GRAPH_PERIOD, label: '4xx' }),
          api.httpStage.metricServerError({ statistic: 'Sum', period: GRAPH_PERIOD, label: '5xx' }),
        ]),
        graph('HTTP API (gateway): latency p95 (ms)', [
          api.httpStage.metricLatency({ statistic: 'p95', period: GRAPH_PERIOD, label: 'p95' }),
        ]),
        graph('DynamoDB throttled events', [tableMetric('ReadThrottleEvents'), tableMetric('WriteThrottleEvents')]),
      ],
      [
        graph(
          'Lambda errors',
          fnMetrics((fn, label) => fn.metricErrors({ statistic: 'Sum', period: GRAPH_PERIOD, label })),
        ),
        graph(
          'Lambda throttles',
          fnMetrics((fn, label) => fn.metricThrottles({ statistic: 'Sum', period: GRAPH_PERIOD, label })),
        ),
        graph(
          'Lambda duration p95 (ms)',
          fnMetrics((fn, label) => fn.metricDuration({ statistic: 'p95', period: GRAPH_PERIOD, label })),
        ),
      ],
      [
        graph(
          'Work queues: messages waiting',
          queueNames.map((q) =>
            work.queues.get(q)!.metricApproximateNumberOfMessagesVisible({ period: GRAPH_PERIOD, label: q }),
          ),
          6,
        ),
        graph(
          'Work queues: oldest message age (s)',
          queueNames.map((q) =>
            work.queues.get(q)!.metricApproximateAgeOfOldestMessage({ period: GRAPH_PERIOD, label: q }),
          ),
          6,
        ),
        graph(
          'Work queues: dead letters',
          queueNames.map((q) =>
            work.deadLetterQueues
              .get(q)!
              .metricApproximateNumberOfMessagesVisible({ period: GRAPH_PERIOD, label: q, statistic: 'Maximum' }),
          ),
          6,
        ),
        graph(
          'Work queues: failed messages (retried)',
          queueNames.map((q) => appMetric(stage, 'WorkItemsFailed', { queue: q }, { label: q })),
          6,
        ),
      ],
      [
        new SingleValueWidget({
          title: "Rank coverage: today's pairs checked",
          metrics: [
            appMetric(stage, 'RankCoveragePercent', {}, { statistic: 'Minimum' }),
            appMetric(stage, 'RankDuePairs', {}, { statistic: 'Maximum' }),
            appMetric(stage, 'RankMinutesSinceWorkerCall', {}, { statistic: 'Maximum' }),
          ],
          width: 8,
          height: 6,
        }),
        graph('Rank checks in the last hour', [
          appMetric(stage, 'RankChecksLastHour', {}, { statistic: 'Maximum' }),
          appMetric(stage, 'RankFailedLastHour', {}, { statistic: 'Maximum' }),
        ]),
        graph(
          'Rank checks stored by status',
          RANK_CHECK_STATUSES.map((status) => appMetric(stage, 'RankChecksStored', { status }, { label: status })),
        ),
      ],
      [
        graph(
          'Rank recompute: unit duration p95 (ms) and errors',
          rankRecompute ? [rankRecompute.metricDuration({ statistic: 'p95', period: GRAPH_PERIOD })] : [],
          8,
          rankRecompute ? [rankRecompute.metricErrors({ statistic: 'Sum', period: GRAPH_PERIOD })] : [],
        ),
        graph('Rank alerts firing (1 = firing)', [
          appMetric(stage, 'RankWorkerSilent', {}, { statistic: 'Maximum' }),
          appMetric(stage, 'RankChecksFailing', {}, { statistic: 'Maximum' }),
          appMetric(stage, 'RankCoverageShort', {}, { statistic: 'Maximum' }),
        ]),
        graph('Broadcast deliveries', [appMetric(stage, 'BroadcastDeliveries', {})]),
      ],
      [
        graph('Slots registered, charges approved, refunds', [
          appMetric(stage, 'SlotsRegistered', {}),
          appMetric(stage, 'ChargesApproved', {}),
          appMetric(stage, 'Refunds', {}),
        ]),
        graph('Won credited by charges and refunded', [
          appMetric(stage, 'ChargedWon', {}),
          appMetric(stage, 'RefundedWon', {}),
        ]),
      ],
    ];

    this.dashboard = new Dashboard(this, 'Dashboard', {
      dashboardName: `simple-slot-${stage}`,
      defaultInterval: Duration.hours(6),
      widgets,
    });

    // The table's throttle alarms live with the table (DataStack); here only its graph.
    this.addAlarms({ stage, groups, queueNames, work, alarmTopic });
  }

  /** What needs a person; everything else is for the dashboard. */
  private addAlarms(opts: {
    stage: string;
    groups: GroupName[];
    queueNames: string[];
    work: WorkStack;
    alarmTopic: ITopic;
  }) {
    const { stage, groups, queueNames, work, alarmTopic: topic } = opts;
    for (const group of groups) {
      const id = pascalCase(group);
      alarm(this, `${id}ServerErrorsAlarm`, {
        topic,
        description: `/api ${group} (${stage}): ${GROUP_5XX_ALARM_COUNT} or more 5xx answers in five minutes (see the logs by correlation_id)`,
        metric: appMetric(stage, 'ApiServerErrors', { group }, { period: ALARM_PERIOD }),
        threshold: GROUP_5XX_ALARM_COUNT,
      });
      alarm(this, `${id}LatencyAlarm`, {
        topic,
        description: `/api ${group} (${stage}): p95 latency of ${API_P95_ALARM_MS} ms or more for fifteen minutes`,
        metric: appMetric(stage, 'ApiLatency', { group }, { period: ALARM_PERIOD, statistic: 'p95' }),
        threshold: API_P95_ALARM_MS,
        evaluationPeriods: 3,
      });
    }
    for (const q of queueNames) {
      alarm(this, `${pascalCase(q)}QueueAgeAlarm`, {
        topic,
        description: `work queue ${q} (${stage}): a message has waited ${QUEUE_AGE_ALARM_SECONDS / 60} minutes or more (consumer stuck or too slow)`,
        metric: work.queues
          .get(q as never)!
          .metricApproximateAgeOfOldestMessage({ statistic: 'Maximum', period: ALARM_PERIOD }),
        threshold: QUEUE_AGE_ALARM_SECONDS,
        evaluationPeriods: 2,
      });
    }
  }
}
