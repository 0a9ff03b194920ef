import { useState } from 'react';
import { mutate } from 'swr';
import type { SlotDto, SlotList, SlotStatusChangeInput } from '#shared/schemas/slots';
import { calendarStatus, deriveDisplayStatus, displayStatusLabels, isPausable } from '#shared/slot-status';
import { api } from '@/lib/api-client';
import { routeCacheKey, type RouteCacheKey } from '@/lib/route-data';
import { revalidateSlots } from '@/lib/slots/invalidate';

/**
 * PATCH /slots/{id}/status: pause and resume. The server's schema (and zod with it) loads on the first
 * change, not with the list page.
 */
async function updateSlotStatus(id: string, input: SlotStatusChangeInput) {
  const { slotStatusChangeSchema } = await import('#shared/schemas/slots');
  return api.call('PATCH /api/slots/{id}/status', { path: { id }, body: slotStatusChangeSchema.parse(input) });
}

/** The list page with one slot paused or resumed, as the server will store it. */
function withStatus(
  current: SlotList | undefined,
  slotId: string,
  nextStatus: 'paused' | 'active',
  today: string,
): SlotList {
  return (current && {
    ...current,
    items: current.items.map((s) => {
      if (s.id !== slotId) return s;
      // A resumed slot is stored by its dates (waiting before the start), as the server does.
      const status = calendarStatus({ ...s, status: nextStatus }, today);
      const displayStatus = deriveDisplayStatus({ ...s, status }, today);
      return { ...s, status, displayStatus, displayStatusLabel: displayStatusLabels[displayStatus] };
    }),
  }) as SlotList;
}

/**
 * Pause (a waiting or running slot) or resume (a paused one) from the list page `listKey`: shown at
 * once, rolled back if the server refuses (failures are only logged), then the page and the counts
 * are read again. `busyIds` are the slots whose change is on its way.
 */
export function useTogglePause(listKey: RouteCacheKey<'GET /api/slots'>, today: string) {
  const [busyIds, setBusyIds] = useState<ReadonlySet<string>>(new Set());

  const togglePause = async (slot: SlotDto) => {
    const nextStatus = isPausable(slot.status) ? 'paused' : 'active';
    setBusyIds((s) => new Set(s).add(slot.id));
    const optimistic = (current?: SlotList) => withStatus(current, slot.id, nextStatus, today);
    try {
      await mutate<SlotList>(
        listKey,
        async (current) => {
          await updateSlotStatus(slot.id, { status: nextStatus });
          return optimistic(current);
        },
        { optimisticData: optimistic, rollbackOnError: true, populateCache: true, revalidate: true },
      );
      void mutate(routeCacheKey('GET /api/slots/count'));
    } catch (error) {
      console.error(nextStatus === 'paused' ? '슬롯 일시정지 실패' : '슬롯 재개 실패', error);
    } finally {
      setBusyIds((s) => {
        const next = new Set(s);
        next.delete(slot.id);
        return next;
      });
    }
  };

  return { togglePause, busyIds };
}

/**
 * Owner delete of finished slots (rejected, expired, completed: the shared policy), one request per
 * slot, one after another; then the lists and counts are read again. Resolves how many went and the
 * first refusal's text (the server's), if any.
 */
export async function deleteSlots(
  ids: readonly string[],
): Promise<{ deleted: number; failed: number; error?: unknown }> {
  let deleted = 0;
  let error: unknown;
  for (const id of ids) {
    try {
      await updateSlotStatus(id, { status: 'deleted' });
      deleted += 1;
    } catch (e) {
      error ??= e;
    }
  }
  await revalidateSlots();
  return { deleted, failed: ids.length - deleted, error };
}
