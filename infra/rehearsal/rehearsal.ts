import { randomBytes, randomUUID } from 'node:crypto';
import { statSync, readdirSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { CreateTableCommand, DynamoDBClient, UpdateTimeToLiveCommand } from '@aws-sdk/client-dynamodb';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, SQSBatchResponse } from 'aws-lambda';
import { createWebsocketGateway } from '../local/websocket-server';
import type { Assembly, AssemblyFunction, Json, StackTemplate } from './assembly';
import { accessRequests, evaluate, globMatch, grantedActions, type AccessRequest, type Statement } from './iam';
import { REHEARSAL_ACCOUNT, Resolver } from './resolve';
import { Sandbox, type LoadFigures, type SdkCall } from './sandbox';
import { AwsStandIns } from './stand-ins';
import { isOptionalSetting, lambdaRuntimeEnvironment, REQUIRED_WHEN_GRANTED } from './settings';
import { unrehearsedGrants, type UnrehearsedGrant } from '../unrehearsed-grants';
import { grantFindings, type GrantUse } from './grants';

export interface RehearsedFunction {
  key: string;
  fn: AssemblyFunction;
  stack: StackTemplate;
  arn: string;
  /** The template entry's variables, resolved (stand-ins for account-only values). */
  templateEnv: Record<string, string>;
  statements: Statement[];
  webSocket?: { apiId: string; stage: string };
  sandbox?: Sandbox;
  figures?: LoadFigures & { bundleBytes: number; assetBytes: number };
  requests: Array<AccessRequest & { allowed: boolean }>;
  missingEnv: Set<string>;
}

export interface HttpRoute {
  method: string;
  path: string;
  routeKey: string;
  target: string;
  pattern: RegExp;
  params: string[];
}

/** What the rehearsal found wrong: each names the function and what it lacked. */
export interface Problem {
  kind: 'permission' | 'setting' | 'route' | 'load' | 'invocation' | 'grant';
  fn?: string;
  message: string;
}

/**
 * Grants Lambda itself uses with the function's role, not the code: X-Ray tracing and the failure
 * destination of asynchronous invocations (the jobs' queue). The report leaves them out.
 */
const LAMBDA_OWN_ACTIONS = ['xray:*', 'sqs:SendMessage', 'sqs:GetQueueAttributes', 'sqs:GetQueueUrl'];
/** What Lambda's poller does with a queue consumer's role: receive, delete, extend a message's visibility. */
const EVENT_SOURCE_ACTIONS = ['sqs:ReceiveMessage', 'sqs:DeleteMessage', 'sqs:ChangeMessageVisibility'];

const dirBytes = (dir: string): number =>
  readdirSync(dir, { withFileTypes: true }).reduce(
    (sum, e) => sum + (e.isDirectory() ? dirBytes(path.join(dir, e.name)) : statSync(path.join(dir, e.name)).size),
    0,
  );

/**
 * A deployed stage without an account: every product function of the cloud assembly runs its own
 * asset in a sandbox with the environment its template entry gives; HTTP API and WebSocket requests
 * reach the function the template wires; each SDK call is checked against the function's policy.
 * Stand-ins: DynamoDB Local for the table, `AwsStandIns` for keys, secrets and buckets, local
 * mode's WebSocket server for the management endpoint.
 */
export class Rehearsal {
  public readonly functions = new Map<string, RehearsedFunction>();
  public readonly httpRoutes: HttpRoute[] = [];
  public readonly webSocketRoutes = new Map<string, string>();
  public readonly problems: Problem[] = [];
  public readonly aws = new AwsStandIns();
  public url = '';
  private readonly resolver: Resolver;
  private readonly partitionKeys = new Map<string, string>();
  private readonly tables: Array<{ name: string; props: Json }> = [];
  private server?: Server;
  private gateway?: ReturnType<typeof createWebsocketGateway>;
  private httpApi?: { apiId: string; stage: string };

  public constructor(
    public readonly assembly: Assembly,
    private readonly opts: { dynamoEndpoint: string; viewerIpHeader: string; runId?: string },
  ) {
    this.resolver = new Resolver(assembly.stacks, opts.runId ?? randomBytes(3).toString('hex'));
  }

