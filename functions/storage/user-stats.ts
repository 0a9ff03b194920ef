import { roles, type Role } from '#shared/roles';
import { tableName } from './client';
import { batchGetAll } from './item-io';
import { keys } from './keys';
import type { TransactItem } from './transactions';

/**
 * Users counted by status and role (`COUNTERS / USERCOUNTS`, `USERCOUNTS#1..7`): every user create,
 * change and delete moves one shard (picked at random) in the same transaction, so GET
 * /api/users/stats and the dashboard never scan, and sign-ups arriving together do not contend on
 * one item. Readers add the shards up.
 */
const SHARDS = 8;

export interface UserCounts {
  total: number;
  active: number;
  inactive: number;
  byRole: Record<Role, number>;
}

export type UserCountDeltas = Partial<Record<'total' | 'active' | 'inactive' | `role_${Role}`, number>>;

export const userStatsStore = {
  async read(): Promise<UserCounts> {
    const shards = await batchGetAll(
      Array.from({ length: SHARDS }, (_, i) => keys.userStatsShard(i)),
      { consistent: true },
    );
    const n = (k: string) =>
      shards.reduce((sum, item) => sum + (typeof item[k] === 'number' ? (item[k] as number) : 0), 0);
    return {
      total: n('total'),
      active: n('active'),
      inactive: n('inactive'),
      byRole: Object.fromEntries(roles.map((r) => [r, n(`role_${r}`)])) as Record<Role, number>,
    };
  },

  /** ADD the deltas (zeros left out); undefined when nothing moves. */
  update(deltas: UserCountDeltas): TransactItem | undefined {
    const moves = Object.entries(deltas).filter(([, v]) => v);
    if (!moves.length) return undefined;
    return {
      Update: {
        TableName: tableName(),
        Key: keys.userStatsShard(Math.floor(Math.random() * SHARDS)),
        UpdateExpression: `SET #entity = :entity ADD ${moves.map((_, i) => `#c${i} :c${i}`).join(', ')}`,
        ExpressionAttributeNames: { '#entity': 'entity', ...Object.fromEntries(moves.map(([k], i) => [`#c${i}`, k])) },
        ExpressionAttributeValues: {
          ':entity': 'userCounts',
          ...Object.fromEntries(moves.map(([, v], i) => [`:c${i}`, v])),
        },
      },
    };
  },
};
