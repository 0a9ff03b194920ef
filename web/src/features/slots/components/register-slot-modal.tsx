import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { FieldConfig } from '#shared/field-configs';
import { slotMessages, slotFieldMessages } from '#shared/messages/slots';
import { slotFormFields } from '#shared/slot-fields';
import { Alert, ErrorBox } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Modal } from '@/components/ui/modal';
import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { useAppSettings } from '@/lib/app-settings';
import { formatWon } from '@/lib/format';
import { useCreateSlot } from '../api/create-slot';
import type { ActionKeys } from '@/hooks/use-action-key';
import { balanceLoadFailed, useBalance } from '@/hooks/use-balance';
import { emptyFieldValues, slotFieldsFormSchema, type SlotFieldsForm } from '@/lib/slots/slot-form-schema';
import { SlotFieldInputs } from '@/components/slots/slot-field-inputs';
import styles from '@/components/slots/slot-forms.module.css';

/** 개별 등록 (single registration): one slot; the register button needs enough cash. */
export function RegisterSlotModal({
  open,
  onClose,
  configs,
  keys,
}: {
  open: boolean;
  onClose: () => void;
  configs: FieldConfig[];
  /** Held by the page: the same values registered again, even after reopening the dialog, are a retry. */
  keys: ActionKeys;
}) {
  const fields = useMemo(() => slotFormFields(configs), [configs]);
  const { useCashSystem, defaultSlotPrice } = useAppSettings();
  const balance = useBalance(open && useCashSystem);
  const { trigger, isMutating } = useCreateSlot(keys, configs);
  const toast = useToast();
  const [failure, setFailure] = useState<string | null>(null);
  const empty = emptyFieldValues(fields);
  const {
    register,
    control,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<SlotFieldsForm>({
    resolver: zodResolver(slotFieldsFormSchema(configs, 'complete')),
    defaultValues: { customFields: empty },
  });

  const amount = balance.data?.amount ?? null;
  const short = useCashSystem && amount !== null && amount < defaultSlotPrice;
  // Without a balance the button stays disabled: say why instead of leaving it silently grey.
  const balanceFailed = useCashSystem && amount === null && !!balance.error;

  const close = () => {
    reset({ customFields: empty });
    setFailure(null);
    onClose();
  };

  const onSubmit = handleSubmit(async ({ customFields }) => {
    setFailure(null);
    try {
      const slot = await trigger({ customFields });
      // With slotAutoApproval the slot runs at once: only a pending one waits for approval.
      toast({
        tone: 'success',
        message: slot.status === 'pending' ? slotMessages.registeredPending : slotMessages.registered,
      });
      close();
    } catch (e) {
      setFailure(errorMessage(e, '슬롯 등록에 실패했습니다.'));
    }
  });

  return (
    <Modal
      open={open}
      onClose={close}
      title="슬롯 개별 등록"
      description="키워드와 쿠팡 상품 URL을 입력해 슬롯을 신청합니다."
      dismissible={!isMutating}
      footer={
        fields.length > 0 && (
          <>
            <Button variant="secondary" onClick={close} disabled={isMutating}>
              취소
            </Button>
            <Button
              type="submit"
              form="register-slot-form"
              loading={isMutating}
              loadingText="등록 중..."
              disabled={short || (useCashSystem && amount === null)}
            >
              {short
                ? slotMessages.cashShort(amount ?? 0)
                : useCashSystem
                  ? `등록 (${formatWon(defaultSlotPrice)})`
                  : '등록'}
            </Button>
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
        <form id="register-slot-form" onSubmit={onSubmit} noValidate>
          {useCashSystem && (
            <div className={styles.summary}>
              <div className={styles.summaryItem}>
                슬롯 가격
                <strong>{formatWon(defaultSlotPrice)}</strong>
              </div>
              <div className={`${styles.summaryItem} ${short ? styles.short : ''}`}>
                현재 잔액
                <strong>{amount === null ? '-' : formatWon(amount)}</strong>
              </div>
            </div>
          )}
          <div className={styles.stack}>
            {balanceFailed && (
              <Alert tone="error">
                {balanceLoadFailed}{' '}
                <Button variant="ghost" size="sm" onClick={() => void balance.mutate()}>
                  다시 시도
                </Button>
              </Alert>
            )}
            <ErrorBox message={failure} onDismiss={() => setFailure(null)} />
            <SlotFieldInputs fields={fields} register={register} control={control} errors={errors} />
          </div>
        </form>
      )}
    </Modal>
  );
}
