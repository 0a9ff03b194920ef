import { existsSync } from 'node:fs';
import path from 'node:path';
import { CfnOutput, Duration, Stack } from 'aws-cdk-lib';
import type { IHttpApi, IWebSocketApi } from 'aws-cdk-lib/aws-apigatewayv2';
import {
  AllowedMethods,
  CachePolicy,
  Distribution,
  Function as CloudFrontFunction,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  HttpVersion,
  HeadersFrameOption,
  HeadersReferrerPolicy,
  OriginRequestPolicy,
  ResponseHeadersPolicy,
  ViewerProtocolPolicy,
  type BehaviorOptions,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { BlockPublicAccess, Bucket, BucketEncryption, HttpMethods } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { ORIGIN_VERIFY_HEADER } from '#shared/origin-lock';
import { projectRoot } from '#infra/constructs/app-function';
import { contentSecurityPolicy, securityHeaders } from '#infra/security-headers';
import { MEDIA_UPLOAD_EXPIRY_DAYS, MEDIA_UPLOAD_PREFIX, mediaBucketName } from '#infra/media';
import { isProduction, statefulRemovalPolicy, type StageStackProps } from '#infra/stage';
import { VIEWER_IP_HEADER } from '#shared/api';

/** The built SPA; deployed only when it exists, so infra work does not need a web build. */
const webDistDir = path.join(projectRoot, 'web', 'dist');

export interface WebStackProps extends StageStackProps {
  httpApi: IHttpApi;
  webSocketApi: IWebSocketApi;
  /** @default web/dist */
  siteDir?: string;
  /** The WAF web ACL (us-east-1, EdgeStack) attached to the distribution. */
  webAclArn?: string;
  /** Origin lock: its value goes to the HTTP API in ORIGIN_VERIFY_HEADER. */
  originVerifySecret?: ISecret;
  /**
   * Bumped (`-c originSecretRotation=N`) after putting a new secret value, so the distribution is
   * updated and CloudFormation resolves the secret again (it does not notice a changed secret alone).
   */
  originSecretRotation?: string;
}

// Client routes (no file extension in the last segment) get the SPA shell. Only the default (S3)
// behaviour runs this, so /api/* 404s reach the browser as the API's own JSON.
const SPA_FALLBACK = `
function handler(event) {
  var request = event.request;
  if (!/\\.[^/]+$/.test(request.uri)) request.uri = '/index.html';
  return request;
}`;

// The WebSocket API cannot know the distribution's domain (it is created first), so the edge
// refuses handshakes whose Origin is not this site before they reach $connect.
const SAME_ORIGIN_ONLY = `
function handler(event) {
  var request = event.request;
  var origin = request.headers.origin && request.headers.origin.value;
  if (origin !== 'https://' + request.headers.host.value) {
    return { statusCode: 403, statusDescription: 'Forbidden' };
  }
  return request;
}`;

// Behind CloudFront, API Gateway's sourceIp is the edge server's, shared by everyone on that edge.
// The edge knows the viewer: it hands the address on in our own header (a client-sent one is replaced)
// rather than relying on which CloudFront-* headers a managed origin request policy forwards.
const VIEWER_IP = `
function handler(event) {
  var request = event.request;
  request.headers['${VIEWER_IP_HEADER}'] = { value: event.viewer.ip };
  return request;
}`;

/** The SPA on S3 behind CloudFront, which also routes /api/* and /ws so the browser sees one origin. */
export class WebStack extends Stack {
  public readonly distribution: Distribution;
  public readonly mediaBucket: Bucket;

  public constructor(scope: Construct, id: string, props: WebStackProps) {
    super(scope, id, props);
    const { stage } = props;

    const bucket = new Bucket(this, 'SiteBucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      removalPolicy: statefulRemovalPolicy(stage),
      // Sandboxes must be destroyable; a non-empty bucket would block `cdk destroy`.
      autoDeleteObjects: !isProduction(stage),
    });

    // Announcement images: uploaded by the browser with a presigned POST to uploads/,
    // copied to media/announcements/ once the API checked the bytes, served at /media/* below.
    this.mediaBucket = new Bucket(this, 'MediaBucket', {
      bucketName: mediaBucketName(stage, this.account, this.region),
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      removalPolicy: statefulRemovalPolicy(stage),
      autoDeleteObjects: !isProduction(stage),
      lifecycleRules: [
        { id: 'unconfirmed-uploads', prefix: MEDIA_UPLOAD_PREFIX, expiration: Duration.days(MEDIA_UPLOAD_EXPIRY_DAYS) },
        { id: 'incomplete-multipart', abortIncompleteMultipartUploadAfter: Duration.days(1) },
      ],
      // The presigned POST comes from the site's pages. The policy signature (key, type, size, expiry)
      // is what guards the upload; the origin list cannot name the distribution's domain without a cycle.
      cors: [{ allowedMethods: [HttpMethods.POST], allowedOrigins: ['*'], allowedHeaders: ['*'], maxAge: 3000 }],
    });

    const viewerFunction = (id: string, code: string) => ({
      eventType: FunctionEventType.VIEWER_REQUEST,
      function: new CloudFrontFunction(this, id, {
        code: FunctionCode.fromInline(code),
        runtime: FunctionRuntime.JS_2_0,
      }),
    });

    // One policy for every behaviour: the SPA, the API's JSON and the WebSocket handshake.
    const responseHeadersPolicy = new ResponseHeadersPolicy(this, 'SecurityHeaders', {
      comment: `Simple Slot ${stage}: CSP, HSTS, nosniff, frame-ancestors none, referrer policy`,
      securityHeadersBehavior: {
        // The media bucket's S3 host: image uploads are presigned POSTs straight to it.
        contentSecurityPolicy: {
          contentSecurityPolicy: contentSecurityPolicy([`https://${this.mediaBucket.bucketRegionalDomainName}`]),
          override: true,
        },
        strictTransportSecurity: {
          accessControlMaxAge: Duration.seconds(securityHeaders.strictTransportSecurity.maxAgeSeconds),
          includeSubdomains: securityHeaders.strictTransportSecurity.includeSubdomains,
          override: true,
        },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: HeadersFrameOption.DENY, override: true },
        referrerPolicy: { referrerPolicy: HeadersReferrerPolicy.SAME_ORIGIN, override: true },
      },
    });

    // Dynamic, per-user answers: never cached, every header (Authorization, cookies, Origin) forwarded.
    const passThrough = {
      responseHeadersPolicy,
      viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
      cachePolicy: CachePolicy.CACHING_DISABLED,
      originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
    } satisfies Partial<BehaviorOptions>;

    const rotation = props.originSecretRotation ?? '0';
    this.distribution = new Distribution(this, 'Distribution', {
      comment: props.originVerifySecret
        ? `Simple Slot ${stage} (origin secret rotation ${rotation})`
        : `Simple Slot ${stage}`,
      httpVersion: HttpVersion.HTTP2_AND_3,
      webAclId: props.webAclArn,
      defaultRootObject: 'index.html',
      defaultBehavior: {
        origin: S3BucketOrigin.withOriginAccessControl(bucket),
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy,
        functionAssociations: [viewerFunction('SpaFallback', SPA_FALLBACK)],
      },
      additionalBehaviors: {
        '/api/*': {
          ...passThrough,
          origin: new HttpOrigin(executeApiDomain(this, props.httpApi.apiId), {
            // Resolved by CloudFormation at deploy time ({{resolve:secretsmanager:…}}); never in the template.
            customHeaders: props.originVerifySecret
              ? { [ORIGIN_VERIFY_HEADER]: props.originVerifySecret.secretValue.unsafeUnwrap() }
              : undefined,
          }),
          allowedMethods: AllowedMethods.ALLOW_ALL,
          functionAssociations: [viewerFunction('ViewerIp', VIEWER_IP)],
        },
        // Announcement images: same origin as the pages, never a hotlink. The key is the path
        // (media/announcements/{id}.{ext}); uploads/ is not under /media/*, so unconfirmed bytes are never served.
        '/media/*': {
          origin: S3BucketOrigin.withOriginAccessControl(this.mediaBucket),
          viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
          cachePolicy: CachePolicy.CACHING_OPTIMIZED,
          responseHeadersPolicy,
        },
        // The WebSocket stage is named `ws`, so the path needs no rewriting.
        '/ws': {
          ...passThrough,
          origin: new HttpOrigin(executeApiDomain(this, props.webSocketApi.apiId)),
          functionAssociations: [viewerFunction('WebSocketOriginCheck', SAME_ORIGIN_ONLY)],
        },
      },
    });

    const siteDir = props.siteDir ?? webDistDir;
    if (existsSync(siteDir)) this.deploySite(bucket, siteDir, stage);

    new CfnOutput(this, 'SiteUrl', { value: `https://${this.distribution.distributionDomainName}` });
  }

  private deploySite(bucket: Bucket, siteDir: string, stage: string): void {
    // The deployment handler's own log group: without it the CDK makes a 731-day one that is
    // retained on destroy (a sandbox would leave it behind). Both deployments share one handler.
    const logGroup = new LogGroup(this, 'DeployLogs', {
      retention: RetentionDays.ONE_MONTH,
      removalPolicy: statefulRemovalPolicy(stage),
    });
    // Vite fingerprints everything under assets/, so those may be cached for good; the rest
    // (index.html above all) must be revalidated so a deploy shows up at once.
    // The build's .br/.gz copies are for local mode only: CloudFront compresses on its own.
    const site = Source.asset(siteDir, { exclude: ['*.br', '*.gz'] });
    const assets = new BucketDeployment(this, 'DeployAssets', {
      sources: [site],
      destinationBucket: bucket,
      exclude: ['*'],
      include: ['assets/*'],
      cacheControl: [CacheControl.fromString('public, max-age=31536000, immutable')],
      // Open tabs still load chunks of the previous build.
      prune: false,
      logGroup,
    });
    const shell = new BucketDeployment(this, 'DeployShell', {
      sources: [site],
      destinationBucket: bucket,
      // Excluded files are also spared from pruning.
      exclude: ['assets/*'],
      cacheControl: [CacheControl.noCache()],
      distribution: this.distribution,
      distributionPaths: ['/*'],
      logGroup,
    });
    // The new shell goes live only once the chunks it names are there.
    shell.node.addDependency(assets);
  }
}

/** Regional execute-api host name; CloudFront talks to it over HTTPS. */
function executeApiDomain(stack: Stack, apiId: string): string {
  return `${apiId}.execute-api.${stack.region}.${stack.urlSuffix}`;
}
