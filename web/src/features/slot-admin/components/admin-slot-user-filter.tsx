import { slotAdminMessages } from '#shared/messages/slot-admin';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import type { AdminUserDetailDto } from '#shared/schemas/users';
import styles from './admin-slots.module.css';

/**
 * Who the slot console is filtered to, and the way back to every user's slots. The name comes from
 * the account itself; until it loads (or if it is gone) the id stands in for it.
 */
export function AdminSlotUserFilter({
  userId,
  owner,
  onClear,
}: {
  userId: string;
  owner: AdminUserDetailDto | undefined;
  onClear: () => void;
}) {
  return (
    <div className={styles.userFilter} role="status" aria-label={slotAdminMessages.userFilterLabel}>
      <span>
        {owner
          ? slotAdminMessages.userFilter(owner.fullName, owner.email)
          : slotAdminMessages.userFilterUnknown(userId)}
      </span>
      {owner && !owner.isActive && <Badge tone="danger">비활성</Badge>}
      <Button size="sm" variant="secondary" onClick={onClear}>
        {slotAdminMessages.userFilterClear}
      </Button>
    </div>
  );
}
