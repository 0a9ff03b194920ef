import { CfnResource, Validations } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';

/**
 * Every cdk-nag finding the product accepts (AwsSolutionsChecks and ServerlessChecks, wired in
 * infra/app.ts; test/infra/nag.test.ts requires zero unacknowledged findings). Each entry names the
 * rule (or the single finding of a rule, `Rule[Finding]`), the resources it applies to by construct
 * path within the stage's stacks (`SimpleSlot-<stage>-<Part>/…`), and why it is right here.
 */
export interface NagAcknowledgement {
  id: string;
  /** Matched against the construct path without the `SimpleSlot-<stage>-` prefix, e.g. `Api/AuthFunction/Resource`. */
  where: RegExp;
  reason: string;
}

// Work-queue consumers (infra/stacks/work-stack.ts) are AppFunctions too.
const APP_FUNCTION = /^((Api|Realtime|Jobs)\/\w+Function|Work\/\w+Consumer)\//;
const APP_FUNCTION_RESOURCE = /^((Api|Realtime|Jobs)\/\w+Function|Work\/\w+Consumer)\/Resource$/;
const WORK_CONSUMER_RESOURCE = /^Work\/\w+Consumer\/Resource$/;
const BUCKET_DEPLOYMENT = /^Web\/Custom::CDKBucketDeployment\w+\//;
const BOOTSTRAP_PROVIDER = /^Api\/BootstrapProvider\/framework-onEvent\//;

