import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Stack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { HttpApi, WebSocketApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { CachePolicy, OriginRequestPolicy } from 'aws-cdk-lib/aws-cloudfront';
import { describe, expect, it } from 'vitest';
import { apiGroups, type ApiGroup } from '#infra/api-groups';
import { routeKey, routes } from '#shared/contract/index';
import { schedules } from '#infra/schedules';
import { visibilityTimeoutSeconds, workQueues } from '#infra/work-queues';
import { TABLE_WRITE_ACTIONS } from '#infra/table-access';
import { workQueueUrlEnv } from '../../functions/commons/config';
import { VIEWER_IP_HEADER } from '#shared/api';
import { contentSecurityPolicy, HSTS_MAX_AGE_SECONDS, securityHeaderValues } from '#infra/security-headers';
import { HTTP_API_THROTTLE, WEBSOCKET_THROTTLE } from '#infra/api-stage';
import { ORIGIN_VERIFY_HEADER, ORIGIN_VERIFY_SECRET_ENV } from '#shared/origin-lock';
import { DataStack } from '#infra/stacks/data-stack';
import { JobsStack } from '#infra/stacks/jobs-stack';
import { WorkStack } from '#infra/stacks/work-stack';
import { CONNECTION_KEY_PREFIX, RealtimeStack } from '#infra/stacks/realtime-stack';
import { keys } from '../../functions/storage/keys';
import { WebStack } from '#infra/stacks/web-stack';
import { mediaBucketName } from '#infra/media';
import { AUTH_RATE_LIMIT_PER_5_MIN } from '#infra/stacks/edge-stack';
import {
  allowedActions,
  allowedStatements,
  appFunction,
  appFunctions,
  buildSimpleSlot,
  DYNAMODB_WRITE_ACTIONS,
  testApp,
} from '#test/infra/support';

const { app, data, realtime, work, api, jobs, edge, web } = buildSimpleSlot('tester');
const t = {
  edge: Template.fromStack(edge),
  data: Template.fromStack(data),
  realtime: Template.fromStack(realtime),
  work: Template.fromStack(work),
  api: Template.fromStack(api),
  jobs: Template.fromStack(jobs),
  web: Template.fromStack(web),
};
const groups = Object.entries(apiGroups) as [string, ApiGroup][];

/** `{ Ref: X }` / `{ Fn::GetAtt: [X, ...] }` → X */
const refId = (value: any): string => value?.Ref ?? value?.['Fn::GetAtt']?.[0];

/** The operator topic lives in Data; other stacks reach it through a (weak) stack output reference. */
const topicId = Object.keys(t.data.findResources('AWS::SNS::Topic'))[0];
const toOperators = (template: Template): unknown[] =>
  template === t.data
    ? [{ Ref: topicId }]
    : [
        {
          'Fn::GetStackOutput': Match.objectLike({
            StackName: data.stackName,
            OutputName: Match.stringLikeRegexp(`Ref${topicId}`),
          }),
        },
      ];
const expectToOperators = (template: Template, actions: unknown) => {
  expect(actions).toHaveLength(1);
  if (template === t.data) expect(actions).toEqual([{ Ref: topicId }]);
  else
    expect(JSON.stringify(actions)).toMatch(
      new RegExp(`"StackName":"${data.stackName}".*"OutputName":"[^"]*Ref${topicId}`),
    );
};

describe('stage sandboxes', () => {
  it('names every stack SimpleSlot-<stage>-…', () => {
    const names = app.node.children.filter(Stack.isStack).map((s) => s.stackName);
    expect(names.sort()).toEqual(
      ['Api', 'Data', 'Edge', 'Jobs', 'Monitoring', 'Realtime', 'Web', 'Work']
        .map((n) => `SimpleSlot-tester-${n}`)
        .sort(),
    );
  });

  it('leaves nothing behind when a sandbox is destroyed: no retained resource, every log group with retention', () => {
    for (const [name, template] of Object.entries(t)) {
      for (const [id, resource] of Object.entries(template.toJSON().Resources as Record<string, any>)) {
        expect(resource.DeletionPolicy ?? 'Delete', `${name} ${id}`).not.toMatch(/Retain/);
      }
      for (const [id, logGroup] of Object.entries(template.findResources('AWS::Logs::LogGroup'))) {
        expect(logGroup.Properties.RetentionInDays, `${name} ${id}`).toBeLessThanOrEqual(90);
      }
    }
  });
});

describe('HTTP API', () => {
  it('has exactly one route per route table line, each going to its group function', () => {
    const apiRoutes = Object.values(t.api.findResources('AWS::ApiGatewayV2::Route'));
    expect(apiRoutes.map((r) => r.Properties.RouteKey).sort()).toEqual(routes.map(routeKey).sort());

    const integrations = t.api.findResources('AWS::ApiGatewayV2::Integration');
    for (const route of routes) {
      const resource = apiRoutes.find((r) => r.Properties.RouteKey === routeKey(route))!;
      const integrationId = refId(resource.Properties.Target['Fn::Join'][1][1]);
      const targetFunction = refId(integrations[integrationId].Properties.IntegrationUri);
      expect(targetFunction, routeKey(route)).toBe(appFunction(t.api, route.group).logicalId);
    }
  });

  it('has one Lambda per resource group', () => {
    const services = appFunctions(t.api);
    for (const [group] of groups) expect(services.get(group), group).toHaveLength(1);
    // The groups plus the bootstrap, nothing else that nobody routes to.
    expect([...services.keys()].sort()).toEqual([...groups.map(([g]) => g), 'bootstrap'].sort());
  });

  it('lets API Gateway invoke each group function', () => {
    for (const [group] of groups) {
      t.api.hasResourceProperties('AWS::Lambda::Permission', {
        Action: 'lambda:InvokeFunction',
        Principal: 'apigateway.amazonaws.com',
        FunctionName: { 'Fn::GetAtt': [appFunction(t.api, group).logicalId, 'Arn'] },
      });
    }
  });

  it('makes a group read-only exactly when all its routes read (settings and field configs write too)', () => {
    for (const [group, def] of groups) {
      const onlyReads = routes.filter((r) => r.group === group).every((r) => r.method === 'GET');
      const declaredWrites = def.tableAccess.filter((a) => TABLE_WRITE_ACTIONS.includes(a));
      expect(declaredWrites.length === 0, group).toBe(onlyReads);
    }
    for (const group of ['settings', 'fieldConfigs'] as const) {
      const writes = allowedActions(t.api, appFunction(t.api, group)).filter((a) => DYNAMODB_WRITE_ACTIONS.includes(a));
      expect(writes, group).toContain('dynamodb:PutItem');
    }
  });

  it('grants each group exactly the table actions its declaration names: no scan, stream or describe', () => {
    for (const [group, def] of groups) {
      const actions = allowedActions(t.api, appFunction(t.api, group)).filter((a) => a.startsWith('dynamodb:'));
      expect([...new Set(actions)].sort(), group).toEqual(
        [...new Set(def.tableAccess)].map((a) => `dynamodb:${a}`).sort(),
      );
    }
  });

  it('lets every group verify tokens but only signingKey groups sign them', () => {
    for (const [group, def] of groups) {
      const fn = appFunction(t.api, group);
      const actions = allowedActions(t.api, fn);
      expect(actions, group).toContain('kms:GetPublicKey');
      if (def.needs?.includes('signingKey')) expect(actions, group).toContain('kms:Sign');
      else expect(actions, group).not.toContain('kms:Sign');
      expect(fn.env).toMatchObject({ SIGNING_KEY_SOURCE: 'kms', TOKEN_AUDIENCE: 'simple-slot-tester' });
      expect(fn.env.SIGNING_KEY_ID).toBeDefined();
    }
  });

  it('locks every group function to CloudFront: the origin secret in its environment, read access to it', () => {
    const secretId = Object.keys(t.data.findResources('AWS::SecretsManager::Secret')).find((id) =>
      id.startsWith('OriginVerifySecret'),
    )!;
    expect(secretId).toBeDefined();
    for (const [group] of groups) {
      const fn = appFunction(t.api, group);
      expect(JSON.stringify(fn.env[ORIGIN_VERIFY_SECRET_ENV]), group).toMatch(
        new RegExp(`"StackName":"${data.stackName}".*Ref${secretId}`),
      );
      expect(allowedActions(t.api, fn), group).toContain('secretsmanager:GetSecretValue');
    }
  });

  it('gives WebSocket push only to groups that need it', () => {
    for (const [group, def] of groups) {
      const fn = appFunction(t.api, group);
      const pushes = allowedActions(t.api, fn).includes('execute-api:ManageConnections');
      expect(pushes, group).toBe(def.needs?.includes('websocketPush') ?? false);
      expect('WS_MANAGEMENT_ENDPOINT' in fn.env, group).toBe(pushes);
    }
  });

  it('runs the bootstrap through a custom resource with the generated developer password', () => {
    t.api.hasResourceProperties('AWS::SecretsManager::Secret', {
      GenerateSecretString: Match.objectLike({ ExcludePunctuation: true }),
    });
    const secretId = Object.keys(t.api.findResources('AWS::SecretsManager::Secret'))[0];
    const bootstrap = appFunction(t.api, 'bootstrap');
    expect(bootstrap.env).toMatchObject({
      BOOTSTRAP_DEVELOPER_ID: 'developer',
      BOOTSTRAP_SECRET_ARN: { Ref: secretId },
    });
    expect(allowedActions(t.api, bootstrap)).toContain('secretsmanager:GetSecretValue');
    expect(allowedActions(t.api, bootstrap)).toContain('dynamodb:PutItem');

    // The provider framework calls the bootstrap function; the custom resource calls the framework.
    const [providerId] = Object.entries(t.api.findResources('AWS::Lambda::Function')).find(
      ([, fn]) => refId(fn.Properties.Environment?.Variables?.USER_ON_EVENT_FUNCTION_ARN) === bootstrap.logicalId,
    )!;
    t.api.hasResourceProperties('AWS::CloudFormation::CustomResource', {
      ServiceToken: { 'Fn::GetAtt': [providerId, 'Arn'] },
    });
  });
});

describe('every app function', () => {
  const all = Object.values(t).flatMap((template) => [...appFunctions(template).values()].flat());

  it('exists for each group, job, the WebSocket handler and the bootstrap', () => {
    const services = Object.values(t).flatMap((template) => [...appFunctions(template).keys()]);
    expect(services.sort()).toEqual(
      [
        ...groups.map(([g]) => g),
        ...schedules.map((s) => s.name),
        ...workQueues.map((q) => q.name),
        'websocket',
        'bootstrap',
      ].sort(),
    );
  });

  it('allows no wildcard action, and a wildcard resource only for X-Ray (which has no resource ARNs)', () => {
    for (const [name, template] of Object.entries(t)) {
      for (const fns of appFunctions(template).values()) {
        for (const fn of fns) {
          for (const statement of allowedStatements(template, fn)) {
            const actions = [statement.Action].flat();
            expect(
              actions.filter((a) => a.includes('*')),
              `${name} ${fn.logicalId}`,
            ).toEqual([]);
            if ([statement.Resource].flat().includes('*')) {
              expect(actions.sort(), `${name} ${fn.logicalId}`).toEqual([
                'xray:PutTelemetryRecords',
                'xray:PutTraceSegments',
              ]);
            }
          }
        }
      }
    }
  });

  it('runs Node.js 22 on arm64 with active tracing, without source-map parsing at start', () => {
    for (const fn of all) {
      expect(fn.props, fn.logicalId).toMatchObject({
        Runtime: 'nodejs22.x',
        Architectures: ['arm64'],
        TracingConfig: { Mode: 'Active' },
        Handler: 'index.handler',
      });
      expect(fn.env, fn.logicalId).toMatchObject({ STAGE: 'tester' });
      // No map is shipped (infra/constructs/lambda-bundling.ts), so nothing for Node to load.
      expect(fn.env.NODE_OPTIONS, fn.logicalId).toBeUndefined();
      expect(fn.env.TABLE_NAME, fn.logicalId).toBeDefined();
    }
  });
});

describe('data', () => {
  it('is the single table: PK/SK, GSI1, GSI2, GSI3, TTL, on-demand, point-in-time recovery', () => {
    t.data.resourceCountIs('AWS::DynamoDB::GlobalTable', 1);
    t.data.hasResourceProperties('AWS::DynamoDB::GlobalTable', {
      BillingMode: 'PAY_PER_REQUEST',
      KeySchema: [
        { AttributeName: 'PK', KeyType: 'HASH' },
        { AttributeName: 'SK', KeyType: 'RANGE' },
      ],
      GlobalSecondaryIndexes: [
        Match.objectLike({
          IndexName: 'GSI1',
          KeySchema: [
            { AttributeName: 'GSI1PK', KeyType: 'HASH' },
            { AttributeName: 'GSI1SK', KeyType: 'RANGE' },
          ],
          Projection: { ProjectionType: 'ALL' },
        }),
        Match.objectLike({
          IndexName: 'GSI2',
          KeySchema: [
            { AttributeName: 'GSI2PK', KeyType: 'HASH' },
            { AttributeName: 'GSI2SK', KeyType: 'RANGE' },
          ],
          Projection: { ProjectionType: 'ALL' },
        }),
        Match.objectLike({
          IndexName: 'GSI3',
          KeySchema: [
            { AttributeName: 'GSI3PK', KeyType: 'HASH' },
            { AttributeName: 'GSI3SK', KeyType: 'RANGE' },
          ],
          Projection: { ProjectionType: 'ALL' },
        }),
      ],
      TimeToLiveSpecification: { AttributeName: 'ttl', Enabled: true },
      Replicas: [Match.objectLike({ PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true } })],
    });
  });

  it('has an RSA 2048 sign/verify key for access tokens', () => {
    t.data.hasResourceProperties('AWS::KMS::Key', { KeySpec: 'RSA_2048', KeyUsage: 'SIGN_VERIFY' });
  });

  it('lets sandboxes be destroyed but retains production data', () => {
    t.data.hasResource('AWS::DynamoDB::GlobalTable', { DeletionPolicy: 'Delete' });

    const prod = Template.fromStack(new DataStack(testApp(), 'SimpleSlot-prod-Data', { stage: 'prod' }));
    prod.hasResource('AWS::DynamoDB::GlobalTable', { DeletionPolicy: 'Retain' });
    prod.hasResource('AWS::KMS::Key', { DeletionPolicy: 'Retain' });
    prod.hasResourceProperties('AWS::DynamoDB::GlobalTable', {
      Replicas: [Match.objectLike({ DeletionProtectionEnabled: true })],
    });
  });
});

