import useSWRMutation from 'swr/mutation';
import { chatRoomIdPathSchema, type ChatReadResult } from '#shared/schemas/chat';
import { api } from '@/lib/api-client';

/** PUT /api/chat/rooms/{id}/read: the other side's messages become read for the caller's side. */
export const markReadPathSchema = chatRoomIdPathSchema;
export const markChatReadKey = '/chat/rooms/read';

export const markChatRead = (roomId: string) =>
  api.put<ChatReadResult>(`/chat/rooms/${encodeURIComponent(markReadPathSchema.parse({ id: roomId }).id)}/read`);

export const useMarkChatRead = () =>
  useSWRMutation(markChatReadKey, (_key: string, { arg: roomId }: { arg: string }) => markChatRead(roomId));
