import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSWRConfig } from 'swr';
import { chatMessages as m } from '#shared/messages/chat';
import {
  CHAT_MESSAGES_MAX,
  CHAT_POLL_LIMIT,
  CHAT_POLL_MESSAGES_MS,
  type ChatFirstMessageResult,
  type ChatMessageDto,
  type ChatMessageListResult,
  type ChatMessagePushData,
  type ChatReadPushData,
  type ChatRoomDto,
} from '#shared/schemas/chat';
import { errorMessage, api } from '@/lib/api-client';
import { useAppSettings } from '@/lib/app-settings';
import { subscribeRealtime, useRealtimeStatus } from '@/lib/realtime-socket';
import { chatMessagesKey, getChatMessages, mergeMessages, useChatMessages } from '../api/get-messages';
import { isOwnMessage, serverStatus, type DisplayMessage } from '../utils/message-status';
import { chatMessageSchema } from '#shared/schemas/chat';

interface Pending {
  localId: string;
  content: string;
  status: 'sending' | 'failed';
  createdAt: string;
}

export interface ChatConversationOptions {
  room: ChatRoomDto | null;
  viewer: 'user' | 'staff';
  me: { id: string; name: string; email: string; role: ChatMessageDto['sender']['role'] };
  /** Shown to the reader now: incoming messages are marked read. */
  active: boolean;
  /** A user's first message created the room (POST /api/chat/messages). */
  onRoomCreated?: (result: ChatFirstMessageResult) => void;
  /** The room was marked read by this side (clear badges). */
  onRead?: (roomId: string) => void;
}

/** Polls that refetch the latest page to pick up read marks (every third 2 s poll) while the socket is down. */
const READ_MARK_POLL_EVERY = 3;
let localSeq = 0;

/**
 * One conversation, shared by the widget and the inbox: the room's messages (cache of
 * GET …/messages), realtime `chat_message` / `chat_read` pushes merged in, the 2 s `after` poll only
 * while the socket is down, sends with their sending → sent → delivered → read marks, failed sends
 * kept for retry, and marking the room read while it is shown. It shows at most the operator's
 * chatMaxMessages latest messages: the first page asks for that many (the server caps it too, and a
 * page holds at most 100), and older ones leave the view as new ones arrive.
 */
