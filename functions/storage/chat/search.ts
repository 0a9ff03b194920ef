import { tableName } from '../client';
import { batchGetAll, queryPages } from '../item-io';
import { chatKeys } from '../keys';
import { MAX_TRANSACTION_ITEMS, transact, type TransactItem } from '../transactions';
import type { ChatRoomRecord } from './records';
import { NAME_SUFFIX_MAX, SEARCH_KEYS_VERSION, nameSuffixPuts, nameSuffixes, toRoom } from './write-items';

/** Finding rooms by part of their user's name, and the keys that search and the unread index read. */
export const chatSearchStore = {
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
        TableName: tableName(),
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
      .map((suffix) => ({ Delete: { TableName: tableName(), Key: chatKeys.roomNameSuffix(suffix, seen.id) } }));
    const update: TransactItem = {
      Update: {
        TableName: tableName(),
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
      TableName: tableName(),
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
          TableName: tableName(),
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
};
