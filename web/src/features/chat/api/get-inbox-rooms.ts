import { useMemo } from 'react';
import {
  CHAT_POLL_ROOMS_MS,
  CHAT_ROOMS_PAGE_DEFAULT,
  type ChatRoomDto,
  type ChatRoomListResult,
  type ChatRoomStatus,
} from '#shared/schemas/chat';
import { useRoutePages, type PageInput } from '@/lib/route-pages';

/**
 * GET /api/chat/rooms for the operator's inbox: pages of rooms by last activity through the server's
 * cursor, narrowed on the server by user (id, login id or name), status and unread. The query's
 * schema is the shared chatRoomListQuerySchema, applied by the server.
 */
export interface InboxFilters {
  /** A user's id, login id or part of the name ('' = every user). */
  user: string;
  status: ChatRoomStatus | '';
  unreadOnly: boolean;
}

/** One filter's pages: the first without a cursor, each next one after the previous page's cursor. */
const pagesOf =
  (f: InboxFilters): PageInput<'GET /api/chat/rooms'> =>
  (index, previous) =>
    index > 0 && !previous?.nextCursor
      ? null
      : {
          query: {
            user: f.user || undefined,
            status: f.status || undefined,
            unread: f.unreadOnly ? 'true' : undefined,
            cursor: index === 0 ? undefined : (previous?.nextCursor ?? undefined),
            limit: CHAT_ROOMS_PAGE_DEFAULT,
          },
        };

/** The inbox's rooms: the loaded pages flattened (a room that moved up while paging shows once). */
export function useInboxRooms(filters: InboxFilters, { poll = false } = {}) {
  const result = useRoutePages('GET /api/chat/rooms', pagesOf(filters), {
    refreshInterval: poll ? CHAT_POLL_ROOMS_MS : 0,
    revalidateOnFocus: false,
  });
  const { data } = result;
  const rooms = useMemo(() => {
    if (!data) return undefined;
    const seen = new Set<string>();
    return data.flatMap((page) => page.items).filter((r) => !seen.has(r.id) && !!seen.add(r.id));
  }, [data]);
  return {
    ...result,
    rooms,
    totals: data?.[0]?.totals,
    hasMore: !!data?.at(-1)?.nextCursor,
    loadingMore: result.isValidating && !!data && result.size > data.length,
    loadMore: () => result.setSize((size) => size + 1),
  };
}

const activityOf = (r: ChatRoomDto) => r.last_message_at ?? r.updated_at;

/**
 * The loaded pages with a pushed or changed room applied: replaced where it is when its activity is
 * unchanged, else moved to the top of the first page; dropped when it leaves the status asked; added
 * only when the filters let it in (a user search shows the rooms the server found). The unread total
 * follows the room's change.
 */
export function patchInboxPages(
  pages: ChatRoomListResult[] | undefined,
  room: ChatRoomDto,
  filters: InboxFilters,
): ChatRoomListResult[] | undefined {
  if (!pages?.length) return pages;
  const before = pages.flatMap((p) => p.items).find((r) => r.id === room.id);
  const fits =
    (!filters.status || room.status === filters.status) && (!filters.unreadOnly || !!before || room.unread_count > 0);
  const stays = fits && (!!before || !filters.user);
  const inPlace = stays && !!before && activityOf(before) === activityOf(room);
  const next = pages.map((page, i) => {
    let items = inPlace
      ? page.items.map((r) => (r.id === room.id ? room : r))
      : page.items.filter((r) => r.id !== room.id);
    if (i === 0 && stays && !inPlace)
      items = [room, ...items].sort((a, b) => activityOf(b).localeCompare(activityOf(a)));
    return { ...page, items };
  });
  const unread = Math.max(0, pages[0].totals.unread + room.unread_count - (before?.unread_count ?? 0));
  const rooms = pages[0].totals.rooms + (before || !stays ? 0 : 1);
  next[0] = { ...next[0], totals: { rooms, unread } };
  return next;
}
