#!/usr/bin/env node
/**
 * Runs npm scripts side by side and fails when any fails, each one's output printed whole when it
 * ends (not interleaved). `npm run check` uses it for format, lint, types and knip (the static part of
 * `npm test`, which runs them beside the tests instead: scripts/run-tests.mjs).
 * Usage: node scripts/run-parallel.mjs format:check lint typecheck knip
 */
import { spawn } from 'node:child_process';

const scripts = process.argv.slice(2);
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

const runs = scripts.map(
  (script) =>
    new Promise((resolve) => {
      const started = Date.now();
      const child = spawn(npm, ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'] });
      let output = '';
      child.stdout.on('data', (chunk) => (output += chunk));
      child.stderr.on('data', (chunk) => (output += chunk));
      child.on('close', (code) => {
        const seconds = ((Date.now() - started) / 1000).toFixed(1);
        process.stdout.write(`${code === 0 ? '✓' : '✗'} npm run ${script} (${seconds} s)\n${output}`);
        resolve(code === 0);
      });
    }),
);

const passed = await Promise.all(runs);
process.exit(passed.every(Boolean) ? 0 : 1);
