import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import httpContentNegotiation from '@middy/http-content-negotiation';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type { ApiMiddleware } from './api-request';

/** Below this a compressed answer saves less than a packet; it is sent as it is. */
const MIN_BYTES = 1024;

/** Brotli's quality 4: a 100-slot list (≈180 KB of JSON) in a few milliseconds, near gzip's best size. */
const BROTLI_OPTIONS = { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } };

/** Reads Accept-Encoding (q-values and all) into `context.preferredEncodings`; never refuses a request. */
export const negotiateEncoding = httpContentNegotiation({
  parseCharsets: false,
  parseLanguages: false,
  parseMediaTypes: false,
  availableEncodings: ['br', 'gzip', 'identity'],
  failOnMismatch: false,
}) as ApiMiddleware;

/**
 * JSON answers compressed as the browser asks. CloudFront compresses only what it caches, and the
 * API's answers are never cached, so without this a phone downloads a 100-slot list as 180 KB of
 * plain JSON. Runs after the envelope has built the answer; only successful answers are compressed
 * (error answers are short, and the metrics step reads their code).
 */
export const compress: ApiMiddleware = {
  after: (request) => {
    const response = request.response as APIGatewayProxyStructuredResultV2 | undefined;
    if (!response || typeof response.body !== 'string' || response.isBase64Encoded) return;
    if ((response.statusCode ?? 200) >= 300) return;
    response.headers = { ...response.headers, vary: 'accept-encoding' };
    // Ours, not the header's order: browsers list gzip first, and brotli is smaller at the same speed.
    const accepted = (request.context as { preferredEncodings?: string[] }).preferredEncodings ?? [];
    const encoding = (['br', 'gzip'] as const).find((e) => accepted.includes(e));
    if (!encoding || Buffer.byteLength(response.body) < MIN_BYTES) return;
    const plain = Buffer.from(response.body);
    response.body = (encoding === 'br' ? brotliCompressSync(plain, BROTLI_OPTIONS) : gzipSync(plain)).toString(
      'base64',
    );
    response.isBase64Encoded = true;
    response.headers['content-encoding'] = encoding;
  },
};
