import { lazy, Suspense, useState } from 'react';
import { Icon } from '@/components/ui/icon';
import { useUnreadCount } from '../api/get-unread-count';
import { badgeText, unreadButtonName } from '../utils/notification-display';
import styles from './notifications.module.css';

// The modal and its list load on the first open: most pages never open the centre.
const NotificationCentreDialog = lazy(() =>
  import('./notification-centre-dialog').then((m) => ({ default: m.NotificationCentreDialog })),
);

/**
 * The notification centre: a floating bell with the unread badge (99+) that opens a
 * modal with the all/unread filter, mark all read, and per-item read, delete and actions.
 */
export function NotificationCentre() {
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const { data: count } = useUnreadCount();
  const unread = count?.count ?? 0;

  return (
    <>
      <button
        type="button"
        className={styles.floating}
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
        aria-label={unreadButtonName('알림 센터 열기', unread)}
        title="알림 센터"
      >
        <Icon name="bell" size={22} />
        {unread > 0 && (
          <span className={styles.floatingBadge} data-testid="centre-badge" aria-hidden="true">
            {badgeText(unread)}
          </span>
        )}
      </button>
      {opened && (
        <Suspense fallback={null}>
          <NotificationCentreDialog open={open} onClose={() => setOpen(false)} unread={unread} />
        </Suspense>
      )}
    </>
  );
}
