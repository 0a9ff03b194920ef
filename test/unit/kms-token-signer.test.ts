import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { generateKeyPairSync, sign } from 'node:crypto';
import { mockClient } from 'aws-sdk-client-mock';
import { GetPublicKeyCommand, KMSClient, SignCommand } from '@aws-sdk/client-kms';
import { verifyAccessToken } from '../../functions/domain/auth/tokens';
import { issueAccessToken } from '../../functions/domain/auth/issue-access-token';

/**
 * On AWS an asymmetric KMS key signs access tokens. KMS itself cannot run here, so its two calls are
 * mocked — but the mock signs with a real RSA key and returns the real DER public key, so what is
 * tested is ours: the JWT encoding, the DER → JWK conversion and verification with aws-jwt-verify.
 */
const kms = mockClient(KMSClient);
// Both keys while the file loads, not inside a test: finding RSA primes takes a random time, on a
// loaded machine a second or more, and the unit tests have 5 s each. The modules read their
// configuration on each call (set below), so they are imported once, above, for the same reason.
const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const forger = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
const envBefore = { ...process.env };

beforeEach(() => {
  kms.reset();
  Object.assign(process.env, {
    TABLE_NAME: 'unused',
    SIGNING_KEY_SOURCE: 'kms',
    SIGNING_KEY_ID: 'arn:aws:kms:ap-northeast-2:111122223333:key/test',
    TOKEN_AUDIENCE: 'simple-slot-test',
  });
  kms.on(SignCommand).callsFake((input) => {
    expect(input.SigningAlgorithm).toBe('RSASSA_PKCS1_V1_5_SHA_256');
    expect(input.MessageType).toBe('RAW');
    return { Signature: sign('RSA-SHA256', Buffer.from(input.Message), privateKey) };
  });
  kms.on(GetPublicKeyCommand).resolves({ PublicKey: publicKey.export({ type: 'spki', format: 'der' }) });
});
// The unit files share a worker: the next file sees the environment it started with.
afterAll(() => {
  for (const name of ['TABLE_NAME', 'SIGNING_KEY_SOURCE', 'SIGNING_KEY_ID', 'TOKEN_AUDIENCE'])
    if (envBefore[name] === undefined) delete process.env[name];
    else process.env[name] = envBefore[name];
  kms.restore();
});

describe('KMS token signing', () => {
  it('issues tokens that verify, carrying role, session and acting developer', async () => {
    const caller = { userId: 'u1', role: 'user' as const, sessionId: 'fam-1', actorId: 'dev-1' };
    const token = await issueAccessToken(caller);
    expect(JSON.parse(Buffer.from(token.split('.')[0], 'base64url').toString())).toMatchObject({
      alg: 'RS256',
      kid: process.env.SIGNING_KEY_ID,
    });
    await expect(verifyAccessToken(token)).resolves.toEqual(caller);
  });

  it('rejects a token whose signature KMS did not make', async () => {
    const token = await issueAccessToken({ userId: 'u1', role: 'user', sessionId: 'fam-1', actorId: null });
    const [h, p] = token.split('.');
    const forged = `${h}.${p}.${sign('RSA-SHA256', Buffer.from(`${h}.${p}`), forger).toString('base64url')}`;
    await expect(verifyAccessToken(forged)).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });
});
