import { createHash, randomBytes } from 'node:crypto';
import { JwtVerifier } from 'aws-jwt-verify/jwt-verifier';
import { tokenKey } from '../../adapters/token-key';
import { config } from '#commons/config';
import { accessMessages } from '#shared/messages/access';
import { normaliseRole, type Role } from '#shared/roles';
import { UnauthorizedError } from '#commons/errors';

export const ACCESS_TOKEN_SECONDS = 15 * 60;
export const REFRESH_FAMILY_SECONDS = 30 * 24 * 3600;
/**
 * Two tabs (or a tab and a retried request) may present the same refresh cookie at once: one rotates
 * it, the other arrives with a token that was just used. Within this many seconds of its first use a
 * used token rotates again inside the same family instead of counting as theft; later, reuse still
 * revokes the family. Kept short: it is also how long a copied token stays useful after its owner
 * used it. The successor cannot be handed out again (only its hash is stored), so a fresh one is issued.
 */
export const REFRESH_REUSE_GRACE_SECONDS = 10;
export const TOKEN_ISSUER = 'simple-slot';
/** How far the clocks of the signer and a verifier may disagree. */
const CLOCK_SKEW_SECONDS = 60;
// Never fetched: the verifier is handed our own JWKS with cacheJwks().
const JWKS_URI = 'https://simple-slot.invalid/.well-known/jwks.json';

/** Who is calling, as the access token says. */
export interface Caller {
  userId: string;
  role: Role;
  /** Refresh family of this session; switch-back revokes it. */
  sessionId: string;
  /** The developer acting as this user through user-switch. */
  actorId: string | null;
  /** The session may only enrol a second factor (RefreshFamily.enrolmentOnly): no socket, no staff push. */
  enrolmentOnly?: boolean;
}

let verifierCache: { key: string; verify: (token: string) => Promise<Record<string, unknown>> } | undefined;

/**
 * Verifying needs only the public key (token-key.ts): issuing lives in issue-access-token.ts, so the
 * signer stays in the auth function's bundle.
 */
async function verifier() {
  const signingKey = tokenKey();
  const audience = config().tokenAudience;
  const key = `${signingKey.kid}|${audience}`;
  if (verifierCache?.key === key) return verifierCache.verify;
  const v = JwtVerifier.create({
    issuer: TOKEN_ISSUER,
    audience,
    jwksUri: JWKS_URI,
    customJwtCheck: ({ payload }) => {
      if (payload.token_use !== 'access') throw new Error('not an access token');
      // aws-jwt-verify checks `exp` only when present: a token without one would never end.
      if (typeof payload.exp !== 'number') throw new Error('no expiry');
      // Signed with our key but made to last: no token of ours lives longer than an access token does.
      const longest = ACCESS_TOKEN_SECONDS + CLOCK_SKEW_SECONDS;
      if (typeof payload.iat !== 'number' || payload.exp - payload.iat > longest) throw new Error('lifetime too long');
      if (payload.exp - Date.now() / 1000 > longest) throw new Error('expiry too far ahead');
    },
  });
  v.cacheJwks({ keys: [(await signingKey.publicJwk()) as never] });
  verifierCache = { key, verify: (token) => v.verify(token) as Promise<Record<string, unknown>> };
  return verifierCache.verify;
}

/** Verifies signature, issuer, audience, expiry and token use; any failure is a 401. */
export async function verifyAccessToken(token: string): Promise<Caller> {
  try {
    const payload = await (await verifier())(token);
    return {
      userId: String(payload.sub),
      role: normaliseRole(String(payload.role)),
      sessionId: String(payload.sid ?? ''),
      actorId: payload.act ? String(payload.act) : null,
    };
  } catch {
    // Expired, tampered and wrong-audience tokens all read as an expired session to the user.
    throw new UnauthorizedError(accessMessages.sessionExpired);
  }
}

/** An opaque refresh token and the hash we store instead of it. */
export function newRefreshToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashRefreshToken(token) };
}

export const hashRefreshToken = (token: string) => createHash('sha256').update(token).digest('base64url');
