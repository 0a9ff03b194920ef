import type { ChatMessageDto } from '#shared/schemas/chat';

/**
 * The mark under an own bubble (pending, sent, delivered, read, failed; the server
 * itself only knows sent and read). Here: 'sending' while the POST runs, 'failed' when it did not
 * land, 'sent' ✓ once the server stored it, 'delivered' ✓✓ once the server has fanned it out to the
 * other side (its push or a later listing came back to us), 'read' blue ✓✓ when the other side read it.
 */
export type ChatMessageStatus = 'sending' | 'sent' | 'delivered' | 'read' | 'failed';

export interface DisplayMessage {
  /** Server id, or a local id while sending / after a failure. */
  key: string;
  message: ChatMessageDto;
  own: boolean;
  status: ChatMessageStatus | null;
  /** Set on failed sends: what retry sends again. */
  localId?: string;
}

export const statusLabels: Record<ChatMessageStatus, string> = {
  sending: '전송 중',
  sent: '전송됨',
  delivered: '전달됨',
  read: '읽음',
  failed: '전송 실패',
};

export function serverStatus(message: ChatMessageDto, ackedOnly: boolean): ChatMessageStatus {
  if (message.is_read) return 'read';
  return ackedOnly ? 'sent' : 'delivered';
}

/** Whose bubble goes on the right: the user's own, or (for staff) every staff member's answers. */
export function isOwnMessage(
  message: ChatMessageDto,
  viewer: 'user' | 'staff',
  userId: string,
  roomUserId: string | null,
): boolean {
  if (message.type !== 'normal') return false;
  if (viewer === 'user') return message.sender_id === userId;
  return message.sender.role !== 'user' && message.sender_id !== roomUserId;
}
