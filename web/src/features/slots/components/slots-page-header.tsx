import { Link } from 'react-router';
import { Button, buttonClassName } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import { PageHeader } from '@/components/ui/page-header';
import { useAppSettings } from '@/lib/app-settings';
import { formatNumber, formatWon } from '@/lib/format';
import styles from './slots-page.module.css';

/** Title, slots held and price; registration buttons unless slots are pre-allocated. */
export function SlotsPageHeader({
  total,
  canRegister,
  onRegister,
}: {
  total: number;
  canRegister: boolean;
  onRegister: () => void;
}) {
  const { useCashSystem, defaultSlotPrice, slotOperationMode } = useAppSettings();
  const description = (
    <span className={styles.headerMeta}>
      <span>
        보유 슬롯 <strong>{formatNumber(total)}</strong>개
      </span>
      {useCashSystem && (
        <span>
          슬롯 가격 <strong>{formatWon(defaultSlotPrice)}</strong>
        </span>
      )}
    </span>
  );
  return (
    <PageHeader
      title="내 광고 슬롯"
      description={description}
      actions={
        slotOperationMode !== 'pre-allocation' && (
          <>
            <Button onClick={onRegister} disabled={!canRegister}>
              <Icon name="plus" size={16} />
              개별 등록
            </Button>
            <Link to="/slots/bulk" className={buttonClassName({ variant: 'secondary' })}>
              <Icon name="layers" size={16} />
              대량 등록
            </Link>
          </>
        )
      }
    />
  );
}
