import { useState } from 'react';
import { slotAdminMessages } from '#shared/messages/slot-admin';
import type { SlotDto } from '#shared/schemas/slots';
import { ErrorBox } from '@/components/ui/alert';
import { formatWon } from '@/lib/format';
import { useRoute } from '@/lib/route-data';
import { refundSlot } from '../api/slot-changes';
import { refundFormSchema } from '../utils/admin-slot-forms';
import type { ActionKeys } from '@/hooks/use-action-key';
import { classifyFailure } from '@/lib/failure-text';
import { ActionDialog } from './action-dialog';
import styles from './admin-slots.module.css';

/** '환불 처리 실패' (with the server's reason when it gave one) or '환불 처리 중 오류가 발생했습니다.'. */
function refundFailure(e: unknown): string {
  const failure = classifyFailure(e);
  if (failure.kind === 'unexpected') return slotAdminMessages.refundError;
  return failure.serverText
    ? `${slotAdminMessages.refundFailed}: ${failure.serverText}`
    : slotAdminMessages.refundFailed;
}

/** The amount the server will credit, as it computes it (GET refund-preview). */
function RefundAmount({ slotId, fullRefund }: { slotId: string; fullRefund: boolean }) {
  const preview = useRoute(
    'GET /api/slots/{id}/refund-preview',
    { path: { id: slotId }, query: { fullRefund: fullRefund ? 'true' : undefined } },
    { revalidateOnFocus: false },
  );
  if (preview.error) return <ErrorBox message={refundFailure(preview.error)} />;
  if (!preview.data) return <div className={styles.amount}>환불 금액 계산 중...</div>;
  const { amount, remainingDays, totalDays } = preview.data;
  return (
    <div className={styles.amount} data-testid="refund-amount">
      환불 금액 <strong>{formatWon(amount)}</strong>
      {!fullRefund && remainingDays !== null && totalDays !== null && (
        <div className={styles.muted}>
          남은 기간 {remainingDays}일 / 전체 {totalDays}일 기준 (10원 단위 절사)
        </div>
      )}
    </div>
  );
}

/** 환불: reason required, the previewed amount, and the operator's choice of a full refund. */
export function RefundSlotModal({ slot, onClose, keys }: { slot: SlotDto; onClose: () => void; keys: ActionKeys }) {
  const [fullRefund, setFullRefund] = useState(false);
  return (
    <ActionDialog
      slot={slot}
      action="환불"
      danger
      showOwner
      reasonLabel="환불 사유"
      parse={(reason) => refundFormSchema.safeParse({ refundReason: reason, fullRefund })}
      run={(input) => keys.send({ slotId: slot.id, refund: input }, (key) => refundSlot(slot.id, input, key))}
      successMessage={slotAdminMessages.refundDone}
      failureText={refundFailure}
      onClose={onClose}
    >
      {() => (
        <>
          <RefundAmount slotId={slot.id} fullRefund={fullRefund} />
          <label className={styles.choice}>
            <input type="checkbox" checked={fullRefund} onChange={(e) => setFullRefund(e.target.checked)} />
            전액 환불 (남은 기간과 관계없이 결제 금액 전체)
          </label>
        </>
      )}
    </ActionDialog>
  );
}
