import { apiClient } from './http';
import type { LocalStack } from './local-stack';
import type { SlotStatus } from '../../shared/slot-status';

/** Helpers the rank integration tests share: worker keys and tracked slots written straight through storage. */

export async function newWorkerKey(
  stack: LocalStack,
  developerToken: string,
  name = '작업자 1',
): Promise<{ id: string; key: string }> {
  const res = await apiClient(stack.url).as(developerToken).send('POST /api/rank/worker-keys', { body: { name } });
  if (!res.ok || res.status !== 201) throw new Error(`worker key: ${res.status} ${JSON.stringify(res.body)}`);
  return { id: res.data.id, key: res.data.key };
}

export interface SeedSlot {
  id: string;
  keyword: string;
  productId: string;
  itemId?: string;
  vendorItemId?: string;
  status?: SlotStatus;
  startDate?: string;
  endDate?: string;
  rankAlert?: { moveBy: number | null; whenOut: boolean };
  /** Registration time (default: now, a millisecond apart per slot). */
  createdAt?: string;
  /** A row of a bulk registration's attempt (shown only once the bulk's record names that attempt). */
  bulk?: { bulkId: string; attempt: string; index: number };
}

/** Slots of one owner in a stored status (default active, started 3 days ago), with their counters. */
export async function seedSlots(ownerId: string, specs: SeedSlot[]) {
  const { usersStore } = await import('../../functions/storage/users');
  const { slotsStore } = await import('../../functions/storage/slots');
  const { slotCountersStore } = await import('../../functions/storage/slot-counters');
  const { transact } = await import('../../functions/storage/transactions');
  const { newSlotRecord, statusMove } = await import('../../functions/domain/slots/slot-record');
  const { kstToday, addKstDays } = await import('../../shared/kst');
  const owner = (await usersStore.get(ownerId))!;
  const counters = await slotCountersStore.ofUser(ownerId);
  const today = kstToday();
  const deltas: Record<string, number> = {};
  const records = specs.map((spec, i) => {
    const status = spec.status ?? 'active';
    for (const [k, n] of Object.entries(statusMove(undefined, status))) deltas[k] = (deltas[k] ?? 0) + n!;
    const url = `https://www.coupang.com/vp/products/${spec.productId}?itemId=${spec.itemId ?? '1'}&vendorItemId=${spec.vendorItemId ?? '2'}`;
    const record = newSlotRecord({
      id: spec.id,
      owner,
      status,
      slotNumber: counters.seq + i + 1,
      fields: {
        customFields: { keywords: spec.keyword, landingUrl: url, mid: `M${i}` },
        keyword: spec.keyword,
        url,
        mid: `M${i}`,
        productId: spec.productId,
        itemId: spec.itemId ?? '1',
        vendorItemId: spec.vendorItemId ?? '2',
      },
      price: 50_000,
      startDate: spec.startDate ?? (status === 'pending' ? null : addKstDays(today, -3)),
      endDate: spec.endDate ?? (status === 'pending' ? null : addKstDays(today, 27)),
      now: spec.createdAt ?? new Date(Date.now() - 1000 + i).toISOString(),
      bulk: spec.bulk,
    });
    return spec.rankAlert ? { ...record, rank_alert: spec.rankAlert } : record;
  });
  await slotsStore.putBulkSlots(records as never);
  await transact([
    slotCountersStore.userUpdate(ownerId, deltas, {
      seq: { expected: counters.seq, next: counters.seq + specs.length },
    }),
    slotCountersStore.globalUpdate(deltas),
  ]);
  return records;
}

/** A valid observation of a pair; `at` defaults to now. */
export const observation = (
  pair: { keyword: string; productId: string; itemId?: string; vendorItemId?: string },
  extra: Record<string, unknown> = {},
) => ({
  keyword: pair.keyword,
  productId: pair.productId,
  itemId: pair.itemId ?? '1',
  vendorItemId: pair.vendorItemId ?? '2',
  status: 'found',
  rank: 10,
  depthScanned: 300,
  observedAt: new Date().toISOString(),
  ...extra,
});
