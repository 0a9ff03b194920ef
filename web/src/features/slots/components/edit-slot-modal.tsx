import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { commonMessages } from '#shared/messages/common';
import { slotMessages, slotFieldMessages } from '#shared/messages/slots';
import { KEYWORD_FIELD, URL_FIELD, slotFormFields } from '#shared/slot-fields';
import { ErrorBox } from '@/components/ui/alert';
import { DialogActions } from '@/components/ui/dialog-actions';
import { EmptyState } from '@/components/ui/empty-state';
import { Modal } from '@/components/ui/modal';
import { useToast } from '@/components/ui/toast';
import { useFillSlot } from '@/lib/slots/fill-slot';
import { useActionKey } from '@/hooks/use-action-key';
import { useUpdateSlotFields } from '@/lib/slots/update-slot-fields';
import { classifyFailure } from '@/lib/failure-text';
import { fieldValue } from '@/lib/slots/slot-display';
import { slotFieldsFormSchema, type SlotEditModalProps, type SlotFieldsForm } from '@/lib/slots/slot-form-schema';
import { RankResetConfirm } from '@/components/slots/rank-reset-confirm';
import { SlotFieldInputs } from '@/components/slots/slot-field-inputs';
import styles from '@/components/slots/slot-forms.module.css';

/** A refusal reads '수정 실패: {server error or 알 수 없는 오류}' ('저장 실패: …' when filling); D9 in docs/spec-coverage.md. */
function failureText(e: unknown, fill: boolean): string {
  const failure = classifyFailure(e);
  if (failure.kind === 'unexpected') return slotMessages.editError(fill);
  return slotMessages.editRefused(failure.serverText ?? commonMessages.unknownError, fill);
}

/**
 * 수정 (a filled slot) or 등록 (an empty, pre-allocated slot): the configured fields with the
 * slot's values. Changing the keyword or URL first asks, because it resets the rank information.
 */
export function EditSlotModal({ slot, configs, onClose }: SlotEditModalProps) {
  const fill = slot.status === 'empty';
  const fields = useMemo(() => slotFormFields(configs), [configs]);
  const initial = useMemo(
    () => Object.fromEntries(fields.map((f) => [f.field_key, fieldValue(slot, f.field_key)])),
    [fields, slot],
  );
  const update = useUpdateSlotFields();
  const fillSlot = useFillSlot(useActionKey());
  const toast = useToast();
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState<Record<string, string> | null>(null);
  const busy = update.isMutating || fillSlot.isMutating;
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = useForm<SlotFieldsForm>({
    resolver: zodResolver(slotFieldsFormSchema(configs, fill ? 'fill' : 'complete')),
    defaultValues: { customFields: initial },
  });

  const save = async (customFields: Record<string, string>) => {
    setFailure(null);
    try {
      if (fill) {
        await fillSlot.trigger({ id: slot.id, customFields });
        toast({ tone: 'success', message: '슬롯 정보가 등록되었습니다.' });
      } else {
        // update-fields itself resets the rank data when the keyword or URL changes (after the
        // confirm), so nothing is deleted before the save and a failed save loses nothing.
        await update.trigger({ id: slot.id, customFields });
        toast({ tone: 'success', message: slotMessages.slotUpdated });
      }
      onClose();
    } catch (e) {
      setPending(null);
      setFailure(failureText(e, fill));
    }
  };

  const onSubmit = handleSubmit(async ({ customFields }) => {
    const trimmed = Object.fromEntries(Object.entries(customFields).map(([k, v]) => [k, v.trim()]));
    const coreChanged = [KEYWORD_FIELD, URL_FIELD].some((k) => (trimmed[k] ?? '') !== (initial[k] ?? '').trim());
    if (!fill && coreChanged) {
      setPending(trimmed);
      return;
    }
    await save(trimmed);
  });

  const rootError = (errors.customFields as { message?: string } | undefined)?.message;

  return (
    <>
      <Modal
        open
        onClose={onClose}
        title={fill ? `슬롯 #${slot.slot_number} 정보 등록` : `슬롯 #${slot.slot_number} 수정`}
        description={
          fill ? '발행된 빈 슬롯에 광고 정보를 입력합니다.' : '키워드나 URL을 바꾸면 기존 순위 정보가 초기화됩니다.'
        }
        dismissible={!busy}
        footer={
          fields.length > 0 && (
            <>
              <DialogActions
                onCancel={onClose}
                busy={busy}
                type="submit"
                form="edit-slot-form"
                loadingText="저장 중..."
              >
                {fill ? '등록' : '저장'}
              </DialogActions>
            </>
          )
        }
      >
        {fields.length === 0 ? (
          <EmptyState
            icon="settings"
            title={slotFieldMessages.noEnabledFields}
            description="시스템 설정에서 입력 필드를 활성화해주세요."
          />
        ) : (
          <form id="edit-slot-form" onSubmit={onSubmit} noValidate className={styles.stack}>
            <ErrorBox message={failure ?? rootError} onDismiss={() => setFailure(null)} />
            <SlotFieldInputs
              fields={fields}
              register={register}
              control={control}
              errors={errors}
              requireCore={!fill}
            />
          </form>
        )}
      </Modal>
      <RankResetConfirm
        slotId={slot.id}
        open={pending !== null}
        saving={busy}
        onConfirm={() => pending && void save(pending)}
        onCancel={() => setPending(null)}
      />
    </>
  );
}
