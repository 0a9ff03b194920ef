import { GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from './client';
import { keys } from './keys';
import { batchGetAll } from './item-io';
import { isConditionFailure } from '#commons/store-errors';
import type { Role } from '#shared/roles';

export interface UserRecord {
  id: string;
  loginId: string;
  role: Role;
  fullName: string;
  phone: string | null;
  isActive: boolean;
  passwordHash: string;
  permissions: string[];
  createdAt: string;
  updatedAt: string;
  lastLoginAt: string | null;
}

const strip = <T extends Record<string, unknown>>(item: T) => {
  const { PK, SK, GSI1PK, GSI1SK, GSI2PK, GSI2SK, entity, ...rest } = item;
  return rest;
};

export const usersStore = {
  async get(userId: string): Promise<UserRecord | undefined> {
    const out = await db().send(new GetCommand({ TableName: tableName(), Key: keys.user(userId) }));
    return out.Item ? (strip(out.Item) as unknown as UserRecord) : undefined;
  },

  /** By id, in one batch (list answers name many owners); missing ids are left out. */
  async getMany(userIds: string[]): Promise<UserRecord[]> {
    const items = await batchGetAll([...new Set(userIds)].map((id) => keys.user(id)));
    return items.map((item) => strip(item) as unknown as UserRecord);
  },

  async findIdByLogin(loginId: string): Promise<string | undefined> {
    const out = await db().send(new GetCommand({ TableName: tableName(), Key: keys.loginName(loginId) }));
    return out.Item?.userId as string | undefined;
  },

  async getByLogin(loginId: string): Promise<UserRecord | undefined> {
    const id = await this.findIdByLogin(loginId);
    return id ? this.get(id) : undefined;
  },

  /** Creates the user and claims the login id in one transaction; false if the id is taken. */
  async create(user: UserRecord): Promise<boolean> {
    try {
      await db().send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Put: {
                TableName: tableName(),
                Item: { ...keys.loginName(user.loginId), entity: 'loginName', userId: user.id },
                ConditionExpression: 'attribute_not_exists(PK)',
              },
            },
            {
              Put: {
                TableName: tableName(),
                Item: { ...keys.user(user.id), ...keys.userListing(user.createdAt, user.id), entity: 'user', ...user },
                ConditionExpression: 'attribute_not_exists(PK)',
              },
            },
          ],
        }),
      );
      return true;
    } catch (err) {
      if (isConditionFailure(err)) return false;
      throw err;
    }
  },

  async update(
    userId: string,
    changes: Partial<Pick<UserRecord, 'fullName' | 'phone' | 'passwordHash' | 'isActive' | 'role' | 'lastLoginAt' | 'permissions'>>,
  ): Promise<UserRecord | undefined> {
    const set: Array<[string, unknown]> = Object.entries(changes).filter(([, v]) => v !== undefined);
    // Signing in is not an edit of the account: it leaves updatedAt alone.
    if (!(set.length === 1 && set[0][0] === 'lastLoginAt')) set.push(['updatedAt', new Date().toISOString()]);
    try {
      const out = await db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: keys.user(userId),
          ConditionExpression: 'attribute_exists(PK)',
          UpdateExpression: `SET ${set.map(([k]) => `#${k} = :${k}`).join(', ')}`,
          ExpressionAttributeNames: Object.fromEntries(set.map(([k]) => [`#${k}`, k])),
          ExpressionAttributeValues: Object.fromEntries(set.map(([k, v]) => [`:${k}`, v])),
          ReturnValues: 'ALL_NEW',
        }),
      );
      return out.Attributes ? (strip(out.Attributes) as unknown as UserRecord) : undefined;
    } catch (err) {
      if (isConditionFailure(err)) return undefined;
      throw err;
    }
  },

  /** Newest first; `cursor` is the opaque LastEvaluatedKey of the previous page. */
  async listPage(limit: number, cursor?: Record<string, unknown>) {
    const out = await db().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: 'GSI1',
        KeyConditionExpression: 'GSI1PK = :pk',
        ExpressionAttributeValues: { ':pk': keys.usersPartition().GSI1PK },
        ScanIndexForward: false,
        Limit: limit,
        ExclusiveStartKey: cursor,
      }),
    );
    return { items: (out.Items ?? []).map((i) => strip(i) as unknown as UserRecord), cursor: out.LastEvaluatedKey };
  },
};
