import { useState } from 'react';
import { ApiError } from '@/lib/api-client';
import { routeCacheKey, useRoute } from '@/lib/route-data';

/**
 * GET /notifications/unread-count. Realtime first: the socket's `unread_count` push writes this cache;
 * the 5 s poll runs only while the socket is down, and stops for good on a 401 (the session is over).
 */
export const unreadCountKey = routeCacheKey('GET /api/notifications/unread-count');
const UNREAD_POLL_MS = 5_000;

const isUnauthorized = (error: unknown) => error instanceof ApiError && error.status === 401;

export function useUnreadCount({ enabled = true, poll = false }: { enabled?: boolean; poll?: boolean } = {}) {
  const [stopped, setStopped] = useState(false);
  return useRoute('GET /api/notifications/unread-count', enabled ? undefined : null, {
    refreshInterval: poll && !stopped ? UNREAD_POLL_MS : 0,
    revalidateOnFocus: false,
    shouldRetryOnError: (error) => !isUnauthorized(error),
    onError: (error) => {
      if (isUnauthorized(error)) setStopped(true);
    },
  });
}
