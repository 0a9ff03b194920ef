import { chatKeys } from '../keys';
import { queryFirst, queryPage } from '../item-io';
import { tableName } from '../client';
import { transact, type TransactItem } from '../transactions';
import type { ChatRoomStatus } from '#shared/schemas/chat';
import type { ChatMessageRecord, ChatRoomRecord, ChatSide } from './records';
import { countersUpdate, roomsAttr, toMessage, unreadAttr } from './write-items';

/** The room's last-message preview is cut here (the inbox shows 30 characters). */
const PREVIEW_MAX = 200;

/** A room's messages and each side's read marker. */
export const chatMessagesStore = {
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
    let condition =
      'attribute_exists(PK) AND #status = :seenStatus AND (attribute_not_exists(#lastId) OR attribute_type(#lastId, :nullType) OR #lastId < :id)';
    // The room is (a user's message) or stays (it was unread) on the unread index, at its new activity.
    // An operator's read clears the count without a new message: the condition sees it and the caller retries.
    if (to === 'staff' || seen.staffUnread > 0) {
      const unread = chatKeys.unreadRooms(message.createdAt, seen.id);
      values[':g3pk'] = unread.GSI3PK;
      values[':g3'] = unread.GSI3SK;
      update += ', GSI3PK = :g3pk, GSI3SK = :g3';
      if (to !== 'staff') {
        values[':zero'] = 0;
        condition += ' AND staffUnread > :zero';
      }
    }
    if (to) {
      names['#unread'] = unreadAttr(to);
      values[':one'] = 1;
      update += ' ADD #unread :one';
    }
    const items: TransactItem[] = [
      {
        Put: {
          TableName: tableName(),
          Item: { ...chatKeys.message(seen.id, message.id), entity: 'chatMessage', ...message },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      },
      {
        Update: {
          TableName: tableName(),
          Key: chatKeys.room(seen.id),
          UpdateExpression: update,
          ConditionExpression: condition,
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
          TableName: tableName(),
          Key: chatKeys.room(seen.id),
          // Staff read it all: the room leaves the unread index in the same write.
          UpdateExpression: `SET #unread = :zero, #readId = :last, #readAt = :at${side === 'staff' ? ' REMOVE GSI3PK, GSI3SK' : ''}`,
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

  /** Messages newest first, skipping the newest `offset`; `limit + 1` read to tell whether more exist. */
  async newestMessages(
    roomId: string,
    opts: { offset: number; limit: number },
  ): Promise<{ items: ChatMessageRecord[]; hasMore: boolean }> {
    const items = await queryFirst(
      {
        TableName: tableName(),
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
      TableName: tableName(),
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
};