describe('realtime', () => {
  it('routes $connect, $disconnect and $default to the one WebSocket function', () => {
    const fn = appFunction(t.realtime, 'websocket');
    const integrations = t.realtime.findResources('AWS::ApiGatewayV2::Integration');
    const apiRoutes = Object.values(t.realtime.findResources('AWS::ApiGatewayV2::Route'));
    expect(apiRoutes.map((r) => r.Properties.RouteKey).sort()).toEqual(['$connect', '$default', '$disconnect']);
    for (const route of apiRoutes) {
      const integrationId = refId(route.Properties.Target['Fn::Join'][1][1]);
      expect(JSON.stringify(integrations[integrationId].Properties.IntegrationUri)).toContain(fn.logicalId);
    }
  });

  it('serves the stage `ws`, which is the path CloudFront forwards', () => {
    t.realtime.hasResourceProperties('AWS::ApiGatewayV2::Stage', { StageName: 'ws', AutoDeploy: true });
  });

  it('lets the WebSocket function verify tokens, keep connections and push', () => {
    const fn = appFunction(t.realtime, 'websocket');
    const actions = allowedActions(t.realtime, fn);
    expect(actions).toEqual(
      expect.arrayContaining(['kms:GetPublicKey', 'dynamodb:PutItem', 'execute-api:ManageConnections']),
    );
    expect(actions).not.toContain('kms:Sign');
    expect(fn.env.WS_MANAGEMENT_ENDPOINT).toBeDefined();
  });

  it('limits the internet-facing WebSocket function to connection items and the status attributes of accounts and sessions', () => {
    const fn = appFunction(t.realtime, 'websocket');
    const statements = allowedStatements(t.realtime, fn);
    const dynamo = statements.filter((s) => [s.Action].flat().some((a) => a.startsWith('dynamodb:')));
    expect(dynamo).toHaveLength(2);
    const [writes, reads] = [...dynamo].sort((a, b) => [a.Action].flat().length - [b.Action].flat().length).reverse();
    expect([writes.Action].flat().sort()).toEqual(['dynamodb:DeleteItem', 'dynamodb:PutItem']);
    // The table itself, not its indexes, and only partitions that start with the connection prefix.
    expect(JSON.stringify(writes.Resource)).not.toContain('index');
    expect(writes.Condition).toEqual({
      'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [`${CONNECTION_KEY_PREFIX}*`] },
    });
    // The prefix is the one the storage module writes.
    expect(keys.connection('abc').PK.startsWith(CONNECTION_KEY_PREFIX)).toBe(true);

    // $connect reads whether the token's account and session still live: one BatchGetItem, user and
    // refresh-family partitions only, named attributes only (never the password hash).
    expect([reads.Action].flat()).toEqual(['dynamodb:BatchGetItem']);
    expect(JSON.stringify(reads.Resource)).not.toContain('index');
    const condition = reads.Condition ?? {};
    expect(condition['ForAllValues:StringLike']).toEqual({ 'dynamodb:LeadingKeys': ['USER#*', 'RFAMILY#*'] });
    expect(condition['ForAllValues:StringEquals']['dynamodb:Attributes']).not.toContain('passwordHash');
    expect(condition['ForAllValues:StringEquals']['dynamodb:Attributes']).toEqual(
      expect.arrayContaining(['role', 'isActive', 'revoked', 'expiresAt']),
    );
    expect(condition.StringEqualsIfExists).toEqual({ 'dynamodb:Select': 'SPECIFIC_ATTRIBUTES' });
    expect(keys.user('u').PK).toBe('USER#u');
    expect(keys.refreshFamily('f').PK).toBe('RFAMILY#f');
  });
});

