import { deferred, z } from '../zod';
import { secondFactorMessages as m } from '../messages/second-factor';

/** Six digits from the authenticator app; spaces people type between the halves are ignored. */
export const totpCodeSchema = deferred(() =>
  z.string({ error: m.codeFormat }).check(
    z.overwrite((v) => v.replace(/\s+/g, '')),
    z.regex(/^\d{6}$/, m.codeFormat),
  ),
);

/** A recovery code as shown (`abcde-fghij`); case, spaces and hyphens are forgiven. */
export const recoveryCodeSchema = deferred(() =>
  z.string({ error: m.recoveryCodeFormat }).check(
    z.overwrite((v) => v.replace(/[\s-]+/g, '').toLowerCase()),
    z.regex(/^[a-z0-9]{10}$/, m.recoveryCodeFormat),
  ),
);

export const codeBodySchema = deferred(() => z.object({ code: totpCodeSchema }));
export type CodeBody = z.infer<typeof codeBodySchema>;

export const recoveryBodySchema = deferred(() => z.object({ recoveryCode: recoveryCodeSchema }));
export type RecoveryBody = z.infer<typeof recoveryBodySchema>;

/** The sign-in's second step: the challenge the password step answered, and a code or a recovery code. */
export const loginSecondFactorSchema = deferred(() =>
  z
    .object({
      challenge: z.string().check(z.minLength(1, m.challengeExpired), z.maxLength(200)),
      code: z.optional(totpCodeSchema),
      recoveryCode: z.optional(recoveryCodeSchema),
    })
    .check(
      z.refine((v) => (v.code === undefined) !== (v.recoveryCode === undefined), {
        error: m.codeOrRecoveryRequired,
        path: ['code'],
      }),
    ),
);
export type LoginSecondFactorInput = z.infer<typeof loginSecondFactorSchema>;

/** What the password step answers when the account has a second factor: no tokens yet. */
export interface SecondFactorChallenge {
  secondFactorRequired: true;
  /** Opaque, single-use, good for `expiresIn` seconds. */
  challenge: string;
  expiresIn: number;
}

/** GET /api/auth/second-factor: the caller's own factor. */
export interface SecondFactorStatus {
  enrolled: boolean;
  /** The caller's role must have one (staff while the setting is on). */
  required: boolean;
  enrolledAt: string | null;
  recoveryCodesLeft: number;
}

/** The start of an enrolment: the secret, for the QR code and for typing it in by hand. */
export interface SecondFactorEnrolment {
  secret: string;
  otpauthUri: string;
}

export const RECOVERY_CODE_COUNT = 10;
/** Switching user and changing security settings ask for a code when the session's last one is older. */
export const STEP_UP_SECONDS = 15 * 60;
