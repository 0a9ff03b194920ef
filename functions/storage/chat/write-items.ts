import type { ChatRoomStatus } from '#shared/schemas/chat';
import { tableName } from '../client';
import { chatKeys, stripKeys } from '../keys';
import type { TransactItem } from '../transactions';
import type { ChatMessageRecord, ChatRoomRecord, ChatSide } from './records';

/** A name suffix is indexed by its first characters only; a longer search is checked in code. */
export const NAME_SUFFIX_MAX = 20;
/** Which search keys a room holds (`searchKeys`): rooms without them are filled in once by `fillSearchKeys`. */
export const SEARCH_KEYS_VERSION = 1;

export const unreadAttr = (side: ChatSide) => (side === 'user' ? 'userUnread' : 'staffUnread');
export const roomsAttr = (status: ChatRoomStatus) => `rooms_${status}`;

/** GSI3 (sparse): only a room with user messages no operator has read is on the unread index. */
const unreadKeys = (room: Pick<ChatRoomRecord, 'id' | 'activityAt' | 'staffUnread'>) =>
  room.staffUnread > 0 ? chatKeys.unreadRooms(room.activityAt, room.id) : {};

export const roomItem = (room: ChatRoomRecord) => ({
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
export const nameSuffixPuts = (roomId: string, userName: string): TransactItem[] =>
  nameSuffixes(userName).map((suffix) => ({
    Put: {
      TableName: tableName(),
      Item: { ...chatKeys.roomNameSuffix(suffix, roomId), entity: 'chatNameSuffix', roomId },
    },
  }));

/** Adds deltas to the staff-wide counters (no condition: it only counts what its transaction commits). */
export function countersUpdate(deltas: Record<string, number>): TransactItem {
  const names: Record<string, string> = { '#entity': 'entity' };
  const values: Record<string, unknown> = { ':entity': 'chatCounters' };
  const adds = Object.entries(deltas).map(([attr, n], i) => {
    names[`#a${i}`] = attr;
    values[`:a${i}`] = n;
    return `#a${i} :a${i}`;
  });
  return {
    Update: {
      TableName: tableName(),
      Key: chatKeys.counters(),
      UpdateExpression: `SET #entity = :entity ADD ${adds.join(', ')}`,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    },
  };
}

export const toRoom = (item: Record<string, unknown>) => {
  const { searchKeys, ...room } = stripKeys<ChatRoomRecord & { searchKeys?: number }>(item);
  return room as ChatRoomRecord;
};
export const toMessage = (item: Record<string, unknown>) => stripKeys<ChatMessageRecord>(item);
