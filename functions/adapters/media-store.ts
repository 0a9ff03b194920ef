import { createHmac, timingSafeEqual } from 'node:crypto';
import { mkdir, open, rename, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { config } from '#commons/config';
import { IMAGE_MAX_BYTES, type ImageContentType } from '#shared/schemas/announcements';

/**
 * Where announcement image bytes live. On AWS: an S3 bucket, uploaded by the browser with a presigned
 * POST (content-length-range ≤ 5 MB) to `uploads/{id}` (expired by a lifecycle rule unless confirmed),
 * then copied by the confirm step to `media/announcements/{id}.{ext}`, which CloudFront serves at
 * `/media/*`. Locally: the same steps under MEDIA_DIR, the upload taken by the local server
 * (infra/local/http-server.ts) and checked with an HMAC instead of a SigV4 policy.
 *
 * The S3 client is the one the Lambda runtime ships (@aws-sdk/* is never bundled), loaded only when a
 * bucket is configured; the presigned POST policy is signed here with node:crypto (a few lines,
 * instead of bundling @aws-sdk/s3-presigned-post, which the runtime does not promise).
 */
export interface UploadTicket {
  url: string;
  fields: Record<string, string>;
}

interface UploadedObject {
  size: number;
  /** The first bytes (magic number check). */
  head: Buffer;
}

export interface MediaStore {
  /** `size`: the declared byte count; S3 refuses a file of any other length. */
  ticket(uploadId: string, contentType: ImageContentType, expiresAt: Date, size: number): Promise<UploadTicket>;
  /** The uploaded object, or undefined when nothing was uploaded. */
  inspect(uploadId: string): Promise<UploadedObject | undefined>;
  /** Moves the checked upload to its served path (`media/announcements/{file}`). */
  publish(uploadId: string, file: string, contentType: ImageContentType): Promise<void>;
}

const HEAD_BYTES = 16;
const uploadObjectKey = (uploadId: string) => `uploads/${uploadId}`;
const servedObjectKey = (file: string) => `media/announcements/${file}`;

// --- local mode -----------------------------------------------------------------------------

/** The HMAC the local upload endpoint checks (the stand-in for S3's policy signature). */
function localUploadSignature(uploadId: string, expires: string): string {
  const secret = process.env.MEDIA_LOCAL_SECRET;
  if (!secret) throw new Error('MEDIA_LOCAL_SECRET is not set');
  return createHmac('sha256', secret).update(`${uploadId}\n${expires}`).digest('hex');
}

export function verifyLocalUpload(uploadId: string, expires: string, signature: string): boolean {
  if (!/^\d+$/.test(expires) || Number(expires) < Date.now()) return false;
  const expected = Buffer.from(localUploadSignature(uploadId, expires));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

export const localUploadPath = (mediaDir: string, uploadId: string) => join(mediaDir, 'uploads', uploadId);
export const localServedPath = (mediaDir: string, file: string) => join(mediaDir, 'announcements', file);

function localStore(mediaDir: string): MediaStore {
  return {
    async ticket(uploadId, _contentType, expiresAt) {
      const expires = String(expiresAt.getTime());
      return {
        url: `/media-upload/${uploadId}`,
        fields: { expires, signature: localUploadSignature(uploadId, expires) },
      };
    },
    async inspect(uploadId) {
      const path = localUploadPath(mediaDir, uploadId);
      const info = await stat(path).catch(() => undefined);
      if (!info) return undefined;
      const fh = await open(path, 'r');
      try {
        const head = Buffer.alloc(Math.min(HEAD_BYTES, info.size));
        await fh.read(head, 0, head.length, 0);
        return { size: info.size, head };
      } finally {
        await fh.close();
      }
    },
    async publish(uploadId, file) {
      const target = localServedPath(mediaDir, file);
      await mkdir(dirname(target), { recursive: true });
      await rename(localUploadPath(mediaDir, uploadId), target);
    },
  };
}

// --- AWS ------------------------------------------------------------------------------------

function credentials() {
  const { AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, AWS_SESSION_TOKEN } = process.env;
  if (!AWS_ACCESS_KEY_ID || !AWS_SECRET_ACCESS_KEY) throw new Error('No AWS credentials in the environment');
  return {
    accessKeyId: AWS_ACCESS_KEY_ID,
    secretAccessKey: AWS_SECRET_ACCESS_KEY,
    sessionToken: AWS_SESSION_TOKEN || undefined,
  };
}

const amzDate = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();

/** SigV4 for a POST policy: the signing key (AWS4+secret → day → region → service → aws4_request) HMACs the base64 policy. */
export const sigV4SigningKey = (secretAccessKey: string, day: string, region: string, service = 's3'): Buffer =>
  hmac(hmac(hmac(hmac(`AWS4${secretAccessKey}`, day), region), service), 'aws4_request');

export function postPolicySignature(
  policyBase64: string,
  secretAccessKey: string,
  day: string,
  region: string,
  service = 's3',
): string {
  return createHmac('sha256', sigV4SigningKey(secretAccessKey, day, region, service))
    .update(policyBase64)
    .digest('hex');
}

/**
 * An S3 presigned POST (SigV4 policy): the bucket refuses a different key or type, and a file whose
 * length is not the declared `size` (itself 1 byte to 5 MB).
 */
export function presignedPost(opts: {
  bucket: string;
  region: string;
  key: string;
  contentType: string;
  expiresAt: Date;
  size: number;
  now?: Date;
}): UploadTicket {
  const creds = credentials();
  const now = opts.now ?? new Date();
  const date = amzDate(now);
  const day = date.slice(0, 8);
  const credential = `${creds.accessKeyId}/${day}/${opts.region}/s3/aws4_request`;
  const fields: Record<string, string> = {
    key: opts.key,
    'Content-Type': opts.contentType,
    'x-amz-algorithm': 'AWS4-HMAC-SHA256',
    'x-amz-credential': credential,
    'x-amz-date': date,
    ...(creds.sessionToken ? { 'x-amz-security-token': creds.sessionToken } : {}),
  };
  const policy = {
    expiration: opts.expiresAt.toISOString(),
    conditions: [
      { bucket: opts.bucket },
      ['content-length-range', Math.max(1, opts.size), Math.min(opts.size, IMAGE_MAX_BYTES)],
      ...Object.entries(fields).map(([k, v]) => ({ [k]: v })),
    ],
  };
  const encoded = Buffer.from(JSON.stringify(policy)).toString('base64');
  return {
    url: `https://${opts.bucket}.s3.${opts.region}.amazonaws.com/`,
    fields: {
      ...fields,
      Policy: encoded,
      'x-amz-signature': postPolicySignature(encoded, creds.secretAccessKey, day, opts.region),
    },
  };
}

function s3Store(bucket: string, region: string): MediaStore {
  const s3 = import('@aws-sdk/client-s3').then((sdk) => ({ sdk, client: new sdk.S3Client({ region }) }));
  return {
    async ticket(uploadId, contentType, expiresAt, size) {
      return presignedPost({ bucket, region, key: uploadObjectKey(uploadId), contentType, expiresAt, size });
    },
    async inspect(uploadId) {
      const { sdk, client } = await s3;
      try {
        const out = await client.send(
          new sdk.GetObjectCommand({
            Bucket: bucket,
            Key: uploadObjectKey(uploadId),
            Range: `bytes=0-${HEAD_BYTES - 1}`,
          }),
        );
        const head = Buffer.from(await out.Body!.transformToByteArray());
        const total = /\/(\d+)$/.exec(out.ContentRange ?? '')?.[1];
        return { size: total ? Number(total) : head.length, head };
      } catch (err) {
        const name = (err as { name?: string }).name;
        // Nothing uploaded (403 without s3:ListBucket); an empty object cannot satisfy a range.
        if (name === 'NoSuchKey' || name === 'AccessDenied') return undefined;
        if (name === 'InvalidRange') return { size: 0, head: Buffer.alloc(0) };
        throw err;
      }
    },
    async publish(uploadId, file, contentType) {
      const { sdk, client } = await s3;
      await client.send(
        new sdk.CopyObjectCommand({
          Bucket: bucket,
          Key: servedObjectKey(file),
          CopySource: `${bucket}/${uploadObjectKey(uploadId)}`,
          MetadataDirective: 'REPLACE',
          ContentType: contentType,
          CacheControl: 'public, max-age=31536000, immutable',
        }),
      );
      // The lifecycle rule would remove it a day later anyway.
      await client
        .send(new sdk.DeleteObjectCommand({ Bucket: bucket, Key: uploadObjectKey(uploadId) }))
        .catch(() => undefined);
    },
  };
}

export function mediaStore(): MediaStore {
  const { mediaBucket, mediaDir, region } = config();
  if (mediaBucket) return s3Store(mediaBucket, region);
  if (mediaDir) return localStore(mediaDir);
  throw new Error('Neither MEDIA_BUCKET nor MEDIA_DIR is set');
}
