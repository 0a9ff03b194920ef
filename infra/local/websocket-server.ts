import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocket, WebSocketServer } from 'ws';
import { websocketEntry } from '../schedules';
import { invoke } from './lambda-runtime';

/**
 * A real WebSocket server on /ws that calls the same $connect/$disconnect/$default handler the
 * WebSocket API runs, plus the `@connections` management endpoint the unchanged
 * @aws-sdk/client-apigatewaymanagementapi code posts to (410 GoneException for unknown ids, as AWS).
 */
export interface WebsocketGatewayOptions {
  /** Runs $connect/$default/$disconnect; default: the handler source, as local mode does (the deploy rehearsal passes the bundle the template wires). */
  invoke?: (event: { requestContext: { routeKey: string } }) => Promise<unknown>;
  /** What the events name as API id and stage. @default 'local' */
  apiId?: string;
  stage?: string;
}

export function createWebsocketGateway(opts: WebsocketGatewayOptions = {}) {
  const run = opts.invoke ?? ((event) => invoke(websocketEntry, 'websocket', event));
  const wss = new WebSocketServer({ noServer: true, maxPayload: 128 * 1024 });
  const sockets = new Map<
    string,
    { ws: WebSocket; connectedAt: string; sourceIp: string; userAgent: string; lastActiveAt: string }
  >();

  const event = (routeKey: string, connectionId: string, req: IncomingMessage, extra: Record<string, unknown> = {}) => {
    const url = new URL(req.url ?? '/', 'http://local');
    return {
      requestContext: {
        routeKey,
        eventType: routeKey === '$connect' ? 'CONNECT' : routeKey === '$disconnect' ? 'DISCONNECT' : 'MESSAGE',
        connectionId,
        requestId: randomUUID(),
        apiId: opts.apiId ?? 'local',
        domainName: req.headers.host ?? 'localhost',
        stage: opts.stage ?? 'local',
        connectedAt: Date.now(),
        requestTimeEpoch: Date.now(),
        identity: { sourceIp: req.socket.remoteAddress ?? '' },
      },
      headers: Object.fromEntries(
        Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(',') : (v ?? '')]),
      ),
      queryStringParameters: Object.fromEntries(url.searchParams),
      isBase64Encoded: false,
      ...extra,
    };
  };

  async function handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer) {
    // A client may reset its TCP connection at any moment of the handshake. An 'error' with no
    // listener would end the whole process: a bad socket closes only itself.
    socket.on('error', () => socket.destroy());
    const connectionId = randomUUID().replace(/-/g, '').slice(0, 16);
    const result = (await run(event('$connect', connectionId, req)).catch(() => ({
      statusCode: 500,
    }))) as {
      statusCode?: number;
    };
    if (socket.destroyed) {
      // Gone while $connect ran: forget the connection it may have stored.
      if (result.statusCode === 200) void run(event('$disconnect', connectionId, req)).catch(() => undefined);
      return;
    }
    if (result.statusCode !== 200) {
      const status = result.statusCode ?? 500;
      socket.write(
        `HTTP/1.1 ${status} ${status === 401 ? 'Unauthorized' : status === 403 ? 'Forbidden' : 'Error'}\r\nConnection: close\r\n\r\n`,
      );
      socket.destroy();
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      // Malformed frames (invalid UTF-8, an unmasked client frame, a message over maxPayload) make
      // ws report an error and close that socket with 1007 / 1002 / 1009, as API Gateway does;
      // the listener keeps the report from ending the process.
      ws.on('error', () => undefined);
      const now = new Date().toISOString();
      sockets.set(connectionId, {
        ws,
        connectedAt: now,
        lastActiveAt: now,
        sourceIp: req.socket.remoteAddress ?? '',
        userAgent: req.headers['user-agent'] ?? '',
      });
      ws.on('message', (data) => {
        const entry = sockets.get(connectionId);
        if (entry) entry.lastActiveAt = new Date().toISOString();
        void run(event('$default', connectionId, req, { body: String(data) })).catch(() => undefined);
      });
      // The function's own failures are its logs' business; a socket event has nobody to hand them to.
      ws.on('close', () => {
        sockets.delete(connectionId);
        void run(event('$disconnect', connectionId, req)).catch(() => undefined);
      });
    });
  }

  // API Gateway's @connections rate: off unless a test or the bench sets one (then 429, as AWS).
  let postLimit: { perSecond: number; tokens: number; at: number } | undefined;
  let throttledPosts = 0;
  const takePostToken = () => {
    if (!postLimit) return true;
    const now = Date.now();
    postLimit.tokens = Math.min(
      postLimit.perSecond,
      postLimit.tokens + ((now - postLimit.at) / 1000) * postLimit.perSecond,
    );
    postLimit.at = now;
    if (postLimit.tokens < 1) return false;
    postLimit.tokens--;
    return true;
  };

  /** `/_local/ws/@connections/{id}`: POST sends, DELETE closes, GET describes. */
  function handleManagement(req: IncomingMessage, res: ServerResponse, connectionId: string) {
    if (req.method === 'POST' && !takePostToken()) {
      throttledPosts++;
      res.writeHead(429, { 'content-type': 'application/json', 'x-amzn-errortype': 'LimitExceededException' });
      res.end(JSON.stringify({ message: 'Rate exceeded' }));
      return;
    }
    const entry = sockets.get(connectionId);
    if (!entry || entry.ws.readyState !== WebSocket.OPEN) {
      res.writeHead(410, { 'content-type': 'application/json', 'x-amzn-errortype': 'GoneException' });
      res.end(JSON.stringify({ message: 'Gone' }));
      return;
    }
    if (req.method === 'DELETE') {
      entry.ws.close(1000);
      res.writeHead(204).end();
      return;
    }
    if (req.method === 'GET') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          connectedAt: entry.connectedAt,
          lastActiveAt: entry.lastActiveAt,
          identity: { sourceIp: entry.sourceIp, userAgent: entry.userAgent },
        }),
      );
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      entry.ws.send(Buffer.concat(chunks).toString('utf8'));
      res.writeHead(200).end();
    });
  }

  return {
    handleUpgrade,
    handleManagement,
    connectionCount: () => sockets.size,
    /** Posts per second the @connections endpoint accepts before answering 429 (undefined: no limit). */
    setPostRateLimit(perSecond: number | undefined) {
      postLimit = perSecond === undefined ? undefined : { perSecond, tokens: perSecond, at: Date.now() };
    },
    throttledPosts: () => throttledPosts,
    close() {
      for (const { ws } of sockets.values()) ws.terminate();
      sockets.clear();
      wss.close();
    },
  };
}
