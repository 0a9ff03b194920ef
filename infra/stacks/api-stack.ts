import { CfnOutput, CustomResource, Stack } from 'aws-cdk-lib';
import {
  HttpApi,
  HttpMethod,
  HttpRoute,
  HttpRouteKey,
  HttpStage,
  LogGroupLogDestination,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { MathExpression } from 'aws-cdk-lib/aws-cloudwatch';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Provider } from 'aws-cdk-lib/custom-resources';
import type { Construct } from 'constructs';
import { ALARM_PERIOD, alarm, alarmOnFunction } from '#infra/alarms';
import { accessLogGroup, HTTP_API_THROTTLE, httpAccessLogFormat } from '#infra/api-stage';
import { AppFunction } from '#infra/constructs/app-function';
import type { TokenSigningKey } from '#infra/constructs/token-signing-key';
import { pascalCase } from '#infra/naming';
import { ORIGIN_VERIFY_SECRET_ENV } from '#shared/origin-lock';
import { routeKey, routes, type GroupName } from '#shared/contract/index';
import { apiGroups, type ApiGroup } from '#infra/api-groups';
import { bootstrapEntry } from '#infra/schedules';
import { MEDIA_SERVED_PREFIX, MEDIA_UPLOAD_PREFIX, mediaBucketName } from '#infra/media';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { RealtimeStack } from '#infra/stacks/realtime-stack';
import type { WorkStack } from '#infra/stacks/work-stack';
import { statefulRemovalPolicy, type StageStackProps } from '#infra/stage';

export interface ApiStackProps extends StageStackProps {
  table: ITableV2;
  signingKey: TokenSigningKey;
  realtime: RealtimeStack;
  /** The work queues (infra/work-queues.ts) groups may enqueue on (`sends`). */
  work: WorkStack;
  /** The operator topic (DataStack.alarmTopic). */
  alarmTopic: ITopic;
  /** The origin-lock secret every group function checks requests against. */
  originVerifySecret: ISecret;
  /** Login id of the developer account the bootstrap creates. */
  developerId: string;
}

/** GetSecretValue on that one secret: the code reads the value and never describes the secret (grantRead would allow both). */
function readSecretValue(fn: AppFunction, secret: ISecret): void {
  fn.addToRolePolicy(
    new PolicyStatement({ actions: ['secretsmanager:GetSecretValue'], resources: [secret.secretArn] }),
  );
}

/**
 * The HTTP API, built from the route table: one Lambda per resource group, one route per table
 * line. Also runs the bootstrap (developer account, default settings) once per deployed version.
 */
export class ApiStack extends Stack {
  public readonly httpApi: HttpApi;
  public readonly httpStage: HttpStage;
  public readonly functions: ReadonlyMap<GroupName, AppFunction>;

  public constructor(scope: Construct, id: string, props: ApiStackProps) {
    super(scope, id, props);
    const { stage, table, signingKey, realtime, alarmTopic } = props;

    // Same origin as the SPA (CloudFront routes /api/*), so no CORS configuration.
    this.httpApi = new HttpApi(this, 'HttpApi', { apiName: `simple-slot-${stage}`, createDefaultStage: false });
    // The $default stage, explicit so it gets throttling and JSON access logs.
    this.httpStage = new HttpStage(this, 'DefaultStage', {
      httpApi: this.httpApi,
      autoDeploy: true,
      throttle: HTTP_API_THROTTLE,
      accessLogSettings: {
        destination: new LogGroupLogDestination(accessLogGroup(this, 'HttpApiAccessLogs', stage)),
        format: httpAccessLogFormat,
      },
    });

    const functions = new Map<GroupName, AppFunction>();
    const integrations = new Map<GroupName, HttpLambdaIntegration>();
    for (const [group, def] of Object.entries(apiGroups) as [GroupName, ApiGroup][]) {
      const fn = new AppFunction(this, `${pascalCase(group)}Function`, {
        entry: def.entry,
        service: group,
        description: `/api ${group} routes`,
        stage,
        table,
        tableAccess: def.tableAccess,
        memoryMb: def.memoryMb,
        timeoutSeconds: def.timeoutSeconds,
      });
      // Every group checks access tokens; only some issue them.
      if (def.needs?.includes('signingKey')) signingKey.bindSigner(fn);
      else signingKey.bindVerifier(fn);
      if (def.needs?.includes('websocketPush')) realtime.bindPush(fn);
      if (def.needs?.includes('mediaBucket')) this.bindMedia(fn, stage);
      for (const queue of def.sends ?? []) props.work.grantSend(fn, queue);
      // Origin lock: only requests carrying CloudFront's secret header get past the handler.
      fn.addEnvironment(ORIGIN_VERIFY_SECRET_ENV, props.originVerifySecret.secretArn);
      readSecretValue(fn, props.originVerifySecret);

      alarmOnFunction(this, `${pascalCase(group)}Function`, fn, alarmTopic, `/api ${group} (${stage})`);

      functions.set(group, fn);
      // One API-wide invoke permission per function: per-route permissions would outgrow the
      // Lambda resource policy size limit as groups gain routes.
      integrations.set(
        group,
        new HttpLambdaIntegration(`${pascalCase(group)}Integration`, fn, { scopePermissionToRoute: false }),
      );
    }
    this.functions = functions;

    for (const route of routes) {
      // The construct id is the route key, so adding or reordering routes never replaces others.
      new HttpRoute(this, routeKey(route), {
        httpApi: this.httpApi,
        routeKey: HttpRouteKey.with(route.path, HttpMethod[route.method]),
        integration: integrations.get(route.group)!,
      });
    }

    // 5xx rate: at least 5 % of requests in a five-minute period (any 5xx when traffic is tiny is noise).
    const requests = this.httpStage.metricCount({ statistic: 'Sum', period: ALARM_PERIOD });
    const serverErrors = this.httpStage.metricServerError({ statistic: 'Sum', period: ALARM_PERIOD });
    alarm(this, 'HttpApi5xxRateAlarm', {
      topic: alarmTopic,
      description: `HTTP API (${stage}): 5 % or more of requests answered 5xx in five minutes`,
      metric: new MathExpression({
        expression: 'IF(requests > 0, 100 * errors / requests, 0)',
        usingMetrics: { requests, errors: serverErrors },
        period: ALARM_PERIOD,
        label: '5xx %',
      }),
      threshold: 5,
    });

    this.addBootstrap(stage, table, props.developerId);

    new CfnOutput(this, 'HttpApiUrl', { value: this.httpApi.apiEndpoint });
  }

