import { lazy, Suspense, useEffect, useEffectEvent, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useSWRConfig } from 'swr';
import { chatMessages as m } from '#shared/messages/chat';
import type { ChatMessagePushData, ChatReadPushData } from '#shared/schemas/chat';
import { Icon } from '@/components/ui/icon';
import { useAppSettings } from '@/lib/app-settings';
import { acquireRealtime, subscribeRealtime, useRealtimeStatus } from '@/lib/realtime-socket';
import { chatUnreadKey, useChatUnreadCount } from '../api/get-unread-count';
import { useChatThemeOn } from '../utils/chat-config';
import { playChatSound } from '../utils/chat-sound';
import styles from './chat-widget.module.css';

// The panel (zod, list, input) loads on the first open: the button alone stays tiny.
const ChatWidgetDialog = lazy(() => import('./chat-widget-dialog').then((x) => ({ default: x.ChatWidgetDialog })));

/**
 * The advertiser's floating chat button: bottom right, tooltip '1:1 문의하기', a
 * pulsing dot while something is unread. Holds a lease on the shared socket; `chat_message` pushes
 * move the badge, and the unread count is polled every 30 s only while the socket is down. The app
 * mounts it for role users when chatEnabled is on; the current theme's switch is checked here. A
 * message from support plays the chat sound while the operator's chatSoundEnabled is on.
 * `raised` lifts it above the notification centre's bell, which owns the corner.
 */
export function ChatWidget({ userId, raised = false }: { userId: string; raised?: boolean }) {
  const themeOn = useChatThemeOn();
  if (!themeOn) return null;
  return <ChatWidgetButton userId={userId} raised={raised} />;
}

function ChatWidgetButton({ userId, raised }: { userId: string; raised: boolean }) {
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const socket = useRealtimeStatus();
  const { mutate } = useSWRConfig();
  const { data } = useChatUnreadCount({ poll: socket === 'closed' });
  const { chatSoundEnabled } = useAppSettings();
  const unread = open ? 0 : (data?.count ?? 0);
  // A push reads the panel's state and the sound setting of now (the subscription outlives a render).
  const onIncoming = useEffectEvent((unreadCount: number) => {
    if (chatSoundEnabled) playChatSound();
    // The open panel marks it read itself; the user has one room, whose count is the total.
    if (!open) void mutate(chatUnreadKey, { count: unreadCount }, { revalidate: false });
  });

  useEffect(() => {
    const release = acquireRealtime();
    const offMessage = subscribeRealtime<ChatMessagePushData>('chat_message', (push) => {
      if (push?.room && push.message?.sender_id !== userId) onIncoming(push.room.unread_count);
    });
    const offRead = subscribeRealtime<ChatReadPushData>('chat_read', (push) => {
      if (push?.reader === 'user') void mutate(chatUnreadKey, { count: 0 }, { revalidate: false });
    });
    return () => {
      offMessage();
      offRead();
      release();
    };
  }, [mutate, userId]);

  // Back online after a drop: pushes sent meanwhile were missed.
  const wasOpen = useRef(false);
  useEffect(() => {
    if (socket !== 'open') return;
    if (wasOpen.current) void mutate(chatUnreadKey);
    wasOpen.current = true;
  }, [socket, mutate]);

  return (
    <>
      <button
        type="button"
        className={`${styles.button} ${raised ? styles.raised : ''}`}
        onClick={() => {
          setOpened(true);
          setOpen(true);
          // Opening resets the badge (the panel marks the room read on the server).
          if (unread > 0) void mutate(chatUnreadKey, { count: 0 }, { revalidate: false });
        }}
        aria-label={unread > 0 ? `${m.tooltip}, 읽지 않은 메시지 ${unread}개` : m.tooltip}
        data-tooltip={m.tooltip}
        data-testid="chat-widget-button"
      >
        <Icon name="message" size={24} />
        {unread > 0 && <span className={styles.dot} data-testid="chat-unread-dot" aria-hidden="true" />}
      </button>
      {opened && (
        <Suspense fallback={null}>
          <ChatWidgetDialog open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

/** Staff get no chat here (they answer in the console): where the widget would be, a button that says where to go. */
export function StaffChatNotice({ raised = false }: { raised?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <div className={`${styles.staffWrap} ${raised ? styles.raised : ''}`}>
      {open && (
        <div className={styles.notice} role="status">
          <p>{m.operatorOnlyNotice}</p>
          <Link to="/admin/chat">채팅 관리로 이동</Link>
        </div>
      )}
      <button
        type="button"
        className={styles.button}
        style={{ position: 'static' }}
        aria-expanded={open}
        onClick={() => setOpen((v) => !v)}
        aria-label={m.tooltip}
        data-tooltip={m.tooltip}
      >
        <Icon name="message" size={24} />
      </button>
    </div>
  );
}
