import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { ChatRoomStatus } from '#shared/schemas/chat';
import { isConditionFailure } from '#commons/store-errors';
import { db, tableName } from '../client';
import { queryFirst } from '../item-io';
import { chatKeys } from '../keys';
import { transact } from '../transactions';
import type { ChatRoomRecord } from './records';
import { countersUpdate, nameSuffixPuts, roomItem, roomsAttr, toRoom } from './write-items';

/**
 * A page of rooms from one listing partition, newest first, older than `before` when given; `status`
 * filters within it (the unread index only: its rooms are nearly all active, so pages stay close to `limit`).
 */
async function roomsOfIndex(
  index: 'GSI1' | 'GSI2' | 'GSI3',
  pk: string,
  limit: number,
  before?: string,
  status?: ChatRoomStatus,
) {
  return queryFirst<Record<string, unknown>>(
    {
      TableName: tableName(),
      IndexName: index,
      KeyConditionExpression: `${index}PK = :pk${before ? ` AND ${index}SK < :before` : ''}`,
      ExpressionAttributeValues: {
        ':pk': pk,
        ...(before ? { ':before': before } : {}),
        ...(status ? { ':status': status } : {}),
      },
      ...(status ? { FilterExpression: '#status = :status', ExpressionAttributeNames: { '#status': 'status' } } : {}),
      ScanIndexForward: false,
    },
    limit,
    { pageLimit: (missing) => (status ? Math.max(2 * missing, 50) : missing) },
  );
}

/** Rooms: a user's one room, its status, and the operator inbox's listings. */
export const chatRoomsStore = {
  async getRoom(roomId: string): Promise<ChatRoomRecord | undefined> {
    const out = await db().send(
      new GetCommand({ TableName: tableName(), Key: chatKeys.room(roomId), ConsistentRead: true }),
    );
    return out.Item ? toRoom(out.Item) : undefined;
  },

  async roomIdOfUser(userId: string): Promise<string | undefined> {
    const out = await db().send(
      new GetCommand({ TableName: tableName(), Key: chatKeys.roomOfUser(userId), ConsistentRead: true }),
    );
    return out.Item?.roomId as string | undefined;
  },

  /** Creates a user's room with its pointer; false when the user already has one (nothing written). */
  async createRoom(room: ChatRoomRecord): Promise<boolean> {
    try {
      await transact([
        {
          Put: {
            TableName: tableName(),
            Item: {
              ...chatKeys.roomOfUser(room.userId),
              entity: 'chatRoomOfUser',
              roomId: room.id,
              createdAt: room.createdAt,
            },
            ConditionExpression: 'attribute_not_exists(PK)',
          },
        },
        { Put: { TableName: tableName(), Item: roomItem(room), ConditionExpression: 'attribute_not_exists(PK)' } },
        countersUpdate({ [roomsAttr(room.status)]: 1 }),
        ...nameSuffixPuts(room.id, room.userName),
      ]);
      return true;
    } catch (err) {
      if (isConditionFailure(err)) return false;
      throw err;
    }
  },

  /** Changes a room's status as read; throws a condition failure when it changed since. */
  async setStatus(seen: ChatRoomRecord, status: ChatRoomStatus, at: string): Promise<ChatRoomRecord> {
    await transact([
      {
        Update: {
          TableName: tableName(),
          Key: chatKeys.room(seen.id),
          UpdateExpression: 'SET #status = :status, updatedAt = :at, GSI2PK = :g2pk',
          ConditionExpression: 'attribute_exists(PK) AND #status = :seen',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: {
            ':status': status,
            ':at': at,
            ':seen': seen.status,
            ':g2pk': chatKeys.roomsByStatus(status).GSI2PK,
          },
        },
      },
      countersUpdate({ [roomsAttr(seen.status)]: -1, [roomsAttr(status)]: 1 }),
    ]);
    return { ...seen, status, updatedAt: at };
  },

  /**
   * Rooms by last activity, newest first (all, or of one status), at most `limit`, older than the
   * `before` key (`{activityAt}#{roomId}`) when given; `unread`: only rooms with user messages no
   * operator has read, from the sparse unread index (no read room is read), a status filtered within it.
   */
  async listRooms(opts: {
    status?: ChatRoomStatus;
    limit: number;
    before?: string;
    unread?: boolean;
  }): Promise<ChatRoomRecord[]> {
    if (opts.unread) {
      const rooms = await roomsOfIndex('GSI3', chatKeys.unreadRooms().GSI3PK, opts.limit, opts.before, opts.status);
      return rooms.map(toRoom);
    }
    const rooms = opts.status
      ? await roomsOfIndex('GSI2', chatKeys.roomsByStatus(opts.status).GSI2PK, opts.limit, opts.before)
      : await roomsOfIndex('GSI1', chatKeys.roomListing().GSI1PK, opts.limit, opts.before);
    return rooms.map(toRoom);
  },
};
