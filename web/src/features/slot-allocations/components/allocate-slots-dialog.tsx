import { useMemo, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { allocationMessages } from '#shared/messages/slot-allocations';
import type { AllocateSlotsInput } from '#shared/schemas/slot-allocations';
import { ErrorBox } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Modal } from '@/components/ui/modal';
import { TextField } from '@/components/ui/text-field';
import { useToast } from '@/components/ui/toast';
import { useActionKey } from '@/hooks/use-action-key';
import { failureText } from '@/lib/failure-text';
import { useAppSettings } from '@/lib/app-settings';
import { kstToday } from '@/lib/format';
import { useRouteMutation } from '@/lib/route-data';
import {
  allocationSchemaFor,
  allocationVariants,
  endDateOf,
  toAllocationPayload,
  type AllocationFormValues,
  type AllocationVariant,
} from '../utils/allocation-form';
import styles from './slot-allocations.module.css';

export interface AllocateSlotsDialogProps {
  open: boolean;
  onClose: () => void;
  /** The advertiser who receives the slots. */
  user: { id: string; fullName?: string; email?: string };
  /** 'user': user management (≤ 1000, 1/3/7/10/30 days, default 10); 'modal': slot list (≤ 100, 1/7/10/30, default 7). */
  variant: AllocationVariant;
  /** After a successful issuance (refresh counts and lists). */
  onIssued?: () => void;
}

const fieldsOf: Record<string, keyof AllocationFormValues> = {
  slotCount: 'slotCount',
  startDate: 'startDate',
  endDate: 'startDate',
  workCount: 'workCount',
  amount: 'amount',
};

/** Validates the payload the server will get, with the shared schema and the variant's ceiling. */
const resolverFor =
  (variant: AllocationVariant): Resolver<AllocationFormValues> =>
  async (values) => {
    const parsed = allocationSchemaFor(variant).safeParse(toAllocationPayload(values));
    if (parsed.success) return { values, errors: {} };
    const errors: Record<string, { type: string; message: string }> = {};
    for (const issue of parsed.error.issues) {
      const field = fieldsOf[String(issue.path[0])] ?? 'slotCount';
      errors[field] ??= { type: issue.code, message: issue.message };
    }
    return { values: {}, errors };
  };

/** Pre-allocation issuance dialog: count, period, work count, amount, memo, test slot. */
export function AllocateSlotsDialog({ open, onClose, user, variant, onIssued }: AllocateSlotsDialogProps) {
  const config = allocationVariants[variant];
  const toast = useToast();
  // The count starts at the operator's defaultSlotAllocation (business setting, 1~100).
  const { defaultSlotAllocation } = useAppSettings();
  // Slot lists and counts live in other features: the composing page refreshes them (onIssued).
  const { trigger, isMutating, error, reset } = useRouteMutation('POST /api/slots/allocate/{userId}', {
    invalidates: ['GET /api/slots/allocation-history'],
  });
  const [pending, setPending] = useState<AllocateSlotsInput | null>(null);
  // One key per issuance the operator means: a retry of the same terms after a failure is the same issuance.
  const keys = useActionKey();
  const defaults = useMemo<AllocationFormValues>(
    () => ({
      slotCount: String(defaultSlotAllocation),
      startDate: kstToday(),
      days: config.defaultDays,
      workCount: '',
      amount: '',
      description: '',
      isTest: false,
    }),
    [config.defaultDays, defaultSlotAllocation],
  );
  const {
    register,
    handleSubmit,
    watch,
    setValue,
    reset: resetForm,
    formState: { errors },
  } = useForm<AllocationFormValues>({ resolver: resolverFor(variant), defaultValues: defaults });
  const values = watch();
  const name = user.fullName || user.email || user.id;

  const close = () => {
    reset();
    setPending(null);
    onClose();
  };
  const confirm = async () => {
    if (!pending) return;
    try {
      const issuance = { userId: user.id, body: pending };
      await keys.send(issuance, (idempotencyKey) =>
        trigger({ path: { userId: user.id }, body: { ...pending, userId: user.id }, idempotencyKey }),
      );
      toast({ tone: 'success', message: allocationMessages.issued });
      resetForm(defaults);
      onIssued?.();
      close();
    } catch {
      setPending(null); // the error shows in the dialog
    }
  };

  return (
    <Modal
      open={open}
      onClose={close}
      title="선슬롯 발행"
      description={`${name}님에게 슬롯을 발행합니다.`}
      dismissible={!isMutating}
    >
      <form
        className={styles.form}
        noValidate
        aria-label="선슬롯 발행"
        onSubmit={handleSubmit((v) => setPending(toAllocationPayload(v)))}
      >
        <ErrorBox
          message={
            error
              ? failureText(error, {
                  refused: allocationMessages.issueFailed,
                  unexpected: allocationMessages.issueError,
                })
              : null
          }
          onDismiss={() => reset()}
        />
        <div className={styles.grid}>
          <TextField
            label="슬롯 개수"
            inputMode="numeric"
            requiredMark
            hint={`최대 ${config.max}개`}
            error={errors.slotCount?.message}
            {...register('slotCount')}
          />
          <TextField
            label="시작일"
            type="date"
            requiredMark
            error={errors.startDate?.message}
            {...register('startDate')}
          />
        </div>
        <div>
          <p className={styles.label} id="allocation-days">
            기간
          </p>
          <div className={styles.choices} role="group" aria-labelledby="allocation-days">
            {config.durations.map((d) => (
              <button
                key={d}
                type="button"
                className={styles.choice}
                aria-pressed={!values.isTest && values.days === d}
                disabled={values.isTest}
                onClick={() => setValue('days', d)}
              >
                {d}일
              </button>
            ))}
          </div>
          <p className={styles.note}>종료일: {endDateOf(values) || '-'}</p>
        </div>
        <div className={styles.grid}>
          <TextField label="작업 수" inputMode="numeric" error={errors.workCount?.message} {...register('workCount')} />
          <TextField
            label="금액 (원)"
            inputMode="numeric"
            disabled={values.isTest}
            error={errors.amount?.message}
            {...register('amount')}
          />
        </div>
        <TextField label="발행 사유" placeholder="예: 3월 선결제분" {...register('description')} />
        <label className={styles.check}>
          <input type="checkbox" {...register('isTest')} /> 테스트 슬롯 (3일, 무료)
        </label>
        <div className={styles.actions}>
          <Button variant="secondary" onClick={close} disabled={isMutating}>
            취소
          </Button>
          <Button type="submit" loading={isMutating}>
            발행
          </Button>
        </div>
      </form>
      <ConfirmDialog
        open={!!pending}
        title="선슬롯 발행"
        message={pending ? allocationMessages.confirmIssue(pending.slotCount, name) : null}
        confirmLabel="발행"
        loading={isMutating}
        onConfirm={() => void confirm()}
        onCancel={() => setPending(null)}
      />
    </Modal>
  );
}
