import { GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from './client';
import { keys } from './keys';
import { batchGetAll, queryAll, queryPage, type QueryCursor } from './item-io';
import type { TransactItem } from './transactions';
import { isConditionFailure } from '#commons/store-errors';
import type { Role } from '#shared/roles';
import type { BankInfo, BusinessInfo } from '#shared/schemas/users';

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
  /** Set by an operator's delete: the account stays (ledger, slots) but is inactive and unlisted. */
  deletedAt?: string | null;
  /** In the user counts (`user-stats.ts`): set at creation; older accounts get it from `countUncountedUsers`. */
  counted?: boolean;
  /** Bank and business details; absent until first saved. */
  bankInfo?: BankInfo;
  business?: BusinessInfo;
}

/** What a list shows of an account it names. */
export type UserBrief = Pick<UserRecord, 'id' | 'fullName' | 'loginId' | 'isActive'>;

/** What the admin user list reads of every user (no password hash). */
export type UserListRow = Pick<
  UserRecord,
  'id' | 'loginId' | 'fullName' | 'phone' | 'role' | 'isActive' | 'createdAt' | 'lastLoginAt' | 'deletedAt'
>;
const LIST_ATTRS = [
  'id',
  'loginId',
  'fullName',
  'phone',
  'role',
  'isActive',
  'createdAt',
  'lastLoginAt',
  'deletedAt',
] as const;

const strip = <T extends Record<string, unknown>>(item: T) => {
  const { PK, SK, GSI1PK, GSI1SK, GSI2PK, GSI2SK, entity, ...rest } = item;
  return rest;
};

/** Ids and login ids already resolved to an account id (`idOf`), oldest dropped first. */
const resolvedIds = new Map<string, string>();
const MAX_RESOLVED_IDS = 5_000;

