import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { RankAlertRule } from '#shared/rank-operations';
import { isConditionFailure } from '#commons/store-errors';
import { db, tableName } from './client';
import { queryAll } from './item-io';
import { keys, stripKeys } from './keys';

/**
 * Each rank alert rule's state: whether it is firing, since when, for which episode (the KST day for
 * a per-day rule, '' otherwise) and when staff were last told. The move to firing is a conditional
 * update, so of two evaluations running at once only one notifies.
 */
export interface RankAlertStateRecord {
  rule: RankAlertRule;
  firing: boolean;
  episode: string;
  since: string | null;
  notifiedAt: string | null;
  clearedAt: string | null;
}

export const rankOpsAlertsStore = {
  async all(): Promise<RankAlertStateRecord[]> {
    const items = await queryAll({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': keys.rankOpsAlerts().PK },
      ConsistentRead: true,
    });
    return items.map((i) => stripKeys<RankAlertStateRecord>(i));
  },

  /** Starts a firing episode; false when this episode already fires (someone else started it). */
  async startFiring(rule: RankAlertRule, episode: string, at: string): Promise<boolean> {
    try {
      await db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: keys.rankOpsAlert(rule),
          UpdateExpression: 'SET #rule = :rule, entity = :entity, firing = :true, episode = :episode, since = :at',
          ConditionExpression: 'attribute_not_exists(PK) OR firing = :false OR episode <> :episode',
          ExpressionAttributeNames: { '#rule': 'rule' },
          ExpressionAttributeValues: {
            ':rule': rule,
            ':entity': 'rankOpsAlert',
            ':true': true,
            ':false': false,
            ':episode': episode,
            ':at': at,
          },
        }),
      );
      return true;
    } catch (err) {
      if (isConditionFailure(err)) return false;
      throw err;
    }
  },

  async notified(rule: RankAlertRule, at: string): Promise<void> {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.rankOpsAlert(rule),
        UpdateExpression: 'SET notifiedAt = :at',
        ExpressionAttributeValues: { ':at': at },
      }),
    );
  },

  /** Ends a firing episode (the rule is armed again). */
  async clear(rule: RankAlertRule, at: string): Promise<void> {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.rankOpsAlert(rule),
        UpdateExpression: 'SET firing = :false, clearedAt = :at',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':false': false, ':at': at },
      }),
    );
  },
};