export const nagAcknowledgements: readonly NagAcknowledgement[] = [
  // IAM
  {
    id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
    where: new RegExp(`${APP_FUNCTION.source}|${BUCKET_DEPLOYMENT.source}|${BOOTSTRAP_PROVIDER.source}`),
    reason:
      'AWSLambdaBasicExecutionRole only lets a function write its own CloudWatch logs (CreateLogGroup/Stream, PutLogEvents); it is what Lambda documents for that and grants no data access.',
  },
  {
    id: 'AwsSolutions-IAM5[Resource::*]',
    where: APP_FUNCTION,
    reason:
      'Only xray:PutTraceSegments and xray:PutTelemetryRecords (active tracing): X-Ray has no resource-level permissions, so AWS accepts nothing but "*" (test/infra/stacks.test.ts checks no other action has it).',
  },
  {
    id: 'AwsSolutions-IAM5[Resource::*]',
    where: BUCKET_DEPLOYMENT,
    reason:
      'The CDK BucketDeployment handler calls cloudfront:CreateInvalidation and GetInvalidation after uploading the shell; the CDK grants them on "*".',
  },
  ...[
    // Before synth (cdk-nag's validateScope) the table ARN is a token …
    'AwsSolutions-IAM5[Resource::<TableCD117FA1.Arn>/index/*]',
    // … at synth (the Validations plugin) it is the resolved cross-stack reference to the Data stack.
    'AwsSolutions-IAM5[Resource::{"Fn::GetStackOutput":{"StackName":"<DATA_STACK>","Region":"<REGION>","OutputName":"PublishOutputFnGetAttTableCD117FA1Arn27EC6E03"}}/index/*]',
  ].map((id) => ({
    id,
    where: APP_FUNCTION,
    reason:
      "Read grants cover this table's own global secondary indexes (GSI1, GSI2, GSI3: every list and lookup queries them); the wildcard is limited to indexes of this one table.",
  })),
  ...[
    // In the Realtime stack the API id is a token; in the Api and Jobs stacks (functions that notify,
    // notifications) it is the resolved cross-stack reference to the Realtime stack.
    'AwsSolutions-IAM5[Resource::arn:aws:execute-api:<REGION>:<ACCOUNT>:<WebSocketApi34BCF99B>/ws/*/@connections/*]',
    'AwsSolutions-IAM5[Resource::arn:aws:execute-api:<REGION>:<ACCOUNT>:{"Fn::GetStackOutput":{"StackName":"<REALTIME_STACK>","Region":"<REGION>","OutputName":"PublishOutputRefWebSocketApi34BCF99BA71ACD19"}}/ws/*/@connections/*]',
  ].map((id) => ({
    id,
    where: /^(Api|Realtime|Jobs|Work)\//,
    reason:
      "execute-api:ManageConnections on this WebSocket API's `ws` stage only; connection ids exist only at run time, so the connection segment must be a wildcard.",
  })),
  {
    id: 'AwsSolutions-IAM5[Resource::<BootstrapFunction2F518255.Arn>:*]',
    where: BOOTSTRAP_PROVIDER,
    reason:
      'The CDK custom-resource provider framework may invoke any version of the bootstrap function (the custom resource pins a version); nothing else.',
  },
  ...['s3:GetBucket*', 's3:GetObject*', 's3:List*', 's3:Abort*', 's3:DeleteObject*'].map((action) => ({
    id: `AwsSolutions-IAM5[Action::${action}]`,
    where: BUCKET_DEPLOYMENT,
    reason: `The CDK BucketDeployment handler copies the built SPA from the CDK asset bucket into the site bucket and prunes old files; CDK generates ${action} scoped to those two buckets.`,
  })),
  {
    id: 'AwsSolutions-IAM5[Resource::arn:aws:s3:::cdk-hnb659fds-assets-<ACCOUNT>-<REGION>/*]',
    where: BUCKET_DEPLOYMENT,
    reason:
      'The BucketDeployment handler reads the SPA zip from the CDK bootstrap asset bucket; asset object keys are content hashes known only at deploy time.',
  },
  {
    id: 'AwsSolutions-IAM5[Resource::<SiteBucket397A1860.Arn>/*]',
    where: BUCKET_DEPLOYMENT,
    reason:
      'The BucketDeployment handler writes and prunes every object of the site bucket (the SPA build); objects are the whole purpose of that bucket.',
  },
  // Lambda runtime and failure handling
  ...['AwsSolutions-L1', 'Serverless-LambdaLatestVersion'].map((id) => ({
    id,
    where: new RegExp(`${APP_FUNCTION_RESOURCE.source}|${BUCKET_DEPLOYMENT.source}`),
    reason:
      'Node.js 22 (nodejs22.x) is supported by Lambda until 2027-04 and is what the bundles target and the tests run against (infra/constructs/lambda-bundling.ts); moving to the next LTS is a separate, tested change. The BucketDeployment runtime is chosen by the CDK.',
  })),
  {
    id: 'Serverless-LambdaDLQ',
    where: new RegExp(`${APP_FUNCTION_RESOURCE.source}|${BUCKET_DEPLOYMENT.source}|${BOOTSTRAP_PROVIDER.source}`),
    reason:
      'API, WebSocket and custom-resource functions are invoked synchronously, where a dead-letter queue never receives anything (the caller gets the error). Scheduled jobs are asynchronous and send failed runs to the FailedJobs queue through an on-failure destination (alarmed), which this rule does not recognise.',
  },
  {
    id: 'Serverless-LambdaTracing',
    where: new RegExp(`${BUCKET_DEPLOYMENT.source}|${BOOTSTRAP_PROVIDER.source}`),
    reason:
      'CDK-owned deploy-time handlers (SPA upload, custom-resource framework) run once per deploy; every product function has active tracing (test/infra/stacks.test.ts).',
  },
  {
    id: 'Serverless-LambdaDefaultMemorySize',
    where: BOOTSTRAP_PROVIDER,
    reason:
      'The CDK custom-resource framework function only relays the bootstrap call once per deploy; its default memory is enough and it has no memory option.',
  },
  {
    id: 'Serverless-LambdaDLQ',
    where: WORK_CONSUMER_RESOURCE,
    reason:
      "A work-queue consumer is invoked by its SQS event source mapping, never asynchronously: a record that keeps failing moves to the queue's own dead-letter queue (redrive policy, alarmed), where a function DLQ would never receive anything.",
  },
  {
    id: 'Serverless-LambdaEventSourceMappingDestination',
    where: /^Work\/\w+Consumer\/SqsEventSource/,
    reason:
      "SQS event source mappings take no on-failure destination; failed records return to the queue (batchItemFailures) and after maxReceiveCount move to the queue's dead-letter queue (infra/work-queues.ts).",
  },
  // API authorization
  {
    id: 'AwsSolutions-APIG4',
    where: /^(Api\/(GET|POST|PUT|PATCH|DELETE) |Realtime\/WebSocketApi\/)/,
    reason:
      'Authorization is in the handlers, from the route table: every route declares its access (public, user, operator, developer) and non-public routes verify a KMS-signed access token before the op runs (functions/http/api-handler.ts); $connect verifies the token in the handler. Public routes (login, register, health, settings) are public by design.',
  },
  // Queues
  ...['AwsSolutions-SQS3', 'Serverless-SQSRedrivePolicy'].map((id) => ({
    id,
    where: /^Jobs\/FailedJobs\//,
    reason:
      'FailedJobs is itself the dead-letter destination of the jobs (on-failure destination and EventBridge DLQ); a message there waits for a person, alarmed by FailedJobsAlarm.',
  })),
  ...['AwsSolutions-SQS3', 'Serverless-SQSRedrivePolicy'].map((id) => ({
    id,
    where: /^Work\/\w+DeadLetters\//,
    reason:
      "A work queue's dead-letter queue is the end of the line: a message there waits for a person, alarmed by the queue's DeadLettersAlarm.",
  })),
  // Secrets
  {
    id: 'AwsSolutions-SMG4',
    where: /^Data\/OriginVerifySecret\//,
    reason:
      'Rotated by the documented two-step procedure (docs/infra.md: put a new value, then redeploy the web stack with -c originSecretRotation=N): CloudFront reads the value only at deploy time, so a rotation Lambda alone would lock the API out; the handler accepts the current and previous value meanwhile.',
  },
  {
    id: 'AwsSolutions-SMG4',
    where: /^Api\/DeveloperPassword\//,
    reason:
      "Seeds the developer account's first password once; the developer changes it in the app, so rotating the secret would change nothing.",
  },
  {
    id: 'Serverless-SNSRedrivePolicy',
    where: /^Data\/OperatorAlarms\//,
    reason:
      'The alarm e-mail subscription: SNS retries e-mail delivery itself, and a dead-letter queue for undelivered alarm mails would be one more queue nobody watches; the alarms stay visible in CloudWatch.',
  },
  // Announcement media
  ...['uploads/*', 'media/announcements/*'].map((objects) => ({
    id: `AwsSolutions-IAM5[Resource::arn:aws:s3:::ss-<STAGE>-media-<ACCOUNT>-<REGION>/${objects}]`,
    where: /^Api\/AnnouncementsFunction\//,
    reason:
      'Object keys are image ids made at run time, so the grant names a key prefix of the one media bucket: uploads/ (sign the presigned POST, read the first bytes, delete) and media/announcements/ (PutObject only, the checked copy).',
  })),
  {
    id: 'AwsSolutions-S1',
    where: /^Web\/MediaBucket\//,
    reason:
      'The media bucket is private and read only by CloudFront through origin access control; every upload is tied to an operator by its ticket item in the table and logged by the API, so S3 server access logs would repeat that at the cost of a log bucket per stage.',
  },
  // Site bucket and distribution
  {
    id: 'AwsSolutions-S1',
    where: /^Web\/SiteBucket\//,
    reason:
      'The bucket is private and read only by CloudFront through origin access control; it holds the public SPA build, and a log bucket per sandbox would cost more than it tells.',
  },
  {
    id: 'AwsSolutions-CFR1',
    where: /^Web\/Distribution\//,
    reason:
      'No geographic restriction is required: advertisers and operators may work from abroad; abuse is handled by the WAF web ACL.',
  },
  {
    id: 'AwsSolutions-CFR3',
    where: /^Web\/Distribution\//,
    reason:
      'API traffic is logged by the HTTP and WebSocket API stages (JSON access logs) and the WAF keeps sampled requests and metrics; CloudFront standard logs would need an extra ACL-enabled bucket per stage for static-file hits only.',
  },
  {
    id: 'AwsSolutions-CFR4',
    where: /^Web\/Distribution\//,
    reason:
      'The distribution uses the default *.cloudfront.net certificate, whose viewer TLS policy CloudFront fixes; a minimum of TLS 1.2 needs a custom domain with an ACM certificate, which the product does not have yet (docs/infra.md).',
  },
];

