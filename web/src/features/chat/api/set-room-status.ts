import useSWRMutation from 'swr/mutation';
import { chatRoomStatusBodySchema, type ChatRoomDto, type ChatRoomStatusBody } from '#shared/schemas/chat';
import { api } from '@/lib/api-client';

/** PUT /api/chat/rooms/{id}/status (operators): active / closed / archived. */
export const roomStatusSchema = chatRoomStatusBodySchema;
export const setRoomStatusKey = '/chat/rooms/status';

export const setChatRoomStatus = (roomId: string, body: ChatRoomStatusBody) =>
  api.put<ChatRoomDto>(`/chat/rooms/${encodeURIComponent(roomId)}/status`, roomStatusSchema.parse(body));

export const useSetChatRoomStatus = () =>
  useSWRMutation(setRoomStatusKey, (_key: string, { arg }: { arg: { roomId: string } & ChatRoomStatusBody }) =>
    setChatRoomStatus(arg.roomId, { status: arg.status }),
  );
