import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import sirv from 'sirv';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { VIEWER_IP_HEADER } from '../../shared/api';
import { commonMessages } from '../../shared/messages/common';
import { matchRoute, routeKey } from '../../shared/contract/index';
import { apiGroups } from '../api-groups';
import { securityHeaderValues } from '../security-headers';
import { invoke } from './lambda-runtime';
import { findJob, runJob, startScheduler } from './scheduler';
import { createWebsocketGateway } from './websocket-server';
import { handleMediaGet, handleMediaUpload } from './media-server';
import { createLocalWorkQueues, type LocalWorkQueueOptions } from './work-queues';

/**
 * Local mode's single port: /api through the route table to the same handler modules Lambda runs,
 * /ws as a real WebSocket server, /_local for the @connections endpoint and on-demand jobs, and the
 * built SPA with an index.html fallback for client routes (as CloudFront does).
 */
export interface LocalServerOptions {
  port: number;
  host?: string;
  /** The built SPA; omitted or missing → only the API is served. */
  webDist?: string;
  /** Run the schedule table's jobs at their times (off in tests). */
  scheduler?: boolean;
  /** The in-process work queues (always on: a broadcast is delivered through one). */
  workQueues?: LocalWorkQueueOptions;
  log?: (msg: string, extra?: unknown) => void;
}

const MAX_BODY_BYTES = 6 * 1024 * 1024; // Lambda's synchronous payload limit
/** Past this the connection is cut; below it an oversized body is read to its end so the client gets the 413. */
const MAX_DRAIN_BYTES = 64 * 1024 * 1024;

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size <= MAX_BODY_BYTES) chunks.push(c);
      else if (size > MAX_DRAIN_BYTES) req.destroy();
    });
    req.on('end', () =>
      size > MAX_BODY_BYTES
        ? reject(Object.assign(new Error('payload too large'), { status: 413 }))
        : resolve(Buffer.concat(chunks)),
    );
    req.on('error', reject);
  });
}

function sendJson(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
}

function toEvent(
  req: IncomingMessage,
  url: URL,
  body: Buffer,
  key: string,
  pathParameters: Record<string, string>,
): APIGatewayProxyEventV2 {
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(req.headers))
    if (k !== 'cookie') headers[k] = Array.isArray(v) ? v.join(',') : (v ?? '');
  // In the cloud only CloudFront sets the viewer-IP header (and the origin lock proves it came from
  // there); locally nothing stands in front, so a client's own value is dropped and the socket's
  // address is used. Tests that simulate many addresses opt in with LOCAL_TRUST_VIEWER_IP=1.
  if (process.env.LOCAL_TRUST_VIEWER_IP !== '1') delete headers[VIEWER_IP_HEADER];
  const query: Record<string, string> = {};
  // API Gateway joins repeated query parameters with commas.
  for (const [k, v] of url.searchParams) query[k] = k in query ? `${query[k]},${v}` : v;
  const cookieHeader = req.headers.cookie;
  const now = new Date();
  return {
    version: '2.0',
    routeKey: key,
    rawPath: url.pathname,
    rawQueryString: url.search.slice(1),
    cookies: cookieHeader
      ? cookieHeader
          .split(';')
          .map((c) => c.trim())
          .filter(Boolean)
      : undefined,
    headers,
    queryStringParameters: Object.keys(query).length ? query : undefined,
    pathParameters: Object.keys(pathParameters).length ? pathParameters : undefined,
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      domainName: req.headers.host ?? 'localhost',
      domainPrefix: 'localhost',
      http: {
        method: req.method ?? 'GET',
        path: url.pathname,
        protocol: 'HTTP/1.1',
        sourceIp: (req.socket.remoteAddress ?? '127.0.0.1').replace(/^::ffff:/, ''),
        userAgent: req.headers['user-agent'] ?? '',
      },
      requestId: randomUUID(),
      routeKey: key,
      stage: '$default',
      time: now.toISOString(),
      timeEpoch: now.getTime(),
    },
    body: body.length ? body.toString('utf8') : undefined,
    isBase64Encoded: false,
  };
}

