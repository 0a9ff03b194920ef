#!/usr/bin/env node
/**
 * `npm test` after the web build: vitest and the static checks (format, lint, types, knip) side by side.
 * The checks used to run before the first test; on a clean clone (CI, no Prettier or ESLint cache)
 * that was a minute or more with the tests waiting. Now they run at a lower priority beside the
 * tests. Vitest's output streams as it runs; each check's output is printed whole when it ends.
 * The run fails when vitest or any check fails. Arguments go to `vitest run` (CI passes reporters).
 * The report shows test results, not the product's logs: the test workers write those to
 * `.cache/test-logs/` (test/support/stack-logs.ts) and print a failed test's own lines marked with `│`.
 * A product log line (a JSON line with `level`, or a metrics line with `_aws`) that still reaches the
 * report fails the run, so a new leak is found the day it appears.
 * Usage: node scripts/run-tests.mjs [vitest args]
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const checks = ['format:check', 'lint', 'typecheck', 'knip'];
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

const finished = (child) => new Promise((resolve) => child.on('close', (code) => resolve(code === 0)));

// The package's own CLI file (its `exports` do not list it; `package.json` is listed).
const vitestBin = join(dirname(createRequire(import.meta.url).resolve('vitest/package.json')), 'vitest.mjs');
const vitest = spawn(process.execPath, [vitestBin, 'run', ...process.argv.slice(2)], {
  stdio: ['inherit', 'pipe', 'pipe'],
  // Piped, vitest would drop its colours; keep them when the report goes to a terminal.
  env: process.stdout.isTTY ? { FORCE_COLOR: '1', ...process.env } : process.env,
});
const leaked = [];
for (const [from, to] of [
  [vitest.stdout, process.stdout],
  [vitest.stderr, process.stderr],
]) {
  let rest = '';
  from.setEncoding('utf8');
  from.on('data', (chunk) => {
    to.write(chunk);
    const lines = (rest + chunk).split('\n');
    rest = lines.pop();
    leaked.push(...lines.filter(isProductLogLine));
  });
}

function isProductLogLine(line) {
  // eslint-disable-next-line no-control-regex -- colour codes are escape sequences
  const text = line.replace(/\x1b\[[0-9;]*m/g, '').trim();
  if (!text.startsWith('{')) return false;
  try {
    const parsed = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null && ('level' in parsed || '_aws' in parsed);
  } catch {
    return false;
  }
}

const checkRuns = checks.map((script) => {
  const started = Date.now();
  // Below the tests' priority: a check waits for a core the tests are not using.
  const command = process.platform === 'win32' ? [npm] : ['nice', '-n', '10', npm];
  const child = spawn(command[0], [...command.slice(1), 'run', '--silent', script], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  return finished(child).then((passed) => {
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    process.stdout.write(`\n${passed ? '✓' : '✗'} npm run ${script} (${seconds} s)\n${output}`);
    return passed;
  });
});

const [testsPassed, ...checksPassed] = await Promise.all([finished(vitest), ...checkRuns]);
const failedChecks = checks.filter((_, i) => !checksPassed[i]);
if (leaked.length) {
  const lines = leaked.length === 1 ? '1 product log line' : `${leaked.length} product log lines`;
  console.log(`\n✗ ${lines} reached the test report (they belong in .cache/test-logs/):`);
  for (const line of leaked.slice(0, 5)) console.log(`  ${line.slice(0, 200)}`);
}
if (failedChecks.length) console.log(`\n✗ failed: ${failedChecks.map((s) => `npm run ${s}`).join(', ')}`);
process.exit(testsPassed && failedChecks.length === 0 && leaked.length === 0 ? 0 : 1);
