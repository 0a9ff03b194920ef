import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { bootstrap } from '../domain/bootstrap';
import { logger } from '#commons/logger';

/**
 * Runs after each deployment (a CloudFormation custom resource through the CDK Provider framework):
 * creates the developer account from BOOTSTRAP_DEVELOPER_ID and the password in BOOTSTRAP_SECRET_ARN.
 */
export async function handler(event: { RequestType?: string; PhysicalResourceId?: string }) {
  const physicalId = event.PhysicalResourceId ?? 'simple-slot-bootstrap';
  if (event.RequestType === 'Delete') return { PhysicalResourceId: physicalId };
  const loginId = process.env.BOOTSTRAP_DEVELOPER_ID ?? 'developer';
  const secretArn = process.env.BOOTSTRAP_SECRET_ARN;
  if (!secretArn) throw new Error('BOOTSTRAP_SECRET_ARN is not set');
  const secret = await new SecretsManagerClient({}).send(new GetSecretValueCommand({ SecretId: secretArn }));
  const result = await bootstrap({ loginId, password: secret.SecretString ?? '' });
  logger.info('bootstrap finished', result);
  return { PhysicalResourceId: physicalId, Data: result };
}
