import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { userMessages } from '#shared/messages/users';
import { userDetailsSchema, type UserDetails, type UserDetailsInput } from '#shared/schemas/users';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { errorMessage } from '@/lib/api-client';
import styles from './user-details-form.module.css';

interface UserDetailsFormProps {
  initial: UserDetails;
  /** Saves through the caller's route (own profile, or an operator's customer view). */
  onSave: (details: UserDetails) => Promise<UserDetails>;
  /** Shown, not editable: the caller may not change this record (an operator on a developer's). */
  readOnly?: string;
}

/**
 * The user record's bank account and business details, shared by the advertiser's
 * profile and the operator's customer view; checked with the server's own schema before sending.
 */
export function UserDetailsForm({ initial, onSave, readOnly }: UserDetailsFormProps) {
  const [result, setResult] = useState<{ tone: 'success' | 'error'; message: string } | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<UserDetailsInput, unknown, UserDetails>({
    resolver: zodResolver(userDetailsSchema),
    defaultValues: initial,
  });

  const onSubmit = handleSubmit(async (values) => {
    setResult(null);
    try {
      reset(await onSave(values));
      setResult({ tone: 'success', message: userMessages.detailsSaved });
    } catch (e) {
      setResult({ tone: 'error', message: errorMessage(e, userMessages.detailsSaveFailed) });
    }
  });

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-label="계좌 및 사업자 정보">
      {readOnly && <Alert tone="info">{readOnly}</Alert>}
      <fieldset className={styles.group} disabled={!!readOnly}>
        <legend>정산 계좌</legend>
        <TextField label="은행명" error={errors.bankInfo?.bankName?.message} {...register('bankInfo.bankName')} />
        <TextField
          label="계좌번호"
          inputMode="numeric"
          placeholder="숫자와 하이픈(-)"
          error={errors.bankInfo?.accountNumber?.message}
          {...register('bankInfo.accountNumber')}
        />
        <TextField
          label="예금주"
          error={errors.bankInfo?.accountHolder?.message}
          {...register('bankInfo.accountHolder')}
        />
      </fieldset>
      <fieldset className={styles.group} disabled={!!readOnly}>
        <legend>사업자 정보</legend>
        <TextField label="상호" error={errors.business?.businessName?.message} {...register('business.businessName')} />
        <TextField
          label="사업자등록번호"
          inputMode="numeric"
          placeholder="000-00-00000"
          error={errors.business?.businessNumber?.message}
          {...register('business.businessNumber')}
        />
        <TextField
          label="대표자명"
          error={errors.business?.representative?.message}
          {...register('business.representative')}
        />
      </fieldset>
      {result && (
        <Alert tone={result.tone} onDismiss={() => setResult(null)}>
          {result.message}
        </Alert>
      )}
      {!readOnly && (
        <div className={styles.actions}>
          <Button type="submit" loading={isSubmitting} loadingText="저장 중...">
            계좌 및 사업자 정보 저장
          </Button>
        </div>
      )}
    </form>
  );
}
