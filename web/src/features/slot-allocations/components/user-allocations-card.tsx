import { Link } from 'react-router';
import { Card } from '@/components/ui/card';
import { ErrorBox } from '@/components/ui/alert';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadingBlock } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import tableStyles from '@/components/ui/data-table.module.css';
import { useRoute } from '@/lib/route-data';

/** One customer's latest issuances (the operator's customer view), with the full history a link away. */
export function UserAllocationsCard({ userId }: { userId: string }) {
  const { data, error, isLoading } = useRoute(
    'GET /api/slots/allocation-history',
    { query: { userId, page: 1 } },
    { keepPreviousData: true },
  );
  const rows = data?.items ?? [];
  return (
    <Card
      title="슬롯 발행 내역"
      actions={<Link to={`/admin/slot-allocation-history?userId=${encodeURIComponent(userId)}`}>전체 보기</Link>}
    >
      <ErrorBox message={error ? errorMessage(error, '발행 내역을 불러오지 못했습니다.') : null} />
      {isLoading && !data ? (
        <LoadingBlock />
      ) : rows.length === 0 ? (
        <EmptyState icon="receipt" title="발행 내역이 없습니다." />
      ) : (
        <div className={tableStyles.tableWrap}>
          <table className={tableStyles.table}>
            <thead>
              <tr>
                <th>발행일</th>
                <th>슬롯 수</th>
                <th>기간</th>
                <th>발행자</th>
                <th>결제</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id}>
                  <td>{formatDate(r.created_at)}</td>
                  <td className={tableStyles.num}>{r.slot_count}</td>
                  <td>
                    {r.startDate} ~ {r.endDate}
                  </td>
                  <td>{r.operator_name}</td>
                  <td>{r.payment ? '결제' : '미결제'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}
