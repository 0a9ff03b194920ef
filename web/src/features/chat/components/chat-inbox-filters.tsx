import { chatMessages as m } from '#shared/messages/chat';
import { CHAT_ROOM_STATUSES, type ChatRoomStatus } from '#shared/schemas/chat';
import filterStyles from '@/components/ui/filter-control.module.css';
import styles from './chat-inbox.module.css';

interface ChatInboxFiltersProps {
  /** The search box's text (searched on the server once it settles). */
  text: string;
  onTextChange: (text: string) => void;
  status: ChatRoomStatus | '';
  onStatusChange: (status: ChatRoomStatus | '') => void;
  unreadOnly: boolean;
  onUnreadOnlyChange: (on: boolean) => void;
}

/** The inbox's search by user (id, login id or name), status filter and unread filter. */
export function ChatInboxFilters(props: ChatInboxFiltersProps) {
  return (
    <div className={styles.filters} role="search" aria-label="문의 검색">
      <input
        type="search"
        className={`${filterStyles.control} ${styles.filterSearch}`}
        aria-label={m.inboxSearchLabel}
        placeholder={m.inboxSearchPlaceholder}
        value={props.text}
        maxLength={64}
        onChange={(e) => props.onTextChange(e.currentTarget.value)}
      />
      <div className={styles.filterRow}>
        <select
          className={filterStyles.control}
          aria-label={m.inboxStatusFilter}
          value={props.status}
          onChange={(e) => props.onStatusChange(e.currentTarget.value as ChatRoomStatus | '')}
        >
          <option value="">{m.inboxAllStatuses}</option>
          {CHAT_ROOM_STATUSES.map((status) => (
            <option key={status} value={status}>
              {m.statusLabels[status]}
            </option>
          ))}
        </select>
        <label className={styles.unreadOnly}>
          <input
            type="checkbox"
            checked={props.unreadOnly}
            onChange={(e) => props.onUnreadOnlyChange(e.currentTarget.checked)}
          />
          {m.inboxUnreadOnly}
        </label>
      </div>
    </div>
  );
}
