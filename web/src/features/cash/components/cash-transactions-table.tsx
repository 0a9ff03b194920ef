import { isCreditType, ledgerTypeLabels, type CashTransactionDto } from '#shared/schemas/cash';
import { EmptyState } from '@/components/ui/empty-state';
import { formatDateTime, formatWon } from '@/lib/format';
import styles from './cash.module.css';
import { CellText } from '@/components/ui/cell-text';
import tableStyles from '@/components/ui/data-table.module.css';

/**
 * Usage history columns: time, type, amount (+ for money in: charge, refund and
 * bonus; − otherwise), description, and the balance after each entry.
 */
export function CashTransactionsTable({ items }: { items: CashTransactionDto[] }) {
  if (items.length === 0) return <EmptyState icon="receipt" title="사용 내역이 없습니다." />;
  return (
    <div className={tableStyles.tableWrap}>
      <table className={tableStyles.table}>
        <thead>
          <tr>
            <th scope="col">일시</th>
            <th scope="col">유형</th>
            <th scope="col" className={tableStyles.num}>
              금액
            </th>
            <th scope="col">내용</th>
            <th scope="col" className={tableStyles.num}>
              잔액
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((t) => {
            const plus = isCreditType(t.type);
            return (
              <tr key={t.id}>
                <td>{formatDateTime(t.transactionAt)}</td>
                <td>{ledgerTypeLabels[t.type] ?? t.type}</td>
                <td className={`${tableStyles.num} ${plus ? styles.plus : styles.minus}`}>
                  {plus ? '+' : '−'}
                  {formatWon(t.amount)}
                </td>
                <td>
                  <CellText text={t.description} priority="primary" />
                </td>
                <td className={tableStyles.num}>{formatWon(t.balanceAfter)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
