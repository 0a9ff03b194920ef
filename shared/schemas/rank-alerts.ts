import { z } from '../zod';
import { rankAlertMessages } from '../messages/rank-alerts';

/**
 * Rank alerts (issue 12 item 7): an advertiser asks to be told when a slot's rank moves by `moveBy`
 * places or more (either way) or falls out of the results (`whenOut`). Stored on the slot as
 * `rank_alert`; the rank job evaluates it and records what fired in `rank_alert_last` /
 * `rank_alert_events` (shown on the slot until the notification service delivers them).
 */
export const RANK_ALERT_MOVE_MIN = 1;
export const RANK_ALERT_MOVE_MAX = 500;

const moveBy = z
  .number({ error: rankAlertMessages.moveByRange(RANK_ALERT_MOVE_MIN, RANK_ALERT_MOVE_MAX) })
  .int(rankAlertMessages.moveByRange(RANK_ALERT_MOVE_MIN, RANK_ALERT_MOVE_MAX))
  .min(RANK_ALERT_MOVE_MIN, rankAlertMessages.moveByRange(RANK_ALERT_MOVE_MIN, RANK_ALERT_MOVE_MAX))
  .max(RANK_ALERT_MOVE_MAX, rankAlertMessages.moveByRange(RANK_ALERT_MOVE_MIN, RANK_ALERT_MOVE_MAX));

/** PUT /slots/{id}/rank-alert body. Both off (`moveBy: null, whenOut: false`) removes the alert. */
export const rankAlertInputSchema = z.object({
  moveBy: moveBy.nullable(),
  whenOut: z.boolean({ error: rankAlertMessages.whenOutType }),
});
export type RankAlertInput = z.output<typeof rankAlertInputSchema>;

/** What is stored on the slot (`rank_alert`); null = no alert. */
export interface RankAlert {
  moveBy: number | null;
  whenOut: boolean;
}

/** One alert that fired (written by the rank job). `from`/`to` are ranks; `to` is null when out. */
export interface RankAlertEvent {
  at: string;
  from: number | null;
  to: number | null;
  kind: 'moved' | 'out';
}

/** The stored form of an input: both off means no alert at all. */
export const toStoredRankAlert = (input: RankAlertInput): RankAlert | null =>
  input.moveBy === null && !input.whenOut ? null : { moveBy: input.moveBy, whenOut: input.whenOut };

/** The badge text for the latest alert: '순위 12 → 25' or '순위 12 → 순위권 이탈'. */
export function rankAlertEventText(event: RankAlertEvent): string {
  if (event.kind === 'out' || event.to === null) return rankAlertMessages.out(event.from);
  return event.from === null ? `순위 ${event.to}` : rankAlertMessages.moved(event.from, event.to);
}
