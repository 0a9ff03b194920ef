/**
 * Scheduled jobs. The CDK jobs stack turns each entry into an EventBridge rule + function; the local
 * runtime runs the same handler at the same times, and on demand via `POST /_local/jobs/{name}`.
 * Times are UTC (EventBridge cron); KST = UTC+9.
 */
import { ITEM_WRITES, TABLE_READS, type TableAccess } from '#infra/table-access';
import type { WorkQueueName } from '#shared/work-queues';

export interface ScheduleDef {
  name: string;
  entry: string;
  /**
   * UTC minute and hour of the daily run; hour `'*'` runs every hour at that minute; a step minute
   * (`'*' + '/5'`, with hour `'*'`) runs every 5 minutes.
   */
  cron: { minute: number | `*/${number}`; hour: number | '*' };
  description: string;
  timeoutSeconds?: number;
  memoryMb?: number;
  /** The table actions the job's code calls (see ApiGroup.tableAccess). */
  tableAccess: TableAccess;
  needs?: ReadonlyArray<'websocketPush'>;
  /** Work queues the job enqueues on (infra/work-queues.ts): their URL and SendMessage on them only. */
  sends?: ReadonlyArray<WorkQueueName>;
  /**
   * Values of the `alarm` key this job puts on an ERROR log line when something needs a person
   * (e.g. `logger.error('…', { alarm: 'LEDGER_DRIFT' })`). Each becomes a metric filter and a
   * CloudWatch alarm on the stage's operator alarm topic.
   */
  alarms?: readonly string[];
  /**
   * Metrics this job emits (Embedded Metric Format, namespace `SimpleSlot/{stage}`, commons/metrics.ts)
   * as 1 while something needs a person: each gets a CloudWatch alarm on the stage's operator topic.
   */
  metricAlarms?: ReadonlyArray<{ metric: string; description: string }>;
}

export const schedules: readonly ScheduleDef[] = [
  {
    name: 'ledger-reconcile',
    entry: 'functions/jobs/ledger-reconcile.ts',
    // 03:30 KST, after the day's business.
    cron: { minute: 30, hour: 18 },
    description:
      'Checks every ledger: entries sum to the balance, no negative balance; drift is alarmed and notified to developers, never repaired',
    timeoutSeconds: 900,
    memoryMb: 512,
    // Writes only the drift notification; ledgers are never written here.
    tableAccess: [...TABLE_READS, ...ITEM_WRITES],
    needs: ['websocketPush'],
    alarms: ['LEDGER_DRIFT'],
  },
  {
    name: 'slot-status',
    entry: 'functions/jobs/slot-status.ts',
    // 00:05 KST, just after the business day turns.
    cron: { minute: 5, hour: 15 },
    description:
      'Moves stored slot statuses along the KST calendar (waiting, active, completed) with their counters; deletes rows of bulks that never committed',
    timeoutSeconds: 300,
    tableAccess: [...TABLE_READS, ...ITEM_WRITES],
  },
  {
    name: 'expiry',
    entry: 'functions/jobs/expiry.ts',
    // 00:10 KST, after slot-status.
    cron: { minute: 10, hour: 15 },
    description:
      "Marks pre-allocated slots never filled by their end date expired; sends each slot's '만료 예정' notices 3 days and 1 day before its end",
    timeoutSeconds: 300,
    tableAccess: [...TABLE_READS, ...ITEM_WRITES],
    needs: ['websocketPush'],
  },
  {
    name: 'rank-recompute',
    entry: 'functions/jobs/rank-recompute.ts',
    // Every hour at :02; the 00:02 KST run (15:02 UTC) also closes the day before, ahead of slot-status at 00:05.
    cron: { minute: 2, hour: '*' },
    description:
      'Plans the hourly rank run: cuts the tracked pairs into units and enqueues them (rank-recompute queue), which turn the checks into ranks, history and alerts',
    // The planner only: it reads the tracked slots once and enqueues the units (infra/work-queues.ts).
    timeoutSeconds: 300,
    memoryMb: 1024,
    tableAccess: [...TABLE_READS, 'PutItem'],
    sends: ['rank-recompute'],
  },
  {
    name: 'rank-ops-alerts',
    entry: 'functions/jobs/rank-ops-alerts.ts',
    cron: { minute: '*/5', hour: '*' },
    description:
      'Checks that rank measuring goes on (a worker calling, checks mostly succeeding, enough of today checked); tells staff once per episode and emits the figures',
    timeoutSeconds: 120,
    memoryMb: 512,
    // Writes the day's due pairs, the alert states and the staff notices.
    tableAccess: [...TABLE_READS, ...ITEM_WRITES],
    needs: ['websocketPush'],
    metricAlarms: [
      { metric: 'RankWorkerSilent', description: 'No rank worker has called for the configured time' },
      { metric: 'RankChecksFailing', description: "More than half of the last hour's rank checks failed" },
      { metric: 'RankCoverageShort', description: "Too few of today's rank pairs are checked by the configured hour" },
    ],
  },
  {
    name: 'slot-search-snapshot',
    entry: 'functions/jobs/slot-search-snapshot.ts',
    // Every hour at :20, after the :02 rank run's units have written their new ranks.
    cron: { minute: 20, hour: '*' },
    description:
      "Stores the staff slot search's copy of every slot as a snapshot, so a new process's first search reads it and only what changed since",
    // The whole index once a day (the rest build on the last snapshot); the copy and its compressed chunks in memory.
    timeoutSeconds: 300,
    memoryMb: 1024,
    tableAccess: [...TABLE_READS, 'PutItem'],
  },
];

/** The WebSocket API's one handler module ($connect, $disconnect, $default). */
export const websocketEntry = 'functions/ws/handler.ts';

/** Runs once after deployment (and at every local start): developer account, settings, field configs. */
export const bootstrapEntry = 'functions/jobs/bootstrap.ts';
