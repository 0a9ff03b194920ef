import useSWR from 'swr';
import {
  chatMessageListQuerySchema,
  type ChatMessageDto,
  type ChatMessageListQuery,
  type ChatMessageListResult,
} from '#shared/schemas/chat';
import { api } from '@/lib/api-client';

/**
 * GET /api/chat/rooms/{id}/messages: oldest first, newest last; `offset` counts back from the newest,
 * `after` returns only newer messages (the 2 s poll while the socket is down). The cache of a room
 * holds the messages seen so far; pushes and polls merge into it (mergeMessages).
 */
export const messageListQuerySchema = chatMessageListQuerySchema;
export const chatMessagesKey = (roomId: string) => ['/chat/rooms/messages', roomId] as const;

export const getChatMessages = (roomId: string, query: Partial<ChatMessageListQuery> = {}) =>
  api.get<ChatMessageListResult>(`/chat/rooms/${encodeURIComponent(roomId)}/messages`, {
    query: { limit: query.limit, offset: query.offset, after: query.after },
  });

export function useChatMessages(roomId: string | null) {
  return useSWR(roomId ? chatMessagesKey(roomId) : null, ([, id]) => getChatMessages(id), {
    revalidateOnFocus: false,
    revalidateIfStale: false,
  });
}

/** Messages by id (ids are ULIDs: id order is time order); later copies win (a read mark). */
export function mergeMessages(current: ChatMessageDto[], incoming: ChatMessageDto[]): ChatMessageDto[] {
  if (incoming.length === 0) return current;
  const byId = new Map(current.map((m) => [m.id, m]));
  for (const m of incoming) byId.set(m.id, m);
  return [...byId.values()].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}
