import { RANK_NOT_FOUND } from '#shared/schemas/rank';
import { logger } from '#commons/logger';
import type { RankAlertEventRecord, RankAlertSetting } from '../../storage/rank-slots';

/**
 * Rank alerts (issue 12 item 7): a slot's alert fires when its rank moves by `moveBy` places or more
 * (either way) or, with `whenOut`, when it falls out of the results (999). Until the notification
 * service exists the rank job records what fired on the slot (`rank_alert_last`, `rank_alert_events`)
 * and hands it to `notifyLater`, the one place that service will plug in.
 */
export const MAX_ALERT_EVENTS = 20;

export function alertFor(setting: RankAlertSetting | null | undefined, from: number | null, to: number | null, at: string): RankAlertEventRecord | null {
  if (!setting || to === null || from === to) return null;
  if (to === RANK_NOT_FOUND) return setting.whenOut && from !== RANK_NOT_FOUND ? { at, from, to: null, kind: 'out' } : null;
  if (setting.moveBy !== null && from !== null && Math.abs(to - from) >= setting.moveBy) return { at, from: from === RANK_NOT_FOUND ? null : from, to, kind: 'moved' };
  return null;
}

/** The notification hook: the notifications issue replaces this body with a real send. */
export function notifyLater(slot: { id: string; userId: string; keyword: string }, event: RankAlertEventRecord): void {
  logger.info('rank alert recorded (no notification service yet)', { slotId: slot.id, userId: slot.userId, keyword: slot.keyword, event });
}
