import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { CannedReply, ChatMessageType, ChatRoomStatus, ChatSenderRole } from '#shared/schemas/chat';
import { isConditionFailure } from '#commons/store-errors';
import { db, tableName } from './client';
import { queryFirst, queryPage } from './item-io';
import { chatKeys, stripKeys } from './keys';
import { transact, type TransactItem } from './transactions';

/**
 * Support chat (issue 14). Layout (docs/data-model.md):
 * - a room `CHATROOM#{id} / ROOM` with the last message, a read marker per side (the id of the newest
 *   message that side has read) and an unread counter per side; listed by last activity on GSI1
 *   `CHATROOMS` and per status on GSI2 `CHATROOMS#{status}` (the operator inbox, no scans);
 * - its messages `CHATROOM#{id} / MSG#{ulid}` in the same partition: a page newest-first is one
 *   reverse query, `after` a key range; a message id is always above the room's last one (the room
 *   update's condition), so "read" = id ≤ the other side's marker, exactly;
 * - a user's one room `USER#{id} / CHATROOM` (created with the room: a user never gets two);
 * - staff-wide counters `COUNTERS / CHAT`: user messages staff have not read, rooms per status;
 *   every change to them commits in the same transaction as the message, read or status change.
 * Each write makes ONE attempt; the domain re-reads and retries a lost race (commons/retry.ts).
 */
export type ChatSide = 'user' | 'staff';

export interface ChatRoomRecord {
  id: string;
  name: string;
  status: ChatRoomStatus;
  userId: string;
  userName: string;
  userLogin: string;
  createdAt: string;
  updatedAt: string;
  /** The sort time on the listing indexes: the last message's, else the creation's. */
  activityAt: string;
  lastMessage: string | null;
  lastMessageId: string | null;
  lastMessageAt: string | null;
  /** Staff messages the user has not read. */
  userUnread: number;
  /** User messages staff have not read. */
  staffUnread: number;
  userReadId: string | null;
  userReadAt: string | null;
  staffReadId: string | null;
  staffReadAt: string | null;
}

export interface ChatMessageRecord {
  id: string;
  roomId: string;
  /** Who wrote it: the room's user, staff, or the system (auto replies, notices). */
  side: ChatSide | 'system';
  senderId: string | null;
  senderName: string;
  senderLogin: string;
  senderRole: ChatSenderRole;
  type: ChatMessageType;
  content: string;
  createdAt: string;
}

export interface ChatCounters {
  staffUnread: number;
  rooms: Record<ChatRoomStatus, number>;
}

/** The room's last-message preview is cut here (the inbox shows 30 characters). */
export const PREVIEW_MAX = 200;

const table = () => tableName();
const unreadAttr = (side: ChatSide) => (side === 'user' ? 'userUnread' : 'staffUnread');
const roomsAttr = (status: ChatRoomStatus) => `rooms_${status}`;

const roomItem = (room: ChatRoomRecord) => ({
  ...chatKeys.room(room.id),
  ...chatKeys.roomListing(room.activityAt, room.id),
  ...chatKeys.roomsByStatus(room.status, room.activityAt, room.id),
  entity: 'chatRoom',
  ...room,
});

/** Adds deltas to the staff-wide counters (no condition: it only counts what its transaction commits). */
function countersUpdate(deltas: Record<string, number>): TransactItem {
  const names: Record<string, string> = { '#entity': 'entity' };
  const values: Record<string, unknown> = { ':entity': 'chatCounters' };
  const adds = Object.entries(deltas).map(([attr, n], i) => {
    names[`#a${i}`] = attr;
    values[`:a${i}`] = n;
    return `#a${i} :a${i}`;
  });
  return {
    Update: {
      TableName: table(),
      Key: chatKeys.counters(),
      UpdateExpression: `SET #entity = :entity ADD ${adds.join(', ')}`,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    },
  };
}

const toRoom = (item: Record<string, unknown>) => stripKeys<ChatRoomRecord>(item);
const toMessage = (item: Record<string, unknown>) => stripKeys<ChatMessageRecord>(item);

