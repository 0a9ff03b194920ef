import useSWRMutation from 'swr/mutation';
import { chatRoomStatusBodySchema, type ChatRoomStatusBody } from '#shared/schemas/chat';
import { api } from '@/lib/api-client';

/** PUT /api/chat/rooms/{id}/status (operators): active / closed / archived. */
export const roomStatusSchema = chatRoomStatusBodySchema;
export const setRoomStatusKey = '/chat/rooms/status';

export const setChatRoomStatus = (roomId: string, body: ChatRoomStatusBody) =>
  api.call('PUT /api/chat/rooms/{id}/status', { path: { id: roomId }, body: roomStatusSchema.parse(body) });

export const useSetChatRoomStatus = () =>
  useSWRMutation(setRoomStatusKey, (_key: string, { arg }: { arg: { roomId: string } & ChatRoomStatusBody }) =>
    setChatRoomStatus(arg.roomId, { status: arg.status }),
  );
