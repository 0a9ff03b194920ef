import { notificationMessages } from '#shared/messages/notifications';
import type { SendRecord } from '#shared/schemas/notifications';
import { Badge } from '@/components/ui/badge';
import { formatDateTime, formatNumber } from '@/lib/format';
import {
  notificationTypeLabels,
  notificationTypeTones,
  priorityLabels,
  senderLabels,
} from '../utils/admin-notification-labels';
import { previewOf } from '../utils/notification-history-filters';
import tableStyles from '@/components/ui/data-table.module.css';
import styles from './admin-notifications.module.css';

/** One row per send (a broadcast is one row, not one per user): time (KST), type, text, recipients, reads, sender. */
export function NotificationHistoryTable({ rows }: { rows: SendRecord[] }) {
  return (
    <div className={tableStyles.tableWrap}>
      <table className={`${tableStyles.table} ${styles.table}`}>
        <thead>
          <tr>
            <th scope="col">발송 시간</th>
            <th scope="col">종류</th>
            <th scope="col">제목 / 내용</th>
            <th scope="col">받는 사람</th>
            <th scope="col">읽음</th>
            <th scope="col">보낸 사람</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.group_id} data-testid="notification-history-row">
              <td>{formatDateTime(row.created_at)}</td>
              <td>
                <Badge tone={notificationTypeTones[row.type]}>{notificationTypeLabels[row.type] ?? row.type}</Badge>
                {row.priority === 'high' && (
                  <>
                    {' '}
                    <Badge tone="danger">{priorityLabels.high}</Badge>
                  </>
                )}
              </td>
              <td className={`${tableStyles.wrap} ${styles.textCell}`}>
                <p className={styles.rowTitle}>{row.title}</p>
                <p className={styles.muted} title={row.message}>
                  {previewOf(row.message)}
                </p>
              </td>
              <td>
                <p>{row.recipient_label}</p>
                {/* A several-user send is labelled by its head count already ('3명'). */}
                {row.recipient_label !== notificationMessages.recipientsLabel(row.recipient_count) && (
                  <p className={styles.muted}>{formatNumber(row.recipient_count)}명</p>
                )}
              </td>
              <td className={styles.readCell}>
                <p>
                  {formatNumber(row.read_count)} / {formatNumber(row.recipient_count)} ({row.read_rate.toFixed(1)}%)
                </p>
                <div
                  className={styles.bar}
                  role="progressbar"
                  aria-label={`${row.title} 읽음률`}
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={row.read_rate}
                >
                  <div className={styles.barFill} style={{ width: `${Math.min(100, Math.max(0, row.read_rate))}%` }} />
                </div>
              </td>
              <td>
                <p>{row.sender_name || senderLabels[row.sender] || row.sender}</p>
                {row.sender_name && <p className={styles.muted}>{senderLabels[row.sender] ?? row.sender}</p>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
