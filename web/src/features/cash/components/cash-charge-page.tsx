import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { useAppSettings } from '@/lib/app-settings';
import { useRoute } from '@/lib/route-data';
import { useCashCharge } from '../hooks/use-cash-charge';
import { CashChargeForm } from './cash-charge-form';
import { ChargeRequestsTable } from './charge-requests-table';
import { CashSystemGate } from './cash-system-off';
import styles from './cash.module.css';

/**
 * /cash and /cash/charge: the form on a page, plus recent requests, when
 * cashChargeMode is page; when it is modal, the charge dialog opens instead, over the cash history.
 */
export function CashChargePage() {
  const { cashChargeMode } = useAppSettings();
  return (
    <CashSystemGate title="캐시 충전">
      {cashChargeMode === 'modal' ? <OpenChargeDialog /> : <CashChargePageContent />}
    </CashSystemGate>
  );
}

function OpenChargeDialog() {
  const { openCharge } = useCashCharge();
  const { featureCashHistory } = useAppSettings();
  const navigate = useNavigate();
  useEffect(() => {
    navigate(featureCashHistory ? '/cash-history' : '/', { replace: true });
    openCharge();
  }, []); // eslint-disable-line react-hooks/exhaustive-deps -- once per visit of /cash
  return null;
}

function CashChargePageContent() {
  const { data } = useRoute(
    'GET /api/cash/charge-requests',
    { query: { page: 1, limit: 5 } },
    { keepPreviousData: true },
  );
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
