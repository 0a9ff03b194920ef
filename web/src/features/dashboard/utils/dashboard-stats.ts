import { displayStatusLabels } from '#shared/slot-status';
import type { SlotSystemStats } from '../api/get-slot-system-stats';
import type { UserStats } from '../api/get-user-stats';

/** Numbers the dashboard shows, derived from the stats answers (pure, tested with the page). */

export type BreakdownKey = keyof SlotSystemStats['statusBreakdown'];

/** The breakdown in the order of the slot's life, each with its product label. */
export const breakdownOrder: Array<{ key: BreakdownKey; label: string }> = [
  ...(
    [
      'empty',
      'pending',
      'waiting',
      'active',
      'paused',
      'completed',
      'rejected',
      'refunded',
      'expired',
      'deleted',
    ] as const
  ).map((key) => ({
    key,
    label: displayStatusLabels[key],
  })),
  { key: 'inactive', label: '비활성' },
];

export function slotTotals(stats: SlotSystemStats) {
  const by = stats.statusBreakdown;
  return {
    total: stats.totalSlots,
    active: by.active,
    pending: by.pending,
    inactive: by.inactive,
    needsAttention: by.empty + by.pending,
  };
}

/** Active members as a whole percent of all members (0 without members). */
export const activeRatio = (stats: UserStats) => (stats.total > 0 ? Math.round((stats.active / stats.total) * 100) : 0);

export const countText = (n: number | null | undefined, unit = '') =>
  typeof n === 'number' ? `${n.toLocaleString('ko-KR')}${unit}` : '-';
