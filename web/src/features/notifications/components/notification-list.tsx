import { useState } from 'react';
import { notificationMessages } from '#shared/messages/notifications';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadingBlock } from '@/components/ui/spinner';
import { useDeleteNotification } from '../api/delete-notification';
import { useNotificationList, type NotificationFilter } from '../api/get-notifications';
import { useMarkRead } from '../api/mark-read';
import { useNotificationAction } from '../hooks/use-notification-action';
import { useNow } from '../hooks/use-now';
import { NotificationItem } from './notification-item';
import styles from './notifications.module.css';

const filterLabels: Record<NotificationFilter, string> = { all: '전체', unread: '읽지 않음' };

/** The all / unread switch of the centre and the page. */
export function NotificationFilterTabs({
  value,
  onChange,
  unread,
}: {
  value: NotificationFilter;
  onChange: (f: NotificationFilter) => void;
  unread: number;
}) {
  return (
    <div className={styles.filters} role="group" aria-label="알림 보기">
      {(['all', 'unread'] as const).map((filter) => (
        <button
          key={filter}
          type="button"
          className={`${styles.filter} ${value === filter ? styles.filterActive : ''}`}
          aria-pressed={value === filter}
          onClick={() => onChange(filter)}
        >
          {filterLabels[filter]}
          {filter === 'unread' && unread > 0 ? ` (${unread > 99 ? '99+' : unread})` : ''}
        </button>
      ))}
    </div>
  );
}

/** A filter's notifications with per-item read, delete and actions, and '더 보기' through the cursor. */
export function NotificationList({ filter, onNavigate }: { filter: NotificationFilter; onNavigate?: () => void }) {
  const list = useNotificationList(filter);
  const { trigger: markRead } = useMarkRead();
  const { trigger: remove } = useDeleteNotification();
  const follow = useNotificationAction();
  const now = useNow();
  const [busyId, setBusyId] = useState<string | null>(null);

  const run = (id: string, work: () => Promise<unknown>) => {
    setBusyId(id);
    // Mark and delete failures are silent: the item simply stays as it was.
    void work()
      .catch(() => undefined)
      .finally(() => setBusyId(null));
  };

  if (list.isLoading) return <LoadingBlock />;
  if (list.items.length === 0) return <EmptyState icon="bell" title={notificationMessages.empty} />;

  return (
    <>
      <div className={styles.list}>
        {list.items.map((n) => (
          <NotificationItem
            key={n.id}
            notification={n}
            now={now}
            busy={busyId === n.id}
            onRead={(id) => run(id, () => markRead(id))}
            onDelete={(id) => run(id, () => remove(id))}
            onAction={(id, action) => {
              if (!n.is_read) void markRead(id).catch(() => undefined);
              onNavigate?.();
              follow(action);
            }}
          />
        ))}
      </div>
      {list.hasMore && (
        <div className={styles.more}>
          <Button
            variant="secondary"
            onClick={() => void list.loadMore()}
            loading={list.isValidating && list.size > (list.data?.length ?? 0)}
          >
            더 보기
          </Button>
        </div>
      )}
    </>
  );
}
