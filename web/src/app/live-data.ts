import { useEffect, useRef } from 'react';
import { useSWRConfig, type ScopedMutator } from 'swr';
import { NOTIFICATION_EVENTS, type NotificationEvent } from '#shared/notification-constants';
import type { NotificationDto } from '#shared/schemas/notifications';
import { slotCountKey } from '@/lib/slots/get-slot-count';
import { isSlotsKey } from '@/lib/slots/get-slots';
import { balanceKey } from '@/hooks/use-balance';
import { subscribeRealtime, useRealtimeStatus } from '@/lib/realtime-socket';

/**
 * Live money on screen: a pushed notice says what happened (`metadata.event`), and
 * the caches that event changed are read again at once, so the balance in the sidebar, the cash pages
 * and the register dialog (one swr key) and the ledger follow a push without any polling. The app
 * composes it because the caches belong to several features.
 */
type Cache = 'balance' | 'ledger' | 'chargeRequests' | 'slots';

type Key = string | ((key: unknown) => boolean);

const cacheKeys: Record<Cache, () => Key[] | Promise<Key[]>> = {
  balance: () => [balanceKey],
  // The cash lists' modules carry their zod query schemas: loaded on the first push that needs them,
  // never with the /slots page (its first-load budget).
  ledger: () => import('@/features/cash/api/get-cash-transactions').then((m) => [m.isCashTransactionsKey]),
  chargeRequests: () => import('@/features/cash/api/get-charge-requests').then((m) => [m.isChargeRequestsKey]),
  slots: () => [isSlotsKey, slotCountKey],
};

const money: Cache[] = ['balance', 'ledger'];

/** The one map of pushed event → caches it changed (a new event will not type-check without its row). */
export const cachesChangedBy: Record<NotificationEvent, readonly Cache[]> = {
  'charge-approved': [...money, 'chargeRequests'],
  'charge-rejected': [...money, 'chargeRequests'],
  'slot-approved': ['slots'],
  // A rejected slot's registration price goes back to the balance in full, at once (see 'A refund is computed
  // on the server' in docs/decisions.md).
  'slot-rejected': [...money, 'slots'],
  'slot-refunded': [...money, 'slots'],
  'slot-price-changed': [...money, 'slots'],
  // Extensions cost 0 won today (a pre-allocated slot is settled outside the product); the balance
  // is read again anyway, so a priced extension needs no change here.
  'slot-extended': [...money, 'slots'],
  'slots-extended': [...money, 'slots'],
  'slots-allocated': ['slots'],
  'expiry-notice': ['slots'],
};

const isEvent = (value: unknown): value is NotificationEvent =>
  (NOTIFICATION_EVENTS as readonly unknown[]).includes(value);

/** The event a pushed notice carries, or null (operator messages and older notices carry none). */
export const eventOf = (notification: Pick<NotificationDto, 'metadata'> | null | undefined) => {
  const event = notification?.metadata?.event;
  return isEvent(event) ? event : null;
};

export function revalidateCaches(mutate: ScopedMutator, caches: readonly Cache[]) {
  return Promise.all(
    caches.map(async (cache) => {
      const keys = await cacheKeys[cache]();
      await Promise.all(keys.map((key) => mutate(key)));
    }),
  );
}

/**
 * Mount once for every role user, notifications on or off (layout/live-updates.tsx holds the socket
 * for it): every pushed notice refreshes what its event changed; after a drop, pushes may have been
 * missed, so the money is read again.
 */
export function useLiveData() {
  const { mutate } = useSWRConfig();
  useEffect(
    () =>
      subscribeRealtime<NotificationDto>('new_notification', (notification) => {
        const event = eventOf(notification);
        if (event) void revalidateCaches(mutate, cachesChangedBy[event]);
      }),
    [mutate],
  );
  const status = useRealtimeStatus();
  const wasOpen = useRef(false);
  useEffect(() => {
    if (status !== 'open') return;
    if (wasOpen.current) void revalidateCaches(mutate, money);
    wasOpen.current = true;
  }, [status, mutate]);
}
