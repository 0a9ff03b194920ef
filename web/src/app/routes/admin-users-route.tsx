import { useSWRConfig } from 'swr';
import { AllocateSlotsDialog } from '@/features/slot-allocations/components/allocate-slots-dialog';
import { isUsersKey } from '@/features/users/api/get-users';
import { UsersPage } from '@/features/users/components/users-page';
import { useAppSettings } from '@/lib/app-settings';

/**
 * /admin/users: the user management page with the pre-allocation dialog of the slot-allocations
 * feature (user variant: up to 1000 slots, 1/3/7/10/30 days), offered in pre-allocation mode only
 * (the server issues slots in that mode alone). After an issuance the list is read again so the
 * allocated/used counts move.
 */
export function AdminUsersRoute() {
  const { mutate } = useSWRConfig();
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
                onIssued={() => void mutate(isUsersKey)}
              />
            )
          : undefined
      }
    />
  );
}
