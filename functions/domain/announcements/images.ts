import { ulid } from 'ulid';
import { announcementMessages as m } from '#shared/messages/announcements';
import { IMAGE_MAX_BYTES, type ImageContentType, type ImageUploadTicket } from '#shared/schemas/announcements';
import { NotFoundError, ValidationError } from '#commons/errors';
import { assertStaff } from '#commons/role-guards';
import type { Role } from '#shared/roles';
import { mediaStore } from '../../adapters/media-store';
import { mediaUploadsStore } from '../../storage/media-uploads';

interface Actor {
  userId: string;
  role: Role;
}

/** An upload ticket is good for 10 minutes; an unconfirmed upload is deleted by the bucket's lifecycle (1 day). */
const TICKET_MS = 10 * 60 * 1000;
const RECORD_TTL_S = 24 * 60 * 60;

const extensionOf: Record<ImageContentType, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/gif': 'gif',
};

/** The type the bytes really are (magic numbers), whatever the upload declared. */
export function sniffImageType(head: Buffer): ImageContentType | null {
  if (head.length >= 8 && head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'image/png';
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image/jpeg';
  if (head.length >= 6 && /^GIF8[79]a$/.test(head.subarray(0, 6).toString('latin1'))) return 'image/gif';
  if (
    head.length >= 12 &&
    head.subarray(0, 4).toString('latin1') === 'RIFF' &&
    head.subarray(8, 12).toString('latin1') === 'WEBP'
  )
    return 'image/webp';
  return null;
}

const invalid = (message: string): never => {
  throw new ValidationError(message, [{ field: 'file', label: '이미지', message }]);
};

/** POST /api/announcements/images (operator): where to send the bytes. */
export async function requestImageUpload(
  caller: Actor,
  input: { contentType: ImageContentType; size: number },
): Promise<ImageUploadTicket> {
  assertStaff(caller);
  const uploadId = ulid();
  const now = Date.now();
  const expiresAt = new Date(now + TICKET_MS);
  await mediaUploadsStore.put({
    uploadId,
    userId: caller.userId,
    contentType: input.contentType,
    size: input.size,
    status: 'pending',
    path: null,
    createdAt: new Date(now).toISOString(),
    ttl: Math.floor(now / 1000) + RECORD_TTL_S,
  });
  const ticket = await mediaStore().ticket(uploadId, input.contentType, expiresAt, input.size);
  return { uploadId, ...ticket, expiresAt: expiresAt.toISOString() };
}

/**
 * POST /api/announcements/images/{uploadId}/confirm (operator who asked for it): the uploaded bytes
 * are checked — really PNG, JPEG, WebP or GIF by their first bytes, 1 byte to 5 MB, exactly the size
 * declared when asking — and only then
 * published at `/media/announcements/{id}.{ext}`, the one image path the sanitiser lets through.
 */
export async function confirmImageUpload(
  caller: Actor,
  uploadId: string,
): Promise<{ url: string; contentType: ImageContentType; size: number }> {
  assertStaff(caller);
  const record = await mediaUploadsStore.get(uploadId);
  if (!record || record.userId !== caller.userId) throw new NotFoundError(m.imageNotUploaded);
  if (record.status === 'confirmed' && record.path)
    return { url: record.path, contentType: record.contentType, size: record.size };
  const store = mediaStore();
  const object = await store.inspect(uploadId);
  if (!object) throw new NotFoundError(m.imageNotUploaded);
  if (object.size < 1) invalid(m.imageEmpty);
  if (object.size > IMAGE_MAX_BYTES) invalid(m.imageTooLarge);
  // The bytes must be what was declared (S3's policy holds the upload to it; local mode checks here).
  if (object.size !== record.size) invalid(m.imageSizeMismatch);
  const type = sniffImageType(object.head);
  if (!type || type !== record.contentType) invalid(m.imageType);
  const file = `${uploadId}.${extensionOf[type!]}`;
  await store.publish(uploadId, file, type!);
  const path = `/media/announcements/${file}`;
  await mediaUploadsStore.confirm(uploadId, path);
  return { url: path, contentType: type!, size: object.size };
}
