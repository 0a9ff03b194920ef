import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { cashMessages } from '#shared/messages/cash';
import type { ChargeRequestDto } from '#shared/schemas/cash';
import { userPageSizes } from '#shared/page-sizes';
import { ErrorBox } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { TabBar } from '@/components/ui/tab-bar';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { PageHeader } from '@/components/ui/page-header';
import { ListPager } from '@/components/ui/pagination';
import { LoadingBlock } from '@/components/ui/spinner';
import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { formatWon } from '@/lib/format';
import { useBalance } from '@/hooks/use-balance';
import { useRoute } from '@/lib/route-data';
import { useProcessChargeRequest } from '../api/process-charge-request';
import { useCashCharge } from '../hooks/use-cash-charge';
import { useActionKey } from '@/hooks/use-action-key';
import { CashTransactionsTable } from './cash-transactions-table';
import { ChargeRequestsTable } from './charge-requests-table';
import { CashSystemGate } from './cash-system-off';
import styles from './cash.module.css';
import { usePaging } from '@/hooks/use-paging';

type Tab = 'charges' | 'usage';

/** /cash-history and /cash/history: charge history and usage history tabs. */
export function CashHistoryPage() {
  return (
    <CashSystemGate title="캐시 내역">
      <CashHistoryPageContent />
    </CashSystemGate>
  );
}

function CashHistoryPageContent() {
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'usage' ? 'usage' : 'charges';
  const { openCharge } = useCashCharge();
  const { data: balance } = useBalance(true);

  const selectTab = (next: Tab) => setParams(next === 'charges' ? {} : { tab: next }, { replace: true });

  return (
    <>
      <PageHeader
        title="캐시 내역"
        description={balance ? `현재 잔액 ${formatWon(balance.amount)}` : undefined}
        actions={<Button onClick={openCharge}>캐시충전</Button>}
      />
      <Card>
        <TabBar
          label="캐시 내역 구분"
          tabs={[
            { value: 'charges', label: '충전 내역' },
            { value: 'usage', label: '사용 내역' },
          ]}
          selected={tab}
          onSelect={selectTab}
        />
        <div role="tabpanel">{tab === 'charges' ? <ChargeHistory /> : <UsageHistory />}</div>
      </Card>
    </>
  );
}

function ChargeHistory() {
  const { page, limit, pagerProps } = usePaging(userPageSizes);
  const { data, error, isLoading } = useRoute(
    'GET /api/cash/charge-requests',
    { query: { page, limit } },
    { keepPreviousData: true },
  );
  const idempotency = useActionKey();
  const { trigger, isMutating } = useProcessChargeRequest(idempotency);
  const [cancelling, setCancelling] = useState<ChargeRequestDto | null>(null);
  const toast = useToast();

  const confirmCancel = async () => {
    if (!cancelling) return;
    try {
      await trigger({ action: 'cancel', id: cancelling.id });
      toast({ tone: 'success', message: cashMessages.cancelled });
    } catch (err) {
      toast({ tone: 'error', message: errorMessage(err, '충전 요청 취소에 실패했습니다.') });
    } finally {
      setCancelling(null);
    }
  };

  if (isLoading && !data) return <LoadingBlock />;
  return (
    <>
      <ErrorBox message={error ? errorMessage(error, '충전 내역을 불러오지 못했습니다.') : null} />
      {data && (
        <ChargeRequestsTable
          items={data.items}
          actions={(r) =>
            r.status === 'pending' ? (
              <div className={styles.rowActions}>
                <Button size="sm" variant="secondary" onClick={() => setCancelling(r)}>
                  요청 취소
                </Button>
              </div>
            ) : null
          }
        />
      )}
      <ListPager {...pagerProps(data?.pagination.totalPages ?? 0)} />
      <ConfirmDialog
        open={!!cancelling}
        title="충전 요청 취소"
        message={cancelling ? `${formatWon(cancelling.amount)} 충전 요청을 취소하시겠습니까?` : undefined}
        confirmLabel="요청 취소"
        cancelLabel="닫기"
        tone="danger"
        loading={isMutating}
        onConfirm={confirmCancel}
        onCancel={() => setCancelling(null)}
      />
    </>
  );
}

function UsageHistory() {
  const { page, limit, pagerProps } = usePaging(userPageSizes);
  const { data, error, isLoading } = useRoute(
    'GET /api/cash/transactions',
    { query: { page, limit } },
    { keepPreviousData: true },
  );
  if (isLoading && !data) return <LoadingBlock />;
  return (
    <>
      <ErrorBox message={error ? errorMessage(error, '사용 내역을 불러오지 못했습니다.') : null} />
      {data && <CashTransactionsTable items={data.items} />}
      <ListPager {...pagerProps(data?.pagination.totalPages ?? 0)} />
    </>
  );
}