describe('alarms', () => {
  const lambdaAlarm = (template: Template, fn: { logicalId: string }, metricName: string) =>
    template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      Namespace: 'AWS/Lambda',
      MetricName: metricName,
      Dimensions: [{ Name: 'FunctionName', Value: { Ref: fn.logicalId } }],
      Statistic: 'Sum',
      Period: 300,
      Threshold: 1,
      AlarmActions: toOperators(template),
    });

  it('alarms on Errors and Throttles of every API group function and the WebSocket handler', () => {
    for (const [group] of groups) {
      lambdaAlarm(t.api, appFunction(t.api, group), 'Errors');
      lambdaAlarm(t.api, appFunction(t.api, group), 'Throttles');
    }
    lambdaAlarm(t.realtime, appFunction(t.realtime, 'websocket'), 'Errors');
    lambdaAlarm(t.realtime, appFunction(t.realtime, 'websocket'), 'Throttles');
  });

  it('alarms when 5 % or more of HTTP API requests answer 5xx', () => {
    const apiId = Object.keys(t.api.findResources('AWS::ApiGatewayV2::Api'))[0];
    const dims = [
      { Name: 'ApiId', Value: { Ref: apiId } },
      { Name: 'Stage', Value: '$default' },
    ];
    t.api.hasResourceProperties('AWS::CloudWatch::Alarm', {
      Threshold: 5,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      AlarmActions: toOperators(t.api),
      Metrics: Match.arrayWith([
        Match.objectLike({ Expression: 'IF(requests > 0, 100 * errors / requests, 0)', ReturnData: true }),
        Match.objectLike({
          Id: 'requests',
          MetricStat: Match.objectLike({
            Metric: { Namespace: 'AWS/ApiGateway', MetricName: 'Count', Dimensions: dims },
          }),
        }),
        Match.objectLike({
          Id: 'errors',
          MetricStat: Match.objectLike({
            Metric: { Namespace: 'AWS/ApiGateway', MetricName: '5xx', Dimensions: dims },
          }),
        }),
      ]),
    });
  });

  it('alarms on read and write throttling of the table', () => {
    const tableId = Object.keys(t.data.findResources('AWS::DynamoDB::GlobalTable'))[0];
    for (const metricName of ['ReadThrottleEvents', 'WriteThrottleEvents']) {
      t.data.hasResourceProperties('AWS::CloudWatch::Alarm', {
        Namespace: 'AWS/DynamoDB',
        MetricName: metricName,
        Dimensions: [{ Name: 'TableName', Value: { Ref: tableId } }],
        Statistic: 'Sum',
        Threshold: 1,
        AlarmActions: toOperators(t.data),
      });
    }
  });

  it('sends every alarm of every stack to the one operator topic', () => {
    t.data.resourceCountIs('AWS::SNS::Topic', 1);
    for (const [name, template] of Object.entries(t)) {
      for (const [id, alarm] of Object.entries(template.findResources('AWS::CloudWatch::Alarm'))) {
        expect(alarm.Properties.AlarmActions, `${name} ${id}`).toBeDefined();
        expectToOperators(template, alarm.Properties.AlarmActions);
      }
      if (name !== 'data') template.resourceCountIs('AWS::SNS::Topic', 0);
    }
  });
});