export const usersStore = {
  /** `consistent`: a decision that must see the latest change (deactivation, an operator's edit). */
  async get(userId: string, opts: { consistent?: boolean } = {}): Promise<UserRecord | undefined> {
    const out = await db().send(
      new GetCommand({
        TableName: tableName(),
        Key: keys.user(userId),
        ...(opts.consistent ? { ConsistentRead: true } : {}),
      }),
    );
    return out.Item ? (strip(out.Item) as unknown as UserRecord) : undefined;
  },

  /** By id, in one batch (list answers name many owners); missing ids are left out. */
  async getMany(userIds: string[]): Promise<UserRecord[]> {
    const items = await batchGetAll([...new Set(userIds)].map((id) => keys.user(id)));
    return items.map((item) => strip(item) as unknown as UserRecord);
  },

  /** Only what list answers show of an owner (names, login id, active flag), in one batch. */
  async briefsOf(userIds: string[]): Promise<UserBrief[]> {
    const items = await batchGetAll(
      [...new Set(userIds)].map((id) => keys.user(id)),
      { attributes: ['id', 'fullName', 'loginId', 'isActive'] },
    );
    return items as unknown as UserBrief[];
  },

  async findIdByLogin(loginId: string): Promise<string | undefined> {
    const out = await db().send(new GetCommand({ TableName: tableName(), Key: keys.loginName(loginId) }));
    return out.Item?.userId as string | undefined;
  },

  /**
   * The account named by its id or its login id (exact; login ids case-insensitive), if any: both
   * read at once. A found answer is kept for the process (per table): an account is never removed
   * (a delete only marks it) and its id and login id never change, so it cannot go stale; an
   * unknown name is asked again, as the account may be created meanwhile.
   */
  async idOf(idOrLogin: string): Promise<string | undefined> {
    const cacheKey = `${tableName()}|${idOrLogin}`;
    const known = resolvedIds.get(cacheKey);
    if (known) return known;
    const [byId, byLogin] = await Promise.all([this.get(idOrLogin), this.findIdByLogin(idOrLogin)]);
    const id = byId?.id ?? byLogin;
    if (id) {
      if (resolvedIds.size >= MAX_RESOLVED_IDS) resolvedIds.delete(resolvedIds.keys().next().value!);
      resolvedIds.set(cacheKey, id);
    }
    return id;
  },

  async getByLogin(loginId: string): Promise<UserRecord | undefined> {
    const id = await this.findIdByLogin(loginId);
    return id ? this.get(id) : undefined;
  },

  /**
   * Creates the user and claims the login id in one transaction with the `linked` items (the user
   * counts, a log line); false if the id is taken.
   */
  async create(user: UserRecord, linked: TransactItem[] = []): Promise<boolean> {
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
            ...linked,
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
    changes: Partial<
      Pick<UserRecord, 'fullName' | 'phone' | 'passwordHash' | 'isActive' | 'role' | 'lastLoginAt' | 'permissions'>
    >,
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

  /** For a transaction that must not land on a deleted or deactivated account (or one whose role changed). */
  liveCheck(userId: string, role: UserRecord['role']): TransactItem {
    return {
      ConditionCheck: {
        TableName: tableName(),
        Key: keys.user(userId),
        ConditionExpression:
          'attribute_exists(PK) AND #role = :role AND #active = :true AND (attribute_not_exists(#deleted) OR #deleted = :null)',
        ExpressionAttributeNames: { '#role': 'role', '#active': 'isActive', '#deleted': 'deletedAt' },
        ExpressionAttributeValues: { ':role': role, ':true': true, ':null': null },
      },
    };
  },

  /**
   * An operator's change of one user, for a transaction with its counters and log line: only if the
   * role and active flag are still those read (the counters moved from them) and it is not deleted.
   */
  changeItem(
    userId: string,
    expected: Pick<UserRecord, 'role' | 'isActive'>,
    changes: Partial<
      Pick<UserRecord, 'fullName' | 'passwordHash' | 'isActive' | 'role' | 'deletedAt' | 'bankInfo' | 'business'>
    >,
  ): TransactItem {
    const set: Array<[string, unknown]> = Object.entries(changes).filter(([, v]) => v !== undefined);
    set.push(['updatedAt', new Date().toISOString()]);
    return {
      Update: {
        TableName: tableName(),
        Key: keys.user(userId),
        ConditionExpression:
          'attribute_exists(PK) AND #oldRole = :oldRole AND #oldActive = :oldActive AND (attribute_not_exists(#deleted) OR #deleted = :null)',
        UpdateExpression: `SET ${set.map(([k]) => `#${k} = :${k}`).join(', ')}`,
        ExpressionAttributeNames: {
          ...Object.fromEntries(set.map(([k]) => [`#${k}`, k])),
          '#oldRole': 'role',
          '#oldActive': 'isActive',
          '#deleted': 'deletedAt',
        },
        ExpressionAttributeValues: {
          ...Object.fromEntries(set.map(([k, v]) => [`:${k}`, v])),
          ':oldRole': expected.role,
          ':oldActive': expected.isActive,
          ':null': null,
        },
      },
    };
  },

  /** Every user's list attributes, newest first (GSI1, all pages, no password hashes). */
  async listAll(): Promise<UserListRow[]> {
    const items = await queryAll({
      TableName: tableName(),
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk',
      ExpressionAttributeValues: { ':pk': keys.usersPartition().GSI1PK },
      ProjectionExpression: LIST_ATTRS.map((a) => `#${a}`).join(', '),
      ExpressionAttributeNames: Object.fromEntries(LIST_ATTRS.map((a) => [`#${a}`, a])),
      ScanIndexForward: false,
    });
    return items as unknown as UserListRow[];
  },

  /** Accounts created before the user counts existed (no `counted` flag), with what the counts need. */
  async listUncounted(): Promise<Array<Pick<UserRecord, 'id' | 'role' | 'isActive' | 'deletedAt'>>> {
    const items = await queryAll({
      TableName: tableName(),
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk',
      FilterExpression: 'attribute_not_exists(#counted)',
      ExpressionAttributeValues: { ':pk': keys.usersPartition().GSI1PK },
      ExpressionAttributeNames: {
        '#counted': 'counted',
        '#id': 'id',
        '#role': 'role',
        '#isActive': 'isActive',
        '#deletedAt': 'deletedAt',
      },
      ProjectionExpression: '#id, #role, #isActive, #deletedAt',
    });
    return items as unknown as Array<Pick<UserRecord, 'id' | 'role' | 'isActive' | 'deletedAt'>>;
  },

  /** Marks an account counted, once (with its counts ADD in the same transaction). */
  markCountedItem(userId: string): TransactItem {
    return {
      Update: {
        TableName: tableName(),
        Key: keys.user(userId),
        UpdateExpression: 'SET #counted = :true',
        ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(#counted)',
        ExpressionAttributeNames: { '#counted': 'counted' },
        ExpressionAttributeValues: { ':true': true },
      },
    };
  },

  /** Newest first; `cursor` is the opaque LastEvaluatedKey of the previous page. */
  async listPage(limit: number, cursor?: QueryCursor) {
    const page = await queryPage({
      TableName: tableName(),
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk',
      ExpressionAttributeValues: { ':pk': keys.usersPartition().GSI1PK },
      ScanIndexForward: false,
      Limit: limit,
      ExclusiveStartKey: cursor,
    });
    return { items: page.items.map((i) => strip(i) as unknown as UserRecord), cursor: page.cursor };
  },
};
