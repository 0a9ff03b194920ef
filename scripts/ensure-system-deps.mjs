#!/usr/bin/env node
/**
 * Installs what npm cannot: Java for DynamoDB Local, Chromium and a Korean font for browser tests.
 * As root it runs apt-get itself; otherwise it prints the one command to run and fails.
 * Usage: node scripts/ensure-system-deps.mjs java [chromium]
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const wanted = new Set(process.argv.slice(2));

const javaVersion = () => {
  const out = spawnSync('java', ['-version'], { encoding: 'utf8' });
  if (out.status !== 0) return 0;
  const m = /version "(\d+)/.exec(out.stderr + out.stdout);
  return m ? Number(m[1]) : 0;
};

const missing = [];
if (wanted.has('java') && javaVersion() < 17) missing.push('default-jre-headless');
if (wanted.has('chromium')) {
  // The rank worker runs the full browser; the browser journeys its headless shell (test/support/browser.ts).
  if (!existsSync('/usr/bin/chromium')) missing.push('chromium');
  if (!existsSync('/usr/bin/chromium-headless-shell')) missing.push('chromium-headless-shell');
  const fonts = spawnSync('fc-list', [':lang=ko'], { encoding: 'utf8' });
  if (fonts.status !== 0 || !fonts.stdout.trim()) missing.push('fonts-noto-cjk');
}

if (missing.length === 0) process.exit(0);

const command = `apt-get update && apt-get install -y --no-install-recommends ${missing.join(' ')}`;
if (process.getuid?.() !== 0) {
  console.error(`[simple-slot] missing system packages: ${missing.join(', ')}\nRun: sudo sh -c '${command}'`);
  process.exit(1);
}
console.log(`[simple-slot] installing ${missing.join(', ')} (one time)...`);
const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
for (const step of [
  ['apt-get', ['update', '-qq']],
  ['apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...missing]],
]) {
  const r = spawnSync(step[0], step[1], { stdio: 'inherit', env });
  if (r.status !== 0) {
    console.error(`[simple-slot] ${step[0]} ${step[1].join(' ')} failed`);
    process.exit(1);
  }
}
