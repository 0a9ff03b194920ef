import { deferred, z } from '../zod';

/** DELETE /api/auth/sessions/{id}: the session id of the list (its refresh family). */
export const sessionIdParamSchema = deferred(() =>
  z.object({ id: z.string().check(z.trim(), z.minLength(1), z.maxLength(100)) }),
);

/** One live session of the caller's account, as 내 정보 lists it. */
export interface SessionDto {
  id: string;
  /** The browser's User-Agent at sign-in (cut at 512 characters); the SPA names the device from it. */
  userAgent: string;
  /** The latest known address: the last refresh's, else the sign-in's. */
  ip: string | null;
  signedInAt: string;
  /** The last token refresh (rotation), null before the first one; not every API call. */
  lastUsedAt: string | null;
  expiresAt: string;
  /** The session this request came with. */
  current: boolean;
  /** A developer holds it while acting as this account (user-switch). */
  developerSwitch: boolean;
}

export interface EndedSessions {
  ended: number;
}
