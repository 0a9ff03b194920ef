import { tableName } from '../client';
import { queryAll } from '../item-io';
import { notificationKeys, stripKeys } from '../keys';
import type { SendRecord } from './records';

/** The operator history (N10). */
export const notificationHistoryStore = {
  /** Sends in a time range (ISO, inclusive), newest first: the operator history. */
  async sendsBetween(fromIso: string, toIso: string): Promise<SendRecord[]> {
    const items = await queryAll({
      TableName: tableName(),
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk AND GSI1SK BETWEEN :lo AND :hi',
      ExpressionAttributeValues: {
        ':pk': notificationKeys.notificationSendListing().GSI1PK,
        ':lo': fromIso,
        ':hi': `${toIso}\uffff`,
      },
      ScanIndexForward: false,
    });
    return items.map((i) => {
      const { recipientIds, ...rest } = stripKeys<SendRecord>(i);
      return rest as SendRecord;
    });
  },
};
