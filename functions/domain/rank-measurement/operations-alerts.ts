import { kstToday } from '#shared/kst';
import { alertRuleLabels, rankAlertTexts } from '#shared/messages/rank-operations';
import { FAILING_MIN_CHECKS, rankAlertRules, type FailureReason, type RankAlertRule } from '#shared/rank-operations';
import { isStaff } from '#shared/roles';
import { logger } from '#commons/logger';
import { recordMetrics } from '#commons/metrics';
import { rankOpsAlertsStore } from '../../storage/rank-ops-alerts';
import { rankOpsCountersStore } from '../../storage/rank-ops-counters';
import { rankWorkerKeysStore } from '../../storage/rank-worker-keys';
import { usersStore } from '../../storage/users';
import { notifyQuietly } from '../notifications/notify-users';
import { getSettings } from '../settings/settings-service';
import { lastHourFrom } from './operations';
import { trackedPairs } from './pairs';

/**
 * Scheduled job `rank-alerts` (every five minutes): tells staff when measuring has stopped or is going
 * wrong, once per episode rather than once per pair or per run.
 *
 * - workerSilent: pairs are due today and no worker key has called (or posted) for
 *   `rankAlertSilenceMinutes`;
 * - checksFailing: more than half of the last hour's checks failed (at least FAILING_MIN_CHECKS);
 * - coverageShort: from `rankCoverageAlertHour` (KST) on, under `rankCoverageMinPercent` of today's
 *   pairs have a found / not found check.
 *
 * A rule notifies when it starts firing; while it stays true it is quiet; the first evaluation that
 * finds it false clears it, and it fires (and notifies) again the next time it becomes true. The
 * coverage rule's episode is the KST day: at most one notice a day. Every run also emits the figures
 * and a 0/1 per rule as CloudWatch metrics, which the stacks' alarms watch.
 */
export interface AlertFigures {
  today: string;
  due: number;
  pairsChecked: number;
  failedBy: Partial<Record<FailureReason, number>>;
  lastHour: { checks: number; failed: number };
  /** The latest call or check of any key not revoked; null when none ever came. */
  lastCallAt: string | null;
  kstHour: number;
}

export interface AlertThresholds {
  silenceMinutes: number;
  coverageHour: number;
  coveragePercent: number;
}

const minutesSince = (at: string | null, now: Date) =>
  at === null ? null : Math.floor((now.getTime() - Date.parse(at)) / 60_000);

/** Which rules hold (pure). */
function firingRules(f: AlertFigures, t: AlertThresholds, now: Date): Record<RankAlertRule, boolean> {
  const silent = minutesSince(f.lastCallAt, now);
  return {
    workerSilent: f.due > 0 && (silent === null || silent >= t.silenceMinutes),
    checksFailing: f.lastHour.checks >= FAILING_MIN_CHECKS && f.lastHour.failed * 2 > f.lastHour.checks,
    coverageShort: f.kstHour >= t.coverageHour && f.due > 0 && f.pairsChecked * 100 < t.coveragePercent * f.due,
  };
}

function noticeOf(rule: RankAlertRule, f: AlertFigures, t: AlertThresholds, now: Date) {
  switch (rule) {
    case 'workerSilent':
      return {
        title: rankAlertTexts.workerSilent.title,
        message: rankAlertTexts.workerSilent.message(f.lastCallAt ? minutesSince(f.lastCallAt, now) : null, f.due),
      };
    case 'checksFailing':
      return {
        title: rankAlertTexts.checksFailing.title,
        message: rankAlertTexts.checksFailing.message(f.lastHour.checks, f.lastHour.failed, f.failedBy),
      };
    case 'coverageShort':
      return {
        title: rankAlertTexts.coverageShort.title,
        message: rankAlertTexts.coverageShort.message(t.coverageHour, f.due, f.pairsChecked, t.coveragePercent),
      };
  }
}

async function staffIds(): Promise<string[]> {
  return (await usersStore.listAll()).filter((u) => isStaff(u.role) && u.isActive && !u.deletedAt).map((u) => u.id);
}

async function figuresOf(now: Date): Promise<AlertFigures> {
  const today = kstToday(now);
  const due = (await trackedPairs(today)).length;
  // The screen shows the day's due pairs even before any worker has posted.
  await rankOpsCountersStore.setDue(today, due);
  const [[day], lastHour, keys, keyDays] = await Promise.all([
    rankOpsCountersStore.days(today, today),
    rankOpsCountersStore.windowsSince(lastHourFrom(now)),
    rankWorkerKeysStore.list(),
    rankOpsCountersStore.keysOfDay(today),
  ]);
  const live = new Set(keys.filter((k) => !k.revokedAt).map((k) => k.id));
  const times = [
    ...keys.filter((k) => live.has(k.id)).map((k) => k.lastUsedAt),
    ...keyDays.filter((k) => live.has(k.keyId)).map((k) => k.lastCheckAt),
  ].filter((t): t is string => !!t);
  return {
    today,
    due,
    pairsChecked: day?.pairsChecked ?? 0,
    failedBy: day?.failedBy ?? {},
    lastHour,
    lastCallAt: times.length ? times.reduce((a, b) => (a > b ? a : b)) : null,
    kstHour: new Date(now.getTime() + 9 * 3600_000).getUTCHours(),
  };
}

export async function evaluateRankAlerts(now = new Date()) {
  const settings = await getSettings();
  const thresholds: AlertThresholds = {
    silenceMinutes: settings.rankAlertSilenceMinutes,
    coverageHour: settings.rankCoverageAlertHour,
    coveragePercent: settings.rankCoverageMinPercent,
  };
  const [figures, states] = await Promise.all([figuresOf(now), rankOpsAlertsStore.all()]);
  const firing = firingRules(figures, thresholds, now);
  const stored = new Map(states.map((s) => [s.rule, s]));
  const at = now.toISOString();
  const notified: RankAlertRule[] = [];
  const cleared: RankAlertRule[] = [];
  for (const rule of rankAlertRules) {
    const state = stored.get(rule);
    const episode = rule === 'coverageShort' ? figures.today : '';
    if (firing[rule]) {
      if (state?.firing && state.episode === episode) continue;
      if (!(await rankOpsAlertsStore.startFiring(rule, episode, at))) continue;
      const notice = noticeOf(rule, figures, thresholds, now);
      logger.warn('rank alert', { rule, ...figures });
      await notifyQuietly(await staffIds(), {
        type: 'warning',
        priority: 'high',
        auto_close: false,
        ...notice,
        metadata: { rankAlert: rule, label: alertRuleLabels[rule], href: '/admin/rank-operations' },
        dedupeKey: `rank-alert#${rule}#${episode}#${at}`,
      });
      await rankOpsAlertsStore.notified(rule, at);
      notified.push(rule);
    } else if (state?.firing) {
      await rankOpsAlertsStore.clear(rule, at);
      cleared.push(rule);
    }
  }
  const silent = minutesSince(figures.lastCallAt, now);
  recordMetrics(
    {},
    {
      RankWorkerSilent: firing.workerSilent ? 1 : 0,
      RankChecksFailing: firing.checksFailing ? 1 : 0,
      RankCoverageShort: firing.coverageShort ? 1 : 0,
      RankDuePairs: figures.due,
      RankCoveragePercent: figures.due ? Math.floor((figures.pairsChecked * 100) / figures.due) : 100,
      RankChecksLastHour: figures.lastHour.checks,
      RankFailedLastHour: figures.lastHour.failed,
      ...(silent !== null ? { RankMinutesSinceWorkerCall: silent } : {}),
    },
  );
  return { figures, firing, notified, cleared };
}
