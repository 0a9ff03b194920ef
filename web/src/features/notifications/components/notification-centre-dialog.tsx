import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import type { NotificationFilter } from '../api/get-notifications';
import { useMarkAllRead } from '../api/mark-all-read';
import { NotificationFilterTabs, NotificationList } from './notification-list';
import styles from './notifications.module.css';

/** The centre's modal: all/unread filter, mark all read, and the list. Loaded on first open. */
export function NotificationCentreDialog({
  open,
  onClose,
  unread,
}: {
  open: boolean;
  onClose: () => void;
  unread: number;
}) {
  const [filter, setFilter] = useState<NotificationFilter>('all');
  const { trigger: markAll, isMutating } = useMarkAllRead();
  return (
    <Modal open={open} onClose={onClose} title="알림 센터" size="lg">
      <div className={styles.toolbar}>
        <NotificationFilterTabs value={filter} onChange={setFilter} unread={unread} />
        <Button
          size="sm"
          variant="secondary"
          onClick={() => void markAll().catch(() => undefined)}
          disabled={unread === 0}
          loading={isMutating}
        >
          모두 읽음
        </Button>
      </div>
      <div className={styles.centreList}>
        <NotificationList filter={filter} onNavigate={onClose} />
      </div>
    </Modal>
  );
}
