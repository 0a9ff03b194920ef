import useSWR from 'swr';
import type { ChatMessageDto, ChatMessageListQuery } from '#shared/schemas/chat';
import { api } from '@/lib/api-client';
import { routeCacheKey } from '@/lib/route-data';

/**
 * GET /api/chat/rooms/{id}/messages: oldest first, newest last; `offset` counts back from the newest,
 * `after` returns only newer messages (the 2 s poll while the socket is down). The cache of a room
 * holds the messages seen so far; pushes and polls merge into it (mergeMessages).
 */
/** One entry per room, whatever was asked (pushes and polls merge into it), so the key leaves the query out. */
export const chatMessagesKey = (roomId: string) =>
  routeCacheKey('GET /api/chat/rooms/{id}/messages', { path: { id: roomId } });

export const getChatMessages = (roomId: string, query: Partial<ChatMessageListQuery> = {}) =>
  api.call('GET /api/chat/rooms/{id}/messages', {
    path: { id: roomId },
    query: { limit: query.limit, offset: query.offset, after: query.after },
  });

/** The room's latest `limit` messages (the conversation passes the operator's chatMaxMessages). */
export function useChatMessages(roomId: string | null, limit?: number) {
  return useSWR(roomId ? chatMessagesKey(roomId) : null, ([, input]) => getChatMessages(input.path.id, { limit }), {
    revalidateOnFocus: false,
    revalidateIfStale: false,
  });
}

/**
 * Messages by id (ids are ULIDs: id order is time order); later copies win (a read mark). With
 * `keep`, only the newest `keep` stay (chatMaxMessages bounds what a conversation shows).
 */
export function mergeMessages(current: ChatMessageDto[], incoming: ChatMessageDto[], keep?: number): ChatMessageDto[] {
  if (incoming.length === 0) return keep && current.length > keep ? current.slice(-keep) : current;
  const byId = new Map(current.map((m) => [m.id, m]));
  for (const m of incoming) byId.set(m.id, m);
  const sorted = [...byId.values()].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return keep && sorted.length > keep ? sorted.slice(-keep) : sorted;
}
