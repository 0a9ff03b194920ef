import { workQueueUrlEnv, type WorkQueueName } from '#shared/work-queues';

/**
 * Runtime configuration, read from the environment at call time (tests and the local runtime set
 * it per table). The CDK stacks and the local runtime set exactly these names.
 */
export interface RuntimeConfig {
  stage: string;
  tableName: string;
  /** DynamoDB Local endpoint; unset on AWS. */
  dynamodbEndpoint?: string;
  region: string;
  /** `kms`: an asymmetric KMS key signs tokens (AWS); `file`: a PEM under DATA_DIR (local). */
  signingKeySource: 'kms' | 'file';
  signingKeyId?: string;
  signingKeyFile?: string;
  tokenAudience: string;
  /** API Gateway management endpoint for WebSocket pushes (local: the `@connections` endpoint). */
  websocketEndpoint?: string;
  /** Origins allowed to open the WebSocket (comma-separated; empty = any, local only). */
  allowedOrigins: string[];
  /** `true` in local mode: enables /_local routes and drops the refresh cookie's Secure (plain http on a LAN address). */
  local: boolean;
  /**
   * How long a global secondary index may trail the table after a write: DynamoDB Local updates
   * indexes synchronously (0); on AWS they are eventually consistent (a 2 s allowance).
   */
  indexLagMs: number;
  /** Announcement images: the S3 bucket on AWS (served at /media/* by CloudFront) … */
  mediaBucket?: string;
  /** … or a directory in local mode (DATA_DIR/media, served at /media/* by the local server). */
  mediaDir?: string;
  /** Work queues (infra/work-queues.ts): the SQS endpoint in local mode (infra/local/work-queues.ts); unset on AWS. */
  workQueueEndpoint?: string;
}

export { workQueueUrlEnv } from '#shared/work-queues';

export function config(): RuntimeConfig {
  const env = process.env;
  const stage = env.STAGE ?? 'local';
  return {
    stage,
    tableName: required('TABLE_NAME'),
    dynamodbEndpoint: env.DYNAMODB_ENDPOINT || undefined,
    region: env.AWS_REGION ?? env.AWS_DEFAULT_REGION ?? 'ap-northeast-2',
    signingKeySource: env.SIGNING_KEY_SOURCE === 'kms' ? 'kms' : 'file',
    signingKeyId: env.SIGNING_KEY_ID || undefined,
    signingKeyFile: env.SIGNING_KEY_FILE || undefined,
    tokenAudience: env.TOKEN_AUDIENCE ?? `simple-slot-${stage}`,
    websocketEndpoint: env.WS_MANAGEMENT_ENDPOINT || undefined,
    allowedOrigins: (env.ALLOWED_ORIGINS ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    local: env.SIMPLE_SLOT_LOCAL === '1',
    indexLagMs: env.DYNAMODB_ENDPOINT ? 0 : 2000,
    mediaBucket: env.MEDIA_BUCKET || undefined,
    mediaDir: env.MEDIA_DIR || undefined,
    workQueueEndpoint: env.WORK_QUEUE_ENDPOINT || undefined,
  };
}

/**
 * A work queue's URL, from `WORK_QUEUE_URL_<NAME>`, read only by a function that sends to that queue:
 * the stacks set it only there (the deploy rehearsal fails a read of a variable the template lacks),
 * and enumerating process.env on every config() call cost ~0.5 ms per store call and socket post.
 */
export const workQueueUrl = (name: WorkQueueName): string | undefined =>
  process.env[workQueueUrlEnv(name)] || undefined;

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`Missing environment variable ${name}`);
  return value;
}