/**
 * Applies the acknowledgements to the matching resources of one stage's stacks. Finding ids name
 * literal regions and accounts: `<REGION>` becomes the stage's region, `<ACCOUNT>` its account
 * (or `<AWS::AccountId>` for a sandbox in the caller's account), `<DATA_STACK>` / `<REALTIME_STACK>` the
 * stage's Data / Realtime stack.
 */
export function acknowledgeNagFindings(
  root: IConstruct,
  stage: string,
  env: { region: string; account?: string },
): void {
  const concrete = (id: string) =>
    id
      .replaceAll('<REGION>', env.region)
      .replaceAll('<ACCOUNT>', env.account ?? '<AWS::AccountId>')
      .replaceAll('<DATA_STACK>', `SimpleSlot-${stage}-Data`)
      .replaceAll('<STAGE>', stage)
      .replaceAll('<REALTIME_STACK>', `SimpleSlot-${stage}-Realtime`);
  const prefix = `SimpleSlot-${stage}-`;
  for (const construct of root.node.findAll()) {
    if (!CfnResource.isCfnResource(construct) || !construct.node.path.startsWith(prefix)) continue;
    const path = construct.node.path.slice(prefix.length);
    for (const ack of nagAcknowledgements) {
      if (ack.where.test(path)) Validations.of(construct).acknowledge({ id: concrete(ack.id), reason: ack.reason });
    }
  }
}
