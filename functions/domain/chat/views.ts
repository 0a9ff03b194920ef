import type { ChatMessageDto, ChatRoomDto } from '#shared/schemas/chat';
import { chatMessages as m } from '#shared/messages/chat';
import { isStaff } from '#shared/roles';
import type { ChatMessageRecord, ChatRoomRecord, ChatSide } from '../../storage/chat/records';
import type { Caller } from '../auth/tokens';

/** Which side of a room a caller reads and writes for: the room's user, or staff (one shared side). */
export const sideOf = (caller: Pick<Caller, 'role'>): ChatSide => (isStaff(caller.role) ? 'staff' : 'user');

/** The room as one side sees it (the unread count is that side's). */
export const toRoomDto = (room: ChatRoomRecord, side: ChatSide): ChatRoomDto => ({
  id: room.id,
  name: room.name,
  status: room.status,
  user_id: room.userId,
  user_name: room.userName,
  user_email: room.userLogin,
  creator: { name: room.userName, email: room.userLogin },
  last_message: room.lastMessage ?? null,
  last_message_id: room.lastMessageId ?? null,
  last_message_at: room.lastMessageAt ?? null,
  unread_count: side === 'user' ? room.userUnread : room.staffUnread,
  created_at: room.createdAt,
  updated_at: room.updatedAt,
});

/**
 * A message with `is_read`: read by the other side, i.e. at or below that side's read marker (a
 * message id is always above the room's previous last one, so the marker splits the list exactly).
 */
export function toMessageDto(message: ChatMessageRecord, room: ChatRoomRecord): ChatMessageDto {
  const marker = message.side === 'user' ? room.staffReadId : room.userReadId;
  const system = message.side === 'system';
  return {
    id: message.id,
    room_id: message.roomId,
    sender_id: system ? null : message.senderId,
    sender: system
      ? { name: message.type === 'auto_reply' ? m.autoReplySender : m.systemSender, email: '', role: 'system' }
      : {
          name: message.senderName || message.senderLogin || m.unknownSender,
          email: message.senderLogin,
          role: message.senderRole,
        },
    type: message.type,
    content: message.content,
    created_at: message.createdAt,
    is_read: !!marker && message.id <= marker,
  };
}
