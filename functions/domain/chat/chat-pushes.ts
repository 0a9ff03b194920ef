import type { ChatMessagePushData, ChatReadPushData, ChatRoomPushData } from '#shared/schemas/chat';
import { logger } from '#commons/logger';
import { pushToUser } from '../../adapters/push';
import { pushToStaff } from '../realtime/staff-pushes';
import type { ChatMessageRecord, ChatRoomRecord, ChatSide } from '../../storage/chat/records';
import { toMessageDto, toRoomDto } from './views';

/**
 * Chat pushes, sent after the write committed and best-effort: a failed push is logged and
 * the caller still hears success (the other side's polling or next read catches up). The room's user
 * and every staff connection get each event, each with the room as their side sees it.
 */
async function bestEffort(what: string, roomId: string, sends: Array<Promise<unknown>>): Promise<void> {
  const results = await Promise.allSettled(sends);
  for (const r of results)
    if (r.status === 'rejected') logger.warn('chat push failed', { what, roomId, error: r.reason as Error });
}

export function pushMessage(room: ChatRoomRecord, message: ChatMessageRecord): Promise<void> {
  const dto = toMessageDto(message, room);
  const data = (side: ChatSide): ChatMessagePushData => ({
    room_id: room.id,
    message: dto,
    room: toRoomDto(room, side),
  });
  return bestEffort('chat_message', room.id, [
    pushToUser(room.userId, { type: 'chat_message', data: data('user') }),
    pushToStaff({ type: 'chat_message', data: data('staff') }),
  ]);
}

/** A read receipt goes to the other side; a staff read also to staff (every operator's inbox badge). */
export function pushRead(room: ChatRoomRecord, reader: ChatSide, readAt: string): Promise<void> {
  const data: ChatReadPushData = { room_id: room.id, reader, read_at: readAt };
  const message = { type: 'chat_read' as const, data };
  return bestEffort(
    'chat_read',
    room.id,
    reader === 'user' ? [pushToStaff(message)] : [pushToUser(room.userId, message), pushToStaff(message)],
  );
}

export function pushRoom(room: ChatRoomRecord): Promise<void> {
  const data = (side: ChatSide): ChatRoomPushData => ({ room: toRoomDto(room, side) });
  return bestEffort('chat_room', room.id, [
    pushToUser(room.userId, { type: 'chat_room', data: data('user') }),
    pushToStaff({ type: 'chat_room', data: data('staff') }),
  ]);
}
