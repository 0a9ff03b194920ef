import { extensionMessages } from '#shared/messages/slot-allocations';
import type { SlotDto } from '#shared/schemas/slots';
import { ErrorBox } from '@/components/ui/alert';
import { EmptyState } from '@/components/ui/empty-state';
import { Modal } from '@/components/ui/modal';
import { LoadingBlock } from '@/components/ui/spinner';
import { ExtensionHistoryTable } from '@/components/slots/extension-history-table';
import { useRoute } from '@/lib/route-data';

/**
 * 연장 내역 of one slot ('연장 내역이 없습니다.' when there is none): each extension of the
 * slot's chain with the columns of the operator's issuance history that apply to one slot.
 */
export function ExtensionHistoryModal({ slot, onClose }: { slot: SlotDto; onClose: () => void }) {
  const { data, error, isLoading } = useRoute(
    'GET /api/slots/{id}/extensions',
    { path: { id: slot.id } },
    { revalidateOnFocus: false },
  );
  return (
    <Modal open onClose={onClose} title={`연장 내역 · 슬롯 #${slot.slot_number}`} size="lg">
      {isLoading && <LoadingBlock />}
      <ErrorBox message={error ? extensionMessages.historyFailed : null} />
      {data && data.items.length === 0 && <EmptyState title={extensionMessages.noHistory} />}
      {data && data.items.length > 0 && <ExtensionHistoryTable items={data.items} />}
    </Modal>
  );
}
