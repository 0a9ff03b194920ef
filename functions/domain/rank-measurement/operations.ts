import { addKstDays, kstToday } from '#shared/kst';
import {
  OPERATIONS_DAYS,
  emptyDayCoverage,
  rankAlertRules,
  type RankAlertStateDto,
  type RankOperationsDto,
  type RecomputeRunDto,
} from '#shared/rank-operations';
import { assertStaff } from '#commons/role-guards';
import { rankOpsAlertsStore } from '../../storage/rank-ops-alerts';
import { rankOpsCountersStore, windowOf } from '../../storage/rank-ops-counters';
import { rankRecomputeRunsStore, type RecomputeRunRecord } from '../../storage/rank-recompute-runs';
import { rankWorkerKeysStore } from '../../storage/rank-worker-keys';
import type { Caller } from '../auth/tokens';
import { getSettings } from '../settings/settings-service';

/**
 * GET /rank/operations: whether measuring is happening. Everything comes from the counters the
 * checks update as they arrive, the worker keys (a handful) and the latest recompute runs, a fixed
 * number of small reads however many slots and checks there are.
 */
const RUNS_SHOWN = 12;
/** Runs are kept a week; DynamoDB removes expired ones late (and DynamoDB Local never). */
const RUN_KEPT_MS = 7 * 24 * 3600_000;
/** Ten-minute windows from 50 minutes back: the current one and five before it, the last hour. */
const LAST_HOUR_FROM_MS = 50 * 60_000;

export const lastHourFrom = (now: Date) => windowOf(new Date(now.getTime() - LAST_HOUR_FROM_MS));

function runView(run: RecomputeRunRecord, now: Date): RecomputeRunDto {
  const results = Object.values(run.results);
  const lastFinish = results.reduce((a, r) => (r.finishedAt > a ? r.finishedAt : a), run.plannedAt);
  const end = run.completedAt ? lastFinish : now.toISOString();
  const failures = Object.values(run.failures).sort((a, b) => (a.at < b.at ? 1 : -1));
  return {
    runId: run.runId,
    day: run.day,
    startedAt: run.plannedAt,
    units: run.starts.length,
    unitsDone: run.done.length,
    completedAt: run.completedAt,
    durationMs: Math.max(0, Date.parse(end) - Date.parse(run.plannedAt)),
    suspectUnits: results.filter((r) => r.suspect).length,
    lastError: failures[0] ?? null,
  };
}

/** GET /rank/alerts: the rank alerts firing now (one small query; every console page asks each minute). */
export async function firingRankAlerts(caller: Caller): Promise<{ items: RankAlertStateDto[] }> {
  assertStaff(caller);
  const states = await rankOpsAlertsStore.all();
  return {
    items: states
      .filter((s) => s.firing)
      .map((s) => ({ rule: s.rule, firing: true, since: s.since, notifiedAt: s.notifiedAt })),
  };
}

export async function rankOperations(caller: Caller, now = new Date()): Promise<RankOperationsDto> {
  assertStaff(caller);
  const today = kstToday(now);
  const first = addKstDays(today, -(OPERATIONS_DAYS - 1));
  const [stored, lastHour, keyDays, keys, runs, alerts, settings] = await Promise.all([
    rankOpsCountersStore.days(first, today),
    rankOpsCountersStore.windowsSince(lastHourFrom(now)),
    rankOpsCountersStore.keysOfDay(today),
    rankWorkerKeysStore.list(),
    rankRecomputeRunsStore.latest(RUNS_SHOWN),
    rankOpsAlertsStore.all(),
    getSettings(),
  ]);
  const byDay = new Map(stored.map((d) => [d.day, d]));
  const byKey = new Map(keyDays.map((k) => [k.keyId, k]));
  const states = new Map(alerts.map((a) => [a.rule, a]));
  return {
    today,
    generatedAt: now.toISOString(),
    days: Array.from({ length: OPERATIONS_DAYS }, (_, i) => {
      const day = addKstDays(today, -i);
      return byDay.get(day) ?? emptyDayCoverage(day);
    }),
    lastHour,
    workers: keys.map((k) => {
      const counts = byKey.get(k.id);
      const checks = counts?.checks ?? 0;
      const failed = counts?.failed ?? 0;
      return {
        id: k.id,
        name: k.name,
        prefix: k.prefix,
        revoked: !!k.revokedAt,
        lastCallAt: k.lastUsedAt ?? null,
        lastCheckAt: counts?.lastCheckAt ?? null,
        checksToday: checks,
        failedToday: failed,
        failureRate: checks ? failed / checks : null,
      };
    }),
    runs: runs.filter((r) => now.getTime() - Date.parse(r.plannedAt) < RUN_KEPT_MS).map((r) => runView(r, now)),
    alerts: rankAlertRules.map((rule) => {
      const s = states.get(rule);
      return { rule, firing: !!s?.firing, since: s?.firing ? s.since : null, notifiedAt: s?.notifiedAt ?? null };
    }),
    thresholds: {
      silenceMinutes: settings.rankAlertSilenceMinutes,
      coverageHour: settings.rankCoverageAlertHour,
      coveragePercent: settings.rankCoverageMinPercent,
    },
  };
}