describe('work queues', () => {
  const queueIds = (template: Template) => Object.keys(template.findResources('AWS::SQS::Queue'));
  const queueLogicalId = (name: string, kind: 'Queue' | 'DeadLetters') =>
    queueIds(t.work).find((id) =>
      id.startsWith(`${name.replace(/(?:^|-)(\w)/g, (_, c: string) => c.toUpperCase())}${kind}`),
    )!;
  /** A cross-stack reference to a queue attribute resolves to an output of the Work stack. */
  const refersToWork = (value: unknown, logicalId: string) => JSON.stringify(value).includes(logicalId);

  it('gives each kind of work a queue with a dead-letter queue, a visibility timeout above its consumer timeout, TLS only', () => {
    t.work.resourceCountIs('AWS::SQS::Queue', workQueues.length * 2);
    for (const def of workQueues) {
      const queue = t.work.findResources('AWS::SQS::Queue')[queueLogicalId(def.name, 'Queue')];
      const dlq = queueLogicalId(def.name, 'DeadLetters');
      expect(queue.Properties).toMatchObject({
        VisibilityTimeout: visibilityTimeoutSeconds(def),
        RedrivePolicy: { deadLetterTargetArn: { 'Fn::GetAtt': [dlq, 'Arn'] }, maxReceiveCount: def.maxReceiveCount },
        SqsManagedSseEnabled: true,
      });
      expect(queue.Properties.VisibilityTimeout).toBeGreaterThan(def.timeoutSeconds);
      const fn = appFunction(t.work, def.name);
      expect(fn.props.Timeout).toBe(def.timeoutSeconds);
    }
    const deniesPlainHttp = Match.objectLike({
      Effect: 'Deny',
      Condition: { Bool: { 'aws:SecureTransport': 'false' } },
    });
    expect(Object.keys(t.work.findResources('AWS::SQS::QueuePolicy'))).toHaveLength(workQueues.length * 2);
    t.work.allResourcesProperties('AWS::SQS::QueuePolicy', {
      PolicyDocument: { Statement: Match.arrayWith([deniesPlainHttp]) },
    });
  });

  it('feeds each queue to its consumer in batches, reporting partial batch failures, with bounded concurrency', () => {
    for (const def of workQueues) {
      const fn = appFunction(t.work, def.name);
      t.work.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
        FunctionName: { Ref: fn.logicalId },
        EventSourceArn: { 'Fn::GetAtt': [queueLogicalId(def.name, 'Queue'), 'Arn'] },
        BatchSize: def.batchSize,
        FunctionResponseTypes: ['ReportBatchItemFailures'],
        ScalingConfig: { MaximumConcurrency: def.maxConcurrency },
      });
    }
  });

  it('lets the consumer receive from its own queue only, and send to it only when it continues work there', () => {
    for (const def of workQueues) {
      const fn = appFunction(t.work, def.name);
      const queue = queueLogicalId(def.name, 'Queue');
      const sqs = allowedStatements(t.work, fn).filter((st) => [st.Action].flat().some((a) => a.startsWith('sqs:')));
      for (const st of sqs) expect(st.Resource).toEqual({ 'Fn::GetAtt': [queue, 'Arn'] });
      const actions = sqs.flatMap((st) => [st.Action].flat());
      expect(actions).toEqual(expect.arrayContaining(['sqs:ReceiveMessage', 'sqs:DeleteMessage']));
      expect(actions.includes('sqs:SendMessage')).toBe(!!def.sendsToSelf);
      if (def.sendsToSelf) expect(fn.env[workQueueUrlEnv(def.name)]).toEqual({ Ref: queue });
      // The dead-letter queue is for people: no function reads or writes it.
      const dlq = queueLogicalId(def.name, 'DeadLetters');
      expect(JSON.stringify(allowedStatements(t.work, fn))).not.toContain(dlq);
    }
  });

  it('lets the broadcast consumer post to sockets, read the table and delete connection items, nothing else', () => {
    const fn = appFunction(t.work, 'notification-delivery');
    const actions = allowedActions(t.work, fn);
    expect(actions).toContain('execute-api:ManageConnections');
    expect(fn.env.WS_MANAGEMENT_ENDPOINT).toBeDefined();
    const writes = allowedStatements(t.work, fn).filter((st) =>
      [st.Action].flat().some((a) => DYNAMODB_WRITE_ACTIONS.includes(a)),
    );
    expect(writes).toHaveLength(1);
    expect(writes[0]).toMatchObject({
      Action: 'dynamodb:DeleteItem',
      Condition: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [`${CONNECTION_KEY_PREFIX}*`] } },
    });
  });

  it('lets exactly the producers that name a queue send to it (SendMessage on that queue, its URL in their environment)', () => {
    const producers = [
      ...groups.map(([g, def]) => ({ service: g, sends: def.sends ?? [], template: t.api })),
      ...schedules.map((s) => ({ service: s.name, sends: s.sends ?? [], template: t.jobs })),
    ];
    expect(producers.find((p) => p.service === 'notifications')?.sends).toContain('notification-delivery');
    for (const { service, sends, template } of producers) {
      const fn = appFunction(template, service);
      // Only statements on work queues (jobs also send failed runs to their FailedJobs queue).
      const workQueueIds = workQueues.map((q) => queueLogicalId(q.name, 'Queue'));
      const sqs = allowedStatements(template, fn).filter(
        (st) =>
          [st.Action].flat().some((a) => a.startsWith('sqs:')) &&
          workQueueIds.some((id) => refersToWork(st.Resource, id)),
      );
      expect(sqs.length > 0, service).toBe(sends.length > 0);
      for (const st of sqs) {
        expect([st.Action].flat().sort(), service).toEqual(
          ['sqs:GetQueueAttributes', 'sqs:GetQueueUrl', 'sqs:SendMessage'].sort(),
        );
        expect(
          sends.some((name) => refersToWork(st.Resource, queueLogicalId(name, 'Queue'))),
          service,
        ).toBe(true);
      }
      for (const name of sends)
        expect(refersToWork(fn.env[workQueueUrlEnv(name)], queueLogicalId(name, 'Queue'))).toBe(true);
    }
  });

  it('alarms the operator topic on the consumer failing and on anything in a dead-letter queue', () => {
    for (const def of workQueues) {
      const dlq = queueLogicalId(def.name, 'DeadLetters');
      const alarms = Object.values(t.work.findResources('AWS::CloudWatch::Alarm'));
      expect(
        alarms.some(
          (a) =>
            a.Properties.MetricName === 'ApproximateNumberOfMessagesVisible' &&
            JSON.stringify(a.Properties.Dimensions).includes(dlq),
        ),
      ).toBe(true);
      const fn = appFunction(t.work, def.name);
      expect(
        alarms.some(
          (a) => a.Properties.MetricName === 'Errors' && JSON.stringify(a.Properties.Dimensions).includes(fn.logicalId),
        ),
      ).toBe(true);
    }
  });
});

