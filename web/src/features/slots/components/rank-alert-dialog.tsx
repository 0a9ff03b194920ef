import { useId, useState } from 'react';
import { rankAlertMessages } from '#shared/messages/rank-alerts';
import {
  RANK_ALERT_MOVE_MAX,
  RANK_ALERT_MOVE_MIN,
  rankAlertEventText,
  rankAlertInputSchema,
} from '#shared/schemas/rank-alerts';
import type { SlotDto } from '#shared/schemas/slots';
import { ErrorBox } from '@/components/ui/alert';
import { DialogActions } from '@/components/ui/dialog-actions';
import { Modal } from '@/components/ui/modal';
import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { useRouteMutation } from '@/lib/route-data';
import { slotReads } from '@/lib/slots/invalidate';
import styles from './rank-alert.module.css';

/**
 * 순위 알림 (an addition of this product): tell me when this slot's rank moves by N places or
 * more, or falls out of the results. Both off removes the alert. Until the notification service
 * delivers them, alerts that fired are listed here and the latest shows on the slot's row.
 */
export function RankAlertDialog({ slot, onClose }: { slot: SlotDto; onClose: () => void }) {
  const toast = useToast();
  const { trigger: setRankAlert } = useRouteMutation('PUT /api/slots/{id}/rank-alert', { invalidates: slotReads });
  const moveId = useId();
  const [moveOn, setMoveOn] = useState(slot.rank_alert?.moveBy != null);
  const [moveBy, setMoveBy] = useState(String(slot.rank_alert?.moveBy ?? 10));
  const [whenOut, setWhenOut] = useState(slot.rank_alert?.whenOut ?? false);
  const [fieldError, setFieldError] = useState<string>();
  const [serverError, setServerError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const save = async () => {
    setServerError(null);
    const parsed = rankAlertInputSchema.safeParse({
      moveBy: moveOn ? (moveBy.trim() === '' ? Number.NaN : Number(moveBy)) : null,
      whenOut,
    });
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message);
      return;
    }
    setFieldError(undefined);
    setSaving(true);
    try {
      const saved = await setRankAlert({ path: { id: slot.id }, body: parsed.data });
      toast({ tone: 'success', message: saved.rank_alert ? rankAlertMessages.saved : rankAlertMessages.cleared });
      onClose();
    } catch (err) {
      setServerError(errorMessage(err, '저장 중 오류가 발생했습니다.'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      onClose={onClose}
      dismissible={!saving}
      title={`순위 알림 · 슬롯 #${slot.slot_number}`}
      description="순위가 크게 바뀌거나 검색 결과에서 사라지면 알려드립니다."
      size="sm"
      footer={
        <>
          <DialogActions onCancel={onClose} busy={saving} onClick={() => void save()}>
            저장
          </DialogActions>
        </>
      }
    >
      <form
        className={styles.form}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <label className={styles.check}>
          <input type="checkbox" checked={moveOn} onChange={(e) => setMoveOn(e.target.checked)} />
          순위 변동 알림
        </label>
        <div className={styles.moveRow}>
          <input
            id={moveId}
            className={styles.number}
            type="number"
            inputMode="numeric"
            min={RANK_ALERT_MOVE_MIN}
            max={RANK_ALERT_MOVE_MAX}
            value={moveBy}
            disabled={!moveOn}
            aria-label="변동 폭 (위)"
            aria-invalid={!!fieldError}
            aria-describedby={`${moveId}-hint`}
            onChange={(e) => setMoveBy(e.target.value)}
          />
          <span>위 이상 오르거나 내리면 알림</span>
        </div>
        <p
          id={`${moveId}-hint`}
          className={fieldError ? styles.error : styles.hint}
          role={fieldError ? 'alert' : undefined}
        >
          {fieldError ?? `${RANK_ALERT_MOVE_MIN}~${RANK_ALERT_MOVE_MAX}위 사이로 입력하세요. 어제 순위와 비교합니다.`}
        </p>
        <label className={styles.check}>
          <input type="checkbox" checked={whenOut} onChange={(e) => setWhenOut(e.target.checked)} />
          순위권 이탈 알림 (검색 결과에서 상품을 찾을 수 없을 때)
        </label>
        {!moveOn && !whenOut && <p className={styles.hint}>두 항목을 모두 끄고 저장하면 알림이 해제됩니다.</p>}
        <ErrorBox message={serverError} />
      </form>
      {slot.rank_alert_events.length > 0 && (
        <section className={styles.events} aria-label="최근 순위 알림">
          <h3 className={styles.eventsTitle}>최근 알림</h3>
          <ul>
            {slot.rank_alert_events.slice(0, 5).map((e) => (
              <li key={`${e.at}-${e.kind}`}>
                <span className={e.kind === 'out' || (e.to ?? 0) > (e.from ?? 0) ? styles.down : styles.up}>
                  {rankAlertEventText(e)}
                </span>
                <time dateTime={e.at}>{formatDateTime(e.at)}</time>
              </li>
            ))}
          </ul>
        </section>
      )}
    </Modal>
  );
}
