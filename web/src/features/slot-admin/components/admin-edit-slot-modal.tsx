import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { commonMessages } from '#shared/messages/common';
import { slotAdminMessages } from '#shared/messages/slot-admin';
import { KEYWORD_FIELD, URL_FIELD, slotFormFields } from '#shared/slot-fields';
import { ErrorBox } from '@/components/ui/alert';
import { DialogActions } from '@/components/ui/dialog-actions';
import { Modal } from '@/components/ui/modal';
import { TextField } from '@/components/ui/text-field';
import { useToast } from '@/components/ui/toast';
import { useUpdateSlotFields } from '@/lib/slots/update-slot-fields';
import { firstIssue, periodSchema } from '../utils/admin-slot-forms';
import { classifyFailure } from '@/lib/failure-text';
import { fieldValue } from '@/lib/slots/slot-display';
import { slotFieldsFormSchema, type SlotEditModalProps, type SlotFieldsForm } from '@/lib/slots/slot-form-schema';
import { RankResetConfirm } from '@/components/slots/rank-reset-confirm';
import { SlotFieldInputs } from '@/components/slots/slot-field-inputs';
import styles from './admin-slots.module.css';

/** Slot edit: '저장 실패: {error}' for a refusal, '저장 중 오류가 발생했습니다.' otherwise. */
function saveFailure(e: unknown): string {
  const failure = classifyFailure(e);
  return failure.kind === 'unexpected'
    ? slotAdminMessages.saveError
    : slotAdminMessages.saveFailed(failure.serverText ?? commonMessages.unknownError);
}

type Save = { customFields: Record<string, string>; startDate?: string; endDate?: string };

/** The operator's edit: the configured fields and the period; a keyword or URL change confirms the rank reset. */
export function AdminEditSlotModal({ slot, configs, onClose }: SlotEditModalProps) {
  const fields = useMemo(() => slotFormFields(configs), [configs]);
  const initial = useMemo(
    () => Object.fromEntries(fields.map((f) => [f.field_key, fieldValue(slot, f.field_key)])),
    [fields, slot],
  );
  const [startDate, setStartDate] = useState(slot.startDate ?? '');
  const [endDate, setEndDate] = useState(slot.endDate ?? '');
  const [dateError, setDateError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState<Save | null>(null);
  const update = useUpdateSlotFields();
  const toast = useToast();
  const { register, control, handleSubmit, formState } = useForm<SlotFieldsForm>({
    resolver: zodResolver(slotFieldsFormSchema(configs, 'complete')),
    defaultValues: { customFields: initial },
  });

  const save = async (input: Save) => {
    setFailure(null);
    try {
      await update.trigger({ id: slot.id, ...input });
      toast({ tone: 'success', message: slotAdminMessages.slotSaved });
      onClose();
    } catch (e) {
      setPending(null);
      setFailure(saveFailure(e));
    }
  };

  const onSubmit = handleSubmit(async ({ customFields }) => {
    const period = periodSchema.safeParse({ startDate, endDate });
    if (!period.success) return setDateError(firstIssue(period.error));
    setDateError(null);
    const trimmed = Object.fromEntries(Object.entries(customFields).map(([k, v]) => [k, v.trim()]));
    const input: Save = {
      customFields: trimmed,
      ...(startDate && startDate !== slot.startDate ? { startDate } : {}),
      ...(endDate && endDate !== slot.endDate ? { endDate } : {}),
    };
    const coreChanged = [KEYWORD_FIELD, URL_FIELD].some((k) => (trimmed[k] ?? '') !== (initial[k] ?? '').trim());
    if (coreChanged) return setPending(input);
    await save(input);
  });

  return (
    <>
      <Modal
        open
        onClose={onClose}
        title={`슬롯 #${slot.slot_number} 수정`}
        description={`${slot.user_name} (${slot.user_email})`}
        size="lg"
        dismissible={!update.isMutating}
        footer={
          <>
            <DialogActions
              onCancel={onClose}
              busy={update.isMutating}
              type="submit"
              form="admin-edit-slot-form"
              loadingText="저장 중..."
            >
              저장
            </DialogActions>
          </>
        }
      >
        <form id="admin-edit-slot-form" onSubmit={onSubmit} noValidate className={styles.stack}>
          <ErrorBox message={failure} onDismiss={() => setFailure(null)} />
          <SlotFieldInputs fields={fields} register={register} control={control} errors={formState.errors} />
          <div className={styles.choices}>
            <TextField label="시작일" type="date" value={startDate} onChange={(e) => setStartDate(e.target.value)} />
            <TextField
              label="종료일"
              type="date"
              value={endDate}
              onChange={(e) => setEndDate(e.target.value)}
              error={dateError ?? undefined}
            />
          </div>
        </form>
      </Modal>
      <RankResetConfirm
        slotId={slot.id}
        open={pending !== null}
        saving={update.isMutating}
        onConfirm={() => pending && void save(pending)}
        onCancel={() => setPending(null)}
      />
    </>
  );
}
