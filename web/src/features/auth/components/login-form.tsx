import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { authMessages } from '#shared/messages/auth';
import { Button } from '@/components/ui/button';
import { ErrorBox } from '@/components/ui/alert';
import { TextField } from '@/components/ui/text-field';
import { errorMessage } from '@/lib/api-client';
import type { Session } from '@/lib/session-store';
import { loginSchema, useLogin, type LoginInput } from '../api/login';
import styles from './login-page.module.css';

interface LoginFormProps {
  onSuccess: (session: Session) => void;
  /** Theme preview: the form looks real but never calls the server. */
  preview?: boolean;
}

export function LoginForm({ onSuccess, preview = false }: LoginFormProps) {
  const { trigger, isMutating, error, reset } = useLogin();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<LoginInput>({ resolver: zodResolver(loginSchema), defaultValues: { email: '', password: '' } });

  const onSubmit = handleSubmit(async (values) => {
    if (preview) return;
    try {
      onSuccess(await trigger(values));
    } catch {
      // Shown from the hook's error state below.
    }
  });

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      <ErrorBox message={error ? errorMessage(error, authMessages.loginError) : null} onDismiss={() => reset()} />
      <TextField
        label="아이디"
        type="text"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        placeholder="아이디를 입력하세요"
        requiredMark
        autoFocus
        error={errors.email?.message}
        {...register('email')}
      />
      <TextField
        label="비밀번호"
        type="password"
        autoComplete="current-password"
        placeholder="비밀번호를 입력하세요"
        requiredMark
        error={errors.password?.message}
        {...register('password')}
      />
      <Button type="submit" size="lg" fullWidth loading={isMutating} loadingText="로그인 중...">
        로그인
      </Button>
    </form>
  );
}
