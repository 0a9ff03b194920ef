import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { chatMessages as m } from '#shared/messages/chat';
import type { ChatMessagePushData, ChatReadPushData, ChatRoomDto, ChatRoomPushData } from '#shared/schemas/chat';
import { ErrorBox } from '@/components/ui/alert';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { errorMessage } from '@/lib/api-client';
import { useAppSettings } from '@/lib/app-settings';
import { acquireRealtime, subscribeRealtime, useRealtimeStatus } from '@/lib/realtime-socket';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { patchInboxPages, useInboxRooms, type InboxFilters } from '../api/get-inbox-rooms';
import { useRoomOfUserParam } from '../hooks/use-room-of-user-param';
import { playChatSound } from '../utils/chat-sound';
import { AdminConversation } from './admin-conversation';
import { ChatInboxFilters } from './chat-inbox-filters';
import { ChatRoomList } from './chat-room-list';
import { CustomerContextPanel } from './customer-context-panel';
import styles from './chat-inbox.module.css';

/**
 * /admin/chat: customer inquiry management (operator console; staff only via the /admin guard, which
 * sends others to /slots). Rooms on the left, the conversation in the middle, the customer's context
 * on the right; narrow screens show the list or the conversation with a way back. Staff hold no socket
 * elsewhere, so this page takes a lease: new messages arrive live, and the 5 s / 2 s polls run only
 * while the socket is down. The list is paged by the server's cursor ('더 보기') and searched by user,
 * status and unread on the server: however many rooms there are, the page loads one page of them.
 */
export function ChatAdminPage() {
  const { chatEnabled } = useAppSettings();
  if (!chatEnabled) {
    return (
      <Card>
        <EmptyState
          icon="message"
          title="1:1 채팅이 꺼져 있습니다."
          description="시스템 설정에서 1:1 채팅을 켜면 고객 문의를 관리할 수 있습니다."
        />
      </Card>
    );
  }
  return <ChatInbox />;
}

/** Search boxes settle for this long before the server is asked. */
const SEARCH_DEBOUNCE_MS = 500;

function ChatInbox() {
  const socket = useRealtimeStatus();
  // Opened from the customer view (?user={id}): the inbox searches that customer's room.
  const [params] = useSearchParams();
  const [text, setText] = useState(() => params.get('user') ?? '');
  const [status, setStatus] = useState<InboxFilters['status']>('');
  const [unreadOnly, setUnreadOnly] = useState(false);
  const user = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const filters: InboxFilters = { user, status, unreadOnly };
  const rooms = useInboxRooms(filters, { poll: socket === 'closed' });
  const patchRoom = (room: ChatRoomDto) =>
    void rooms.mutate((pages) => patchInboxPages(pages, room, filters), { revalidate: false });
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [dismissed, setDismissed] = useState<unknown>(null);
  // A customer's message plays the chat sound while chatSoundEnabled is on.
  const { chatSoundEnabled } = useAppSettings();
  // Pushes act on what is shown now (the filters, the rooms loaded, the sound setting): the subscriptions
  // outlive a render.
  const onPushedRoom = useEffectEvent((room: ChatRoomDto, fromCustomer: boolean) => {
    patchRoom(room);
    if (fromCustomer && chatSoundEnabled) playChatSound();
  });
  const onStaffRead = useEffectEvent((roomId: string) => {
    const room = rooms.rooms?.find((r) => r.id === roomId);
    if (room) patchRoom({ ...room, unread_count: 0 });
  });

  useEffect(() => {
    const release = acquireRealtime();
    const offMessage = subscribeRealtime<ChatMessagePushData>('chat_message', (data) => {
      if (data?.room) onPushedRoom(data.room, data.message?.sender?.role === 'user');
    });
    const offRoom = subscribeRealtime<ChatRoomPushData>('chat_room', (data) => {
      if (data?.room) onPushedRoom(data.room, false);
    });
    // Another operator (or this one in another tab) read a room: staff share one unread side.
    const offRead = subscribeRealtime<ChatReadPushData>('chat_read', (data) => {
      if (data?.reader === 'staff') onStaffRead(data.room_id);
    });
    return () => {
      offMessage();
      offRoom();
      offRead();
      release();
    };
  }, []);

  // Back online after a drop: pushes sent meanwhile were missed. Only a change into 'open' counts, so a
  // re-run of the effect (strict mode, a new revalidate function) is not taken for a reconnect.
  const previousSocket = useRef<typeof socket | null>(null);
  const everOpen = useRef(false);
  const revalidateRooms = rooms.mutate;
  useEffect(() => {
    const before = previousSocket.current;
    previousSocket.current = socket;
    if (socket !== 'open' || before === 'open') return;
    if (everOpen.current) void revalidateRooms();
    everOpen.current = true;
  }, [socket, revalidateRooms]);

  useRoomOfUserParam(rooms.rooms, setSelectedId);
  const selected = rooms.rooms?.find((r) => r.id === selectedId) ?? null;
  const error =
    rooms.error && rooms.error !== dismissed
      ? errorMessage(rooms.error, m.fetchRoomsFailed(rooms.error?.status ?? ''))
      : null;

  return (
    <div className={styles.page}>
      <ErrorBox message={error} onDismiss={() => setDismissed(rooms.error)} />
      <div className={styles.inbox} data-view={selected ? 'chat' : 'list'}>
        <ChatRoomList
          rooms={rooms.rooms}
          totals={rooms.totals}
          selectedId={selectedId}
          onSelect={setSelectedId}
          filters={
            <ChatInboxFilters
              text={text}
              onTextChange={setText}
              status={status}
              onStatusChange={setStatus}
              unreadOnly={unreadOnly}
              onUnreadOnlyChange={setUnreadOnly}
            />
          }
          filtered={!!(user || status || unreadOnly)}
          hasMore={rooms.hasMore}
          loadingMore={rooms.loadingMore}
          onLoadMore={() => void rooms.loadMore()}
        />
        {selected ? (
          <>
            <AdminConversation
              key={selected.id}
              room={selected}
              onRoomChange={patchRoom}
              onBack={() => setSelectedId(null)}
            />
            <CustomerContextPanel key={`ctx-${selected.id}`} roomId={selected.id} />
          </>
        ) : (
          <div className={styles.nothing}>
            <EmptyState
              icon="message"
              title={m.noRoomSelected}
              description="왼쪽 목록에서 문의를 선택하면 대화와 고객 정보가 표시됩니다."
            />
          </div>
        )}
      </div>
    </div>
  );
}
