import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { useAppSettings } from '@/lib/app-settings';

/** /admin: operator dashboard (operator §2 Dashboard) — placeholder until its issue lands. */
export function AdminDashboardPage() {
  const { siteName } = useAppSettings();
  return (
    <>
      <PageHeader title="관리자 대시보드" description={`${siteName} 운영 현황을 한눈에 확인하세요.`} />
      <Card>
        <EmptyState icon="dashboard" title="준비 중인 화면입니다." description="곧 이용하실 수 있도록 준비하고 있습니다." />
      </Card>
    </>
  );
}
