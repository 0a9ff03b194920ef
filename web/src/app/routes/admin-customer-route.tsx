import { lazy, Suspense, useState } from 'react';
import { Link, useParams } from 'react-router';
import { Button, buttonClassName } from '@/components/ui/button';
import { UserLedgerCard } from '@/features/cash/components/user-ledger-card';
import { UserSlotsCard } from '@/features/slot-admin/components/user-slots-card';
import { AllocateSlotsDialog } from '@/features/slot-allocations/components/allocate-slots-dialog';
import { UserAllocationsCard } from '@/features/slot-allocations/components/user-allocations-card';
import { UserExtensionsCard } from '@/features/slot-allocations/components/user-extensions-card';
import { CustomerViewPage } from '@/features/users/components/customer-view-page';
import { useAppSettings } from '@/lib/app-settings';
import { useInvalidate } from '@/lib/route-data';

// The send dialog loads when it is opened: most visits of a customer only read.
const SendNotificationDialog = lazy(() =>
  import('@/features/notifications/components/send-notification-dialog').then((m) => ({
    default: m.SendNotificationDialog,
  })),
);

/**
 * /admin/users/:id: the users feature's customer view with the other features' cards
 * (ledger and balance, slots by status, issuances and extensions) and their existing dialogs as
 * actions: issue slots, send a notification (the send dialog with the customer picked), and the
 * chat inbox opened on the customer's room.
 */
export function AdminCustomerRoute() {
  const { id = '' } = useParams();
  const invalidate = useInvalidate();
  const { slotOperationMode, chatEnabled } = useAppSettings();
  const [allocating, setAllocating] = useState(false);
  const [notifying, setNotifying] = useState(false);
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
          {preAllocation && <UserExtensionsCard userId={id} />}
        </>
      }
      renderActions={(user) => (
        <>
          <Button variant="secondary" onClick={() => setNotifying(true)}>
            알림 보내기
          </Button>
          {notifying && (
            <Suspense fallback={null}>
              <SendNotificationDialog
                open
                onClose={() => setNotifying(false)}
                recipient={{ id: user.id, email: user.email, fullName: user.fullName }}
              />
            </Suspense>
          )}
          {chatEnabled && user.role === 'user' && (
            <Link
              className={buttonClassName({ variant: 'secondary' })}
              to={`/admin/chat?user=${encodeURIComponent(user.id)}`}
            >
              채팅 열기
            </Link>
          )}
          {preAllocation && user.role === 'user' && user.isActive && (
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
                  onIssued={() => void invalidate(['GET /api/users', 'GET /api/users/{id}'])}
                />
              )}
            </>
          )}
        </>
      )}
    />
  );
}
