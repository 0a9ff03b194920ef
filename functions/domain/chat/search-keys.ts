import { retrying } from '#commons/retry';
import { chatRoomsStore } from '../../storage/chat/rooms';
import { chatSearchStore } from '../../storage/chat/search';

/**
 * The inbox's search keys (docs/data-model.md CH7, CH7u): the unread index and the name suffixes of
 * a room, kept with the room. A user's new name reaches the room (the inbox shows it and finds the
 * room by it); rooms written before the keys existed get them once, at bootstrap.
 */
export async function renameRoomUser(userId: string, userName: string): Promise<void> {
  await retrying(async () => {
    const roomId = await chatRoomsStore.roomIdOfUser(userId);
    const room = roomId ? await chatRoomsStore.getRoom(roomId) : undefined;
    if (!room || room.userName === userName) return;
    await chatSearchStore.renameUser(room, userName);
  });
}

/**
 * Gives every room without search keys its keys, each from a fresh read under a condition that
 * the room did not change meanwhile (a message or a read retries it). Safe to run on every start,
 * and by two instances at once: a room's keys are the same whoever writes them. Returns how many
 * rooms got them.
 */
export async function fillMissingSearchKeys(): Promise<number> {
  let filled = 0;
  for (const roomId of await chatSearchStore.roomsWithoutSearchKeys()) {
    await retrying(async () => {
      const room = await chatRoomsStore.getRoom(roomId);
      if (room) await chatSearchStore.fillSearchKeys(room);
    });
    filled += 1;
  }
  return filled;
}
