import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';

/** /announcements: announcement list (advertiser §2) — placeholder until its issue lands. */
export function AnnouncementsPage() {
  return (
    <>
      <PageHeader title="공지사항" />
      <Card>
        <EmptyState icon="megaphone" title="준비 중인 화면입니다." description="곧 이용하실 수 있도록 준비하고 있습니다." />
      </Card>
    </>
  );
}
