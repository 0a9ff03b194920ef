/**
 * The product's log lines during a test run go to a file per test file, not into the test report.
 * The product logs like a Lambda (JSON lines straight to the process's stdout and stderr), and a
 * test file runs the product in its own worker process: what that process writes there is the
 * product's output (vitest sends the tests' own console output another way). So this setup file
 * sends the worker's stdout and stderr to `.cache/test-logs/<test file path>.log`, and when a
 * test fails it prints the lines written while that test ran (and the file's name) under the test.
 * A hook that fails (a stack that will not start) prints the whole file.
 */
import { closeSync, fstatSync, mkdirSync, openSync, readSync, writeSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeEach, expect } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
export const testLogDir = path.join(root, '.cache/test-logs');

/** Printed before a failed test's product lines; scripts/run-tests.mjs knows lines under it are shown on purpose. */
export const failedTestLogMark = '│ ';

type Sink = { fd?: number; file?: string };
const shared = globalThis as typeof globalThis & { simpleSlotStackLogs?: Sink };

function redirect(sink: Sink) {
  for (const stream of [process.stdout, process.stderr]) {
    const original = stream.write.bind(stream) as (...args: unknown[]) => boolean;
    stream.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
      if (sink.fd === undefined) return original(chunk, ...rest);
      if (typeof chunk === 'string') writeSync(sink.fd, chunk);
      else writeSync(sink.fd, chunk);
      const done = rest.find((arg) => typeof arg === 'function') as (() => void) | undefined;
      done?.();
      return true;
    }) as typeof stream.write;
  }
}

// Workers keep their modules between files (isolate: false) and run this file once per test file:
// the streams are redirected once, the destination follows the file.
const sink = (shared.simpleSlotStackLogs ??= (() => {
  const created: Sink = {};
  redirect(created);
  return created;
})());

const testPath = expect.getState().testPath ?? 'unknown';
const file = path.join(testLogDir, `${path.relative(root, testPath).replace(/\.test\.ts$/, '')}.log`);
mkdirSync(path.dirname(file), { recursive: true });
if (sink.fd !== undefined) closeSync(sink.fd);
sink.fd = openSync(file, 'w+');
sink.file = file;

// Product logs are on in tests (they land in the file); a test or the caller may still choose a level.
process.env.POWERTOOLS_LOG_LEVEL ??= 'INFO';

function linesSince(offset: number) {
  if (sink.fd === undefined) return '';
  const size = fstatSync(sink.fd).size - offset;
  if (size <= 0) return '';
  const buffer = Buffer.alloc(size);
  readSync(sink.fd, buffer, 0, size, offset);
  return buffer.toString('utf8');
}

function show(title: string, offset: number) {
  const text = linesSince(offset).trimEnd();
  const where = path.relative(root, file);
  const body = text ? text.split('\n').map((line) => failedTestLogMark + line) : [`${failedTestLogMark}(none)`];
  console.log([`${title} (the whole log: ${where})`, ...body].join('\n'));
}

beforeEach((context) => {
  const offset = sink.fd === undefined ? 0 : fstatSync(sink.fd).size;
  context.onTestFailed(() => show('The product logged during this test', offset));
});

// eslint-disable-next-line no-empty-pattern -- vitest reads the first parameter as a fixture list and needs a pattern
afterAll(({}, suite) => {
  if (suite.result?.errors?.length) show('The product logged in this test file', 0);
});
