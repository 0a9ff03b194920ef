import { useState } from 'react';
import { allocationMessages } from '#shared/messages/slot-allocations';
import type { AllocationHistoryRow } from '#shared/schemas/slot-allocations';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { CellText } from '@/components/ui/cell-text';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useToast } from '@/components/ui/toast';
import { failureText } from '@/lib/failure-text';
import { formatDateTime } from '@/lib/format';
import { useRouteMutation } from '@/lib/route-data';
import { truncate } from '../utils/history-filters';
import tableStyles from '@/components/ui/data-table.module.css';
import styles from './slot-allocations.module.css';

export type SortState = { sortBy: 'created_at' | 'user_name' | 'slot_count'; sortOrder: 'asc' | 'desc' };

interface Props {
  rows: AllocationHistoryRow[];
  sort: SortState;
  onSort: (sort: SortState) => void;
  onView: (row: AllocationHistoryRow) => void;
  onExtend: (row: AllocationHistoryRow) => void;
}

function SortHeader({
  field,
  label,
  sort,
  onSort,
}: {
  field: SortState['sortBy'];
  label: string;
  sort: SortState;
  onSort: Props['onSort'];
}) {
  const active = sort.sortBy === field;
  const next: SortState = { sortBy: field, sortOrder: active && sort.sortOrder === 'desc' ? 'asc' : 'desc' };
  return (
    <th aria-sort={active ? (sort.sortOrder === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <button type="button" className={styles.sortButton} onClick={() => onSort(next)}>
        {label} {active ? (sort.sortOrder === 'asc' ? '▲' : '▼') : ''}
      </button>
    </th>
  );
}

/** Issuance rows: sortable time, user and count; reason, memo (20 characters, all on hover) and actions. */
export function AllocationHistoryTable({ rows, sort, onSort, onView, onExtend }: Props) {
  const toast = useToast();
  const { trigger, isMutating } = useRouteMutation('PATCH /api/slots/allocation-history/{id}/payment', {
    invalidates: ['GET /api/slots/allocation-history'],
    invalidatesOnError: true,
  });
  const [confirming, setConfirming] = useState<AllocationHistoryRow | null>(null);

  const togglePayment = async () => {
    if (!confirming) return;
    const payment = !confirming.payment;
    try {
      await trigger({ path: { id: confirming.id }, body: { payment } });
      toast({
        tone: 'success',
        message: payment ? allocationMessages.paymentDone : allocationMessages.paymentCancelled,
      });
    } catch (err) {
      // Refused: its text or 'failed'; no answer or a server fault: 'error while processing'.
      toast({
        tone: 'error',
        message: failureText(err, {
          refused: allocationMessages.paymentFailed,
          unexpected: allocationMessages.paymentError,
        }),
      });
    } finally {
      setConfirming(null);
    }
  };

  return (
    <>
      <div className={tableStyles.tableWrap}>
        <table className={`${tableStyles.table} ${styles.table}`}>
          <thead>
            <tr>
              <SortHeader field="created_at" label="발행일시" sort={sort} onSort={onSort} />
              <SortHeader field="user_name" label="사용자" sort={sort} onSort={onSort} />
              <SortHeader field="slot_count" label="슬롯 수" sort={sort} onSort={onSort} />
              <th>사유</th>
              <th>메모</th>
              <th className={tableStyles.actionsCol}>작업</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id} data-testid="allocation-row">
                <td>{formatDateTime(row.created_at)}</td>
                <td>
                  <CellText text={row.current_user_name ?? row.user_name} priority="primary" />
                  <CellText text={row.current_user_email ?? row.user_email} className={styles.muted} />
                </td>
                <td>
                  <Badge tone="primary">{row.slot_count}개</Badge> {row.is_test && <Badge tone="warning">테스트</Badge>}
                </td>
                <td>
                  <CellText text={row.reason} />
                </td>
                <td>
                  <CellText text={row.memo} priority="primary">
                    {row.memo ? truncate(row.memo) : '-'}
                  </CellText>
                </td>
                <td className={tableStyles.actionsCol}>
                  <div className={styles.rowActions}>
                    {row.payment && <Badge tone="success">결제완료</Badge>}
                    <Button
                      size="sm"
                      variant={row.payment ? 'secondary' : 'primary'}
                      onClick={() => setConfirming(row)}
                    >
                      {row.payment ? '결제 취소' : '결제 완료'}
                    </Button>
                    <Button size="sm" variant="secondary" onClick={() => onView(row)}>
                      슬롯 보기
                    </Button>
                    <Button size="sm" variant="secondary" onClick={() => onExtend(row)}>
                      전체 연장
                    </Button>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ConfirmDialog
        open={!!confirming}
        title={confirming?.payment ? '결제 취소' : '결제 완료'}
        message={confirming?.payment ? allocationMessages.paymentCancelConfirm : allocationMessages.paymentConfirm}
        loading={isMutating}
        onConfirm={() => void togglePayment()}
        onCancel={() => setConfirming(null)}
      />
    </>
  );
}
