import { z } from '../zod';
import { rankAlertMessages } from '../messages/rank-alerts';
import type { RankAlert } from '../rank-alerts';

// The stored shapes and the badge text need no zod (the slot list shows them): shared/rank-alerts.ts.
export { rankAlertEventText, type RankAlert, type RankAlertEvent } from '../rank-alerts';

/**
 * Rank alerts: an advertiser asks to be told when a slot's rank moves by `moveBy`
 * places or more (either way) or falls out of the results (`whenOut`). Stored on the slot as
 * `rank_alert`; the rank job evaluates it and records what fired in `rank_alert_last` /
 * `rank_alert_events` (shown on the slot until the notification service delivers them).
 */
export const RANK_ALERT_MOVE_MIN = 1;
export const RANK_ALERT_MOVE_MAX = 500;

const moveBy = z
  .number({ error: rankAlertMessages.moveByRange(RANK_ALERT_MOVE_MIN, RANK_ALERT_MOVE_MAX) })
  .check(
    z.int(rankAlertMessages.moveByRange(RANK_ALERT_MOVE_MIN, RANK_ALERT_MOVE_MAX)),
    z.gte(RANK_ALERT_MOVE_MIN, rankAlertMessages.moveByRange(RANK_ALERT_MOVE_MIN, RANK_ALERT_MOVE_MAX)),
    z.lte(RANK_ALERT_MOVE_MAX, rankAlertMessages.moveByRange(RANK_ALERT_MOVE_MIN, RANK_ALERT_MOVE_MAX)),
  );

/** PUT /slots/{id}/rank-alert body. Both off (`moveBy: null, whenOut: false`) removes the alert. */
export const rankAlertInputSchema = z.object({
  moveBy: z.nullable(moveBy),
  whenOut: z.boolean({ error: rankAlertMessages.whenOutType }),
});
export type RankAlertInput = z.output<typeof rankAlertInputSchema>;

/** The stored form of an input: both off means no alert at all. */
export const toStoredRankAlert = (input: RankAlertInput): RankAlert | null =>
  input.moveBy === null && !input.whenOut ? null : { moveBy: input.moveBy, whenOut: input.whenOut };