describe('TLS', () => {
  const deniesPlainHttp = Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } });

  it('makes the operator topic and the failed-jobs queue refuse plain HTTP', () => {
    t.data.hasResourceProperties('AWS::SNS::TopicPolicy', {
      PolicyDocument: { Statement: Match.arrayWith([deniesPlainHttp]) },
    });
    t.jobs.hasResourceProperties('AWS::SQS::QueuePolicy', {
      PolicyDocument: { Statement: Match.arrayWith([deniesPlainHttp]) },
    });
  });
});

describe('API stages', () => {
  const logGroupOf = (template: Template, stageProps: any) =>
    template.findResources('AWS::Logs::LogGroup')[refId(stageProps.AccessLogSettings.DestinationArn)];

  it('throttles the HTTP API stage and writes JSON access logs to a log group with retention', () => {
    const [stage] = Object.values(t.api.findResources('AWS::ApiGatewayV2::Stage'));
    expect(stage.Properties.StageName).toBe('$default');
    expect(stage.Properties.DefaultRouteSettings).toEqual({
      ThrottlingBurstLimit: HTTP_API_THROTTLE.burstLimit,
      ThrottlingRateLimit: HTTP_API_THROTTLE.rateLimit,
    });
    expect(JSON.parse(stage.Properties.AccessLogSettings.Format)).toMatchObject({
      requestId: '$context.requestId',
      status: '$context.status',
      routeKey: '$context.routeKey',
    });
    const logGroup = logGroupOf(t.api, stage.Properties);
    expect(logGroup.Properties.RetentionInDays).toBe(90);
    expect(logGroup.DeletionPolicy).toBe('Delete');
  });

  it('throttles the WebSocket stage and writes JSON access logs to a log group with retention', () => {
    const [stage] = Object.values(t.realtime.findResources('AWS::ApiGatewayV2::Stage'));
    expect(stage.Properties.DefaultRouteSettings).toMatchObject({
      ThrottlingBurstLimit: WEBSOCKET_THROTTLE.burstLimit,
      ThrottlingRateLimit: WEBSOCKET_THROTTLE.rateLimit,
    });
    expect(JSON.parse(stage.Properties.AccessLogSettings.Format)).toMatchObject({
      connectionId: '$context.connectionId',
      eventType: '$context.eventType',
    });
    const logGroup = logGroupOf(t.realtime, stage.Properties);
    expect(logGroup.Properties.RetentionInDays).toBe(90);
    expect(logGroup.DeletionPolicy).toBe('Delete');
  });
});

describe('jobs', () => {
  it('has a UTC rule (daily, or hourly with hour *) invoking each scheduled job', () => {
    for (const job of schedules) {
      t.jobs.hasResourceProperties('AWS::Events::Rule', {
        ScheduleExpression: `cron(${job.cron.minute} ${job.cron.hour} * * ? *)`,
        Targets: [Match.objectLike({ Arn: { 'Fn::GetAtt': [appFunction(t.jobs, job.name).logicalId, 'Arn'] } })],
      });
    }
    t.jobs.resourceCountIs('AWS::Events::Rule', schedules.length);
  });

  it('raises a CloudWatch alarm on the operator topic when the reconciliation logs ledger drift', () => {
    const reconcile = appFunction(t.jobs, 'ledger-reconcile');
    const logGroup =
      t.jobs.findResources('AWS::Lambda::Function')[reconcile.logicalId].Properties.LoggingConfig.LogGroup;
    t.jobs.hasResourceProperties('AWS::Logs::MetricFilter', {
      LogGroupName: logGroup,
      FilterPattern: '{ $.alarm = "LEDGER_DRIFT" }',
      MetricTransformations: [
        Match.objectLike({ MetricName: 'LEDGER_DRIFT', MetricNamespace: 'SimpleSlot/tester', MetricValue: '1' }),
      ],
    });
    t.jobs.hasResourceProperties('AWS::CloudWatch::Alarm', {
      MetricName: 'LEDGER_DRIFT',
      Threshold: 1,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      TreatMissingData: 'notBreaching',
      AlarmActions: toOperators(t.jobs),
    });
  });

  it('alarms the operator topic when a job run fails and when a failed run lands in FailedJobs', () => {
    const notifiesTopic = {
      Threshold: 1,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      TreatMissingData: 'notBreaching',
      AlarmActions: toOperators(t.jobs),
    };
    const failureQueues = new Set<string>();
    for (const job of schedules) {
      const fn = appFunction(t.jobs, job.name);
      t.jobs.hasResourceProperties('AWS::CloudWatch::Alarm', {
        Namespace: 'AWS/Lambda',
        MetricName: 'Errors',
        Dimensions: [{ Name: 'FunctionName', Value: { Ref: fn.logicalId } }],
        Statistic: 'Sum',
        Period: 300,
        ...notifiesTopic,
      });
      const invokeConfig = Object.values(t.jobs.findResources('AWS::Lambda::EventInvokeConfig')).find(
        (c) => c.Properties.FunctionName.Ref === fn.logicalId,
      );
      failureQueues.add(refId(invokeConfig?.Properties.DestinationConfig.OnFailure.Destination));
    }
    // Every job's failure destination is the one queue the alarm watches.
    expect(failureQueues.size).toBe(1);
    const [queue] = failureQueues;
    expect(t.jobs.findResources('AWS::SQS::Queue')[queue]).toBeDefined();
    t.jobs.hasResourceProperties('AWS::CloudWatch::Alarm', {
      Namespace: 'AWS/SQS',
      MetricName: 'ApproximateNumberOfMessagesVisible',
      Dimensions: [{ Name: 'QueueName', Value: { 'Fn::GetAtt': [queue, 'QueueName'] } }],
      Statistic: 'Maximum',
      ...notifiesTopic,
    });
    // Drift per log-line alarm, one per emitted metric (rank alerts), plus one Errors alarm per job and the
    // FailedJobs one; all notify the topic.
    const alarms = Object.values(t.jobs.findResources('AWS::CloudWatch::Alarm'));
    const logLineAlarms = schedules.reduce((n, job) => n + (job.alarms?.length ?? 0), 0);
    const metricAlarms = schedules.reduce((n, job) => n + (job.metricAlarms?.length ?? 0), 0);
    expect(metricAlarms).toBe(3);
    expect(alarms).toHaveLength(logLineAlarms + metricAlarms + schedules.length + 1);
    for (const alarm of alarms) expectToOperators(t.jobs, alarm.Properties.AlarmActions);
  });

  it('turns a schedule entry into a function, a rule, a failure destination and an Errors alarm', () => {
    // A fixture entry, so this holds while the real schedule table is still short.
    const fixtureApp = testApp({ stage: 'fixture' });
    const fixtureData = new DataStack(fixtureApp, 'Data', { stage: 'fixture' });
    const fixtureRealtime = new RealtimeStack(fixtureApp, 'Realtime', {
      stage: 'fixture',
      table: fixtureData.table,
      signingKey: fixtureData.signingKey,
      alarmTopic: fixtureData.alarmTopic,
    });
    const fixtureWork = new WorkStack(fixtureApp, 'Work', {
      stage: 'fixture',
      table: fixtureData.table,
      realtime: fixtureRealtime,
      alarmTopic: fixtureData.alarmTopic,
    });
    const stack = new JobsStack(fixtureApp, 'Jobs', {
      stage: 'fixture',
      alarmTopic: fixtureData.alarmTopic,
      table: fixtureData.table,
      realtime: fixtureRealtime,
      work: fixtureWork,
      schedules: [
        {
          name: 'fixture-job',
          entry: 'test/infra/fixtures/alias-handler.ts',
          cron: { minute: 5, hour: 18 },
          description: 'fixture',
          tableAccess: ['Query'],
          needs: ['websocketPush'],
        },
      ],
    });
    const template = Template.fromStack(stack);
    const fn = appFunction(template, 'fixture-job');

    template.hasResourceProperties('AWS::Events::Rule', {
      ScheduleExpression: 'cron(5 18 * * ? *)',
      Targets: [Match.objectLike({ Arn: { 'Fn::GetAtt': [fn.logicalId, 'Arn'] } })],
    });
    template.hasResourceProperties('AWS::Lambda::EventInvokeConfig', {
      FunctionName: { Ref: fn.logicalId },
      DestinationConfig: { OnFailure: { Destination: Match.anyValue() } },
    });
    template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      MetricName: 'Errors',
      Dimensions: [{ Name: 'FunctionName', Value: { Ref: fn.logicalId } }],
      AlarmActions: [Match.anyValue()],
    });
    const actions = allowedActions(template, fn);
    expect(actions.filter((a) => DYNAMODB_WRITE_ACTIONS.includes(a))).toEqual([]);
    expect(actions).toContain('execute-api:ManageConnections');
    expect(fn.env.WS_MANAGEMENT_ENDPOINT).toBeDefined();
  });
});

