import { rankAlertMessages } from './messages/rank-alerts';

/**
 * Rank alerts as stored on a slot and shown in the lists, without zod (the request schema is in
 * shared/schemas/rank-alerts.ts): the slot list shows the latest alert without loading a schema library.
 */

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

/** The badge text for the latest alert: '순위 12 → 25' or '순위 12 → 순위권 이탈'. */
export function rankAlertEventText(event: RankAlertEvent): string {
  if (event.kind === 'out' || event.to === null) return rankAlertMessages.out(event.from);
  return event.from === null ? `순위 ${event.to}` : rankAlertMessages.moved(event.from, event.to);
}