export const chatStore = {
  async getRoom(roomId: string): Promise<ChatRoomRecord | undefined> {
    const out = await db().send(
      new GetCommand({ TableName: table(), Key: chatKeys.room(roomId), ConsistentRead: true }),
    );
    return out.Item ? toRoom(out.Item) : undefined;
  },

  async roomIdOfUser(userId: string): Promise<string | undefined> {
    const out = await db().send(
      new GetCommand({ TableName: table(), Key: chatKeys.roomOfUser(userId), ConsistentRead: true }),
    );
    return out.Item?.roomId as string | undefined;
  },

  /** Creates a user's room with its pointer; false when the user already has one (nothing written). */
  async createRoom(room: ChatRoomRecord): Promise<boolean> {
    try {
      await transact([
        {
          Put: {
            TableName: table(),
            Item: {
              ...chatKeys.roomOfUser(room.userId),
              entity: 'chatRoomOfUser',
              roomId: room.id,
              createdAt: room.createdAt,
            },
            ConditionExpression: 'attribute_not_exists(PK)',
          },
        },
        { Put: { TableName: table(), Item: roomItem(room), ConditionExpression: 'attribute_not_exists(PK)' } },
        countersUpdate({ [roomsAttr(room.status)]: 1 }),
      ]);
      return true;
    } catch (err) {
      if (isConditionFailure(err)) return false;
      throw err;
    }
  },

  /**
   * Appends a message to a room as read (`seen`): the message, the room's last message, the unread
   * counter of the side that did not write it and (for a user's message) the staff-wide counter, in
   * one transaction. `status` reopens the room. Throws a condition failure when the room changed
   * since `seen` (status) or a newer message got there first: the caller re-reads and retries with a new id.
   */
  async appendMessage(
    seen: ChatRoomRecord,
    message: ChatMessageRecord,
    status: ChatRoomStatus,
  ): Promise<ChatRoomRecord> {
    const to: ChatSide | null = message.side === 'user' ? 'staff' : message.side === 'staff' ? 'user' : null;
    const preview = message.content.slice(0, PREVIEW_MAX);
    const names: Record<string, string> = { '#status': 'status', '#lastId': 'lastMessageId' };
    const values: Record<string, unknown> = {
      ':preview': preview,
      ':id': message.id,
      ':at': message.createdAt,
      ':seenStatus': seen.status,
      ':status': status,
      ':g1': chatKeys.roomListing(message.createdAt, seen.id).GSI1SK,
      ':g2pk': chatKeys.roomsByStatus(status).GSI2PK,
      ':g2': chatKeys.roomsByStatus(status, message.createdAt, seen.id).GSI2SK,
    };
    let update =
      'SET lastMessage = :preview, #lastId = :id, lastMessageAt = :at, updatedAt = :at, activityAt = :at, #status = :status, GSI1SK = :g1, GSI2PK = :g2pk, GSI2SK = :g2';
    if (to) {
      names['#unread'] = unreadAttr(to);
      values[':one'] = 1;
      update += ' ADD #unread :one';
    }
    const items: TransactItem[] = [
      {
        Put: {
          TableName: table(),
          Item: { ...chatKeys.message(seen.id, message.id), entity: 'chatMessage', ...message },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      },
      {
        Update: {
          TableName: table(),
          Key: chatKeys.room(seen.id),
          UpdateExpression: update,
          ConditionExpression:
            'attribute_exists(PK) AND #status = :seenStatus AND (attribute_not_exists(#lastId) OR attribute_type(#lastId, :nullType) OR #lastId < :id)',
          ExpressionAttributeNames: names,
          ExpressionAttributeValues: { ...values, ':nullType': 'NULL' },
        },
      },
    ];
    const deltas: Record<string, number> = {};
    if (to === 'staff') deltas.staffUnread = 1;
    if (status !== seen.status) {
      deltas[roomsAttr(seen.status)] = -1;
      deltas[roomsAttr(status)] = 1;
    }
    if (Object.keys(deltas).length) items.push(countersUpdate(deltas));
    await transact(items);
    return {
      ...seen,
      status,
      lastMessage: preview,
      lastMessageId: message.id,
      lastMessageAt: message.createdAt,
      updatedAt: message.createdAt,
      activityAt: message.createdAt,
      userUnread: seen.userUnread + (to === 'user' ? 1 : 0),
      staffUnread: seen.staffUnread + (to === 'staff' ? 1 : 0),
    };
  },

  /**
   * Marks everything up to the room's last message read for one side: its marker, its counter to 0
   * and (staff) the staff-wide counter down by what this room had. Throws a condition failure when a
   * message arrived or another read landed since `seen`. Only for a room with messages.
   */
  async markRead(seen: ChatRoomRecord, side: ChatSide, readAt: string): Promise<ChatRoomRecord> {
    const attr = unreadAttr(side);
    const n = seen[attr];
    const items: TransactItem[] = [
      {
        Update: {
          TableName: table(),
          Key: chatKeys.room(seen.id),
          UpdateExpression: 'SET #unread = :zero, #readId = :last, #readAt = :at',
          ConditionExpression: 'attribute_exists(PK) AND #unread = :n AND #lastId = :last',
          ExpressionAttributeNames: {
            '#unread': attr,
            '#readId': `${side}ReadId`,
            '#readAt': `${side}ReadAt`,
            '#lastId': 'lastMessageId',
          },
          ExpressionAttributeValues: { ':zero': 0, ':n': n, ':last': seen.lastMessageId, ':at': readAt },
        },
      },
    ];
    if (side === 'staff' && n > 0) items.push(countersUpdate({ staffUnread: -n }));
    await transact(items);
    return { ...seen, [attr]: 0, [`${side}ReadId`]: seen.lastMessageId, [`${side}ReadAt`]: readAt };
  },

  /** Changes a room's status as read; throws a condition failure when it changed since. */
  async setStatus(seen: ChatRoomRecord, status: ChatRoomStatus, at: string): Promise<ChatRoomRecord> {
    await transact([
      {
        Update: {
          TableName: table(),
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

  /** Messages newest first, skipping the newest `offset`; `limit + 1` read to tell whether more exist. */
  async newestMessages(
    roomId: string,
    opts: { offset: number; limit: number },
  ): Promise<{ items: ChatMessageRecord[]; hasMore: boolean }> {
    const items = await queryFirst(
      {
        TableName: table(),
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
        ExpressionAttributeValues: { ':pk': chatKeys.messagesOfRoom(roomId).PK, ':prefix': chatKeys.messagePrefix() },
        ScanIndexForward: false,
      },
      opts.offset + opts.limit + 1,
      { pageLimit: (missing) => Math.min(missing, 1000) },
    );
    const page = items.slice(opts.offset, opts.offset + opts.limit).map(toMessage);
    return { items: page, hasMore: items.length > opts.offset + opts.limit };
  },

  /** Messages newer than `afterId`, oldest first (polling); `limit + 1` read to tell whether more exist. */
  async messagesAfter(
    roomId: string,
    afterId: string,
    limit: number,
  ): Promise<{ items: ChatMessageRecord[]; hasMore: boolean }> {
    const page = await queryPage({
      TableName: table(),
      KeyConditionExpression: 'PK = :pk AND SK BETWEEN :from AND :to',
      ExpressionAttributeValues: {
        ':pk': chatKeys.messagesOfRoom(roomId).PK,
        // '0' sorts below every ULID character: the range starts just after `afterId`.
        ':from': `${chatKeys.message(roomId, afterId).SK}0`,
        ':to': `${chatKeys.messagePrefix()}~`,
      },
      Limit: limit + 1,
    });
    const items = page.items.map(toMessage);
    return { items: items.slice(0, limit), hasMore: items.length > limit };
  },

  /**
   * Rooms by last activity, newest first (all, or of one status), at most `limit`, older than the
   * `before` key (`{activityAt}#{roomId}`) when given; `unread`: only rooms with user messages no
   * operator has read (a filter within the key-conditioned query).
   */
  async listRooms(opts: {
    status?: ChatRoomStatus;
    limit: number;
    before?: string;
    unread?: boolean;
  }): Promise<ChatRoomRecord[]> {
    const byStatus = !!opts.status;
    const sk = byStatus ? 'GSI2SK' : 'GSI1SK';
    const rooms = await queryFirst(
      {
        TableName: table(),
        IndexName: byStatus ? 'GSI2' : 'GSI1',
        KeyConditionExpression: `${byStatus ? 'GSI2PK' : 'GSI1PK'} = :pk${opts.before ? ` AND ${sk} < :before` : ''}`,
        ExpressionAttributeValues: {
          ':pk': byStatus ? chatKeys.roomsByStatus(opts.status!).GSI2PK : chatKeys.roomListing().GSI1PK,
          ...(opts.before ? { ':before': opts.before } : {}),
          ...(opts.unread ? { ':zero': 0 } : {}),
        },
        ...(opts.unread ? { FilterExpression: 'staffUnread > :zero' } : {}),
        ScanIndexForward: false,
      },
      opts.limit,
      // With the unread filter a page may keep few rows: read larger pages.
      { pageLimit: (missing) => (opts.unread ? 500 : missing) },
    );
    return rooms.map(toRoom);
  },

  async counters(): Promise<ChatCounters> {
    const out = await db().send(new GetCommand({ TableName: table(), Key: chatKeys.counters() }));
    const n = (attr: string) => Math.max(0, Number(out.Item?.[attr] ?? 0));
    return {
      staffUnread: n('staffUnread'),
      rooms: { active: n(roomsAttr('active')), closed: n(roomsAttr('closed')), archived: n(roomsAttr('archived')) },
    };
  },

  async cannedReplies(): Promise<CannedReply[] | undefined> {
    const out = await db().send(new GetCommand({ TableName: table(), Key: chatKeys.cannedReplies() }));
    return out.Item ? (out.Item.items as CannedReply[]) : undefined;
  },

  async saveCannedReplies(items: CannedReply[], by: string, at: string): Promise<void> {
    await db().send(
      new PutCommand({
        TableName: table(),
        Item: { ...chatKeys.cannedReplies(), entity: 'chatCannedReplies', items, updatedBy: by, updatedAt: at },
      }),
    );
  },
};
