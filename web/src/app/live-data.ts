import { useEffect, useRef } from 'react';
import { useSWRConfig, type ScopedMutator } from 'swr';
import { NOTIFICATION_EVENTS, type NotificationEvent } from '#shared/notification-constants';
import type { NotificationDto } from '#shared/schemas/notifications';
import { subscribeRealtime, useRealtimeStatus } from '@/lib/realtime-socket';
import { invalidate, type ReadKey } from '@/lib/route-data';
import { slotReads } from '@/lib/slots/invalidate';

/**
 * Live money on screen: a pushed notice says what happened (`metadata.event`), and
 * the caches that event changed are read again at once, so the balance in the sidebar, the cash pages
 * and the register dialog (one swr key) and the ledger follow a push without any polling. The app
 * composes it because the caches belong to several features.
 */
type Cache = 'balance' | 'ledger' | 'chargeRequests' | 'slots';

const readsOf: Record<Cache, readonly ReadKey[]> = {
  balance: ['GET /api/cash/balance'],
  ledger: ['GET /api/cash/transactions'],
  chargeRequests: ['GET /api/cash/charge-requests'],
  slots: slotReads,
};

const money: Cache[] = ['balance', 'ledger'];

/** The one map of pushed event → caches it changed (a new event will not type-check without its row). */
const cachesChangedBy: Record<NotificationEvent, readonly Cache[]> = {
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
const eventOf = (notification: Pick<NotificationDto, 'metadata'> | null | undefined) => {
  const event = notification?.metadata?.event;
  return isEvent(event) ? event : null;
};

const revalidateCaches = (mutate: ScopedMutator, caches: readonly Cache[]) =>
  invalidate(
    mutate,
    caches.flatMap((cache) => readsOf[cache]),
  );

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
