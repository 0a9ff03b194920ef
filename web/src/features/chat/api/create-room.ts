import useSWRMutation from 'swr/mutation';
import { chatRoomCreateSchema, type ChatRoomCreateBody } from '#shared/schemas/chat';
import { api } from '@/lib/api-client';

/** POST /api/chat/rooms: the user's own room (the existing active one when there is one). Users only. */
export const createRoomSchema = chatRoomCreateSchema;
export const createRoomKey = '/chat/rooms#create';

export const createChatRoom = (body: ChatRoomCreateBody = {}) =>
  api.call('POST /api/chat/rooms', { body: createRoomSchema.parse(body) });

export const useCreateChatRoom = () =>
  useSWRMutation(createRoomKey, (_key: string, { arg }: { arg: ChatRoomCreateBody }) => createChatRoom(arg));
