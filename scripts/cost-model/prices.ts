/**
 * The price of each billed unit, USD, Asia Pacific (Seoul) ap-northeast-2 unless the row says
 * otherwise (WAF and CloudFront are billed globally / by the viewer's region: Korea). On-demand list
 * prices, first pricing tier (every size here stays inside it). Each row names the page it was read
 * from and when; prices change — check the pages and edit a row (and its date), then `npm run cost`.
 */
export interface Price {
  usd: number;
  /** What one `usd` buys. */
  per: string;
  source: string;
  /** When the figure was read from `source` (YYYY-MM). */
  asOf: string;
  note?: string;
}

const AS_OF = '2025-11';

export const prices = {
  lambdaRequests: {
    usd: 0.2,
    per: '1M requests',
    source: 'https://aws.amazon.com/lambda/pricing/',
    asOf: AS_OF,
  },
  lambdaArmGbSecond: {
    usd: 0.0000133334,
    per: 'GB-second (arm64, first 7.5 billion GB-s)',
    source: 'https://aws.amazon.com/lambda/pricing/',
    asOf: AS_OF,
    note: 'Seoul has the base arm64 rate',
  },
  dynamoWriteRequestUnits: {
    usd: 0.7049,
    per: '1M write request units (on-demand, Standard table class)',
    source: 'https://aws.amazon.com/dynamodb/pricing/on-demand/',
    asOf: AS_OF,
    note: 'after the November 2024 on-demand price cut',
  },
  dynamoReadRequestUnits: {
    usd: 0.141,
    per: '1M read request units (on-demand, Standard table class)',
    source: 'https://aws.amazon.com/dynamodb/pricing/on-demand/',
    asOf: AS_OF,
    note: 'after the November 2024 on-demand price cut',
  },
  dynamoStorageGbMonth: {
    usd: 0.2708,
    per: 'GB-month stored (beyond the first 25 GB)',
    source: 'https://aws.amazon.com/dynamodb/pricing/on-demand/',
    asOf: AS_OF,
  },
  httpApiRequests: {
    usd: 1.17,
    per: '1M HTTP API requests (first 300M)',
    source: 'https://aws.amazon.com/api-gateway/pricing/',
    asOf: AS_OF,
  },
  websocketMessages: {
    usd: 1.14,
    per: '1M WebSocket messages (first 1B, 32 KB each)',
    source: 'https://aws.amazon.com/api-gateway/pricing/',
    asOf: AS_OF,
  },
  websocketConnectionMinutes: {
    usd: 0.285,
    per: '1M connection minutes',
    source: 'https://aws.amazon.com/api-gateway/pricing/',
    asOf: AS_OF,
  },
  cloudFrontHttpsRequests: {
    usd: 0.012,
    per: '10,000 HTTPS requests (viewers in Korea)',
    source: 'https://aws.amazon.com/cloudfront/pricing/',
    asOf: AS_OF,
  },
  cloudFrontTransferOutGb: {
    usd: 0.12,
    per: 'GB to viewers in Korea (first 10 TB)',
    source: 'https://aws.amazon.com/cloudfront/pricing/',
    asOf: AS_OF,
  },
  s3StorageGbMonth: {
    usd: 0.025,
    per: 'GB-month, S3 Standard (first 50 TB)',
    source: 'https://aws.amazon.com/s3/pricing/',
    asOf: AS_OF,
  },
  s3GetRequests: {
    usd: 0.00035,
    per: '1,000 GET requests',
    source: 'https://aws.amazon.com/s3/pricing/',
    asOf: AS_OF,
  },
  s3PutRequests: {
    usd: 0.0045,
    per: '1,000 PUT requests',
    source: 'https://aws.amazon.com/s3/pricing/',
    asOf: AS_OF,
  },
  wafWebAclMonth: {
    usd: 5,
    per: 'web ACL-month',
    source: 'https://aws.amazon.com/waf/pricing/',
    asOf: AS_OF,
  },
  wafRuleMonth: {
    usd: 1,
    per: 'rule-month (a managed rule group counts as one rule)',
    source: 'https://aws.amazon.com/waf/pricing/',
    asOf: AS_OF,
  },
  wafRequests: {
    usd: 0.6,
    per: '1M requests inspected',
    source: 'https://aws.amazon.com/waf/pricing/',
    asOf: AS_OF,
  },
  logsIngestionGb: {
    usd: 0.76,
    per: 'GB ingested (standard log class)',
    source: 'https://aws.amazon.com/cloudwatch/pricing/',
    asOf: AS_OF,
  },
  logsStorageGbMonth: {
    usd: 0.0314,
    per: 'GB-month archived',
    source: 'https://aws.amazon.com/cloudwatch/pricing/',
    asOf: AS_OF,
  },
  xrayTracesRecorded: {
    usd: 5,
    per: '1M traces recorded',
    source: 'https://aws.amazon.com/xray/pricing/',
    asOf: AS_OF,
  },
  secretsMonth: {
    usd: 0.4,
    per: 'secret-month',
    source: 'https://aws.amazon.com/secrets-manager/pricing/',
    asOf: AS_OF,
  },
  secretsApiCalls: {
    usd: 0.05,
    per: '10,000 API calls',
    source: 'https://aws.amazon.com/secrets-manager/pricing/',
    asOf: AS_OF,
  },
  kmsKeyMonth: {
    usd: 1,
    per: 'customer managed key-month',
    source: 'https://aws.amazon.com/kms/pricing/',
    asOf: AS_OF,
  },
  kmsRsa2048Requests: {
    usd: 0.03,
    per: '10,000 requests with an RSA 2048 key (Sign, GetPublicKey)',
    source: 'https://aws.amazon.com/kms/pricing/',
    asOf: AS_OF,
  },
  sqsRequests: {
    usd: 0.4,
    per: '1M standard queue requests (64 KB each)',
    source: 'https://aws.amazon.com/sqs/pricing/',
    asOf: AS_OF,
  },
} satisfies Record<string, Price>;

export type Prices = typeof prices;