const isLoopback = (address: string | undefined) =>
  !!address && (address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.'));

export async function startLocalServer(opts: LocalServerOptions) {
  const log = opts.log ?? (() => undefined);
  const ws = createWebsocketGateway();
  const spa =
    opts.webDist && existsSync(opts.webDist)
      ? // dev: look files up per request — `npm test` or `npm run build:web` rebuilds web/dist under a
        // running `npm start`, and a file list taken at start-up would 404 the new chunks.
        sirv(opts.webDist, {
          dev: true,
          single: true,
          etag: true,
          // The build writes .br and .gz beside each text asset: the browser gets what it asks for,
          // as from CloudFront, so what is measured locally is what a visitor downloads.
          brotli: true,
          gzip: true,
          setHeaders: (res, path) => {
            // Hashed assets may be cached forever; index.html must always be revalidated.
            res.setHeader(
              'cache-control',
              path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
            );
          },
        })
      : undefined;
  const scheduler = opts.scheduler ? startScheduler(log) : undefined;
  const queues = createLocalWorkQueues({ log, ...opts.workQueues });

  async function handleApi(req: IncomingMessage, res: ServerResponse, url: URL) {
    const match = matchRoute(req.method ?? 'GET', url.pathname);
    if (!match.route) {
      return match.methodMismatch
        ? sendJson(res, 405, { success: false, error: '허용되지 않은 요청 방식입니다.', code: 'VALIDATION' })
        : sendJson(res, 404, { success: false, error: '요청한 주소를 찾을 수 없습니다.', code: 'NOT_FOUND' });
    }
    const body = await readBody(req);
    const group = apiGroups[match.route.group];
    const event = toEvent(req, url, body, routeKey(match.route), match.pathParameters);
    const result = (await invoke(
      group.entry,
      match.route.group,
      event,
      ((group as { timeoutSeconds?: number }).timeoutSeconds ?? 10) * 1000,
    )) as APIGatewayProxyStructuredResultV2;
    const headers: Record<string, string | string[]> = { ...(result.headers as Record<string, string>) };
    if (result.cookies?.length) headers['set-cookie'] = result.cookies;
    res.writeHead(result.statusCode ?? 200, headers);
    // API Gateway decodes a base64 body (a compressed answer) before sending it on.
    res.end(result.isBase64Encoded && result.body ? Buffer.from(result.body, 'base64') : (result.body ?? ''));
  }

  async function handleJob(res: ServerResponse, name: string) {
    const job = findJob(name);
    if (!job) return sendJson(res, 404, { success: false, error: `알 수 없는 작업입니다: ${name}`, code: 'NOT_FOUND' });
    const data = await runJob(job, 'local.on-demand');
    // "Run it now" answers once the work the job enqueued is done (the rank run's units), as a developer expects.
    await Promise.all((job.sends ?? []).map((name) => queues.get(name)?.idle()));
    sendJson(res, 200, { success: true, data });
  }

  // The same headers CloudFront adds to every response (infra/security-headers.ts).
  const headersForEveryResponse = Object.entries(securityHeaderValues());

  /** Answers one request; every failure becomes an error answer here, so it never rejects. */
  async function serve(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://localhost');
    for (const [name, value] of headersForEveryResponse) res.setHeader(name, value);
    try {
      if (url.pathname.startsWith('/api/')) return await handleApi(req, res, url);
      // Announcement images: S3's presigned POST and CloudFront's /media/* behaviour, locally.
      const upload = /^\/media-upload\/([0-9A-Z]{26})$/.exec(url.pathname);
      if (upload && req.method === 'POST') return await handleMediaUpload(req, res, upload[1]);
      if (url.pathname.startsWith('/media/') && (req.method === 'GET' || req.method === 'HEAD'))
        return await handleMediaGet(req, res, url.pathname);
      // The local stand-ins for AWS control planes answer only on this machine, not the LAN.
      if (url.pathname.startsWith('/_local/') && !isLoopback(req.socket.remoteAddress)) {
        return sendJson(res, 403, {
          success: false,
          error: '이 주소는 이 컴퓨터에서만 사용할 수 있습니다.',
          code: 'FORBIDDEN',
        });
      }
      const management = /^\/_local\/ws\/(?:@|%40)connections\/([^/]+)$/.exec(url.pathname);
      if (management) return ws.handleManagement(req, res, decodeURIComponent(management[1]));
      if (/^\/_local\/sqs\/?$/.test(url.pathname) && req.method === 'POST') return await queues.handle(req, res);
      const job = /^\/_local\/jobs\/([\w-]+)$/.exec(url.pathname);
      if (job && req.method === 'POST') return await handleJob(res, job[1]);
      if (spa && (req.method === 'GET' || req.method === 'HEAD'))
        return spa(req, res, () => sendJson(res, 404, { success: false, error: 'not found', code: 'NOT_FOUND' }));
      sendJson(res, 404, { success: false, error: '요청한 주소를 찾을 수 없습니다.', code: 'NOT_FOUND' });
    } catch (err) {
      const status = (err as { status?: number }).status ?? 500;
      log('local server error', err);
      if (!res.headersSent)
        sendJson(res, status, {
          success: false,
          error: status === 413 ? commonMessages.payloadTooLarge : commonMessages.internal,
          code: status === 413 ? 'PAYLOAD_TOO_LARGE' : 'INTERNAL',
        });
      else res.end();
    }
  }

  // `serve` answers its own failures: nothing is left for the server's event emitter to catch.
  const server = createServer((req, res) => void serve(req, res));
  server.keepAliveTimeout = 5000;

  server.on('upgrade', (req, socket, head) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname !== '/ws') return socket.destroy();
    // handleUpgrade answers or closes the socket on every outcome of $connect, so it never rejects.
    void ws.handleUpgrade(req, socket, head);
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host ?? '0.0.0.0', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;

  return {
    port,
    url: `http://localhost:${port}`,
    websocketConnections: ws.connectionCount,
    /** API Gateway's @connections throttling, for tests and the bench (429 LimitExceededException). */
    setPostRateLimit: ws.setPostRateLimit,
    throttledPosts: ws.throttledPosts,
    /** The in-process work queues (tests and the bench wait on them and read their dead letters). */
    workQueues: queues,
    async close() {
      scheduler?.stop();
      queues.stop();
      ws.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
