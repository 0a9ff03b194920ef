import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { statefulRemovalPolicy } from '#infra/stage';

/**
 * Stage-wide limits (per API, on top of the account's regional limits). A person clicking through
 * the SPA makes a few requests a second; bulk registration posts one request for up to 500 rows.
 * CloudFront's WAF rate rule on /api/auth/* limits login guessing per viewer address before this.
 */
export const HTTP_API_THROTTLE = { rateLimit: 100, burstLimit: 200 } as const;
/** WebSocket: $connect, $default (pings, chat) and $disconnect, per stage. */
export const WEBSOCKET_THROTTLE = { rateLimit: 50, burstLimit: 100 } as const;

/** Access logs are kept as long as function logs are useful for an investigation. */
export const ACCESS_LOG_RETENTION = RetentionDays.THREE_MONTHS;

/** JSON access log lines: one object per request, no headers (so no token, cookie or origin secret). */
export const httpAccessLogFormat = AccessLogFormat.custom(
  JSON.stringify({
    requestId: '$context.requestId',
    time: '$context.requestTime',
    sourceIp: '$context.identity.sourceIp',
    method: '$context.httpMethod',
    routeKey: '$context.routeKey',
    path: '$context.path',
    status: '$context.status',
    protocol: '$context.protocol',
    responseLength: '$context.responseLength',
    latencyMs: '$context.responseLatency',
    integrationLatencyMs: '$context.integrationLatency',
    integrationError: '$context.integrationErrorMessage',
  }),
);

export const websocketAccessLogFormat = AccessLogFormat.custom(
  JSON.stringify({
    requestId: '$context.requestId',
    time: '$context.requestTime',
    sourceIp: '$context.identity.sourceIp',
    eventType: '$context.eventType',
    routeKey: '$context.routeKey',
    connectionId: '$context.connectionId',
    status: '$context.status',
    integrationLatencyMs: '$context.integrationLatency',
    integrationError: '$context.integrationErrorMessage',
  }),
);

/** The access log group of one API stage: retention set, and removed with a sandbox. */
export const accessLogGroup = (scope: Construct, id: string, stage: string): LogGroup =>
  new LogGroup(scope, id, { retention: ACCESS_LOG_RETENTION, removalPolicy: statefulRemovalPolicy(stage) });
