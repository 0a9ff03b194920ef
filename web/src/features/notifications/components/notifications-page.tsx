import { useState } from 'react';
import { isStaff } from '#shared/roles';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { useCurrentUser } from '@/lib/session-store';
import { useDeleteRead } from '../api/delete-read';
import type { NotificationFilter } from '../api/get-notifications';
import { useUnreadCount } from '../api/get-unread-count';
import { useMarkAllRead } from '../api/mark-all-read';
import { NotificationConfigCard } from './notification-config-card';
import { NotificationFilterTabs, NotificationList } from './notification-list';
import styles from './notifications.module.css';

/** /notifications: all and unread tabs, bulk actions, load more, and the local config. */
export function NotificationsPage() {
  const user = useCurrentUser();
  if (user && isStaff(user.role)) {
    // Operators and developers receive no notifications and load none.
    return (
      <>
        <PageHeader title="알림" />
        <Card>
          <EmptyState
            icon="bell"
            title="알림은 일반 사용자 계정에서 확인할 수 있습니다."
            description="운영자는 알림 발송과 알림 내역 화면을 이용해주세요."
          />
        </Card>
      </>
    );
  }
  return <UserNotificationsPage />;
}

function UserNotificationsPage() {
  const [filter, setFilter] = useState<NotificationFilter>('all');
  const [confirming, setConfirming] = useState(false);
  const { data: count } = useUnreadCount();
  const { trigger: markAll, isMutating: markingAll } = useMarkAllRead();
  const { trigger: deleteRead, isMutating: deleting } = useDeleteRead();
  const unread = count?.count ?? 0;

  return (
    <>
      <PageHeader
        title="알림"
        description={unread ? `읽지 않은 알림 ${unread}개` : '모든 알림을 확인했습니다.'}
        actions={
          <>
            <Button
              variant="secondary"
              onClick={() => void markAll().catch(() => undefined)}
              disabled={unread === 0}
              loading={markingAll}
            >
              모두 읽음
            </Button>
            <Button variant="secondary" onClick={() => setConfirming(true)}>
              읽은 알림 삭제
            </Button>
          </>
        }
      />
      <Card>
        <div className={styles.toolbar}>
          <NotificationFilterTabs value={filter} onChange={setFilter} unread={unread} />
        </div>
        <NotificationList filter={filter} />
      </Card>
      <div className={styles.configSection}>
        <NotificationConfigCard />
      </div>
      <ConfirmDialog
        open={confirming}
        title="읽은 알림 삭제"
        message="읽은 알림을 모두 삭제할까요? 삭제한 알림은 되돌릴 수 없습니다."
        confirmLabel="삭제"
        tone="danger"
        loading={deleting}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          void deleteRead()
            .catch(() => undefined)
            .finally(() => setConfirming(false))
        }
      />
    </>
  );
}
