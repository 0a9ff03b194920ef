import { useState } from 'react';
import { useParams } from 'react-router';
import { useSWRConfig } from 'swr';
import { Button } from '@/components/ui/button';
import { UserLedgerCard } from '@/features/cash/components/user-ledger-card';
import { UserSlotsCard } from '@/features/slot-admin/components/user-slots-card';
import { AllocateSlotsDialog } from '@/features/slot-allocations/components/allocate-slots-dialog';
import { UserAllocationsCard } from '@/features/slot-allocations/components/user-allocations-card';
import { isUsersKey } from '@/features/users/api/get-users';
import { CustomerViewPage } from '@/features/users/components/customer-view-page';
import { useAppSettings } from '@/lib/app-settings';

/**
 * /admin/users/:id (issue 29 #2): the users feature's customer view with the other features' cards
 * (ledger and balance, slots by status, issuances) and the existing issuance dialog as an action.
 */
export function AdminCustomerRoute() {
  const { id = '' } = useParams();
  const { mutate } = useSWRConfig();
  const { slotOperationMode } = useAppSettings();
  const [allocating, setAllocating] = useState(false);
  const preAllocation = slotOperationMode === 'pre-allocation';
  return (
    <CustomerViewPage
      key={id}
      userId={id}
      sections={
        <>
          <UserLedgerCard userId={id} />
          <UserSlotsCard userId={id} />
          {preAllocation && <UserAllocationsCard userId={id} />}
        </>
      }
      renderActions={(user) =>
        preAllocation &&
        user.role === 'user' &&
        user.isActive && (
          <>
            <Button variant="secondary" onClick={() => setAllocating(true)}>
              슬롯 할당
            </Button>
            {allocating && (
              <AllocateSlotsDialog
                open
                onClose={() => setAllocating(false)}
                user={user}
                variant="user"
                onIssued={() => void mutate(isUsersKey)}
              />
            )}
          </>
        )
      }
    />
  );
}
