/**
 * Settings by use: which environment variables a bundle may read without its template entry
 * setting them. Anything else it reads and lacks fails the rehearsal with the variable's name.
 */

/** What the Lambda Node.js runtime sets in every execution environment (the template does not). */
export function lambdaRuntimeEnvironment(fn: {
  functionName: string;
  memoryMb: number;
  region: string;
  handler: string;
}): Record<string, string> {
  return {
    AWS_REGION: fn.region,
    AWS_DEFAULT_REGION: fn.region,
    AWS_EXECUTION_ENV: 'AWS_Lambda_nodejs22.x',
    AWS_LAMBDA_FUNCTION_NAME: fn.functionName,
    AWS_LAMBDA_FUNCTION_MEMORY_SIZE: String(fn.memoryMb),
    AWS_LAMBDA_FUNCTION_VERSION: '$LATEST',
    AWS_LAMBDA_INITIALIZATION_TYPE: 'on-demand',
    AWS_LAMBDA_LOG_GROUP_NAME: `/aws/lambda/${fn.functionName}`,
    AWS_LAMBDA_LOG_STREAM_NAME: 'rehearsal',
    AWS_LAMBDA_RUNTIME_API: '127.0.0.1:9001',
    // The execution role's session credentials (stand-ins: nothing here reaches AWS).
    AWS_ACCESS_KEY_ID: 'ASIAREHEARSAL',
    AWS_SECRET_ACCESS_KEY: 'rehearsal',
    AWS_SESSION_TOKEN: 'rehearsal',
    AWS_XRAY_CONTEXT_MISSING: 'LOG_ERROR',
    AWS_XRAY_DAEMON_ADDRESS: '169.254.79.129:2000',
    _AWS_XRAY_DAEMON_ADDRESS: '169.254.79.129',
    _AWS_XRAY_DAEMON_PORT: '2000',
    _X_AMZN_TRACE_ID: 'Root=1-00000000-000000000000000000000000;Parent=0000000000000000;Sampled=0',
    _HANDLER: fn.handler,
    LAMBDA_TASK_ROOT: '/var/task',
    LAMBDA_RUNTIME_DIR: '/var/runtime',
    LANG: 'en_US.UTF-8',
    TZ: ':UTC',
    PATH: '/var/lang/bin:/usr/local/bin:/usr/bin/:/bin:/opt/bin',
    LD_LIBRARY_PATH: '/var/lang/lib:/lib64:/usr/lib64:/var/runtime:/var/runtime/lib:/var/task:/var/task/lib:/opt/lib',
    NODE_PATH: '/opt/nodejs/node22/node_modules:/opt/nodejs/node_modules:/var/runtime/node_modules',
  };
}

/**
 * Variables the code reads and may find unset in the cloud, each with why. A name here never fails
 * the check; keep the list short, since each entry is a variable a template could forget unnoticed.
 */
const CLOUD_OPTIONAL_SETTINGS: Record<string, string> = {
  DYNAMODB_ENDPOINT: 'local mode only: DynamoDB Local (functions/commons/config.ts)',
  SIGNING_KEY_FILE: 'local mode only: the PEM signing key (SIGNING_KEY_SOURCE=file)',
  SIMPLE_SLOT_LOCAL: 'local mode only: /_local routes, cookies without Secure',
  MEDIA_DIR: 'local mode only: announcement images on disk instead of S3',
  MEDIA_LOCAL_SECRET: 'local mode only: the upload HMAC instead of the S3 policy signature',
  LOCAL_TRUST_VIEWER_IP: 'local mode tests only',
  WORK_QUEUE_ENDPOINT: "local mode only: the in-process queues' SQS endpoint (the cloud uses each queue's URL)",
  ALLOWED_ORIGINS: 'optional (-c allowedOrigins): CloudFront already refuses other origins at the edge',
  BOOTSTRAP_DEVELOPER_PASSWORD: 'local mode only',
  LOG_LEVEL: 'Powertools logger: its default level',
  ENVIRONMENT: 'Powertools logger: an optional label',
  AWS_SAM_LOCAL: 'Powertools tracer: switches tracing off under SAM CLI',
  DEBUG_CLS_HOOKED: 'X-Ray SDK (cls-hooked): its own debug output',
  npm_package_name: 'X-Ray SDK: names the service in segments when run by npm',
  npm_package_version: 'X-Ray SDK: versions the service in segments when run by npm',
  // config() reads both in every function; where a function is granted what they serve, they are required (below).
  WS_MANAGEMENT_ENDPOINT: 'required where execute-api:ManageConnections is granted',
  MEDIA_BUCKET: 'required where s3:PutObject is granted',
  SIGNING_KEY_SOURCE: 'required where kms:GetPublicKey is granted',
  SIGNING_KEY_ID: 'required where kms:GetPublicKey is granted',
  TOKEN_AUDIENCE: 'required where kms:GetPublicKey is granted',
};

/** Library settings with built-in defaults (Powertools, AWS SDK, the X-Ray SDK under the tracer), by prefix. */
const OPTIONAL_SETTING_PREFIXES = ['POWERTOOLS_', 'AWS_LAMBDA_', 'AWS_SDK_', 'AWS_XRAY_', 'NODE_'];

/** An optional variable that becomes required when the function's policy grants this action. */
export const REQUIRED_WHEN_GRANTED: Record<string, string> = {
  WS_MANAGEMENT_ENDPOINT: 'execute-api:ManageConnections',
  MEDIA_BUCKET: 's3:PutObject',
  // config() reads the token settings in every function; only token checkers and signers use them.
  SIGNING_KEY_SOURCE: 'kms:GetPublicKey',
  SIGNING_KEY_ID: 'kms:GetPublicKey',
  TOKEN_AUDIENCE: 'kms:GetPublicKey',
};

export const isOptionalSetting = (name: string) =>
  name in CLOUD_OPTIONAL_SETTINGS || OPTIONAL_SETTING_PREFIXES.some((p) => name.startsWith(p));
