import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { useAppSettings } from '@/lib/app-settings';
import { adminSlotsTitle } from '../utils/admin-slots-title';

/** /admin/slots: slot approval or management (operator §2) — placeholder until its issue lands. */
export function AdminSlotsPage() {
  const { slotOperationMode } = useAppSettings();
  return (
    <>
      <PageHeader title={adminSlotsTitle(slotOperationMode)} />
      <Card>
        <EmptyState icon="check-square" title="준비 중인 화면입니다." description="곧 이용하실 수 있도록 준비하고 있습니다." />
      </Card>
    </>
  );
}
