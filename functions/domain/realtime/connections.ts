import { config } from '#commons/config';
import { pushToConnection } from '../../adapters/push';
import { connectionOpeningsStore, connectionsStore } from '../../storage/connections';
import { verifyAccessToken } from '../auth/tokens';

/**
 * WebSocket connections (design §7): a socket is admitted when its Origin is allowed and its access
 * token is valid, and remembered (with a TTL) so pushes can find the user's open connections.
 */
export type ConnectOutcome = 'connected' | 'origin not allowed' | 'token required' | 'invalid token';

export async function openConnection(input: {
  connectionId: string;
  origin: string;
  token: string | undefined;
}): Promise<ConnectOutcome> {
  const allowed = config().allowedOrigins;
  if (allowed.length && !allowed.includes(input.origin)) return 'origin not allowed';
  if (!input.token) return 'token required';
  const caller = await verifyAccessToken(input.token).catch(() => null);
  if (!caller) return 'invalid token';
  await connectionOpeningsStore.add(input.connectionId, caller.userId, caller.role);
  return 'connected';
}

export function closeConnection(connectionId: string): Promise<void> {
  return connectionsStore.remove(connectionId);
}

/** A client's keep-alive: answered on the same socket. */
export async function answerPing(connectionId: string): Promise<void> {
  await pushToConnection(connectionId, { type: 'pong', data: { at: new Date().toISOString() } });
}
