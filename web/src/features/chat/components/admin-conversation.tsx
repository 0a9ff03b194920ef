import { useId, useState } from 'react';
import { chatMessages as m } from '#shared/messages/chat';
import { CHAT_ROOM_STATUSES, type ChatRoomDto, type ChatRoomStatus } from '#shared/schemas/chat';
import { errorMessage } from '@/lib/api-client';
import { useSessionState } from '@/lib/session-store';
import { useRouteMutation } from '@/lib/route-data';
import { useChatConversation } from '../hooks/use-chat-conversation';
import { roomStatusOf } from '../utils/chat-format';
import { CannedRepliesBar } from './canned-replies';
import { ChatConversationView } from './chat-conversation-view';
import styles from './chat-inbox.module.css';
import { chatRoomStatusBodySchema } from '#shared/schemas/chat';

/**
 * The operator's side of one room: status control, the shared conversation, canned replies. A read or
 * a status change goes to `onRoomChange` (the inbox patches its list).
 */
export function AdminConversation({
  room,
  onRoomChange,
  onBack,
}: {
  room: ChatRoomDto;
  onRoomChange: (room: ChatRoomDto) => void;
  onBack: () => void;
}) {
  const user = useSessionState().session?.user;
  const [draft, setDraft] = useState('');
  const [statusError, setStatusError] = useState<string | null>(null);
  const statusId = useId();
  const setStatus = useRouteMutation('PUT /api/chat/rooms/{id}/status');
  const patchRoom = onRoomChange;

  const conversation = useChatConversation({
    room,
    viewer: 'staff',
    me: {
      id: user?.id ?? '',
      name: user?.fullName ?? '',
      email: user?.email ?? '',
      role: (user?.role as 'operator' | 'developer') ?? 'operator',
    },
    active: true,
    onRead: () => patchRoom({ ...room, unread_count: 0 }),
  });

  const changeStatus = async (status: ChatRoomStatus) => {
    setStatusError(null);
    try {
      patchRoom(await setStatus.trigger({ path: { id: room.id }, body: chatRoomStatusBodySchema.parse({ status }) }));
    } catch (e) {
      setStatusError(errorMessage(e, m.fetchRoomFailed));
    }
  };

  return (
    <section className={styles.chat} aria-label={`${room.user_name || room.name} 대화`}>
      <header className={styles.chatHeader}>
        <button type="button" className={styles.back} onClick={onBack} aria-label="목록으로">
          ‹ 목록
        </button>
        <div className={styles.chatTitle}>
          <strong>{room.name}</strong>
          <span className={styles.muted}>{room.user_email}</span>
        </div>
        <label htmlFor={statusId} className={styles.statusLabel}>
          상담 상태
        </label>
        <select
          id={statusId}
          value={roomStatusOf(room)}
          disabled={setStatus.isMutating}
          onChange={(e) => void changeStatus(e.currentTarget.value as ChatRoomStatus)}
        >
          {CHAT_ROOM_STATUSES.map((status) => (
            <option key={status} value={status}>
              {m.statusLabels[status]}
            </option>
          ))}
        </select>
      </header>
      <ChatConversationView
        messages={conversation.messages}
        loading={conversation.loading}
        error={conversation.error ?? statusError}
        onDismissError={() => {
          conversation.dismissError();
          setStatusError(null);
        }}
        onSend={conversation.send}
        onRetry={conversation.retry}
        draft={draft}
        onDraftChange={setDraft}
        empty={<p className={styles.muted}>아직 메시지가 없습니다.</p>}
        tools={
          <CannedRepliesBar
            onInsert={(content) => setDraft((current) => (current.trim() ? `${current}\n${content}` : content))}
          />
        }
      />
    </section>
  );
}