  public async start(): Promise<this> {
    this.readStandIns();
    await this.createTables();
    this.server = createServer((req, res) => void this.serve(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', () => resolve()));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    this.readFunctions();
    this.readRoutes();
    return this;
  }

  // --- stand-ins --------------------------------------------------------------------------------

  private eachResource(fn: (stack: StackTemplate, id: string, props: Json, type: string) => void) {
    for (const stack of this.assembly.stacks)
      for (const [id, res] of Object.entries(stack.template.Resources)) fn(stack, id, res.Properties ?? {}, res.Type);
  }

  private readStandIns() {
    this.eachResource((stack, id, props, type) => {
      this.aws.add(stack, id, type, props, this.resolver);
      if (type === 'AWS::DynamoDB::GlobalTable' || type === 'AWS::DynamoDB::Table') {
        const name = this.resolver.resolve({ Ref: id }, stack);
        const hash = (props.KeySchema as Json[]).find((k) => k.KeyType === 'HASH').AttributeName;
        this.partitionKeys.set(name, hash);
        this.tables.push({ name, props });
      }
    });
  }

  /** The template's own key schema and indexes, so a query on an index the template lacks fails here. */
  private async createTables() {
    const client = new DynamoDBClient({
      endpoint: this.opts.dynamoEndpoint,
      region: 'local',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
    try {
      for (const { name, props } of this.tables) {
        await client.send(
          new CreateTableCommand({
            TableName: name,
            BillingMode: 'PAY_PER_REQUEST',
            KeySchema: props.KeySchema,
            AttributeDefinitions: props.AttributeDefinitions,
            GlobalSecondaryIndexes: props.GlobalSecondaryIndexes?.map((g: Json) => ({
              IndexName: g.IndexName,
              KeySchema: g.KeySchema,
              Projection: g.Projection,
            })),
          }),
        );
        if (props.TimeToLiveSpecification?.Enabled)
          await client.send(
            new UpdateTimeToLiveCommand({
              TableName: name,
              TimeToLiveSpecification: { AttributeName: props.TimeToLiveSpecification.AttributeName, Enabled: true },
            }),
          );
      }
    } finally {
      client.destroy();
    }
  }

  // --- the template -----------------------------------------------------------------------------

  private readFunctions() {
    for (const fn of this.assembly.functions) {
      if (!fn.product) continue;
      const stack = this.resolver.stack(fn.stack);
      const res = stack.template.Resources[fn.logicalId];
      const where = `${fn.stack}/${fn.logicalId}`;
      const raw = this.resolver.resolve(res.Properties?.Environment?.Variables ?? {}, stack, where);
      const templateEnv: Record<string, string> = {};
      let webSocket: RehearsedFunction['webSocket'];
      for (const [name, value] of Object.entries(raw as Record<string, string>)) {
        // The management endpoint of a WebSocket API of this assembly → the local WebSocket server.
        const endpoint = /^https:\/\/([a-z0-9]+)\.execute-api\.[^/]+\.amazonaws\.com\/([^/]+)$/.exec(String(value));
        // A queue URL of this assembly → the SQS stand-in (the SDK sends to the queue URL's host).
        const queue = /^https:\/\/sqs\.[^/]+\.amazonaws\.com\/(\d+)\/([^/]+)$/.exec(String(value));
        if (endpoint && this.isWebSocketApi(endpoint[1])) {
          webSocket = { apiId: endpoint[1], stage: endpoint[2] };
          templateEnv[name] = `${this.url}/_rehearsal/connections/${endpoint[1]}/${endpoint[2]}`;
        } else if (queue) templateEnv[name] = `${this.url}/_rehearsal/sqs/${queue[1]}/${queue[2]}`;
        else templateEnv[name] = String(value);
      }
      this.functions.set(where, {
        key: where,
        fn,
        stack,
        arn: this.resolver.resolve({ 'Fn::GetAtt': [fn.logicalId, 'Arn'] }, stack),
        templateEnv,
        statements: this.policyOf(stack, res.Properties?.Role, where),
        webSocket,
        requests: [],
        missingEnv: new Set(),
      });
    }
  }

  private isWebSocketApi(apiId: string) {
    let found = false;
    this.eachResource((_s, id, props, type) => {
      if (type === 'AWS::ApiGatewayV2::Api' && props.ProtocolType === 'WEBSOCKET' && this.resolver.apiId(id) === apiId)
        found = true;
    });
    return found;
  }

  /** The statements of every policy attached to the function's execution role. */
  private policyOf(stack: StackTemplate, role: Json, where: string): Statement[] {
    const roleId = role?.['Fn::GetAtt']?.[0];
    const statements: Json[] = [];
    for (const [, res] of Object.entries(stack.template.Resources)) {
      if (res.Type === 'AWS::IAM::Policy' && (res.Properties?.Roles ?? []).some((r: Json) => r.Ref === roleId))
        statements.push(...res.Properties!.PolicyDocument.Statement);
    }
    for (const inline of stack.template.Resources[roleId]?.Properties?.Policies ?? [])
      statements.push(...inline.PolicyDocument.Statement);
    return this.resolver.resolve(statements, stack, `${where} policy`);
  }

  private readRoutes() {
    this.eachResource((stack, id, props, type) => {
      if (type !== 'AWS::ApiGatewayV2::Route') return;
      const api = stack.template.Resources[props.ApiId?.Ref];
      const integrationId = /^integrations\/(.+)$/.exec(this.resolver.resolve(props.Target, stack, id))?.[1];
      const integration = Object.entries(stack.template.Resources).find(
        ([iid]) => this.resolver.resolve({ Ref: iid }, stack) === integrationId,
      )?.[1];
      const uri = integration ? this.resolver.resolve(integration.Properties?.IntegrationUri, stack, id) : undefined;
      const target = [...this.functions.values()].find((f) => uri && String(uri).includes(f.arn))?.key;
      if (!target) {
        this.problems.push({
          kind: 'route',
          message: `route ${props.RouteKey} (${id}) reaches no function of the assembly`,
        });
        return;
      }
      if (api?.Properties?.ProtocolType === 'WEBSOCKET') {
        this.webSocketRoutes.set(props.RouteKey, target);
        return;
      }
      this.httpApi ??= { apiId: this.resolver.apiId(props.ApiId.Ref), stage: '$default' };
      const [method, routePath] = String(props.RouteKey).split(' ');
      const params: string[] = [];
      const source = routePath
        .split('/')
        .map((seg) => {
          const param = /^\{(.+?)(\+)?\}$/.exec(seg);
          if (!param) return seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
          params.push(param[1]);
          return param[2] ? '(.+)' : '([^/]+)';
        })
        .join('/');
      this.httpRoutes.push({
        method,
        path: routePath,
        routeKey: props.RouteKey,
        target,
        params,
        pattern: new RegExp(`^${source}$`),
      });
    });
    // API Gateway prefers the most specific route: literal segments before parameters.
    const weight = (r: HttpRoute) => r.path.split('/').map((s) => (s.startsWith('{') ? (s.endsWith('+}') ? 2 : 1) : 0));
    this.httpRoutes.sort((a, b) => {
      const wa = weight(a);
      const wb = weight(b);
      for (let i = 0; i < Math.min(wa.length, wb.length); i++) if (wa[i] !== wb[i]) return wa[i] - wb[i];
      return wb.length - wa.length;
    });
  }

  // --- sandboxes --------------------------------------------------------------------------------

  private environmentOf(f: RehearsedFunction): Record<string, string> {
    const stand = this.url;
    return {
      ...lambdaRuntimeEnvironment({
        functionName: `${f.stack.name}-${f.fn.logicalId}`,
        memoryMb: f.fn.memoryMb,
        region: f.stack.region,
        handler: f.fn.handler,
      }),
      // Where the unchanged SDK sends its calls (the SDK's own service endpoint variables).
      AWS_ENDPOINT_URL_DYNAMODB: this.opts.dynamoEndpoint,
      AWS_ENDPOINT_URL_KMS: stand,
      AWS_ENDPOINT_URL_SECRETS_MANAGER: stand,
      AWS_ENDPOINT_URL_S3: stand,
      // This machine's Node is 20; Lambda runs 22.
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
      ...f.templateEnv,
    };
  }

  public sandbox(f: RehearsedFunction): Sandbox {
    if (f.sandbox) return f.sandbox;
    if (!f.fn.assetDir || !f.fn.handlerFile)
      throw new Error(`${f.fn.name}: no handler file for ${f.fn.handler} in its asset`);
    const granted = grantedActions(f.statements);
    f.sandbox = new Sandbox(
      {
        label: f.fn.name,
        functionName: `${f.stack.name}-${f.fn.logicalId}`,
        functionArn: f.arn,
        memoryMb: f.fn.memoryMb,
        timeoutSeconds: f.fn.timeoutSeconds,
        file: path.join(f.fn.assetDir, f.fn.handlerFile),
        exportName: f.fn.handler.slice(f.fn.handler.lastIndexOf('.') + 1),
        env: this.environmentOf(f),
      },
      {
        onSdkCall: (call) => this.check(f, call),
        onAbsentEnv: (name) => {
          const needs = REQUIRED_WHEN_GRANTED[name];
          const required = needs ? granted.some((a) => globMatch(a, needs, true)) : !isOptionalSetting(name);
          if (!required || f.missingEnv.has(name)) return;
          f.missingEnv.add(name);
          this.problems.push({
            kind: 'setting',
            fn: f.fn.name,
            message: `${f.fn.name} reads environment variable ${name}, which its template entry (${f.stack.name}/${f.fn.logicalId}) does not set`,
          });
        },
      },
    );
    return f.sandbox;
  }

  /** Checks one SDK call against the function's policy; returns AWS's refusal when it is not allowed. */
  private check(f: RehearsedFunction, call: SdkCall): string | undefined {
    let requests: AccessRequest[];
    try {
      requests = accessRequests(call, {
        region: f.stack.region,
        partitionKeys: this.partitionKeys,
        webSocket: f.webSocket,
      });
    } catch (err) {
      this.problems.push({ kind: 'permission', fn: f.fn.name, message: `${f.fn.name}: ${(err as Error).message}` });
      return (err as Error).message;
    }
    let refusal: string | undefined;
    for (const request of requests) {
      let allowed = false;
      try {
        allowed = evaluate(f.statements, request).allowed;
      } catch (err) {
        this.problems.push({ kind: 'permission', fn: f.fn.name, message: `${f.fn.name}: ${(err as Error).message}` });
      }
      f.requests.push({ ...request, allowed });
      if (allowed) continue;
      const conditions = Object.entries(request.context).filter(([, v]) => v !== undefined);
      this.problems.push({
        kind: 'permission',
        fn: f.fn.name,
        message: `${f.fn.name} calls ${request.action} on ${request.resource}, which its policy does not allow${
          conditions.length ? ` (with ${JSON.stringify(Object.fromEntries(conditions))})` : ''
        }`,
      });
      refusal ??=
        `User: arn:aws:sts::${REHEARSAL_ACCOUNT}:assumed-role/${f.fn.logicalId}Role/${f.stack.name}-${f.fn.logicalId} ` +
        `is not authorized to perform: ${request.action} on resource: ${request.resource} ` +
        `because no identity-based policy allows the ${request.action} action`;
    }
    return refusal;
  }

  /** One more cold start of `f` in a throwaway sandbox (for figures: the kept one loaded once). */
  public async coldStart(f: RehearsedFunction): Promise<LoadFigures> {
    const kept = f.sandbox;
    f.sandbox = undefined;
    const fresh = this.sandbox(f);
    f.sandbox = kept;
    try {
      return await fresh.load();
    } finally {
      await fresh.stop();
    }
  }

  /** Cold starts, one at a time so the figures do not compete for the CPU. */
  public async loadAll(only: (f: RehearsedFunction) => boolean = () => true): Promise<void> {
    for (const f of [...this.functions.values()].filter(only)) {
      try {
        const figures = await this.sandbox(f).load();
        const file = path.join(f.fn.assetDir!, f.fn.handlerFile!);
        f.figures = { ...figures, bundleBytes: statSync(file).size, assetBytes: dirBytes(f.fn.assetDir!) };
        if (figures.rssBytes > f.fn.memoryMb * 1024 * 1024)
          this.problems.push({
            kind: 'load',
            fn: f.fn.name,
            message: `${f.fn.name} uses ${Math.round(figures.rssBytes / 1048576)} MB after loading, more than its ${f.fn.memoryMb} MB`,
          });
      } catch (err) {
        this.problems.push({ kind: 'load', fn: f.fn.name, message: (err as Error).message });
      }
    }
  }

  public byName(name: string): RehearsedFunction {
    const found = [...this.functions.values()].find((f) => f.fn.name === name);
    if (!found) throw new Error(`no function ${name} in the assembly`);
    return found;
  }

  /** Runs one function, reporting a thrown error as a problem (as Lambda would log and fail it). */
  public async invoke(f: RehearsedFunction, event: unknown): Promise<unknown> {
    const running = this.sandbox(f).invoke(event);
    this.inflight.add(running);
    try {
      return await running;
    } catch (err) {
      this.problems.push({ kind: 'invocation', fn: f.fn.name, message: (err as Error).message });
      throw err;
    } finally {
      this.inflight.delete(running);
    }
  }
  private readonly inflight = new Set<Promise<unknown>>();

  /** Waits until no socket is open and no invocation runs (a $disconnect runs after the close). */
  public async settled(): Promise<void> {
    const deadline = Date.now() + 10_000;
    while ((this.gateway?.connectionCount() ?? 0) > 0 || this.inflight.size) {
      if (Date.now() > deadline) throw new Error('invocations still running after 10 s');
      await Promise.allSettled([...this.inflight]);
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  /**
   * Every route of the template, once, without credentials: the function it reaches must know the
   * route (a handler answers an unknown route key with `unknownRouteAnswer` before anything else)
   * and must not fail. Catches a route wired to the wrong function without needing a session.
   */
  public async sweepRoutes(unknownRouteAnswer: string, only: (route: HttpRoute) => boolean = () => true) {
    let swept = 0;
    for (const route of this.httpRoutes.filter(only)) {
      const path = route.path.replace(/\{([^}]+?)\+?\}/g, 'rehearsal-sweep');
      const res = await fetch(`${this.url}${path}`, {
        method: route.method === 'ANY' ? 'GET' : route.method,
        headers: route.method === 'GET' ? {} : { 'content-type': 'application/json' },
        body: route.method === 'GET' || route.method === 'ANY' ? undefined : '{}',
      });
      const text = await res.text();
      const fn = this.functions.get(route.target)!.fn.name;
      if (text.includes(unknownRouteAnswer))
        this.problems.push({
          kind: 'route',
          fn,
          message: `route ${route.routeKey} reaches ${fn}, which does not implement it`,
        });
      else if (res.status >= 500)
        this.problems.push({
          kind: 'invocation',
          fn,
          message: `route ${route.routeKey} (${fn}) answered ${res.status} to a request without credentials: ${text.slice(0, 300)}`,
        });
      swept++;
    }
    return swept;
  }

  // --- schedules and custom resources -----------------------------------------------------------

  /** Each EventBridge rule's targets, with the input the template gives them. */
  public schedules(): Array<{ rule: string; schedule: string; target: RehearsedFunction; event: unknown }> {
    const found: Array<{ rule: string; schedule: string; target: RehearsedFunction; event: unknown }> = [];
    this.eachResource((stack, id, props, type) => {
      if (type !== 'AWS::Events::Rule') return;
      for (const t of props.Targets ?? []) {
        const arn = this.resolver.resolve(t.Arn, stack, id);
        const target = [...this.functions.values()].find((f) => f.arn === arn);
        if (!target) {
          this.problems.push({ kind: 'route', message: `schedule ${id} targets ${arn}, no function of the assembly` });
          continue;
        }
        const event =
          t.Input !== undefined
            ? JSON.parse(this.resolver.resolve(t.Input, stack, id))
            : {
                version: '0',
                id: randomUUID(),
                'detail-type': 'Scheduled Event',
                source: 'aws.events',
                account: REHEARSAL_ACCOUNT,
                time: new Date().toISOString(),
                region: stack.region,
                resources: [`arn:aws:events:${stack.region}:${REHEARSAL_ACCOUNT}:rule/${stack.name}-${id}`],
                detail: {},
              };
        found.push({ rule: id, schedule: props.ScheduleExpression, target, event });
      }
    });
    return found;
  }

  /**
   * Delivers what the functions sent to queues, as Lambda's event source mapping would: to the
   * function the template's mapping names, in batches of its BatchSize; records a consumer lists in
   * `batchItemFailures` (or all of a batch whose invocation threw) are delivered again, at most
   * `maxReceives` times, then recorded as a problem. Repeats until every queue is empty (a consumer
   * may itself send: a broadcast's scan sends its pages).
   */
  public async drainQueues(maxReceives = 5): Promise<number> {
    const mappings = new Map<string, { target: RehearsedFunction; batchSize: number; arn: string }>();
    this.eachResource((stack, id, props, type) => {
      if (type !== 'AWS::Lambda::EventSourceMapping') return;
      const arn = String(this.resolver.resolve(props.EventSourceArn, stack, id));
      const target = this.functions.get(`${stack.name}/${props.FunctionName?.Ref}`);
      if (!target) {
        this.problems.push({ kind: 'route', message: `event source mapping ${id} names no function of the assembly` });
        return;
      }
      mappings.set(arn.split(':').pop()!, { target, batchSize: props.BatchSize ?? 10, arn });
    });
    const receives = new Map<string, number>();
    let delivered = 0;
    for (;;) {
      const name = [...this.aws.queued.keys()].find((q) => this.aws.queued.get(q)!.length);
      if (!name) return delivered;
      const mapping = mappings.get(name);
      if (!mapping) {
        this.problems.push({
          kind: 'route',
          message: `messages sent to queue ${name}, which no event source mapping reads`,
        });
        this.aws.queued.delete(name);
        continue;
      }
      const batch = this.aws.queued.get(name)!.splice(0, mapping.batchSize);
      for (const m of batch) receives.set(m.messageId, (receives.get(m.messageId) ?? 0) + 1);
      const event = {
        Records: batch.map((m) => ({
          messageId: m.messageId,
          receiptHandle: `${m.messageId}#${receives.get(m.messageId)}`,
          body: m.body,
          attributes: {
            ApproximateReceiveCount: String(receives.get(m.messageId)),
            SentTimestamp: String(Date.now()),
            SenderId: REHEARSAL_ACCOUNT,
            ApproximateFirstReceiveTimestamp: String(Date.now()),
          },
          messageAttributes: {},
          md5OfBody: '',
          eventSource: 'aws:sqs',
          eventSourceARN: mapping.arn,
          awsRegion: mapping.target.stack.region,
        })),
      };
      let failedIds: string[];
      try {
        const result = (await this.invoke(mapping.target, event)) as SQSBatchResponse | undefined;
        failedIds = (result?.batchItemFailures ?? []).map((f) => f.itemIdentifier);
      } catch {
        failedIds = batch.map((m) => m.messageId);
      }
      delivered += batch.length - failedIds.length;
      for (const m of batch.filter((b) => failedIds.includes(b.messageId))) {
        if (receives.get(m.messageId)! < maxReceives) this.aws.queued.get(name)!.push(m);
        else
          this.problems.push({
            kind: 'invocation',
            fn: mapping.target.fn.name,
            message: `queue ${name}: message ${m.messageId} failed ${maxReceives} times in ${mapping.target.fn.name}`,
          });
      }
    }
  }

  public async runSchedule(functionName: string): Promise<unknown> {
    const schedule = this.schedules().find((s) => s.target.fn.name === functionName);
    if (!schedule) throw new Error(`no schedule in the template runs ${functionName}`);
    return this.invoke(schedule.target, schedule.event);
  }

  /** Custom resources whose provider runs a product function (the bootstrap): their Create event. */
  public async runCustomResources(): Promise<string[]> {
    const ran: string[] = [];
    for (const stack of this.assembly.stacks) {
      for (const [id, res] of Object.entries(stack.template.Resources)) {
        if (!(res.Type === 'AWS::CloudFormation::CustomResource' || res.Type.startsWith('Custom::'))) continue;
        const props = res.Properties ?? {};
        const providerId = props.ServiceToken?.['Fn::GetAtt']?.[0];
        const provider = stack.template.Resources[providerId];
        const userArn = provider?.Properties?.Environment?.Variables?.USER_ON_EVENT_FUNCTION_ARN;
        if (!userArn) continue;
        const target = [...this.functions.values()].find((f) => f.arn === this.resolver.resolve(userArn, stack, id));
        if (!target) continue;
        await this.invoke(target, {
          RequestType: 'Create',
          ServiceToken: 'rehearsal',
          ResponseURL: 'https://rehearsal.invalid/',
          StackId: `arn:aws:cloudformation:${stack.region}:${REHEARSAL_ACCOUNT}:stack/${stack.name}/rehearsal`,
          RequestId: randomUUID(),
          LogicalResourceId: id,
          ResourceType: res.Type,
          ResourceProperties: this.resolver.resolve(props, stack, id),
        });
        ran.push(`${stack.name}/${id}`);
      }
    }
    return ran;
  }

  // --- the local endpoints ----------------------------------------------------------------------

  private websocket() {
    if (this.gateway) return this.gateway;
    const connect = this.webSocketRoutes.get('$connect');
    const api = connect ? this.functions.get(connect)?.webSocket : undefined;
    this.gateway = createWebsocketGateway({
      apiId: api?.apiId,
      stage: api?.stage,
      invoke: async (event) => {
        const key = this.webSocketRoutes.get(event.requestContext.routeKey) ?? this.webSocketRoutes.get('$default');
        if (!key) {
          this.problems.push({
            kind: 'route',
            message: `the WebSocket API has no ${event.requestContext.routeKey} route`,
          });
          return { statusCode: 500 };
        }
        return this.invoke(this.functions.get(key)!, event);
      },
    });
    this.server!.on('upgrade', (req, socket, head) => {
      if (new URL(req.url ?? '/', 'http://x').pathname !== '/ws') return socket.destroy();
      // handleUpgrade answers or closes the socket on every outcome of $connect, so it never rejects.
      void this.gateway!.handleUpgrade(req, socket, head);
    });
    return this.gateway;
  }

  /** Opens the WebSocket server before the first socket (`ws://…/ws`). */
  public get webSocketUrl(): string {
    this.websocket();
    return `${this.url.replace('http', 'ws')}/ws`;
  }

  private async serve(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://localhost');
    // The @connections endpoint reads its own body.
    const management = /^\/_rehearsal\/connections\/[^/]+\/[^/]+\/@connections\/([^/]+)$/.exec(url.pathname);
    if (management) return this.websocket().handleManagement(req, res, decodeURIComponent(management[1]));
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks);
    if (url.pathname.startsWith('/api/'))
      return this.serveApi(req, res, url, body).catch((err: Error) => {
        this.problems.push({ kind: 'invocation', message: `HTTP API stand-in: ${err.message}` });
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ message: 'Internal Server Error' }));
      });
    if (this.aws.handle(req, res, url, body)) return;
    res.writeHead(501, { 'content-type': 'application/json', 'x-amzn-errortype': 'NotImplemented' });
    res.end(JSON.stringify({ message: `the rehearsal has no stand-in for ${req.method} ${url.pathname}` }));
  }

  private edge?: Record<string, string>;
  /** The custom headers the CloudFront origin pointing at the HTTP API sends, secrets resolved. */
  private originHeaders(): Record<string, string> {
    if (this.edge) return this.edge;
    this.edge = {};
    this.eachResource((stack, id, props, type) => {
      if (type !== 'AWS::CloudFront::Distribution') return;
      for (const origin of props.DistributionConfig?.Origins ?? []) {
        const domain = String(this.resolver.resolve(origin.DomainName, stack, id));
        if (!domain.startsWith(`${this.httpApi?.apiId}.execute-api.`)) continue;
        for (const h of origin.OriginCustomHeaders ?? []) {
          const value = String(this.resolver.resolve(h.HeaderValue, stack, id)).replace(
            /\{\{resolve:secretsmanager:(.+?):SecretString:[^}]*\}\}/g,
            (_m, arn: string) => this.aws.secrets.get(arn) ?? '',
          );
          this.edge![String(h.HeaderName).toLowerCase()] = value;
        }
      }
    });
    return this.edge;
  }

