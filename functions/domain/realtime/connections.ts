import { config } from '#commons/config';
import { UnauthorizedError } from '#commons/errors';
import { pushToConnection } from '../../adapters/push';
import { connectionOpeningsStore, connectionsStore } from '../../storage/connections';
import { verifyAccessToken } from '../auth/tokens';
import { currentCaller } from '../auth/active-account';

/**
 * WebSocket connections: a socket is admitted when its Origin is allowed and its access
 * token is valid and its account and session still live (read consistently: a socket lives for
 * hours), and remembered with the account's current role and its session (with a TTL) so pushes can
 * find the user's open connections and the end of the session can close them.
 */
export type ConnectOutcome =
  | 'connected'
  | 'origin not allowed'
  | 'token required'
  | 'invalid token'
  | 'session ended'
  | 'second factor enrolment required';

export async function openConnection(input: {
  connectionId: string;
  origin: string;
  token: string | undefined;
}): Promise<ConnectOutcome> {
  const allowed = config().allowedOrigins;
  if (allowed.length && !allowed.includes(input.origin)) return 'origin not allowed';
  if (!input.token) return 'token required';
  const token = await verifyAccessToken(input.token).catch(() => null);
  if (!token) return 'invalid token';
  const caller = await currentCaller(token, { fresh: true }).catch((err: unknown) => {
    if (err instanceof UnauthorizedError) return null;
    throw err;
  });
  if (!caller) return 'session ended';
  if (caller.enrolmentOnly) return 'second factor enrolment required';
  await connectionOpeningsStore.add(input.connectionId, caller.userId, caller.role, caller);
  return 'connected';
}

export function closeConnection(connectionId: string): Promise<void> {
  return connectionsStore.remove(connectionId);
}

/** A client's keep-alive: answered on the same socket. */
export async function answerPing(connectionId: string): Promise<void> {
  await pushToConnection(connectionId, { type: 'pong', data: { at: new Date().toISOString() } });
}
