import type { ChatRoomCreateBody, ChatRoomDto, ChatRoomListQuery, ChatRoomListResult, ChatRoomStatus, ChatUnreadCountResult } from '#shared/schemas/chat';
import type { Caller } from '../auth/tokens';

export async function openRoom(_caller: Caller, _body: ChatRoomCreateBody): Promise<ChatRoomDto> {
  throw new Error('not implemented');
}
export async function listRooms(_caller: Caller, _query: ChatRoomListQuery): Promise<ChatRoomListResult> {
  throw new Error('not implemented');
}
export async function unreadCount(_caller: Caller): Promise<ChatUnreadCountResult> {
  throw new Error('not implemented');
}
export async function setStatus(_caller: Caller, _roomId: string, _status: ChatRoomStatus): Promise<ChatRoomDto> {
  throw new Error('not implemented');
}
