import { useState, type FormEvent } from 'react';
import { authMessages } from '#shared/messages/auth';
import { secondFactorMessages as m } from '#shared/messages/second-factor';
import { Button } from '@/components/ui/button';
import { ErrorBox } from '@/components/ui/alert';
import { TextField } from '@/components/ui/text-field';
import { errorMessage } from '@/lib/api-client';
import type { Session } from '@/lib/session-store';
import { loadSecondFactorSchemas, useLoginSecondFactor, type SecondFactorChallenge } from '../api/login';
import styles from './login-page.module.css';

interface SecondFactorStepProps {
  challenge: SecondFactorChallenge;
  onSuccess: (session: Session) => void;
  /** Back to the id and password (a new challenge). */
  onRestart: () => void;
}

/** After the right password: the 6-digit code from the authenticator app, or one recovery code. */
export function SecondFactorStep({ challenge, onSuccess, onRestart }: SecondFactorStepProps) {
  const { trigger, isMutating, error, reset } = useLoginSecondFactor();
  const [useRecovery, setUseRecovery] = useState(false);
  const [fieldError, setFieldError] = useState<string | undefined>();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = String(new FormData(event.currentTarget).get('secondFactor') ?? '');
    const schemas = await loadSecondFactorSchemas();
    const parsed = (useRecovery ? schemas.recoveryCodeSchema : schemas.totpCodeSchema).safeParse(value);
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message);
      return;
    }
    setFieldError(undefined);
    try {
      onSuccess(
        await trigger({
          challenge: challenge.challenge,
          ...(useRecovery ? { recoveryCode: parsed.data } : { code: parsed.data }),
        }),
      );
    } catch {
      // Shown from the hook's error state below.
    }
  };

  return (
    <form className={styles.form} onSubmit={(event) => void onSubmit(event)} noValidate>
      <p>
        {useRecovery
          ? '인증 앱을 쓸 수 없으면 보관해 둔 복구 코드 하나를 입력하세요. 한 번 쓴 복구 코드는 다시 쓸 수 없습니다.'
          : '인증 앱에 표시된 6자리 코드를 입력하세요.'}
      </p>
      <ErrorBox message={error ? errorMessage(error, authMessages.loginError) : null} onDismiss={() => reset()} />
      <TextField
        key={useRecovery ? 'recovery' : 'code'}
        label={useRecovery ? m.recoveryCodeLabel : m.codeLabel}
        name="secondFactor"
        inputMode={useRecovery ? 'text' : 'numeric'}
        autoComplete="one-time-code"
        autoCapitalize="none"
        spellCheck={false}
        placeholder={useRecovery ? 'abcde-fghij' : '123456'}
        requiredMark
        // eslint-disable-next-line jsx-a11y/no-autofocus -- the code is the step's only task, right after the password
        autoFocus
        error={fieldError}
      />
      <Button type="submit" size="lg" fullWidth loading={isMutating} loadingText="확인 중...">
        확인
      </Button>
      <Button
        variant="ghost"
        fullWidth
        onClick={() => {
          setUseRecovery(!useRecovery);
          setFieldError(undefined);
          reset();
        }}
      >
        {useRecovery ? '인증 앱 코드로 로그인' : '복구 코드로 로그인'}
      </Button>
      <Button variant="ghost" fullWidth onClick={onRestart}>
        처음부터 다시 로그인
      </Button>
    </form>
  );
}
