import { useEffect, useRef, useState } from 'react';
import { useSWRConfig } from 'swr';
import type { NotificationAction, NotificationDto, UnreadCountResult } from '#shared/schemas/notifications';
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
 */
export function useNotificationRuntime({ userId, systemSound }: { userId: string; systemSound: boolean }) {
  const [config] = useNotificationConfig();
  const cache = useNotificationCache();
  const { mutate } = useSWRConfig();
  const status = useRealtimeStatus();
  const follow = useNotificationAction();
  const { trigger: markRead } = useMarkRead();
  const { data: count } = useUnreadCount({ poll: status === 'closed' });
  const list = useNotificationList('all');

  const [queue] = useState(
    () => new ToastQueue({ userId, maxVisible: config.maxVisible, onDismiss: (id) => void dismissOnServer(id) }),
  );
  useEffect(() => () => queue.dispose(), [queue]);
  useEffect(() => queue.setMaxVisible(config.maxVisible), [queue, config.maxVisible]);

  // The latest values for the socket handlers, which subscribe once.
  const latest = useRef({ config, systemSound, cache });
  latest.current = { config, systemSound, cache };

  async function dismissOnServer(id: string) {
    const result = await dismissNotification(id).catch(() => null);
    if (result)
      void latest.current.cache.patchItems((item) =>
        item.id === id ? { ...item, dismissed_at: result.dismissed_at } : item,
      );
  }

  const announce = (notification: NotificationDto, withSound: boolean) => {
    const { config: c, systemSound: s } = latest.current;
    if (!c.enabled) return;
    if (queue.add(notification) && withSound && c.sound && s) playNotificationSound();
  };

  // The lease ends when the runtime leaves the tree (sign-out, a user switch): no socket outlives it.
  useEffect(() => {
    const release = acquireRealtime();
    const offNew = subscribeRealtime<NotificationDto>('new_notification', (notification) => {
      void latest.current.cache.prepend(notification);
      announce(notification, true);
    });
    const offCount = subscribeRealtime<UnreadCountResult>('unread_count', (data) => {
      if (typeof data?.count === 'number') void latest.current.cache.setUnreadCount(data.count);
    });
    return () => {
      offNew();
      offCount();
      release();
    };
    // announce reads refs only; the socket subscription lives as long as the runtime.
  }, []);

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
      const shown = fresh.slice(0, config.maxVisible);
      queue.skip(fresh.slice(config.maxVisible).map((n) => n.id));
      for (const n of shown) announce(n, false);
    } else {
      for (const n of fresh) announce(n, true);
    }
    // Read elsewhere (centre, page, another tab): its toast goes without another server call.
    for (const n of items) if (n.is_read) queue.withdraw(n.id);
  }, [items, list.data, queue]);

  const onAction = (id: string, action: NotificationAction) => {
    queue.withdraw(id);
    void markRead(id).catch(() => undefined);
    follow(action.action);
  };

  return { queue, config, onAction };
}
