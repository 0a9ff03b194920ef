import { parentPort } from 'node:worker_threads';
import WebSocket from 'ws';
import { threadCpuMs } from '../infra/local/thread-cpu';

/**
 * The broadcast bench's simulated browsers (bench/notifications-broadcast.bench.ts) in a worker
 * thread of their own: on AWS the sockets' other ends are the users' machines, so they must not
 * share the local product's thread. Each socket records when a `new_notification` arrived (epoch
 * ms, comparable across threads); the bench asks for those times by message.
 */
export type ClientsRequest =
  | { kind: 'open'; wsUrl: string; tokens: string[]; concurrency: number }
  /** When every listed socket (all if omitted) has the notification, or at the deadline. */
  | { kind: 'arrivals'; id: string; sockets?: number[]; timeoutMs: number }
  | { kind: 'counts' }
  | { kind: 'cpu' }
  | { kind: 'close' };

type Socket = { ws: WebSocket; arrivals: Map<string, number>; received: number; listeners: Set<() => void> };

const sockets: Socket[] = [];
const port = parentPort!;
const now = () => performance.timeOrigin + performance.now();

async function open(wsUrl: string, tokens: string[], concurrency: number) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, tokens.length) }, async () => {
      while (next < tokens.length) {
        const i = next++;
        const socket: Socket = {
          ws: new WebSocket(`${wsUrl}?token=${tokens[i]}`),
          arrivals: new Map(),
          received: 0,
          listeners: new Set(),
        };
        socket.ws.on('message', (data) => {
          const at = now();
          socket.received++;
          const message = JSON.parse(String(data)) as { type: string; data: { id?: string } };
          if (message.type !== 'new_notification' || !message.data.id) return;
          socket.arrivals.set(message.data.id, at);
          for (const listener of socket.listeners) listener();
        });
        await new Promise<void>((resolve, reject) => {
          socket.ws.once('open', () => resolve());
          socket.ws.once('error', reject);
          socket.ws.once('unexpected-response', (_req, res) =>
            reject(new Error(`connect refused: HTTP ${res.statusCode}`)),
          );
        });
        sockets[i] = socket;
      }
    }),
  );
}

async function arrivals(id: string, which: number[], timeoutMs: number) {
  const waiting = which.map((i) => sockets[i]);
  await new Promise<void>((resolve) => {
    const check = () => {
      if (waiting.every((s) => s.arrivals.has(id))) done();
    };
    const timer = setTimeout(() => done(), timeoutMs);
    const done = () => {
      clearTimeout(timer);
      for (const s of waiting) s.listeners.delete(check);
      resolve();
    };
    for (const s of waiting) s.listeners.add(check);
    check();
  });
  return waiting.map((s) => s.arrivals.get(id) ?? null);
}

/** Answers one request from the bench; every outcome, a failure included, is posted back (never thrown). */
async function answer(request: ClientsRequest & { seq: number }): Promise<void> {
  try {
    let reply: unknown;
    if (request.kind === 'open') {
      await open(request.wsUrl, request.tokens, request.concurrency);
      reply = sockets.length;
    } else if (request.kind === 'arrivals') {
      reply = await arrivals(request.id, request.sockets ?? sockets.map((_, i) => i), request.timeoutMs);
    } else if (request.kind === 'counts') {
      reply = sockets.map((s) => ({ received: s.received, notifications: s.arrivals.size }));
    } else if (request.kind === 'cpu') {
      reply = threadCpuMs() ?? null;
    } else {
      for (const s of sockets) s.ws.terminate();
      reply = true;
    }
    port.postMessage({ seq: request.seq, reply });
  } catch (error) {
    port.postMessage({ seq: request.seq, error: String((error as Error).stack ?? error) });
  }
}

// `answer` posts its own failures, so nothing is left for the event emitter to catch.
port.on('message', (request: ClientsRequest & { seq: number }) => void answer(request));
