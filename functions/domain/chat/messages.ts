import type { ChatFirstMessageResult, ChatMessageBody, ChatMessageDto, ChatMessageListQuery, ChatMessageListResult, ChatReadResult } from '#shared/schemas/chat';
import type { Caller } from '../auth/tokens';

export interface SendOrigin {
  ip: string;
}
export async function listMessages(_caller: Caller, _roomId: string, _query: ChatMessageListQuery): Promise<ChatMessageListResult> {
  throw new Error('not implemented');
}
export async function sendMessage(_caller: Caller, _roomId: string, _body: ChatMessageBody, _origin: SendOrigin): Promise<ChatMessageDto> {
  throw new Error('not implemented');
}
export async function sendFirstMessage(_caller: Caller, _body: ChatMessageBody, _origin: SendOrigin): Promise<ChatFirstMessageResult> {
  throw new Error('not implemented');
}
export async function markRead(_caller: Caller, _roomId: string): Promise<ChatReadResult> {
  throw new Error('not implemented');
}
