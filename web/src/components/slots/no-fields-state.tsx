import { slotFieldMessages } from '#shared/messages/slots';
import { EmptyState } from '@/components/ui/empty-state';

/** What a slot form shows when the operator has enabled no input field. */
export function NoFieldsState() {
  return (
    <EmptyState
      icon="settings"
      title={slotFieldMessages.noEnabledFields}
      description="시스템 설정에서 입력 필드를 활성화해주세요."
    />
  );
}
