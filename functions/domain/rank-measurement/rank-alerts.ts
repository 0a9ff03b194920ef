import { RANK_NOT_FOUND } from '#shared/schemas/rank';
import { notificationActionLabels, rankMovedText, rankOutText } from '#shared/messages/notification-events';
import { notifyQuietly } from '../notifications/notify-users';
import type { RankAlertEventRecord, RankAlertSetting } from '../../storage/rank-slots';

/**
 * Rank alerts: a slot's alert fires when its rank moves by `moveBy` places or more
 * (either way) or, with `whenOut`, when it falls out of the results (999). The rank job records what
 * fired on the slot (`rank_alert_last`, `rank_alert_events`) and then sends it (`sendRankAlert`).
 */
export const MAX_ALERT_EVENTS = 20;

export function alertFor(
  setting: RankAlertSetting | null | undefined,
  from: number | null,
  to: number | null,
  at: string,
): RankAlertEventRecord | null {
  if (!setting || to === null || from === to) return null;
  if (to === RANK_NOT_FOUND)
    return setting.whenOut && from !== RANK_NOT_FOUND ? { at, from, to: null, kind: 'out' } : null;
  if (setting.moveBy !== null && from !== null && Math.abs(to - from) >= setting.moveBy)
    return { at, from: from === RANK_NOT_FOUND ? null : from, to, kind: 'moved' };
  return null;
}

/**
 * The owner hears a fired alert through a notification: after the slot's write committed, best-effort. The slot
 * and the run's time are the dedupe key, so a retried send never doubles. Suspect runs fire no
 * alerts at all (planSlot), so they send none.
 */
export async function sendRankAlert(
  slot: { id: string; userId: string; keyword: string },
  event: RankAlertEventRecord,
): Promise<void> {
  await notifyQuietly(slot.userId, {
    // Up (or back in the results) is good news; down or out is a warning.
    type:
      event.kind === 'out' ? 'warning' : event.from === null || (event.to ?? 0) < event.from ? 'success' : 'warning',
    title: event.kind === 'out' ? rankOutText.title : rankMovedText.title,
    message:
      event.kind === 'out'
        ? rankOutText.message(slot.keyword, event.from)
        : rankMovedText.message(slot.keyword, event.from, event.to ?? 0),
    actions: [{ label: notificationActionLabels.slots, style: 'primary', action: '/slots' }],
    metadata: { slotId: slot.id, from: event.from, to: event.to, kind: event.kind },
    dedupeKey: `rank-alert#${slot.id}#${event.at}`,
  });
}
