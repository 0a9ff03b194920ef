import { createHash, randomInt } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import { RECOVERY_CODE_COUNT } from '#shared/schemas/second-factor';

/**
 * TOTP (RFC 6238: SHA-1, 6 digits, 30 s, what every authenticator app reads from a QR code) and the
 * recovery codes. A code one step either side of now is accepted (a phone's clock drifts); a step
 * at or before the last accepted one is refused, so a code works once.
 */
export const newTotpSecret = (): string => generateSecret({ length: 20 });

export const otpauthUri = (issuer: string, label: string, secret: string): string =>
  generateURI({ issuer, label, secret });

export type CodeCheck = { valid: true; step: number } | { valid: false; reused: boolean };

export async function checkTotp(secret: string, code: string, lastStep: number | null): Promise<CodeCheck> {
  const base = { secret, token: code, epochTolerance: 30 } as const;
  const result = await verify(lastStep === null ? base : { ...base, afterTimeStep: lastStep });
  if (result.valid) return { valid: true, step: (result as { timeStep: number }).timeStep };
  // Right code, already spent: say so, so the person waits for the next one instead of retyping.
  const reused = lastStep !== null && (await verify(base)).valid;
  return { valid: false, reused };
}

// No 0/o, 1/l/i: read off a sheet of paper without doubt.
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Ten codes of ten characters (about 49 bits each), shown as `abcde-fghij`. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const raw = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
    return `${raw.slice(0, 5)}-${raw.slice(5)}`;
  });
}

/** What is stored instead of a recovery code: salted with the user id, so equal codes hash apart. */
export const hashRecoveryCode = (userId: string, code: string): string =>
  createHash('sha256')
    .update(`${userId}:${code.replace(/[\s-]+/g, '').toLowerCase()}`)
    .digest('base64url');
