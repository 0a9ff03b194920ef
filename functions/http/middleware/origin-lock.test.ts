import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ORIGIN_VERIFY_HEADER, ORIGIN_VERIFY_SECRET_ENV } from '#shared/origin-lock';
import { commonMessages } from '#shared/messages/common';
import { settingsRoutes } from '#shared/contract/routes/settings';
import { pipeline } from '../../../test/support/api-pipeline';
import { originLock, resetOriginLock } from './origin-lock';

/** Secrets Manager has no local stand-in: its answers (and its outage) are mocked at the SDK. */
const secrets = mockClient(SecretsManagerClient);
const health = settingsRoutes[0];
let ran = 0;
const call = pipeline(settingsRoutes, [originLock], async () => {
  ran += 1;
  return { status: 200, body: { success: true, data: 'ran' } };
});

beforeEach(() => {
  resetOriginLock();
  secrets.reset();
  process.env[ORIGIN_VERIFY_SECRET_ENV] = 'arn:aws:secretsmanager:ap-northeast-2:000000000000:secret:origin';
  secrets.on(GetSecretValueCommand, { VersionStage: 'AWSCURRENT' }).resolves({ SecretString: 'edge-secret' });
  secrets
    .on(GetSecretValueCommand, { VersionStage: 'AWSPREVIOUS' })
    .rejects(Object.assign(new Error('no previous'), { name: 'ResourceNotFoundException' }));
});
afterEach(() => {
  delete process.env[ORIGIN_VERIFY_SECRET_ENV];
  resetOriginLock();
});

describe('originLock', () => {
  it('refuses a request without CloudFront’s secret header: 403 in Korean, the op not run', async () => {
    const before = ran;
    for (const headers of [{}, { [ORIGIN_VERIFY_HEADER]: 'guess' }] as Record<string, string>[]) {
      const res = await call({ route: health, headers });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ success: false, error: commonMessages.originRefused, code: 'FORBIDDEN' });
    }
    expect(ran).toBe(before);
  });

  it('passes a request that came through CloudFront', async () => {
    const res = await call({ route: health, headers: { [ORIGIN_VERIFY_HEADER]: 'edge-secret' } });
    expect(res.body).toEqual({ success: true, data: 'ran' });
  });

  it('answers 500 in the envelope when the secret cannot be read', async () => {
    secrets.reset();
    secrets.on(GetSecretValueCommand).rejects(Object.assign(new Error('denied'), { name: 'AccessDeniedException' }));
    const res = await call({ route: health, headers: { [ORIGIN_VERIFY_HEADER]: 'edge-secret' } });
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ success: false, error: commonMessages.internal, code: 'INTERNAL' });
  });

  it('is off without a configured secret (local mode)', async () => {
    delete process.env[ORIGIN_VERIFY_SECRET_ENV];
    expect((await call({ route: health })).status).toBe(200);
  });
});
