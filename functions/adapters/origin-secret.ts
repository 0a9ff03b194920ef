import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';

/**
 * The origin-lock secret's values as Secrets Manager holds them: the AWSCURRENT and, during a rotation,
 * the AWSPREVIOUS version. Only the HTTP pipeline's origin lock reads it (and decides how long to trust
 * what it read).
 */
let client: SecretsManagerClient | undefined;

async function readVersion(secretId: string, stage: 'AWSCURRENT' | 'AWSPREVIOUS'): Promise<string | undefined> {
  client ??= new SecretsManagerClient({});
  try {
    const out = await client.send(new GetSecretValueCommand({ SecretId: secretId, VersionStage: stage }));
    return out.SecretString || undefined;
  } catch (err) {
    // A secret that was never rotated has no AWSPREVIOUS version.
    if (stage === 'AWSPREVIOUS' && (err as Error).name === 'ResourceNotFoundException') return undefined;
    throw err;
  }
}

/** Every value a request may present today (one, or two while a rotation reaches CloudFront's edges). */
export async function originSecretValues(secretId: string): Promise<string[]> {
  const values = await Promise.all([readVersion(secretId, 'AWSCURRENT'), readVersion(secretId, 'AWSPREVIOUS')]);
  return values.filter((v): v is string => !!v);
}
