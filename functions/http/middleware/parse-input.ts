import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import type { FieldIssue } from '#shared/api';
import type { RouteInput } from '#shared/contract/route';
import { commonMessages } from '#shared/messages/common';
import { labelOf } from '#shared/zod';
import { DomainError, ValidationError } from '#commons/errors';
import { cleanTexts } from '#commons/clean-text';
import { MAX_JSON_DEPTH, nestsDeeperThan } from '#commons/json-depth';
import { stateOf, type ApiMiddleware } from './api-request';

/**
 * The largest body any op needs (a 1,000-row bulk registration is about 300 KB). Bigger ones are
 * refused with 413 in the envelope before parsing; API Gateway itself answers 413 past 6 MB. A body
 * nested deeper than MAX_JSON_DEPTH is refused (400) before parsing too: no parsing work is done on it.
 */
export const MAX_REQUEST_BODY_BYTES = 1024 * 1024;

function parseBody(event: APIGatewayProxyEventV2): unknown {
  if (!event.body) return {};
  const raw = event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
  if (Buffer.byteLength(raw, 'utf8') > MAX_REQUEST_BODY_BYTES)
    throw new DomainError('PAYLOAD_TOO_LARGE', commonMessages.payloadTooLarge);
  if (!raw.trim()) return {};
  if (nestsDeeperThan(raw)) throw new ValidationError(commonMessages.nestedTooDeep(MAX_JSON_DEPTH));
  try {
    return JSON.parse(raw);
  } catch {
    throw new ValidationError(commonMessages.invalidJson);
  }
}

function parsePart(schema: RouteInput[keyof RouteInput], value: unknown): unknown {
  if (!schema) return undefined;
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issues: FieldIssue[] = result.error.issues.map((i) => ({
    field: i.path.join('.'),
    label: labelOf(i.path),
    message: i.message,
  }));
  // The first issue's text is the headline: it already names the field in Korean.
  throw new ValidationError(issues[0]?.message ?? commonMessages.validation, issues);
}

/**
 * Parses the route's input with its contract schemas: path parameters, query string and JSON body (a
 * body is read only by a route with a body schema). Control characters, lone surrogates and bidi
 * overrides never reach a schema or the store.
 */
export const parseInput: ApiMiddleware = {
  before: (request) => {
    const state = stateOf(request);
    const { event } = request;
    const spec = state.route.input ?? {};
    state.input = {
      path: parsePart(spec.path, event.pathParameters ?? {}),
      query: parsePart(spec.query, cleanTexts(event.queryStringParameters ?? {})),
      body: spec.body ? parsePart(spec.body, cleanTexts(parseBody(event))) : undefined,
    };
  },
};
