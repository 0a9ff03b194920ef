import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { CannedReply, ChatMessageType, ChatRoomStatus, ChatSenderRole } from '#shared/schemas/chat';
import { isConditionFailure } from '#commons/store-errors';
import { db, tableName } from './client';
import { batchGetAll, queryFirst, queryPage, queryPages } from './item-io';
import { chatKeys, stripKeys } from './keys';
import { MAX_TRANSACTION_ITEMS, transact, type TransactItem } from './transactions';

/**
 * Support chat. Layout (docs/data-model.md):
 * - a room `CHATROOM#{id} / ROOM` with the last message, a read marker per side (the id of the newest
 *   message that side has read) and an unread counter per side; listed by last activity on GSI1
 *   `CHATROOMS` and per status on GSI2 `CHATROOMS#{status}` (the operator inbox, no scans);
 * - its messages `CHATROOM#{id} / MSG#{ulid}` in the same partition: a page newest-first is one
 *   reverse query, `after` a key range; a message id is always above the room's last one (the room
 *   update's condition), so "read" = id ≤ the other side's marker, exactly;
 *   the rooms with user messages no operator has read are also on the sparse GSI3
 *   `CHATROOMS#UNREAD` (`unread=true`), set and removed with `staffUnread` itself;
 * - a user's one room `USER#{id} / CHATROOM` (created with the room: a user never gets two);
 * - the suffixes of the room's user name `CHATNAME#{first character} / {suffix}#{roomId}`, written
 *   with the room: a search by part of a name is one key range, checked against the rooms it finds;
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
/** A name suffix is indexed by its first characters only; a longer search is checked in code. */
export const NAME_SUFFIX_MAX = 20;
/** Which search keys a room holds (`searchKeys`): rooms without them are filled in once by `fillSearchKeys`. */
const SEARCH_KEYS_VERSION = 1;

const table = () => tableName();
const unreadAttr = (side: ChatSide) => (side === 'user' ? 'userUnread' : 'staffUnread');
const roomsAttr = (status: ChatRoomStatus) => `rooms_${status}`;

/** GSI3 (sparse): only a room with user messages no operator has read is on the unread index. */
const unreadKeys = (room: Pick<ChatRoomRecord, 'id' | 'activityAt' | 'staffUnread'>) =>
  room.staffUnread > 0 ? chatKeys.unreadRooms(room.activityAt, room.id) : {};

const roomItem = (room: ChatRoomRecord) => ({
  ...chatKeys.room(room.id),
  ...chatKeys.roomListing(room.activityAt, room.id),
  ...chatKeys.roomsByStatus(room.status, room.activityAt, room.id),
  ...unreadKeys(room),
  entity: 'chatRoom',
  ...room,
  searchKeys: SEARCH_KEYS_VERSION,
});

/** The distinct suffixes of a user name, lowercased and cut to NAME_SUFFIX_MAX characters. */
export function nameSuffixes(userName: string): string[] {
  const chars = Array.from(userName.toLowerCase());
  const all = chars.map((_, i) => chars.slice(i, i + NAME_SUFFIX_MAX).join(''));
  return [...new Set(all.filter((s) => s.trim()))];
}

/** Puts of the name-suffix items of a room (unconditional: writing one twice changes nothing). */
const nameSuffixPuts = (roomId: string, userName: string): TransactItem[] =>
  nameSuffixes(userName).map((suffix) => ({
    Put: {
      TableName: table(),
      Item: { ...chatKeys.roomNameSuffix(suffix, roomId), entity: 'chatNameSuffix', roomId },
    },
  }));

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
      TableName: table(),
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

