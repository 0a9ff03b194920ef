import { useEffect } from 'react';
import { AdminDashboardPage } from '@/features/dashboard/components/admin-dashboard-page';
import { PendingChargesCard } from '@/features/cash/components/pending-charges-card';
import { adminSlotsTitle } from '@/features/slot-admin/utils/admin-slots-title';
import { useAppSettings } from '@/lib/app-settings';
import { useRoute } from '@/lib/route-data';

/**
 * /admin: the dashboard page composed with what other features provide (features never import each
 * other): the slot screen's title, and with the cash system on the pending charge count for the cash
 * card and the cash feature's charge request card. A failed load is only logged: the dashboard stays
 * usable without a count.
 */
export function AdminDashboardRoute() {
  const { useCashSystem, slotOperationMode } = useAppSettings();
  const cash = useRoute('GET /api/cash/stats', useCashSystem ? undefined : null);
  useEffect(() => {
    if (cash.error) console.error('캐시 통계 로드 실패', cash.error);
  }, [cash.error]);
  return (
    <AdminDashboardPage
      slotsTitle={adminSlotsTitle(slotOperationMode)}
      pendingCharges={cash.data?.chargeRequests.pending ?? null}
      cashSection={useCashSystem ? <PendingChargesCard /> : null}
    />
  );
}
