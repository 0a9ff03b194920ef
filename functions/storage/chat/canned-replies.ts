import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { CannedReply } from '#shared/schemas/chat';
import { db, tableName } from '../client';
import { chatKeys } from '../keys';

/** The operators' canned replies: one item. */
export const chatCannedRepliesStore = {
  async cannedReplies(): Promise<CannedReply[] | undefined> {
    const out = await db().send(new GetCommand({ TableName: tableName(), Key: chatKeys.cannedReplies() }));
    return out.Item ? (out.Item.items as CannedReply[]) : undefined;
  },

  async saveCannedReplies(items: CannedReply[], by: string, at: string): Promise<void> {
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...chatKeys.cannedReplies(), entity: 'chatCannedReplies', items, updatedBy: by, updatedAt: at },
      }),
    );
  },
};
