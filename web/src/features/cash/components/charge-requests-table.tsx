import type { ChargeRequestDto } from '#shared/schemas/cash';
import { CellText } from '@/components/ui/cell-text';
import { EmptyState } from '@/components/ui/empty-state';
import { formatDateTime, formatWon } from '@/lib/format';
import { ChargeStatusBadge } from './charge-status-badge';
import styles from './cash.module.css';
import tableStyles from '@/components/ui/data-table.module.css';

interface ChargeRequestsTableProps {
  items: ChargeRequestDto[];
  /** Operator view: shows who asked. */
  showUser?: boolean;
  actions?: (request: ChargeRequestDto) => React.ReactNode;
  emptyText?: string;
}

/** Charge history columns: request time, amount, bonus, depositor, status. */
export function ChargeRequestsTable({
  items,
  showUser = false,
  actions,
  emptyText = '충전 내역이 없습니다.',
}: ChargeRequestsTableProps) {
  if (items.length === 0) return <EmptyState icon="receipt" title={emptyText} />;
  return (
    <div className={tableStyles.tableWrap}>
      <table className={tableStyles.table}>
        <thead>
          <tr>
            <th scope="col">요청 일시</th>
            {showUser && <th scope="col">요청자</th>}
            <th scope="col" className={tableStyles.num}>
              충전 금액
            </th>
            <th scope="col" className={tableStyles.num}>
              보너스
            </th>
            <th scope="col">입금자명</th>
            <th scope="col">입금 예정일시</th>
            <th scope="col">상태</th>
            {actions && <th scope="col" aria-label="작업" className={tableStyles.actionsCol} />}
          </tr>
        </thead>
        <tbody>
          {items.map((r) => (
            <tr key={r.id} data-charge-id={r.id}>
              <td>{formatDateTime(r.requestedAt)}</td>
              {showUser && (
                <td>
                  <CellText text={r.userName} priority="primary" />
                  <CellText text={r.userEmail} className={styles.muted} />
                </td>
              )}
              <td className={tableStyles.num}>{formatWon(r.amount)}</td>
              <td className={tableStyles.num}>
                {r.bonusAmount > 0 ? (
                  <>
                    {formatWon(r.bonusAmount)} <span className={styles.muted}>({r.bonusPercentage}%)</span>
                  </>
                ) : (
                  '-'
                )}
              </td>
              <td>
                <CellText text={r.accountHolder} />
              </td>
              <td>{formatDateTime(r.depositAt)}</td>
              <td>
                <ChargeStatusBadge status={r.status} />
                {r.status === 'rejected' && r.rejectionReason && (
                  <CellText text={r.rejectionReason} className={styles.muted}>
                    사유: {r.rejectionReason}
                  </CellText>
                )}
              </td>
              {actions && <td className={tableStyles.actionsCol}>{actions(r)}</td>}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
