import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';

/** /admin/notification-history (operator §2) — placeholder until its issue lands. */
export function NotificationHistoryPage() {
  return (
    <>
      <PageHeader title="알림 내역" />
      <Card>
        <EmptyState icon="history" title="준비 중인 화면입니다." description="곧 이용하실 수 있도록 준비하고 있습니다." />
      </Card>
    </>
  );
}
