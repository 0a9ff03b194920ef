import { useState, type FormEvent } from 'react';
import { secondFactorMessages as m } from '#shared/messages/second-factor';
import { errorMessage } from '@/lib/api-client';
import { loadSecondFactorSchemas } from '../api/second-factor';

/**
 * A form of one code (an authenticator code or a recovery code): the field is checked with the
 * server's schema before anything is sent, and the server's refusal is shown in `failure`.
 */
export function useCodeForm(opts: {
  field: 'code' | 'recoveryCode';
  schema: 'totpCodeSchema' | 'recoveryCodeSchema';
  send: (value: string) => Promise<void>;
  /** What a refusal says when the server gave no text. */
  refused: string;
}) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | undefined>();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // Read before any await: React's event has let go of its form by then.
    const value = String(new FormData(event.currentTarget).get(opts.field) ?? '');
    const parsed = (await loadSecondFactorSchemas())[opts.schema].safeParse(value);
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message ?? m.codeFormat);
      return;
    }
    setFieldError(undefined);
    setBusy(true);
    setFailure(null);
    try {
      await opts.send(parsed.data);
    } catch (e) {
      setFailure(errorMessage(e, opts.refused));
    } finally {
      setBusy(false);
    }
  };

  return { submit, busy, setBusy, failure, setFailure, fieldError };
}
