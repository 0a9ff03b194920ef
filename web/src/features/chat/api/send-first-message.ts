import useSWRMutation from 'swr/mutation';
import { chatMessageSchema, type ChatMessageBody } from '#shared/schemas/chat';
import { api } from '@/lib/api-client';

/** POST /api/chat/messages: a user without a room creates '{fullName}님의 문의' and sends in one call. */
export const sendFirstMessageSchema = chatMessageSchema;
export const sendFirstMessageKey = '/chat/messages#first';

export const sendFirstChatMessage = (body: ChatMessageBody) =>
  api.call('POST /api/chat/messages', { body: sendFirstMessageSchema.parse(body) });

export const useSendFirstChatMessage = () =>
  useSWRMutation(sendFirstMessageKey, (_key: string, { arg }: { arg: ChatMessageBody }) => sendFirstChatMessage(arg));
