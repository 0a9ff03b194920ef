import { useState } from 'react';
import { useSWRConfig } from 'swr';
import { chatMessages as m } from '#shared/messages/chat';
import type { ChatRoomListResult } from '#shared/schemas/chat';
import { errorMessage } from '@/lib/api-client';
import { useRealtimeStatus } from '@/lib/realtime-socket';
import { useSessionState } from '@/lib/session-store';
import { chatRoomsKey, upsertRoom, useChatRooms } from '../api/get-rooms';
import { chatUnreadKey } from '../api/get-unread-count';
import { useChatConversation } from '../hooks/use-chat-conversation';
import { ChatConversationView } from './chat-conversation-view';
import styles from './chat.module.css';

/**
 * The advertiser's support chat: the room the user created is the current one; with
 * none, the first message creates it (POST /api/chat/messages). Rooms are polled every 5 s only while
 * the socket is down. Shown in the widget's modal and on /chat-test.
 */
export function ChatPanel({ active = true }: { active?: boolean }) {
  const user = useSessionState().session?.user;
  const socket = useRealtimeStatus();
  const { mutate } = useSWRConfig();
  const rooms = useChatRooms({ poll: socket === 'closed' });
  const [draft, setDraft] = useState('');
  const [dismissedRoomsError, setDismissedRoomsError] = useState<unknown>(null);

  const room = rooms.data?.items.find((r) => r.user_id === user?.id) ?? rooms.data?.items[0] ?? null;
  const conversation = useChatConversation({
    room,
    viewer: 'user',
    me: { id: user?.id ?? '', name: user?.fullName ?? '', email: user?.email ?? '', role: 'user' },
    active,
    onRoomCreated: ({ room: created }) =>
      void mutate(chatRoomsKey(), (list: ChatRoomListResult | undefined) => upsertRoom(list, created), {
        revalidate: false,
      }),
    onRead: (roomId) => {
      void mutate(chatUnreadKey, { count: 0 }, { revalidate: false });
      void mutate(
        chatRoomsKey(),
        (list: ChatRoomListResult | undefined) =>
          list && {
            ...list,
            items: list.items.map((r) => (r.id === roomId ? { ...r, unread_count: 0 } : r)),
            totals: { ...list.totals, unread: 0 },
          },
        { revalidate: false },
      );
    },
  });

  const listError =
    rooms.error && rooms.error !== dismissedRoomsError
      ? errorMessage(rooms.error, m.fetchRoomsFailed(rooms.error?.status ?? ''))
      : null;
  const error = conversation.error ?? listError;

  return (
    <div className={styles.panel}>
      <ChatConversationView
        messages={conversation.messages}
        loading={!rooms.data && !rooms.error ? true : conversation.loading}
        error={error}
        onDismissError={() => {
          conversation.dismissError();
          setDismissedRoomsError(rooms.error);
        }}
        onSend={conversation.send}
        onRetry={conversation.retry}
        draft={draft}
        onDraftChange={setDraft}
        empty={
          <div className={styles.empty}>
            <p className={styles.emptyTitle}>{m.emptyGreeting}</p>
            <p>{m.emptyPrompt}</p>
          </div>
        }
      />
    </div>
  );
}
