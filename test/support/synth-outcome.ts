import { existsSync, readFileSync } from 'node:fs';
import { inject } from 'vitest';

export interface SynthOutcome {
  stderr: string;
  /** Empty when the synth succeeded. */
  error: string;
}

/**
 * The run's one `cdk synth` (test/support/synth-global-setup.ts), once it has ended: it runs in the
 * background while the other tests start. Waits for at most as long as the synth may take.
 */
export async function synthOutcome(timeoutMs = 200_000): Promise<SynthOutcome> {
  const file = inject('synthOutcomeFile');
  const deadline = Date.now() + timeoutMs;
  while (!existsSync(file)) {
    if (Date.now() > deadline) throw new Error(`cdk synth did not end within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return JSON.parse(readFileSync(file, 'utf8')) as SynthOutcome;
}
