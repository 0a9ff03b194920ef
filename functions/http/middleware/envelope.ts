import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { statusOfCode, type ApiFailure, type ErrorCode } from '#shared/api';
import { commonMessages } from '#shared/messages/common';
import { DomainError, ThrottledError } from '#commons/errors';
import { isTransientFailure } from '#commons/store-errors';
import { logger } from '#commons/logger';
import { HttpReply } from '../reply';
import type { ApiAnswer, ApiMiddleware } from './api-request';

const jsonHeaders = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' };

function respond(answer: ApiAnswer): APIGatewayProxyStructuredResultV2 {
  return {
    statusCode: answer.status,
    headers: { ...jsonHeaders, ...answer.headers },
    ...(answer.cookies?.length ? { cookies: answer.cookies } : {}),
    body: JSON.stringify(answer.body),
  };
}

/** The error envelope's body; `details` only when there are some. */
const errorBody = (error: string, code: ErrorCode, details: unknown): ApiFailure => ({
  success: false,
  error,
  code,
  ...(details !== undefined && details !== null ? { details } : {}),
});

/** A typed domain error as the error envelope with its status (and Retry-After when throttled). */
function failure(err: DomainError): APIGatewayProxyStructuredResultV2 {
  const headers =
    err instanceof ThrottledError && err.retryAfterSeconds
      ? { 'retry-after': String(err.retryAfterSeconds) }
      : undefined;
  return respond({ status: statusOfCode[err.code], body: errorBody(err.message, err.code, err.details), headers });
}

/** An op's result as status and envelope: data is `{ success, data }`, an HttpReply says its own status. */
export function toAnswer(result: unknown): ApiAnswer {
  if (!(result instanceof HttpReply)) return { status: 200, body: { success: true, data: result ?? null } };
  const { status, data, error, cookies, headers } = result;
  const body =
    status < 400
      ? { success: true, data }
      : errorBody(error?.message ?? commonMessages.internal, error?.code ?? 'INTERNAL', data);
  return { status, body, cookies, headers };
}

/** Anything thrown: typed domain errors keep their status and text; nothing else leaks out. */
function failureOf(err: unknown): APIGatewayProxyStructuredResultV2 {
  if (err instanceof DomainError) {
    if (err.code !== 'VALIDATION') logger.info('request refused', { code: err.code, reason: err.message });
    return failure(err);
  }
  if (isTransientFailure(err)) {
    logger.warn('store busy', { error: err as Error });
    // The same answer the retry policy gives when its budget runs out: busy, come back in a second.
    return failure(new ThrottledError(commonMessages.busy, 1));
  }
  logger.error('unhandled error', { error: err as Error });
  return failure(new DomainError('INTERNAL', commonMessages.internal));
}

/**
 * The frame of every request, outermost of the API steps: the op's answer as the API envelope,
 * or whatever any step threw mapped to its status (logged with the request's keys; injectLambdaContext's
 * resetKeys drops them after each invocation).
 */
export const envelope: ApiMiddleware = {
  after: (request) => {
    request.response = respond(request.response as ApiAnswer);
  },
  onError: (request) => {
    request.response = failureOf(request.error);
  },
};
