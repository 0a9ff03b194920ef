import { createReadStream } from 'node:fs';
import { mkdir, stat, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { IMAGE_MAX_BYTES } from '../../shared/schemas/announcements';
import { localServedPath, localUploadPath, verifyLocalUpload } from '../../functions/adapters/media-store';

/**
 * Local stand-ins for the media bucket: `POST /media-upload/{id}` takes the multipart form the SPA
 * would send to S3 (fields first, then `file`), with the same limit S3's policy sets (1 byte–5 MB)
 * and an HMAC in place of the policy signature; `GET /media/announcements/{file}` serves confirmed
 * images the way the CloudFront behaviour does. Bytes are checked by the confirm call, as on AWS.
 */
const MAX_FORM_BYTES = IMAGE_MAX_BYTES + 64 * 1024;

const mediaDir = () => {
  const dir = process.env.MEDIA_DIR;
  if (!dir) throw new Error('MEDIA_DIR is not set');
  return dir;
};

function s3Error(res: ServerResponse, status: number, code: string, message: string) {
  res.writeHead(status, { 'content-type': 'application/xml' });
  res.end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message}</Message></Error>`);
}

export async function handleMediaUpload(req: IncomingMessage, res: ServerResponse, uploadId: string) {
  const declared = Number(req.headers['content-length'] ?? NaN);
  if (Number.isFinite(declared) && declared > MAX_FORM_BYTES)
    return s3Error(res, 400, 'EntityTooLarge', 'Your proposed upload exceeds the maximum allowed size');
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_FORM_BYTES)
      return s3Error(res, 400, 'EntityTooLarge', 'Your proposed upload exceeds the maximum allowed size');
    chunks.push(chunk as Buffer);
  }
  let form: FormData;
  try {
    form = await new Request('http://local/', {
      method: 'POST',
      headers: { 'content-type': req.headers['content-type'] ?? '' },
      body: Buffer.concat(chunks),
    }).formData();
  } catch {
    return s3Error(
      res,
      400,
      'MalformedPOSTRequest',
      'The body of your POST request is not well-formed multipart/form-data.',
    );
  }
  if (!verifyLocalUpload(uploadId, String(form.get('expires') ?? ''), String(form.get('signature') ?? ''))) {
    return s3Error(res, 403, 'AccessDenied', 'Invalid according to Policy: Policy Condition failed');
  }
  const file = form.get('file');
  if (!file || typeof file === 'string')
    return s3Error(res, 400, 'InvalidArgument', 'POST requires exactly one file upload per request.');
  const bytes = Buffer.from(await file.arrayBuffer());
  if (bytes.length < 1 || bytes.length > IMAGE_MAX_BYTES)
    return s3Error(res, 400, 'EntityTooLarge', 'Your proposed upload exceeds the maximum allowed size');
  const target = localUploadPath(mediaDir(), uploadId);
  await mkdir(dirname(target), { recursive: true });
  await writeFile(target, bytes);
  res.writeHead(204);
  res.end();
}

const typeOf: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp', gif: 'image/gif' };

export async function handleMediaGet(req: IncomingMessage, res: ServerResponse, pathname: string) {
  const match = /^\/media\/announcements\/([0-9A-Z]{26}\.(png|jpg|webp|gif))$/.exec(pathname);
  const path = match ? localServedPath(mediaDir(), match[1]) : undefined;
  const info = path ? await stat(path).catch(() => undefined) : undefined;
  if (!match || !path || !info?.isFile()) {
    res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
    return res.end('not found');
  }
  res.writeHead(200, {
    'content-type': typeOf[match[2]],
    'content-length': info.size,
    'cache-control': 'public, max-age=31536000, immutable',
  });
  if (req.method === 'HEAD') return res.end();
  createReadStream(path).pipe(res);
}