  /**
   * Announcement images: sign presigned POSTs for uploads/ (the signature is the role's PutObject),
   * read an upload's first bytes, copy it to media/announcements/ and delete it. Nothing else of the bucket.
   */
  private bindMedia(fn: AppFunction, stage: string): void {
    const name = mediaBucketName(stage, this.account, this.region);
    const objects = (prefix: string) => `arn:${this.partition}:s3:::${name}/${prefix}*`;
    fn.addEnvironment('MEDIA_BUCKET', name);
    fn.addToRolePolicy(
      new PolicyStatement({
        actions: ['s3:PutObject', 's3:GetObject', 's3:DeleteObject'],
        resources: [objects(MEDIA_UPLOAD_PREFIX)],
      }),
    );
    fn.addToRolePolicy(new PolicyStatement({ actions: ['s3:PutObject'], resources: [objects(MEDIA_SERVED_PREFIX)] }));
  }

  private addBootstrap(stage: string, table: ITableV2, developerId: string): void {
    const password = new Secret(this, 'DeveloperPassword', {
      description: `Simple Slot ${stage}: initial password of developer account "${developerId}"`,
      generateSecretString: { excludePunctuation: true, passwordLength: 20 },
      removalPolicy: statefulRemovalPolicy(stage),
    });

    const bootstrap = new AppFunction(this, 'BootstrapFunction', {
      entry: bootstrapEntry,
      service: 'bootstrap',
      description: 'Creates the developer account, default settings and field configs when missing',
      stage,
      table,
      // Creates what is missing (account, settings, field configs) and backfills records from older
      // versions: list keys and counts (updates), announcement summaries (a put guarded by a condition
      // check), a chat room's renamed entry (a delete).
      tableAccess: ['GetItem', 'Query', 'PutItem', 'UpdateItem', 'DeleteItem', 'ConditionCheckItem'],
      timeoutSeconds: 60,
      environment: {
        BOOTSTRAP_DEVELOPER_ID: developerId,
        BOOTSTRAP_SECRET_ARN: password.secretArn,
      },
    });
    readSecretValue(bootstrap, password);

    const provider = new Provider(this, 'BootstrapProvider', {
      onEventHandler: bootstrap,
      logGroup: new LogGroup(this, 'BootstrapProviderLogs', {
        retention: RetentionDays.ONE_MONTH,
        removalPolicy: statefulRemovalPolicy(stage),
      }),
    });
    new CustomResource(this, 'Bootstrap', {
      serviceToken: provider.serviceToken,
      // A new function version (code or environment changed) is a property change, so the
      // bootstrap runs again on that deploy; unchanged deploys skip it.
      properties: { FunctionVersion: bootstrap.currentVersion.version },
    });

    new CfnOutput(this, 'DeveloperPasswordSecretArn', { value: password.secretArn });
  }
}
