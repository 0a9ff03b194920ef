import type { SlotExtensionDto } from '#shared/schemas/slot-allocations';
import { formatDateTime } from '@/lib/format';
import tableStyles from '@/components/ui/data-table.module.css';

/**
 * Extensions as rows (the advertiser's 연장 내역 of one slot and the operator's customer view): when,
 * which slot it came from and which it made, the days and the period, and the extension slot's status.
 */
export function ExtensionHistoryTable({ items }: { items: SlotExtensionDto[] }) {
  return (
    <div className={tableStyles.tableWrap}>
      <table className={tableStyles.table} aria-label="연장 내역">
        <thead>
          <tr>
            <th scope="col">연장일시</th>
            <th scope="col">원 슬롯</th>
            <th scope="col">연장 슬롯</th>
            <th scope="col">연장 일수</th>
            <th scope="col">기간</th>
            <th scope="col">상태</th>
          </tr>
        </thead>
        <tbody>
          {items.map((e) => (
            <tr key={e.slot_id}>
              <td>{formatDateTime(e.extended_at)}</td>
              <td>#{e.parent_slot_number}</td>
              <td>#{e.slot_number}</td>
              <td>{e.extension_days}일</td>
              <td>
                {e.startDate ?? '-'} ~ {e.endDate ?? '-'}
              </td>
              <td>{e.displayStatusLabel}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
