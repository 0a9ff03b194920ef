import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { userMessages } from '#shared/messages/users';
import { loginIdChars } from '#shared/schemas/users';
import { ErrorBox } from '@/components/ui/alert';
import { DialogActions } from '@/components/ui/dialog-actions';
import { Modal } from '@/components/ui/modal';
import { TextField } from '@/components/ui/text-field';
import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { createUserSchema, useChangeUser } from '../api/change-user';
import styles from './users.module.css';

type AddForm = z.input<typeof createUserSchema>;

/** '사용자 추가': id (letters and digits only), password, name; the server makes it a user. */
export function AddUserDialog({ onClose }: { onClose: () => void }) {
  const { trigger, isMutating, error, reset } = useChangeUser();
  const toast = useToast();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<AddForm, unknown, z.output<typeof createUserSchema>>({
    resolver: zodResolver(createUserSchema),
    defaultValues: { email: '', password: '', fullName: '' },
  });
  // Other characters are dropped as they are typed, so the id can only hold letters and digits.
  const idField = register('email', { setValueAs: (v: string) => loginIdChars(v ?? '') });

  const onSubmit = handleSubmit(async (body) => {
    try {
      await trigger({
        action: 'create',
        body: { email: body.email, password: body.password, fullName: body.fullName },
      });
      toast({ tone: 'success', message: userMessages.created });
      onClose();
    } catch {
      // Shown below from the hook's error state.
    }
  });

  return (
    <Modal open onClose={onClose} title={userMessages.add} dismissible={!isMutating}>
      <form className={styles.form} onSubmit={onSubmit} noValidate aria-label={userMessages.add}>
        <ErrorBox message={error ? errorMessage(error, userMessages.createFailed) : null} onDismiss={() => reset()} />
        <TextField
          label="아이디"
          requiredMark
          autoComplete="off"
          hint="영문과 숫자만 사용할 수 있습니다."
          error={errors.email?.message}
          data-autofocus
          {...idField}
          onChange={(e) => {
            e.target.value = loginIdChars(e.target.value);
            return idField.onChange(e);
          }}
        />
        <TextField
          label="비밀번호"
          type="password"
          requiredMark
          autoComplete="new-password"
          error={errors.password?.message}
          {...register('password')}
        />
        <TextField label="이름" requiredMark error={errors.fullName?.message} {...register('fullName')} />
        <div className={styles.actions}>
          <DialogActions onCancel={onClose} busy={isMutating} type="submit" loadingText="추가 중...">
            추가
          </DialogActions>
        </div>
      </form>
    </Modal>
  );
}
