import { routeCacheKey, useRoute } from '@/lib/route-data';

/**
 * GET /api/chat/unread-count: the badge of the floating chat button. Part of the always-loaded widget
 * chunk, so types only from shared (no zod). Realtime first: `chat_message` pushes write this cache;
 * the 30 s poll runs only while the socket is down. Input: none.
 */
export const chatUnreadKey = routeCacheKey('GET /api/chat/unread-count');
/** Mirrors CHAT_POLL_UNREAD_MS of shared/schemas/chat (importing it would pull zod in; a test compares). */
export const CHAT_UNREAD_POLL_MS = 30_000;

export function useChatUnreadCount({ enabled = true, poll = false }: { enabled?: boolean; poll?: boolean } = {}) {
  return useRoute('GET /api/chat/unread-count', enabled ? undefined : null, {
    refreshInterval: poll ? CHAT_UNREAD_POLL_MS : 0,
    revalidateOnFocus: false,
    // Unread count failures are only logged: a badge is not worth an error on every page.
    shouldRetryOnError: false,
  });
}
