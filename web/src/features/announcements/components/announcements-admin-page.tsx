import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';

/** /admin/announcements (operator §2) — placeholder until its issue lands. */
export function AnnouncementsAdminPage() {
  return (
    <>
      <PageHeader title="공지사항 관리" />
      <Card>
        <EmptyState icon="megaphone" title="준비 중인 화면입니다." description="곧 이용하실 수 있도록 준비하고 있습니다." />
      </Card>
    </>
  );
}
