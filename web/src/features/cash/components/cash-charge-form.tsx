import { useMemo, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { cashMessages } from '#shared/messages/cash';
import { chargePresets, type ChargeRequestDto } from '#shared/schemas/cash';
import { formatWonNumber } from '#shared/won';
import { ChoiceGroup } from '@/components/ui/choice-group';
import { Alert, ErrorBox } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { useAppSettings } from '@/lib/app-settings';
import { errorMessage } from '@/lib/api-client';
import { formatWon } from '@/lib/format';
import { chargeRequestSchemaFor, useCreateChargeRequest } from '../api/create-charge-request';
import { useBalance } from '@/hooks/use-balance';
import { useActionKey, type ActionKeys } from '@/hooks/use-action-key';
import { DepositAccount } from './deposit-account';
import styles from './cash.module.css';

type Schema = ReturnType<typeof chargeRequestSchemaFor>;
type FormInput = z.input<Schema>;
type FormOutput = z.output<Schema>;

interface CashChargeFormProps {
  /** Called after the server accepted the request (the modal closes itself 2 s later). */
  onSuccess?: (request: ChargeRequestDto) => void;
  onCancel?: () => void;
  /**
   * The Idempotency-Key holder, when it must outlive the form (the dialog unmounts the form when it
   * closes, and a retry after reopening is still the same charge). Else the form keeps its own.
   */
  idempotency?: ActionKeys;
}

/**
 * The charge form: current balance, preset amounts, a free amount, the
 * expected deposit time and the depositor. Validated with the same shared schema as the server,
 * including the configured min/max charge.
 */
export function CashChargeForm({ onSuccess, onCancel, idempotency }: CashChargeFormProps) {
  const settings = useAppSettings();
  const { minCashCharge, maxCashCharge } = settings;
  const schema = useMemo(
    () => chargeRequestSchemaFor({ minCashCharge, maxCashCharge }),
    [minCashCharge, maxCashCharge],
  );
  const { data: balance } = useBalance(true);
  const ownKeys = useActionKey();
  const { trigger, isMutating, error, reset } = useCreateChargeRequest(idempotency ?? ownKeys);
  const [done, setDone] = useState<ChargeRequestDto | null>(null);
  const {
    register,
    handleSubmit,
    setValue,
    control,
    reset: resetForm,
    formState: { errors },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(schema),
    defaultValues: { amount: '', depositAt: '', accountHolder: '' },
  });
  const amount = Number(String(useWatch({ control, name: 'amount' }) ?? '').replaceAll(',', ''));

  const onSubmit = handleSubmit(async (values) => {
    setDone(null);
    try {
      const created = await trigger(values);
      setDone(created);
      resetForm();
      onSuccess?.(created);
    } catch {
      // Shown from the hook's error state.
    }
  });

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-label="캐시 충전 요청">
      <div className={styles.balanceCard}>
        <div>
          <p className={styles.balanceLabel}>현재 잔액</p>
          <p className={styles.balanceAmount} data-testid="cash-balance">
            {balance ? formatWon(balance.amount) : '-'}
          </p>
        </div>
      </div>
      <DepositAccount />

      {done && (
        <Alert tone="success" title={cashMessages.chargeRequested}>
          {done.status === 'approved'
            ? `${formatWon(done.amount)}이 자동 승인되어 잔액에 반영되었습니다.`
            : `${formatWon(done.amount)} 충전 요청이 접수되었습니다. 입금 확인 후 운영자가 승인합니다.`}
        </Alert>
      )}
      <ErrorBox message={error ? errorMessage(error, '충전 요청에 실패했습니다.') : null} onDismiss={() => reset()} />

      <div>
        <p className={styles.fieldLabel} id="charge-presets">
          충전 금액 선택
        </p>
        <ChoiceGroup
          choices={chargePresets}
          labelledBy="charge-presets"
          isChosen={(preset) => preset === amount}
          onChoose={(preset) => setValue('amount', String(preset), { shouldValidate: true })}
          text={formatWon}
          classNames={{ group: styles.presets, choice: styles.preset }}
        />
      </div>

      <div className={styles.fields}>
        <TextField
          className={styles.full}
          label="충전 금액"
          inputMode="numeric"
          placeholder="직접 입력 (원)"
          requiredMark
          hint={`${formatWon(minCashCharge)}부터 ${formatWon(maxCashCharge)}까지 충전할 수 있습니다.`}
          error={errors.amount?.message}
          {...register('amount')}
        />
        <TextField
          label="입금 예정일시"
          type="datetime-local"
          requiredMark
          error={errors.depositAt?.message}
          {...register('depositAt')}
        />
        <TextField
          label="입금자명"
          placeholder="입금하실 분의 이름"
          requiredMark
          error={errors.accountHolder?.message}
          {...register('accountHolder')}
        />
      </div>
      {Number.isFinite(amount) && amount > 0 && (
        <p className={styles.note}>충전 요청 금액: {formatWonNumber(amount)}원</p>
      )}

      <div className={styles.actions}>
        {onCancel && (
          <Button variant="secondary" onClick={onCancel} disabled={isMutating}>
            닫기
          </Button>
        )}
        <Button type="submit" loading={isMutating} loadingText="요청 중...">
          충전 요청
        </Button>
      </div>
    </form>
  );
}
