/**
 * The rank operations screen and its alerts: why a check failed (read from the evidence a worker
 * sends with a failed check), the alert rules, and the answer of `GET /api/rank/operations`.
 */
export const failureReasons = ['blocked', 'timeout', 'layout', 'load', 'other'] as const;
export type FailureReason = (typeof failureReasons)[number];

/**
 * Sorts a failed check into one reason from its evidence (pure). Workers write `{ kind, reason }`:
 * `kind` is `blocked` (a challenge page), `unknown` (no result list the worker knows) or `load` (the
 * page did not arrive: an HTTP error or a timeout). A 403 / 429 answer is the marketplace refusing
 * us, so it counts as blocked, not as a loading fault.
 */
export function failureReasonOf(evidence: unknown): FailureReason {
  const e = evidence && typeof evidence === 'object' ? (evidence as Record<string, unknown>) : {};
  const kind = typeof e.kind === 'string' ? e.kind : '';
  const reason = typeof e.reason === 'string' ? e.reason : '';
  if (kind === 'blocked' || /\bHTTP (403|429)\b|captcha|challenge|blocked by/i.test(reason)) return 'blocked';
  if (/time(d)? ?out/i.test(reason)) return 'timeout';
  if (kind === 'unknown') return 'layout';
  if (kind === 'load') return 'load';
  return 'other';
}

export const rankAlertRules = ['workerSilent', 'checksFailing', 'coverageShort'] as const;
export type RankAlertRule = (typeof rankAlertRules)[number];

/** The failure alert needs at least this many checks in the last hour: one failed check of one is noise. */
export const FAILING_MIN_CHECKS = 5;
/** Days the screen's chart shows, today included. */
export const OPERATIONS_DAYS = 14;

export interface DayCoverageDto {
  day: string;
  /** Pairs tracked that day (what the work list hands out); null until something has counted them. */
  due: number | null;
  /** Distinct pairs with a found / not found check that day. */
  pairsChecked: number;
  /** Checks received (every attempt, failed ones included). */
  checks: number;
  found: number;
  notFound: number;
  failed: number;
  failedBy: Record<FailureReason, number>;
}

/** A day nothing has counted yet: every figure 0, the due pairs unknown. */
export const emptyDayCoverage = (day: string): DayCoverageDto => ({
  day,
  due: null,
  pairsChecked: 0,
  checks: 0,
  found: 0,
  notFound: 0,
  failed: 0,
  failedBy: Object.fromEntries(failureReasons.map((r) => [r, 0])) as DayCoverageDto['failedBy'],
});

export interface WorkerKeyOpsDto {
  id: string;
  name: string;
  prefix: string;
  revoked: boolean;
  /** The key's last authenticated call (work list or observations; at most a minute stale). */
  lastCallAt: string | null;
  /** When its last check of today arrived. */
  lastCheckAt: string | null;
  checksToday: number;
  failedToday: number;
  /** Failed share of today's checks, 0..1; null without checks. */
  failureRate: number | null;
}

export interface RecomputeRunDto {
  runId: string;
  day: string;
  startedAt: string;
  units: number;
  unitsDone: number;
  completedAt: string | null;
  /** Planning to the last unit's finish (or to now, while running). */
  durationMs: number;
  suspectUnits: number;
  lastError: { at: string; error: string } | null;
}

export interface RankAlertStateDto {
  rule: RankAlertRule;
  firing: boolean;
  since: string | null;
  notifiedAt: string | null;
}

export interface RankOperationsDto {
  today: string;
  generatedAt: string;
  /** Today first, then the 13 days before (oldest last). */
  days: DayCoverageDto[];
  lastHour: { checks: number; failed: number };
  workers: WorkerKeyOpsDto[];
  runs: RecomputeRunDto[];
  alerts: RankAlertStateDto[];
  thresholds: { silenceMinutes: number; coverageHour: number; coveragePercent: number };
}
