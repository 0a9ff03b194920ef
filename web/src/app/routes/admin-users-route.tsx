import { useSWRConfig } from 'swr';
import { AllocateSlotsDialog } from '@/features/slot-allocations/components/allocate-slots-dialog';
import { isUsersKey } from '@/features/users/api/get-users';
import { UsersPage } from '@/features/users/components/users-page';

/**
 * /admin/users: the user management page with the pre-allocation dialog of the slot-allocations
 * feature (user variant: up to 1000 slots, 1/3/7/10/30 days). After an issuance the list is read
 * again so the allocated/used counts move.
 */
export function AdminUsersRoute() {
  const { mutate } = useSWRConfig();
  return (
    <UsersPage
      renderAllocate={(user, close) => (
        <AllocateSlotsDialog open onClose={close} user={user} variant="user" onIssued={() => void mutate(isUsersKey)} />
      )}
    />
  );
}
