import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import type { ChatRoomDto } from '#shared/schemas/chat';

/**
 * /admin/chat?user={userId} (the customer view's '채팅 열기'): the customer's id from the address,
 * and once the inbox's rooms hold that customer's room, it is selected — once, so the operator can
 * move on to other rooms.
 */
export function useRoomOfUserParam(rooms: ChatRoomDto[] | undefined, select: (roomId: string) => void) {
  const [params] = useSearchParams();
  const userId = params.get('user') ?? '';
  const done = useRef(false);
  useEffect(() => {
    if (!userId || done.current) return;
    const room = rooms?.find((r) => r.user_id === userId);
    if (!room) return;
    done.current = true;
    select(room.id);
  }, [userId, rooms, select]);
  return userId;
}
