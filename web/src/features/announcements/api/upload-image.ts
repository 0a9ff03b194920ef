import { imageUploadRequestSchema } from '#shared/schemas/announcements';
import { imageContentTypes } from '#shared/announcements';
import { announcementMessages } from '#shared/messages/announcements';
import { api } from '@/lib/api-client';

/**
 * An editor image: a ticket from the API, the bytes POSTed where it says (S3 presigned POST in the
 * cloud, the local server locally), then the API checks the bytes and answers the served path.
 */
export async function uploadAnnouncementImage(file: File): Promise<string> {
  const parsed = imageUploadRequestSchema.safeParse({ contentType: file.type, size: file.size });
  if (!parsed.success) throw new Error(parsed.error.issues[0]?.message ?? announcementMessages.imageUploadFailed);
  const ticket = await api.call('POST /api/announcements/images', { body: parsed.data });
  const form = new FormData();
  for (const [k, v] of Object.entries(ticket.fields)) form.append(k, v);
  form.append('file', file);
  const res = await fetch(ticket.url, { method: 'POST', body: form });
  if (!res.ok)
    throw new Error(res.status === 400 ? announcementMessages.imageTooLarge : announcementMessages.imageUploadFailed);
  const confirmed = await api.call('POST /api/announcements/images/{uploadId}/confirm', {
    path: { uploadId: ticket.uploadId },
  });
  return confirmed.url;
}

export const acceptedImageTypes = imageContentTypes.join(',');
