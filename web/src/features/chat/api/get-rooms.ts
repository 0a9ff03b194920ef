import {
  CHAT_POLL_ROOMS_MS,
  type ChatRoomDto,
  type ChatRoomListQuery,
  type ChatRoomListResult,
} from '#shared/schemas/chat';
import { routeCacheKey, useRoute } from '@/lib/route-data';

/**
 * GET /api/chat/rooms: an advertiser's own room(s), newest activity first (the operator's inbox pages
 * and searches through get-inbox-rooms.ts). Polled every 5 s only while the socket is down; pushes
 * patch the cache (upsertRoom).
 */
/** The advertiser's list (every status): what pushes and a new room are written into. */
export const chatRoomsKey = () => routeCacheKey('GET /api/chat/rooms', { query: {} });

export function useChatRooms({
  poll = false,
  status,
  enabled = true,
}: { poll?: boolean; status?: ChatRoomListQuery['status']; enabled?: boolean } = {}) {
  return useRoute('GET /api/chat/rooms', enabled ? { query: { status } } : null, {
    refreshInterval: poll ? CHAT_POLL_ROOMS_MS : 0,
    revalidateOnFocus: false,
  });
}

/** The list with `room` replaced or added, newest activity first, totals recounted. */
export function upsertRoom(list: ChatRoomListResult | undefined, room: ChatRoomDto): ChatRoomListResult {
  const items = [room, ...(list?.items ?? []).filter((r) => r.id !== room.id)].sort((a, b) =>
    (b.last_message_at ?? b.updated_at).localeCompare(a.last_message_at ?? a.updated_at),
  );
  return {
    items,
    totals: {
      rooms: Math.max(items.length, list?.totals.rooms ?? 0),
      unread: items.reduce((sum, r) => sum + r.unread_count, 0),
    },
  };
}
