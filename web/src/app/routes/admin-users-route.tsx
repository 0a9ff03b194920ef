import { AllocateSlotsDialog } from '@/features/slot-allocations/components/allocate-slots-dialog';
import { UsersPage } from '@/features/users/components/users-page';
import { useAppSettings } from '@/lib/app-settings';
import { useInvalidate } from '@/lib/route-data';

/**
 * /admin/users: the user management page with the pre-allocation dialog of the slot-allocations
 * feature (user variant: up to 1000 slots, 1/3/7/10/30 days), offered in pre-allocation mode only
 * (the server issues slots in that mode alone). After an issuance the list is read again so the
 * allocated/used counts move.
 */
export function AdminUsersRoute() {
  const invalidate = useInvalidate();
  const { slotOperationMode } = useAppSettings();
  return (
    <UsersPage
      renderAllocate={
        slotOperationMode === 'pre-allocation'
          ? (user, close) => (
              <AllocateSlotsDialog
                open
                onClose={close}
                user={user}
                variant="user"
                onIssued={() => void invalidate(['GET /api/users'])}
              />
            )
          : undefined
      }
    />
  );
}
