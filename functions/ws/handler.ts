import type { APIGatewayProxyResultV2, APIGatewayProxyWebsocketEventV2 } from 'aws-lambda';
import { verifyAccessToken } from '../domain/auth/tokens';
import { pushToConnection } from '../adapters/push';
import { connectionsStore } from '../storage/connections';
import { config } from '../config';
import { logger } from '../http/logger';

/**
 * The WebSocket API's one function: $connect checks the access token (query `token`) and the Origin,
 * then remembers the connection; $disconnect forgets it; $default answers pings. Server pushes
 * (notifications, chat) go through adapters/push.ts.
 */
type WsEvent = APIGatewayProxyWebsocketEventV2 & {
  queryStringParameters?: Record<string, string | undefined>;
  headers?: Record<string, string | undefined>;
};

export async function handler(event: WsEvent): Promise<APIGatewayProxyResultV2> {
  const { routeKey, connectionId } = event.requestContext;
  logger.appendKeys({ connectionId, routeKey });
  try {
    if (routeKey === '$connect') {
      const origin = event.headers?.origin ?? event.headers?.Origin ?? '';
      const allowed = config().allowedOrigins;
      if (allowed.length && !allowed.includes(origin)) return { statusCode: 403, body: 'origin not allowed' };
      const token = event.queryStringParameters?.token;
      if (!token) return { statusCode: 401, body: 'token required' };
      const caller = await verifyAccessToken(token).catch(() => null);
      if (!caller) return { statusCode: 401, body: 'invalid token' };
      await connectionsStore.add(connectionId, caller.userId, caller.role);
      return { statusCode: 200, body: 'connected' };
    }
    if (routeKey === '$disconnect') {
      await connectionsStore.remove(connectionId);
      return { statusCode: 200, body: 'bye' };
    }
    const message = safeJson(event.body);
    if (message?.type === 'ping' || message?.action === 'ping') {
      await pushToConnection(connectionId, { type: 'pong', data: { at: new Date().toISOString() } });
    }
    return { statusCode: 200, body: 'ok' };
  } catch (err) {
    logger.error('websocket handler failed', { error: err as Error });
    return { statusCode: 500, body: 'error' };
  } finally {
    logger.removeKeys(['connectionId', 'routeKey']);
  }
}

function safeJson(body: string | undefined): Record<string, unknown> | undefined {
  try {
    return body ? (JSON.parse(body) as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
