import { secondFactorMessages as m } from '#shared/messages/second-factor';
import { TextField } from '@/components/ui/text-field';

/** The authenticator app's 6-digit code, as enrolment and a step-up ask for it (the form reads `code`). */
export function CodeField({ error }: { error?: string }) {
  return (
    <TextField
      label={m.codeLabel}
      name="code"
      inputMode="numeric"
      autoComplete="one-time-code"
      placeholder="123456"
      requiredMark
      error={error}
    />
  );
}
