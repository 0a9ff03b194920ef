import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../client';
import { chatKeys } from '../keys';
import type { ChatCounters } from './records';
import { roomsAttr } from './write-items';

/** The staff-wide counters (the inbox's badges), written only by the other chat stores' transactions. */
export const chatCountersStore = {
  async counters(): Promise<ChatCounters> {
    const out = await db().send(new GetCommand({ TableName: tableName(), Key: chatKeys.counters() }));
    const n = (attr: string) => Math.max(0, Number(out.Item?.[attr] ?? 0));
    return {
      staffUnread: n('staffUnread'),
      rooms: { active: n(roomsAttr('active')), closed: n(roomsAttr('closed')), archived: n(roomsAttr('archived')) },
    };
  },
};
