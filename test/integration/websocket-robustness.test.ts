import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type Socket } from 'node:net';
import { randomBytes } from 'node:crypto';
import WebSocket from 'ws';
import { apiClient } from '../support/http';
import { startLocalStack, type LocalStack } from '../support/local-stack';

/**
 * The local /ws server under hostile clients: resets mid-handshake, malformed frames and floods of
 * connects close only the offending socket. After each, the server still answers HTTP and sockets.
 */
let stack: LocalStack;
let api: ReturnType<typeof apiClient>;
let token: string;

beforeAll(async () => {
  stack = await startLocalStack({ web: false });
  api = apiClient(stack.url);
  await stack.createUser({ email: 'wsrobust', password: 'wspass12', fullName: '소켓' });
  token = (await api.login('wsrobust', 'wspass12')).token;
});
afterAll(() => stack?.stop());

const wsUrl = (query: string) => `${stack.url.replace('http', 'ws')}/ws${query}`;
const open = (query = `?token=${token}`) =>
  new Promise<WebSocket>((resolve, reject) => {
    const ws = new WebSocket(wsUrl(query));
    ws.once('open', () => resolve(ws));
    ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
    ws.once('error', reject);
  });
const closeCode = (ws: WebSocket) => new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));

async function expectServerAlive() {
  expect((await api.call('GET', '/api/health')).status).toBe(200);
  const ws = await open();
  const pong = new Promise<any>((resolve) => ws.once('message', (d) => resolve(JSON.parse(String(d)))));
  ws.send(JSON.stringify({ type: 'ping' }));
  expect(await pong).toMatchObject({ type: 'pong' });
  ws.close();
}

/** A raw TCP client that sends the upgrade request by hand. */
function rawUpgrade(query: string): Promise<{ socket: Socket; response: string }> {
  return new Promise((resolve, reject) => {
    const { port } = new URL(stack.url);
    const socket = connect(Number(port), '127.0.0.1');
    socket.once('error', reject);
    socket.once('connect', () => {
      socket.write(
        `GET /ws${query} HTTP/1.1\r\nHost: localhost\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
          `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
      );
    });
    let response = '';
    socket.on('data', function onData(chunk) {
      response += chunk.toString('latin1');
      if (response.includes('\r\n\r\n')) {
        socket.off('data', onData);
        resolve({ socket, response });
      }
    });
  });
}

describe('local WebSocket server robustness', () => {
  it('survives clients that reset their connection during the handshake', async () => {
    const { port } = new URL(stack.url);
    for (let i = 0; i < 20; i++) {
      const socket = connect(Number(port), '127.0.0.1');
      socket.on('error', () => undefined);
      await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
      socket.write(
        `GET /ws?token=${token} HTTP/1.1\r\nHost: localhost\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
      );
      socket.resetAndDestroy();
    }
    await new Promise((r) => setTimeout(r, 300));
    await expectServerAlive();
  });

  it('closes a socket that sends invalid UTF-8 with 1007, and only that socket', async () => {
    const bystander = await open();
    const ws = await open();
    const code = closeCode(ws);
    ws.send(Buffer.from([0xc3, 0x28, 0xff]), { binary: false });
    expect(await code).toBe(1007);
    expect(bystander.readyState).toBe(WebSocket.OPEN);
    bystander.close();
    await expectServerAlive();
  });

  it('closes a socket that sends a message over the size limit with 1009', async () => {
    const ws = await open();
    const code = closeCode(ws);
    ws.send('x'.repeat(256 * 1024));
    expect(await code).toBe(1009);
    await expectServerAlive();
  });

  it('closes a socket that sends an unmasked frame (a protocol error)', async () => {
    const { socket, response } = await rawUpgrade(`?token=${token}`);
    expect(response).toMatch(/^HTTP\/1\.1 101/);
    const closed = new Promise<Buffer>((resolve) => {
      const chunks: Buffer[] = [];
      socket.on('data', (c: Buffer) => chunks.push(c));
      socket.on('close', () => resolve(Buffer.concat(chunks)));
    });
    socket.on('error', () => undefined);
    socket.write(Buffer.from([0x81, 0x05, ...Buffer.from('hello')])); // FIN + text, mask bit not set
    const frames = await closed;
    // The server's close frame: opcode 0x8, status 1002 (protocol error).
    expect(frames[0] & 0x0f).toBe(0x8);
    expect(frames.readUInt16BE(2)).toBe(1002);
    await expectServerAlive();
  });

  it('refuses a flood of connects with bad tokens and keeps serving good ones', async () => {
    const bad = await Promise.allSettled(Array.from({ length: 200 }, () => open('?token=forged')));
    expect(bad.every((r) => r.status === 'rejected' && /HTTP 401/.test(String(r.reason)))).toBe(true);
    const good = await Promise.all(Array.from({ length: 20 }, () => open()));
    expect(good.every((ws) => ws.readyState === WebSocket.OPEN)).toBe(true);
    for (const ws of good) ws.close();
    await expectServerAlive();
  });
});
