/**
 * Every custom CloudWatch metric the functions emit, named once: the code records only names listed
 * here (functions/commons/metrics.ts) and the CDK dashboard and alarms (infra/observability.ts) read the same
 * list, so a renamed metric or a changed dimension fails the build or the infra test instead of
 * leaving a graph flat. All live in the stage's namespace, `SimpleSlot/{stage}`.
 */
type MetricUnit = 'Count' | 'Milliseconds' | 'Percent' | 'None';

export interface MetricDef {
  unit: MetricUnit;
  /** Dimension names, in the order they are recorded (CloudWatch matches the exact set). */
  dimensions: readonly string[];
  /** What one data point means, shown on the dashboard. */
  label: string;
}

export const metricNamespace = (stage: string) => `SimpleSlot/${stage}`;

export const metricCatalogue = {
  // Per API group, recorded by the HTTP adapter for every request (functions/http/middleware/observe.ts).
  ApiRequests: { unit: 'Count', dimensions: ['group'], label: 'requests' },
  ApiLatency: { unit: 'Milliseconds', dimensions: ['group'], label: 'latency (adapter in to answer out)' },
  ApiClientErrors: { unit: 'Count', dimensions: ['group'], label: '4xx answers' },
  ApiServerErrors: { unit: 'Count', dimensions: ['group'], label: '5xx answers' },
  ApiErrors: { unit: 'Count', dimensions: ['group', 'code'], label: 'error answers by code' },
  // Business figures, recorded where the change is committed.
  SlotsRegistered: { unit: 'Count', dimensions: [], label: 'slots registered' },
  ChargesApproved: { unit: 'Count', dimensions: [], label: 'charge requests approved' },
  ChargedWon: { unit: 'None', dimensions: [], label: 'won credited by approved charges (bonus included)' },
  Refunds: { unit: 'Count', dimensions: [], label: 'slot refunds (an operator refund or a rejected slot paid back)' },
  RefundedWon: { unit: 'None', dimensions: [], label: 'won refunded' },
  RankChecksStored: { unit: 'Count', dimensions: ['status'], label: 'rank checks stored by status' },
  BroadcastDeliveries: { unit: 'Count', dimensions: [], label: 'broadcast notifications posted to sockets' },
  WorkItemsFailed: { unit: 'Count', dimensions: ['queue'], label: 'queue messages that failed (to be retried)' },
  // The rank operations job's figures (functions/domain/rank-measurement/operations-alerts.ts).
  RankWorkerSilent: { unit: 'Count', dimensions: [], label: '1 while no rank worker calls' },
  RankChecksFailing: { unit: 'Count', dimensions: [], label: '1 while most checks fail' },
  RankCoverageShort: { unit: 'Count', dimensions: [], label: '1 while coverage is short' },
  RankDuePairs: { unit: 'Count', dimensions: [], label: "today's pairs to check" },
  RankCoveragePercent: { unit: 'Percent', dimensions: [], label: "today's pairs checked" },
  RankChecksLastHour: { unit: 'Count', dimensions: [], label: 'checks in the last hour' },
  RankFailedLastHour: { unit: 'Count', dimensions: [], label: 'failed checks in the last hour' },
  RankMinutesSinceWorkerCall: { unit: 'None', dimensions: [], label: 'minutes since a worker called' },
} as const satisfies Record<string, MetricDef>;

export type MetricName = keyof typeof metricCatalogue;

/** The statuses a rank check is stored with (the `status` dimension of RankChecksStored). */
export const RANK_CHECK_STATUSES = ['found', 'not_found', 'failed'] as const;

/** The dimension values a metric needs, keyed by its dimension names. */
export type DimensionsOf<N extends MetricName> = Record<(typeof metricCatalogue)[N]['dimensions'][number], string>;
