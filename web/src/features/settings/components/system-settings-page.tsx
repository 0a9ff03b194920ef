import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';

/** /admin/settings: developer only (operator §2) — placeholder until its issue lands. */
export function SystemSettingsPage() {
  return (
    <>
      <PageHeader title="시스템 설정" />
      <Card>
        <EmptyState icon="settings" title="준비 중인 화면입니다." description="곧 이용하실 수 있도록 준비하고 있습니다." />
      </Card>
    </>
  );
}
