import { CfnOutput, Stack } from 'aws-cdk-lib';
import { LogGroupLogDestination, WebSocketApi, WebSocketStage } from 'aws-cdk-lib/aws-apigatewayv2';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import { WebSocketLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { Construct } from 'constructs';
import { alarmOnFunction } from '#infra/alarms';
import { accessLogGroup, WEBSOCKET_THROTTLE, websocketAccessLogFormat } from '#infra/api-stage';
import { AppFunction } from '#infra/constructs/app-function';
import type { TokenSigningKey } from '#infra/constructs/token-signing-key';
import { websocketEntry } from '#infra/schedules';
import { CALLER_STATUS_ATTRIBUTES, CALLER_STATUS_KEY_PREFIXES } from '#shared/caller-status';
import type { StageStackProps } from '#infra/stage';

/**
 * The WebSocket stage is named after the path the SPA connects to: CloudFront forwards `/ws`
 * unchanged, and API Gateway refuses any path after the stage name.
 */
const WEBSOCKET_STAGE_NAME = 'ws';

/**
 * The partition-key prefix of connection items (`keys.connection` in functions/storage/keys.ts):
 * the only items the internet-facing WebSocket handler may touch.
 */
export const CONNECTION_KEY_PREFIX = 'CONN#';

export interface RealtimeStackProps extends StageStackProps {
  table: ITableV2;
  signingKey: TokenSigningKey;
  /** The operator topic (DataStack.alarmTopic). */
  alarmTopic: ITopic;
  /** Origins the `$connect` handler accepts, comma-separated; CloudFront already refuses other origins. */
  allowedOrigins?: string;
}

/** WebSocket API for notification and chat pushes; one handler for $connect, $disconnect, $default. */
export class RealtimeStack extends Stack {
  public readonly webSocketApi: WebSocketApi;
  public readonly webSocketStage: WebSocketStage;
  /** `https://…/ws`: where @aws-sdk/client-apigatewaymanagementapi posts to connections. */
  public readonly managementEndpoint: string;

  public constructor(scope: Construct, id: string, props: RealtimeStackProps) {
    super(scope, id, props);
    const { stage, table, signingKey } = props;

    const handler = new AppFunction(this, 'WebSocketFunction', {
      entry: websocketEntry,
      service: 'websocket',
      description: 'WebSocket $connect, $disconnect and $default',
      stage,
      table,
      // Internet-facing: no general table grant, only its own connection items (below).
      tableAccess: [],
      environment: props.allowedOrigins ? { ALLOWED_ORIGINS: props.allowedOrigins } : undefined,
    });
    signingKey.bindVerifier(handler);
    // $connect puts a connection item, $disconnect (and a push that meets a gone socket) deletes it:
    // functions/storage/connections.ts `add` and `remove`. Nothing else: no reads, no scans, no
    // index queries (pushes look connections up via GSI1 from the API and job functions).
    handler.addToRolePolicy(
      new PolicyStatement({
        actions: ['dynamodb:PutItem', 'dynamodb:DeleteItem'],
        resources: [table.tableArn],
        conditions: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [`${CONNECTION_KEY_PREFIX}*`] } },
      }),
    );

    // $connect checks that the token's account and session still live (functions/storage/caller-status.ts):
    // one BatchGetItem of the user and refresh-family items, these attributes only (no password hash).
    handler.addToRolePolicy(
      new PolicyStatement({
        actions: ['dynamodb:BatchGetItem'],
        resources: [table.tableArn],
        conditions: {
          'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': CALLER_STATUS_KEY_PREFIXES.map((p) => `${p}*`) },
          'ForAllValues:StringEquals': { 'dynamodb:Attributes': [...CALLER_STATUS_ATTRIBUTES] },
          StringEqualsIfExists: { 'dynamodb:Select': 'SPECIFIC_ATTRIBUTES' },
        },
      }),
    );

    this.webSocketApi = new WebSocketApi(this, 'WebSocketApi', {
      apiName: `simple-slot-${stage}-ws`,
      connectRouteOptions: { integration: new WebSocketLambdaIntegration('ConnectIntegration', handler) },
      disconnectRouteOptions: { integration: new WebSocketLambdaIntegration('DisconnectIntegration', handler) },
      defaultRouteOptions: { integration: new WebSocketLambdaIntegration('DefaultIntegration', handler) },
    });
    this.webSocketStage = new WebSocketStage(this, 'WebSocketStage', {
      webSocketApi: this.webSocketApi,
      stageName: WEBSOCKET_STAGE_NAME,
      autoDeploy: true,
      throttle: WEBSOCKET_THROTTLE,
      // Needs the account's API Gateway CloudWatch role (docs/infra.md, prerequisites).
      accessLogSettings: {
        destination: new LogGroupLogDestination(accessLogGroup(this, 'WebSocketAccessLogs', stage)),
        format: websocketAccessLogFormat,
      },
    });
    alarmOnFunction(this, 'WebSocketFunction', handler, props.alarmTopic, `WebSocket handler (${stage})`);
    this.managementEndpoint = this.webSocketStage.callbackUrl;

    // Chat messages arrive on $default and are pushed to the other party from the same handler.
    this.bindPush(handler);

    new CfnOutput(this, 'WebSocketUrl', { value: this.webSocketStage.url });
  }

  /** Lets a function post to connected clients: the endpoint in its environment plus the permission. */
  public bindPush(fn: AppFunction): void {
    fn.addEnvironment('WS_MANAGEMENT_ENDPOINT', this.managementEndpoint);
    this.webSocketStage.grantManagementApiAccess(fn);
  }
}
