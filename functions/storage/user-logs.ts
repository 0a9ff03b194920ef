import type { UserLogDto } from '#shared/schemas/users';
import { tableName } from './client';
import { queryAll } from './item-io';
import { keys, stripKeys } from './keys';
import type { TransactItem } from './transactions';

/** What an operator did to a user: `USER#{id} / USERLOG#{at}#{ulid}`, written with the change itself. */
export type UserLogRecord = UserLogDto & { userId: string };

export const userLogsStore = {
  put(log: UserLogRecord): TransactItem {
    return {
      Put: {
        TableName: tableName(),
        Item: { ...keys.userLog(log.userId, log.createdAt, log.id), entity: 'userLog', ...log },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    };
  },

  /** Oldest first. */
  async list(userId: string): Promise<UserLogRecord[]> {
    const items = await queryAll({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
      ExpressionAttributeValues: { ':pk': keys.user(userId).PK, ':prefix': keys.userLogPrefix() },
    });
    return items.map((i) => stripKeys<UserLogRecord>(i));
  },
};