export function useChatConversation({ room, viewer, me, active, onRoomCreated, onRead }: ChatConversationOptions) {
  const roomId = room?.id ?? null;
  const { mutate } = useSWRConfig();
  const socket = useRealtimeStatus();
  const { chatMaxMessages: keep } = useAppSettings();
  const list = useChatMessages(roomId, Math.min(keep, CHAT_MESSAGES_MAX));
  const [pending, setPending] = useState<Pending[]>([]);
  const [error, setError] = useState<string | null>(null);
  // Ids the POST answered but no listing or push has shown since ('sent' rather than 'delivered').
  const [acked, setAcked] = useState<ReadonlySet<string>>(() => new Set());
  const echoed = useRef(new Set<string>());

  const latest = useRef({ roomId, active, onRead, onRoomCreated, keep });
  latest.current = { roomId, active, onRead, onRoomCreated, keep };

  const ownerId = room?.user_id ?? null;
  const isMine = useCallback(
    (message: ChatMessageDto) => isOwnMessage(message, viewer, me.id, ownerId),
    [viewer, me.id, ownerId],
  );

  // The other side's latest read receipt per room. Our own message can arrive after the receipt that
  // covers it (the send's answer is slower than the push and the other side's read): it still reads
  // as read, and a later copy of it (is_read false) does not undo that.
  const otherSideReadAt = useRef(new Map<string, string>());
  const withReceipt = useCallback(
    (id: string, items: ChatMessageDto[]) => {
      const readAt = otherSideReadAt.current.get(id);
      if (!readAt) return items;
      return items.map((x) => (isMine(x) && !x.is_read && x.created_at <= readAt ? { ...x, is_read: true } : x));
    },
    [isMine],
  );

  const merge = useCallback(
    (id: string, incoming: ChatMessageDto[], fromServerEcho: boolean) => {
      if (fromServerEcho) {
        for (const message of incoming) echoed.current.add(message.id);
        setAcked((set) =>
          incoming.some((x) => set.has(x.id))
            ? new Set([...set].filter((x) => !incoming.some((i) => i.id === x)))
            : set,
        );
      }
      return mutate(
        chatMessagesKey(id),
        (current: ChatMessageListResult | undefined) => ({
          items: withReceipt(id, mergeMessages(current?.items ?? [], incoming, latest.current.keep)),
          hasMore: current?.hasMore ?? false,
        }),
        { revalidate: false },
      );
    },
    [mutate, withReceipt],
  );

  useEffect(() => {
    if (list.data) for (const message of list.data.items) echoed.current.add(message.id);
  }, [list.data]);

  useEffect(() => {
    if (list.error) setError(errorMessage(list.error, m.fetchMessagesFailed));
  }, [list.error]);

  // Realtime: new messages of this room, and the other side's read receipts.
  useEffect(() => {
    const offMessage = subscribeRealtime<ChatMessagePushData>('chat_message', (data) => {
      if (!data?.message || data.room_id !== latest.current.roomId) return;
      void merge(data.room_id, [data.message], true);
    });
    const offRead = subscribeRealtime<ChatReadPushData>('chat_read', (data) => {
      if (!data || data.room_id !== latest.current.roomId) return;
      const otherSide = viewer === 'user' ? 'staff' : 'user';
      if (data.reader !== otherSide) return;
      const known = otherSideReadAt.current.get(data.room_id);
      if (!known || data.read_at > known) otherSideReadAt.current.set(data.room_id, data.read_at);
      void mutate(
        chatMessagesKey(data.room_id),
        (current: ChatMessageListResult | undefined) =>
          current && { ...current, items: withReceipt(data.room_id, current.items) },
        { revalidate: false },
      );
    });
    return () => {
      offMessage();
      offRead();
    };
  }, [merge, mutate, viewer, withReceipt]);

  // Fallback: while the socket is down, ask for messages after the last seen id every 2 s.
  const items = list.data?.items;
  const loaded = !!items;
  const lastId = items?.at(-1)?.id;
  const latestItems = useRef(items);
  latestItems.current = items;
  useEffect(() => {
    if (socket !== 'closed' || !roomId || !loaded) return;
    let ticks = 0;
    const timer = setInterval(() => {
      ticks += 1;
      const current = latestItems.current ?? [];
      const after = current.at(-1)?.id;
      const refreshMarks = ticks % READ_MARK_POLL_EVERY === 0 && current.some((x) => isMine(x) && !x.is_read);
      const request =
        after && !refreshMarks ? getChatMessages(roomId, { after, limit: CHAT_POLL_LIMIT }) : getChatMessages(roomId);
      // Polling errors are only logged: the next poll tries again.
      request
        .then((page) => merge(roomId, page.items, true))
        .catch((e: unknown) => console.warn('chat poll failed', e));
    }, CHAT_POLL_MESSAGES_MS);
    return () => clearInterval(timer);
    // lastId is not a dependency: the interval reads the latest list through the ref.
  }, [socket, roomId, loaded, merge, isMine]);

  // Back online after a drop (closed → open, not the first open): pushes sent meanwhile were missed.
  const previousSocket = useRef<typeof socket | null>(null);
  const everOpen = useRef(false);
  useEffect(() => {
    const before = previousSocket.current;
    previousSocket.current = socket;
    if (socket !== 'open' || before !== 'closed' || !everOpen.current) {
      if (socket === 'open') everOpen.current = true;
      return;
    }
    const current = latestItems.current;
    if (!roomId || !current) return;
    const after = current.at(-1)?.id;
    (after ? getChatMessages(roomId, { after }) : getChatMessages(roomId))
      .then((page) => merge(roomId, page.items, true))
      .catch((e: unknown) => console.warn('chat catch-up failed', e));
    // A re-run for a new room or merge finds no transition (before === socket) and does nothing.
  }, [socket, roomId, merge]);
  // Shown and something unread from the other side: mark the room read (failures only logged).
  // A flag, not a count: the two local updates after the PUT must not start a second one.
  const hasUnread =
    (room?.unread_count ?? 0) > 0 || (items ?? []).some((x) => x.type === 'normal' && !isMine(x) && !x.is_read);
  useEffect(() => {
    // After the first page has loaded: its arrival would otherwise start a second PUT.
    if (!active || !roomId || !loaded || !hasUnread) return;
    let cancelled = false;
    api
      .call('PUT /api/chat/rooms/{id}/read', { path: { id: roomId } })
      .then(() => {
        if (cancelled) return;
        void mutate(
          chatMessagesKey(roomId),
          (current: ChatMessageListResult | undefined) =>
            current && { ...current, items: current.items.map((x) => (isMine(x) ? x : { ...x, is_read: true })) },
          { revalidate: false },
        );
        latest.current.onRead?.(roomId);
      })
      .catch((e: unknown) => console.warn('chat mark read failed', e));
    return () => {
      cancelled = true;
    };
    // Not `items`: the PUT's own local updates change it and must not start a second PUT.
  }, [active, roomId, hasUnread, lastId, loaded, mutate, isMine]);

  const deliver = async (entry: Pending) => {
    setPending((list) => list.map((p) => (p.localId === entry.localId ? { ...p, status: 'sending' } : p)));
    try {
      const currentRoom = latest.current.roomId;
      let message: ChatMessageDto;
      let targetRoom: string;
      if (currentRoom) {
        message = await api.call('POST /api/chat/rooms/{id}/messages', {
          path: { id: currentRoom },
          body: chatMessageSchema.parse({ content: entry.content }),
        });
        targetRoom = currentRoom;
      } else {
        // A user without a room creates '{fullName}님의 문의' and sends in one call.
        const result = await api.call('POST /api/chat/messages', {
          body: chatMessageSchema.parse({ content: entry.content }),
        });
        message = result.message;
        targetRoom = result.room.id;
        await mutate(chatMessagesKey(targetRoom), { items: [message], hasMore: false }, { revalidate: false });
        latest.current.onRoomCreated?.(result);
      }
      if (!echoed.current.has(message.id)) setAcked((set) => new Set(set).add(message.id));
      await merge(targetRoom, [message], false);
      setPending((list) => list.filter((p) => p.localId !== entry.localId));
    } catch (e) {
      setError(errorMessage(e, m.sendFailed));
      setPending((list) => list.map((p) => (p.localId === entry.localId ? { ...p, status: 'failed' } : p)));
    }
  };

  const send = (content: string) => {
    const entry: Pending = {
      localId: `local-${++localSeq}`,
      content,
      status: 'sending',
      createdAt: new Date().toISOString(),
    };
    setPending((list) => [...list, entry]);
    void deliver(entry);
  };

  const retry = (localId: string) => {
    const entry = pending.find((p) => p.localId === localId);
    if (entry) void deliver(entry);
  };

  const messages = useMemo<DisplayMessage[]>(() => {
    const fromServer = (items ?? []).slice(-keep).map((message) => {
      const own = isMine(message);
      return { key: message.id, message, own, status: own ? serverStatus(message, acked.has(message.id)) : null };
    });
    const local = pending.map<DisplayMessage>((p) => ({
      key: p.localId,
      localId: p.localId,
      own: true,
      status: p.status,
      message: {
        id: p.localId,
        room_id: roomId ?? '',
        sender_id: me.id,
        sender: { name: me.name, email: me.email, role: me.role },
        type: 'normal',
        content: p.content,
        created_at: p.createdAt,
        is_read: false,
      },
    }));
    return [...fromServer, ...local];
  }, [items, pending, acked, roomId, me.id, me.name, me.email, me.role, isMine, keep]);

  return {
    messages,
    loading: !!roomId && !list.data && !list.error,
    error,
    dismissError: () => setError(null),
    send,
    retry,
  };
}
