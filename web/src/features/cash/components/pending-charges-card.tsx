import { Link } from 'react-router';
import { Card } from '@/components/ui/card';
import { useRoute } from '@/lib/route-data';
import styles from './cash.module.css';

/** Dashboard card: the pending charge count with a link to /admin/cash. */
export function PendingChargesCard() {
  const { data } = useRoute('GET /api/cash/stats');
  return (
    <Card title="캐시 충전 요청">
      <Link to="/admin/cash" className={styles.statLink} title="대기 중인 충전 요청 보기">
        <div>
          <p className={styles.muted}>승인 대기</p>
          <p className={styles.statValue} data-testid="pending-charge-count">
            {data ? `${data.chargeRequests.pending}건` : '-'}
          </p>
        </div>
        <span className={styles.muted}>
          승인 {data?.chargeRequests.approved ?? '-'} · 거절 {data?.chargeRequests.rejected ?? '-'}
        </span>
      </Link>
    </Card>
  );
}
