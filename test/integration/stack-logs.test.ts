import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startLocalStack, type LocalStack } from '../support/local-stack';
import { apiClient } from '../support/http';

/**
 * The product's log lines during a test run are kept for the one who reads a failure, not printed
 * into the report (scripts/run-tests.mjs fails the run when one reaches it): they land in this
 * file's log under .cache/test-logs, whose lines a failing test prints under its name.
 */
let stack: LocalStack;
const root = path.resolve(import.meta.dirname, '../..');
const logFile = path.join(root, '.cache/test-logs/test/integration/stack-logs.log');

beforeAll(async () => {
  stack = await startLocalStack({ web: false });
});
afterAll(() => stack?.stop());

it("keeps a stack's log lines in the test file's log, with the request that caused them", async () => {
  const refused = await apiClient(stack.url).call('GET', '/api/cash/balance');
  expect(refused.status).toBe(401);

  const lines = readFileSync(logFile, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);
  expect(lines).toContainEqual(
    expect.objectContaining({
      level: 'INFO',
      message: 'request refused',
      code: 'UNAUTHORIZED',
      routeKey: 'GET /api/cash/balance',
    }),
  );
});
