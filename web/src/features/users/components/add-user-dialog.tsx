import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { userMessages } from '#shared/messages/users';
import { loginIdChars } from '#shared/schemas/users';
import { ErrorBox } from '@/components/ui/alert';
import { DialogActions } from '@/components/ui/dialog-actions';
import { Modal } from '@/components/ui/modal';
import { TextField } from '@/components/ui/text-field';
import { errorMessage } from '@/lib/api-client';
import { createUserSchema } from '../api/change-user';
import { useSaveUser } from '../hooks/use-save-user';
import styles from './users.module.css';

type AddForm = z.input<typeof createUserSchema>;

/** '사용자 추가': id (letters and digits only), password, name; the server makes it a user. */
export function AddUserDialog({ onClose }: { onClose: () => void }) {
  const { save, isMutating, error, reset } = useSaveUser(onClose, userMessages.created);
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

  const onSubmit = handleSubmit((body) =>
    save({ action: 'create', body: { email: body.email, password: body.password, fullName: body.fullName } }),
  );

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
