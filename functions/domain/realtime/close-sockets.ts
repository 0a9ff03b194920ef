import { logger } from '#commons/logger';
import { disconnect } from '../../adapters/push';
import { connectionsStore } from '../../storage/connections';

/**
 * Ends the open sockets of a user whose account or session just ended (deactivation, demotion,
 * delete, logout, switch-back): the server closes them, so nothing more is pushed to them and the
 * client reconnects only if its token still passes `$connect`. `sessionIds` limits it to those
 * sessions' sockets; `keepSessionId` spares the caller's own. Best-effort: a failure is logged, the
 * change that asked for it stands, and staff pushes check each socket anyway (staff-pushes.ts).
 */
export async function closeSockets(
  userId: string,
  which: { sessionIds?: string[]; keepSessionId?: string } = {},
): Promise<void> {
  try {
    const open = await connectionsStore.ofUser(userId);
    const ending = open.filter(
      (c) =>
        (!which.sessionIds || which.sessionIds.includes(c.sessionId ?? '')) &&
        (!which.keepSessionId || c.sessionId !== which.keepSessionId),
    );
    await Promise.all(ending.map((c) => disconnect(c.connectionId)));
  } catch (error) {
    logger.warn('closing sockets failed', { userId, error: error as Error });
  }
}
