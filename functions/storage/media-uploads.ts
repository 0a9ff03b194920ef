import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { ImageContentType } from '#shared/schemas/announcements';
import { isConditionFailure } from '#commons/store-errors';
import { db, tableName } from './client';
import { keys, stripKeys } from './keys';

export interface MediaUploadRecord {
  uploadId: string;
  userId: string;
  contentType: ImageContentType;
  size: number;
  status: 'pending' | 'confirmed';
  /** The served path once confirmed. */
  path: string | null;
  createdAt: string;
  ttl: number;
}

/** Image upload tickets: who asked, for what type and size; confirmed once the bytes were checked. */
export const mediaUploadsStore = {
  async put(record: MediaUploadRecord): Promise<void> {
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...keys.mediaUpload(record.uploadId), entity: 'mediaUpload', ...record },
        ConditionExpression: 'attribute_not_exists(PK)',
      }),
    );
  },

  async get(uploadId: string): Promise<MediaUploadRecord | undefined> {
    const out = await db().send(
      new GetCommand({ TableName: tableName(), Key: keys.mediaUpload(uploadId), ConsistentRead: true }),
    );
    if (!out.Item) return undefined;
    const record = stripKeys<MediaUploadRecord>(out.Item);
    // DynamoDB deletes ttl items late (DynamoDB Local never): an expired ticket is gone.
    return record.ttl * 1000 < Date.now() ? undefined : record;
  },

  /** pending → confirmed with its path; false when it was not pending. */
  async confirm(uploadId: string, path: string): Promise<boolean> {
    try {
      await db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: keys.mediaUpload(uploadId),
          UpdateExpression: 'SET #s = :confirmed, #p = :path REMOVE #ttl',
          ConditionExpression: '#s = :pending',
          ExpressionAttributeNames: { '#s': 'status', '#p': 'path', '#ttl': 'ttl' },
          ExpressionAttributeValues: { ':confirmed': 'confirmed', ':pending': 'pending', ':path': path },
        }),
      );
      return true;
    } catch (err) {
      if (isConditionFailure(err)) return false;
      throw err;
    }
  },
};
