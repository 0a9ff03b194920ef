import { useState } from 'react';
import useSWR from 'swr';
import { api, ApiError } from '@/lib/api-client';

/**
 * GET /notifications/unread-count. Realtime first: the socket's `unread_count` push writes this cache;
 * the 5 s poll runs only while the socket is down, and stops for good on a 401 (the session is over).
 */
export const unreadCountKey = '/notifications/unread-count';
export const UNREAD_POLL_MS = 5_000;

const isUnauthorized = (error: unknown) => error instanceof ApiError && error.status === 401;

export const getUnreadCount = () => api.call('GET /api/notifications/unread-count');

export function useUnreadCount({ enabled = true, poll = false }: { enabled?: boolean; poll?: boolean } = {}) {
  const [stopped, setStopped] = useState(false);
  return useSWR(enabled ? unreadCountKey : null, getUnreadCount, {
    refreshInterval: poll && !stopped ? UNREAD_POLL_MS : 0,
    revalidateOnFocus: false,
    shouldRetryOnError: (error) => !isUnauthorized(error),
    onError: (error) => {
      if (isUnauthorized(error)) setStopped(true);
    },
  });
}