describe('edge (WAF)', () => {
  it('lives in us-east-1, where CloudFront takes web ACLs from', () => {
    expect(edge.region).toBe('us-east-1');
    expect(web.region).toBe(data.region);
  });

  it('has a CloudFront web ACL with the managed common and known-bad-inputs groups and a rate limit on /api/auth/*', () => {
    t.edge.resourceCountIs('AWS::WAFv2::WebACL', 1);
    const [acl] = Object.values(t.edge.findResources('AWS::WAFv2::WebACL'));
    expect(acl.Properties).toMatchObject({ Scope: 'CLOUDFRONT', DefaultAction: { Allow: {} } });
    const rules = acl.Properties.Rules as any[];
    const managed = rules
      .filter((r) => r.Statement.ManagedRuleGroupStatement)
      .map((r) => r.Statement.ManagedRuleGroupStatement);
    expect(managed.map((m) => `${m.VendorName}/${m.Name}`).sort()).toEqual([
      'AWS/AWSManagedRulesCommonRuleSet',
      'AWS/AWSManagedRulesKnownBadInputsRuleSet',
    ]);
    for (const r of rules.filter((r) => r.Statement.ManagedRuleGroupStatement))
      expect(r.OverrideAction).toEqual({ None: {} });
    // Only the 8 KB body-size rule is counted instead of blocked (bulk registration bodies are larger).
    const common = managed.find((m) => m.Name === 'AWSManagedRulesCommonRuleSet');
    expect(common.RuleActionOverrides).toEqual([{ Name: 'SizeRestrictions_BODY', ActionToUse: { Count: {} } }]);

    const rate = rules.find((r) => r.Statement.RateBasedStatement);
    expect(rate.Action).toEqual({ Block: {} });
    expect(rate.Statement.RateBasedStatement).toMatchObject({
      Limit: AUTH_RATE_LIMIT_PER_5_MIN,
      AggregateKeyType: 'IP',
      ScopeDownStatement: {
        ByteMatchStatement: {
          FieldToMatch: { UriPath: {} },
          PositionalConstraint: 'STARTS_WITH',
          SearchString: '/api/auth/',
        },
      },
    });
    expect(new Set(rules.map((r) => r.Priority)).size).toBe(rules.length);
  });

  it('attaches the web ACL to the distribution', () => {
    const [distribution] = Object.values(t.web.findResources('AWS::CloudFront::Distribution'));
    const aclId = Object.keys(t.edge.findResources('AWS::WAFv2::WebACL'))[0];
    expect(JSON.stringify(distribution.Properties.DistributionConfig.WebACLId)).toMatch(
      new RegExp(`"StackName":"${edge.stackName}","Region":"us-east-1","OutputName":"[^"]*${aclId}Arn`),
    );
  });
});

