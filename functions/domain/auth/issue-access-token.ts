import { randomUUID } from 'node:crypto';
import { tokenSigner } from '../../adapters/token-signer';
import { config } from '#commons/config';
import { ACCESS_TOKEN_SECONDS, TOKEN_ISSUER, type Caller } from './tokens';

const b64url = (value: Buffer | string) => Buffer.from(value).toString('base64url');

/** Issuing an access token: only the auth function signs (tokens.ts verifies, in every function). */
export async function issueAccessToken(caller: Caller): Promise<string> {
  const signer = tokenSigner();
  const now = Math.floor(Date.now() / 1000);
  const header = { alg: 'RS256', typ: 'JWT', kid: signer.kid };
  const payload = {
    iss: TOKEN_ISSUER,
    aud: config().tokenAudience,
    sub: caller.userId,
    role: caller.role,
    token_use: 'access',
    sid: caller.sessionId,
    ...(caller.actorId ? { act: caller.actorId } : {}),
    iat: now,
    exp: now + ACCESS_TOKEN_SECONDS,
    jti: randomUUID(),
  };
  const signingInput = `${b64url(JSON.stringify(header))}.${b64url(JSON.stringify(payload))}`;
  const signature = await signer.sign(signingInput);
  return `${signingInput}.${b64url(signature)}`;
}
