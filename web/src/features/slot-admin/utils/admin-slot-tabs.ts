import { systemStatsKeys, type SystemStatsDto } from '#shared/schemas/slot-admin';
import type { SlotCountDto, SlotListQueryInput } from '#shared/schemas/slots';
import { displayStatusLabels, type DisplayStatus } from '#shared/slot-status';

/** The status tabs of /admin/slots by operation mode. */
export type AdminSlotTab = 'all' | 'inactive' | DisplayStatus;

// '삭제됨' (deleted) in both modes: staff see deleted slots there and restore them.
const normalTabs: AdminSlotTab[] = ['all', 'pending', 'active', 'rejected', 'inactive', 'deleted'];
const preAllocationTabs: AdminSlotTab[] = [
  'all',
  'empty',
  'waiting',
  'active',
  'completed',
  'paused',
  'refunded',
  'inactive',
  'deleted',
];

export const adminSlotTabs = (mode: string): AdminSlotTab[] =>
  mode === 'pre-allocation' ? preAllocationTabs : normalTabs;

export function adminSlotTabLabel(tab: AdminSlotTab, mode: string): string {
  if (tab === 'all') return '전체';
  if (tab === 'inactive') return '비활성';
  if (tab === 'deleted') return '삭제됨';
  // Normal mode names an approved slot by the approval: there, active means approved.
  if (tab === 'active' && mode !== 'pre-allocation') return '승인';
  return displayStatusLabels[tab];
}

/** The tab's count from the system stats (counters, never a scan); undefined while they load. */
export function adminSlotTabCount(tab: AdminSlotTab, stats: SystemStatsDto | undefined): number | undefined {
  if (!stats) return undefined;
  if (tab === 'all') return stats.totalSlots;
  return stats.statusBreakdown[tab as keyof SystemStatsDto['statusBreakdown']] ?? 0;
}

/** The list query's part a tab decides: a display status, or the deactivated accounts' slots. */
export function tabQuery(tab: AdminSlotTab): Pick<SlotListQueryInput, 'status' | 'userStatus'> {
  if (tab === 'all') return {};
  if (tab === 'inactive') return { userStatus: 'inactive' };
  return { status: tab };
}

/**
 * The tab counts of one user (the console filtered to them): that user's own counters, shaped like
 * the system stats — the global ones would count every user's slots beside that user's list. All of
 * a deactivated account's slots are its "inactive" ones.
 */
export function userTabStats(count: SlotCountDto, isActive: boolean): SystemStatsDto {
  const totalSlots = count.count;
  const statusBreakdown = Object.fromEntries(
    systemStatsKeys.map((k) => [k, k === 'inactive' ? (isActive ? 0 : totalSlots) : Math.max(0, count.byStatus[k])]),
  ) as SystemStatsDto['statusBreakdown'];
  return { totalSlots, statusBreakdown };
}
