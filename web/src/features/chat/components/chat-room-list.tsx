import type { ReactNode } from 'react';
import { chatMessages as m } from '#shared/messages/chat';
import type { ChatRoomDto } from '#shared/schemas/chat';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { countBadge, preview, roomStatusOf, roomTimeLabel } from '../utils/chat-format';
import styles from './chat-inbox.module.css';

interface ChatRoomListProps {
  rooms: ChatRoomDto[] | undefined;
  totals: { rooms: number; unread: number } | undefined;
  selectedId: string | null;
  onSelect: (id: string) => void;
  /** The search and filters, under the totals. */
  filters?: ReactNode;
  /** Whether a search or filter narrows the list (the empty list says so). */
  filtered?: boolean;
  /** The server has more rooms: '더 보기' loads the next page. */
  hasMore?: boolean;
  loadingMore?: boolean;
  onLoadMore?: () => void;
}

/**
 * The inbox's left column (operator console /admin/chat): totals, search and filters, unread (99+),
 * badges, 30-character previews, and '더 보기' while the server has more.
 */
export function ChatRoomList({
  rooms,
  totals,
  selectedId,
  onSelect,
  filters,
  filtered = false,
  hasMore = false,
  loadingMore = false,
  onLoadMore,
}: ChatRoomListProps) {
  return (
    <section className={styles.roomList} aria-labelledby="chat-inbox-title">
      <header className={styles.listHeader}>
        <h2 id="chat-inbox-title" className={styles.listTitle}>
          {m.inboxTitle}
        </h2>
        <p className={styles.totals}>
          <span data-testid="chat-total-rooms">전체 {totals?.rooms ?? 0}</span>
          <span
            className={styles.unreadTotal}
            data-testid="chat-total-unread"
            aria-label={`읽지 않은 메시지 ${totals?.unread ?? 0}개`}
          >
            읽지 않음 {countBadge(totals?.unread ?? 0)}
          </span>
        </p>
      </header>
      {filters}
      {!rooms ? (
        <div className={styles.listCentre}>
          <Spinner label="문의 목록을 불러오는 중..." />
        </div>
      ) : rooms.length === 0 ? (
        <EmptyState icon="message" title={filtered ? m.noMatchingRooms : m.noRooms} />
      ) : (
        <ul className={styles.rooms}>
          {rooms.map((room) => {
            const status = roomStatusOf(room);
            return (
              <li key={room.id}>
                <button
                  type="button"
                  className={`${styles.room} ${room.id === selectedId ? styles.selected : ''}`}
                  aria-current={room.id === selectedId ? 'true' : undefined}
                  onClick={() => onSelect(room.id)}
                  data-testid="chat-room"
                >
                  <span className={styles.roomTop}>
                    <span className={styles.roomName}>{room.user_name || room.name}</span>
                    {status !== 'active' && (
                      <span className={`${styles.statusBadge} ${styles[status]}`}>{m.statusLabels[status]}</span>
                    )}
                    <span className={styles.roomTime}>{roomTimeLabel(room.last_message_at)}</span>
                  </span>
                  <span className={styles.roomBottom}>
                    <span className={styles.preview}>{preview(room.last_message) || '메시지가 없습니다.'}</span>
                    {room.unread_count > 0 && (
                      <span className={styles.unread} aria-label={`읽지 않은 메시지 ${room.unread_count}개`}>
                        {countBadge(room.unread_count)}
                      </span>
                    )}
                  </span>
                </button>
              </li>
            );
          })}
          {hasMore && (
            <li className={styles.loadMore}>
              <Button variant="secondary" size="sm" fullWidth loading={loadingMore} onClick={onLoadMore}>
                {m.inboxLoadMore}
              </Button>
            </li>
          )}
        </ul>
      )}
    </section>
  );
}
