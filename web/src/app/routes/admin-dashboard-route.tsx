import { AdminDashboardPage } from '@/features/dashboard/components/admin-dashboard-page';
import { PendingChargesCard } from '@/features/cash/components/pending-charges-card';
import { useAppSettings } from '@/lib/app-settings';

/**
 * /admin: the dashboard page composed with the widgets other features provide (features never
 * import each other). Cash: the pending charge count, only with the cash system on.
 */
export function AdminDashboardRoute() {
  const { useCashSystem } = useAppSettings();
  return (
    <>
      <AdminDashboardPage />
      {useCashSystem && (
        <div style={{ marginTop: 20 }}>
          <PendingChargesCard />
        </div>
      )}
    </>
  );
}
