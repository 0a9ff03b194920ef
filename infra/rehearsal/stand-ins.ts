import {
  createHash,
  createPublicKey,
  generateKeyPairSync,
  randomBytes,
  randomUUID,
  sign,
  type KeyObject,
} from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Json, StackTemplate } from './assembly';
import type { Resolver } from './resolve';

/**
 * What the rehearsal puts where a deploy would have an account's services, each speaking the
 * service's own protocol so the unchanged SDK in the bundle talks to it (through the SDK's
 * `AWS_ENDPOINT_URL_<SERVICE>` variables):
 * - KMS: each RSA key of the templates is a node:crypto key (`Sign`, `GetPublicKey`);
 * - Secrets Manager: each secret gets a generated value of its template's length (`GetSecretValue`);
 * - S3: each bucket is an in-memory, path-style store (GetObject with a range, PutObject,
 *   CopyObject, DeleteObject);
 * - SQS: each queue keeps what was sent (SendMessage, SendMessageBatch) until the rehearsal delivers
 *   it to the function its event source mapping names (`Rehearsal.drainQueues`).
 */
export class AwsStandIns {
  public readonly secrets = new Map<string, string>();
  /** Objects by `bucket/key` (the browser's presigned POST is played with `putObject`). */
  public readonly objects = new Map<string, { body: Buffer; contentType: string }>();
  public readonly buckets = new Set<string>();
  private readonly keys = new Map<string, KeyObject>();
  /** Messages sent and not yet delivered, by queue name (the last segment of its URL and ARN). */
  public readonly queued = new Map<string, Array<{ messageId: string; body: string }>>();

  /** Reads the secrets, keys and buckets of the templates. */
  public add(stack: StackTemplate, id: string, type: string, props: Json, resolver: Resolver): void {
    if (type === 'AWS::SecretsManager::Secret') {
      const length = props.GenerateSecretString?.PasswordLength ?? 32;
      const value = randomBytes(length).toString('base64url').replace(/[-_]/g, 'x').slice(0, length);
      this.secrets.set(resolver.resolve({ Ref: id }, stack), value);
    }
    if (type === 'AWS::KMS::Key' && String(props.KeySpec ?? '').startsWith('RSA_')) {
      const bits = Number(String(props.KeySpec).slice(4));
      const { privateKey } = generateKeyPairSync('rsa', { modulusLength: bits });
      this.keys.set(resolver.resolve({ 'Fn::GetAtt': [id, 'Arn'] }, stack), privateKey);
    }
    if (type === 'AWS::S3::Bucket') this.buckets.add(resolver.resolve({ Ref: id }, stack));
  }

  /** Answers a request meant for one of the services; false when it is not one. */
  public handle(req: IncomingMessage, res: ServerResponse, url: URL, body: Buffer): boolean {
    try {
      const target = String(req.headers['x-amz-target'] ?? '');
      if (target.startsWith('TrentService.')) this.kms(res, target.slice(13), JSON.parse(String(body)));
      else if (target.startsWith('AmazonSQS.')) this.sqs(res, target.slice(10), JSON.parse(String(body)));
      else if (target.startsWith('secretsmanager.'))
        this.secretsManager(res, target.slice(15), JSON.parse(String(body)));
      else {
        const bucket = decodeURIComponent(url.pathname.split('/')[1] ?? '');
        if (!this.buckets.has(bucket)) return false;
        this.s3(req, res, bucket, url, body);
      }
    } catch (err) {
      this.awsError(res, 500, 'InternalFailure', (err as Error).message);
    }
    return true;
  }

  private awsError(res: ServerResponse, status: number, type: string, message: string) {
    res.writeHead(status, { 'content-type': 'application/x-amz-json-1.1', 'x-amzn-errortype': type });
    res.end(JSON.stringify({ __type: type, message }));
  }

  private awsJson(res: ServerResponse, body: unknown) {
    res.writeHead(200, { 'content-type': 'application/x-amz-json-1.1' });
    res.end(JSON.stringify(body));
  }

  /** SQS's JSON protocol: the SDK checks each answer's MD5 of the body, so the stand-in gives it. */
  private sqs(res: ServerResponse, op: string, input: Json) {
    const name = String(input.QueueUrl ?? '')
      .split('/')
      .pop()!;
    const send = (body: string) => {
      const message = { messageId: randomUUID(), body };
      this.queued.set(name, [...(this.queued.get(name) ?? []), message]);
      return { MessageId: message.messageId, MD5OfMessageBody: createHash('md5').update(body, 'utf8').digest('hex') };
    };
    const answer = (body: unknown) => {
      res.writeHead(200, { 'content-type': 'application/x-amz-json-1.0' });
      res.end(JSON.stringify(body));
    };
    if (op === 'SendMessage') return answer(send(String(input.MessageBody)));
    if (op === 'SendMessageBatch')
      return answer({
        Successful: (input.Entries as Json[]).map((e) => ({ Id: e.Id, ...send(String(e.MessageBody)) })),
        Failed: [],
      });
    this.awsError(res, 400, 'com.amazonaws.sqs#UnsupportedOperation', `the rehearsal has no SQS ${op}`);
  }

