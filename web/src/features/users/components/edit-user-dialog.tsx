import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { userMessages } from '#shared/messages/users';
import { roleLabels } from '#shared/roles';
import type { AdminUserDto, UpdateUserInput } from '#shared/schemas/users';
import { ErrorBox } from '@/components/ui/alert';
import { DialogActions } from '@/components/ui/dialog-actions';
import { Modal } from '@/components/ui/modal';
import { TextField } from '@/components/ui/text-field';
import { errorMessage } from '@/lib/api-client';
import { updateUserSchema } from '../api/change-user';
import { useSaveUser } from '../hooks/use-save-user';
import styles from './users.module.css';

type EditForm = z.input<typeof updateUserSchema>;

interface EditUserDialogProps {
  user: AdminUserDto;
  /** The signed-in staff member may give the developer role (developers only). */
  canGrantDeveloper: boolean;
  /** Editing oneself: name only (role, active flag and password are refused by the server). */
  isSelf: boolean;
  onClose: () => void;
}

/** Edit user: only changed fields are sent; a blank password keeps the old one. */
export function EditUserDialog({ user, canGrantDeveloper, isSelf, onClose }: EditUserDialogProps) {
  const { save, isMutating, error, reset } = useSaveUser(onClose, userMessages.updated);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<EditForm, unknown, z.output<typeof updateUserSchema>>({
    resolver: zodResolver(updateUserSchema),
    defaultValues: { fullName: user.fullName, role: user.role, isActive: user.isActive, password: '' },
  });
  const roleChoices = canGrantDeveloper
    ? (['user', 'operator', 'developer'] as const)
    : (['user', 'operator'] as const);

  const onSubmit = handleSubmit(async (values) => {
    const body: UpdateUserInput = {};
    if (values.fullName !== undefined && values.fullName !== user.fullName) body.fullName = values.fullName;
    if (values.role !== undefined && values.role !== user.role) body.role = values.role;
    if (values.isActive !== undefined && values.isActive !== user.isActive) body.isActive = values.isActive;
    if (values.password) body.password = values.password;
    if (Object.keys(body).length === 0) return onClose();
    await save({ action: 'update', id: user.id, body });
  });

  return (
    <Modal open onClose={onClose} title={userMessages.edit} description={user.email} dismissible={!isMutating}>
      <form className={styles.form} onSubmit={onSubmit} noValidate aria-label={userMessages.edit}>
        <ErrorBox message={error ? errorMessage(error, userMessages.updateFailed) : null} onDismiss={() => reset()} />
        <TextField
          label="이름"
          requiredMark
          error={errors.fullName?.message}
          data-autofocus
          {...register('fullName')}
        />
        <div>
          <label className={styles.fieldLabel} htmlFor="edit-user-role">
            역할
          </label>
          <select id="edit-user-role" className={styles.select} disabled={isSelf} {...register('role')}>
            {roleChoices.map((r) => (
              <option key={r} value={r}>
                {roleLabels[r]}
              </option>
            ))}
          </select>
        </div>
        <label className={styles.toggle}>
          <input type="checkbox" disabled={isSelf} {...register('isActive')} />
          활성 계정
        </label>
        <TextField
          label="새 비밀번호"
          type="password"
          autoComplete="new-password"
          disabled={isSelf}
          hint={userMessages.passwordKeep}
          error={errors.password?.message}
          {...register('password')}
        />
        <div className={styles.actions}>
          <DialogActions onCancel={onClose} busy={isMutating} type="submit" loadingText="저장 중...">
            저장
          </DialogActions>
        </div>
      </form>
    </Modal>
  );
}