const toRoom = (item: Record<string, unknown>) => {
  const { searchKeys, ...room } = stripKeys<ChatRoomRecord & { searchKeys?: number }>(item);
  return room as ChatRoomRecord;
};
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
        ...nameSuffixPuts(room.id, room.userName),
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
          TableName: table(),
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

  /**
   * Rooms whose user name contains `search` (any case), at most `max`, in no particular order: the
   * name-suffix items under the search's first characters, then their rooms, each checked against its
   * current name (an item of a name since changed finds nothing). Reads no user and no other room.
   */
  async roomsByNamePart(search: string, max: number): Promise<ChatRoomRecord[]> {
    const needle = search.toLowerCase();
    const prefix = Array.from(needle).slice(0, NAME_SUFFIX_MAX).join('');
    if (!prefix.trim()) return [];
    const found = new Map<string, ChatRoomRecord>();
    const seen = new Set<string>();
    const pages = queryPages(
      {
        TableName: table(),
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
        ExpressionAttributeValues: { ':pk': chatKeys.roomNameSuffixes(prefix).PK, ':prefix': prefix },
        ProjectionExpression: 'roomId',
      },
      () => 100,
    );
    for await (const page of pages) {
      const ids = (page.Items ?? []).map((i) => i.roomId as string).filter((id) => !seen.has(id));
      ids.forEach((id) => seen.add(id));
      const rooms = (await batchGetAll(ids.map((id) => chatKeys.room(id)))).map(toRoom);
      for (const room of rooms) if (room.userName.toLowerCase().includes(needle)) found.set(room.id, room);
      if (found.size >= max) break;
    }
    return [...found.values()].slice(0, max);
  },

  /**
   * The room's user got a new name: the room shows it and is found by it. The new name's suffix items
   * and the room commit together, with the old name's suffixes deleted when everything fits one
   * transaction (otherwise they stay behind, found by nothing: a search checks the room's name).
   * Throws a condition failure when the room's name changed since `seen`.
   */
  async renameUser(seen: ChatRoomRecord, userName: string): Promise<ChatRoomRecord> {
    // Every suffix of the new name is put (a room from before the search keys may lack the shared ones).
    const puts = nameSuffixPuts(seen.id, userName);
    const fresh = nameSuffixes(userName);
    const deletes: TransactItem[] = nameSuffixes(seen.userName)
      .filter((s) => !fresh.includes(s))
      .map((suffix) => ({ Delete: { TableName: table(), Key: chatKeys.roomNameSuffix(suffix, seen.id) } }));
    const update: TransactItem = {
      Update: {
        TableName: table(),
        Key: chatKeys.room(seen.id),
        UpdateExpression: 'SET userName = :name',
        ConditionExpression: 'attribute_exists(PK) AND userName = :seen',
        ExpressionAttributeValues: { ':name': userName, ':seen': seen.userName },
      },
    };
    const all = [update, ...puts, ...deletes];
    await transact(all.length <= MAX_TRANSACTION_ITEMS ? all : [update, ...puts]);
    return { ...seen, userName };
  },

  /**
   * Rooms written before their search keys existed (no `searchKeys`): their ids, for `fillSearchKeys`.
   * One pass over the room listing, reading ids only.
   */
  async roomsWithoutSearchKeys(): Promise<string[]> {
    const ids: string[] = [];
    for await (const page of queryPages({
      TableName: table(),
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk',
      FilterExpression: 'attribute_not_exists(searchKeys) OR searchKeys < :version',
      ExpressionAttributeValues: { ':pk': chatKeys.roomListing().GSI1PK, ':version': SEARCH_KEYS_VERSION },
      ProjectionExpression: 'id',
    }))
      ids.push(...(page.Items ?? []).map((i) => i.id as string));
    return ids;
  },

  /**
   * Gives a room read as `seen` its unread-index keys and name suffixes, once. Throws a condition
   * failure when the room changed since (a message, a read, a status): the caller reads it again.
   */
  async fillSearchKeys(seen: ChatRoomRecord): Promise<void> {
    const unread = seen.staffUnread > 0 ? chatKeys.unreadRooms(seen.activityAt, seen.id) : undefined;
    await transact([
      {
        Update: {
          TableName: table(),
          Key: chatKeys.room(seen.id),
          UpdateExpression: `SET searchKeys = :version${unread ? ', GSI3PK = :g3pk, GSI3SK = :g3' : ''}`,
          ConditionExpression:
            'attribute_exists(PK) AND #status = :status AND staffUnread = :n AND activityAt = :at AND userName = :name',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: {
            ':version': SEARCH_KEYS_VERSION,
            ...(unread ? { ':g3pk': unread.GSI3PK, ':g3': unread.GSI3SK } : {}),
            ':status': seen.status,
            ':n': seen.staffUnread,
            ':at': seen.activityAt,
            ':name': seen.userName,
          },
        },
      },
      ...nameSuffixPuts(seen.id, seen.userName),
    ]);
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
