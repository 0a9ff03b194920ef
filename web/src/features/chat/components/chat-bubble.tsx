import { chatMessages as m } from '#shared/messages/chat';
import { roleBadge, senderName, timeLabel } from '../utils/chat-format';
import { statusLabels, type DisplayMessage } from '../utils/message-status';
import styles from './chat.module.css';

const marks = { sending: '…', sent: '✓', delivered: '✓✓', read: '✓✓', failed: '!' } as const;

/** One message: own on the right with its status mark, system messages as centred pills. */
export function ChatBubble({ item, onRetry }: { item: DisplayMessage; onRetry?: (localId: string) => void }) {
  const { message, own, status } = item;
  const deleted = (message as { is_deleted?: boolean }).is_deleted === true;
  if (message.type === 'system') {
    return (
      <li className={styles.systemRow}>
        <span className={styles.systemPill}>{message.content}</span>
      </li>
    );
  }
  const badge = own ? null : roleBadge(message.sender.role);
  return (
    <li className={`${styles.row} ${own ? styles.own : styles.other}`} data-testid="chat-message">
      {!own && (
        <div className={styles.sender}>
          <span>{senderName(message)}</span>
          {badge && <span className={styles.roleBadge}>{badge}</span>}
        </div>
      )}
      <div className={styles.bubbleLine}>
        <div
          className={`${styles.bubble} ${deleted ? styles.deleted : ''} ${status === 'failed' ? styles.failedBubble : ''}`}
        >
          {deleted ? m.deleted : message.content}
        </div>
        <div className={styles.meta}>
          {status && (
            <span
              className={`${styles.mark} ${styles[`mark-${status}`]}`}
              aria-label={statusLabels[status]}
              title={statusLabels[status]}
              data-status={status}
            >
              {marks[status]}
            </span>
          )}
          <time dateTime={message.created_at}>{timeLabel(message.created_at)}</time>
        </div>
      </div>
      {status === 'failed' && item.localId && onRetry && (
        <button type="button" className={styles.retry} onClick={() => onRetry(item.localId!)}>
          다시 보내기
        </button>
      )}
    </li>
  );
}
