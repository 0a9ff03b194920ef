import { useEffect, useRef, useState, type FormEvent } from 'react';
import { secondFactorMessages as m } from '#shared/messages/second-factor';
import { ErrorBox } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { errorMessage, setStepUpPrompt } from '@/lib/api-client';
import { loadSecondFactorSchemas, stepUp } from '../api/second-factor';
import { CodeField } from './code-field';

/**
 * Mounted once by the app: when a dangerous act (switching user, a security setting, resetting
 * someone's factor) answers `STEP_UP_REQUIRED`, this asks for a fresh code; once accepted, the HTTP
 * client sends the act again.
 */
export function StepUpPrompt() {
  const [open, setOpen] = useState(false);
  const settle = useRef<((ok: boolean) => void) | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    setStepUpPrompt(
      () =>
        new Promise<boolean>((resolve) => {
          settle.current = resolve;
          setFailure(null);
          setOpen(true);
        }),
    );
    return () => setStepUpPrompt(null);
  }, []);

  const finish = (ok: boolean) => {
    setOpen(false);
    settle.current?.(ok);
    settle.current = null;
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // Read before any await: React's event has let go of its form by then.
    const value = String(new FormData(event.currentTarget).get('code') ?? '');
    const parsed = (await loadSecondFactorSchemas()).totpCodeSchema.safeParse(value);
    if (!parsed.success) {
      setFailure(parsed.error.issues[0]?.message ?? m.codeFormat);
      return;
    }
    setBusy(true);
    try {
      await stepUp(parsed.data);
      finish(true);
    } catch (e) {
      setFailure(errorMessage(e, m.codeWrong));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal open={open} onClose={() => finish(false)} title="인증 코드 확인" description={m.stepUpRequired} size="sm">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <ErrorBox message={failure} onDismiss={() => setFailure(null)} />
        <CodeField />
        <Button type="submit" loading={busy} loadingText="확인 중..." fullWidth>
          확인
        </Button>
      </form>
    </Modal>
  );
}
