import { CORRELATION_HEADER, isCorrelationId } from '#commons/correlation';
import { logger } from '#commons/logger';
import { recordMetrics } from '#commons/metrics';
import type { ApiMiddleware, ApiRequest } from './api-request';

/**
 * Outermost API step: names the request's correlation id (the caller's `x-correlation-id` when it
 * looks like one, else API Gateway's request id) on every log line and on the answer, and records
 * the group's figures once the envelope has its final status: a request and its latency, and for
 * an error answer one `ApiErrors` by its code (VALIDATION, THROTTLED, INTERNAL, …).
 */
export function observe(group: string): ApiMiddleware {
  const started = new WeakMap<object, { at: number; id: string }>();

  const finish = (request: ApiRequest) => {
    const begun = started.get(request.event);
    const response = request.response as
      { statusCode?: number; body?: string; headers?: Record<string, string> } | undefined;
    if (!begun || !response) return;
    if (begun.id) response.headers = { ...response.headers, [CORRELATION_HEADER]: begun.id };
    const status = response.statusCode ?? 200;
    // 4xx and 5xx as 0 or 1 in the same line, so their sums over a period read as counts and rates.
    recordMetrics(
      { group },
      {
        ApiRequests: 1,
        ApiLatency: Date.now() - begun.at,
        ApiClientErrors: status >= 400 && status < 500 ? 1 : 0,
        ApiServerErrors: status >= 500 ? 1 : 0,
      },
    );
    if (status >= 400) recordMetrics({ group, code: errorCode(response.body, status) }, { ApiErrors: 1 });
  };

  return {
    before: (request) => {
      const sent = request.event.headers?.[CORRELATION_HEADER];
      const id = isCorrelationId(sent) ? sent : (request.event.requestContext?.requestId ?? '');
      if (id) logger.setCorrelationId(id);
      started.set(request.event, { at: Date.now(), id });
    },
    after: finish,
    onError: finish,
  };
}

/** The envelope's error code; a status without one (never expected) counts by its class. */
function errorCode(body: string | undefined, status: number): string {
  try {
    const code = (JSON.parse(body ?? '') as { code?: unknown }).code;
    if (typeof code === 'string') return code;
  } catch {
    // not an envelope
  }
  return status >= 500 ? 'INTERNAL' : 'HTTP_4XX';
}
