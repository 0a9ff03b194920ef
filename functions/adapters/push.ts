import { ApiGatewayManagementApiClient, GoneException, PostToConnectionCommand } from '@aws-sdk/client-apigatewaymanagementapi';
import { config } from '#commons/config';
import { connectionsStore } from '../storage/connections';

/** What the server pushes over the socket (design §7). */
export interface PushMessage {
  type: 'new_notification' | 'chat_message' | 'chat_read' | 'unread_count' | 'pong';
  data: unknown;
}

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
    await api.send(new PostToConnectionCommand({ ConnectionId: connectionId, Data: Buffer.from(JSON.stringify(message)) }));
    return true;
  } catch (err) {
    if (err instanceof GoneException || (err as Error).name === 'GoneException') {
      await connectionsStore.remove(connectionId);
      return false;
    }
    throw err;
  }
}

/** Sends to every open connection of a user; returns how many received it. */
export async function pushToUser(userId: string, message: PushMessage): Promise<number> {
  const connections = await connectionsStore.ofUser(userId);
  const sent = await Promise.all(connections.map((c) => pushToConnection(c.connectionId, message).catch(() => false)));
  return sent.filter(Boolean).length;
}