  private matchRoute(method: string, pathname: string) {
    for (const route of this.httpRoutes) {
      if (route.method !== method && route.method !== 'ANY') continue;
      const m = route.pattern.exec(pathname);
      if (m)
        return {
          route,
          pathParameters: Object.fromEntries(route.params.map((p, i) => [p, decodeURIComponent(m[i + 1])])),
        };
    }
    return undefined;
  }

  private async serveApi(req: IncomingMessage, res: ServerResponse, url: URL, body: Buffer) {
    const method = req.method ?? 'GET';
    const match = this.matchRoute(method, url.pathname);
    if (!match) {
      this.problems.push({ kind: 'route', message: `the HTTP API has no route for ${method} ${url.pathname}` });
      res.writeHead(404, { 'content-type': 'application/json' });
      return res.end(JSON.stringify({ message: 'Not Found' }));
    }
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(req.headers))
      if (k !== 'cookie') headers[k] = Array.isArray(v) ? v.join(',') : (v ?? '');
    // What CloudFront adds on the way: the distribution's origin headers and (its viewer-request
    // function) the viewer's address.
    Object.assign(headers, this.originHeaders());
    headers[this.opts.viewerIpHeader] ??= '203.0.113.10';
    const query: Record<string, string> = {};
    for (const [k, v] of url.searchParams) query[k] = k in query ? `${query[k]},${v}` : v;
    const now = new Date();
    const event: APIGatewayProxyEventV2 = {
      version: '2.0',
      routeKey: match.route.routeKey,
      rawPath: url.pathname,
      rawQueryString: url.search.slice(1),
      cookies: req.headers.cookie
        ?.split(';')
        .map((c) => c.trim())
        .filter(Boolean),
      headers,
      queryStringParameters: Object.keys(query).length ? query : undefined,
      pathParameters: Object.keys(match.pathParameters).length ? match.pathParameters : undefined,
      requestContext: {
        accountId: REHEARSAL_ACCOUNT,
        apiId: this.httpApi!.apiId,
        domainName: `${this.httpApi!.apiId}.execute-api.amazonaws.com`,
        domainPrefix: this.httpApi!.apiId,
        http: {
          method,
          path: url.pathname,
          protocol: 'HTTP/1.1',
          sourceIp: '130.176.0.1',
          userAgent: headers['user-agent'] ?? '',
        },
        requestId: randomUUID(),
        routeKey: match.route.routeKey,
        stage: '$default',
        time: now.toISOString(),
        timeEpoch: now.getTime(),
      },
      body: body.length ? body.toString('utf8') : undefined,
      isBase64Encoded: false,
    };
    let result: APIGatewayProxyStructuredResultV2;
    try {
      result = (await this.invoke(this.functions.get(match.route.target)!, event)) as APIGatewayProxyStructuredResultV2;
    } catch {
      res.writeHead(500, { 'content-type': 'application/json' });
      return res.end(JSON.stringify({ message: 'Internal Server Error' }));
    }
    const out: Record<string, string | string[]> = { ...(result.headers as Record<string, string>) };
    if (result.cookies?.length) out['set-cookie'] = result.cookies;
    res.writeHead(result.statusCode ?? 200, out);
    res.end(result.isBase64Encoded ? Buffer.from(result.body ?? '', 'base64') : (result.body ?? ''));
  }

  // --- report -----------------------------------------------------------------------------------

  /** How the report and the grant list name a function: its stack's last name part and its service (`Api/cash`). */
  public static label(f: RehearsedFunction): string {
    return `${f.stack.name.split('-').pop()}/${f.fn.name}`;
  }

  /**
   * Per function: its granted actions and those no call of this run used (least privilege), without
   * Lambda's own (and, for a queue consumer, its poller's).
   */
  public unusedGrants(): GrantUse[] {
    const consumers = new Set<string>();
    this.eachResource((stack, _id, props, type) => {
      if (type === 'AWS::Lambda::EventSourceMapping') consumers.add(`${stack.name}/${props.FunctionName?.Ref}`);
    });
    return [...this.functions.values()].map((f) => {
      const own = consumers.has(f.key) ? [...LAMBDA_OWN_ACTIONS, ...EVENT_SOURCE_ACTIONS] : LAMBDA_OWN_ACTIONS;
      const granted = [...new Set(grantedActions(f.statements))]
        .filter((a) => !own.some((o) => globMatch(o, a, true)))
        .sort();
      const unused = granted.filter((a) => !f.requests.some((r) => globMatch(a, r.action, true)));
      return { fn: Rehearsal.label(f), granted, unused };
    });
  }

  /**
   * The least-privilege check, meaningful after a whole run: each granted action some call used or
   * listed with its reason (infra/unrehearsed-grants.ts).
   */
  public grantProblems(listed: readonly UnrehearsedGrant[] = unrehearsedGrants): Problem[] {
    return grantFindings(this.unusedGrants(), listed).map((message): Problem => ({ kind: 'grant', message }));
  }

  public async stop(): Promise<void> {
    await Promise.all([...this.functions.values()].map((f) => f.sandbox?.stop()));
    this.gateway?.close();
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
