import { Button } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import { formatWon } from '@/lib/format';
import styles from './sidebar-account.module.css';

interface SidebarAccountProps {
  name: string;
  email: string;
  roleLabel?: string;
  /** Won; the row is hidden when undefined (cash system off, or the balance could not load). */
  balance?: number;
  /** Shows the 캐시충전 button. */
  onCharge?: () => void;
}

/** The account panel at the top of the sidebar. */
export function SidebarAccount({ name, email, roleLabel, balance, onCharge }: SidebarAccountProps) {
  return (
    <div className={styles.account}>
      <div className={styles.identity}>
        <span className={styles.avatar} aria-hidden="true">
          {name.charAt(0).toUpperCase()}
        </span>
        <div className={styles.names}>
          <p className={styles.name}>
            <span>{name}</span>
            {roleLabel && <span className={styles.role}>{roleLabel}</span>}
          </p>
          <p className={styles.email}>{email}</p>
        </div>
      </div>
      {balance !== undefined && (
        <div className={styles.balance}>
          <div>
            <p className={styles.balanceLabel}>보유 캐시</p>
            <p className={styles.balanceAmount}>{formatWon(balance)}</p>
          </div>
          <Icon name="wallet" size={20} />
        </div>
      )}
      {onCharge && (
        <Button className={styles.charge} size="sm" fullWidth onClick={onCharge}>
          캐시충전
        </Button>
      )}
    </div>
  );
}
