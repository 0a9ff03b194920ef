import { useState } from 'react';
import { Card } from '@/components/ui/card';
import { ErrorBox } from '@/components/ui/alert';
import { Pagination } from '@/components/ui/pagination';
import { LoadingBlock } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { useAppSettings } from '@/lib/app-settings';
import { formatWon } from '@/lib/format';
import { useRoute } from '@/lib/route-data';
import { CashTransactionsTable } from './cash-transactions-table';

const LEDGER_PAGE_SIZE = 10;

/**
 * One customer's balance and cash ledger, paged (the operator's customer view). The
 * balance is the newest entry's `balanceAfter`: money only ever moves through the ledger.
 */
export function UserLedgerCard({ userId }: { userId: string }) {
  const { useCashSystem } = useAppSettings();
  const [page, setPage] = useState(1);
  const { data, error, isLoading } = useRoute(
    'GET /api/cash/transactions',
    useCashSystem ? { query: { userId, page, limit: LEDGER_PAGE_SIZE } } : null,
    { keepPreviousData: true },
  );
  const newest = useRoute(
    'GET /api/cash/transactions',
    useCashSystem ? { query: { userId, page: 1, limit: 1 } } : null,
    { keepPreviousData: true },
  ).data;
  if (!useCashSystem) return null;
  const balance = newest ? (newest.items[0]?.balanceAfter ?? 0) : null;
  return (
    <Card
      title="캐시 내역"
      actions={
        <span>
          잔액 <strong data-testid="customer-balance">{balance === null ? '-' : formatWon(balance)}</strong>
        </span>
      }
    >
      <ErrorBox message={error ? errorMessage(error, '캐시 내역을 불러오지 못했습니다.') : null} />
      {isLoading && !data ? <LoadingBlock /> : <CashTransactionsTable items={data?.items ?? []} />}
      <Pagination page={page} totalPages={data?.pagination.totalPages ?? 1} onPageChange={setPage} />
    </Card>
  );
}
