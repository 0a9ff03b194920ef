import { useState, type FormEvent } from 'react';
import { authMessages } from '#shared/messages/auth';
import { Button } from '@/components/ui/button';
import { ErrorBox } from '@/components/ui/alert';
import { TextField } from '@/components/ui/text-field';
import { errorMessage } from '@/lib/api-client';
import type { Session } from '@/lib/session-store';
import { loadLoginSchema, useLogin, type LoginInput, type SecondFactorChallenge } from '../api/login';
import { SecondFactorStep } from './second-factor-step';
import styles from './login-page.module.css';

interface LoginFormProps {
  onSuccess: (session: Session) => void;
  /** Theme preview: the form looks real but never calls the server. */
  preview?: boolean;
}

/**
 * Two fields, no form library (the sign-in page is every visitor's first load): the values are read
 * from the form on submit and checked with the server's own schema, as a form library would.
 */
export function LoginForm({ onSuccess, preview = false }: LoginFormProps) {
  const { trigger, isMutating, error, reset } = useLogin();
  const [errors, setErrors] = useState<Partial<Record<keyof LoginInput, string>>>({});
  const [challenge, setChallenge] = useState<SecondFactorChallenge | null>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (preview) return;
    const form = event.currentTarget;
    const values = Object.fromEntries(new FormData(form));
    const parsed = (await loadLoginSchema()).safeParse(values);
    if (!parsed.success) {
      const found: Partial<Record<keyof LoginInput, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof LoginInput;
        found[field] ??= issue.message;
      }
      setErrors(found);
      (form.elements.namedItem(found.email ? 'email' : 'password') as HTMLInputElement | null)?.focus();
      return;
    }
    setErrors({});
    try {
      const outcome = await trigger(parsed.data);
      if ('session' in outcome) onSuccess(outcome.session);
      else setChallenge(outcome.challenge);
    } catch {
      // Shown from the hook's error state below.
    }
  };

  if (challenge)
    return (
      <SecondFactorStep
        challenge={challenge}
        onSuccess={onSuccess}
        onRestart={() => {
          reset();
          setChallenge(null);
        }}
      />
    );

  return (
    <form className={styles.form} onSubmit={(event) => void onSubmit(event)} noValidate>
      <ErrorBox message={error ? errorMessage(error, authMessages.loginError) : null} onDismiss={() => reset()} />
      <TextField
        label="아이디"
        type="text"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        placeholder="아이디를 입력하세요"
        requiredMark
        // eslint-disable-next-line jsx-a11y/no-autofocus -- signing in is the page's only task; its notice above is a role=alert, announced anyway
        autoFocus
        name="email"
        error={errors.email}
      />
      <TextField
        label="비밀번호"
        type="password"
        autoComplete="current-password"
        placeholder="비밀번호를 입력하세요"
        requiredMark
        name="password"
        error={errors.password}
      />
      <Button type="submit" size="lg" fullWidth loading={isMutating} loadingText="로그인 중...">
        로그인
      </Button>
    </form>
  );
}
