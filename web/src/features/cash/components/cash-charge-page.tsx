import { Link } from 'react-router';
import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { useChargeRequests } from '../api/get-charge-requests';
import { CashChargeForm } from './cash-charge-form';
import { ChargeRequestsTable } from './charge-requests-table';
import { CashSystemGate } from './cash-system-off';
import styles from './cash.module.css';

/** /cash and /cash/charge (advertiser §2 Cash charge): the form on a page, plus recent requests. */
export function CashChargePage() {
  return (
    <CashSystemGate title="캐시 충전">
      <CashChargePageContent />
    </CashSystemGate>
  );
}

function CashChargePageContent() {
  const { data } = useChargeRequests({ page: 1, limit: 5 });
  return (
    <>
      <PageHeader title="캐시 충전" description="무통장 입금 후 충전을 요청하면 운영자가 입금을 확인하고 승인합니다." />
      <div className={styles.stack}>
        <Card>
          <CashChargeForm />
        </Card>
        <Card title="최근 충전 요청" actions={<Link to="/cash-history">전체 내역 보기</Link>}>
          <ChargeRequestsTable items={data?.items ?? []} />
        </Card>
      </div>
    </>
  );
}
