import { VIEWER_IP_HEADER } from '#shared/api';
import { routeKey, type RouteContract } from '#shared/contract/route';
import { accessMessages } from '#shared/messages/access';
import { commonMessages } from '#shared/messages/common';
import { DomainError, UnauthorizedError } from '#commons/errors';
import { logger } from '#commons/logger';
import { parseCookies } from '../cookies';
import { lowerCaseHeaders, type ApiMiddleware } from './api-request';

/**
 * The caller's address. Behind CloudFront, API Gateway's sourceIp is the edge server, shared by every
 * user of that edge (most Korean users share one), so per-IP login throttling would lock them all
 * out together; the distribution's viewer-request function passes the real one in VIEWER_IP_HEADER.
 */
function clientIp(headers: Record<string, string>, sourceIp: string | undefined): string {
  return headers[VIEWER_IP_HEADER] || sourceIp || '0.0.0.0';
}

/**
 * Finds the group's route for the event's route key (API Gateway's `GET /api/x/{id}`) and starts the
 * request's context and its log keys; a route key the group does not serve is a 404.
 */
export function resolveRoute(groupRoutes: readonly RouteContract[]): ApiMiddleware {
  const byKey = new Map(groupRoutes.map((route) => [routeKey(route), route]));
  return {
    before: (request) => {
      const { event } = request;
      // API Gateway's request id (the Lambda's own on a direct invocation)
      const requestId = event.requestContext?.requestId ?? request.context.awsRequestId;
      logger.appendKeys({ requestId, routeKey: event.routeKey });
      const route = byKey.get(event.routeKey);
      if (!route) throw new DomainError('NOT_FOUND', commonMessages.routeNotFound);
      const headers = lowerCaseHeaders(event.headers);
      request.context.api = {
        route,
        headers,
        caller: null,
        get user() {
          if (!this.caller) throw new UnauthorizedError(accessMessages.noToken);
          return this.caller;
        },
        worker: null,
        requestId,
        ip: clientIp(headers, event.requestContext?.http?.sourceIp),
        userAgent: event.requestContext?.http?.userAgent ?? headers['user-agent'] ?? '',
        cookies: parseCookies(event.cookies, headers.cookie),
      };
    },
  };
}