describe('web', () => {
  const distribution = Object.values(t.web.findResources('AWS::CloudFront::Distribution'))[0].Properties
    .DistributionConfig;
  const behaviour = (pattern: string) =>
    distribution.CacheBehaviors.find((b: { PathPattern: string }) => b.PathPattern === pattern);
  const originOf = (b: { TargetOriginId: string }) =>
    distribution.Origins.find((o: { Id: string }) => o.Id === b.TargetOriginId);
  const functionCode = (association: { FunctionARN: unknown }) => {
    const id = refId(association.FunctionARN);
    const code = t.web.findResources('AWS::CloudFront::Function')[id].Properties.FunctionCode as string;
    return new Function(`${code}; return handler;`)() as (event: unknown) => any;
  };
  const viewerRequest = (uri: string, headers: Record<string, string> = {}) => ({
    request: {
      uri,
      headers: Object.fromEntries(Object.entries(headers).map(([k, value]) => [k, { value }])),
    },
  });

  const behaviours = () => [distribution.DefaultCacheBehavior, ...distribution.CacheBehaviors];

  it('puts the one custom security-headers policy on every behaviour', () => {
    const policies = t.web.findResources('AWS::CloudFront::ResponseHeadersPolicy');
    expect(Object.keys(policies)).toHaveLength(1);
    const [policyId, policy] = Object.entries(policies)[0];
    expect(behaviours()).toHaveLength(4);
    for (const b of behaviours())
      expect(b.ResponseHeadersPolicyId, b.PathPattern ?? 'default').toEqual({ Ref: policyId });

    const security = policy.Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig;
    const wire = securityHeaderValues();
    // The wire policy, with the media bucket's S3 host (a GetAtt, resolved at deploy) in connect-src for image uploads.
    const csp = security.ContentSecurityPolicy.ContentSecurityPolicy['Fn::Join'][1]
      .map((part: unknown) => (typeof part === 'string' ? part : `<${refId(part)}>`))
      .join('');
    const mediaId = Object.keys(t.web.findResources('AWS::S3::Bucket')).find((id) => id.startsWith('MediaBucket'));
    expect(csp).toBe(contentSecurityPolicy([`https://<${mediaId}>`]));
    expect(security).toEqual({
      ContentSecurityPolicy: { ContentSecurityPolicy: expect.anything(), Override: true },
      StrictTransportSecurity: {
        AccessControlMaxAgeSec: HSTS_MAX_AGE_SECONDS,
        IncludeSubdomains: true,
        Override: true,
      },
      ContentTypeOptions: { Override: true },
      FrameOptions: { FrameOption: wire['x-frame-options'], Override: true },
      ReferrerPolicy: { ReferrerPolicy: wire['referrer-policy'], Override: true },
    });
  });

  it('enforces TLS: viewers on HTTPS, origins over HTTPS, the bucket refuses plain HTTP', () => {
    for (const b of behaviours())
      expect(['redirect-to-https', 'https-only'], b.PathPattern ?? 'default').toContain(b.ViewerProtocolPolicy);
    for (const origin of distribution.Origins.filter((o: any) => o.CustomOriginConfig)) {
      expect(origin.CustomOriginConfig.OriginProtocolPolicy, origin.Id).toBe('https-only');
    }
    t.web.hasResourceProperties('AWS::S3::BucketPolicy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
        ]),
      },
    });
  });

  it('sends /api/* uncached, with every method and viewer header, to the HTTP API', () => {
    const api = behaviour('/api/*');
    expect(api).toMatchObject({
      AllowedMethods: expect.arrayContaining(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']),
      CachePolicyId: CachePolicy.CACHING_DISABLED.cachePolicyId,
      OriginRequestPolicyId: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER.originRequestPolicyId,
    });
    expect(JSON.stringify(originOf(api).DomainName)).toContain('SimpleSlot-tester-Api');
  });

  it('adds the origin-lock secret header (resolved from Secrets Manager at deploy) on the way to the HTTP API only', () => {
    const apiOrigin = originOf(behaviour('/api/*'));
    const secretId = Object.keys(t.data.findResources('AWS::SecretsManager::Secret')).find((id) =>
      id.startsWith('OriginVerifySecret'),
    )!;
    expect(apiOrigin.OriginCustomHeaders).toHaveLength(1);
    const [header] = apiOrigin.OriginCustomHeaders;
    expect(header.HeaderName).toBe(ORIGIN_VERIFY_HEADER);
    const value = JSON.stringify(header.HeaderValue);
    expect(value).toContain('{{resolve:secretsmanager:');
    expect(value).toMatch(new RegExp(`Ref${secretId}`));
    // A rotation bump (context originSecretRotation) changes the distribution, so the reference is resolved again.
    expect(distribution.Comment).toContain('origin secret rotation 0');
    expect(originOf(behaviour('/ws')).OriginCustomHeaders).toBeUndefined();
    expect(originOf(distribution.DefaultCacheBehavior).OriginCustomHeaders).toBeUndefined();
  });

  it('hands the viewer address to the API in its own header, replacing a client-sent one', () => {
    const stamp = functionCode(behaviour('/api/*').FunctionAssociations[0]);
    const request = {
      ...viewerRequest('/api/auth/login', { [VIEWER_IP_HEADER]: '10.0.0.1' }),
      viewer: { ip: '203.0.113.7' },
    };
    expect(stamp(request).headers[VIEWER_IP_HEADER]).toEqual({ value: '203.0.113.7' });
  });

  it('sends /ws to the WebSocket API', () => {
    const ws = behaviour('/ws');
    expect(ws).toMatchObject({
      CachePolicyId: CachePolicy.CACHING_DISABLED.cachePolicyId,
      OriginRequestPolicyId: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER.originRequestPolicyId,
    });
    expect(JSON.stringify(originOf(ws).DomainName)).toContain('SimpleSlot-tester-Realtime');
    expect(originOf(ws).OriginPath ?? '').toBe('');
  });

  it('accepts WebSocket handshakes only from the site itself', () => {
    const check = functionCode(behaviour('/ws').FunctionAssociations[0]);
    const host = 'd111.cloudfront.net';
    expect(check(viewerRequest('/ws', { host, origin: `https://${host}` }))).toMatchObject({ uri: '/ws' });
    expect(check(viewerRequest('/ws', { host, origin: 'https://evil.example' }))).toMatchObject({ statusCode: 403 });
    expect(check(viewerRequest('/ws', { host }))).toMatchObject({ statusCode: 403 });
  });

  it('serves the SPA shell for client routes with a function, not an error mapping', () => {
    expect(distribution.CustomErrorResponses).toBeUndefined();
    expect(originOf(distribution.DefaultCacheBehavior).S3OriginConfig).toBeDefined();
    const rewrite = functionCode(distribution.DefaultCacheBehavior.FunctionAssociations[0]);
    expect(rewrite(viewerRequest('/slots/123')).uri).toBe('/index.html');
    expect(rewrite(viewerRequest('/')).uri).toBe('/index.html');
    expect(rewrite(viewerRequest('/assets/index-abc123.js')).uri).toBe('/assets/index-abc123.js');
    expect(rewrite(viewerRequest('/favicon.ico')).uri).toBe('/favicon.ico');
  });

  it('keeps the bucket private behind origin access control', () => {
    t.web.hasResourceProperties('AWS::S3::Bucket', {
      PublicAccessBlockConfiguration: {
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      },
    });
    // One for the site bucket, one for the announcement media bucket.
    t.web.resourceCountIs('AWS::CloudFront::OriginAccessControl', 2);
  });

  it('uploads the built SPA only when it exists: fingerprinted assets first, then the shell', () => {
    let uploaded: string[] = [];
    const webStack = (siteDir: string) => {
      const fixtureApp = testApp();
      const apis = new Stack(fixtureApp, 'Apis');
      const httpApi = new HttpApi(apis, 'Http');
      const webSocketApi = new WebSocketApi(apis, 'Ws');
      const template = Template.fromStack(
        new WebStack(fixtureApp, 'Web', { stage: 'fixture', siteDir, httpApi, webSocketApi }),
      );
      // What the deployments upload: the files staged into the cloud assembly.
      const outdir = fixtureApp.synth().directory;
      uploaded = readdirSync(outdir, { recursive: true, encoding: 'utf8' })
        .filter((f) => f.startsWith('asset.') && f.includes(path.sep))
        .map((f) => f.slice(f.indexOf(path.sep) + 1));
      return template;
    };
    const siteDir = mkdtempSync(path.join(tmpdir(), 'site-'));
    try {
      mkdirSync(path.join(siteDir, 'assets'));
      writeFileSync(path.join(siteDir, 'index.html'), '<!doctype html>');
      writeFileSync(path.join(siteDir, 'assets', 'index-abc123.js'), '');
      // Local mode's precompressed copies stay behind: CloudFront compresses on its own.
      writeFileSync(path.join(siteDir, 'assets', 'index-abc123.js.br'), '');
      writeFileSync(path.join(siteDir, 'index.html.gz'), '');
      const built = webStack(siteDir);
      expect(uploaded).toContain(path.join('assets', 'index-abc123.js'));
      expect(uploaded).toContain('index.html');
      expect(uploaded.filter((f) => /\.(br|gz)$/.test(f))).toEqual([]);
      const deployments = built.findResources('Custom::CDKBucketDeployment');
      const [assetsId, assets] = Object.entries(deployments).find(([, d]) =>
        d.Properties.Include?.includes('assets/*'),
      )!;
      const [, shell] = Object.entries(deployments).find(([, d]) => d.Properties.Exclude?.includes('assets/*'))!;
      expect(assets.Properties).toMatchObject({
        SystemMetadata: { 'cache-control': expect.stringContaining('immutable') },
        Prune: false,
      });
      expect(shell.Properties).toMatchObject({
        SystemMetadata: { 'cache-control': 'no-cache' },
        DistributionPaths: ['/*'],
      });
      expect(shell.DependsOn).toContain(assetsId);
    } finally {
      rmSync(siteDir, { recursive: true, force: true });
    }
    webStack(path.join(siteDir, 'missing')).resourceCountIs('Custom::CDKBucketDeployment', 0);
  });
});

