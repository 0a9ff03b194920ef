import useSWR from 'swr';
import { chatRoomIdPathSchema } from '#shared/schemas/chat';
import { api } from '@/lib/api-client';

/** GET /api/chat/rooms/{id}/context (operators): the customer beside the conversation. */
export const roomContextPathSchema = chatRoomIdPathSchema;
export const chatContextKey = (roomId: string) => ['/chat/rooms/context', roomId] as const;

export const getChatRoomContext = (roomId: string) =>
  api.call('GET /api/chat/rooms/{id}/context', { path: roomContextPathSchema.parse({ id: roomId }) });

export const useChatRoomContext = (roomId: string | null) =>
  useSWR(roomId ? chatContextKey(roomId) : null, ([, id]) => getChatRoomContext(id), { revalidateOnFocus: false });
