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
const testLogDir = path.join(root, '.cache/test-logs');

/** Before each line shown for a failure: a marked line does not begin with `{`, so scripts/run-tests.mjs
 * does not count it as a log line that leaked into the report. */
const mark = '│ ';
/** A failing soak test logs thousands of lines: the newest are shown, the file has them all. */
const SHOWN_LINES = 200;

type Sink = { fd?: number };
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
  const lines = text ? text.split('\n') : ['(none)'];
  const cut = lines.length > SHOWN_LINES ? `, the last ${SHOWN_LINES} of ${lines.length} lines` : '';
  const body = lines.slice(-SHOWN_LINES).map((line) => mark + line);
  console.log([`${title} (the whole log: ${path.relative(root, file)}${cut})`, ...body].join('\n'));
}

beforeEach((context) => {
  const offset = sink.fd === undefined ? 0 : fstatSync(sink.fd).size;
  context.onTestFailed(() => show('The product logged during this test', offset));
});

// eslint-disable-next-line no-empty-pattern -- vitest reads the first parameter as a fixture list and needs a pattern
afterAll(({}, suite) => {
  if (suite.result?.errors?.length) show('The product logged in this test file', 0);
});
