import { useState } from 'react';
import { slotAdminMessages } from '#shared/messages/slot-admin';
import { DEFAULT_EXTENSION_DAYS, extensionDayChoices } from '#shared/schemas/slot-admin';
import type { SlotDto } from '#shared/schemas/slots';
import { ErrorBox } from '@/components/ui/alert';
import { DialogActions } from '@/components/ui/dialog-actions';
import { Modal } from '@/components/ui/modal';
import { useToast } from '@/components/ui/toast';
import type { ActionKeys } from '@/hooks/use-action-key';
import { extendSlot } from '../api/slot-changes';
import { classifyFailure } from '@/lib/failure-text';
import styles from './admin-slots.module.css';

/** 연장: 1, 7, 10 or 30 days (default 10); the server creates the linked, paid slot. */
export function ExtendSlotModal({ slot, onClose, keys }: { slot: SlotDto; onClose: () => void; keys: ActionKeys }) {
  const [days, setDays] = useState<number>(DEFAULT_EXTENSION_DAYS);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const toast = useToast();

  const submit = async () => {
    setBusy(true);
    setFailure(null);
    try {
      const answer = await keys.send({ slotId: slot.id, extensionDays: days }, (key) => extendSlot(slot.id, days, key));
      toast({ tone: 'success', message: answer?.message || slotAdminMessages.extended(days) });
      onClose();
    } catch (e) {
      const failed = classifyFailure(e);
      setFailure(
        failed.kind === 'refused'
          ? (failed.serverText ?? slotAdminMessages.extendFailed)
          : slotAdminMessages.extendError,
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      onClose={onClose}
      title={`슬롯 #${slot.slot_number} 연장`}
      description={`현재 종료일: ${slot.endDate ?? '-'}`}
      size="sm"
      dismissible={!busy}
      footer={
        <>
          <DialogActions onCancel={onClose} busy={busy} onClick={() => void submit()}>
            연장
          </DialogActions>
        </>
      }
    >
      <div className={styles.stack}>
        <ErrorBox message={failure} onDismiss={() => setFailure(null)} />
        <fieldset className={styles.choices} aria-label="연장 기간">
          {extensionDayChoices.map((n) => (
            <label key={n} className={styles.choice}>
              <input type="radio" name="extension-days" value={n} checked={days === n} onChange={() => setDays(n)} />
              {n}일
            </label>
          ))}
        </fieldset>
      </div>
    </Modal>
  );
}
