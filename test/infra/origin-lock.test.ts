import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ORIGIN_VERIFY_HEADER, ORIGIN_VERIFY_SECRET_ENV } from '#shared/origin-lock';
import { originAllowed, resetOriginLock } from '../../functions/http/middleware/origin-lock';

/** The handler side of the origin lock (the CloudFront side is in stacks.test.ts). */
const secrets = mockClient(SecretsManagerClient);
const ARN = 'arn:aws:secretsmanager:ap-northeast-2:123456789012:secret:origin-abc';

function versions(current: string, previous?: string) {
  secrets.reset();
  secrets.on(GetSecretValueCommand, { SecretId: ARN, VersionStage: 'AWSCURRENT' }).resolves({ SecretString: current });
  if (previous)
    secrets
      .on(GetSecretValueCommand, { SecretId: ARN, VersionStage: 'AWSPREVIOUS' })
      .resolves({ SecretString: previous });
  else
    secrets
      .on(GetSecretValueCommand, { SecretId: ARN, VersionStage: 'AWSPREVIOUS' })
      .rejects(Object.assign(new Error('no previous'), { name: 'ResourceNotFoundException' }));
}

const through = (value?: string) => (value === undefined ? {} : { [ORIGIN_VERIFY_HEADER]: value });

describe('origin lock', () => {
  beforeEach(() => resetOriginLock());
  afterEach(() => {
    delete process.env[ORIGIN_VERIFY_SECRET_ENV];
    secrets.reset();
  });

  it('is off when no secret is configured (local mode: no CloudFront in front)', async () => {
    delete process.env[ORIGIN_VERIFY_SECRET_ENV];
    expect(await originAllowed(through())).toBe(true);
    expect(secrets.calls()).toHaveLength(0);
  });

  it('refuses a request without the header or with a wrong value', async () => {
    process.env[ORIGIN_VERIFY_SECRET_ENV] = ARN;
    versions('current-value');
    expect(await originAllowed(through())).toBe(false);
    expect(await originAllowed(through('guess'))).toBe(false);
    expect(await originAllowed(through('current-valuE'))).toBe(false);
  });

  it('accepts the current and, during a rotation, the previous value', async () => {
    process.env[ORIGIN_VERIFY_SECRET_ENV] = ARN;
    versions('new-value', 'old-value');
    expect(await originAllowed(through('new-value'))).toBe(true);
    expect(await originAllowed(through('old-value'))).toBe(true);
    expect(await originAllowed(through('older-value'))).toBe(false);
  });

  it('picks up a rotated value without waiting for the cache to expire', async () => {
    process.env[ORIGIN_VERIFY_SECRET_ENV] = ARN;
    const t0 = 1_000_000;
    versions('v1');
    expect(await originAllowed(through('v1'), t0)).toBe(true);
    versions('v2', 'v1');
    // An unknown value re-reads the secret (at most every 30 s).
    expect(await originAllowed(through('v2'), t0 + 31_000)).toBe(true);
    expect(await originAllowed(through('v1'), t0 + 32_000)).toBe(true);
  });

  it('makes an API handler answer 403 in the error envelope before running the op', async () => {
    process.env[ORIGIN_VERIFY_SECRET_ENV] = ARN;
    process.env.POWERTOOLS_LOG_LEVEL ??= 'SILENT';
    versions('current-value');
    const { handler } = await import('../../functions/api/settings');
    const event = (headers: Record<string, string>) =>
      ({
        version: '2.0',
        routeKey: 'GET /api/system-settings/key/{key}',
        rawPath: '/api/system-settings/key/nope',
        rawQueryString: '',
        headers,
        pathParameters: { key: 'nope' },
        requestContext: {
          requestId: 'r1',
          http: { method: 'GET', path: '/', sourceIp: '198.51.100.1', userAgent: 't' },
        },
        isBase64Encoded: false,
      }) as never;
    const context = { awsRequestId: 'r1', functionName: 'settings', getRemainingTimeInMillis: () => 5000 } as never;

    const refused = (await handler(event({}), context)) as { statusCode: number; body: string };
    expect(refused.statusCode).toBe(403);
    expect(JSON.parse(refused.body)).toMatchObject({ success: false, code: 'FORBIDDEN' });

    // With CloudFront's header the request reaches the op (an unknown setting key: 404, no table needed).
    const passed = (await handler(event({ [ORIGIN_VERIFY_HEADER]: 'current-value' }), context)) as {
      statusCode: number;
    };
    expect(passed.statusCode).toBe(404);
  });
});
