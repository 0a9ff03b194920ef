import {
  ApiGatewayManagementApiClient,
  DeleteConnectionCommand,
  GoneException,
  PostToConnectionCommand,
} from '@aws-sdk/client-apigatewaymanagementapi';
import { config } from '#commons/config';
import { logger } from '#commons/logger';
import {
  connectionAudiencesStore,
  connectionsStore,
  type ConnectionAudience,
  type ConnectionRecord,
} from '../storage/connections';
import { inParallel } from '#commons/batching';
import type { Role } from '#shared/roles';

/** What the server pushes over the socket: `{type, data}`. */
export interface PushMessage {
  type: 'new_notification' | 'chat_message' | 'chat_read' | 'chat_room' | 'unread_count' | 'pong';
  data: unknown;
  /** On `new_notification`: the recipient's new unread count, in the same post (one post per socket). */
  unread?: { count: number };
}

/** API Gateway refused the post for its rate (429 LimitExceededException) after the SDK's own retries. */
export const isPostThrottled = (err: unknown): boolean => {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return (
    e?.name === 'LimitExceededException' ||
    e?.name === 'ThrottlingException' ||
    e?.name === 'TooManyRequestsException' ||
    e?.$metadata?.httpStatusCode === 429
  );
};

/** Posts in flight at once: the SDK's connection pool (50 sockets) without queueing behind it. */
export const PUSH_CONCURRENCY = 48;

let cached: { endpoint: string; client: ApiGatewayManagementApiClient } | undefined;

function client(): ApiGatewayManagementApiClient | undefined {
  const { websocketEndpoint, region, local } = config();
  if (!websocketEndpoint) return undefined;
  if (cached?.endpoint !== websocketEndpoint) {
    cached = {
      endpoint: websocketEndpoint,
      client: new ApiGatewayManagementApiClient({
        endpoint: websocketEndpoint,
        region,
        // Resolve the middleware stack once per command type, not on every post: a broadcast is
        // thousands of PostToConnection calls and the per-call resolution was their largest CPU item.
        cacheMiddleware: true,
        ...(local ? { credentials: { accessKeyId: 'local', secretAccessKey: 'local' } } : {}),
      }),
    };
  }
  return cached.client;
}

/** Sends to one connection; a connection that answers 410 is gone and is forgotten. */
export async function pushToConnection(connectionId: string, message: PushMessage): Promise<boolean> {
  const api = client();
  if (!api) return false;
  try {
    await api.send(
      new PostToConnectionCommand({ ConnectionId: connectionId, Data: Buffer.from(JSON.stringify(message)) }),
    );
    return true;
  } catch (err) {
    if (err instanceof GoneException || (err as Error).name === 'GoneException') {
      await connectionsStore.remove(connectionId);
      return false;
    }
    throw err;
  }
}

/**
 * Closes a socket from the server's side (its account or session ended) and forgets it; one that is
 * already gone (410) is only forgotten.
 */
export async function disconnect(connectionId: string): Promise<void> {
  const api = client();
  try {
    if (api) await api.send(new DeleteConnectionCommand({ ConnectionId: connectionId }));
  } catch (err) {
    if (!(err instanceof GoneException || (err as Error).name === 'GoneException')) throw err;
  }
  await connectionsStore.remove(connectionId);
}

/** What each connection gets, in order (a user's own unread count differs from the next user's). */
type MessagesOf = (connection: ConnectionRecord) => PushMessage[];

/**
 * Sends each connection its messages (in order on that connection), at most `PUSH_CONCURRENCY`
 * connections at once; a failure on one never stops the others. Returns how many received all.
 */
async function pushToConnections(connections: ConnectionRecord[], messagesOf: MessagesOf): Promise<number> {
  let delivered = 0;
  await inParallel(connections, PUSH_CONCURRENCY, async (c) => {
    try {
      let ok = true;
      for (const message of messagesOf(c)) ok = (await pushToConnection(c.connectionId, message)) && ok;
      if (ok) delivered++;
    } catch (error) {
      logger.warn('push failed', { connectionId: c.connectionId, error: error as Error });
    }
  });
  return delivered;
}

const asList = (m: PushMessage | PushMessage[]) => (Array.isArray(m) ? m : [m]);

/** Sends to every open connection of a user; returns how many received it. */
export async function pushToUser(userId: string, message: PushMessage | PushMessage[]): Promise<number> {
  const connections = await connectionsStore.ofUser(userId);
  return pushToConnections(connections, () => asList(message));
}

/** The users a page of connections belongs to, with the role each connected as. */
type ConnectedUsers = Array<{ userId: string; role: Role }>;
/** Reads what it needs for a page of connected users (one batch), then says what each user gets. */
export type Prepare = (users: ConnectedUsers) => Promise<(userId: string) => PushMessage | PushMessage[]>;

const usersOf = (connections: ConnectionRecord[]): ConnectedUsers => [
  ...new Map(connections.map((c) => [c.userId, { userId: c.userId, role: c.role }])).values(),
];

/** Sends to every open connection of each user; users without one cost one query and nothing else. */
export async function pushToUsers(userIds: string[], prepare: Prepare): Promise<number> {
  const connections: ConnectionRecord[] = [];
  await inParallel([...new Set(userIds)], 16, async (userId) => {
    connections.push(...(await connectionsStore.ofUser(userId)));
  });
  if (!connections.length) return 0;
  const messagesOf = await prepare(usersOf(connections));
  return pushToConnections(connections, (c) => asList(messagesOf(c.userId)));
}

/**
 * Sends to every open connection of an audience ('users': every role-user account, a broadcast;
 * 'staff': operators and developers, the chat inbox), a page of connections at a time.
 */
export async function pushToAudience(
  audience: ConnectionAudience,
  prepare: Prepare,
  /** Which connections of a page may still hear it (the staff gate: domain/realtime/staff-pushes.ts). */
  admit: (page: ConnectionRecord[]) => Promise<ConnectionRecord[]> = async (page) => page,
): Promise<number> {
  let delivered = 0;
  for await (const all of connectionAudiencesStore.ofAudience(audience)) {
    const page = await admit(all);
    if (!page.length) continue;
    const messagesOf = await prepare(usersOf(page));
    delivered += await pushToConnections(page, (c) => asList(messagesOf(c.userId)));
  }
  return delivered;
}
