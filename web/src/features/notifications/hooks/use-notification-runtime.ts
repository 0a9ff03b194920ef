import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useSWRConfig } from 'swr';
import type {
  NotificationAction,
  NotificationDto,
  NotificationPush,
  UnreadCountResult,
} from '#shared/schemas/notifications';
import { useAppSettings } from '@/lib/app-settings';
import { acquireRealtime, subscribeRealtime, useRealtimeStatus } from '@/lib/realtime-socket';
import { dismissNotification } from '../api/dismiss-notification';
import { useNotificationList } from '../api/get-notifications';
import { unreadCountKey, useUnreadCount } from '../api/get-unread-count';
import { useMarkRead } from '../api/mark-read';
import { useNotificationCache } from '../api/notification-cache';
import { playNotificationSound } from '../utils/notification-sound';
import { ToastQueue } from '../utils/toast-queue';
import { useNotificationAction } from './use-notification-action';
import { useNotificationConfig } from './use-notification-config';

/**
 * Everything that runs in the background for a signed-in role user: the realtime socket (pushes
 * update the caches and raise toasts), the 5 s unread poll only while the socket is down, the toast
 * queue, and the sound. Mount once (the app mounts it for role users only).
 *
 * The operator's switches are ceilings: notificationSound off silences every user; with
 * notificationAutoRead on, a toast the user has seen (it stayed its whole time, or they closed it)
 * is marked read rather than only dismissed, so the badge drops. notificationDuration is a default
 * the user's own choice overrides (useNotificationConfig).
 */
export function useNotificationRuntime({ userId }: { userId: string }) {
  const [config] = useNotificationConfig();
  const { notificationSound: systemSound, notificationAutoRead: autoRead } = useAppSettings();
  const cache = useNotificationCache();
  const { mutate } = useSWRConfig();
  const status = useRealtimeStatus();
  const follow = useNotificationAction();
  const { trigger: markRead } = useMarkRead();
  const { data: count } = useUnreadCount({ poll: status === 'closed' });
  const list = useNotificationList('all');

  // The latest values for the socket handlers, which subscribe once; set after each commit (as `useLatest`
  // does, written out here so every signed-in page's first load skips that module's chunk).
  const latestRef = useRef({ config, systemSound, autoRead, cache, markRead });
  useLayoutEffect(() => {
    latestRef.current = { config, systemSound, autoRead, cache, markRead };
  });

  const onDismiss = (id: string) => void seenOnServer(id, latestRef.current);
  // eslint-disable-next-line react-hooks/refs -- the queue calls onDismiss when a toast closes, never in render.
  const [queue] = useState(() => new ToastQueue({ userId, maxVisible: config.maxVisible, onDismiss }));
  useEffect(() => () => queue.dispose(), [queue]);
  useEffect(() => queue.setMaxVisible(config.maxVisible), [queue, config.maxVisible]);

  // Stable (the queue never changes; settings come through the ref), so the subscription below is made once.
  const announce = useCallback(
    (notification: NotificationDto, withSound: boolean) => {
      const { config: c, systemSound: s } = latestRef.current;
      if (!c.enabled) return;
      if (queue.add(notification) && withSound && c.sound && s) playNotificationSound();
    },
    [queue, latestRef],
  );

  // The lease ends when the runtime leaves the tree (sign-out, a user switch): no socket outlives it.
  useEffect(() => {
    const release = acquireRealtime();
    const offNew = subscribeRealtime<NotificationDto>('new_notification', (notification, message) => {
      void latestRef.current.cache.prepend(notification);
      // The same post carries this user's new unread count (one post per socket).
      const unread = (message as Extract<NotificationPush, { type: 'new_notification' }>).unread;
      if (typeof unread?.count === 'number') void latestRef.current.cache.setUnreadCount(unread.count);
      announce(notification, true);
    });
    const offCount = subscribeRealtime<UnreadCountResult>('unread_count', (data) => {
      if (typeof data?.count === 'number') void latestRef.current.cache.setUnreadCount(data.count);
    });
    return () => {
      offNew();
      offCount();
      release();
    };
  }, [announce, latestRef]);

  // Back online after a drop: pushes sent meanwhile were missed, so read the count and the list again.
  const wasOpen = useRef(false);
  useEffect(() => {
    if (status !== 'open') return;
    if (wasOpen.current) {
      void mutate(unreadCountKey);
      void cache.revalidateLists();
    }
    wasOpen.current = true;
  }, [status, mutate, cache]);

  // While polling (socket down), a higher count means new notifications: fetch the list to toast them.
  const previousCount = useRef<number | null>(null);
  useEffect(() => {
    if (count === undefined) return;
    const before = previousCount.current;
    previousCount.current = count.count;
    if (status === 'closed' && before !== null && count.count > before) void cache.revalidateLists();
  }, [count, status, cache]);

  // Undismissed notifications found in the list become toasts: at start only the newest maxVisible
  // (an old backlog would otherwise play for minutes), later every new one.
  const started = useRef(false);
  const items = list.items;
  useEffect(() => {
    if (!list.data) return;
    const fresh = items.filter((n) => queue.accepts(n));
    if (!started.current) {
      started.current = true;
      // Through the ref: a later change of maxVisible must not run this again (it matters at start only).
      const { maxVisible } = latestRef.current.config;
      const shown = fresh.slice(0, maxVisible);
      queue.skip(fresh.slice(maxVisible).map((n) => n.id));
      for (const n of shown) announce(n, false);
    } else {
      for (const n of fresh) announce(n, true);
    }
    // Read elsewhere (centre, page, another tab): its toast goes without another server call.
    for (const n of items) if (n.is_read) queue.withdraw(n.id);
  }, [items, list.data, queue, announce, latestRef]);

  const onAction = (id: string, action: NotificationAction) => {
    queue.withdraw(id);
    void markRead(id).catch(() => undefined);
    follow(action.action);
  };

  return { queue, config, onAction };
}

/** A toast left the screen after the user saw it: read (auto-read on) or only dismissed. */
async function seenOnServer(
  id: string,
  {
    autoRead,
    markRead,
    cache,
  }: {
    autoRead: boolean;
    markRead: ReturnType<typeof useMarkRead>['trigger'];
    cache: ReturnType<typeof useNotificationCache>;
  },
) {
  if (autoRead) {
    await markRead(id).catch(() => undefined);
    return;
  }
  const result = await dismissNotification(id).catch(() => null);
  if (result) void cache.patchItems((item) => (item.id === id ? { ...item, dismissed_at: result.dismissed_at } : item));
}
