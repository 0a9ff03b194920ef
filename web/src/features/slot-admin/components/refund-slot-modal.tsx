import { useState } from 'react';
import { slotAdminMessages } from '#shared/messages/slot-admin';
import type { SlotDto } from '#shared/schemas/slots';
import { ErrorBox } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { useToast } from '@/components/ui/toast';
import type { ActionKeys } from '@/hooks/use-action-key';
import { formatWon } from '@/lib/format';
import { refundSlot, useRefundPreview } from '../api/refund-slot';
import { firstIssue, refundFormSchema } from '../utils/admin-slot-forms';
import { classifyFailure } from '@/lib/failure-text';
import { ReasonField } from './reason-field';
import styles from './admin-slots.module.css';

/** Spec §8: '환불 처리 실패' (with the server's reason when it gave one) or '환불 처리 중 오류가 발생했습니다.'. */
function refundFailure(e: unknown): string {
  const failure = classifyFailure(e);
  if (failure.kind === 'unexpected') return slotAdminMessages.refundError;
  return failure.serverText
    ? `${slotAdminMessages.refundFailed}: ${failure.serverText}`
    : slotAdminMessages.refundFailed;
}

/** The amount the server will credit, as it computes it (GET refund-preview). */
function RefundAmount({ slotId, fullRefund }: { slotId: string; fullRefund: boolean }) {
  const preview = useRefundPreview(slotId, fullRefund);
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
  const [reason, setReason] = useState('');
  const [fullRefund, setFullRefund] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const toast = useToast();

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = refundFormSchema.safeParse({ refundReason: reason, fullRefund });
    if (!parsed.success) return setError(firstIssue(parsed.error));
    setError(null);
    setBusy(true);
    try {
      await keys.send({ slotId: slot.id, refund: parsed.data }, (key) => refundSlot(slot.id, parsed.data, key));
      toast({ tone: 'success', message: slotAdminMessages.refundDone });
      onClose();
    } catch (e) {
      setFailure(refundFailure(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      onClose={onClose}
      title={`슬롯 #${slot.slot_number} 환불`}
      description={`${slot.user_name} (${slot.user_email})`}
      dismissible={!busy}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            취소
          </Button>
          <Button type="submit" form="refund-slot-form" variant="danger" loading={busy}>
            환불
          </Button>
        </>
      }
    >
      <form id="refund-slot-form" onSubmit={submit} noValidate className={styles.stack}>
        <ErrorBox message={failure} onDismiss={() => setFailure(null)} />
        <RefundAmount slotId={slot.id} fullRefund={fullRefund} />
        <label className={styles.choice}>
          <input type="checkbox" checked={fullRefund} onChange={(e) => setFullRefund(e.target.checked)} />
          전액 환불 (남은 기간과 관계없이 결제 금액 전체)
        </label>
        <ReasonField label="환불 사유" value={reason} onChange={setReason} error={error} />
      </form>
    </Modal>
  );
}
