import { extensionMessages } from '#shared/messages/slot-allocations';
import type { SlotDto } from '#shared/schemas/slots';
import { ErrorBox } from '@/components/ui/alert';
import { EmptyState } from '@/components/ui/empty-state';
import { Modal } from '@/components/ui/modal';
import { LoadingBlock } from '@/components/ui/spinner';
import { formatDateTime } from '@/lib/format';
import tableStyles from '@/components/ui/data-table.module.css';
import { useSlotExtensions } from '../api/get-slot-extensions';

/**
 * 연장 내역 of one slot (advertiser spec §8 empty state '연장 내역이 없습니다.'): each extension of the
 * slot's chain with the columns of the operator's issuance history that apply to one slot — when, which
 * slot it came from and which it made, the days and the period, and the extension slot's status.
 */
export function ExtensionHistoryModal({ slot, onClose }: { slot: SlotDto; onClose: () => void }) {
  const { data, error, isLoading } = useSlotExtensions(slot.id);
  return (
    <Modal open onClose={onClose} title={`연장 내역 · 슬롯 #${slot.slot_number}`} size="lg">
      {isLoading && <LoadingBlock />}
      <ErrorBox message={error ? extensionMessages.historyFailed : null} />
      {data && data.items.length === 0 && <EmptyState title={extensionMessages.noHistory} />}
      {data && data.items.length > 0 && (
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
              {data.items.map((e) => (
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
      )}
    </Modal>
  );
}
