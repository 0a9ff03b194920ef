import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseWorkerCommand } from '../../rank-worker/options';

const root = resolve(import.meta.dirname, '../..');

/** `npm run rank-worker -- …` as a person types it: the real entry point in its own process. */
function runCommand(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'rank-worker/main.ts', ...args], {
      cwd: root,
      env: { ...process.env, RANK_WORKER_KEY: '' },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', fail);
    child.on('close', (code) => done({ code, stdout, stderr }));
  });
}

const stackTrace = /\n\s+at |node:internal|TypeError|ERR_PARSE_ARGS/;

describe('the rank worker command', () => {
  it('--help prints every option and exits 0 without starting a browser', async () => {
    const run = await runCommand(['--help']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Usage: npm run rank-worker -- --api URL [options]');
    for (const option of ['--api URL', '--key KEY', '--once', '--shard i/n', '--daily-budget N', '--help'])
      expect(run.stdout).toContain(option);
    expect(run.stderr).toBe('');
  }, 60_000);

  it.each([
    [['--api', 'http://127.0.0.1:9', '--onse'], 'unknown option --onse'],
    [['--api', 'http://127.0.0.1:9', '--key', 'k', '--depth'], 'option --depth needs a value'],
    [
      ['--api', 'http://127.0.0.1:9', '--key', 'k', '--depth', 'three'],
      "option --depth must be a number ≥ 1 (got 'three')",
    ],
  ])(
    '%j prints one line naming the option and exits 2',
    async (args, line) => {
      const run = await runCommand(args);
      expect(run.code).toBe(2);
      expect(run.stderr.trim().split('\n')).toEqual([`rank-worker: ${line} (see --help)`]);
      expect(run.stderr).not.toMatch(stackTrace);
      expect(run.stdout).toBe('');
    },
    60_000,
  );
});

describe('parseWorkerCommand', () => {
  const base = ['--api', 'http://localhost:3000', '--key', 'rk_x'];

  it('reads the defaults and the key from the environment', () => {
    const parsed = parseWorkerCommand(['--api', 'http://localhost:3000'], { RANK_WORKER_KEY: 'rk_env' });
    expect(parsed).toMatchObject({
      kind: 'run',
      options: { key: 'rk_env', mode: 'desktop', depth: 3, intervalMs: 3_600_000, shardIndex: 1, shardCount: 1 },
    });
  });

  it.each([
    [['--mode', 'tablet'], "option --mode is desktop or mobile (got 'tablet')"],
    [['--shard', '3/2'], "option --shard is i/n with 1 ≤ i ≤ n, e.g. 2/3 (got '3/2')"],
    [['--once=yes'], 'option --once takes no value'],
    [['extra'], 'unexpected argument extra'],
    [['--delay-ms', ''], "option --delay-ms must be a number ≥ 0 (got '')"],
  ])('%j is refused with one line naming it', (extra, message) => {
    expect(parseWorkerCommand([...base, ...extra], {})).toEqual({ kind: 'error', message });
  });

  it('asks for the product and the key when they are missing', () => {
    expect(parseWorkerCommand([], {})).toMatchObject({ kind: 'error', message: expect.stringContaining('--api') });
    expect(parseWorkerCommand(['--api', 'http://localhost:3000'], {})).toMatchObject({
      kind: 'error',
      message: expect.stringContaining('--key'),
    });
    expect(parseWorkerCommand(['--api', 'localhost'], { RANK_WORKER_KEY: 'k' })).toMatchObject({ kind: 'error' });
  });
});
