import type { APIGatewayProxyResultV2, APIGatewayProxyWebsocketEventV2 } from 'aws-lambda';
import { logger } from '#commons/logger';
import { nestsDeeperThan } from '#commons/json-depth';
import { answerPing, closeConnection, openConnection } from '../domain/realtime/connections';

/**
 * The WebSocket API's one function: $connect checks the access token (query `token`) and the Origin,
 * then remembers the connection; $disconnect forgets it; $default answers pings. The decisions live
 * in domain/realtime; this adapter only maps them to API Gateway answers.
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
      const outcome = await openConnection({
        connectionId,
        origin: event.headers?.origin ?? event.headers?.Origin ?? '',
        token: event.queryStringParameters?.token,
      });
      const statusCode =
        outcome === 'connected'
          ? 200
          : outcome === 'origin not allowed' || outcome === 'second factor enrolment required'
            ? 403
            : 401;
      return { statusCode, body: outcome };
    }
    if (routeKey === '$disconnect') {
      await closeConnection(connectionId);
      return { statusCode: 200, body: 'bye' };
    }
    const message = safeJson(event.body);
    if (message?.type === 'ping' || message?.action === 'ping') {
      await answerPing(connectionId);
    }
    return { statusCode: 200, body: 'ok' };
  } catch (err) {
    logger.error('websocket handler failed', { error: err as Error });
    return { statusCode: 500, body: 'error' };
  } finally {
    logger.removeKeys(['connectionId', 'routeKey']);
  }
}

/** A message as JSON, or undefined: one nested deeper than any request may is not parsed at all. */
function safeJson(body: string | undefined): Record<string, unknown> | undefined {
  if (!body || nestsDeeperThan(body)) return undefined;
  try {
    return JSON.parse(body) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}
