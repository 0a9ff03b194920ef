import useSWRMutation from 'swr/mutation';
import { chatMessageSchema, type ChatMessageBody } from '#shared/schemas/chat';
import { api } from '@/lib/api-client';

/** POST /api/chat/rooms/{id}/messages: trimmed, 1–2000 characters (the server's own schema). */
export const sendMessageSchema = chatMessageSchema;
export const sendMessageKey = '/chat/rooms/messages#send';

export const sendChatMessage = (roomId: string, body: ChatMessageBody) =>
  api.call('POST /api/chat/rooms/{id}/messages', { path: { id: roomId }, body: sendMessageSchema.parse(body) });

export const useSendChatMessage = () =>
  useSWRMutation(sendMessageKey, (_key: string, { arg }: { arg: { roomId: string; body: ChatMessageBody } }) =>
    sendChatMessage(arg.roomId, arg.body),
  );
