import { logger } from '#commons/logger';
import { isStaff } from '#shared/roles';
import { disconnect, pushToAudience, type PushMessage } from '../../adapters/push';
import type { ConnectionRecord } from '../../storage/connections';
import { currentCallers } from '../auth/active-account';

/**
 * Staff connections hear every customer's chat (the operator inbox), so a push to them checks each
 * connection's account and session as they stand now (the short cache of domain/auth/active-account,
 * one read per page for what is not cached): a connection whose account was deactivated or is no
 * longer staff, or whose session ended, gets nothing and is closed. The users domain also closes such
 * sockets when it makes the change; this gate covers a socket admitted in the moment before it.
 */
async function admitLiveStaff(page: ConnectionRecord[]): Promise<ConnectionRecord[]> {
  const now = await currentCallers(
    page.map((c) => ({ userId: c.userId, role: c.role, sessionId: c.sessionId ?? '', actorId: c.actorId ?? null })),
  );
  const mayHear = (c: (typeof now)[number]) => !!c && isStaff(c.role) && !c.enrolmentOnly;
  const admitted = page.filter((_, i) => mayHear(now[i]));
  const ended = page.filter((_, i) => !mayHear(now[i]));
  await Promise.all(
    ended.map((c) =>
      disconnect(c.connectionId).catch((error: unknown) =>
        logger.warn('closing an ended staff socket failed', { connectionId: c.connectionId, error: error as Error }),
      ),
    ),
  );
  return admitted;
}

/** Every live operator's and developer's open connections get the same message (chat's inbox events). */
export const pushToStaff = (message: PushMessage) => pushToAudience('staff', async () => () => message, admitLiveStaff);
