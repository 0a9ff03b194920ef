import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import { Modal } from '@/components/ui/modal';
import type { NotificationFilter } from '../api/get-notifications';
import { useUnreadCount } from '../api/get-unread-count';
import { useMarkAllRead } from '../api/mark-all-read';
import { badgeText } from '../utils/notification-display';
import { NotificationFilterTabs, NotificationList } from './notification-list';
import styles from './notifications.module.css';

/**
 * The notification centre (advertiser §2): a floating bell with the unread badge (99+) that opens a
 * modal with the all/unread filter, mark all read, and per-item read, delete and actions.
 */
export function NotificationCentre() {
  const [open, setOpen] = useState(false);
  const [filter, setFilter] = useState<NotificationFilter>('all');
  const { data: count } = useUnreadCount();
  const { trigger: markAll, isMutating } = useMarkAllRead();
  const unread = count?.count ?? 0;

  return (
    <>
      <button
        type="button"
        className={styles.floating}
        onClick={() => setOpen(true)}
        aria-label={unread ? `알림 센터 열기, 읽지 않은 알림 ${unread}개` : '알림 센터 열기'}
        title="알림 센터"
      >
        <Icon name="bell" size={22} />
        {unread > 0 && (
          <span className={styles.floatingBadge} data-testid="centre-badge" aria-hidden="true">
            {badgeText(unread)}
          </span>
        )}
      </button>
      <Modal open={open} onClose={() => setOpen(false)} title="알림 센터" size="lg">
        <div className={styles.toolbar}>
          <NotificationFilterTabs value={filter} onChange={setFilter} unread={unread} />
          <Button size="sm" variant="secondary" onClick={() => void markAll().catch(() => undefined)} disabled={unread === 0} loading={isMutating}>
            모두 읽음
          </Button>
        </div>
        <div className={styles.centreList}>
          <NotificationList filter={filter} onNavigate={() => setOpen(false)} />
        </div>
      </Modal>
    </>
  );
}
