import { useState } from 'react';
import { extensionMessages } from '#shared/messages/slot-allocations';
import {
  DEFAULT_EXTENSION_DAYS,
  extensionDayChoices,
  type AllocationHistoryRow,
} from '#shared/schemas/slot-allocations';
import { DialogActions } from '@/components/ui/dialog-actions';
import { Modal } from '@/components/ui/modal';
import { useToast } from '@/components/ui/toast';
import { useActionKey } from '@/hooks/use-action-key';
import { failureText } from '@/lib/failure-text';
import { useRouteMutation } from '@/lib/route-data';
import { ChoiceGroup } from '@/components/ui/choice-group';
import styles from './slot-allocations.module.css';

/** Extend every slot of an issuance: 1, 7, 10 or 30 days, default 10; reports successes and failures. */
export function ExtendAllModal({
  allocation,
  onClose,
}: {
  allocation: AllocationHistoryRow | null;
  onClose: () => void;
}) {
  const [days, setDays] = useState<number>(DEFAULT_EXTENSION_DAYS);
  const toast = useToast();
  const { trigger, isMutating } = useRouteMutation('POST /api/slots/extend-bulk', {
    invalidates: ['GET /api/slots/allocation-history', 'GET /api/slots/by-allocation/{id}'],
    invalidatesOnError: true,
  });
  // The same extension retried after no answer replays; another one gets a new key.
  const keys = useActionKey();

  const submit = async () => {
    if (!allocation) return;
    try {
      const body = { allocationHistoryId: allocation.id, extensionDays: days };
      const result = await keys.send(body, (idempotencyKey) => trigger({ body, idempotencyKey }));
      toast({ tone: result.extended > 0 ? (result.failed ? 'warning' : 'success') : 'error', message: result.message });
      onClose();
    } catch (err) {
      toast({
        tone: 'error',
        message: failureText(err, { refused: extensionMessages.bulkFailed, unexpected: extensionMessages.bulkError }),
      });
    }
  };

  return (
    <Modal
      open={!!allocation}
      onClose={onClose}
      title="전체 연장"
      dismissible={!isMutating}
      footer={
        <>
          <DialogActions onCancel={onClose} busy={isMutating} onClick={() => void submit()}>
            연장
          </DialogActions>
        </>
      }
    >
      <div className={styles.form}>
        <ChoiceGroup
          choices={extensionDayChoices}
          label="연장 기간"
          isChosen={(d) => d === days}
          onChoose={setDays}
          text={(d) => `${d}일`}
        />
        <p className={styles.note}>{extensionMessages.bulkNote}</p>
      </div>
    </Modal>
  );
}
