import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { workQueueUrlEnv } from '../../functions/commons/config';
import { workQueues } from '../work-queues';

/**
 * The environment the handlers read (functions/config.ts), set the way the CDK stacks set it on
 * AWS but pointing at DynamoDB Local, a PEM signing key and the local @connections endpoint.
 */
export function applyLocalEnvironment(opts: {
  dataDir: string;
  tableName: string;
  dynamoEndpoint: string;
  port: number;
}) {
  Object.assign(process.env, {
    STAGE: 'local',
    SIMPLE_SLOT_LOCAL: '1',
    TABLE_NAME: opts.tableName,
    DYNAMODB_ENDPOINT: opts.dynamoEndpoint,
    AWS_REGION: process.env.AWS_REGION ?? 'ap-northeast-2',
    SIGNING_KEY_SOURCE: 'file',
    SIGNING_KEY_FILE: join(opts.dataDir, 'jwt-signing-key.pem'),
    // Announcement images: stored and served here instead of S3 + CloudFront (functions/adapters/media-store.ts).
    MEDIA_DIR: join(opts.dataDir, 'media'),
    MEDIA_LOCAL_SECRET: process.env.MEDIA_LOCAL_SECRET ?? randomBytes(32).toString('hex'),
    TOKEN_AUDIENCE: 'simple-slot-local',
    WS_MANAGEMENT_ENDPOINT: `http://127.0.0.1:${opts.port}/_local/ws`,
    // Work queues: the in-process queues of infra/local/work-queues.ts, reached through the SQS client.
    WORK_QUEUE_ENDPOINT: `http://127.0.0.1:${opts.port}/_local/sqs`,
    ...Object.fromEntries(
      workQueues.map((q) => [workQueueUrlEnv(q.name), `http://127.0.0.1:${opts.port}/_local/sqs/${q.name}`]),
    ),
    POWERTOOLS_SERVICE_NAME: process.env.POWERTOOLS_SERVICE_NAME ?? 'simple-slot-local',
    // No CloudWatch reads the metric lines here; one per request would drown the server's output.
    POWERTOOLS_METRICS_DISABLED: process.env.POWERTOOLS_METRICS_DISABLED ?? 'true',
    // The SDK must never reach for real AWS credentials in local mode.
    AWS_ACCESS_KEY_ID: 'local',
    AWS_SECRET_ACCESS_KEY: 'local',
    // Lambda runs Node 22; a local Node 20 would make the SDK warn on every start.
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED:
      process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ?? 'true',
  });
}

/** Documented in the README: the developer account a fresh local table gets. */
export const localDefaults = {
  port: 3000,
  dataDir: '.data',
  tableName: 'simple-slot-local',
  developerId: 'developer',
  developerPassword: 'developer123!',
};
