import useSWRMutation from 'swr/mutation';
import { chatRoomIdPathSchema } from '#shared/schemas/chat';
import { api } from '@/lib/api-client';

/** PUT /api/chat/rooms/{id}/read: the other side's messages become read for the caller's side. */
export const markReadPathSchema = chatRoomIdPathSchema;
export const markChatReadKey = '/chat/rooms/read';

export const markChatRead = (roomId: string) =>
  api.call('PUT /api/chat/rooms/{id}/read', { path: markReadPathSchema.parse({ id: roomId }) });

export const useMarkChatRead = () =>
  useSWRMutation(markChatReadKey, (_key: string, { arg: roomId }: { arg: string }) => markChatRead(roomId));