describe('announcement media', () => {
  const buckets = t.web.findResources('AWS::S3::Bucket');
  const [mediaId, media] = Object.entries(buckets).find(([id]) => id.startsWith('MediaBucket'))!;
  const distribution = Object.values(t.web.findResources('AWS::CloudFront::Distribution'))[0].Properties
    .DistributionConfig;
  const mediaBehaviour = distribution.CacheBehaviors.find((b: { PathPattern: string }) => b.PathPattern === '/media/*');

  it('keeps the bucket private and encrypted, refuses plain HTTP, and expires unconfirmed uploads', () => {
    expect(media.Properties.PublicAccessBlockConfiguration).toEqual({
      BlockPublicAcls: true,
      BlockPublicPolicy: true,
      IgnorePublicAcls: true,
      RestrictPublicBuckets: true,
    });
    expect(
      media.Properties.BucketEncryption.ServerSideEncryptionConfiguration[0].ServerSideEncryptionByDefault.SSEAlgorithm,
    ).toBe('AES256');
    const policy = Object.values(t.web.findResources('AWS::S3::BucketPolicy')).find(
      (p) => refId(p.Properties.Bucket) === mediaId,
    )!;
    expect(policy.Properties.PolicyDocument.Statement).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
      ]),
    );
    expect(media.Properties.LifecycleConfiguration.Rules).toEqual(
      expect.arrayContaining([expect.objectContaining({ Prefix: 'uploads/', ExpirationInDays: 1, Status: 'Enabled' })]),
    );
    // Only CloudFront (origin access control) reads it: no public principal.
    const allows = policy.Properties.PolicyDocument.Statement.filter((st: { Effect: string }) => st.Effect === 'Allow');
    expect(allows.length).toBeGreaterThan(0);
    // CloudFront (origin access control) reads; a sandbox's auto-delete role empties it on destroy; nobody public.
    for (const st of allows) expect(st.Principal === '*' || st.Principal?.AWS === '*', JSON.stringify(st)).toBe(false);
    expect(
      allows.some(
        (st: { Principal: unknown; Action: unknown }) =>
          JSON.stringify(st.Principal) === '{"Service":"cloudfront.amazonaws.com"}' && st.Action === 's3:GetObject',
      ),
    ).toBe(true);
  });

  it('serves /media/* from the media bucket on the site origin: GET/HEAD, HTTPS, cached, the security headers', () => {
    expect(mediaBehaviour).toBeDefined();
    const origin = distribution.Origins.find((o: { Id: string }) => o.Id === mediaBehaviour.TargetOriginId);
    expect(refId(origin.DomainName)).toBe(mediaId);
    expect(origin.OriginAccessControlId).toBeDefined();
    expect(mediaBehaviour.AllowedMethods ?? ['GET', 'HEAD']).toEqual(['GET', 'HEAD']);
    expect(mediaBehaviour.ViewerProtocolPolicy).toBe('redirect-to-https');
    expect(mediaBehaviour.CachePolicyId).toBe(CachePolicy.CACHING_OPTIMIZED.cachePolicyId);
    expect(mediaBehaviour.ResponseHeadersPolicyId).toBeDefined();
  });

  it("names the bucket within S3's 63 characters for the longest stage name in the longest region", () => {
    expect(mediaBucketName('a'.repeat(20), '123456789012', 'ap-southeast-5').length).toBeLessThanOrEqual(63);
    expect(mediaBucketName('a'.repeat(20), '123456789012', 'ap-southeast-5')).toMatch(/^[a-z0-9][a-z0-9.-]+[a-z0-9]$/);
  });

  it('lets only the announcements function touch the bucket, and only uploads/ and media/announcements/', () => {
    for (const [name, template] of Object.entries(t)) {
      for (const [service, fns] of appFunctions(template)) {
        for (const fn of fns) {
          const s3 = allowedStatements(template, fn).filter((st) =>
            [st.Action].flat().some((a) => String(a).startsWith('s3:')),
          );
          if (service !== 'announcements') {
            expect(s3, `${name} ${service}`).toEqual([]);
            continue;
          }
          expect(fn.env.MEDIA_BUCKET).toBeDefined();
          const resources = s3.flatMap((st) => [st.Resource].flat()).map((r) => JSON.stringify(r));
          expect(resources.length).toBe(2);
          expect(
            resources.every((r) => /media-.*\/(uploads|media\/announcements)\/\*/.test(r)),
            resources.join(),
          ).toBe(true);
          const served = s3.find((st) => JSON.stringify(st.Resource).includes('media/announcements/'))!;
          expect([served.Action].flat()).toEqual(['s3:PutObject']);
        }
      }
    }
  });
});
