import { afterEach, describe, expect, it } from 'vitest';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort } from '../../infra/local/dynamodb-local';
import { apiClient } from '../support/http';

/**
 * `npm start`'s process as a user runs it: it comes up on PORT, keeps its data in DATA_DIR across
 * restarts, and SIGTERM / Ctrl-C leave no DynamoDB Local (Java) process behind.
 */
const root = resolve(import.meta.dirname, '../..');
const dataDir = mkdtempSync(join(tmpdir(), 'simple-slot-start-'));
let running: ChildProcess | undefined;

afterEach(() => {
  if (running && running.exitCode === null) running.kill('SIGKILL');
});

/** `npm`: through `npm run serve` as a user's terminal or a process manager runs it (npm → sh → node). */
async function start(
  port: number,
  via: 'npm' | 'node' = 'node',
): Promise<{ proc: ChildProcess; output: () => string }> {
  const [command, args] =
    via === 'npm'
      ? ['npm', ['run', '--silent', 'serve']]
      : [process.execPath, ['--import', 'tsx', 'infra/local/main.ts']];
  const proc = spawn(command, args, {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      BOOTSTRAP_DEVELOPER_ID: 'bootdev',
      BOOTSTRAP_DEVELOPER_PASSWORD: 'bootpass1',
      POWERTOOLS_LOG_LEVEL: 'SILENT',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running = proc;
  let out = '';
  proc.stdout!.on('data', (d) => (out += String(d)));
  proc.stderr!.on('data', (d) => (out += String(d)));
  await expect.poll(() => out, { timeout: 60_000, interval: 200 }).toMatch(/ready on http:\/\/localhost:\d+/);
  return { proc, output: () => out };
}

const javaChildren = () =>
  spawnSync('ps', ['-eo', 'pid,args'], { encoding: 'utf8' })
    .stdout.split('\n')
    .filter((l) => l.includes('DynamoDBLocal.jar') && l.includes(dataDir));

const stop = (proc: ChildProcess, signal: NodeJS.Signals) =>
  new Promise<number | null>((r) => {
    proc.once('exit', (code) => r(code));
    proc.kill(signal);
  });

describe('npm start (local mode)', () => {
  it('keeps data across restarts and leaves no Java process after SIGTERM or SIGINT', async () => {
    const port = await freePort();
    const api = apiClient(`http://127.0.0.1:${port}`);

    // SIGTERM to npm itself must reach the server (the script execs node, so no shell swallows it,
    // and no tsx CLI relays it: that relay SIGKILLs a child that takes over 30 ms to confirm a signal,
    // which on a busy machine left DynamoDB Local's Java running).
    const first = await start(port, 'npm');
    expect(first.output()).toContain('developer account "bootdev" created');
    expect(javaChildren()).toHaveLength(1);
    const { token: dev } = await api.login('bootdev', 'bootpass1');
    // Every handler loads under Node's own ESM loader (tsx), not only bundled or under vitest: the
    // announcements sanitiser once imported a CommonJS export Node cannot see and answered 500 here.
    const notice = await api.call('POST', '/api/announcements', {
      token: dev,
      body: {
        title: '시작 공지',
        content: '<p onclick="x()"><a href="https://example.com" target="_blank">링크</a></p>',
      },
    });
    expect(notice.status).toBe(201);
    expect(notice.body.data.content).toBe(
      '<p><a href="https://example.com" target="_blank" rel="noopener noreferrer">링크</a></p>',
    );
    expect((await api.call('GET', '/api/announcements', { token: dev })).body.data.total).toBe(1);
    expect(
      (
        await api.call('POST', '/api/auth/register', {
          body: { email: 'persisted1', password: 'persist11', fullName: '유지' },
        })
      ).status,
    ).toBe(200);
    expect(await stop(first.proc, 'SIGTERM')).toBe(0);
    expect(javaChildren()).toHaveLength(0);

    const second = await start(port);
    expect(second.output()).not.toContain('created');
    await api.login('persisted1', 'persist11');
    expect(await stop(second.proc, 'SIGINT')).toBe(0);
    expect(javaChildren()).toHaveLength(0);
  }, 150_000);
});
