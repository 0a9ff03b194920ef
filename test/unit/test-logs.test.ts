import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { expect, it } from 'vitest';

/**
 * The test report shows results, not the product's logs, and a failure shows the lines its test
 * caused: a real vitest run of a file that logs through the product's logger, read as a person would.
 */
const root = path.resolve(import.meta.dirname, '../..');
const run = (fail: boolean) =>
  spawnSync(
    process.execPath,
    [path.join(root, 'node_modules/vitest/vitest.mjs'), 'run', '--config', 'test/fixtures/stack-logs/vitest.config.ts'],
    {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, STACK_LOGS_FIXTURE_FAIL: fail ? '1' : '0', NO_COLOR: '1', FORCE_COLOR: '0' },
    },
  );
const logLines = (report: string) => report.split('\n').filter((line) => line.trim().startsWith('{"level"'));

it('a passing file prints no product log line; a failing test prints the lines it caused, marked', () => {
  const passing = run(false);
  expect(passing.status).toBe(0);
  const passingReport = passing.stdout + passing.stderr;
  expect(passingReport).toContain('2 passed');
  expect(logLines(passingReport)).toEqual([]);
  expect(passingReport).not.toContain('a line from');

  const failing = run(true);
  expect(failing.status).toBe(1);
  const failingReport = failing.stdout + failing.stderr;
  expect(logLines(failingReport)).toEqual([]);
  const shown = failingReport.split('\n').filter((line) => line.startsWith('│ '));
  expect(shown).toHaveLength(1);
  expect(JSON.parse(shown[0].slice(2))).toMatchObject({ level: 'WARN', message: 'a line from the failing test' });
  expect(failingReport).toContain('.cache/test-logs/test/fixtures/stack-logs/logging.fixture.ts.log');
}, 120_000); // two vitest runs of their own