  /** Stores an object as the browser's presigned POST would (the POST itself is not rehearsed). */
  public putObject(bucket: string, key: string, body: Buffer, contentType: string): void {
    if (!this.buckets.has(bucket)) throw new Error(`no bucket ${bucket} in the assembly`);
    this.objects.set(`${bucket}/${key}`, { body, contentType });
  }

  /** Path-style S3 (the SDK uses it for an IP endpoint): GetObject with a range, PutObject, CopyObject, DeleteObject. */
  private s3(req: IncomingMessage, res: ServerResponse, bucket: string, url: URL, body: Buffer) {
    const key = decodeURIComponent(url.pathname.slice(bucket.length + 2));
    const id = `${bucket}/${key}`;
    const xmlError = (status: number, code: string) => {
      res.writeHead(status, { 'content-type': 'application/xml' });
      res.end(
        `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${code}</Message><Key>${key}</Key></Error>`,
      );
    };
    if (req.method === 'GET' || req.method === 'HEAD') {
      const object = this.objects.get(id);
      if (!object) return xmlError(404, 'NoSuchKey');
      const range = /^bytes=(\d+)-(\d+)$/.exec(String(req.headers.range ?? ''));
      const [from, to] = range ? [Number(range[1]), Number(range[2])] : [0, object.body.length - 1];
      if (from >= object.body.length) return xmlError(416, 'InvalidRange');
      const part = object.body.subarray(from, to + 1);
      res.writeHead(range ? 206 : 200, {
        'content-type': object.contentType,
        'content-length': String(part.length),
        ...(range ? { 'content-range': `bytes ${from}-${from + part.length - 1}/${object.body.length}` } : {}),
      });
      return res.end(req.method === 'HEAD' ? undefined : part);
    }
    if (req.method === 'PUT') {
      const copySource = req.headers['x-amz-copy-source'];
      if (copySource) {
        const source = this.objects.get(decodeURIComponent(String(copySource)).replace(/^\//, ''));
        if (!source) return xmlError(404, 'NoSuchKey');
        this.objects.set(id, {
          body: source.body,
          contentType: String(req.headers['content-type'] ?? source.contentType),
        });
        res.writeHead(200, { 'content-type': 'application/xml' });
        return res.end(
          `<?xml version="1.0" encoding="UTF-8"?><CopyObjectResult><ETag>"rehearsal"</ETag><LastModified>${new Date().toISOString()}</LastModified></CopyObjectResult>`,
        );
      }
      this.objects.set(id, { body, contentType: String(req.headers['content-type'] ?? 'application/octet-stream') });
      res.writeHead(200, { etag: '"rehearsal"' });
      return res.end();
    }
    if (req.method === 'DELETE') {
      this.objects.delete(id);
      res.writeHead(204);
      return res.end();
    }
    xmlError(405, 'MethodNotAllowed');
  }

  private kms(res: ServerResponse, op: string, input: Json) {
    const arn = [...this.keys.keys()].find((k) => k === input.KeyId || k.endsWith(`/${input.KeyId}`));
    if (!arn) return this.awsError(res, 400, 'NotFoundException', `Key '${input.KeyId}' does not exist`);
    const key = this.keys.get(arn)!;
    if (op === 'GetPublicKey')
      return this.awsJson(res, {
        KeyId: arn,
        PublicKey: createPublicKey(key).export({ format: 'der', type: 'spki' }).toString('base64'),
        KeySpec: 'RSA_2048',
        KeyUsage: 'SIGN_VERIFY',
        SigningAlgorithms: ['RSASSA_PKCS1_V1_5_SHA_256'],
      });
    if (op === 'Sign') {
      if (input.SigningAlgorithm !== 'RSASSA_PKCS1_V1_5_SHA_256' || input.MessageType !== 'RAW')
        return this.awsError(res, 400, 'ValidationException', 'the stand-in signs RAW RSASSA_PKCS1_V1_5_SHA_256 only');
      const signature = sign('RSA-SHA256', Buffer.from(input.Message, 'base64'), key);
      return this.awsJson(res, {
        KeyId: arn,
        Signature: signature.toString('base64'),
        SigningAlgorithm: input.SigningAlgorithm,
      });
    }
    this.awsError(res, 400, 'UnsupportedOperationException', `the KMS stand-in has no ${op}`);
  }

  private secretsManager(res: ServerResponse, op: string, input: Json) {
    const arn = [...this.secrets.keys()].find((k) => k === input.SecretId);
    if (op !== 'GetSecretValue') return this.awsError(res, 400, 'InvalidRequestException', `no ${op} stand-in`);
    if (!arn || (input.VersionStage && input.VersionStage !== 'AWSCURRENT'))
      return this.awsError(res, 400, 'ResourceNotFoundException', "Secrets Manager can't find the specified secret.");
    this.awsJson(res, {
      ARN: arn,
      Name: arn.split(':').pop(),
      SecretString: this.secrets.get(arn),
      VersionId: 'rehearsal',
      VersionStages: ['AWSCURRENT'],
      CreatedDate: Date.now() / 1000,
    });
  }
}
