import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';

/** /notification-test: test generator — placeholder until its issue lands. */
export function NotificationTestPage() {
  return (
    <>
      <PageHeader title="알림 테스트" />
      <Card>
        <EmptyState icon="bell" title="준비 중인 화면입니다." description="곧 이용하실 수 있도록 준비하고 있습니다." />
      </Card>
    </>
  );
}
