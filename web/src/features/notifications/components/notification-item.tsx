import type { NotificationDto } from '#shared/schemas/notifications';
import { Badge } from '@/components/ui/badge';
import { Icon } from '@/components/ui/icon';
import { formatDateTime } from '@/lib/format';
import { formatRelativeTime } from '../utils/relative-time';
import { isFromOperator, OPERATOR_TAG, typeIcon, typeTone } from '../utils/notification-display';
import actionStyles from './notification-actions.module.css';
import styles from './notifications.module.css';

interface NotificationItemProps {
  notification: NotificationDto;
  now: number;
  /** Short form for the bell's dropdown: no buttons but the whole row opens it. */
  compact?: boolean;
  onRead?: (id: string) => void;
  onDelete?: (id: string) => void;
  onAction?: (id: string, action: string) => void;
  busy?: boolean;
}

/** One notification in the dropdown, the centre and the page. */
export function NotificationItem({
  notification: n,
  now,
  compact = false,
  onRead,
  onDelete,
  onAction,
  busy = false,
}: NotificationItemProps) {
  const unread = !n.is_read;
  return (
    <article
      className={`${styles.item} ${unread ? styles.unread : ''} ${compact ? styles.compact : ''}`}
      aria-label={`${unread ? '읽지 않음: ' : ''}${n.title}`}
      data-notification-id={n.id}
    >
      <span className={`${styles.typeIcon} ${styles[typeTone(n.type)]}`} aria-hidden="true">
        <Icon name={typeIcon(n.type)} size={compact ? 16 : 18} />
      </span>
      <div className={styles.itemBody}>
        <div className={styles.itemHead}>
          <h3 className={styles.itemTitle}>{n.title}</h3>
          {isFromOperator(n) && <Badge tone="primary">{OPERATOR_TAG}</Badge>}
          {unread && <span className={styles.unreadDot} title="읽지 않음" />}
        </div>
        <p className={compact ? styles.itemMessageCompact : styles.itemMessage}>{n.message}</p>
        <time className={styles.itemTime} dateTime={n.created_at} title={formatDateTime(n.created_at)}>
          {formatRelativeTime(n.created_at, now)}
        </time>
        {!compact && !!n.actions?.length && onAction && (
          <div className={styles.itemActions}>
            {n.actions.map((action) => (
              <button
                key={`${action.label}-${action.action}`}
                type="button"
                className={`${styles.actionButton} ${actionStyles[`action-${action.style}`]}`}
                onClick={() => onAction(n.id, action.action)}
              >
                {action.label}
              </button>
            ))}
          </div>
        )}
      </div>
      {!compact && (onRead || onDelete) && (
        <div className={styles.itemTools}>
          {unread && onRead && (
            <button
              type="button"
              className={styles.tool}
              onClick={() => onRead(n.id)}
              disabled={busy}
              aria-label={`${n.title} 읽음 처리`}
              title="읽음 처리"
            >
              <Icon name="check" size={16} />
            </button>
          )}
          {onDelete && (
            <button
              type="button"
              className={styles.tool}
              onClick={() => onDelete(n.id)}
              disabled={busy}
              aria-label={`${n.title} 삭제`}
              title="삭제"
            >
              <Icon name="x" size={16} />
            </button>
          )}
        </div>
      )}
    </article>
  );
}
