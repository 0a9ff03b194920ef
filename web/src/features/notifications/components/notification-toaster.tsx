import { useSyncExternalStore } from 'react';
import type { NotificationAction } from '#shared/schemas/notifications';
import type { NotificationConfig } from '../utils/notification-config';
import type { ToastQueue } from '../utils/toast-queue';
import { NotificationToast } from './notification-toast';
import styles from './notification-toasts.module.css';

interface NotificationToasterProps {
  queue: ToastQueue;
  config: NotificationConfig;
  onAction: (id: string, action: NotificationAction) => void;
}

/** The toast stack at the configured position (six positions); waiting toasts are not rendered yet. */
export function NotificationToaster({ queue, config, onAction }: NotificationToasterProps) {
  const entries = useSyncExternalStore(queue.subscribe, queue.getSnapshot, queue.getSnapshot);
  return (
    <section
      className={`${styles.region} ${styles[config.position]}`}
      aria-label="알림 메시지"
      data-position={config.position}
    >
      {entries
        .filter((entry) => entry.phase !== 'waiting')
        .map((entry) => (
          <NotificationToast
            key={entry.notification.id}
            entry={entry}
            config={config}
            onClose={(id) => queue.close(id)}
            onAction={onAction}
          />
        ))}
    </section>
  );
}
